"""Every plan of §9 (all 26 names), with the legality rules of §4.2 ("illegal when certain to
change nothing", A19: one hit per plan name per target per round) and the neighbours of §4.3
(seat ±1 with 4 mayors, everyone else with 2 or 3).

Positions are built by setup plus field edits (``builders``) and driven only with
``GAME.legal_actions`` / ``GAME.apply``.
"""

from __future__ import annotations

import pytest

from core.intendentes import GAME
from core.intendentes.actions import (
    END,
    PASS,
    STOP,
    Action,
    Birth,
    Bid,
    Choose,
    Keep,
    Open,
    Place,
    Remove,
)
from core.intendentes.content import DEMONSTRATION, FIRE, FLOOD, INSECURITY, PLANS
from core.intendentes.state import (
    G_DEMOGRAPHY,
    G_SECURITY,
    G_WINDOW,
    S_BIRTH,
    S_CHOOSE,
    S_DEMOGRAPHY,
    S_FAST,
    S_KEEP,
    S_OPEN,
    S_PLACE,
    S_REMOVE,
    S_SECURITY,
    S_WINDOW,
    W_EXODUS,
    State,
)
from tests.core.intendentes.builders import (
    at,
    block,
    do,
    drive,
    fill_supply,
    give,
    hand,
    legal,
    new,
    plan,
    plan_on_top,
    play_plan,
    plays_of,
    put_on_display,
    set_event,
    set_people,
)


def window(s: State, phase: int, seat: int = 0, event: str = "provincial_funds") -> None:
    """Put ``seat`` in the plan window of ``phase`` (from phase 4 on, with ``event`` revealed)."""
    at(s, phase, G_WINDOW, S_WINDOW, seat)
    if phase >= 4:
        set_event(s, event)


def demography(s: State, seat: int = 0) -> None:
    at(s, 2, G_DEMOGRAPHY, S_DEMOGRAPHY, seat)


def security(s: State, seat: int = 0) -> None:
    at(s, 5, G_SECURITY, S_SECURITY, seat)
    set_event(s, "provincial_funds")


def test_every_plan_has_a_test_here() -> None:
    """The 26 plan names of §9 (a guard against a plan left out of this file)."""
    import inspect
    import sys

    source = inspect.getsource(sys.modules[__name__])
    missing = [p.key for p in PLANS if f'"{p.key}"' not in source]
    assert missing == [] and len(PLANS) == 26


# --- P01 Public Tender ----------------------------------------------------------------------
@pytest.mark.parametrize(("block_id", "bid", "paid"), [("B13", 7, 4), ("B01", 3, 0)])
def test_public_tender_takes_three_off_the_winning_bid(block_id: str, bid: int, paid: int) -> None:
    s = new(2)
    hand(s, 0, "public_tender")
    put_on_display(s, 0, block_id)
    window(s, 1)
    s = play_plan(s, "public_tender")
    assert s.money[0] == 19 and s.step == S_OPEN and s.actor == 0
    s = do(s, Open(0))
    s = do(s, Bid(bid))
    s = do(s, PASS)
    assert block(block_id) in s.blocks[0]
    assert s.money[0] == 19 - paid  # never below $0


def test_public_tender_is_legal_with_nothing_acquired_yet() -> None:
    s = new(2)
    hand(s, 0, "public_tender")
    window(s, 1)
    assert plays_of(s) == {("public_tender", 0)}


# --- P02 Permit Fees ------------------------------------------------------------------------
def test_permit_fees_targets_a_neighbour_who_pays_three() -> None:
    s = new(4)
    hand(s, 0, "permit_fees")
    window(s, 1)
    assert plays_of(s) == {("permit_fees", 1), ("permit_fees", 3)}  # not seat 2, opposite
    s = play_plan(s, "permit_fees", 3)
    assert s.money == [18, 20, 20, 17]
    assert ("pays", 3, 3) in s.log


def test_permit_fees_takes_all_of_less_than_three_and_nothing_from_zero() -> None:
    s = new(2)
    hand(s, 0, "permit_fees")
    s.money[1] = 2
    window(s, 1)
    s = play_plan(s, "permit_fees", 1)
    assert s.money == [18, 0]
    s = new(2)
    hand(s, 0, "permit_fees")
    s.money[1] = 0
    window(s, 1)
    assert plays_of(s) == set()


