"""El Grande rules: setup, the round flow, legal moves and applying them (rules: "A round",
"Action cards in short"; the engine's decision model).

The state always waits for one decision: one seat, or one simultaneous secret-disk group.
Everything automatic (revealing cards, scorings, resolving disks, ending turns and rounds)
happens inside the :func:`apply_in_place` call that completes the enabling decision, and
any decision with a single legal option is taken by the engine and recorded as an
``("auto", seat, action, facts)`` event (the forced-move rule: a decision with one option is
never asked).

Flow of a round: ``bid`` (power cards clockwise from the previous round's lowest bidder) →
per player, highest bid first: ``court`` (refill from the provinces) → ``pull`` (shortage:
own caballeros from regions) → ``take`` (an action card) → ``body`` (placement and the
special action, in either order) with ``veto`` windows and the ``ret``/``disk`` steps that
other players decide → end of round (and a general scoring with a ``disk`` group after
rounds 3, 6 and 9).

Everything here works on :class:`~core.elgrande.state.State` and is written for speed;
:func:`core.elgrande.explain.why_illegal` gives player-readable reasons. What an action
causes is recorded in ``state.events`` (kinds: :data:`~core.elgrande.state.EVENTS`), which
each applied action starts afresh; :func:`core.elgrande.text.event_texts` words them.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from core.elgrande import scoring
from core.elgrande.actions import (
    ALLOW,
    COURT_FROM,
    COURT_N,
    COURT_STOP,
    DISK,
    GRANDE,
    KING,
    MOVEMENT,
    PICK,
    PLACE,
    PLACE_DONE,
    PLACE_EXTRA,
    POWER,
    REMOVE,
    RET,
    SCORE,
    SCOREBOARD,
    SPECIAL_DONE,
    SPECIAL_GO,
    SPECIAL_SKIP,
    TAKE,
    TAKE_BACK,
    TO,
    VETO,
    Action,
    Allow,
    Court,
    CourtFrom,
    CourtStop,
    Disk,
    Grande,
    King,
    Movement,
    Pick,
    Place,
    PlaceDone,
    PlaceExtra,
    Power,
    Remove,
    Ret,
    Score,
    Scoreboard,
    SpecialDone,
    SpecialGo,
    SpecialSkip,
    Take,
    TakeBack,
    To,
    Veto,
)
from core.elgrande.content import (
    ADJACENT,
    BOARD,
    CARD_EFFECT,
    CARD_STACK,
    CARDS,
    CASTILLO,
    COURT as COURT_AREA,
    DECKS,
    E_ALL_OWN_OR_PLACE,
    E_COURT,
    E_DECAY,
    E_GRANDE,
    E_KING_ADJACENT,
    E_KING_ANY,
    E_KING_RETURNS,
    E_MOVE,
    E_MOVEMENT,
    E_PLACE_EXTRA,
    E_POWER_BACK,
    E_REMOVE_EACH,
    E_SCORE_CASTILLO,
    E_SCORE_CHOSEN,
    E_SCORE_CLASS,
    E_SCORE_FIRST_ONLY,
    E_SCORE_LEAST,
    E_SCORE_MOST,
    E_SCOREBOARD,
    E_SECRET_REMOVE,
    E_UNIQUE_SCORING,
    E_VETO,
    KING_CARD,
    NUM_REGIONS,
    POWER_VALUES,
    SETUP,
)
from core.elgrande.state import (
    BID,
    BODY,
    COURT,
    D_GENERAL,
    D_MOVEMENT,
    D_NONE,
    D_REMOVE,
    D_UNIQUE,
    DISK as DISK_PHASE,
    DONE,
    M_EXTRA,
    M_MOVE,
    M_NONE,
    M_PULL,
    M_REMOVE,
    M_TAKEBACK,
    NO_DISK,
    NOT_STARTED,
    OVER,
    PULL,
    RET as RET_PHASE,
    RUNNING,
    TAKE as TAKE_PHASE,
    VETO_CARD,
    VETO as VETO_PHASE,
    State,
    action_facts,
    playable_rounds,
)
from core.rng import Rng

POWER_CAB = BOARD.power_caballeros
REGION_RANGE = range(NUM_REGIONS)
AREAS = range(NUM_REGIONS + 1)
# PLACE_NEAR[king] = placement actions next to the King (neighbours, then the Castillo).
PLACE_NEAR: tuple[tuple[Place, ...], ...] = tuple(
    tuple(PLACE[a] for a in ADJACENT[k]) + (PLACE[CASTILLO],) for k in REGION_RANGE
)
# Move parameters of the 1.7-style branch of card 1.9: (total, own, opp, one_region, all_own).
ALL_OWN_MOVE = (-1, -1, 0, True, True)
GENERAL_ROUNDS = frozenset(SETUP.general_scoring_after)


# --- setup ------------------------------------------------------------------------------------
def new_game(names: Sequence[str], seed: int, options: Mapping[str, Any]) -> State:
    """Set up a game (rules: "Set-up") with parsed options; raises ValueError for bad input.

    Options: ``veto_windows`` ("every_step"/"start_only"), ``use_veto``,
    ``castillo_visible``, ``short_game``, ``score_class_uses_printed`` (bools) and
    ``first_player`` ("random" or a seat number as text).
    """
    n = len(names)
    if not SETUP.min_players <= n <= SETUP.max_players:
        raise ValueError(f"El Grande takes {SETUP.min_players}-{SETUP.max_players} players, not {n}")
    state = State(tuple(str(name) for name in names))
    state.veto_windows = str(options.get("veto_windows", "every_step"))
    if state.veto_windows not in ("every_step", "start_only"):
        raise ValueError(f"veto_windows must be every_step or start_only, not {state.veto_windows!r}")
    state.use_veto = bool(options.get("use_veto", True))
    state.castillo_visible = bool(options.get("castillo_visible", True))
    state.short_game = bool(options.get("short_game", False))
    state.printed_classes = bool(options.get("score_class_uses_printed", False))
    rng = Rng(seed)
    state.rng = rng
    regions = list(REGION_RANGE)
    rng.shuffle(regions)
    state.king = regions[0]
    for seat in range(n):
        home = regions[1 + seat]
        state.grandes[seat] = home
        state.board[home][seat] = SETUP.home_region_caballeros
        state.court[seat] = SETUP.court
        state.provinces[seat] = SETUP.provinces
    for i in range(4):
        deck = list(DECKS[i + 1])
        rng.shuffle(deck)
        state.stacks[i] = deck
    first = options.get("first_player", "random")
    if first == "random" or first is None:
        state.bid_first = rng.randbelow(n)
    else:
        try:
            seat = int(first)
        except (TypeError, ValueError):
            raise ValueError(f"first_player must be 'random' or a seat number, not {first!r}") from None
        if not 0 <= seat < n:
            raise ValueError(f"first_player {seat} is not a seat: a {n}-player game has seats 0 to {n - 1}")
        state.bid_first = seat
    state.events.append(("start", state.king, tuple(state.grandes)))
    state.round = playable_rounds(state.short_game)[0]
    _start_round(state)
    _settle(state)
    return state


def _start_round(state: State) -> None:
    """Reveal the top card of stacks 1-4, return the King's card and open the bidding."""
    for i in range(4):
        stack = state.stacks[i]
        state.face_up[i] = stack.pop() if stack else -1
    state.face_up[4] = KING_CARD
    state.reveals += 1
    state.bids = [0] * state.players
    state.bid_count = 0
    state.turn_idx = 0
    state.cur = -1
    state.phase = BID
    state.events.append(("round", state.round, tuple(c for c in state.face_up[:4] if c >= 0)))


