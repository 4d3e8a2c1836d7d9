"""Content data: board values, adjacency, map layout, power cards, decks."""

from __future__ import annotations

import copy
from typing import Any, Callable
import tomllib
from importlib.resources import files

import pytest

from core.elgrande import content
from core.elgrande.content import (
    BOARD,
    CARDS,
    DECKS,
    REGIONS,
    SETUP,
    ContentError,
    is_adjacent,
    parse_board,
    parse_cards,
)
from tests.core.elgrande.helpers import R

# The regions' scoring values, typed in by hand, not read from the data files.
VALUES = {
    "galicia": (4, 2, 0),
    "pais_vasco": (5, 3, 1),
    "aragon": (5, 4, 1),
    "cataluna": (4, 2, 1),
    "castilla_vieja": (6, 4, 2),
    "castilla_nueva": (7, 4, 2),
    "valencia": (5, 3, 2),
    "sevilla": (4, 3, 1),
    "granada": (6, 3, 1),
}
EDGES = {
    ("galicia", "castilla_vieja"),
    ("galicia", "pais_vasco"),
    ("pais_vasco", "castilla_vieja"),
    ("pais_vasco", "aragon"),
    ("aragon", "castilla_vieja"),
    ("aragon", "castilla_nueva"),
    ("aragon", "valencia"),
    ("aragon", "cataluna"),
    ("cataluna", "valencia"),
    ("castilla_vieja", "castilla_nueva"),
    ("castilla_nueva", "valencia"),
    ("castilla_nueva", "granada"),
    ("castilla_nueva", "sevilla"),
    ("valencia", "granada"),
    ("sevilla", "granada"),
}
COPIES = {
    "s1_move5_from_region": 2,
    "s1_move4_any": 1,
    "s1_move4_own": 1,
    "s1_move2own_2opp": 2,
    "s1_move3_opp": 1,
    "s1_move3_any": 1,
    "s1_move_all_own_from_region": 1,
    "s1_place2_from_court": 1,
    "s1_all_own_or_place2": 1,
    "s2_veto": 2,
    "s2_decay_all": 1,
    "s2_decay_3": 1,
    "s2_king_returns": 1,
    "s2_secret_remove_all": 1,
    "s2_secret_remove_2": 1,
    "s2_remove_1_each_opponent": 1,
    "s2_score_chosen_region": 3,
    "s3_score_4_regions": 2,
    "s3_score_5_regions": 2,
    "s3_score_6_7_regions": 1,
    "s3_score_castillo": 2,
    "s3_score_first_only": 1,
    "s3_score_most": 1,
    "s3_score_least": 1,
    "s3_score_chosen_region": 1,
    "s4_mobile_scoreboard": 3,
    "s4_power_card_back": 2,
    "s4_grande": 2,
    "s4_court": 1,
    "s4_secret_unique_scoring": 1,
    "s4_royal_adviser": 1,
    "s4_movement": 1,
    "s5_king": 1,
}


def raw(name: str) -> dict:
    """The parsed data file (a fresh copy to tamper with)."""
    return tomllib.loads((files("seeds") / "elgrande" / name).read_text(encoding="utf-8"))


def test_region_values_match_spec() -> None:
    assert {r.id: r.values for r in REGIONS} == VALUES
    assert BOARD.castillo_values == (5, 3, 1)
    assert BOARD.scoreboard_values == ((8, 4, 0), (4, 0, 0))
    assert (BOARD.king_bonus, BOARD.grande_bonus) == (2, 2)


def test_classes_split_three_three_three() -> None:
    firsts = sorted(r.values[0] for r in REGIONS)
    assert sum(1 for f in firsts if f == 4) == sum(1 for f in firsts if f == 5) == 3
    assert sum(1 for f in firsts if f in (6, 7)) == 3


def test_adjacency_is_the_spec_edge_list() -> None:
    edges = {(a.id, REGIONS[b].id) for a in REGIONS for b in a.adjacent}
    expected = EDGES | {(b, a) for a, b in EDGES}
    assert edges == expected and len(EDGES) == 15
    # The rulebook's two examples.
    assert {REGIONS[b].id for b in REGIONS[R["galicia"]].adjacent} == {"castilla_vieja", "pais_vasco"}
    assert {REGIONS[b].id for b in REGIONS[R["castilla_nueva"]].adjacent} == {
        "castilla_vieja",
        "sevilla",
        "granada",
        "valencia",
        "aragon",
    }
    assert not is_adjacent(R["galicia"], R["aragon"])
    assert not is_adjacent(R["sevilla"], R["valencia"])
    assert not is_adjacent(R["cataluna"], R["castilla_nueva"])


