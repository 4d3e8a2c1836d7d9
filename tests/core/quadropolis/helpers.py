"""Test helpers: cities from readable layouts, and scorers written independently of the engine.

The reference scorers here follow the points tables and the final-allocation procedure
(rules: "End of game scoring") directly, with the tables typed in by hand (not read from the
data files), so they check the data as well as the optimiser.
"""

from __future__ import annotations

import random
from typing import Iterator, Mapping

from core.quadropolis.content import TILES, TYPE_KEYS
from core.quadropolis.state import square_code

Layout = Mapping[tuple[int, int], tuple]  # (row, col) -> ("tower", height) | ("shop",) | ...

TOWER_T = {1: 1, 2: 3, 3: 6, 4: 10}
SHOP_T = [0, 1, 2, 4, 7]
SERVICE_T = [0, 2, 5, 9, 14]
PARK_T = [0, 2, 4, 7, 11]
HARBOR_T = [0, 0, 3, 7, 12]
INH_TYPES = ("service", "factory", "harbor")
EN_TYPES = ("tower", "shop")


def tile_of(kind: str, vp: int = 0) -> int:
    """Index of some tile of that type (and printed VP, for Services/Harbors)."""
    for tile in TILES:
        if TYPE_KEYS[tile.kind] == kind and (kind not in ("service", "harbor") or tile.vp == vp):
            if kind != "harbor" or tile.vp or (tile.inh, tile.en) != (0, 3):  # avoid doubtful 4-11
                return tile.index
    raise LookupError(f"no {kind} tile with {vp} VP")


def stack_of(entry: tuple) -> tuple[int, ...]:
    """Tile stack for a layout entry."""
    kind = entry[0]
    if kind == "tower":
        return (tile_of("tower"),) * entry[1]
    if kind in ("service", "harbor"):
        return (tile_of(kind, entry[1] if len(entry) > 1 else 0),)
    return (tile_of(kind),)


def codes_of(layout: Layout) -> list[int]:
    """The engine's 16 square codes for a layout."""
    codes = [0] * 16
    for (r, c), entry in layout.items():
        codes[(r - 1) * 4 + (c - 1)] = square_code(stack_of(entry))
    return codes


def neighbours(r: int, c: int) -> Iterator[tuple[int, int]]:
    """Orthogonal neighbours inside the 4x4 city."""
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 1 <= r + dr <= 4 and 1 <= c + dc <= 4:
            yield r + dr, c + dc