# --- who acts ---------------------------------------------------------------------------------
def to_act(state: State) -> list[int]:
    """Seats that must decide now (several only for a secret-disk group)."""
    phase = state.phase
    if phase == BID:
        return [(state.bid_first + state.bid_count) % state.players]
    if COURT <= phase <= BODY:
        return [state.cur]
    if phase == VETO_PHASE:
        return [state.veto_queue[0]]
    if phase == RET_PHASE:
        return [state.ret_queue[0]]
    if phase == DISK_PHASE:
        disks = state.disks
        return [s for s in state.disk_group if disks[s] == NO_DISK]
    return []


# --- legal actions ----------------------------------------------------------------------------
def legal_actions(state: State, seat: int) -> list[Action]:
    """Every legal action of ``seat`` now (empty if it need not act)."""
    cache = state.cache
    if cache is not None and state.cache_seat == seat:
        return cache[:]
    if seat not in to_act(state):
        return []
    return _legal(state, seat)


def _legal(state: State, seat: int) -> list[Action]:
    phase = state.phase
    if phase == BODY:
        return _body_actions(state, seat)
    if phase == BID:
        hand = state.hand[seat]
        blocked = 0
        for b in state.bids:
            blocked |= 1 << b
        free = hand & ~blocked
        return [POWER[v] for v in range(1, POWER_VALUES + 1) if free >> v & 1]
    if phase == TAKE_PHASE:
        return [TAKE[i + 1] for i in range(5) if state.face_up[i] >= 0]
    if phase == COURT:
        top = min(POWER_CAB[state.bids[seat]], state.provinces[seat])
        # Most first: bringing all you may is the usual choice, so it heads the move list.
        return list(COURT_N[top::-1])
    if phase == PULL:
        return _pull_actions(state, seat)
    if phase == VETO_PHASE:
        return [VETO, ALLOW]
    if phase == RET_PHASE:
        king = state.king
        out: list[Action] = [RET[COURT_AREA]] if state.court[seat] else []
        board = state.board
        out.extend(RET[r] for r in REGION_RANGE if r != king and board[r][seat])
        return out
    if phase == DISK_PHASE:
        return [DISK[r] for r in disk_options(state, seat)]
    return []


