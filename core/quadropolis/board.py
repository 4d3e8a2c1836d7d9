"""Geometry of the Construction Site and of a city, as precomputed lookup tables.

Squares are plain ints: site square ``(r, c)`` (1-based) is ``(r - 1) * SITE + (c - 1)``, city
square ``(r, c)`` is ``(r - 1) * CITY + (c - 1)``. Architect slots are ints too, in the order
of :data:`SLOT_NAMES` (``W1..W5, E1..E5, N1..N5, S1..S5`` for a 5x5 site).
"""

from __future__ import annotations

from core.quadropolis.content import RULES

SITE: int = RULES.site_size
CITY: int = RULES.city_size
SITE_SQUARES: int = SITE * SITE
CITY_SQUARES: int = CITY * CITY

SIDES: tuple[str, ...] = ("W", "E", "N", "S")
SLOT_NAMES: tuple[str, ...] = tuple(f"{side}{line}" for side in SIDES for line in range(1, SITE + 1))
SLOT_INDEX: dict[str, int] = {name: i for i, name in enumerate(SLOT_NAMES)}
NUM_SLOTS: int = len(SLOT_NAMES)


def site_square(row: int, col: int) -> int:
    """Index of site square ``(row, col)`` (1-based)."""
    return (row - 1) * SITE + (col - 1)


def site_coords(square: int) -> tuple[int, int]:
    """``(row, col)`` (1-based) of a site square index."""
    return square // SITE + 1, square % SITE + 1


def city_square(row: int, col: int) -> int:
    """Index of city square ``(row, col)`` (1-based)."""
    return (row - 1) * CITY + (col - 1)


def city_coords(square: int) -> tuple[int, int]:
    """``(row, col)`` (1-based) of a city square index."""
    return square // CITY + 1, square % CITY + 1


def _target(slot: int, n: int) -> int:
    side, line = SLOT_NAMES[slot][0], int(SLOT_NAMES[slot][1:])
    if side == "W":
        return site_square(line, n)
    if side == "E":
        return site_square(line, SITE + 1 - n)
    if side == "N":
        return site_square(n, line)
    return site_square(SITE + 1 - n, line)


# SLOT_TARGET[slot][n] = site square reached by Architect n from that slot (index 0 unused).
SLOT_TARGET: tuple[tuple[int, ...], ...] = tuple(
    tuple(-1 if n == 0 else _target(slot, n) for n in range(RULES.architects + 1))
    for slot in range(NUM_SLOTS)
)

# URBANIST_BLOCKS[square] = bit mask of the slots closed while the Urbanist stands there: both
# ends of its row and both ends of its column: the whole line, every Architect (rules:
# "1. Send an Architect").
URBANIST_BLOCKS: tuple[int, ...] = tuple(
    (1 << SLOT_INDEX[f"W{r}"])
    | (1 << SLOT_INDEX[f"E{r}"])
    | (1 << SLOT_INDEX[f"N{c}"])
    | (1 << SLOT_INDEX[f"S{c}"])
    for r, c in (site_coords(sq) for sq in range(SITE_SQUARES))
)

# IN_LINE[n] = city squares in row n or column n (index 0 unused).
IN_LINE: tuple[tuple[int, ...], ...] = tuple(
    ()
    if n == 0
    else tuple(sq for sq in range(CITY_SQUARES) if n in city_coords(sq))
    for n in range(RULES.architects + 1)
)
# IN_LINE_MASK[n] = the same as a bit mask over city squares.
IN_LINE_MASK: tuple[int, ...] = tuple(sum(1 << sq for sq in squares) for squares in IN_LINE)

# Orthogonal neighbours of every city square.
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        city_square(r + dr, c + dc)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
        if 1 <= r + dr <= CITY and 1 <= c + dc <= CITY
    )
    for r, c in (city_coords(sq) for sq in range(CITY_SQUARES))
)

_PER_SIDE = CITY // RULES.district_size
# DISTRICT[square] = district number 0.. (D1 top-left, then left to right, top to bottom).
DISTRICT: tuple[int, ...] = tuple(
    ((r - 1) // RULES.district_size) * _PER_SIDE + (c - 1) // RULES.district_size
    for r, c in (city_coords(sq) for sq in range(CITY_SQUARES))
)


def target_of(slot: str, architect: int) -> tuple[int, int]:
    """Site square ``(row, col)`` that Architect ``architect`` reaches from ``slot``."""
    return site_coords(SLOT_TARGET[SLOT_INDEX[slot]][architect])
