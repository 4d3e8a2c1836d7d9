"""Content: the tile data against the per-round tile counts (counts, marks, face-up mixes)
and validation.

Nothing here depends on the type of tile 4-11 (its transcription is doubtful): round 4 checks
count its Factories and Harbors together.
"""

from __future__ import annotations

import copy
import tomllib
from collections import Counter
from importlib.resources import files
from typing import Callable

import pytest

from core.quadropolis import GAME
from core.quadropolis.content import RULES, TILES, TYPE_KEYS, ContentError, parse_rules, parse_tiles

ABBREV = {"tower": "T", "factory": "F", "harbor": "H", "service": "S", "shop": "Sh", "park": "P"}


def mix(tiles: list) -> Counter:
    """Type counts in the spec's abbreviations."""
    return Counter(ABBREV[TYPE_KEYS[t.kind]] for t in tiles)


def round_tiles(rnd: int) -> list:
    """The tiles of one round."""
    return [t for t in TILES if t.round == rnd]


def without_doubtful_split(counts: Counter) -> Counter:
    """Merge Factories and Harbors so that tile 4-11's type does not matter."""
    merged = Counter(counts)
    merged["F+H"] = merged.pop("F", 0) + merged.pop("H", 0)
    return merged


def test_constants() -> None:
    assert (RULES.rounds, RULES.architects, RULES.site_size, RULES.city_size) == (4, 4, 5, 4)
    assert RULES.max_tower_height == 4 and RULES.max_customers == 4 and RULES.districts == 4
    assert RULES.tower_table == (0, 1, 3, 6, 10)
    assert RULES.shop_table == (0, 1, 2, 4, 7)
    assert RULES.service_table == (0, 2, 5, 9, 14)
    assert RULES.park_table == (0, 2, 4, 7, 11)
    assert RULES.harbor_table == (0, 0, 3, 7, 12)
    assert (RULES.factory_per_shop, RULES.factory_per_harbor) == (2, 3)


def test_hundred_tiles_twenty_five_per_round_unique_ids() -> None:
    assert len(TILES) == 100
    assert len({t.id for t in TILES}) == 100
    assert [len(round_tiles(r)) for r in range(1, 5)] == [25] * 4


@pytest.mark.parametrize(
    "rnd, expected",
    [
        (1, {"T": 7, "F": 4, "H": 4, "S": 4, "Sh": 3, "P": 3}),
        (2, {"T": 7, "F": 4, "H": 4, "S": 4, "Sh": 3, "P": 3}),
        (3, {"T": 6, "F": 4, "H": 4, "S": 4, "Sh": 3, "P": 4}),
        (4, {"T": 6, "F": 3, "H": 6, "S": 4, "Sh": 3, "P": 3}),
    ],
)
def test_types_per_round(rnd: int, expected: dict[str, int]) -> None:
    counts = mix(round_tiles(rnd))
    if rnd == 4:
        assert without_doubtful_split(counts) == without_doubtful_split(Counter(expected))
    else:
        assert counts == Counter(expected)


@pytest.mark.parametrize("rnd", [1, 2, 3, 4])
def test_marks_per_round(rnd: int) -> None:
    tiles = round_tiles(rnd)
    marks = Counter(t.mark for t in tiles)
    assert marks == Counter({"": 16, "34": 4, "4": 5})
    assert mix([t for t in tiles if t.mark == "34"]) == Counter({"T": 1, "F": 1, "H": 1, "S": 1})
    assert mix([t for t in tiles if t.mark == "4"]) == Counter({"T": 1, "H": 1, "S": 1, "Sh": 1, "P": 1})


FACE_UP_MIX = {
    2: [
        {"T": 5, "F": 3, "H": 2, "S": 2, "Sh": 2, "P": 2},
        {"T": 4, "F": 3, "H": 2, "S": 2, "Sh": 2, "P": 3},
        {"T": 4, "F": 2, "H": 4, "S": 2, "Sh": 2, "P": 2},
    ],
    3: [
        {"T": 6, "F": 4, "H": 3, "S": 3, "Sh": 2, "P": 2},
        {"T": 5, "F": 4, "H": 3, "S": 3, "Sh": 2, "P": 3},
        {"T": 5, "F": 3, "H": 5, "S": 3, "Sh": 2, "P": 2},
    ],
    4: [
        {"T": 7, "F": 4, "H": 4, "S": 4, "Sh": 3, "P": 3},
        {"T": 6, "F": 4, "H": 4, "S": 4, "Sh": 3, "P": 4},
        {"T": 6, "F": 3, "H": 6, "S": 4, "Sh": 3, "P": 3},
    ],
}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_face_up_mix_per_player_count(players: int) -> None:
    marks = RULES.face_up_marks[players]
    for rnd in range(1, 5):
        up = [t for t in round_tiles(rnd) if t.mark in marks]
        assert len(up) == {2: 16, 3: 20, 4: 25}[players]
        expected = Counter(FACE_UP_MIX[players][0 if rnd <= 2 else rnd - 2])
        if rnd == 4:
            assert without_doubtful_split(mix(up)) == without_doubtful_split(expected)
        else:
            assert mix(up) == expected