def _pull_actions(state: State, seat: int) -> list[Action]:
    king = state.king
    board = state.board
    out: list[Action] = [COURT_FROM[r] for r in REGION_RANGE if r != king and board[r][seat]]
    out.append(COURT_STOP)
    return out


def can_place(state: State) -> bool:
    """True if the acting player may still place a court caballero with the card's number."""
    return (
        not state.place_closed
        and state.special != RUNNING
        and state.placed < CARD_STACK[state.card]
        and state.court[state.cur] > 0
    )


def _body_actions(state: State, seat: int) -> list[Action]:
    special = state.special
    if special == RUNNING:
        return _running_actions(state, seat)
    out: list[Action]
    if not state.place_closed and state.placed < CARD_STACK[state.card] and state.court[seat] > 0:
        out = list(PLACE_NEAR[state.king])
        out.append(PLACE_DONE)
    else:
        out = []
    if special == NOT_STARTED:
        out.extend(first_steps(state, seat))
        out.append(SPECIAL_SKIP)
    return out


def _move_params(state: State) -> tuple[int, int, int, bool, bool]:
    card = CARDS[state.card]
    if card.effect == E_MOVE:
        return card.total, card.own, card.opp, card.one_region, card.all_own
    return ALL_OWN_MOVE


def _picks(state: State, seat: int, params: tuple[int, int, int, bool, bool]) -> list[Action]:
    """Legal ``pick`` actions for an intrigue move (the general rules for intrigue moves)."""
    total, own_max, opp_max, _one, _all = params
    moved = state.moved_own + state.moved_opp
    if total >= 0 and moved >= total:
        return []
    own_ok = own_max < 0 or state.moved_own < own_max
    opp_ok = opp_max < 0 or state.moved_opp < opp_max
    if not own_ok and not opp_ok:
        return []
    n = state.players
    king = state.king
    board = state.board
    arrived = state.arrived
    regions = (state.src_region,) if state.src_region >= 0 else REGION_RANGE
    out: list[Action] = []
    for r in regions:
        if r == king:
            continue
        row = board[r]
        base = r * n
        picks = PICK[r]
        if own_ok and not opp_ok:
            if row[seat] - arrived[base + seat] > 0:
                out.append(picks[seat])
            continue
        for s in range(n):
            if row[s] - arrived[base + s] <= 0:
                continue
            if own_ok if s == seat else opp_ok:
                out.append(picks[s])
    return out


def _extra_targets(state: State) -> list[Action]:
    king = state.king
    return [PLACE_EXTRA[a] for a in AREAS if a != king]


def _removes(state: State, seat: int) -> list[Action]:
    king = state.king
    board = state.board
    done = state.removed_mask
    out: list[Action] = []
    for s in range(state.players):
        if s == seat or done >> s & 1:
            continue
        row = REMOVE[s]
        out.extend(row[r] for r in REGION_RANGE if r != king and board[r][s])
    return out


def first_steps(state: State, seat: int) -> list[Action]:
    """The possible first steps of the current card's special action (not ``special_skip``)."""
    card = CARDS[state.card]
    effect = card.effect
    king = state.king
    if effect == E_MOVE:
        return _picks(state, seat, _move_params(state))
    if effect == E_PLACE_EXTRA:
        return _extra_targets(state) if state.court[seat] else []
    if effect == E_ALL_OWN_OR_PLACE:
        out = _picks(state, seat, ALL_OWN_MOVE)
        if state.court[seat]:
            out.extend(_extra_targets(state))
        return out
    if effect == E_VETO:
        return []
    if effect in (
        E_DECAY,
        E_KING_RETURNS,
        E_SECRET_REMOVE,
        E_SCORE_CLASS,
        E_SCORE_CASTILLO,
        E_SCORE_FIRST_ONLY,
        E_SCORE_MOST,
        E_SCORE_LEAST,
        E_POWER_BACK,
        E_UNIQUE_SCORING,
    ):
        return [SPECIAL_GO]
    if effect == E_REMOVE_EACH:
        return _removes(state, seat)
    if effect == E_SCORE_CHOSEN:
        return list(SCORE)
    if effect == E_SCOREBOARD:
        return scoreboard_moves(state)
    if effect == E_GRANDE:
        here = state.grandes[seat]
        if here == king:
            return []
        return [GRANDE[r] for r in REGION_RANGE if r != king and r != here]
    if effect == E_COURT:
        provinces = state.provinces[seat]
        if provinces:
            return list(COURT_N[min(card.count, provinces) : 0 : -1])
        return [COURT_FROM[r] for r in REGION_RANGE if r != king and state.board[r][seat]]
    if effect == E_KING_ADJACENT:
        return [KING[r] for r in ADJACENT[king]]
    if effect == E_MOVEMENT:
        board = state.board
        return [
            MOVEMENT[r]
            for r in REGION_RANGE
            if r != king and any(board[r][s] for s in range(state.players) if s != seat)
        ]
    if effect == E_KING_ANY:
        return [KING[r] for r in REGION_RANGE if r != king]
    raise AssertionError(f"unknown effect {effect}")


