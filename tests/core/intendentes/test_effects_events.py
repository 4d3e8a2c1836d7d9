"""Every event of §10 (all 20): the catastrophes and the 3-card cap (§6, A24), two
catastrophes under one cap, Prevention Campaign's cut after the cap and on Social Protest,
Civil Defense, the food values of Drought and Bumper Harvest, General Strike, Migration Wave
and its stop, Epidemic and the Hospital, the Elections bands, Inflation's cap and Tourism Boom.

Each test reveals the event at window W4 (setup plus field edits, ``builders``) and lets the
mayors pass the window with ``GAME.apply``: the event is then applied in turn order.
"""

from __future__ import annotations

import pytest

from core.intendentes.actions import PASS, STOP, Place, Remove
from core.intendentes.content import DEMONSTRATION, EVENTS, FIRE, FLOOD, INSECURITY
from core.intendentes.state import G_WINDOW, S_PLACE, S_REMOVE, S_WINDOW, W_EPIDEMIC, W_MIGRATION, State
from tests.core.intendentes.builders import (
    at,
    fill_supply,
    block,
    do,
    drive,
    give,
    hand,
    legal,
    new,
    play_plan,
    set_event,
    set_people,
)


def reveal(s: State, key: str) -> State:
    """Reveal ``key`` in window W4 with the first mayor to act there."""
    at(s, 4, G_WINDOW, S_WINDOW, s.order[0])
    set_event(s, key)
    return s


def run(s: State, key: str) -> State:
    """Reveal ``key`` and pass window W4: the event applies to every mayor."""
    reveal(s, key)
    return do(s, PASS)


def test_every_event_has_a_test_here() -> None:
    import inspect
    import sys

    source = inspect.getsource(sys.modules[__name__])
    missing = [e.key for e in EVENTS if f'"{e.key}"' not in source]
    assert missing == [] and len(EVENTS) == 20


# --- E01-E09 single catastrophes --------------------------------------------------------------
CATASTROPHES = [
    ("fire_2", FIRE, 2),
    ("fire_3", FIRE, 3),
    ("fire_5", FIRE, 5),
    ("flood_2", FLOOD, 2),
    ("flood_3", FLOOD, 3),
    ("flood_5", FLOOD, 5),
    ("insecurity_1", INSECURITY, 1),
    ("insecurity_3", INSECURITY, 3),
    ("insecurity_5", INSECURITY, 5),
]


@pytest.mark.parametrize(("key", "index", "threshold"), CATASTROPHES)
def test_a_catastrophe_gives_index_minus_threshold_cards_up_to_three(key: str, index: int, threshold: int) -> None:
    s = new(4)
    s.risk[0][index] = threshold  # not above: nothing
    s.risk[1][index] = threshold + 1
    s.risk[2][index] = threshold + 3
    s.risk[3][index] = threshold + 6  # 6 cards, capped to 3
    other = (index + 1) % 3
    for seat in range(4):
        s.risk[seat][other] = 9  # the other indices play no part
    s = run(s, key)
    assert [s.cards[seat][index] for seat in range(4)] == [0, 1, 3, 3]
    assert [sum(s.cards[seat]) for seat in range(4)] == [0, 1, 3, 3]
    assert s.capped == [0, 1, 3, 3]
    assert ("capped", 3, 3) in s.log


def test_catastrophe_cards_add_to_cards_held_from_earlier_rounds() -> None:
    s = new(2)
    s.cards[0] = [4, 0, 0, 0]  # kept from earlier rounds: not counted by the cap
    s.risk[0][FIRE] = 9
    s = run(s, "fire_3")
    assert s.cards[0][FIRE] == 7 and s.capped[0] == 3


def test_prevention_campaign_cuts_after_the_cap() -> None:
    s = new(2)
    hand(s, 0, "prevention_campaign")
    s.risk[0][FIRE] = 7  # Fire 3: 4 cards, capped to 3, then 2 fewer
    reveal(s, "fire_3")
    s = play_plan(s, "prevention_campaign")
    assert s.cards[0][FIRE] == 1 and s.capped[0] == 1
    assert ("prevented", 0, 2) in s.log and ("capped", 0, 1) in s.log


def test_prevention_campaign_never_below_zero() -> None:
    s = new(2)
    hand(s, 0, "prevention_campaign")
    s.risk[0][FLOOD] = 3  # Flood 2: 1 card
    reveal(s, "flood_2")
    s = play_plan(s, "prevention_campaign")
    assert s.cards[0] == [0, 0, 0, 0] and ("prevented", 0, 1) in s.log


