"""Every block effect of §8.1, one or more tests each: the Police and Fire Brigade blocks
(officers, the $6 paid action, officers-or-paid) and the ten Special blocks.

Positions are built by setup plus field edits (``builders``) and driven only with
``GAME.legal_actions`` / ``GAME.apply``; every assertion checks a value that the effect
changes from the untouched position.
"""

from __future__ import annotations

import pytest

from core.intendentes.actions import (
    BUY,
    HYDRAULIC_WORKS,
    PAID,
    PASS,
    STADIUM,
    Bid,
    Birth,
    NationalHelp,
    Officer,
    Open,
    Play,
    Remove,
    TrainStation,
)
from core.intendentes.content import DEMONSTRATION, FIRE, FLOOD, INSECURITY
from core.intendentes.state import (
    G_DEMOGRAPHY,
    G_SECURITY,
    G_WINDOW,
    S_BIRTH,
    S_DEMOGRAPHY,
    S_MARKET,
    S_OPEN,
    S_REMOVE,
    S_SECURITY,
    S_WINDOW,
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
    plays_of,
    put_on_display,
    set_event,
    set_people,
)


def officers(state: State) -> set[Officer]:
    return {a for a in legal(state) if isinstance(a, Officer)}


def security_turn(state: State, seat: int = 0) -> None:
    """Seat ``seat``'s security turn of round 1 (the event is one that gave no cards)."""
    at(state, 5, G_SECURITY, S_SECURITY, seat)
    set_event(state, "provincial_funds")


# --- police ---------------------------------------------------------------------------------
def test_police_officers_remove_insecurity_flood_or_demonstration_but_not_fire() -> None:
    s = new(2)
    post = give(s, 0, "B43")  # Police Station: 2 officers
    s.cards[0] = [1, 1, 1, 1]
    security_turn(s)
    assert officers(s) == {Officer(post, INSECURITY), Officer(post, FLOOD), Officer(post, DEMONSTRATION)}
    s = do(s, Officer(post, INSECURITY))
    s = do(s, Officer(post, FLOOD))
    assert s.cards[0] == [1, 0, 0, 1]
    assert officers(s) == set()  # both officers used; a different card per officer
    assert s.actor == 0 and s.step == S_SECURITY  # national help is still on offer


def test_a_one_officer_police_post_removes_one_card() -> None:
    s = new(2)
    post = give(s, 0, "B42")  # Police Post: 1 officer
    s.cards[0][INSECURITY] = 3
    security_turn(s)
    s = do(s, Officer(post, INSECURITY))
    assert s.cards[0][INSECURITY] == 2
    assert officers(s) == set()


def test_repression_raises_discontent_by_one_per_demonstration() -> None:
    s = new(2)
    post = give(s, 0, "B43")
    s.cards[0][DEMONSTRATION] = 2
    security_turn(s)
    s = do(s, Officer(post, DEMONSTRATION))
    assert (s.discontent[0], s.cards[0][DEMONSTRATION]) == (1, 1)
    s = do(s, Officer(post, DEMONSTRATION))
    assert (s.discontent[0], s.cards[0][DEMONSTRATION]) == (2, 0)


def test_repression_into_a_fist_brings_a_new_demonstration() -> None:
    s = new(2)
    post = give(s, 0, "B43")
    s.cards[0][DEMONSTRATION] = 1
    s.discontent[0] = 2
    security_turn(s)
    s = do(s, Officer(post, DEMONSTRATION))
    assert s.discontent[0] == 3  # Fist 1: one demonstration card taken back at once
    assert s.cards[0][DEMONSTRATION] == 1
    assert Officer(post, DEMONSTRATION) in legal(s)  # the second officer may remove it again


def test_police_paid_action_lowers_insecurity_for_six_dollars() -> None:
    s = new(2)
    post = give(s, 0, "B43")
    s.risk[0] = [2, 2, 2]
    s.cards[0][INSECURITY] = 1
    security_turn(s)
    s = do(s, PAID[post])
    assert s.money[0] == 14
    assert s.risk[0] == [2, 2, 1]  # only the insecurity index
    assert PAID[post] not in legal(s)  # once per round
    assert officers(s) == set()  # paid, so its officers may not act