def scoreboard_moves(state: State) -> list[Action]:
    """Card 4.1 targets: either board onto a region that is not the King's and not the other
    board's, and not where it stands; a board in the King's region cannot move."""
    king = state.king
    out: list[Action] = []
    for b in (0, 1):
        here = state.scoreboards[b]
        if here == king:
            continue
        other = state.scoreboards[1 - b]
        out.extend(SCOREBOARD[b][r] for r in REGION_RANGE if r != king and r != other and r != here)
    return out


def _running_actions(state: State, seat: int) -> list[Action]:
    mode = state.sp_mode
    if mode == M_MOVE:
        src = state.pick_region
        if src >= 0:
            king = state.king
            return [TO[a] for a in AREAS if a != king and a != src]
        params = _move_params(state)
        out = _picks(state, seat, params)
        if not params[4]:
            out.append(SPECIAL_DONE)
        return out
    if mode == M_EXTRA:
        out = _extra_targets(state)
        out.append(SPECIAL_DONE)
        return out
    if mode == M_REMOVE:
        out = _removes(state, seat)
        out.append(SPECIAL_DONE)
        return out
    if mode == M_TAKEBACK:
        return [TAKE_BACK[v] for v in state.pile(seat)]
    if mode == M_PULL:
        return _pull_actions(state, seat)
    return []


def disk_options(state: State, seat: int) -> list[int]:
    """Regions ``seat`` may point its secret disk at for the current disk group."""
    purpose = state.disk_purpose
    king = state.king
    if purpose == D_GENERAL:
        return [r for r in REGION_RANGE if r != king]
    if purpose == D_UNIQUE:
        return list(REGION_RANGE)
    if purpose == D_MOVEMENT:
        named = state.disk_param
        return [r for r in REGION_RANGE if r != king and r != named]
    if purpose == D_REMOVE:
        return remove_disk_options(state, seat, CARDS[state.card].count)
    return []


def remove_disk_options(state: State, seat: int, count: int) -> list[int]:
    """Cards 2.5/2.6: regions (not the King's) with own caballeros; for "2" those with ≥ 2 if any."""
    king = state.king
    board = state.board
    ones = [r for r in REGION_RANGE if r != king and board[r][seat] >= 1]
    if count == 2:
        twos = [r for r in ones if board[r][seat] >= 2]
        if twos:
            return twos
    return ones


# --- applying ---------------------------------------------------------------------------------
def apply_in_place(state: State, seat: int, action: Action) -> None:
    """Perform a legal action (not re-checked), then every automatic step that follows."""
    state.cache = None
    state.events = []
    _apply(state, seat, action)
    _settle(state)


def _settle(state: State) -> None:
    """Run forced decisions (single legal option) until a real choice or the end."""
    while True:
        phase = state.phase
        if phase == OVER:
            state.cache = None
            return
        if phase == DISK_PHASE:
            state.cache = None
            for s in state.disk_group:
                if state.disks[s] == NO_DISK:
                    options = disk_options(state, s)
                    if len(options) == 1:
                        state.disks[s] = options[0]
                        state.events.append(("disk_auto", s))
            if any(state.disks[s] == NO_DISK for s in state.disk_group):
                return
            _resolve_disks(state)
            continue
        seat = to_act(state)[0]
        actions = _legal(state, seat)
        if len(actions) != 1:
            if not actions:
                raise RuntimeError(f"no legal action in phase {state.phase_name}: the state is inconsistent")
            state.cache = actions
            state.cache_seat = seat
            return
        action = actions[0]
        state.events.append(("auto", seat, action, action_facts(state, action)))
        _apply(state, seat, action)


