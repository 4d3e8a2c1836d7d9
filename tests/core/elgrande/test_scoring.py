"""Scoring (rules: "Scoring a region"): the tie rule with both rulebook examples, bonuses,
special scorings."""

from __future__ import annotations

import pytest

from core.elgrande import scoring
from core.elgrande.content import CASTILLO
from core.elgrande.state import CAT_CASTILLO, CAT_GRANDE, CAT_KING, CAT_REGIONS, CAT_SPECIAL, State
from tests.core.elgrande.helpers import R, clear_board, new, set_castillo, set_region


def board(players: int = 4) -> State:
    """A game with an empty board, the King in Galicia and every Grande in Cataluña."""
    state = new(players, seed=3)
    clear_board(state)
    state.king = R["galicia"]
    state.grandes = [R["cataluna"]] * players
    return state


# --- the tie rule ("Scoring a region") -------------------------------------------------------
@pytest.mark.parametrize(
    ("values", "counts", "expected"),
    [
        # Official example 1: red, blue, yellow tie on 4, green 3.
        ((5, 3, 1), [4, 4, 4, 3], [3, 3, 3, 1]),
        # Official example 2: yellow and green tie for 3rd and drop to 4th.
        ((6, 4, 2), [4, 3, 2, 2], [6, 4, 0, 0]),
        # Derived cases listed in the spec.
        ((5, 3, 1), [4, 4, 2, 1], [3, 3, 1, 0]),
        ((5, 3, 1), [5, 3, 3, 2], [5, 1, 1, 0]),
        ((4, 2, 0), [2, 0, 0, 0], [4, 0, 0, 0]),
        ((7, 4, 2), [3, 3, 0, 0], [4, 4, 0, 0]),
        # More: nobody present; a five-way tie; ties further down.
        ((5, 3, 1), [0, 0, 0, 0], [0, 0, 0, 0]),
        ((5, 3, 1), [2, 2, 2, 2, 2], [3, 3, 3, 3, 3]),
        ((6, 4, 2), [5, 1, 1, 1], [6, 2, 2, 2]),
        ((6, 4, 2), [5, 4, 1, 1], [6, 4, 0, 0]),
        ((6, 4, 2), [1, 2, 3, 4], [0, 2, 4, 6]),
    ],
)
def test_tie_rule(values: tuple[int, int, int], counts: list[int], expected: list[int]) -> None:
    assert scoring.rank_points(counts, values) == expected


def test_official_examples_through_a_region() -> None:
    state = board()
    set_region(state, "pais_vasco", [4, 4, 4, 3])  # 5/3/1
    set_region(state, "castilla_vieja", [4, 3, 2, 2])  # 6/4/2
    assert scoring.score_area(state, R["pais_vasco"], special=False) == [3, 3, 3, 1]
    assert scoring.score_area(state, R["castilla_vieja"], special=False) == [6, 4, 0, 0]
    assert state.score == [9, 7, 3, 1]
    assert [p[CAT_REGIONS] for p in state.points] == [9, 7, 3, 1]


# --- bonuses (+2 for a sole leader in the King's region and in his Grande's) -------------------
def test_king_bonus_needs_a_sole_leader() -> None:
    state = board()
    set_region(state, "galicia", [3, 1, 0, 0])
    assert scoring.score_area(state, R["galicia"], special=False) == [4 + 2, 2, 0, 0]
    assert state.points[0][CAT_KING] == 2 and state.points[0][CAT_REGIONS] == 4
    state = board()
    set_region(state, "galicia", [2, 2, 1, 0])
    assert scoring.score_area(state, R["galicia"], special=False) == [2, 2, 0, 0]  # tie: no bonus, 3rd = 0


def test_grande_bonus_only_in_own_home_region() -> None:
    state = board()
    state.grandes = [R["aragon"], R["aragon"], R["sevilla"], R["sevilla"]]
    set_region(state, "aragon", [1, 3, 0, 0])
    set_region(state, "sevilla", [2, 0, 0, 0])
    assert scoring.score_area(state, R["aragon"], special=False) == [4, 5 + 2, 0, 0]
    assert scoring.score_area(state, R["sevilla"], special=False) == [4, 0, 0, 0]  # leader's Grande elsewhere
    assert state.points[1][CAT_GRANDE] == 2


def test_both_bonuses_add_up() -> None:
    state = board()
    state.grandes[2] = R["galicia"]
    set_region(state, "galicia", [0, 0, 5, 1])
    assert scoring.score_area(state, R["galicia"], special=False) == [0, 0, 4 + 4, 2]


def test_tied_leaders_lose_the_grande_bonus() -> None:
    state = board()
    state.grandes = [R["granada"]] * 4
    set_region(state, "granada", [3, 3, 0, 0])
    assert scoring.score_area(state, R["granada"], special=False) == [3, 3, 0, 0]