def test_police_officers_then_no_paid_action() -> None:
    s = new(2)
    post = give(s, 0, "B43")
    s.risk[0][INSECURITY] = 2
    s.cards[0][INSECURITY] = 1
    security_turn(s)
    assert PAID[post] in legal(s)
    s = do(s, Officer(post, INSECURITY))
    assert PAID[post] not in legal(s)
    assert s.money[0] == 20 and s.risk[0][INSECURITY] == 2


def test_paid_action_needs_six_dollars_and_an_index_above_zero() -> None:
    s = new(2)
    post = give(s, 0, "B43")
    s.risk[0] = [3, 3, 0]
    security_turn(s)
    assert PAID[post] not in legal(s)  # insecurity already 0
    s = new(2)
    post = give(s, 0, "B43")
    s.risk[0][INSECURITY] = 1
    s.money[0] = 5
    security_turn(s)
    assert PAID[post] not in legal(s)
    s.money[0] = 6
    s.cache = None
    s = do(s, PAID[post])
    assert (s.money[0], s.risk[0][INSECURITY]) == (0, 0)


def test_two_police_blocks_each_pay_once() -> None:
    s = new(2)
    a = give(s, 0, "B43")
    b = give(s, 0, "B44")
    s.risk[0][INSECURITY] = 3
    security_turn(s)
    s = do(s, PAID[a])
    s = do(s, PAID[b])
    assert (s.money[0], s.risk[0][INSECURITY]) == (8, 1)
    assert PAID[a] not in legal(s) and PAID[b] not in legal(s)


# --- fire brigade ---------------------------------------------------------------------------
def test_fire_brigade_officers_remove_fire_or_flood_only() -> None:
    s = new(2)
    station = give(s, 0, "B51")  # Fire Station: 2 officers
    s.cards[0] = [1, 1, 1, 1]
    security_turn(s)
    assert officers(s) == {Officer(station, FIRE), Officer(station, FLOOD)}
    s = do(s, Officer(station, FIRE))
    s = do(s, Officer(station, FLOOD))
    assert s.cards[0] == [0, 0, 1, 1]
    assert s.discontent[0] == 0  # no repression for fire brigades
    assert officers(s) == set()


def test_fire_brigade_paid_action_lowers_the_fire_index_only() -> None:
    s = new(2)
    station = give(s, 0, "B48")  # Volunteer Fire Brigade: 1 officer
    s.risk[0] = [1, 3, 2]
    s.cards[0][FIRE] = 1
    security_turn(s)
    s = do(s, PAID[station])
    assert s.risk[0] == [0, 3, 2]  # A21: never the flood index
    assert s.money[0] == 14
    assert officers(s) == set() and s.cards[0][FIRE] == 1


def test_fire_brigade_paid_action_is_illegal_at_fire_zero_whatever_the_flood() -> None:
    s = new(2)
    station = give(s, 0, "B48")
    s.risk[0] = [0, 5, 5]
    s.cards[0][FIRE] = 1
    security_turn(s)
    assert PAID[station] not in legal(s)
    s = do(s, Officer(station, FIRE))
    assert s.cards[0][FIRE] == 0


def test_fire_brigade_officers_then_no_paid_action() -> None:
    s = new(2)
    station = give(s, 0, "B51")
    s.risk[0][FIRE] = 4
    s.cards[0][FLOOD] = 2
    security_turn(s)
    s = do(s, Officer(station, FLOOD))
    assert PAID[station] not in legal(s)  # one officer used: no paid action, even with one left
    assert Officer(station, FLOOD) in legal(s)
    s = do(s, Officer(station, FLOOD))
    assert s.cards[0][FLOOD] == 0 and s.risk[0][FIRE] == 4


# --- school ---------------------------------------------------------------------------------
def to_happiness(s: State) -> State:
    """From window W6 (money and food unchanged by the event) to phase 7 after 7.1."""
    at(s, 6, G_WINDOW, S_WINDOW, s.order[0])
    set_event(s, "provincial_funds")
    return drive(s, lambda x: x.phase == 7)


def test_school_lowers_the_happiness_rise_by_one() -> None:
    s = new(2)
    give(s, 0, "B55")
    s.cards[0] = [1, 1, 1, 0]
    s.cards[1] = [1, 1, 1, 0]
    s = to_happiness(s)
    assert s.discontent == [2, 3]
    assert s.cards[0][DEMONSTRATION] == 0 and s.cards[1][DEMONSTRATION] == 1  # Fist 1 only without the school