def _apply(state: State, seat: int, action: Action) -> None:
    if state.phase == BODY:
        _apply_body(state, seat, action)
        return
    match action:  # the most frequent kinds first: each case is one isinstance check
        case Power(value=value):
            _bid(state, seat, value)
        case Take(stack=stack):
            _take(state, seat, stack)
        case Court(n=n):
            _refill(state, seat, n)
        case Disk(region=region):
            state.disks[seat] = region
        case Ret(source=source):
            _ret(state, seat, source)
        case Veto():
            _answer_veto(state, seat, True)
        case Allow():
            _answer_veto(state, seat, False)
        case CourtFrom(region=region):
            state.board[region][seat] -= 1
            state.court[seat] += 1
            state.refill_left -= 1
            if state.refill_left <= 0:
                state.phase = TAKE_PHASE
        case CourtStop():
            state.refill_left = 0
            state.phase = TAKE_PHASE
        case _:
            raise TypeError(f"not an El Grande action for phase {state.phase_name}: {action!r}")


def _bid(state: State, seat: int, value: int) -> None:
    bit = 1 << value
    state.hand[seat] &= ~bit
    state.played[seat].append(value)
    cands = state.cands[seat]
    if cands & bit:  # a card that went back unseen is played again: it is no longer unknown
        cands &= ~bit
        hidden = state.backs_hidden[seat] - 1
        if hidden <= 0 or bin(cands).count("1") <= hidden:
            cands, hidden = 0, 0
        state.cands[seat] = cands
        state.backs_hidden[seat] = hidden
    state.bids[seat] = value
    state.bid_count += 1
    if state.bid_count < state.players:
        return
    bids = state.bids
    state.order = sorted(range(state.players), key=lambda s: -bids[s])
    state.events.append(("order", tuple(state.order), tuple(bids[s] for s in state.order)))
    state.turn_idx = 0
    _start_turn(state)


def _start_turn(state: State) -> None:
    seat = state.order[state.turn_idx]
    state.cur = seat
    state.reset_turn()
    allowed = POWER_CAB[state.bids[seat]]
    if allowed == 0:
        state.phase = TAKE_PHASE
    elif state.provinces[seat] > 0:
        state.phase = COURT
    else:
        state.refill_left = allowed
        state.phase = PULL


def _refill(state: State, seat: int, n: int) -> None:
    before = state.provinces[seat]
    state.provinces[seat] = before - n
    state.court[seat] += n
    allowed = POWER_CAB[state.bids[seat]]
    if n == before and n < allowed:
        state.refill_left = allowed - n
        state.phase = PULL
    else:
        state.phase = TAKE_PHASE


def _take(state: State, seat: int, stack: int) -> None:
    card = state.face_up[stack - 1]
    state.face_up[stack - 1] = -1
    state.reset_turn()
    state.card = card
    effect = CARD_EFFECT[card]
    if effect == E_MOVE or effect == E_ALL_OWN_OR_PLACE:
        state.arrived = [0] * (NUM_REGIONS * state.players)
    if effect == E_COURT:
        state.pull_left = CARDS[card].count
    if effect == E_VETO:
        state.special = DONE
        if state.use_veto:
            state.vetoes.append((seat, _next_round(state)))
    state.phase = BODY
    _check_turn_end(state)


def _next_round(state: State) -> int:
    rounds = playable_rounds(state.short_game)
    pos = rounds.index(state.round)
    return rounds[pos + 1] if pos + 1 < len(rounds) else SETUP.rounds + 1


def _insert_castillo(state: State, seat: int, count: int = 1) -> None:
    state.castillo[seat] += count
    log = state.castillo_log
    if log and log[-1][0] == state.round and log[-1][1] == seat:
        rnd, who, had = log[-1]
        log[-1] = (rnd, who, had + count)
    else:
        log.append((state.round, seat, count))