# --- P03 Housing Plan -----------------------------------------------------------------------
def test_housing_plan_adds_two_capacity_to_a_chosen_town_or_city_for_good() -> None:
    s = new(2)
    hand(s, 0, "housing_plan")
    b05 = give(s, 0, "B05", 2)
    give(s, 0, "B29")
    demography(s)
    s = play_plan(s, "housing_plan")
    assert s.step == S_CHOOSE and s.actor == 0
    assert set(legal(s)) == {Choose(block("IT-A")), Choose(b05)}  # towns and cities only
    s = do(s, Choose(b05))
    i = s.blocks[0].index(b05)
    assert s.capacity[0][i] == 6 and s.money[0] == 16
    assert s.step == S_DEMOGRAPHY and s.actor == 0
    s = drive(s, lambda x: x.round == 2)
    assert s.capacity[0][s.blocks[0].index(b05)] == 6  # permanent


def test_housing_plan_with_only_the_initial_town_needs_no_choice() -> None:
    s = new(2)
    hand(s, 0, "housing_plan")
    demography(s)
    s = play_plan(s, "housing_plan")
    assert s.capacity[0] == [6, 3]
    assert s.step == S_DEMOGRAPHY


# --- P04 Rural Exodus -----------------------------------------------------------------------
def test_rural_exodus_takes_from_a_field_of_the_targets_choice() -> None:
    s = new(2)
    hand(s, 0, "rural_exodus")
    set_people(s, 1, "IF-A", 1)
    b29 = give(s, 1, "B29", 2)
    demography(s)
    supply = s.supply
    s = play_plan(s, "rural_exodus", 1)
    assert (s.step, s.actor, s.why) == (S_REMOVE, 1, W_EXODUS)
    assert set(legal(s)) == {Remove(block("IF-A")), Remove(b29)}  # fields only
    s = do(s, Remove(b29), seat=1)
    assert (s.step, s.actor) == (S_PLACE, 0)
    assert set(legal(s)) == {Place(block("IT-A")), Place(block("IF-A"))}
    s = do(s, Place(block("IF-A")))
    assert s.people[0] == [2, 1] and s.people[1] == [2, 1, 1]
    assert s.supply == supply and s.money[0] == 17
    assert (s.step, s.actor) == (S_DEMOGRAPHY, 0)


def test_rural_exodus_takes_from_any_block_when_no_field_is_peopled() -> None:
    s = new(2)
    hand(s, 0, "rural_exodus")
    b05 = give(s, 1, "B05", 1)
    demography(s)
    s = play_plan(s, "rural_exodus", 1)
    assert set(legal(s)) == {Remove(block("IT-A")), Remove(b05)}
    s = do(s, Remove(b05), seat=1)
    s = do(s, Place(block("IT-A")))
    assert s.people[0] == [3, 0] and s.people[1] == [2, 0, 0]


def test_rural_exodus_needs_a_peopled_target_and_room_at_home() -> None:
    s = new(2)
    hand(s, 0, "rural_exodus")
    set_people(s, 1, "IT-A", 0)
    demography(s)
    assert plays_of(s) == set()
    s = new(2)
    hand(s, 0, "rural_exodus")
    set_people(s, 0, "IT-A", 4)
    set_people(s, 0, "IF-A", 3)
    demography(s)
    assert plays_of(s) == set()


# --- P05 Immigration Program ----------------------------------------------------------------
def test_immigration_program_places_two_new_inhabitants() -> None:
    s = new(2)
    hand(s, 0, "immigration_program")
    demography(s)
    supply = s.supply
    s = play_plan(s, "immigration_program")
    assert s.step == S_PLACE and s.left == 2
    assert STOP not in legal(s)  # compulsory while possible
    s = do(s, Place(block("IF-A")))
    s = do(s, Place(block("IT-A")))
    assert s.people[0] == [3, 1] and s.supply == supply - 2 and s.money[0] == 15
    assert s.step == S_DEMOGRAPHY


def test_immigration_program_places_one_with_room_for_one() -> None:
    s = new(2)
    hand(s, 0, "immigration_program")
    set_people(s, 0, "IT-A", 4)
    set_people(s, 0, "IF-A", 2)
    demography(s)
    supply = s.supply
    s = play_plan(s, "immigration_program")
    assert s.people[0] == [4, 3] and s.supply == supply - 1


