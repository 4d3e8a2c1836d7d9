"""El Grande's legal moves: every option of the decision at hand (bids, the court, a shortage's
pull, the action cards, a turn's body with placements and the special action's steps,
Veto windows, returns, secret disks), and the small tables they use.
"""

from __future__ import annotations

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
    Place,
)
from core.elgrande.content import (
    ADJACENT,
    BOARD,
    CARD_STACK,
    CARDS,
    CASTILLO,
    COURT as COURT_AREA,
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
    NUM_REGIONS,
    POWER_VALUES,
)
from core.elgrande.state import (
    BID,
    BODY,
    COURT,
    D_GENERAL,
    D_MOVEMENT,
    D_REMOVE,
    D_UNIQUE,
    DISK as DISK_PHASE,
    M_EXTRA,
    M_MOVE,
    M_PULL,
    M_REMOVE,
    M_TAKEBACK,
    NOT_STARTED,
    PULL,
    RET as RET_PHASE,
    RUNNING,
    TAKE as TAKE_PHASE,
    VETO as VETO_PHASE,
    State,
)

POWER_CAB = BOARD.power_caballeros
REGION_RANGE = range(NUM_REGIONS)
AREAS = range(NUM_REGIONS + 1)
# PLACE_NEAR[king] = placement actions next to the King (neighbours, then the Castillo).
PLACE_NEAR: tuple[tuple[Place, ...], ...] = tuple(
    tuple(PLACE[a] for a in ADJACENT[k]) + (PLACE[CASTILLO],) for k in REGION_RANGE
)
# Move parameters of the 1.7-style branch of card 1.9: (total, own, opp, one_region, all_own).
ALL_OWN_MOVE = (-1, -1, 0, True, True)


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