@pytest.mark.parametrize("players", [2, 3, 4])
def test_game_lays_out_the_right_face_up_tiles(players: int) -> None:
    state = GAME.setup([str(i) for i in range(players)], 3, {})
    up = [TILES[t] for t in state.site if t >= 0]
    down = [TILES[t] for t in state.face_down if t >= 0]
    assert len(up) + len(down) == 25 and len(up) == {2: 16, 3: 20, 4: 25}[players]
    assert all(t.mark in RULES.face_up_marks[players] for t in up)
    assert not any(t.mark in RULES.face_up_marks[players] for t in down)


def test_mayor_tiles() -> None:
    mayors = [t for t in TILES if t.mayor]
    assert sorted(t.round for t in mayors) == [1, 2, 3]
    assert all(TYPE_KEYS[t.kind] == "tower" and t.inh == 1 and t.en == 0 and t.mark == "" for t in mayors)


def test_resource_totals() -> None:
    assert sum(t.inh for t in TILES) == 60
    assert sum(t.en for t in TILES) == 43
    assert sum(t.inh for t in TILES if TYPE_KEYS[t.kind] == "tower") == 46
    assert all(1 <= t.inh <= 3 for t in TILES if TYPE_KEYS[t.kind] == "tower")
    assert {t.vp for t in TILES if TYPE_KEYS[t.kind] == "service"} == {0, 1, 2}


# --- validation ----------------------------------------------------------------------------------
def raw(name: str) -> dict:
    """A data file parsed but not validated."""
    return tomllib.loads((files("seeds") / "quadropolis" / name).read_text(encoding="utf-8"))


def test_data_files_validate() -> None:
    rules = parse_rules(raw("rules.toml"))
    assert rules == RULES
    assert parse_tiles(raw("tiles.toml"), rules) == TILES


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda t: t[0].update(round=5), "round"),
        (lambda t: t[1].update(id=t[0]["id"]), "unique"),
        (lambda t: t[0].update(type="castle"), "type"),
        (lambda t: t[19].update(mayor=True), "Mayor"),
        (lambda t: t[0].update(inh="2"), "inh"),
        (lambda t: t[0].update(mark="5"), "mark"),
        (lambda t: t.pop(), "round 4 has 24 tiles"),
        (lambda t: t[0].pop("vp"), "missing fields"),
        (lambda t: t[19].update(vp=2), "printed VP"),
    ],
)
def test_bad_tiles_are_rejected(change: Callable[[list], object], message: str) -> None:
    data = copy.deepcopy(raw("tiles.toml"))
    change(data["tiles"])
    with pytest.raises(ContentError, match=message):
        parse_tiles(data, RULES)


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda r: r["scoring"].update(tower=[0, 1, 3]), "tower"),
        (lambda r: r["scoring"].update(shop=[0, 3, 4, 5, 6]), "convex"),
        (lambda r: r["board"].update(rounds="4"), "rounds"),
        (lambda r: r.pop("types"), r"\[types\]"),
        (lambda r: r["face_up_marks"].update({"3": ["x"]}), "face_up_marks"),
        (lambda r: r["scoring"].update(park=[0, 2, 1, 7, 11]), "never decrease"),
    ],
)
def test_bad_rules_are_rejected(change: Callable[[dict], object], message: str) -> None:
    data = copy.deepcopy(raw("rules.toml"))
    change(data)
    with pytest.raises(ContentError, match=message):
        parse_rules(data)


def test_building_letters_and_short_names_tell_the_types_apart() -> None:
    """The board draws a type by its letter (its short name where there is room): from
    the data, one per type, none of them a letter the board uses for something else in
    a square (M the Mayor's tower, U the Urbanist, A an Architect) or N, E, W (sides of
    the site, drawn beside it: S is the Shop's too, never in the same place)."""
    letters, shorts = RULES.type_letters, RULES.type_shorts
    assert len(letters) == len(shorts) == len(TYPE_KEYS)
    assert len(set(letters)) == len(letters) and len(set(shorts)) == len(shorts)
    assert all(letter.isupper() for letter in letters)
    assert not set(letters) & {"M", "U", "N", "E", "W", "A"}