# --- E10 Great Storm: two catastrophes under one cap ----------------------------------------
@pytest.mark.parametrize(
    ("flood", "fire", "preventions", "cards"),
    [
        (10, 9, 0, (0, 3)),  # §10: 6 flood + 3 fire, capped to 3 flood + 0 fire
        (10, 9, 1, (0, 1)),  # ... and one Prevention Campaign leaves 1 flood (no room freed)
        (5, 8, 0, (2, 1)),  # 1 flood, then 2 fire
        (5, 8, 1, (0, 1)),  # the cut comes off the second catastrophe (fire) first
        (5, 8, 2, (0, 0)),
        (6, 9, 0, (1, 2)),  # 2 flood + 3 fire: the fire is capped to 1
        (6, 9, 1, (0, 1)),
        (4, 6, 0, (0, 0)),
    ],
)
def test_great_storm_flood_4_then_fire_6_under_one_cap(
    flood: int, fire: int, preventions: int, cards: tuple[int, int]
) -> None:
    s = new(2)
    hand(s, 0, *(["prevention_campaign"] * preventions))
    s.risk[0][FLOOD] = flood
    s.risk[0][FIRE] = fire
    s.risk[1] = [7, 5, 0]  # flood 1, fire 1
    reveal(s, "great_storm")
    for _ in range(preventions):
        s = play_plan(s, "prevention_campaign")
    if s.step == S_WINDOW and s.phase == 4:
        s = do(s, PASS)
    assert (s.cards[0][FIRE], s.cards[0][FLOOD]) == cards
    assert (s.cards[1][FIRE], s.cards[1][FLOOD]) == (1, 1)


# --- E11 Drought, E12 Bumper Harvest: food values ------------------------------------------
def to_happiness(s: State) -> State:
    return drive(s, lambda x: x.phase == 7)


def farm(s: State, seat: int) -> None:
    """An advanced district making 2 × 2 + 1 × 1 = 5 food for 5 mouths."""
    set_people(s, seat, "IF-A", 2)  # 2 food each
    give(s, seat, ("B03", "B04")[seat], 1)  # Farming Village: 1 food each


def test_drought_is_fire_4_and_one_food_less_per_inhabitant() -> None:
    s = new(2)
    farm(s, 0)
    farm(s, 1)
    hand(s, 1, "civil_defense")
    s.risk[0][FIRE] = 6
    s.risk[1][FIRE] = 6
    reveal(s, "drought")
    s = do(s, PASS)
    s = play_plan(s, "civil_defense")  # seat 1
    assert s.cards[0][FIRE] == 2 and s.cards[1][FIRE] == 0
    s = to_happiness(s)
    # Seat 0 makes 2 × 1 + 1 × 0 (never below 0) = 2 food for 5: the warehouse pays 3.
    assert s.warehouse == [5 - 3, 5]


def test_bumper_harvest_one_more_food_on_blocks_that_make_food() -> None:
    s = new(2)
    farm(s, 0)
    give(s, 1, "B05", 2)  # a town: no food, no harvest
    s = run(s, "bumper_harvest")
    s = to_happiness(s)
    # Seat 0: 2 × 3 + 1 × 2 = 8 food for 5. Seat 1: 0 food for 4 (initial town and B05).
    assert s.warehouse == [5 + 3, 5 - 4]


# --- E13 Provincial Funds, E20 Tourism Boom -------------------------------------------------
def test_provincial_funds_gives_five_dollars() -> None:
    s = new(3)
    s = run(s, "provincial_funds")
    assert s.money == [25, 25, 25]
    assert ("gains", 2, 5) in s.log


def test_tourism_boom_two_dollars_per_city_and_special_block() -> None:
    s = new(2)
    give(s, 0, "B13", 3)  # City
    give(s, 0, "B16", 3)  # City
    give(s, 0, "B55")  # School (Special)
    give(s, 0, "B05", 2)  # Town: nothing
    give(s, 0, "B43")  # Police: nothing
    give(s, 1, "B29")  # Field: nothing
    s = run(s, "tourism_boom")
    assert s.money == [26, 20]


# --- E14 Migration Wave -------------------------------------------------------------------
def test_migration_wave_places_up_to_two_in_turn_order() -> None:
    s = new(3)
    set_people(s, 2, "IT-A", 4)
    set_people(s, 2, "IF-A", 3)  # no room: skipped
    reveal(s, "migration_wave")
    supply = s.supply
    s = do(s, PASS)
    assert (s.step, s.actor, s.why) == (S_PLACE, 0, W_MIGRATION)
    assert STOP in legal(s)
    s = do(s, Place(block("IF-A")))
    s = do(s, Place(block("IF-A")))  # the second ends the placements
    assert s.people[0] == [2, 2]
    assert (s.step, s.actor) == (S_PLACE, 1)
    s = do(s, Place(block("IT-A")))
    s = do(s, STOP)
    assert s.people[1] == [3, 0] and s.people[2] == [4, 3]
    assert s.supply == supply - 3
    assert s.phase > 4  # the event is over