def district(r: int, c: int) -> int:
    """District 0..3 of a city square."""
    return ((r - 1) // 2) * 2 + (c - 1) // 2


def longest(cells: set[tuple[int, int]], by_row: bool) -> int:
    """Longest run of consecutive cells within one row (or column)."""
    best = 0
    for line in range(1, 5):
        run = 0
        for pos in range(1, 5):
            cell = (line, pos) if by_row else (pos, line)
            run = run + 1 if cell in cells else 0
            best = max(best, run)
    return best


def reference_score(
    layout: Layout,
    activated: set[tuple[int, int]],
    customers: Mapping[tuple[int, int], int],
    park_energy: Mapping[tuple[int, int], int],
    inh: int,
    en: int,
    adjacency: bool = False,
) -> int:
    """Score one complete placement of resources, from the points tables.

    Rules: "End of game scoring" › "Points".
    """
    kinds = {sq: entry[0] for sq, entry in layout.items()}
    used_i = sum(1 for sq in activated if kinds[sq] in INH_TYPES) + sum(customers.values())
    used_e = sum(1 for sq in activated if kinds[sq] in EN_TYPES) + sum(park_energy.values())
    assert used_i <= inh and used_e <= en
    assert all(kinds[sq] == "shop" and 0 <= n <= 4 for sq, n in customers.items())
    assert all(kinds[sq] == "park" and 0 <= n <= 1 for sq, n in park_energy.items())

    def counts(sq: tuple[int, int]) -> bool:
        """Whether a neighbour counts for Parks and Factories."""
        return not adjacency or sq in activated

    total = -(inh - used_i) - (en - used_e)
    services: set[int] = set()
    harbors: set[tuple[int, int]] = set()
    for sq, entry in layout.items():
        kind, on = entry[0], sq in activated
        if kind == "tower" and on:
            total += TOWER_T[entry[1]]
        elif kind == "shop" and on:
            total += SHOP_T[customers.get(sq, 0)]
        elif kind == "service" and on:
            services.add(district(*sq))
            total += entry[1]
        elif kind == "park":
            total += PARK_T[sum(1 for nb in neighbours(*sq) if kinds.get(nb) == "tower" and counts(nb))]
        elif kind == "factory" and on:
            for nb in neighbours(*sq):
                if kinds.get(nb) == "shop" and counts(nb):
                    total += 2
                elif kinds.get(nb) == "harbor" and counts(nb):
                    total += 3
        elif kind == "harbor" and on:
            harbors.add(sq)
            total += entry[1]
    total += SERVICE_T[len(services)]
    total += HARBOR_T[longest(harbors, True)] + HARBOR_T[longest(harbors, False)]
    return total


def exhaustive_best(layout: Layout, inh: int, en: int, adjacency: bool = False) -> int:
    """Best score over every way to put each Inhabitant and Energy unit somewhere (or nowhere)."""
    squares = sorted(layout)
    best = -10**9

    def rec(i: int, left_i: int, left_e: int, on: set, cust: dict, parks: dict) -> None:
        """Try every use of the resources on building ``i`` and the ones after it."""
        nonlocal best
        if i == len(squares):
            best = max(best, reference_score(layout, on, cust, parks, inh, en, adjacency))
            return
        sq = squares[i]
        kind = layout[sq][0]
        if kind in INH_TYPES:
            rec(i + 1, left_i, left_e, on, cust, parks)
            if left_i:
                rec(i + 1, left_i - 1, left_e, on | {sq}, cust, parks)
        elif kind == "tower":
            rec(i + 1, left_i, left_e, on, cust, parks)
            if left_e:
                rec(i + 1, left_i, left_e - 1, on | {sq}, cust, parks)
        elif kind == "park":
            rec(i + 1, left_i, left_e, on, cust, parks)
            if left_e:
                rec(i + 1, left_i, left_e - 1, on, cust, {**parks, sq: 1})
        else:  # shop: Energy or not, and 0..4 Customers
            for energy in (0, 1):
                if energy > left_e:
                    continue
                for n in range(min(4, left_i) + 1):
                    rec(
                        i + 1,
                        left_i - n,
                        left_e - energy,
                        on | {sq} if energy else on,
                        {**cust, sq: n},
                        parks,
                    )

    rec(0, inh, en, set(), {}, {})
    return best


def spec_enumeration(
    layout: Layout, inh: int, en: int, adjacency: bool = False
) -> tuple[int, set[tuple[int, int]]]:
    """The literal final-allocation search over all activated sets.

    Returns (maximum, activated set of the first maximum).
    """
    a_list = sorted(sq for sq, e in layout.items() if e[0] in INH_TYPES)
    b_list = sorted(sq for sq, e in layout.items() if e[0] in EN_TYPES)
    shops = sorted(sq for sq, e in layout.items() if e[0] == "shop")
    parks = sorted(sq for sq, e in layout.items() if e[0] == "park")
    best, first = -10**9, set()
    for amask in range(1 << len(a_list)):
        chosen_a = {a_list[j] for j in range(len(a_list)) if amask >> j & 1}
        if len(chosen_a) > inh:
            continue
        for bmask in range(1 << len(b_list)):
            chosen_b = {b_list[j] for j in range(len(b_list)) if bmask >> j & 1}
            if len(chosen_b) > en:
                continue
            spare = inh - len(chosen_a)
            cust = {}
            for sq in [s for s in shops if s in chosen_b] + [s for s in shops if s not in chosen_b]:
                cust[sq] = min(4, spare)
                spare -= cust[sq]
            left_e = en - len(chosen_b)
            park_energy = {}
            for sq in parks:
                park_energy[sq] = min(1, left_e)
                left_e -= park_energy[sq]
            value = reference_score(layout, chosen_a | chosen_b, cust, park_energy, inh, en, adjacency)
            if value > best:
                best, first = value, chosen_a | chosen_b
    return best, first


def random_layout(rng: random.Random, low: int, high: int) -> dict[tuple[int, int], tuple]:
    """A random city with ``low..high`` buildings (any types, tower heights 1-4)."""
    squares = rng.sample([(r, c) for r in range(1, 5) for c in range(1, 5)], rng.randint(low, high))
    layout: dict[tuple[int, int], tuple] = {}
    for sq in squares:
        kind = rng.choice(("tower", "tower", "shop", "service", "park", "factory", "harbor", "harbor"))
        if kind == "tower":
            layout[sq] = ("tower", rng.randint(1, 4))
        elif kind == "service":
            layout[sq] = ("service", rng.randint(0, 2))
        elif kind == "harbor":
            layout[sq] = ("harbor", rng.choice((0, 0, 1, 2, 3)))
        else:
            layout[sq] = (kind,)
    return layout