def _apply_body(state: State, seat: int, action: Action) -> None:
    match action:  # the most frequent kinds first
        case Place(dest=dest):
            state.court[seat] -= 1
            state.placed += 1
            if dest == CASTILLO:
                _insert_castillo(state, seat)
            else:
                state.board[dest][seat] += 1
        case PlaceDone():
            state.place_closed = True
        case Pick(region=region, seat=owner):
            if state.special == NOT_STARTED:
                _begin_special(state)
                state.sp_mode = M_MOVE
            state.pick_region = region
            state.pick_seat = owner
            if _move_params(state)[3]:
                state.src_region = region
        case SpecialSkip():
            state.special = DONE
            if state.placed:
                state.place_closed = True
        case (
            To() | SpecialGo() | PlaceExtra() | Remove() | Score() | Scoreboard() | Grande()
            | Court() | CourtFrom() | King() | Movement()
        ):  # the steps the acting player proposes: each opens a Veto window (rules: "The Veto")
            if state.special == NOT_STARTED:
                _begin_special(state)
            state.proposals += 1
            if state.use_veto and (state.veto_windows == "every_step" or state.proposals == 1):
                holders = _veto_holders(state, seat)
                if holders:
                    state.proposal = action
                    state.veto_queue = holders
                    state.phase = VETO_PHASE
                    return
            _execute(state, seat, action)
        case SpecialDone():
            state.special = DONE
            state.sp_mode = M_NONE
        case TakeBack(value=value):
            _take_back(state, seat, value)
            state.special = DONE
            state.sp_mode = M_NONE
        case CourtStop():
            state.special = DONE
            state.sp_mode = M_NONE
        case _:
            raise TypeError(f"not an action for this part of the turn: {action!r}")
    _check_turn_end(state)


def _begin_special(state: State) -> None:
    state.special = RUNNING
    if state.placed:
        state.place_closed = True


def _veto_holders(state: State, actor: int) -> list[int]:
    """Other seats holding a live Veto, clockwise from the actor's left neighbour."""
    vetoes = state.vetoes
    if not vetoes:
        return []
    held = {s for s, _ in vetoes}
    n = state.players
    return [(actor + i) % n for i in range(1, n) if (actor + i) % n in held]


def _answer_veto(state: State, seat: int, veto: bool) -> None:
    proposal = state.proposal
    actor = state.cur
    if veto:
        # Spend the Veto that expires first.
        best = min(
            (i for i, (s, _) in enumerate(state.vetoes) if s == seat), key=lambda i: state.vetoes[i][1]
        )
        del state.vetoes[best]
        state.out.append(VETO_CARD)
        state.events.append(("veto", seat, actor, proposal, action_facts(state, proposal)))
        state.proposal = None
        state.veto_queue = []
        state.pick_region = -1
        state.pick_seat = -1
        state.special = DONE
        state.sp_mode = M_NONE
        state.phase = BODY
        _check_turn_end(state)
        return
    queue = state.veto_queue
    queue.pop(0)
    if queue:
        return
    state.proposal = None
    state.phase = BODY
    _execute(state, actor, proposal, echo=True)
    _check_turn_end(state)


def _execute(state: State, seat: int, action: Action, echo: bool = False) -> None:
    """Carry out an (allowed) step of the acting player's special action.

    ``echo`` records the step itself as an event: needed when it happens as the consequence
    of another decision (the last "allow" of a Veto window); a step submitted directly is
    already in the table's log.
    """
    match action:
        case To(dest=dest):
            src, owner = state.pick_region, state.pick_seat
            state.board[src][owner] -= 1
            if dest == CASTILLO:
                _insert_castillo(state, owner)
            else:
                state.board[dest][owner] += 1
                state.arrived[dest * state.players + owner] += 1
            if owner == seat:
                state.moved_own += 1
            else:
                state.moved_opp += 1
            state.pick_region = -1
            state.pick_seat = -1
            if echo:
                state.events.append(("move", seat, owner, src, dest))
            params = _move_params(state)
            if params[4]:
                if state.board[src][seat] == 0:
                    _finish_special(state)
            elif not _picks(state, seat, params):
                _finish_special(state)
        case PlaceExtra(dest=dest):
            if state.sp_mode == M_NONE:
                state.sp_mode = M_EXTRA
            state.court[seat] -= 1
            if dest == CASTILLO:
                _insert_castillo(state, seat)
            else:
                state.board[dest][seat] += 1
            state.extra_placed += 1
            if echo:
                state.events.append(("extra", seat, dest))
            if state.extra_placed >= CARDS[state.card].count or not state.court[seat]:
                _finish_special(state)
        case Remove(seat=owner, region=region):
            state.board[region][owner] -= 1
            state.provinces[owner] += 1
            state.removed_mask |= 1 << owner
            state.sp_mode = M_REMOVE
            if echo:
                state.events.append(("remove", seat, owner, region))
            if not _removes(state, seat):
                _finish_special(state)
        case Score(area=area):
            state.events.append(("special_scoring", state.card))
            scoring.score_area(state, area, special=True)
            if area == CASTILLO and not state.castillo_visible:
                state.reveals += 1
            _finish_special(state)
        case Scoreboard(board=board, region=region):
            state.scoreboards[board] = region
            if echo:
                state.events.append(("scoreboard", seat, board, region))
            _finish_special(state)
        case Grande(region=region):
            state.grandes[seat] = region
            if echo:
                state.events.append(("grande", seat, region))
            _finish_special(state)
        case King(region=region):
            state.king = region
            if echo:
                state.events.append(("king", seat, region))
            _finish_special(state)
        case Court(n=n):
            state.provinces[seat] -= n
            state.court[seat] += n
            state.pull_left -= n
            if echo:
                state.events.append(("court", seat, n))
            if state.pull_left > 0 and state.provinces[seat] == 0:
                state.sp_mode = M_PULL
            else:
                _finish_special(state)
        case CourtFrom(region=region):
            state.board[region][seat] -= 1
            state.court[seat] += 1
            state.pull_left -= 1
            if echo:
                state.events.append(("court_from", seat, region))
            if state.pull_left > 0:
                state.sp_mode = M_PULL
            else:
                _finish_special(state)
        case Movement(region=region):
            group = [s for s in _clockwise_others(state, seat) if state.board[region][s]]
            if echo:
                state.events.append(("movement", seat, region))
            _open_disks(state, D_MOVEMENT, group, region)
        case SpecialGo():
            _special_go(state, seat)
        case _:
            raise TypeError(f"not a special-action step: {action!r}")


