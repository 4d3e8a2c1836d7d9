"""Why an El Grande action is illegal, in words a player understands.

:func:`why_illegal` returns ``None`` for a legal action; otherwise it looks at the phase and
the kind of action to name the rule that forbids it (the King's region is taboo, the stack
was already taken, the value was already played this round, ...).
"""

from __future__ import annotations

from typing import Any

from core.elgrande.actions import (
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
    kind_of,
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
    E_GRANDE,
    E_KING_ADJACENT,
    E_KING_ANY,
    E_MOVE,
    E_MOVEMENT,
    E_PLACE_EXTRA,
    E_REMOVE_EACH,
    E_SCOREBOARD,
    E_SCORE_CHOSEN,
    NUM_REGIONS,
    POWER_VALUES,
    REGIONS,
)
from core.elgrande.legal import _legal
from core.elgrande.rules import to_act
from core.elgrande.state import (
    BID,
    BODY,
    COURT,
    D_GENERAL,
    D_MOVEMENT,
    D_REMOVE,
    DISK,
    DONE,
    M_MOVE,
    NO_DISK,
    OVER,
    PULL,
    RET,
    RUNNING,
    TAKE,
    VETO,
    State,
)
from core.elgrande.text import describe

TABOO = "The King's region is taboo: nothing there may be changed while he stands in it."


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _region_ok(value: Any) -> bool:
    return _is_int(value) and 0 <= value < NUM_REGIONS


def _area_ok(value: Any) -> bool:
    return _is_int(value) and 0 <= value <= CASTILLO


def why_illegal(state: State, seat: int, action: Any) -> str | None:
    """A player-readable reason why ``action`` is illegal for ``seat`` now, or None."""
    if state.phase == OVER:
        return "The game is over."
    if not _is_int(seat) or not 0 <= seat < state.players:
        return f"There is no seat {seat!r} in this game."
    try:
        kind_of(action)
    except TypeError:
        return f"That is not an El Grande move: {action!r}."
    acting = to_act(state)
    if seat not in acting:
        return _waiting(state, seat, acting)
    # The move list legal_actions caches (set when the state settled) saves regenerating it.
    cache = state.cache
    if action in (cache if cache is not None and state.cache_seat == seat else _legal(state, seat)):
        return None
    return _reason(state, seat, action) or f"That move is not allowed now: {describe(action, state)}."


def _waiting(state: State, seat: int, acting: list[int]) -> str:
    names = state.names
    if state.phase == DISK:
        if seat in state.disk_group and state.disks[seat] != NO_DISK:
            return "You have already set your secret disk; waiting for the others."
        return "Waiting for " + ", ".join(names[s] for s in acting) + " to set their secret disks."
    who = names[acting[0]]
    if state.phase == BID:
        return f"It is {who}'s turn to play a power card."
    if state.phase == VETO:
        return f"Waiting for {who} to decide whether to veto."
    if state.phase == RET:
        return f"Waiting for {who} to return caballeros to the provinces."
    return f"It is {who}'s turn, not yours."


def _phase_hint(state: State) -> str:
    phase = state.phase
    if phase == BID:
        return "First play a power card."
    if phase == COURT:
        return "First decide how many caballeros to bring from your provinces to your court."
    if phase == PULL:
        return "First take caballeros from your regions into your court, or stop."
    if phase == TAKE:
        return "First take one of the face-up action cards."
    if phase == VETO:
        return "Answer the Veto question first: veto or allow."
    if phase == RET:
        return "First choose where your returned caballero comes from (court or a region)."
    if phase == DISK:
        return "Set your secret disk first."
    return "That is not possible now."