def test_immigration_program_places_one_when_the_supply_holds_one() -> None:
    s = new(3)
    hand(s, 0, "immigration_program")
    fill_supply(s, (1, 2), keep=1)
    demography(s)
    s = play_plan(s, "immigration_program")
    s = do(s, Place(block("IF-A")))
    assert s.people[0] == [2, 1] and s.supply == 0 and s.step == S_DEMOGRAPHY


def test_immigration_program_needs_room_and_a_supply() -> None:
    s = new(2)
    hand(s, 0, "immigration_program")
    set_people(s, 0, "IT-A", 4)
    set_people(s, 0, "IF-A", 3)
    demography(s)
    assert plays_of(s) == set()
    s = new(3)
    hand(s, 0, "immigration_program")
    fill_supply(s, (1, 2))
    demography(s)
    assert plays_of(s) == set()


# --- P06 Advisors ---------------------------------------------------------------------------
def test_advisors_draws_two_and_keeps_one() -> None:
    s = new(2)
    hand(s, 0, "advisors", "smear_campaign")
    plan_on_top(s, "arson", "irrigation")
    window(s, 3)
    s = play_plan(s, "advisors")
    assert s.step == S_KEEP and sorted(s.drawn) == sorted([plan("arson"), plan("irrigation")])
    s = do(s, Keep(plan("arson")))
    assert sorted(s.hand[0]) == sorted([plan("arson"), plan("smear_campaign")])
    assert set(s.plan_discard[-2:]) == {plan("advisors"), plan("irrigation")}
    assert s.money[0] == 19


def test_two_copies_drawn_are_a_keep_like_any_other() -> None:
    """The mayor is asked (one option), and everyone reads what they read of any keep: a
    keep made for the mayor would tell the table which secret plan it kept."""
    def keep_lines(first: str, second: str) -> tuple[list[Action], str]:
        s = new(2)
        hand(s, 0, "advisors", "smear_campaign")
        plan_on_top(s, first, second)
        window(s, 3)
        s = play_plan(s, "advisors")
        assert s.step == S_KEEP and s.actor == 0
        options = legal(s)
        after = do(s, options[0])
        return options, GAME.narrate(options[0], 0, GAME.view(s, None), GAME.view(after, None))

    options, same = keep_lines("open_concert", "open_concert")
    assert options == [Keep(plan("open_concert"))]
    _, different = keep_lines("arson", "irrigation")
    assert same == different


def test_advisors_with_a_full_hand_ends_with_four() -> None:
    s = new(2)
    hand(s, 0, "advisors", "smear_campaign", "arson", "irrigation")
    plan_on_top(s, "tax_audit", "agitators")
    window(s, 3)
    s = play_plan(s, "advisors")
    s = do(s, Keep(plan("agitators")))
    assert len(s.hand[0]) == 4 and plan("agitators") in s.hand[0] and plan("advisors") not in s.hand[0]


# --- P07-P08 Prevention Campaign and P09 Civil Defense (legality; effects: events tests) ---------
def test_prevention_campaign_cuts_two_cards_each_copy() -> None:
    s = new(2)
    hand(s, 0, "prevention_campaign", "prevention_campaign")
    s.risk[0][FIRE] = 7  # Fire 2: 5 cards, capped to 3
    window(s, 4, event="fire_2")
    s = play_plan(s, "prevention_campaign")
    assert ("prevention_campaign", 0) in plays_of(s)  # one card still to come
    s = play_plan(s, "prevention_campaign")
    assert s.cards[0][FIRE] == 0 and s.money[0] == 14


def test_prevention_campaign_is_illegal_when_the_event_gives_no_card() -> None:
    s = new(2)
    hand(s, 0, "prevention_campaign", "civil_defense")
    s.risk[0][FIRE] = 2  # Fire 2 needs an index above 2
    window(s, 4, event="fire_2")
    assert plays_of(s) == set()
    s = new(2)
    hand(s, 0, "prevention_campaign", "civil_defense")
    s.risk[0][FIRE] = 3
    window(s, 4, event="fire_2")
    assert plays_of(s) == {("prevention_campaign", 0), ("civil_defense", 0)}
    s = play_plan(s, "civil_defense")
    assert s.cards[0][FIRE] == 0  # no prevention after Civil Defense: the window closed
    assert plan("prevention_campaign") in s.hand[0]


