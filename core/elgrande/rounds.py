"""The flow of an El Grande round: the bids and the turn order, each turn's court and action
card, the end of a turn and of a round, the general scorings after rounds 3, 6 and 9, the
secret-disk groups (opened by a general scoring or a special action, revealed together)
and the end of the game.
"""

from __future__ import annotations

from core.elgrande import scoring
from core.elgrande.content import (
    CARD_EFFECT,
    CARDS,
    CASTILLO,
    E_ALL_OWN_OR_PLACE,
    E_COURT,
    E_MOVE,
    E_VETO,
    KING_CARD,
    NUM_REGIONS,
    SETUP,
)
from core.elgrande.legal import POWER_CAB, REGION_RANGE, can_place
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
    M_NONE,
    NO_DISK,
    OVER,
    PULL,
    TAKE as TAKE_PHASE,
    VETO_CARD,
    State,
    playable_rounds,
)

GENERAL_ROUNDS = frozenset(SETUP.general_scoring_after)


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


def _finish_special(state: State) -> None:
    state.special = DONE
    state.sp_mode = M_NONE


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
