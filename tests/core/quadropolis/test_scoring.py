"""Scoring: the worked scoring examples E1-E5 (optimal allocation beats activating everything,
Harbor row and column, Public Services, Factory, Park) and the optimal final allocation."""

from __future__ import annotations

import random

import pytest

from core.quadropolis.scoring import CATEGORIES, allocate, best_score, estimate, score_allocation
from tests.core.quadropolis.helpers import (
    codes_of,
    exhaustive_best,
    random_layout,
    reference_score,
    spec_enumeration,
)

E1 = {
    (1, 1): ("tower", 3),
    (1, 2): ("park",),
    (1, 3): ("tower", 1),
    (2, 2): ("shop",),
    (2, 3): ("factory",),
    (2, 4): ("harbor", 0),
    (3, 4): ("harbor", 2),
    (4, 4): ("harbor", 0),
    (3, 1): ("service", 1),
    (4, 2): ("service", 2),
}


def sq(r: int, c: int) -> int:
    """City square index of (row, col)."""
    return (r - 1) * 4 + (c - 1)


def test_categories_in_spec_order() -> None:
    assert CATEGORIES == (
        "Tower Blocks",
        "Shops",
        "Public Services (districts)",
        "Public Services (printed VP)",
        "Parks",
        "Factories",
        "Harbors (lines)",
        "Harbors (printed VP)",
        "Inhabitant penalty",
        "Energy penalty",
        "Total",
    )


def test_e1_activate_everything_scores_33() -> None:
    codes = codes_of(E1)
    everything = [sq(*p) for p in E1 if E1[p][0] != "park"]
    result = score_allocation(codes, everything, 9, 5)
    assert result.total == 33
    parts = result.by_category()
    assert parts["Tower Blocks"] == 7
    assert parts["Shops"] == 4
    assert parts["Public Services (districts)"] + parts["Public Services (printed VP)"] == 5
    assert parts["Parks"] == 4
    assert parts["Factories"] == 5
    assert parts["Harbors (lines)"] + parts["Harbors (printed VP)"] == 9
    assert parts["Energy penalty"] == -1 and parts["Inhabitant penalty"] == 0


def test_e1_optimal_allocation_scores_35() -> None:
    codes = codes_of(E1)
    assert best_score(codes, 9, 5) == 35
    shown = allocate(codes, 9, 5)
    assert shown.total == 35
    assert shown.breakdown == (7, 7, 2, 2, 4, 5, 7, 2, 0, -1, 35)
    assert (3, 1) not in shown.activated  # the 1-VP Public Service gives way to a 4th Customer
    assert shown.customers == (((2, 2), 4),)
    assert shown.park_energy == (((1, 2), 1),)
    assert shown.unused_energy == 1 and shown.unused_inhabitants == 0


def test_e1_matches_resource_by_resource_search() -> None:
    assert exhaustive_best(E1, 9, 5) == 35
    assert spec_enumeration(E1, 9, 5)[0] == 35


def test_e2_harbor_row_and_column() -> None:
    harbors = {(4, 1): ("harbor", 0), (4, 2): ("harbor", 0), (4, 3): ("harbor", 0), (3, 3): ("harbor", 0), (2, 3): ("harbor", 0)}
    codes = codes_of(harbors)
    assert score_allocation(codes, [sq(*p) for p in harbors], 5, 0).by_category()["Harbors (lines)"] == 14
    assert best_score(codes, 5, 0) == 14
    without = [sq(*p) for p in harbors if p != (4, 3)]
    assert score_allocation(codes, without, 4, 0).by_category()["Harbors (lines)"] == 6


def test_e3_public_services() -> None:
    four = {(1, 1): ("service", 0), (1, 4): ("service", 1), (4, 1): ("service", 1), (4, 4): ("service", 2)}
    assert best_score(codes_of(four), 4, 0) == 18
    both_d1 = {(1, 1): ("service", 1), (2, 2): ("service", 2)}
    result = score_allocation(codes_of(both_d1), [sq(1, 1), sq(2, 2)], 2, 0)
    assert result.by_category()["Public Services (districts)"] == 2
    assert result.by_category()["Public Services (printed VP)"] == 3


