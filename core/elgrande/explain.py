"""Why an El Grande action is illegal, in words a player understands.

:func:`why_illegal` returns ``None`` for a legal action; otherwise it looks at the phase and
the kind of action to name the rule that forbids it (the King's region is taboo, the stack
was already taken, the value was already played this round, ...).
"""

from __future__ import annotations

from typing import Any

from core.elgrande.actions import (
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
from core.elgrande.rules import _legal, to_act
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
    if action in _legal(state, seat):
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


def _reason(state: State, seat: int, action: Any) -> str | None:
    phase = state.phase
    cls = type(action)
    names = state.names
    if phase == BID:
        if cls is not Power:
            return _phase_hint(state)
        v = action.value
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
    if phase == COURT:
        if cls is not Court:
            return _phase_hint(state)
        allowed = BOARD.power_caballeros[state.bids[seat]]
        if not _is_int(action.n) or action.n < 0:
            return "Say how many caballeros (0 or more) to bring to court."
        if action.n > allowed:
            return f"Your power card {state.bids[seat]} lets you bring at most {allowed} caballeros to court."
        if action.n > state.provinces[seat]:
            return f"Your provinces hold only {state.provinces[seat]} caballeros."
        return None
    if phase == PULL:
        if cls is CourtFrom:
            return _from_region(state, seat, action.region)
        return _phase_hint(state)
    if phase == TAKE:
        if cls is not Take:
            return _phase_hint(state)
        if not _is_int(action.stack) or not 1 <= action.stack <= 5:
            return "The action cards lie in stacks 1 to 5."
        if state.face_up[action.stack - 1] < 0:
            return f"The card of stack {action.stack} has already been taken this round."
        return None
    if phase == VETO:
        if cls is Veto or cls is Allow:
            return None
        return _phase_hint(state)
    if phase == RET:
        if cls is not Ret:
            return _phase_hint(state)
        source = action.source
        if source == COURT_AREA:
            return "Your court is empty." if not state.court[seat] else None
        if not _region_ok(source):
            return "Return caballeros from your court or a region."
        if source == state.king:
            return TABOO
        if not state.board[source][seat]:
            return f"You have no caballero in {REGIONS[source].name}."
        return None
    if phase == DISK:
        if cls is not Disk:
            return _phase_hint(state)
        r = action.region
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
            return (
                "You have a region with at least 2 of your caballeros: the disk must point at one of those."
            )
        return None
    if phase == BODY:
        return _body_reason(state, seat, action, cls)
    return None


def _from_region(state: State, seat: int, region: Any) -> str | None:
    if not _region_ok(region):
        return "Take caballeros only from the nine regions (never from the Castillo)."
    if region == state.king:
        return TABOO
    if not state.board[region][seat]:
        return f"You have no caballero in {REGIONS[region].name}."
    return None


def _body_reason(state: State, seat: int, action: Any, cls: type) -> str | None:
    card = CARDS[state.card]
    effect = card.effect
    k = CARD_STACK[state.card]
    king = state.king
    names = state.names
    if cls is Place or cls is PlaceDone:
        if state.special == RUNNING:
            return "Finish the special action first: placement and the special action are never interleaved."
        if state.place_closed:
            return "You have finished placing caballeros this turn."
        if state.placed >= k:
            return f"This card lets you place at most {k} caballeros."
        if not state.court[seat]:
            return "Your court is empty."
        if cls is Place:
            dest = action.dest
            if not _area_ok(dest):
                return "Place caballeros in a region or the Castillo."
            if dest == king:
                return TABOO
            if dest != CASTILLO and dest not in ADJACENT[king]:
                near = ", ".join(REGIONS[r].name for r in ADJACENT[king])
                return f"Court caballeros go only next to the King ({near}) or into the Castillo."
        return None
    if state.special == DONE:
        return "The special action of this card is over (used, skipped or vetoed)."
    if cls is SpecialSkip:
        return "The special action has already started; end it instead." if state.special == RUNNING else None
    if state.special == RUNNING and state.pick_region >= 0 and cls is not To:
        return "Say where the picked caballero goes first."
    if cls is To:
        if state.pick_region < 0:
            return "Pick a caballero to move first."
        dest = action.dest
        if not _area_ok(dest):
            return "Move caballeros to a region or the Castillo."
        if dest == king:
            return TABOO
        if dest == state.pick_region:
            return "The caballero must leave its region."
        return None
    if cls is Pick:
        if effect not in (E_MOVE, E_ALL_OWN_OR_PLACE):
            return f"{card.name} does not move caballeros."
        if effect == E_ALL_OWN_OR_PLACE and state.special == RUNNING and state.sp_mode != M_MOVE:
            return "You chose to place caballeros with this card, not to move them."
        r, who = action.region, action.seat
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
    if cls is SpecialDone:
        if state.special != RUNNING:
            return "The special action has not started; skip it instead."
        return "Every one of your caballeros must leave the chosen region: finish moving them."
    if cls is SpecialGo:
        return f"{card.name} needs a choice from you, not a plain go."
    if cls is PlaceExtra:
        if effect not in (E_PLACE_EXTRA, E_ALL_OWN_OR_PLACE):
            return f"{card.name} does not place extra caballeros."
        if not state.court[seat]:
            return "Your court is empty."
        if action.dest == king:
            return TABOO
        return "You chose to move caballeros with this card, not to place them."
    if cls is Remove:
        if effect != E_REMOVE_EACH:
            return f"{card.name} does not send caballeros home."
        who, r = action.seat, action.region
        if who == seat:
            return "Choose opponents' caballeros, not your own."
        if not _region_ok(r) or not _is_int(who) or not 0 <= who < state.players:
            return "Choose a caballero in one of the nine regions (never in the Castillo)."
        if r == king:
            return TABOO
        if state.removed_mask >> who & 1:
            return f"You already sent one of {names[who]}'s caballeros home."
        return f"{names[who]} has no caballero in {REGIONS[r].name}."
    if cls is Score:
        return None if effect == E_SCORE_CHOSEN else f"{card.name} does not let you choose a region to score."
    if cls is Scoreboard:
        if effect != E_SCOREBOARD:
            return f"{card.name} does not move a mobile scoreboard."
        b, r = action.board, action.region
        if b not in (0, 1) or not _region_ok(r):
            return "Choose one of the two mobile scoreboards and a region."
        if state.scoreboards[b] == king:
            return "That scoreboard stands in the King's region and cannot move."
        if r == king:
            return TABOO
        if state.scoreboards[1 - b] == r:
            return "The other scoreboard already stands there: one scoreboard per region."
        return "That scoreboard already stands there."
    if cls is Grande:
        if effect != E_GRANDE:
            return f"{card.name} does not move your Grande."
        if state.grandes[seat] == king:
            return "Your Grande stands in the King's region and cannot leave while the King is there."
        if action.region == king:
            return TABOO
        return "Your Grande already stands there."
    if cls is King:
        if effect not in (E_KING_ADJACENT, E_KING_ANY):
            return f"{card.name} does not move the King."
        if action.region == king:
            return "The King already stands there; to leave him in place, skip the special action."
        return "The Royal Adviser moves the King only to a neighbouring region."
    if cls is Movement:
        if effect != E_MOVEMENT:
            return f"{card.name} is not the Movement card."
        if action.region == king:
            return TABOO
        return "Name a region that holds opponents' caballeros."
    if cls is Court or cls is CourtFrom or cls is CourtStop:
        if effect != E_COURT:
            return _phase_hint(state)
        if cls is CourtFrom:
            return _from_region(state, seat, action.region) or "Empty your provinces first."
        if cls is Court:
            top = min(card.count, state.provinces[seat])
            return f"The Court brings 1 to {top} caballeros from your provinces."
        return "You may stop only after taking caballeros from your regions."
    if cls is TakeBack:
        return "Choose one of your played power cards (still in your pile)."
    if cls in (Power, Take, Veto, Allow, Ret, Disk):
        return "That is not part of your turn now."
    return None
