"""Why a Quadropolis move is illegal, in player words (:func:`why_illegal`)."""

from __future__ import annotations

from core.quadropolis.actions import Build, Discard, Place
from core.quadropolis.board import CITY, SLOT_INDEX, URBANIST_BLOCKS, site_coords
from core.quadropolis.content import TILE_KIND, TOWER, type_name
from core.quadropolis.rules import ARCHITECTS, MAX_HEIGHT
from core.quadropolis.state import State


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def why_illegal(state: State, seat: int, action: object) -> str | None:
    """A player-readable reason why ``action`` is illegal for ``seat`` now, or None."""
    if state.phase == "over":
        return "The game is over."
    if not 0 <= seat < state.players:
        return f"There is no seat {seat} in this game."
    current = (state.first + state.turn) % state.players
    if seat != current:
        return f"It is {state.names[current]}'s turn, not yours."
    match action:
        case Place(architect=n, slot=slot_name):
            if state.phase == "build":
                return f"First build or discard the {type_name(TILE_KIND[state.pending])} you took."
            if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= ARCHITECTS:
                return f"Architects are numbered 1 to {ARCHITECTS}."
            if not state.available[seat] >> n & 1:
                return f"Your Architect {n} was already placed this round."
            if not isinstance(slot_name, str) or slot_name not in SLOT_INDEX:
                return f"There is no slot called {slot_name!r} (use W1-W5, E1-E5, N1-N5, S1-S5)."
            slot = SLOT_INDEX[slot_name]
            occupant = state.slots[slot]
            if occupant >= 0:
                return f"Slot {slot_name} is taken by {state.names[occupant >> 3]}'s Architect {occupant & 7}."
            if state.urbanist >= 0 and URBANIST_BLOCKS[state.urbanist] >> slot & 1:
                row, col = site_coords(state.urbanist)
                line = f"row {row}" if slot_name[0] in "WE" else f"column {col}"
                return f"The Urbanist stands in {line}: no Architect may be placed at either end of it."
            return None
        case Build() | Discard() if state.phase != "build":
            return "Place an Architect first: you have no tile to build."
        case Discard():
            return None
        case Build(row=row, col=col):
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in (row, col)) or not (
                1 <= row <= CITY and 1 <= col <= CITY
            ):
                return f"Your city has rows and columns 1 to {CITY}."
            sq = (row - 1) * CITY + col - 1
            n = state.pending_architect
            tile = state.pending
            name = type_name(TILE_KIND[tile])
            code = state.codes[seat][sq]
            in_line = row == n or col == n
            if code == 0:
                if in_line:
                    return None
                return f"A tile taken with Architect {n} must go in row {n} or column {n}."
            kind = (code - 1) & 7
            height = (code - 1) >> 3
            if kind != TOWER:
                return f"That square already holds a {type_name(kind)}; only Tower Blocks can be stacked."
            if TILE_KIND[tile] != TOWER:
                return f"Only a Tower Block can go on top of a Tower Block, not a {name}."
            if height >= MAX_HEIGHT:
                return f"That Tower Block already has the maximum of {MAX_HEIGHT} floors."
            if not in_line and height + 1 != n:
                return (
                    f"Outside row/column {n}, Architect {n} can only add the {_ordinal(n)} floor; "
                    f"this would be the {_ordinal(height + 1)}."
                )
            return None
    return f"That is not a Quadropolis move: {action!r}."