def test_e4_factory_neighbours() -> None:
    layout = {(2, 2): ("factory",), (1, 2): ("shop",), (2, 1): ("shop",), (3, 2): ("harbor", 0), (2, 3): ("harbor", 0)}
    result = score_allocation(codes_of(layout), [sq(2, 2)], 1, 0)
    assert result.by_category()["Factories"] == 10
    layout[(1, 1)] = ("shop",)  # diagonal: adds nothing
    assert score_allocation(codes_of(layout), [sq(2, 2)], 1, 0).by_category()["Factories"] == 10


def test_e5_park_counts_orthogonal_towers_once_per_stack() -> None:
    layout = {(2, 2): ("park",), (1, 2): ("tower", 4), (2, 3): ("tower", 1), (1, 1): ("tower", 2)}
    assert score_allocation(codes_of(layout), [], 0, 0).by_category()["Parks"] == 4


def test_inactive_factory_and_unpowered_neighbours() -> None:
    layout = {(2, 2): ("factory",), (1, 2): ("shop",)}
    codes = codes_of(layout)
    assert score_allocation(codes, [], 0, 0).by_category()["Factories"] == 0
    # Neighbours need no activation: by default an unpowered Shop still counts for the Factory;
    # with the option not.
    assert score_allocation(codes, [sq(2, 2)], 1, 0).by_category()["Factories"] == 2
    assert score_allocation(codes, [sq(2, 2)], 1, 0, adjacency=True).by_category()["Factories"] == 0


def test_customers_on_unpowered_shop_avoid_penalty_but_score_nothing() -> None:
    codes = codes_of({(1, 1): ("shop",)})
    result = score_allocation(codes, [], 4, 0)
    assert result.customers == (((1, 1), 4),)
    assert result.total == 0
    assert score_allocation(codes, [], 6, 0).total == -2


def test_allocation_needs_resources() -> None:
    codes = codes_of({(1, 1): ("tower", 1)})
    with pytest.raises(ValueError):
        score_allocation(codes, [sq(1, 1)], 0, 0)


def test_empty_city_scores_minus_unused_resources() -> None:
    assert best_score([0] * 16, 3, 2) == -5
    assert allocate([0] * 16, 3, 2).breakdown[-3:] == (-3, -2, -5)


@pytest.mark.parametrize("adjacency", [False, True])
def test_optimum_equals_exhaustive_search_on_random_cities(adjacency: bool) -> None:
    rng = random.Random(20240 + adjacency)
    for _ in range(150):
        layout = random_layout(rng, 2, 8)
        inh, en = rng.randint(0, 12), rng.randint(0, 7)
        codes = codes_of(layout)
        expected = exhaustive_best(layout, inh, en, adjacency)
        assert best_score(codes, inh, en, adjacency) == expected, (layout, inh, en)


@pytest.mark.parametrize("adjacency", [False, True])
def test_displayed_allocation_is_first_maximum_in_spec_order(adjacency: bool) -> None:
    rng = random.Random(777 + adjacency)
    for _ in range(150):
        layout = random_layout(rng, 4, 11)
        inh, en = rng.randint(0, 14), rng.randint(0, 9)
        codes = codes_of(layout)
        best, first = spec_enumeration(layout, inh, en, adjacency)
        shown = allocate(codes, inh, en, adjacency)
        assert best_score(codes, inh, en, adjacency) == best
        assert shown.total == best and sum(shown.breakdown[:-1]) == best
        assert set(shown.activated) == first, (layout, inh, en)
        cust = dict(shown.customers)
        parks = dict(shown.park_energy)
        assert reference_score(layout, set(shown.activated), cust, parks, inh, en, adjacency) == best


def test_full_cities_with_many_harbors_are_fast_and_exact() -> None:
    rng = random.Random(5)
    for _ in range(20):
        layout = random_layout(rng, 16, 16)
        inh, en = rng.randint(0, 20), rng.randint(0, 12)
        codes = codes_of(layout)
        value = best_score(codes, inh, en)
        assert allocate(codes, inh, en).total == value


def test_estimate_with_full_penalty_equals_best_score() -> None:
    codes = codes_of(E1)
    assert estimate(codes, 9, 5, False, 1.0) == 35
    assert estimate(codes, 20, 5, False, 0.0) >= estimate(codes, 20, 5, False, 1.0)