def test_school_rise_never_below_zero() -> None:
    s = new(2)
    give(s, 0, "B55")
    s.cards[0] = [0, 1, 0, 0]
    s.cards[1] = [0, 1, 0, 0]
    s = to_happiness(s)
    assert s.discontent == [0, 1]


def test_school_does_not_lower_other_rises() -> None:
    s = new(2)
    give(s, 0, "B55")
    hand(s, 1, "agitators")
    at(s, 7, G_WINDOW, S_WINDOW, 1)
    s = do(s, Play(plan("agitators"), 0))
    assert s.discontent[0] == 2


# --- hospital -------------------------------------------------------------------------------
def test_hospital_births_need_only_one_inhabitant() -> None:
    s = new(2)
    give(s, 0, "B56")
    b05 = give(s, 0, "B05", 1)
    give(s, 1, "B06", 1)
    set_people(s, 0, "IT-A", 1)
    set_people(s, 1, "IT-A", 1)
    at(s, 7, G_WINDOW, S_WINDOW, 0)
    set_event(s, "provincial_funds")
    supply = s.supply
    s = do(s, PASS)
    assert s.people[0][0] == 2 and s.people[0][s.blocks[0].index(b05)] == 2
    assert s.people[1] == [1, 0, 1]  # no hospital: one inhabitant has no birth
    assert s.supply == supply - 2


def test_hospital_keeps_the_epidemic_away() -> None:
    s = new(2)
    give(s, 0, "B56")
    give(s, 0, "B16", 7)
    set_people(s, 0, "IF-A", 1)
    b18 = give(s, 1, "B18", 7)
    set_people(s, 1, "IF-A", 1)
    at(s, 4, G_WINDOW, S_WINDOW, 0)
    set_event(s, "epidemic")
    supply = s.supply
    s = do(s, PASS)
    assert ("immune", 0, 1) in s.log
    assert (s.step, s.actor, s.left) == (S_REMOVE, 1, 2)  # 10 inhabitants: 2 to remove
    s = do(s, Remove(b18))
    s = do(s, Remove(b18))
    assert sum(s.people[0]) == 10 and sum(s.people[1]) == 8
    assert s.supply == supply + 2 and s.discontent == [0, 0]


# --- park -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("discontent", "demonstrations", "flood", "expected"),
    [
        (7, 1, 2, (5, 0, 1)),  # leaves Fist 2 going down: returns its card
        (6, 0, 0, (4, 0, 0)),  # never returns more than held; flood floored at 0
        (4, 2, 0, (2, 1, 0)),  # leaves Fist 1 on the way
        (1, 0, 0, (0, 0, 0)),  # stops at 0
        (5, 1, 0, (3, 1, 0)),  # stops on Fist 1: returns nothing
    ],
)
def test_park_moves_discontent_back_two_on_acquisition(
    discontent: int, demonstrations: int, flood: int, expected: tuple[int, int, int]
) -> None:
    s = new(2)
    put_on_display(s, 0, "B57")  # Public Park: cost 4, flood -1, splendor 3
    s.discontent[0] = discontent
    s.cards[0][DEMONSTRATION] = demonstrations
    s.risk[0][FLOOD] = flood
    s.cache = None
    assert s.step == S_OPEN and s.actor == 0
    s = do(s, Open(0))
    s = do(s, Bid(4))
    s = do(s, PASS)  # seat 1 passes: seat 0 acquires the park
    assert block("B57") in s.blocks[0]
    assert (s.discontent[0], s.cards[0][DEMONSTRATION], s.risk[0][FLOOD]) == expected
    assert (s.money[0], s.splendor[0]) == (16, 13)


# --- stadium --------------------------------------------------------------------------------
def test_stadium_in_w7_pays_three_for_one_space_back_once() -> None:
    s = new(2)
    give(s, 0, "B58")
    s.discontent[0] = 3
    s.cards[0][DEMONSTRATION] = 1
    hand(s, 0, "popular_festival")
    at(s, 7, G_WINDOW, S_WINDOW, 0)
    assert STADIUM in legal(s)
    s = do(s, STADIUM)
    assert (s.money[0], s.discontent[0], s.cards[0][DEMONSTRATION]) == (17, 2, 0)  # left Fist 1
    assert STADIUM not in legal(s) and ("popular_festival", 0) in plays_of(s)


