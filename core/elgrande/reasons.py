"""Why the coach suggests an El Grande move, in a few player words (:meth:`Game.coach_reason`).

Every reason is worked out from the seat's view *before* the move and the move itself: a
step of a special action may wait for a Veto, a secret disk for the others' disks, and the
state after the move is one sampled future, so nothing here reads it. The move's own effect
on the board is applied to a copy of the view (:func:`_board_after`) and each area it
touches is compared, for the seat, as a scoring held now would see it: "wins the majority
in Aragón (5 pts at the next scoring)", "ties for the lead in Galicia", "costs Bea the lead
in Valencia".
"""

from __future__ import annotations

from core.elgrande.actions import (
    Action,
    Allow,
    Court,
    CourtFrom,
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
    SpecialGo,
    Take,
    TakeBack,
    To,
    Veto,
)
from core.elgrande.content import (
    BOARD,
    CARD_STACK,
    CARDS,
    CASTILLO,
    COURT,
    E_DECAY,
    E_KING_RETURNS,
    E_POWER_BACK,
    E_SECRET_REMOVE,
    E_UNIQUE_SCORING,
    NUM_REGIONS,
    area_name,
)
from core.elgrande.scoring import area_points, card_areas, gains, sole_leader
from core.elgrande.state import (
    BID,
    BODY,
    D_GENERAL,
    D_MOVEMENT,
    D_REMOVE,
    D_UNIQUE,
    DISK,
    VETO,
    State,
)
from core.elgrande.text import proposal_phrase
from core.words import counted, fit

NEXT = "at the next scoring"


def _counts(state: State, area: int) -> list[int] | None:
    """Caballeros per seat in ``area`` (None: the Castillo, hidden in this view)."""
    if area == CASTILLO:
        return state.castillo_totals()
    return state.board[area]


def _points(state: State, area: int, seat: int) -> int:
    """What ``seat`` would score in ``area`` now, bonuses included."""
    return sum(part[seat] for part in area_points(state, area))


def _board_after(before: State, seat: int, action: Action) -> tuple[State, list[int]] | None:
    """A copy of ``before`` with the move's own effect on the board, and the areas it
    touches; None for a move that changes no area."""
    after = before.clone()
    board = after.board
    touched: list[int] = []

    def add(area: int, who: int, count: int) -> None:
        if area == CASTILLO:
            after.castillo[who] += count
        elif 0 <= area < NUM_REGIONS:
            board[area][who] = max(0, board[area][who] + count)
        else:
            return
        touched.append(area)

    match action:
        case Place(dest=dest) | PlaceExtra(dest=dest):
            add(dest, seat, 1)
        case To(dest=dest):
            if before.pick_region < 0:
                return None
            add(before.pick_region, before.pick_seat, -1)
            add(dest, before.pick_seat, 1)
        case Pick(region=region, seat=owner) | Remove(seat=owner, region=region):
            add(region, owner, -1)
        case CourtFrom(region=region):
            add(region, seat, -1)
        case Ret(source=source):
            if source == COURT:
                return None
            add(source, seat, -1)
        case Grande(region=region):
            touched += [before.grandes[seat], region]
            after.grandes[seat] = region
        case King(region=region):
            touched += [before.king, region]
            after.king = region
        case Scoreboard(board=which, region=region):
            old = before.scoreboards[which]
            touched += ([old] if old >= 0 else []) + [region]
            after.scoreboards[which] = region
        case Movement(region=region):
            for other in range(before.players):
                if other != seat and board[region][other]:
                    add(region, other, -board[region][other])
        case Disk(region=region) if before.phase == DISK:
            purpose = before.disk_purpose
            if purpose == D_GENERAL:
                add(region, seat, before.castillo_insertions(seat))
            elif purpose == D_REMOVE:
                count = CARDS[before.card].count if before.card >= 0 else -1
                held = board[region][seat]
                add(region, seat, -(held if count < 0 else min(count, held)))
            elif purpose == D_MOVEMENT and 0 <= before.disk_param < NUM_REGIONS:
                held = board[before.disk_param][seat]
                add(before.disk_param, seat, -held)
                add(region, seat, held)
            else:
                return None
        case _:
            return None
    areas = [a for i, a in enumerate(touched) if a not in touched[:i]]
    return (after, areas) if areas else None