CIVIL_DEFENSE_CASES = [
    # (event, discontent, extra setup, legal?)
    ("inflation", 0, None, False),  # only the shared market
    ("elections", 4, None, False),
    ("elections", 6, None, False),
    ("elections", 3, None, True),
    ("elections", 7, None, True),
    ("elections", 0, None, True),
    ("social_protest", 2, None, False),
    ("social_protest", 3, None, True),
    ("epidemic", 0, None, False),  # 2 inhabitants: nobody to remove
    ("epidemic", 0, "five", True),
    ("epidemic", 0, "five+hospital", False),
    ("tourism_boom", 0, None, False),
    ("tourism_boom", 0, "city", True),
    ("migration_wave", 0, None, True),
    ("migration_wave", 0, "full", False),
    ("drought", 0, None, True),  # this round's food modifier counts as a change
    ("bumper_harvest", 0, None, True),
    ("general_strike", 0, None, True),
    ("provincial_funds", 0, None, True),
    ("fire_3", 0, None, False),
    ("fire_3", 0, "fire4", True),
]


@pytest.mark.parametrize(("event", "discontent", "extra", "expected"), CIVIL_DEFENSE_CASES)
def test_civil_defense_is_illegal_when_the_event_changes_nothing(
    event: str, discontent: int, extra: str | None, expected: bool
) -> None:
    s = new(2)
    hand(s, 0, "civil_defense")
    s.discontent[0] = discontent
    if extra and extra.startswith("five"):
        set_people(s, 0, "IT-A", 4)
        set_people(s, 0, "IF-A", 1)
        if extra.endswith("hospital"):
            give(s, 0, "B56")
    elif extra == "city":
        give(s, 0, "B13", 3)
    elif extra == "full":
        set_people(s, 0, "IT-A", 4)
        set_people(s, 0, "IF-A", 3)
    elif extra == "fire4":
        s.risk[0][FIRE] = 4
    window(s, 4, event=event)
    assert (("civil_defense", 0) in plays_of(s)) == expected


def test_civil_defense_is_illegal_after_prevention_took_every_card() -> None:
    s = new(2)
    hand(s, 0, "civil_defense", "prevention_campaign")
    s.risk[0][FIRE] = 5  # Fire 3: 2 cards
    window(s, 4, event="fire_3")
    s = play_plan(s, "prevention_campaign")
    assert s.cards[0][FIRE] == 0 and plan("civil_defense") in s.hand[0]


def test_civil_defense_leaves_the_district_untouched() -> None:
    s = new(2)
    hand(s, 0, "civil_defense")
    window(s, 4, event="provincial_funds")
    s = play_plan(s, "civil_defense")
    assert s.money == [15, 25]
    assert ("immune", 0, 0) in s.log


# --- P10-P16 security plans -----------------------------------------------------------------
def test_community_volunteers_remove_a_fire_or_flood_card() -> None:
    s = new(2)
    hand(s, 0, "community_volunteers", "community_volunteers")
    s.cards[0] = [1, 1, 1, 0]
    security(s)
    s = play_plan(s, "community_volunteers")
    assert s.cards[0] == [0, 1, 1, 0]
    s = play_plan(s, "community_volunteers")
    assert s.cards[0] == [0, 0, 1, 0] and s.money[0] == 16
    assert plays_of(s) == set()


def test_community_volunteers_need_a_fire_or_flood_card() -> None:
    s = new(2)
    hand(s, 0, "community_volunteers")
    s.cards[0] = [0, 0, 2, 2]
    security(s)
    assert plays_of(s) == set()


def test_neighbourhood_watch_removes_an_insecurity_card() -> None:
    s = new(2)
    hand(s, 0, "neighbourhood_watch")
    s.cards[0] = [1, 1, 2, 1]
    security(s)
    s = play_plan(s, "neighbourhood_watch")
    assert s.cards[0] == [1, 1, 1, 1] and s.money[0] == 18
    s = new(2)
    hand(s, 0, "neighbourhood_watch")
    s.cards[0] = [1, 1, 0, 1]
    security(s)
    assert plays_of(s) == set()


def test_dialogue_table_removes_a_demonstration_without_a_rise() -> None:
    s = new(2)
    hand(s, 0, "dialogue_table")
    s.cards[0][DEMONSTRATION] = 1
    s.discontent[0] = 5
    security(s)
    s = play_plan(s, "dialogue_table")
    assert s.cards[0][DEMONSTRATION] == 0 and s.discontent[0] == 5 and s.money[0] == 17
    s = new(2)
    hand(s, 0, "dialogue_table")
    s.cards[0] = [1, 1, 1, 0]
    security(s)
    assert plays_of(s) == set()


