"""Why the coach suggests a Quadropolis move, in a few player words (:meth:`Game.coach_reason`).

Nothing in a city is secret or left to chance: a reason scores the seat's city as the game
would end now (its best allocation, :func:`core.quadropolis.scoring.allocate`) before and
after the tile is built, from the view before the move ("+4 points in your city (Harbors
+3, Shops +1)"). Where the points do not move yet, it tells what the tile gives or needs.
"""

from __future__ import annotations

from core.quadropolis.actions import Action, Build, Discard, Place
from core.quadropolis.board import CITY, SLOT_INDEX, SLOT_TARGET, city_square
from core.quadropolis.content import (
    FACTORY,
    HARBOR,
    PARK,
    SERVICE,
    SHOP,
    TILE_EN,
    TILE_INH,
    TILE_KIND,
    TILE_MAYOR,
    TILES,
    TOWER,
)
from core.quadropolis.rules import build_squares
from core.quadropolis.scoring import CATEGORIES, Allocation, allocate
from core.quadropolis.state import State
from core.quadropolis.text import tile_name
from core.words import counted, fit

_NEEDS = {TOWER: "1 energy", SHOP: "1 energy", SERVICE: "1 inhabitant", FACTORY: "1 inhabitant",
          HARBOR: "1 inhabitant"}
"""What a building needs to be activated (a Park needs nothing)."""


def _built(before: State, seat: int, tile: int, square: int) -> State:
    """A copy of ``before`` with ``tile`` built on ``square`` of ``seat``'s city (as the
    rules build it: a new floor adds 8 to a Tower Block's code)."""
    after = before.clone()
    codes = after.codes[seat]
    if codes[square]:
        codes[square] += 8
    else:
        kind = TILE_KIND[tile]
        codes[square] = 1 + kind + 8 * (1 if kind == TOWER else TILES[tile].vp)
    after.inhabitants[seat] += TILE_INH[tile]
    after.energy[seat] += TILE_EN[tile]
    return after


def _allocation(state: State, seat: int) -> Allocation:
    return allocate(state.codes[seat], state.inhabitants[seat], state.energy[seat],
                    state.adjacency_needs_activation)


def _label(category: str) -> str:
    """A scoring category in a few words: "Harbors (lines)" -> "Harbors"."""
    return category.split(" (")[0]


def _unused(change: int, noun: str, plural: str) -> str:
    """ "1 fewer inhabitant unused", "2 more energy unused"."""
    return f"{abs(change)} {'fewer' if change < 0 else 'more'} {noun if abs(change) == 1 else plural} unused"


def _points(before: State, after: State, seat: int) -> tuple[int, str]:
    """How many points ``seat``'s city gains if the game ended now, and by what ("Harbors
    +3, Shops +1, 1 fewer inhabitant unused")."""
    old, new = _allocation(before, seat), _allocation(after, seat)
    parts: dict[str, int] = {}
    for name, was, now in zip(CATEGORIES[:-1], old.breakdown, new.breakdown):
        if now != was and "penalty" not in name:
            parts[_label(name)] = parts.get(_label(name), 0) + now - was
    said = [f"{name} {change:+d}" for name, change in parts.items() if change]
    for change, noun, plural in ((new.unused_inhabitants - old.unused_inhabitants, "inhabitant", "inhabitants"),
                                 (new.unused_energy - old.unused_energy, "energy", "energy")):
        if change:
            said.append(_unused(change, noun, plural))
    return new.total - old.total, ", ".join(said)


def _resources(before: State, seat: int, tile: int, square: int) -> list[str]:
    """What a tile built on ``square`` does when it scores nothing yet, most telling first:
    a floor, the Mayor, the resources it gives, or what it needs to score."""
    said = []
    if TILE_KIND[tile] == TOWER and before.codes[seat][square]:
        said.append(f"floor {((before.codes[seat][square] - 1) >> 3) + 1} of a Tower Block")
    if TILE_MAYOR[tile] and before.mayor != seat:
        said.append("makes you the Mayor")
    gives = [counted(TILE_INH[tile], "inhabitant")] if TILE_INH[tile] else []
    gives += [f"{TILE_EN[tile]} energy"] if TILE_EN[tile] else []
    if gives:
        said.append(f"+{' and '.join(gives)} for your buildings")
    elif TILE_KIND[tile] in _NEEDS:
        said.append(f"scores once it gets {_NEEDS[TILE_KIND[tile]]}")
    elif TILE_KIND[tile] == PARK:
        said.append("scores for the Tower Blocks next to it")
    return said


def _build(before: State, seat: int, tile: int, square: int) -> str:
    gain, why = _points(before, _built(before, seat, tile, square), seat)
    if gain > 0:
        lead = f"+{counted(gain, 'point')} in your city"
        mayor = "; makes you the Mayor" if TILE_MAYOR[tile] and before.mayor != seat else ""
        return fit(f"{lead} ({why}){mayor}", f"{lead} ({why})", f"{lead}{mayor}", lead)
    said = _resources(before, seat, tile, square)
    return fit("; ".join(said), *said[:1]) if said else ""


def _best_squares(before: State, seat: int, tile: int, architect: int) -> tuple[int, list[int]]:
    """The most points ``tile`` may add now (if the game ended then) and the squares where
    it does (none when it has no room)."""
    best, where = 0, list[int]()
    for square in build_squares(before.codes[seat], TILE_KIND[tile] == TOWER, architect):
        gain, _ = _points(before, _built(before, seat, tile, square), seat)
        if not where or gain > best:
            best, where = gain, [square]
        elif gain == best:
            where.append(square)
    return best, where


def _square(square: int) -> str:
    return f"row {square // CITY + 1}, col {square % CITY + 1}"


def coach_reason(before: State, seat: int, action: Action) -> str:
    """Why ``action`` is worth playing for ``seat``, from its view ``before`` the move
    ("" when nothing specific applies)."""
    match action:
        case Place(architect=architect, slot=slot) if before.phase == "place" and slot in SLOT_INDEX:
            tile = before.site[SLOT_TARGET[SLOT_INDEX[slot]][architect]]
            if tile < 0:
                return "takes nothing; moves the Urbanist there"
            name = tile_name(tile)
            lead = f"takes {name}" if name.startswith("the ") else f"takes the {name}"
            gain, squares = _best_squares(before, seat, tile, architect)
            if not squares:
                return f"{lead} (no room to build it)"
            if gain > 0:
                pts = f"+{counted(gain, 'point')}"
                if len(squares) == 1:
                    return fit(f"{lead}: {pts} built at {_square(squares[0])}", f"{lead}: {pts}")
                return fit(f"{lead}: {pts} in your city", f"{lead}: {pts}")
            said = _resources(before, seat, tile, squares[0])
            return fit(f"{lead}: {'; '.join(said)}", *(f"{lead}: {part}" for part in said[:1]), lead)
        case Build(row=row, col=col) if before.phase == "build" and before.pending >= 0:
            return _build(before, seat, before.pending, city_square(row, col))
        case Discard() if before.phase == "build" and before.pending >= 0:
            gain, squares = _best_squares(before, seat, before.pending, before.pending_architect)
            if not squares:
                return "no room for it in your city"
            if gain <= 0:
                return "keeps your squares free (it scores nothing now)"
    return ""


__all__ = ["coach_reason"]