def _pts(points: int) -> str:
    """ "1 pt", "5 pts"."""
    return f"{points} pt" if points == 1 else f"{points} pts"


def _where(area: int) -> str:
    return "the Castillo" if area == CASTILLO else area_name(area)


def _area_change(before: State, after: State, area: int, seat: int, when: str = NEXT) -> tuple[int, str]:
    """How ``area`` changes for ``seat`` between two boards: ``(weight, words)``, the weight
    ranking the areas of one move (what the seat gains there and what the others lose)."""
    name = _where(area)
    old, new = _counts(before, area), _counts(after, area)
    if old is None or new is None:  # a hidden Castillo: the seat knows only its own
        mine = before.castillo_insertions(seat) + after.castillo[seat] - before.castillo[seat]
        return 1, f"adds to the Castillo ({mine} of yours there)"
    pb, pa = _points(before, area, seat), _points(after, area, seat)
    rivals = [s for s in range(before.players) if s != seat]
    lost = {s: _points(before, area, s) - _points(after, area, s) for s in rivals}
    weight = (pa - pb) + sum(max(0, v) for v in lost.values())
    names = before.names
    lead_b, lead_a = sole_leader(old), sole_leader(new)
    pts = f"({_pts(pa)} {when})"
    hurt = max(rivals, key=lambda s: lost[s], default=-1)
    if pa >= pb and new[seat] >= old[seat]:
        if lead_a == seat and lead_b != seat:
            if lead_b >= 0:
                return weight, fit(f"takes the lead in {name} from {names[lead_b]} {pts}",
                                   f"takes the lead in {name} {pts}", f"takes the lead in {name}")
            return weight, fit(f"wins the majority in {name} {pts}", f"wins the majority in {name}")
        tied_now = new[seat] > 0 and new[seat] == max(new) and lead_a != seat
        tied_before = old[seat] > 0 and old[seat] == max(old) and lead_b != seat
        if tied_now and not tied_before and lead_b != seat:
            return weight, fit(f"ties for the lead in {name} {pts}", f"ties for the lead in {name}")
        if lead_a == seat and new[seat] > old[seat]:
            margin = new[seat] - max((new[s] for s in rivals), default=0)
            return weight, fit(f"widens the lead in {name} to {margin} {pts}", f"widens the lead in {name}")
        if pa > pb:
            place = 1 + sum(1 for s in rivals if new[s] > new[seat])
            was = 1 + sum(1 for s in rivals if old[s] > old[seat])
            if place == 2 and new[seat] > old[seat] and (old[seat] == 0 or was > 2):
                return weight, fit(f"takes 2nd place in {name} {pts}", f"takes 2nd place in {name}")
            return weight, fit(f"+{_pts(pa - pb)} in {name} {when}", f"+{_pts(pa - pb)} in {name}")
        if hurt >= 0 and lead_b == hurt and lead_a != hurt:
            return weight, fit(f"costs {names[hurt]} the lead in {name}", f"costs a rival the lead in {name}")
        if hurt >= 0 and lost[hurt] > 0:
            return weight, fit(f"costs {names[hurt]} {_pts(lost[hurt])} in {name}",
                               f"costs a rival {_pts(lost[hurt])} in {name}")
        return weight, ""
    if lead_b == seat and lead_a != seat:
        return weight, fit(f"gives up the lead in {name} (−{_pts(pb - pa)})", f"gives up the lead in {name}")
    if pa < pb:
        return weight, f"gives up {_pts(pb - pa)} in {name}"
    return weight, ""