@pytest.mark.parametrize(
    ("key", "index"), [("fire_prevention", FIRE), ("drainage_works", FLOOD), ("street_lighting", INSECURITY)]
)
@pytest.mark.parametrize(("before", "after"), [(3, 1), (1, 0)])
def test_index_plans_lower_their_index_by_two_never_below_zero(key: str, index: int, before: int, after: int) -> None:
    s = new(2)
    hand(s, 0, key)
    s.risk[0] = [5, 5, 5]
    s.risk[0][index] = before
    security(s)
    s = play_plan(s, key)
    expected = [5, 5, 5]
    expected[index] = after
    assert s.risk[0] == expected and s.money[0] == 16


@pytest.mark.parametrize("key", ["fire_prevention", "drainage_works", "street_lighting"])
def test_index_plans_are_illegal_at_zero(key: str) -> None:
    s = new(2)
    hand(s, 0, key)
    s.risk[0] = [0, 0, 0]
    security(s)
    assert plays_of(s) == set()


# --- P17 Arson ------------------------------------------------------------------------------
def test_arson_gives_the_target_a_fire_card_within_the_cap() -> None:
    s = new(2)
    hand(s, 0, "arson")
    security(s)
    s = play_plan(s, "arson", 1)
    assert s.cards[1][FIRE] == 1 and s.capped[1] == 1 and s.money[0] == 16
    s = new(2)
    hand(s, 0, "arson")
    s.capped[1] = 2
    security(s)
    s = play_plan(s, "arson", 1)
    assert s.cards[1][FIRE] == 1 and s.capped[1] == 3


def test_arson_is_illegal_once_the_event_gave_the_target_three_cards() -> None:
    s = new(2)
    hand(s, 0, "arson")
    s.risk[1][FIRE] = 5  # Fire 2: 3 cards
    window(s, 4, event="fire_2")
    s = do(s, PASS)
    assert s.cards[1][FIRE] == 3 and s.capped[1] == 3
    # Seat 0's security turn offers only its end (Arson is illegal), yet it is asked: a
    # turn ended for it would tell everyone it holds nothing it could play.
    assert (s.step, s.actor) == (S_SECURITY, 0) and legal(s) == [END]
    s = do(s, END)
    assert (s.step, s.actor) == (S_SECURITY, 1)
    assert plan("arson") in s.hand[0] and s.money[0] == 20


# --- P18-P23 balance plans ------------------------------------------------------------------
def test_social_subsidies_move_discontent_back_three() -> None:
    s = new(2)
    hand(s, 0, "social_subsidies")
    s.discontent[0] = 10
    s.cards[0][DEMONSTRATION] = 2
    window(s, 6)
    s = play_plan(s, "social_subsidies")
    assert (s.discontent[0], s.cards[0][DEMONSTRATION]) == (7, 0)  # left Fist 3: returns 2
    s = new(2)
    hand(s, 0, "social_subsidies")
    s.discontent[0] = 2
    window(s, 6)
    s = play_plan(s, "social_subsidies")
    assert s.discontent[0] == 0


@pytest.mark.parametrize("key", ["social_subsidies", "open_concert", "popular_festival"])
def test_calming_plans_are_illegal_at_peace(key: str) -> None:
    s = new(2)
    hand(s, 0, key)
    window(s, 6 if key == "social_subsidies" else 7)
    assert plays_of(s) == set()


def test_tax_increase_raises_discontent_and_town_income() -> None:
    s = new(2)
    hand(s, 0, "tax_increase")
    give(s, 0, "B05", 2)  # Town, $2
    give(s, 0, "B31", 1)  # Field, $1: no increase
    s.discontent[0] = 2
    window(s, 6)
    s = play_plan(s, "tax_increase")
    assert s.money[0] == 20 and s.discontent[0] == 3 and s.cards[0][DEMONSTRATION] == 1
    s = drive(s, lambda x: x.phase == 7)
    assert s.money == [20 + 2 * 2 + 2 * 3 + 1, 20 + 2]