def _finish_special(state: State) -> None:
    state.special = DONE
    state.sp_mode = M_NONE


def _clockwise_others(state: State, seat: int) -> list[int]:
    n = state.players
    return [(seat + i) % n for i in range(1, n)]


def _special_go(state: State, seat: int) -> None:
    card = CARDS[state.card]
    effect = card.effect
    if effect == E_DECAY:
        others = _clockwise_others(state, seat)
        moved = []
        for s in others:
            k = state.court[s] if card.count < 0 else min(card.count, state.court[s])
            state.court[s] -= k
            state.provinces[s] += k
            moved.append(k)
        state.events.append(("decay", tuple(others), tuple(moved)))
        _finish_special(state)
    elif effect == E_KING_RETURNS:
        state.ret_queue = _clockwise_others(state, seat)
        state.ret_owed = card.count
        state.phase = RET_PHASE
        _ret_advance(state)
    elif effect == E_SECRET_REMOVE:
        group = [s for s in _clockwise_others(state, seat) if remove_disk_options(state, s, card.count)]
        _open_disks(state, D_REMOVE, group, -1)
    elif effect == E_UNIQUE_SCORING:
        _open_disks(state, D_UNIQUE, list(range(state.players)), -1)
    elif (scored := scoring.card_areas(state, state.card)) is not None:
        areas, first_only = scored
        state.events.append(("special_scoring", state.card))
        if first_only:
            scoring.score_first_only(state)
        elif not areas and effect in (E_SCORE_MOST, E_SCORE_LEAST):
            state.events.append(("empty_board",))
        for area in [] if first_only else areas:
            scoring.score_area(state, area, special=True)
            if area == CASTILLO and not state.castillo_visible:
                state.reveals += 1
        _finish_special(state)
    elif effect == E_POWER_BACK:
        state.sp_mode = M_TAKEBACK
    else:
        raise AssertionError(f"special_go is not a step of {card.id}")


def _take_back(state: State, seat: int, value: int) -> None:
    pile = state.pile(seat)
    top = pile[-1]
    bit = 1 << value
    state.hand[seat] |= bit
    if value == top:
        if len(pile) > 1:
            new_top = pile[-2]
            cands = state.cands[seat]
            if cands >> new_top & 1:  # the new top is seen: it did not go back
                cands &= ~(1 << new_top)
                hidden = state.backs_hidden[seat]
                if bin(cands).count("1") <= hidden:
                    cands, hidden = 0, 0
                state.cands[seat] = cands
                state.backs_hidden[seat] = hidden
        return
    mask = 0
    for v in pile[:-1]:
        mask |= 1 << v
    state.cands[seat] |= mask
    state.backs_hidden[seat] += 1


def _ret(state: State, seat: int, source: int) -> None:
    if source == COURT_AREA:
        state.court[seat] -= 1
    else:
        state.board[source][seat] -= 1
    state.provinces[seat] += 1
    state.ret_owed -= 1
    if state.ret_owed <= 0:
        state.ret_queue.pop(0)
        state.ret_owed = CARDS[state.card].count
    _ret_advance(state)


def _ret_advance(state: State) -> None:
    """Card 2.4: return automatically whatever is forced; finish when every opponent is done."""
    king = state.king
    board = state.board
    while state.ret_queue:
        s = state.ret_queue[0]
        available = state.court[s] + sum(board[r][s] for r in REGION_RANGE if r != king)
        if available > state.ret_owed:
            return
        if available:
            state.provinces[s] += available
            state.court[s] = 0
            for r in REGION_RANGE:
                if r != king:
                    board[r][s] = 0
        state.events.append(("returns_all", s, available))
        state.ret_queue.pop(0)
        state.ret_owed = CARDS[state.card].count
    state.ret_owed = 0
    state.phase = BODY
    _finish_special(state)
    _check_turn_end(state)