def test_migration_wave_may_place_none() -> None:
    s = new(2)
    reveal(s, "migration_wave")
    supply = s.supply
    s = do(s, PASS)
    s = do(s, STOP)
    assert s.actor == 1 and s.people[0] == [2, 0] and s.supply == supply


# --- E15 Inflation -------------------------------------------------------------------------
@pytest.mark.parametrize(("space", "after"), [(4, 7), (9, 12), (11, 12), (12, 12)])
def test_inflation_moves_the_market_three_spaces_right_up_to_fifteen_dollars(space: int, after: int) -> None:
    s = new(2)
    s.market = space
    s = run(s, "inflation")
    assert s.market == after
    assert s.money == [20, 20] and s.cards == [[0, 0, 0, 0], [0, 0, 0, 0]]


# --- E16 General Strike --------------------------------------------------------------------
def test_general_strike_industries_make_no_money_and_no_food() -> None:
    s = new(2)
    for seat in (0, 1):
        give(s, seat, "B23" if seat == 0 else "B24", 2)  # Factory: $5, no food
        give(s, seat, "B25" if seat == 0 else "B28", 1)  # B25: $4 and 1 food; B28: $5
        set_people(s, seat, "IF-A", 1)
    hand(s, 1, "civil_defense")
    reveal(s, "general_strike")
    s = do(s, PASS)
    s = play_plan(s, "civil_defense")
    s = to_happiness(s)
    # Seat 0: $2 from the initial town only; food 2 (field) for 6: warehouse -4.
    # Seat 1 (Civil Defense): $2 + $10 + $5; food 2 for 6.
    assert s.money == [20 + 2, 15 + 2 + 10 + 5]
    assert s.warehouse == [5 - 4, 5 - 4]


def test_general_strike_loses_the_industry_food() -> None:
    s = new(2)
    give(s, 0, "B25", 2)  # Meat-Packing Plant: 1 food each
    set_people(s, 0, "IT-A", 0)
    s = run(s, "general_strike")
    s = to_happiness(s)
    assert s.warehouse[0] == 5 - 2  # without the strike: 2 food for 2


# --- E17 Elections -------------------------------------------------------------------------
ELECTIONS = {0: 4, 1: 2, 2: 2, 3: 2, 4: 0, 5: 0, 6: 0, 7: -2, 8: -2, 9: -2}
ELECTIONS.update({space: -4 for space in range(10, 16)})


@pytest.mark.parametrize("space", range(16))
def test_elections_splendor_by_discontent_band(space: int) -> None:
    s = new(2)
    s.discontent[0] = space
    s.discontent[1] = 1
    s = run(s, "elections")
    assert s.splendor == [10 + ELECTIONS[space], 12]


# --- E18 Social Protest --------------------------------------------------------------------
def test_social_protest_one_demonstration_from_discontent_three_not_capped() -> None:
    s = new(3)
    s.discontent = [3, 2, 12]
    s.capped[2] = 3
    s = run(s, "social_protest")
    assert [s.cards[seat][DEMONSTRATION] for seat in range(3)] == [1, 0, 1]
    assert s.capped == [0, 0, 3]


def test_prevention_campaign_keeps_the_protest_card_away() -> None:
    s = new(2)
    hand(s, 0, "prevention_campaign")
    s.discontent = [5, 5]
    reveal(s, "social_protest")
    s = play_plan(s, "prevention_campaign")
    assert s.cards[0][DEMONSTRATION] == 0 and s.cards[1][DEMONSTRATION] == 1
    assert ("prevented", 0, 1) in s.log


# --- E19 Epidemic --------------------------------------------------------------------------
def test_epidemic_removes_a_fifth_of_the_inhabitants_by_choice_without_discontent() -> None:
    s = new(2)
    b16 = give(s, 0, "B16", 7)
    b13 = give(s, 0, "B13", 5)
    set_people(s, 0, "IF-A", 2)  # 2 + 7 + 5 + 2 = 16: remove 3
    set_people(s, 1, "IT-A", 4)  # 4: remove none
    reveal(s, "epidemic")
    supply = s.supply
    s = do(s, PASS)
    assert ("epidemic", 0, 3) in s.log and ("epidemic", 1, 0) not in s.log
    assert (s.step, s.actor, s.why, s.left) == (S_REMOVE, 0, W_EPIDEMIC, 3)
    assert set(legal(s)) == {Remove(block("IT-A")), Remove(block("IF-A")), Remove(b16), Remove(b13)}
    s = do(s, Remove(b16))
    s = do(s, Remove(b13))
    s = do(s, Remove(block("IF-A")))
    assert s.people[0] == [2, 1, 6, 4] and s.people[1] == [4, 0]
    assert s.supply == supply + 3
    assert s.discontent == [0, 0]  # not a famine


