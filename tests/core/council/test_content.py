"""Data file and map geometry against reference tables (components, map, city tokens, permits,
nobility track, reward tiles), typed in here independently."""

from __future__ import annotations

import copy
import tomllib
from collections import Counter
from importlib.resources import files
from typing import Callable

import pytest

from core.council.board import LAYOUT_KEYS, LAYOUTS
from core.council.content import (
    CLASSES,
    LETTERS,
    NOBILITY,
    PERMITS,
    TOKENS,
    Bonus,
    ContentError,
    parse,
)
from core.council.helpers import route_cost, shortest_route
from tests.core.council.helpers import new

L = "ABCDEFGHIJKLMNO"

# Distance from the Queen's starting city, for every layout.
FROM_ROYAL = {
    "1/1/1": (18, "J", "4 3 3 2 2 2 1 1 1 0 2 1 2 3 2"),
    "1/1/2": (17, "J", "4 3 3 2 2 2 1 1 1 0 2 1 2 2 3"),
    "1/2/1": (19, "G", "3 2 2 1 2 1 0 1 1 2 2 3 3 3 4"),
    "1/2/2": (18, "G", "3 2 2 1 2 1 0 1 1 2 2 3 3 4 4"),
    "2/1/1": (17, "J", "4 3 3 2 2 2 1 1 1 0 2 1 2 3 2"),
    "2/1/2": (16, "J", "4 3 3 2 2 2 1 1 1 0 2 1 2 2 3"),
    "2/2/1": (18, "G", "3 3 2 1 2 1 0 1 1 2 2 3 3 3 4"),
    "2/2/2": (17, "G", "3 3 2 1 2 1 0 1 1 2 2 3 3 4 4"),
}

# Full distance matrix of the standard layout 1/1/1.
STANDARD = """
0 1 1 2 2 2 3 3 3 4 4 5 4 5 5
1 0 2 1 1 3 2 2 4 3 5 4 3 5 4
1 2 0 3 3 1 4 4 2 3 3 4 5 4 5
2 1 3 0 2 4 1 3 3 2 4 3 4 5 4
2 1 3 2 0 4 3 1 3 2 4 3 2 4 3
2 3 1 4 4 0 3 3 1 2 2 3 4 3 4
3 2 4 1 3 3 0 2 2 1 3 2 3 4 3
3 2 4 3 1 3 2 0 2 1 3 2 1 3 2
3 4 2 3 3 1 2 2 0 1 1 2 3 2 3
4 3 3 2 2 2 1 1 1 0 2 1 2 3 2
4 5 3 4 4 2 3 3 1 2 0 3 3 1 2
5 4 4 3 3 3 2 2 2 1 3 0 2 2 1
4 3 5 4 2 4 3 1 3 2 3 2 0 2 1
5 5 4 5 4 3 4 3 2 3 1 2 2 0 1
5 4 5 4 3 4 3 2 3 2 2 1 1 1 0
"""

# Full distance matrix of the alternate layout 2/2/2.
ALTERNATE = """
0 6 1 2 5 2 3 4 3 5 4 5 6 6 7
6 0 5 4 1 4 3 2 4 3 5 4 4 5 5
1 5 0 1 4 1 2 3 2 4 3 4 5 5 6
2 4 1 0 3 2 1 2 2 3 3 4 4 5 5
5 1 4 3 0 3 2 1 3 2 4 3 3 4 4
2 4 1 2 3 0 1 2 1 3 2 3 4 4 5
3 3 2 1 2 1 0 1 1 2 2 3 3 4 4
4 2 3 2 1 2 1 0 2 1 3 2 2 3 3
3 4 2 2 3 1 1 2 0 3 1 2 4 3 5
5 3 4 3 2 3 2 1 3 0 2 1 1 2 2
4 5 3 3 4 2 2 3 1 2 0 1 3 2 4
5 4 4 4 3 3 3 2 2 1 1 0 2 1 3
6 4 5 4 3 4 3 2 4 1 3 2 0 3 1
6 5 5 5 4 4 4 3 3 2 2 1 3 0 4
7 5 6 5 4 5 4 3 5 2 4 3 1 4 0
"""

