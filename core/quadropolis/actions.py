"""Quadropolis actions: place an Architect, then build or discard the tile taken.

Actions are frozen, slotted dataclasses (one per kind, as in El Grande) with a stable
plain-data encoding. Two actions of different kinds never compare equal, even with equal
fields: dataclass equality compares the class first. Code that branches on the kind uses
``match`` with class patterns (``case Build(row=row, col=col):``). Prebuilt instances
(:data:`PLACE`, :data:`BUILD`, :data:`DISCARD`) are shared by the move generator so that
``legal_actions`` allocates nothing but its list.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from core.engine import CorruptData, PlainData
from core.plaindata import as_table, check_keys, whole
from core.quadropolis.board import CITY, CITY_SQUARES, NUM_SLOTS, SLOT_INDEX, SLOT_NAMES, city_coords
from core.quadropolis.content import RULES


@dataclass(frozen=True, slots=True)
class Place:
    """Put Architect ``architect`` (1..4) on slot ``slot`` ("W1".."S5") and take its target."""

    architect: int
    slot: str


@dataclass(frozen=True, slots=True)
class Build:
    """Build the tile in hand on city square ``(row, col)`` (1-based)."""

    row: int
    col: int


@dataclass(frozen=True, slots=True)
class Discard:
    """Put the tile in hand back in the box (always allowed; gives nothing)."""


Action = Union[Place, Build, Discard]

# PLACE[n][slot] = Place(n, SLOT_NAMES[slot]); row 0 is empty.
PLACE: tuple[tuple[Place, ...], ...] = tuple(
    () if n == 0 else tuple(Place(n, SLOT_NAMES[s]) for s in range(NUM_SLOTS))
    for n in range(RULES.architects + 1)
)
# BUILD[square] = Build at that city square.
BUILD: tuple[Build, ...] = tuple(Build(*city_coords(sq)) for sq in range(CITY_SQUARES))
DISCARD = Discard()


def encode_action(action: Action) -> dict[str, PlainData]:
    """Plain-data form: ``{"type": "place"|"build"|"discard", ...fields}``."""
    match action:
        case Place(architect=architect, slot=slot):
            return {"type": "place", "architect": architect, "slot": slot}
        case Build(row=row, col=col):
            return {"type": "build", "row": row, "col": col}
        case Discard():
            return {"type": "discard"}
    raise TypeError(f"not a Quadropolis action: {action!r}")


def decode_action(data: Any) -> Action:
    """Rebuild an action from :func:`encode_action` output; raises CorruptData if invalid."""
    data = as_table(data, "an action")
    kind = data.get("type")
    expected = {"place": {"type", "architect", "slot"}, "build": {"type", "row", "col"}, "discard": {"type"}}
    if not isinstance(kind, str) or kind not in expected:
        raise CorruptData(f"unknown action type {kind!r}")
    check_keys(data, expected[kind], what=f"a {kind} action")
    if kind == "place":
        architect = whole(data["architect"], "action field architect", 1, RULES.architects)
        slot = data["slot"]
        if not isinstance(slot, str) or slot not in SLOT_INDEX:
            raise CorruptData(f"unknown Architect slot {slot!r}")
        return PLACE[architect][SLOT_INDEX[slot]]
    if kind == "build":
        row = whole(data["row"], "action field row", 1, CITY)
        col = whole(data["col"], "action field col", 1, CITY)
        return BUILD[(row - 1) * CITY + col - 1]
    return DISCARD