def test_map_layout_draws_the_borders() -> None:
    cells: dict[tuple[int, int], str] = {}
    for region in REGIONS:
        for cell in region.cells:
            assert cell not in cells
            cells[cell] = region.id
            assert 0 <= cell[0] < BOARD.map_rows and 0 <= cell[1] < BOARD.map_cols
    touching = set()
    for (r, c), a in cells.items():
        for nb in ((r + 1, c), (r, c + 1)):
            b = cells.get(nb)
            if b and b != a:
                touching.add(tuple(sorted((a, b))))
    assert touching == {tuple(sorted(e)) for e in EDGES}
    # Real relative positions: Galicia north-west, Cataluña north-east, Sevilla south-west.
    assert REGIONS[R["galicia"]].row == 0 and REGIONS[R["galicia"]].col == 0
    assert REGIONS[R["cataluna"]].row == 0 and REGIONS[R["cataluna"]].col == BOARD.map_cols - 1
    assert REGIONS[R["sevilla"]].row == BOARD.map_rows - 1 and REGIONS[R["sevilla"]].col == 0


def test_power_cards_and_setup() -> None:
    assert BOARD.power_caballeros[1:] == (6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0)
    assert (SETUP.home_region_caballeros, SETUP.court, SETUP.provinces, SETUP.score_marker) == (2, 7, 21, 1)
    assert SETUP.caballeros == 31 and SETUP.in_play == 30
    assert (SETUP.min_players, SETUP.max_players, SETUP.rounds) == (2, 5, 9)
    assert SETUP.general_scoring_after == (3, 6, 9)
    assert SETUP.short_game_rounds == (2, 3, 5, 6, 8, 9)


def test_action_cards() -> None:
    assert {c.id: c.copies for c in CARDS} == COPIES
    assert [len(DECKS[s]) for s in range(1, 6)] == [11, 11, 11, 11, 1]
    assert sum(c.copies for c in CARDS) == 45
    for card in CARDS:
        assert card.id.startswith(f"s{card.stack}_")
        assert card.name and card.text and len(card.text) <= 160


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["regions"]["galicia"].update(values=[2, 4, 0]), "must not increase"),
        (lambda d: d["regions"]["galicia"]["adjacent"].append("sevilla"), "not symmetric"),
        (
            lambda d: d["regions"]["galicia"].update(layout={"row": 3, "col": 3, "rows": 1, "cols": 1}),
            "overlap",
        ),
        (lambda d: d["setup"].update(court=8), "home \\+ court"),
        (lambda d: d["regions"].pop("granada"), "9 regions"),
        (lambda d: d.pop("castillo"), "missing section"),
        (lambda d: d["power_cards"]["caballeros"].pop("7"), "without gaps"),
    ],
)
def test_bad_board_data_is_rejected(change: Callable[[dict], Any], message: str) -> None:
    data = copy.deepcopy(raw("board.toml"))
    change(data)
    with pytest.raises(ContentError, match=message):
        parse_board(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["cards"][0].update(effect="teleport"), "unknown effect"),
        (lambda d: d["cards"][0].pop("total"), "missing fields"),
        (lambda d: d["cards"][1].update(id="s1_move5_from_region"), "used twice"),
        (lambda d: d["cards"][-1].update(copies=2), "stack 5"),
        (lambda d: d["cards"][0].update(stack=7), "stack"),
    ],
)
def test_bad_card_data_is_rejected(change: Callable[[dict], Any], message: str) -> None:
    data = copy.deepcopy(raw("cards.toml"))
    change(data)
    with pytest.raises(ContentError, match=message):
        parse_cards(data)


def test_helpers() -> None:
    assert content.area_name(content.CASTILLO) == "Castillo"
    assert content.area_values(content.CASTILLO) == (5, 3, 1)
    assert content.area_values(R["granada"]) == (6, 3, 1)
    assert content.area_name(R["sevilla"]) == "Sevilla"