def test_soup_kitchens_add_three_food_up_to_forty() -> None:
    s = new(2)
    hand(s, 0, "soup_kitchens")
    window(s, 6)
    s = play_plan(s, "soup_kitchens")
    assert s.warehouse[0] == 8 and s.money[0] == 16
    s = new(2)
    hand(s, 0, "soup_kitchens")
    s.warehouse[0] = 38
    window(s, 6)
    s = play_plan(s, "soup_kitchens")
    assert s.warehouse[0] == 40
    s = new(2)
    hand(s, 0, "soup_kitchens")
    s.warehouse[0] = 40
    window(s, 6)
    assert plays_of(s) == set()


def test_irrigation_adds_one_food_per_field_inhabitant() -> None:
    s = new(2)
    hand(s, 0, "irrigation")
    set_people(s, 0, "IF-A", 2)
    set_people(s, 1, "IF-A", 2)
    window(s, 6)
    s = play_plan(s, "irrigation")
    s = drive(s, lambda x: x.phase == 7)
    assert s.warehouse == [5 + 2 * 3 - 4, 5 + 2 * 2 - 4]


def test_irrigation_needs_a_peopled_field() -> None:
    s = new(2)
    hand(s, 0, "irrigation")
    give(s, 0, "B29", 0)
    window(s, 6)
    assert plays_of(s) == set()


def test_tax_audit_takes_four_or_all_and_never_from_zero() -> None:
    s = new(2)
    hand(s, 0, "tax_audit")
    window(s, 6)
    s = play_plan(s, "tax_audit", 1)
    assert s.money == [18, 16]
    assert ("pays", 1, 4) in s.log
    s = new(2)
    hand(s, 0, "tax_audit")
    s.money[1] = 3
    window(s, 6)
    s = play_plan(s, "tax_audit", 1)
    assert ("pays", 1, 3) in s.log
    s = new(2)
    hand(s, 0, "tax_audit")
    s.money[1] = 0
    window(s, 6)
    assert plays_of(s) == set()


# --- P24-P29 happiness plans ----------------------------------------------------------------
def test_open_concert_moves_back_two_and_stops_on_a_fist() -> None:
    s = new(2)
    hand(s, 0, "open_concert")
    s.discontent[0] = 5
    s.cards[0][DEMONSTRATION] = 1
    window(s, 7)
    s = play_plan(s, "open_concert")
    assert (s.discontent[0], s.cards[0][DEMONSTRATION], s.money[0]) == (3, 1, 17)


def test_popular_festival_moves_back_one() -> None:
    s = new(2)
    hand(s, 0, "popular_festival")
    s.discontent[0] = 3
    s.cards[0][DEMONSTRATION] = 1
    window(s, 7)
    s = play_plan(s, "popular_festival")
    assert (s.discontent[0], s.cards[0][DEMONSTRATION], s.money[0]) == (2, 0, 19)


def test_agitators_raise_the_target_two_with_the_fists() -> None:
    s = new(2)
    hand(s, 0, "agitators")
    s.discontent[1] = 2
    window(s, 7)
    s = play_plan(s, "agitators", 1)
    assert (s.discontent[1], s.cards[1][DEMONSTRATION], s.money[0]) == (4, 1, 17)


def test_agitators_stop_at_fifteen_and_are_illegal_there() -> None:
    s = new(2)
    hand(s, 0, "agitators")
    s.discontent[1] = 14
    window(s, 7)
    s = play_plan(s, "agitators", 1)
    assert s.discontent[1] == 15
    s = new(2)
    hand(s, 0, "agitators")
    s.discontent[1] = 15
    window(s, 7)
    assert plays_of(s) == set()


def test_housing_credits_add_one_after_births_to_peopled_towns_with_room() -> None:
    s = new(2)
    hand(s, 0, "housing_credits")
    b05 = give(s, 0, "B05", 1)  # no birth with 1; a credit
    b01 = give(s, 0, "B01", 0)  # empty: nothing
    b02 = give(s, 0, "B02", 3)  # full: nothing
    set_people(s, 0, "IF-A", 1)  # a field: nothing
    window(s, 7)
    supply = s.supply
    s = play_plan(s, "housing_credits")
    people = dict(zip(s.blocks[0], s.people[0]))
    assert people[block("IT-A")] == 4  # 2 + birth + credit
    assert (people[b05], people[b01], people[b02], people[block("IF-A")]) == (2, 0, 3, 1)
    assert s.people[1][0] == 3  # seat 1: the birth only
    assert s.supply == supply - 4 and s.money[0] == 17
    assert s.step == S_FAST