STANDARD_ROADS = "A-B A-C B-D B-E C-F D-G E-H F-I G-J H-J I-J H-M I-K J-L K-N L-O M-O N-O"
ALTERNATE_ROADS = "A-C C-D B-E C-F D-G E-H F-G F-I G-H G-I H-J I-K J-L J-M K-L L-N M-O"


def matrix(text: str) -> list[list[int]]:
    """Rows of whole numbers."""
    return [[int(x) for x in line.split()] for line in text.strip().splitlines()]


def roads(text: str) -> set[tuple[int, int]]:
    """Road pairs as sorted city codes."""
    return {tuple(sorted((L.index(r[0]), L.index(r[2])))) for r in text.split()}  # type: ignore[misc]


# --- map -------------------------------------------------------------------------------------
@pytest.mark.parametrize("key", LAYOUT_KEYS)
def test_distances_from_the_royal_city(key: str) -> None:
    count, royal, distances = FROM_ROYAL[key]
    layout = LAYOUTS[key]
    assert len(layout.roads) == count
    assert L[layout.royal] == royal
    assert list(layout.dist[layout.royal]) == [int(x) for x in distances.split()]


@pytest.mark.parametrize("key", LAYOUT_KEYS)
def test_colour_classes_and_symmetry(key: str) -> None:
    layout = LAYOUTS[key]
    counts = Counter(CLASSES[k] for k in layout.colour)
    assert counts == {"gold": 5, "silver": 4, "bronze": 3, "iron": 2, "royal": 1}
    for a in range(15):
        for b in range(15):
            assert layout.dist[a][b] == layout.dist[b][a]
    assert len(set(layout.coords)) == 15  # every city has its own drawing spot


def test_full_distance_tables_and_roads() -> None:
    assert [list(r) for r in LAYOUTS["1/1/1"].dist] == matrix(STANDARD)
    assert [list(r) for r in LAYOUTS["2/2/2"].dist] == matrix(ALTERNATE)
    assert set(LAYOUTS["1/1/1"].roads) == roads(STANDARD_ROADS)
    assert set(LAYOUTS["2/2/2"].roads) == roads(ALTERNATE_ROADS)
    hills2 = LAYOUTS["1/2/1"]
    assert L.index("J") in hills2.neighbours[L.index("M")]  # the bottom road follows the hills side
    assert L.index("H") not in hills2.neighbours[L.index("M")]


def test_side_colours() -> None:
    side1 = LAYOUTS["1/1/1"]
    side2 = LAYOUTS["2/2/2"]
    assert "".join(CLASSES[k][0] for k in side1.colour) == "igssbgsgbrgsibg"
    assert [CLASSES[k] for k in side2.colour[:5]] == ["gold", "bronze", "silver", "iron", "silver"]
    assert [CLASSES[k] for k in side2.colour[5:10]] == ["gold", "royal", "gold", "bronze", "silver"]
    assert [CLASSES[k] for k in side2.colour[10:]] == ["gold", "iron", "silver", "bronze", "gold"]


@pytest.mark.parametrize("key", LAYOUT_KEYS)
def test_shortest_routes_on_every_layout(key: str) -> None:
    state = new(2, layout=key)
    layout = LAYOUTS[key]
    for a in L:
        for b in L:
            route = shortest_route(state, a, b)
            d = layout.dist[L.index(a)][L.index(b)]
            assert route[0] == a and route[-1] == b and len(route) == d + 1
            for x, y in zip(route, route[1:]):
                assert L.index(y) in layout.neighbours[L.index(x)]
            assert route_cost(state, a, b) == 2 * d
    assert shortest_route(state, "A", "A") == ["A"]
    with pytest.raises(KeyError):
        shortest_route(state, "A", "Z")


def test_queen_moves_e3() -> None:
    state = new(3, layout="1/1/1")
    assert route_cost(state, "J", "J") == 0
    assert route_cost(state, "J", "G") == 2
    assert route_cost(state, "J", "M") == 4 and shortest_route(state, "J", "M") == ["J", "H", "M"]
    assert route_cost(state, "J", "A") == 8
    assert route_cost(state, "A", "C") == 2