def _open_disks(state: State, purpose: int, group: list[int], param: int) -> None:
    if not group:
        if purpose != D_GENERAL:
            state.events.append(("no_disks",))
            _finish_special(state)
        return
    state.phase = DISK_PHASE
    state.disk_purpose = purpose
    state.disk_group = group
    state.disks = [NO_DISK] * state.players
    state.disk_param = param


def _resolve_disks(state: State) -> None:
    """Reveal every disk of the group together and apply the effect.

    The secret-disk rule: all disks are revealed at once; rules: "The Castillo".
    """
    purpose = state.disk_purpose
    group = state.disk_group
    choice = state.disks
    param = state.disk_param
    board = state.board
    state.disk_purpose = D_NONE
    state.disk_group = []
    state.disks = [NO_DISK] * state.players
    state.disk_param = -1
    state.reveals += 1
    if purpose == D_GENERAL:
        # Disks are set, the Castillo is scored, then its caballeros go to the chosen regions
        # (the scoring is named again: it began with the round's end, moves ago).
        state.events.append(("general", state.round))
        scoring.score_area(state, CASTILLO, special=False)
    state.events.append(("disks", tuple(group), tuple(choice[s] for s in group)))
    if purpose == D_GENERAL:
        castillo = state.castillo
        for s in group:
            board[choice[s]][s] += castillo[s]
            castillo[s] = 0
        state.castillo_log = []
        _score_regions(state)
        _after_round(state)
        return
    state.phase = BODY
    if purpose == D_REMOVE:
        count = CARDS[state.card].count
        for s in group:
            r = choice[s]
            k = board[r][s] if count < 0 else min(count, board[r][s])
            board[r][s] -= k
            state.provinces[s] += k
    elif purpose == D_MOVEMENT:
        for s in group:
            k = board[param][s]
            board[param][s] = 0
            board[choice[s]][s] += k
    elif purpose == D_UNIQUE:
        state.events.append(("special_scoring", state.card))
        picked = [0] * NUM_REGIONS
        for s in group:
            picked[choice[s]] += 1
        lonely = [r for r in REGION_RANGE if picked[r] == 1]
        if not lonely:
            state.events.append(("no_lonely",))
        for r in lonely:
            scoring.score_area(state, r, special=True)
    _finish_special(state)
    _check_turn_end(state)


def _check_turn_end(state: State) -> None:
    if state.phase == BODY and state.special == DONE and not can_place(state):
        _end_turn(state)


def _end_turn(state: State) -> None:
    """Lay the card aside (a Veto stays with its holder, the King's card waits for next round)."""
    card = state.card
    if card != KING_CARD and not (CARD_EFFECT[card] == E_VETO and state.use_veto):
        state.out.append(card)
    state.reset_turn()
    state.cur = -1
    state.turn_idx += 1
    if state.turn_idx < state.players:
        _start_turn(state)
    else:
        _end_round(state)


def _end_round(state: State) -> None:
    """Discard unused cards, expire Vetos, and score if this round ends a scoring period."""
    for i in range(4):
        if state.face_up[i] >= 0:
            state.out.append(state.face_up[i])
            state.face_up[i] = -1
    if state.vetoes:
        kept = []
        for seat, expiry in state.vetoes:
            if expiry <= state.round:
                state.out.append(VETO_CARD)
                state.events.append(("veto_expires", seat))
            else:
                kept.append((seat, expiry))
        state.vetoes = kept
    if state.round not in GENERAL_ROUNDS:
        _after_round(state)
        return
    state.events.append(("general", state.round))
    group = [s for s in range(state.players) if state.castillo[s]]
    if group:
        _open_disks(state, D_GENERAL, group, -1)
        return
    _score_regions(state)
    _after_round(state)


def _score_regions(state: State) -> None:
    for r in REGION_RANGE:
        scoring.score_area(state, r, special=False)


def _after_round(state: State) -> None:
    rounds = playable_rounds(state.short_game)
    if state.round == rounds[-1]:
        state.phase = OVER
        state.cur = -1
        best = max(state.score)
        winners = tuple(s for s in range(state.players) if state.score[s] == best)
        state.events.append(("over", winners, best))
        return
    state.bid_first = state.order[-1]  # the lowest power card of this round bids first
    state.round = rounds[rounds.index(state.round) + 1]
    _start_round(state)