def test_castillo_has_no_bonus() -> None:
    state = board()
    set_castillo(state, [2, 4, 1, 0])
    assert scoring.score_area(state, CASTILLO, special=False) == [3, 5, 1, 0]
    assert [p[CAT_CASTILLO] for p in state.points] == [3, 5, 1, 0]
    assert state.castillo == [2, 4, 1, 0]  # scoring alone never empties it


def test_special_scoring_goes_to_its_own_category() -> None:
    state = board()
    set_region(state, "galicia", [3, 0, 0, 0])
    scoring.score_area(state, R["galicia"], special=True)
    assert state.points[0][CAT_SPECIAL] == 6 and state.points[0][CAT_REGIONS] == 0


# --- mobile scoreboards, classes, first-only, most / least ---------------------------------------
def test_mobile_scoreboard_replaces_values() -> None:
    state = board()
    state.scoreboards = [R["sevilla"], R["granada"]]
    assert scoring.region_values(state, R["sevilla"]) == (8, 4, 0)
    assert scoring.region_values(state, R["granada"]) == (4, 0, 0)
    set_region(state, "granada", [2, 1, 0, 0])
    assert scoring.score_area(state, R["granada"], special=True) == [4, 0, 0, 0]


def test_region_classes_use_current_values_unless_printed() -> None:
    state = board()
    state.scoreboards = [R["galicia"], R["castilla_nueva"]]  # Galicia 8/4/0, New Castile 4/0/0
    fours = scoring.class_regions(state, (4,), printed=False)
    assert sorted(fours) == sorted([R["cataluna"], R["sevilla"], R["castilla_nueva"]])
    assert scoring.class_regions(state, (6, 7), printed=False) == [R["castilla_vieja"], R["granada"]]
    printed = scoring.class_regions(state, (4,), printed=True)
    assert sorted(printed) == sorted([R["galicia"], R["cataluna"], R["sevilla"]])


def test_first_only_scoring() -> None:
    state = board()
    state.grandes[1] = R["aragon"]
    set_region(state, "galicia", [2, 1, 0, 0])  # King: 4 + 2
    set_region(state, "aragon", [1, 3, 1, 0])  # Grande: 5 + 2
    set_region(state, "valencia", [2, 2, 1, 0])  # tie for the lead: nobody
    set_castillo(state, [5, 0, 0, 0])  # never scored by this card
    scoring.score_first_only(state)
    assert state.score == [6, 7, 0, 0]


def test_most_and_least() -> None:
    state = board()
    assert scoring.extreme_regions(state, True) == [] == scoring.extreme_regions(state, False)
    set_region(state, "galicia", [2, 1, 0, 0])
    set_region(state, "aragon", [1, 1, 1, 0])
    set_region(state, "sevilla", [0, 0, 0, 1])
    set_region(state, "granada", [0, 1, 0, 0])
    set_castillo(state, [9, 0, 0, 0])  # ignored
    assert scoring.extreme_regions(state, True) == [R["galicia"], R["aragon"]]
    assert scoring.extreme_regions(state, False) == [R["sevilla"], R["granada"]]


def test_sole_leader() -> None:
    assert scoring.sole_leader([0, 0, 0]) == -1
    assert scoring.sole_leader([1, 3, 2]) == 1
    assert scoring.sole_leader([3, 3, 2]) == -1


# --- previews: what a scoring move will give ------------------------------------------------
def test_scoring_previews_match_what_the_move_gives() -> None:
    """Over seeded random games, each scoring move's preview (:func:`scoring.gains`, from
    the chooser's view) is exactly the points the move then gives; it is None only where
    that view hides the Castillo's caballeros it would score (a Veto card holder's
    question is answered "allow")."""
    import random

    from core.elgrande import GAME
    from core.elgrande.actions import Allow, Score, SpecialGo
    from core.elgrande.state import VETO

    checked = hidden = 0
    for seed in range(24):
        options = {"castillo_visible": False} if seed % 3 == 0 else {}
        state = GAME.setup([f"P{i}" for i in range(3 + seed % 3)], seed, options)
        rng = random.Random(seed)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            view = GAME.view(state, seat)
            for action in legal:
                if isinstance(action, Score):
                    areas, first_only = [action.area], False
                elif isinstance(action, SpecialGo) and scoring.card_areas(view, view.card):
                    areas, first_only = scoring.card_areas(view, view.card)  # type: ignore[misc]
                else:
                    continue
                preview = scoring.gains(view, areas, first_only)
                after = GAME.apply(state, seat, action)
                while after.phase == VETO:  # the others let it happen
                    vetoer = GAME.to_act(after)[0]
                    after = GAME.apply(after, vetoer, Allow())
                if preview is None:
                    assert CASTILLO in areas and view.castillo_totals() is None
                    hidden += 1
                    continue
                assert preview == [a - b for a, b in zip(after.score, state.score)], action
                checked += 1
            GAME.apply_in_place(state, seat, rng.choice(legal))
    assert checked >= 50 and hidden >= 1, (checked, hidden)