def test_epidemic_with_one_peopled_block_removes_without_asking() -> None:
    s = new(2)
    give(s, 1, "B18", 5)
    set_people(s, 1, "IT-A", 0)  # 5 on one block: remove 1
    s = run(s, "epidemic")
    assert s.people[1] == [0, 0, 4]


def test_the_hospital_is_immune_to_the_epidemic() -> None:
    s = new(2)
    give(s, 0, "B56")
    give(s, 0, "B18", 7)
    set_people(s, 0, "IF-A", 1)  # 10 inhabitants
    s = run(s, "epidemic")
    assert sum(s.people[0]) == 10 and ("immune", 0, 1) in s.log


# --- Civil Defense across events ------------------------------------------------------------
@pytest.mark.parametrize("key", ["fire_5", "great_storm", "elections", "tourism_boom", "social_protest", "epidemic"])
def test_civil_defense_cancels_the_event_for_its_player(key: str) -> None:
    s = new(2)
    hand(s, 0, "civil_defense")
    for seat in (0, 1):
        s.risk[seat] = [9, 9, 9]
        s.discontent[seat] = 12
        give(s, seat, "B13" if seat == 0 else "B14", 5)
        set_people(s, seat, "IF-A", 3)
    before = (list(s.cards[0]), s.splendor[0], s.money[0] - 5, list(s.people[0]))
    reveal(s, key)
    s = play_plan(s, "civil_defense")
    assert ("immune", 0, 0) in s.log
    while s.step == S_REMOVE:  # seat 1's Epidemic removals
        s = do(s, legal(s)[0])
    assert (s.cards[0], s.splendor[0], s.money[0], s.people[0]) == before
    changed = (s.cards[1], s.splendor[1], s.money[1], s.people[1]) != ([0, 0, 0, 0], 10, 20, [2, 3, 5])
    assert changed  # the event did act on seat 1


def test_civil_defense_also_refuses_the_good_events() -> None:
    s = new(2)
    hand(s, 0, "civil_defense")
    farm(s, 0)
    farm(s, 1)
    reveal(s, "bumper_harvest")
    s = play_plan(s, "civil_defense")
    s = to_happiness(s)
    # Seat 0 makes its printed 5 food for 5; seat 1 the harvest's 2 × 3 + 1 × 2 = 8.
    assert s.warehouse == [5, 5 + 3]


def test_civil_defense_skips_the_migration_wave() -> None:
    s = new(2)
    hand(s, 0, "civil_defense")
    reveal(s, "migration_wave")
    s = play_plan(s, "civil_defense")
    assert (s.step, s.actor, s.why) == (S_PLACE, 1, W_MIGRATION)
    assert ("immune", 0, 0) in s.log


def test_prevention_campaign_on_drought_cuts_the_cards_not_the_food() -> None:
    s = new(2)
    hand(s, 0, "prevention_campaign")
    farm(s, 0)
    s.risk[0][FIRE] = 6  # Fire 4: 2 cards
    reveal(s, "drought")
    s = play_plan(s, "prevention_campaign")
    assert s.cards[0][FIRE] == 0
    s = to_happiness(s)
    assert s.warehouse[0] == 5 - 3


def test_irrigation_during_drought_and_bumper_harvest() -> None:
    for key, per_field in (("drought", 2 + 1 - 1), ("bumper_harvest", 2 + 1 + 1)):
        s = new(2)
        hand(s, 0, "irrigation")
        set_people(s, 0, "IF-A", 3)  # 5 mouths
        reveal(s, key)
        s = do(s, PASS)
        s = drive(s, lambda x: x.phase == 6 and x.step == S_WINDOW and x.actor == 0)
        s = play_plan(s, "irrigation")
        s = to_happiness(s)
        assert s.warehouse[0] == 5 + 3 * per_field - 5, key


def test_migration_wave_stops_when_the_supply_runs_out() -> None:
    s = new(3)
    fill_supply(s, (1, 2), keep=1)
    reveal(s, "migration_wave")
    s = do(s, PASS)
    assert (s.step, s.actor) == (S_PLACE, 0)
    s = do(s, Place(block("IF-A")))
    assert s.supply == 0 and s.people[0] == [2, 1]
    assert s.phase > 4  # nobody else can place