def _reason(state: State, seat: int, action: Action) -> str | None:
    phase = state.phase
    names = state.names
    if phase == BID:
        match action:
            case Power(value=v):
                if not _is_int(v) or not 1 <= v <= POWER_VALUES:
                    return f"Power cards go from 1 to {POWER_VALUES}."
                for other, bid in enumerate(state.bids):
                    if bid == v:
                        return (
                            f"{names[other]} already played {v} this round: "
                            "every value may be played only once per round."
                        )
                if not state.hand[seat] >> v & 1:
                    return f"You no longer hold power card {v}."
                return None
        return _phase_hint(state)
    if phase == COURT:
        match action:
            case Court(n=n):
                allowed = BOARD.power_caballeros[state.bids[seat]]
                if not _is_int(n) or n < 0:
                    return "Say how many caballeros (0 or more) to bring to court."
                if n > allowed:
                    return f"Your power card {state.bids[seat]} lets you bring at most {allowed} caballeros to court."
                if n > state.provinces[seat]:
                    return f"Your provinces hold only {state.provinces[seat]} caballeros."
                return None
        return _phase_hint(state)
    if phase == PULL:
        match action:
            case CourtFrom(region=region):
                return _from_region(state, seat, region)
        return _phase_hint(state)
    if phase == TAKE:
        match action:
            case Take(stack=stack):
                if not _is_int(stack) or not 1 <= stack <= 5:
                    return "The action cards lie in stacks 1 to 5."
                if state.face_up[stack - 1] < 0:
                    return f"The card of stack {stack} has already been taken this round."
                return None
        return _phase_hint(state)
    if phase == VETO:
        match action:
            case Veto() | Allow():
                return None
        return _phase_hint(state)
    if phase == RET:
        match action:
            case Ret(source=source):
                if source == COURT_AREA:
                    return "Your court is empty." if not state.court[seat] else None
                if not _region_ok(source):
                    return "Return caballeros from your court or a region."
                if source == state.king:
                    return TABOO
                if not state.board[source][seat]:
                    return f"You have no caballero in {REGIONS[source].name}."
                return None
        return _phase_hint(state)
    if phase == DISK:
        match action:
            case Disk(region=r):
                return _disk_reason(state, seat, r)
        return _phase_hint(state)
    if phase == BODY:
        return _body_reason(state, seat, action)
    return None


def _disk_reason(state: State, seat: int, r: Any) -> str | None:
    if not _region_ok(r):
        return "A secret disk points at one of the nine regions."
    purpose = state.disk_purpose
    if r == state.king and purpose in (D_GENERAL, D_REMOVE, D_MOVEMENT):
        return TABOO
    if purpose == D_MOVEMENT and r == state.disk_param:
        return f"Your caballeros must leave {REGIONS[r].name}: choose another region."
    if purpose == D_REMOVE:
        if not state.board[r][seat]:
            return f"Choose a region holding your caballeros; you have none in {REGIONS[r].name}."
        return "You have a region with at least 2 of your caballeros: the disk must point at one of those."
    return None


def _from_region(state: State, seat: int, region: Any) -> str | None:
    if not _region_ok(region):
        return "Take caballeros only from the nine regions (never from the Castillo)."
    if region == state.king:
        return TABOO
    if not state.board[region][seat]:
        return f"You have no caballero in {REGIONS[region].name}."
    return None


def _placing_reason(state: State, seat: int, action: Place | PlaceDone) -> str | None:
    """Why placing (or finishing placing) is not possible now, or None."""
    k = CARD_STACK[state.card]
    king = state.king
    if state.special == RUNNING:
        return "Finish the special action first: placement and the special action are never interleaved."
    if state.place_closed:
        return "You have finished placing caballeros this turn."
    if state.placed >= k:
        return f"This card lets you place at most {k} caballeros."
    if not state.court[seat]:
        return "Your court is empty."
    if isinstance(action, Place):
        dest = action.dest
        if not _area_ok(dest):
            return "Place caballeros in a region or the Castillo."
        if dest == king:
            return TABOO
        if dest != CASTILLO and dest not in ADJACENT[king]:
            near = ", ".join(REGIONS[r].name for r in ADJACENT[king])
            return f"Court caballeros go only next to the King ({near}) or into the Castillo."
    return None