def test_stadium_needs_discontent_three_dollars_and_w7() -> None:
    s = new(2)
    give(s, 0, "B58")
    hand(s, 0, "popular_festival")
    s.discontent[0] = 0
    at(s, 7, G_WINDOW, S_WINDOW, 0)
    assert STADIUM not in legal(s)  # nothing to calm
    s = new(2)
    give(s, 0, "B58")
    hand(s, 0, "open_concert")
    s.discontent[0] = 4
    s.money[0] = 3
    at(s, 7, G_WINDOW, S_WINDOW, 0)
    assert STADIUM in legal(s)
    s.money[0] = 2
    s.cache = None
    assert STADIUM not in legal(s)
    s = new(2)
    give(s, 0, "B58")
    hand(s, 0, "soup_kitchens")
    s.discontent[0] = 4
    at(s, 6, G_WINDOW, S_WINDOW, 0)
    assert STADIUM not in legal(s)  # only in W7


# --- hydraulic works ------------------------------------------------------------------------
def test_hydraulic_works_removes_one_flood_for_free_once() -> None:
    s = new(2)
    give(s, 0, "B59")
    s.cards[0] = [1, 2, 0, 0]
    security_turn(s)
    s = do(s, HYDRAULIC_WORKS)
    assert s.cards[0] == [1, 1, 0, 0]
    assert (s.money[0], s.splendor[0], s.discontent[0]) == (20, 10, 0)
    assert HYDRAULIC_WORKS not in legal(s)


def test_hydraulic_works_needs_a_flood_card() -> None:
    s = new(2)
    give(s, 0, "B59")
    s.cards[0] = [1, 0, 1, 0]
    security_turn(s)
    assert HYDRAULIC_WORKS not in legal(s)


# --- cathedral ------------------------------------------------------------------------------
def test_cathedral_halves_the_demonstration_loss_in_decline() -> None:
    s = new(2)
    give(s, 0, "B60")
    for seat in (0, 1):
        s.cards[seat] = [1, 0, 0, 2]
    at(s, 8, G_WINDOW, S_WINDOW, 0)
    set_event(s, "provincial_funds")
    s = do(s, PASS)
    assert s.round == 2
    assert s.splendor == [10 - 1 - 2 * 1, 10 - 1 - 2 * 2]
    assert ("decline", 0, 3) in s.log and ("decline", 1, 5) in s.log


# --- central market -------------------------------------------------------------------------
def to_market(s: State) -> State:
    at(s, 6, G_WINDOW, S_WINDOW, s.order[0])
    set_event(s, "provincial_funds")
    s = do(s, PASS)
    assert s.step == S_MARKET
    return s


def test_central_market_food_costs_two_less_and_the_marker_still_moves() -> None:
    s = new(2)
    give(s, 1, "B61")
    s.market = 4  # $7
    s = to_market(s)
    assert s.actor == 1  # reverse turn order
    s = do(s, BUY)
    assert (s.money[1], s.warehouse[1], s.market) == (15, 8, 5)
    assert s.actor == 0
    s = do(s, BUY)  # $8 without the Central Market; then the marker moves back, income
    assert ("market", 6, 5) in s.log and s.market == 5
    assert s.money[0] == 20 - 8 + 2 and s.money[1] == 15 + 2


def test_central_market_minimum_price_one_dollar() -> None:
    s = new(2)
    give(s, 1, "B61")
    s.market = 0  # $3
    s.money = [2, 1]
    s = to_market(s)
    assert s.actor == 1 and BUY in legal(s)
    s = do(s, BUY)  # $1; seat 0 cannot pay $4 and is skipped; the marker moves back
    assert ("market", 1, 0) in s.log
    assert s.money == [2 + 2, 1 - 1 + 2]  # then income: the initial towns' $2
    assert s.warehouse == [5 - 2, 5 + 3 - 2]  # then feeding 2 inhabitants


# --- bank -----------------------------------------------------------------------------------
def test_bank_adds_four_dollars_of_income() -> None:
    s = new(2)
    give(s, 0, "B62")
    s = to_happiness(s)
    assert s.money == [20 + 2 + 4, 20 + 2]


# --- train station --------------------------------------------------------------------------
def test_train_station_places_one_new_inhabitant_in_demography() -> None:
    s = new(2)
    give(s, 0, "B63")
    give(s, 0, "B05", 4)  # full
    at(s, 2, G_DEMOGRAPHY, S_DEMOGRAPHY, 0)
    offered = {a for a in legal(s) if isinstance(a, TrainStation)}
    assert offered == {TrainStation(block("IT-A")), TrainStation(block("IF-A"))}
    supply = s.supply
    s = do(s, TrainStation(block("IF-A")))
    assert s.people[0][1] == 1 and s.supply == supply - 1
    assert not any(isinstance(a, TrainStation) for a in legal(s))  # once per round
    assert s.step == S_DEMOGRAPHY and s.actor == 0