# --- tokens, permits, track ----------------------------------------------------------------------
def test_city_tokens() -> None:
    expected = [
        Bonus(coins=1), Bonus(coins=2), Bonus(coins=3), Bonus(vp=1), Bonus(vp=2), Bonus(vp=3),
        Bonus(nobility=1), Bonus(nobility=1), Bonus(servants=1), Bonus(servants=2),
        Bonus(servants=1, coins=1), Bonus(servants=1, cards=1), Bonus(cards=1), Bonus(cards=1, vp=1),
    ]
    assert sorted(TOKENS) == sorted(expected)


def test_permits() -> None:
    assert len(PERMITS) == 45
    for region in range(3):
        tiles = [p for p in PERMITS if p.region == region]
        assert len(tiles) == 15
        for city in {c for p in tiles for c in p.cities}:
            sizes = sorted(len(p.cities) for p in tiles if city in p.cities)
            assert sizes == [1, 2, 2, 3, 3, 3]
    assert sorted(p.id for p in PERMITS if p.bonus.main) == ["CO05", "HI05", "MO09"]
    assert sum(p.bonus.nobility for p in PERMITS) == 11 and sum(1 for p in PERMITS if p.bonus.nobility) == 10
    by_id = {p.id: p for p in PERMITS}
    assert by_id["HI02"].bonus == Bonus(vp=2, servants=2, nobility=1)
    assert by_id["MO06"].bonus == Bonus(servants=2, cards=1)
    assert [LETTERS[c] for c in by_id["CO13"].cities] == ["A", "D", "E"]


def test_nobility_track() -> None:
    assert len(NOBILITY) == 21
    spaces = {i: s for i, s in enumerate(NOBILITY) if s is not None}
    assert sorted(spaces) == [2, 4, 6, 8, 10, 12, 14, 16, 18, 19, 20]
    assert spaces[2].bonus == Bonus(vp=2, coins=2)
    assert spaces[4].tokens == 1 and spaces[16].tokens == 2
    assert spaces[6].bonus == Bonus(main=1)
    assert spaces[8].bonus == Bonus(vp=3, cards=1)
    assert spaces[10].free_permit and spaces[14].rebonus
    assert spaces[12].bonus == Bonus(vp=5, servants=1)
    assert [spaces[k].bonus.vp for k in (18, 19, 20)] == [8, 2, 3]


# --- validation ------------------------------------------------------------------------------
def raw() -> dict:
    """The parsed data file."""
    return tomllib.loads((files("seeds") / "council" / "content.toml").read_text(encoding="utf-8"))


def test_data_file_parses_again() -> None:
    content = parse(raw())
    assert content.queen_rewards == (25, 18, 12, 7, 3)
    assert content.colour_reward == (20, 12, 8, 5) and content.region_reward == (5, 5, 5)
    assert content.constants.permit_cost == (0, 10, 7, 4, 0)


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.pop("players"),
        lambda d: d["politics"].update(colours=["a", "b"]),
        lambda d: d["cities"].pop(),
        lambda d: d["cities"][0].update(region="sea"),
        lambda d: d["sides"]["coast"]["1"]["roads"].append("A-K"),
        lambda d: d["sides"]["coast"]["1"]["colours"].update(A="purple"),
        lambda d: d["sides"]["hills"]["1"].update(royal="F"),
        lambda d: d["sides"]["mountains"]["2"]["colours"].update(K="royal"),
        lambda d: d["city_tokens"]["bonuses"].pop(),
        lambda d: d["city_tokens"]["bonuses"].__setitem__(0, {"gold": 1}),
        lambda d: d["permits"][0].update(cities=["K"]),
        lambda d: d["permits"][1].update(id="CO01"),
        lambda d: d["permits"][2].update(bonus={"vp": 0}),
        lambda d: d["nobility"]["spaces"].update({"25": {"vp": 1}}),
        lambda d: d["costs"].update(permit_by_cards=[1, 2, 3, 4]),
        lambda d: d["rewards"].update(colour={"gold": 20}),
        lambda d: d["sides"]["coast"]["2"]["coords"].update(A=[2, 0]),
    ],
)
def test_broken_data_is_rejected(change: Callable[[dict], object]) -> None:
    data = copy.deepcopy(raw())
    change(data)
    with pytest.raises(ContentError):
        parse(data)