def _bonus_move(before: State, seat: int, action: Action, what: str, region: int) -> str:
    """The King's or the Grande's move to ``region``: whose bonus it makes or takes."""
    said = f"moves {what} to {area_name(region)}"
    result = _board_after(before, seat, action)
    if result is None:
        return said
    after, areas = result
    gain = sum(_points(after, a, seat) - _points(before, a, seat) for a in areas)
    if gain > 0:
        return fit(f"{said} (+{_pts(gain)} for you there)", said)
    if gain < 0:
        return fit(f"{said} (−{_pts(-gain)} for you)", said)
    for other in range(before.players):
        lost = sum(_points(before, a, other) - _points(after, a, other) for a in areas)
        if other != seat and lost > 0:
            return fit(f"{said}: {before.names[other]} loses a bonus", said)
    return said


def _board_reason(before: State, seat: int, action: Action, when: str = NEXT) -> str:
    """The most telling change among the areas the move touches ("" if it changes nothing
    a scoring would see)."""
    result = _board_after(before, seat, action)
    if result is None:
        return ""
    after, areas = result
    told = [_area_change(before, after, area, seat, when) for area in areas]
    told = [(w, words) for w, words in told if words]
    if not told:
        return ""
    return max(told, key=lambda item: item[0])[1]


def _quiet(region: int, what: str) -> str:
    """What a move does in a region where a scoring would see no change."""
    return f"{what} {area_name(region)} at no cost in points"


def _special_go(before: State, seat: int) -> str:
    card_type = before.card
    if not 0 <= card_type < len(CARDS):
        return ""
    card = CARDS[card_type]
    scored = card_areas(before, card_type)
    if scored is not None:
        areas, first_only = scored
        points = gains(before, areas, first_only)
        if points is None:
            mine = before.castillo_insertions(seat)
            return f"scores the Castillo ({counted(mine, 'caballero')} of yours there)"
        rivals = [p for s, p in enumerate(points) if s != seat]
        best = max(rivals) if rivals else 0
        return f"scores {_pts(points[seat])} now (best rival {best})"
    rivals = [s for s in range(before.players) if s != seat]
    if card.effect == E_DECAY:
        sent = sum(before.court[s] if card.count < 0 else min(card.count, before.court[s]) for s in rivals)
        return f"sends {counted(sent, 'rival caballero')} from court home"
    if card.effect == E_KING_RETURNS:
        return f"each rival sends {counted(card.count, 'caballero')} home"
    if card.effect == E_SECRET_REMOVE:
        return "each rival loses caballeros in a region"
    if card.effect == E_UNIQUE_SCORING:
        return "scores the regions only one player picks"
    if card.effect == E_POWER_BACK:
        return "takes back a played power card"
    return ""


def _power(before: State, seat: int, value: int) -> str:
    brought = BOARD.power_caballeros[value] if 0 < value < len(BOARD.power_caballeros) else 0
    court = f"{counted(brought, 'caballero')} to court"
    played = [v for s, v in enumerate(before.bids) if s != seat and v]
    if not played:
        return court
    if value > max(played):
        return f"{court}; highest bid so far"
    if value < min(played):
        return f"{court}; lowest bid so far"
    return court


def _disk(before: State, seat: int, region: int) -> str:
    purpose = before.disk_purpose
    name = area_name(region)
    if purpose == D_UNIQUE:
        return fit(f"scores {name} if nobody else picks it ({_pts(_points(before, region, seat))})",
                   f"scores {name} if nobody else picks it")
    when = "this scoring" if purpose == D_GENERAL else NEXT
    told = _board_reason(before, seat, Disk(region), when)
    if told:
        return told
    if purpose == D_REMOVE:
        return _quiet(region, "loses caballeros in")
    if purpose == D_GENERAL:
        return f"sends the Castillo's caballeros to {name}"
    return f"moves the caballeros to {name}"


