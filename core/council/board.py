"""The 8 map layouts: roads, city colours, the royal city, distances and drawing positions.

A layout is named by the sides of the coast, hills and mountains boards, "c/h/m" with each
1 or 2 (rules: "Options", map layout). Everything here is computed once at import from
:mod:`.content` and is immutable, so states just hold a reference to their :class:`Layout`.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.council.content import CITY_REGION, CLASSES, CONTENT, LETTERS, REGION_CITIES, ROYAL_CLASS

NUM_CITIES = 15
LAYOUT_KEYS: tuple[str, ...] = tuple(f"{c}/{h}/{m}" for c in (1, 2) for h in (1, 2) for m in (1, 2))
DEFAULT_LAYOUT = "1/1/1"


@dataclass(frozen=True, slots=True)
class Layout:
    """One map configuration (immutable; shared by every state that uses it).

    ``colour[city]`` is a colour class code (see :data:`core.council.content.CLASSES`),
    ``class_mask[k]`` the bit mask of the cities of colour class ``k`` (gold..iron),
    ``region_mask[r]`` those of region ``r``; ``neighbours`` are in letter order;
    ``dist[a][b]`` counts roads on a shortest route; ``coords[city]`` is ``(x, y)`` on a
    9 x 5 drawing grid (x east, y south).
    """

    key: str
    sides: tuple[int, int, int]
    roads: tuple[tuple[int, int], ...]
    colour: tuple[int, ...]
    royal: int
    neighbours: tuple[tuple[int, ...], ...]
    dist: tuple[tuple[int, ...], ...]
    coords: tuple[tuple[int, int], ...]
    class_mask: tuple[int, ...]
    region_mask: tuple[int, ...]
    tile_mask: tuple[int, ...]
    """The cities each colour or region reward tile needs, in tile order (4 colours, 3 regions)."""

    def route(self, start: int, end: int) -> list[int]:
        """A shortest route from ``start`` to ``end`` as city codes, both ends included.

        Among equally short routes the one found by a breadth-first search visiting
        neighbours in letter order is returned, so the answer never changes.
        """
        if start == end:
            return [start]
        parent = {start: start}
        frontier = [start]
        while frontier and end not in parent:
            nxt = []
            for city in frontier:
                for nb in self.neighbours[city]:
                    if nb not in parent:
                        parent[nb] = city
                        nxt.append(nb)
            frontier = nxt
        path = [end]
        while path[-1] != start:
            path.append(parent[path[-1]])
        path.reverse()
        return path


def _build(key: str) -> Layout:
    sides = tuple(int(part) for part in key.split("/"))
    coast, hills, mountains = (CONTENT.sides[(r, sides[r])] for r in range(3))
    roads = set(coast.roads) | set(CONTENT.coast_hills_roads) | set(hills.roads)
    roads |= set(hills.to_mountains) | set(mountains.roads)
    colour = [0] * NUM_CITIES
    coords = [(0, 0)] * NUM_CITIES
    for side in (coast, hills, mountains):
        for city, k in side.colours.items():
            colour[city] = k
        for city, xy in side.coords.items():
            coords[city] = xy
    neighbours: list[list[int]] = [[] for _ in range(NUM_CITIES)]
    for a, b in roads:
        neighbours[a].append(b)
        neighbours[b].append(a)
    dist = []
    for start in range(NUM_CITIES):
        row = [-1] * NUM_CITIES
        row[start] = 0
        frontier = [start]
        while frontier:
            nxt = []
            for city in frontier:
                for nb in neighbours[city]:
                    if row[nb] < 0:
                        row[nb] = row[city] + 1
                        nxt.append(nb)
            frontier = nxt
        if min(row) < 0:
            raise ValueError(f"layout {key}: the map is not connected")
        dist.append(tuple(row))
    class_mask = tuple(
        sum(1 << c for c in range(NUM_CITIES) if colour[c] == k) for k in range(len(CLASSES) - 1)
    )
    return Layout(
        key=key,
        sides=(sides[0], sides[1], sides[2]),
        roads=tuple(sorted(roads)),
        colour=tuple(colour),
        royal=hills.royal,
        neighbours=tuple(tuple(sorted(n)) for n in neighbours),
        dist=tuple(dist),
        coords=tuple(coords),
        class_mask=class_mask,
        region_mask=REGION_CITIES,
        tile_mask=class_mask + tuple(REGION_CITIES),
    )


LAYOUTS: dict[str, Layout] = {key: _build(key) for key in LAYOUT_KEYS}
for _layout in LAYOUTS.values():
    assert sum(1 for k in _layout.colour if k == ROYAL_CLASS) == 1
    assert CITY_REGION[_layout.royal] == 1


def city_code(letter: str) -> int:
    """City code of a letter "A".."O"; raises KeyError for anything else."""
    if not isinstance(letter, str) or len(letter) != 1 or letter not in LETTERS:
        raise KeyError(letter)
    return LETTERS.index(letter)