def test_train_station_needs_a_token_in_the_supply() -> None:
    s = new(3)
    give(s, 0, "B63")
    fill_supply(s, (1, 2))
    at(s, 2, G_DEMOGRAPHY, S_DEMOGRAPHY, 0)
    assert not any(isinstance(a, TrainStation) for a in legal(s))


# --- radio station --------------------------------------------------------------------------
def test_radio_station_lowers_every_plan_by_one_dollar_never_below_zero() -> None:
    s = new(2)
    give(s, 0, "B64")
    hand(s, 0, "social_subsidies", "tax_increase", "tax_audit")
    hand(s, 1, "social_subsidies", "soup_kitchens")
    s.money = [4, 4]
    s.discontent = [2, 2]
    at(s, 6, G_WINDOW, S_WINDOW, 0)
    assert plays_of(s) == {("social_subsidies", 0), ("tax_increase", 0), ("tax_audit", 1)}
    s = do(s, Play(plan("social_subsidies"), 0))  # $5 - $1
    assert (s.money[0], s.discontent[0]) == (0, 0)
    assert plays_of(s) == {("tax_increase", 0)}  # Tax Audit's $1 is too much now; $0 stays $0
    s = do(s, Play(plan("tax_increase"), 0))
    assert (s.money[0], s.discontent[0]) == (0, 1)
    # Seat 0 has nothing left it can pay for, yet it still holds Tax Audit: it is asked,
    # and can only pass. No radio: Social Subsidies ($5) is out of reach with $4.
    assert (s.actor, legal(s)) == (0, [PASS])
    s = do(s, PASS)
    assert s.actor == 1
    assert plays_of(s) == {("soup_kitchens", 1)}
    s = do(s, Play(plan("soup_kitchens"), 1))
    assert (s.actor, legal(s)) == (1, [PASS])  # Social Subsidies is out of reach
    s = do(s, PASS)
    # Both at $0: nobody buys food; income follows (seat 0's Tax Increase: $2 per townsman).
    assert s.money == [0 + 2 * 2, 0 + 2]


def test_radio_station_makes_a_one_dollar_plan_free() -> None:
    s = new(2)
    give(s, 0, "B64")
    hand(s, 0, "popular_festival", "open_concert")
    s.discontent[0] = 3
    s.money[0] = 0
    at(s, 7, G_WINDOW, S_WINDOW, 0)
    assert plays_of(s) == {("popular_festival", 0)}  # $1 - $1 = $0; Open Concert costs $2
    s = do(s, Play(plan("popular_festival"), 0))
    assert (s.money[0], s.discontent[0]) == (0, 2)


def test_hospital_one_inhabitant_blocks_count_when_the_supply_is_short() -> None:
    s = new(3)
    give(s, 0, "B56")
    b05 = give(s, 0, "B05", 1)
    set_people(s, 0, "IT-A", 1)
    fill_supply(s, (1, 2), keep=1)
    at(s, 7, G_WINDOW, S_WINDOW, 0)
    set_event(s, "provincial_funds")
    s = do(s, PASS)
    assert s.step == S_BIRTH and s.actor == 0
    assert set(legal(s)) == {Birth(block("IT-A")), Birth(b05)}


# --- national help (A20), with the security blocks ----------------------------------------------
def test_national_help_removes_any_card_once_a_round_with_repression_on_demonstrations() -> None:
    s = new(2)
    s.cards[0] = [1, 0, 0, 1]
    s.discontent[0] = 5
    security_turn(s)
    helps = {a for a in legal(s) if isinstance(a, NationalHelp)}
    assert helps == {NationalHelp(FIRE), NationalHelp(DEMONSTRATION)}
    s = do(s, NationalHelp(DEMONSTRATION))
    assert (s.money[0], s.splendor[0], s.discontent[0]) == (15, 5, 6)
    assert s.cards[0] == [1, 0, 0, 1]  # +1 into Fist 2 brought a new demonstration
    assert s.step != S_SECURITY or s.actor != 0  # nothing else to do: the turn ended