def _body_reason(state: State, seat: int, action: Action) -> str | None:
    card = CARDS[state.card]
    effect = card.effect
    king = state.king
    names = state.names
    match action:
        case Place() | PlaceDone():
            return _placing_reason(state, seat, action)
    if state.special == DONE:
        return "The special action of this card is over (used, skipped or vetoed)."
    match action:
        case SpecialSkip():
            return "The special action has already started; end it instead." if state.special == RUNNING else None
    if state.special == RUNNING and state.pick_region >= 0 and not isinstance(action, To):
        return "Say where the picked caballero goes first."
    match action:
        case To(dest=dest):
            if state.pick_region < 0:
                return "Pick a caballero to move first."
            if not _area_ok(dest):
                return "Move caballeros to a region or the Castillo."
            if dest == king:
                return TABOO
            if dest == state.pick_region:
                return "The caballero must leave its region."
            return None
        case Pick(region=r, seat=who):
            if effect not in (E_MOVE, E_ALL_OWN_OR_PLACE):
                return f"{card.name} does not move caballeros."
            if effect == E_ALL_OWN_OR_PLACE and state.special == RUNNING and state.sp_mode != M_MOVE:
                return "You chose to place caballeros with this card, not to move them."
            if not _region_ok(r) or not _is_int(who) or not 0 <= who < state.players:
                return "Pick a caballero in one of the nine regions."
            if r == king:
                return TABOO
            if state.src_region >= 0 and r != state.src_region:
                return f"This card moves caballeros out of {REGIONS[state.src_region].name} only."
            own_only = effect == E_ALL_OWN_OR_PLACE or card.opp == 0
            if who != seat and own_only:
                return "This card moves only your own caballeros."
            if who == seat and effect == E_MOVE and card.own == 0:
                return "This card moves only opponents' caballeros."
            if not state.board[r][who]:
                return f"{names[who]} has no caballero in {REGIONS[r].name}."
            if state.arrived and state.board[r][who] <= state.arrived[r * state.players + who]:
                return "Each caballero may be moved only once by this card."
            return "This card's limit for that colour is used up."
        case SpecialDone():
            if state.special != RUNNING:
                return "The special action has not started; skip it instead."
            return "Every one of your caballeros must leave the chosen region: finish moving them."
        case SpecialGo():
            return f"{card.name} needs a choice from you, not a plain go."
        case PlaceExtra(dest=dest):
            if effect not in (E_PLACE_EXTRA, E_ALL_OWN_OR_PLACE):
                return f"{card.name} does not place extra caballeros."
            if not state.court[seat]:
                return "Your court is empty."
            if dest == king:
                return TABOO
            return "You chose to move caballeros with this card, not to place them."
        case Remove(seat=who, region=r):
            if effect != E_REMOVE_EACH:
                return f"{card.name} does not send caballeros home."
            if who == seat:
                return "Choose opponents' caballeros, not your own."
            if not _region_ok(r) or not _is_int(who) or not 0 <= who < state.players:
                return "Choose a caballero in one of the nine regions (never in the Castillo)."
            if r == king:
                return TABOO
            if state.removed_mask >> who & 1:
                return f"You already sent one of {names[who]}'s caballeros home."
            return f"{names[who]} has no caballero in {REGIONS[r].name}."
        case Score():
            return None if effect == E_SCORE_CHOSEN else f"{card.name} does not let you choose a region to score."
        case Scoreboard(board=b, region=r):
            if effect != E_SCOREBOARD:
                return f"{card.name} does not move a mobile scoreboard."
            if b not in (0, 1) or not _region_ok(r):
                return "Choose one of the two mobile scoreboards and a region."
            if state.scoreboards[b] == king:
                return "That scoreboard stands in the King's region and cannot move."
            if r == king:
                return TABOO
            if state.scoreboards[1 - b] == r:
                return "The other scoreboard already stands there: one scoreboard per region."
            return "That scoreboard already stands there."
        case Grande(region=r):
            if effect != E_GRANDE:
                return f"{card.name} does not move your Grande."
            if state.grandes[seat] == king:
                return "Your Grande stands in the King's region and cannot leave while the King is there."
            if r == king:
                return TABOO
            return "Your Grande already stands there."
        case King(region=r):
            if effect not in (E_KING_ADJACENT, E_KING_ANY):
                return f"{card.name} does not move the King."
            if r == king:
                return "The King already stands there; to leave him in place, skip the special action."
            return "The Royal Adviser moves the King only to a neighbouring region."
        case Movement(region=r):
            if effect != E_MOVEMENT:
                return f"{card.name} is not the Movement card."
            if r == king:
                return TABOO
            return "Name a region that holds opponents' caballeros."
        case Court() | CourtFrom() | CourtStop() if effect != E_COURT:
            return _phase_hint(state)
        case CourtFrom(region=r):
            return _from_region(state, seat, r) or "Empty your provinces first."
        case Court():
            top = min(card.count, state.provinces[seat])
            return f"The Court brings 1 to {top} caballeros from your provinces."
        case CourtStop():
            return "You may stop only after taking caballeros from your regions."
        case TakeBack():
            return "Choose one of your played power cards (still in your pile)."
        case Power() | Take() | Veto() | Allow() | Ret() | Disk():
            return "That is not part of your turn now."
    return None