# --- P30-P32 decline plans ------------------------------------------------------------------
def test_press_campaign_cuts_the_decline_loss_by_three() -> None:
    s = new(2)
    hand(s, 0, "press_campaign")
    s.cards[0] = [1, 0, 0, 2]
    window(s, 8)
    s = play_plan(s, "press_campaign")
    assert ("decline", 0, 2) in s.log and s.splendor[0] == 8


def test_press_campaign_never_below_zero_and_needs_a_card() -> None:
    s = new(2)
    hand(s, 0, "press_campaign")
    s.cards[0] = [2, 0, 0, 0]
    window(s, 8)
    s = play_plan(s, "press_campaign")
    assert ("decline", 0, 0) in s.log and s.splendor[0] == 10
    s = new(2)
    hand(s, 0, "press_campaign")
    window(s, 8)
    assert plays_of(s) == set()


def test_smear_campaign_costs_the_target_three_splendor() -> None:
    s = new(2)
    hand(s, 0, "smear_campaign")
    window(s, 8)
    s = play_plan(s, "smear_campaign", 1)
    assert s.splendor == [10, 7] and s.money[0] == 16


# --- A19 and neighbours ---------------------------------------------------------------------
def test_a_plan_hits_a_target_once_a_round_even_from_another_mayor() -> None:
    s = new(3)
    hand(s, 0, "smear_campaign")
    hand(s, 1, "smear_campaign")
    window(s, 8)
    assert plays_of(s) == {("smear_campaign", 1), ("smear_campaign", 2)}
    s = play_plan(s, "smear_campaign", 2)
    assert s.actor == 1
    assert plays_of(s) == {("smear_campaign", 0)}  # seat 2 already hit by this plan name
    s = do(s, PASS)  # seat 1 keeps the card and pays nothing
    assert s.round == 2
    assert s.splendor == [10, 10, 7] and s.money[1] == 20
    assert s.hand[1] == [plan("smear_campaign")]
    s = drive(s, lambda x: x.phase == 8 and x.step == S_WINDOW and x.actor == 1)
    assert ("smear_campaign", 2) in plays_of(s)  # a new round: seat 2 may be hit again


def test_one_mayor_cannot_hit_a_target_twice_with_two_copies() -> None:
    s = new(2)
    hand(s, 0, "smear_campaign", "smear_campaign")
    window(s, 8)
    s = play_plan(s, "smear_campaign", 1)
    assert legal(s) == [PASS]  # the second copy cannot hit seat 1 again: it can only pass
    s = do(s, PASS)
    assert s.round == 2  # the window and the round ended
    assert s.splendor == [10, 7] and s.hand[0] == [plan("smear_campaign")]


@pytest.mark.parametrize(("players", "seat", "targets"), [
    (4, 0, {1, 3}), (4, 1, {0, 2}), (4, 2, {1, 3}), (4, 3, {0, 2}),
    (3, 0, {1, 2}), (3, 2, {0, 1}), (2, 1, {0}),
])
def test_neighbour_plans_target_the_neighbours_of_the_seat(players: int, seat: int, targets: set[int]) -> None:
    s = new(players)
    hand(s, seat, "agitators")
    window(s, 7, seat=seat)
    assert plays_of(s) == {("agitators", t) for t in targets}


def test_smear_campaign_may_take_splendor_below_zero() -> None:
    s = new(2)
    hand(s, 0, "smear_campaign")
    s.splendor[1] = 1
    window(s, 8)
    s = play_plan(s, "smear_campaign", 1)
    assert s.splendor[1] == -2  # A13: unbounded


def test_housing_credits_with_a_short_supply_are_chosen() -> None:
    s = new(3)
    hand(s, 0, "housing_credits")
    b05 = give(s, 0, "B05", 1)
    b06 = give(s, 0, "B06", 1)
    set_people(s, 0, "IT-A", 4)  # full: no birth, no credit
    fill_supply(s, (1, 2), keep=1)  # (seat 1 and 2's towns are full: no births there)
    window(s, 7)
    s = play_plan(s, "housing_credits")
    assert s.step == S_BIRTH and s.actor == 0
    assert set(legal(s)) == {Birth(b05), Birth(b06)}
    s = do(s, Birth(b06))
    people = dict(zip(s.blocks[0], s.people[0]))
    assert (people[b05], people[b06], s.supply) == (1, 2, 0)
