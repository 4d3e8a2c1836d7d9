"""A turn's body in El Grande: placing caballeros and the action card's special action, step
by step, with the Veto windows its steps open (rules: "The Veto"), the card's effects, and
the steps others decide for it (The King returns!).
"""

from __future__ import annotations

from core.elgrande import scoring
from core.elgrande.actions import (
    Action,
    Court,
    CourtFrom,
    CourtStop,
    Grande,
    King,
    Movement,
    Pick,
    Place,
    PlaceDone,
    PlaceExtra,
    Remove,
    Score,
    Scoreboard,
    SpecialDone,
    SpecialGo,
    SpecialSkip,
    TakeBack,
    To,
)
from core.elgrande.content import (
    CARDS,
    CASTILLO,
    COURT as COURT_AREA,
    E_DECAY,
    E_KING_RETURNS,
    E_POWER_BACK,
    E_SCORE_LEAST,
    E_SCORE_MOST,
    E_SECRET_REMOVE,
    E_UNIQUE_SCORING,
)
from core.elgrande.legal import REGION_RANGE, _move_params, _picks, _removes, remove_disk_options
from core.elgrande.rounds import _check_turn_end, _finish_special, _open_disks
from core.elgrande.state import (
    BODY,
    D_MOVEMENT,
    D_REMOVE,
    D_UNIQUE,
    DONE,
    M_EXTRA,
    M_MOVE,
    M_NONE,
    M_PULL,
    M_REMOVE,
    M_TAKEBACK,
    NOT_STARTED,
    RET as RET_PHASE,
    RUNNING,
    VETO as VETO_PHASE,
    VETO_CARD,
    State,
    action_facts,
)


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