def _veto(before: State, seat: int) -> str:
    proposal = before.proposal
    if proposal is None or not 0 <= before.cur < before.players:
        return ""
    actor = before.cur
    who = before.names[actor]
    result = _board_after(before, actor, proposal)
    if result is not None:
        after, areas = result
        gain = sum(_points(after, a, actor) - _points(before, a, actor) for a in areas if _counts(after, a) is not None)
        loss = sum(_points(before, a, seat) - _points(after, a, seat) for a in areas if _counts(after, a) is not None)
        if loss > 0:
            return fit(f"saves you {_pts(loss)}: stops {who}", f"saves you {_pts(loss)}")
        if gain > 0:
            return fit(f"stops {who} gaining {_pts(gain)}", f"stops a rival gaining {_pts(gain)}")
    return fit(f"stops {who}: {proposal_phrase(before, proposal)}", f"stops {who}'s special action")


def coach_reason(before: State, seat: int, action: Action) -> str:
    """Why ``action`` is worth playing for ``seat``, from its view ``before`` the move
    ("" when nothing specific applies: the game's default then tells the standings)."""
    match action:
        case Power(value=value) if before.phase == BID:
            return _power(before, seat, value)
        case Court(n=n):
            if n == 0:
                return "keeps the caballeros in the provinces"
            return f"brings {counted(n, 'caballero')} to court ({before.court[seat] + n} there)"
        case Take(stack=stack):
            card = before.face_up[stack - 1] if 1 <= stack <= 5 else -1
            if card < 0:
                return ""
            room = min(CARD_STACK[card], before.court[seat])
            return fit(f"takes {CARDS[card].name}; places up to {room}", f"places up to {room}")
        case Place(dest=dest) | PlaceExtra(dest=dest):
            return _board_reason(before, seat, action) or f"adds a caballero to {_where(dest)}"
        case To(dest=dest):
            return _board_reason(before, seat, action) or f"moves a caballero to {_where(dest)}"
        case Pick(region=region, seat=owner):
            told = _board_reason(before, seat, action)
            if told:
                return told
            if owner == seat:
                return _quiet(region, "frees a caballero from")
            return f"moves a caballero of {before.names[owner]} out of {area_name(region)}"
        case CourtFrom(region=region):
            return _board_reason(before, seat, action) or _quiet(region, "takes one back from")
        case Ret(source=source):
            if source == COURT:
                return "sends one home from the court: the board stays"
            return _board_reason(before, seat, action) or _quiet(source, "sends one home from")
        case Remove(seat=owner, region=region):
            return _board_reason(before, seat, action) or f"sends {before.names[owner]} home from {area_name(region)}"
        case Score(area=area):
            if _counts(before, area) is None:
                return f"scores the Castillo ({before.castillo_insertions(seat)} of yours there)"
            points = [sum(part[s] for part in area_points(before, area)) for s in range(before.players)]
            rivals = [p for s, p in enumerate(points) if s != seat]
            return fit(f"scores {_where(area)}: {_pts(points[seat])} now (best rival {max(rivals, default=0)})",
                       f"scores {_pts(points[seat])} now")
        case Scoreboard(region=region):
            return _board_reason(before, seat, action) or f"changes the values of {area_name(region)}"
        case Grande(region=region):
            return _bonus_move(before, seat, action, "your Grande", region)
        case King(region=region):
            return _bonus_move(before, seat, action, "the King", region)
        case Movement(region=region):
            told = _board_reason(before, seat, action)
            return told or f"sends the rivals in {area_name(region)} elsewhere"
        case Disk(region=region) if before.phase == DISK:
            return _disk(before, seat, region)
        case SpecialGo() if before.phase == BODY:
            return _special_go(before, seat)
        case TakeBack(value=value):
            return f"takes power card {value} back"
        case Veto() if before.phase == VETO:
            return _veto(before, seat)
        case Allow():
            return "keeps the Veto card for later"
        case PlaceDone() if before.court[seat]:
            return f"keeps {counted(before.court[seat], 'caballero')} in court"
    return ""


__all__ = ["coach_reason"]

