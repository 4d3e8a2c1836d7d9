"""Intendentes rules beyond the worked examples: bidding, plans and their legality (§4.2, A19),
events, security, market, births, fast increase, turn order, the end, views and encoding."""

from __future__ import annotations

import random

import pytest

from core.engine import CorruptData
from core.intendentes import GAME, balance, phases, rules
from core.intendentes.actions import (
    BUY,
    CHOOSE,
    PAID,
    TRAIN_STATION,
    END,
    HYDRAULIC_WORKS,
    KEEP_HAND,
    PASS,
    SKIP,
    STADIUM,
    STOP,
    Bid,
    Birth,
    Decline,
    Discard,
    Fast,
    Keep,
    Move,
    Officer,
    Open,
    Place,
    Play,
    Remove,
    bid,
)
from core.intendentes.content import DEMONSTRATION, FIRE, FLOOD, INSECURITY, MARKET_START
from core.intendentes.state import (
    ACQUIRED,
    G_BIRTHS,
    G_DEMOGRAPHY,
    G_EVENT,
    G_FAST,
    G_MARKET,
    G_PLANNING,
    G_SECURITY,
    G_WINDOW,
    HIDDEN,
    NONE,
    S_AUCTION,
    S_BIRTH,
    S_DEMOGRAPHY,
    S_FAST,
    S_HAND,
    S_KEEP,
    S_MARKET,
    S_OPEN,
    S_OVER,
    S_PLACE,
    S_REMOVE,
    S_SECURITY,
    S_WINDOW,
    W_EXODUS,
    W_MIGRATION,
    State,
)
from core.rng import Rng
from tests.core.intendentes.rules_helpers import (
    at,
    block,
    give,
    hand,
    legal,
    new,
    ok,
    plan,
    play,
    put_on_display,
    set_event,
    set_people,
)


def plays_of(state: State, seat: int | None = None) -> set[tuple[int, int]]:
    """``(plan, target)`` of every legal play."""
    return {(a.plan, a.target) for a in legal(state, seat) if isinstance(a, Play)}


# --- neighbours and plan windows ------------------------------------------------------------
def test_neighbours_are_fixed_seats() -> None:
    assert rules.NEIGHBOURS[4][0] == (3, 1) and rules.NEIGHBOURS[4][2] == (1, 3)
    assert rules.NEIGHBOURS[3][0] == (1, 2) and rules.NEIGHBOURS[2][1] == (0,)


def test_a_neighbour_plan_hits_a_target_once_per_round() -> None:
    s = new(3)
    agitators = plan("agitators")
    hand(s, 0, "agitators", "agitators")
    hand(s, 1, "popular_festival")
    s.discontent[1] = 1
    at(s, 7, G_WINDOW, S_WINDOW, 0)
    assert plays_of(s) == {(agitators, 1), (agitators, 2)}
    play(s, Play(agitators, 2))
    assert plays_of(s) == {(agitators, 1)}  # not the second copy on seat 2 either
    assert s.discontent[2] == 2


def test_the_later_mayor_cannot_repeat_a_plan_on_a_target() -> None:
    s = new(3)
    smear = plan("smear_campaign")
    hand(s, 0, "smear_campaign")
    hand(s, 1, "smear_campaign")
    at(s, 8, G_WINDOW, S_WINDOW, 0)
    play(s, Play(smear, 2))
    assert s.splendor[2] == 7
    assert s.actor == 1 and plays_of(s) == {(smear, 0)}  # seat 0 had nothing more: passed


def test_plans_that_would_change_nothing_are_not_legal() -> None:
    s = new(2)
    hand(s, 0, "community_volunteers", "neighbourhood_watch", "fire_prevention", "arson")
    at(s, 5, G_SECURITY, S_SECURITY, 0)
    assert plays_of(s) == {(plan("arson"), 1)}
    s.cards[0][FLOOD] = 1
    s.risk[0][FIRE] = 1
    s.capped[1] = 3
    s.cache = None
    assert plays_of(s) == {(plan("community_volunteers"), 0), (plan("fire_prevention"), 0)}

    s = new(2)
    hand(s, 0, "soup_kitchens", "tax_audit", "social_subsidies", "tax_increase")
    s.warehouse[0] = 40
    s.money[1] = 0
    at(s, 6, G_WINDOW, S_WINDOW, 0)
    assert plays_of(s) == {(plan("tax_increase"), 0)}


def test_a_plan_needs_its_cost_and_the_radio_station_lowers_it() -> None:
    s = new(2)
    hand(s, 0, "social_subsidies")
    s.discontent[0] = 3
    s.money[0] = 4
    at(s, 6, G_WINDOW, S_WINDOW, 0)
    assert plays_of(s) == set()
    give(s, 0, "B64")
    s.cache = None
    play(s, Play(plan("social_subsidies"), 0))
    assert s.money[0] == 0 and s.discontent[0] == 0


def test_community_volunteers_take_a_fire_card_first() -> None:
    s = new(2)
    hand(s, 0, "community_volunteers", "community_volunteers")
    s.cards[0][FIRE] = 1
    s.cards[0][FLOOD] = 1
    at(s, 5, G_SECURITY, S_SECURITY, 0)
    play(s, Play(plan("community_volunteers"), 0))
    assert s.cards[0][:2] == [0, 1]
    play(s, Play(plan("community_volunteers"), 0))
    assert s.cards[0][:2] == [0, 0]


def test_a_window_with_nothing_to_play_passes_by_itself() -> None:
    s = new(3)
    hand(s, 1, "permit_fees")
    s.step = S_WINDOW
    s.stage = G_WINDOW
    s.pos = 0
    phases._advance(s)
    rules._settle(s)
    assert (s.step, s.actor) == (S_WINDOW, 1)
    play(s, Play(plan("permit_fees"), 2))
    assert s.money[2] == 17 and ("pays", 2, 3) in s.log
    assert s.step == S_OPEN  # seat 1 had nothing more, seat 2 nothing at all


# --- bidding -------------------------------------------------------------------------------------
def test_a_mayor_who_cannot_pay_any_block_must_decline() -> None:
    s = new(2)
    s.money[0] = 2
    s.cache = None
    assert legal(s) == [Decline(0), Decline(1), Decline(2)]


def test_a_declined_block_nobody_bids_on_is_discarded() -> None:
    s = new(3)
    nominated = s.display[1]
    following = s.next_block
    play(s, Decline(1))
    assert s.step == S_AUCTION and s.actor == 1
    play(s, PASS)
    play(s, PASS)
    assert s.block_discard == [nominated] and s.display[1] == following
    assert ("unsold", nominated) in s.log
    assert (s.step, s.actor) == (S_OPEN, 1)  # the first eligible mayor opens
    ok(s)


def test_a_declined_auction_starts_at_the_minimum_cost() -> None:
    s = new(3)
    put_on_display(s, 0, "B13")
    play(s, Decline(0))
    assert legal(s)[0] == bid(6) and PASS in legal(s)
    play(s, bid(7))
    assert s.actor == 2
    play(s, PASS)
    assert s.blocks[1][-1] == block("B13") and s.money[1] == 13
    assert s.bid_status == [2, ACQUIRED, 0]
    assert (s.step, s.actor) == (S_OPEN, 2)


def test_a_bidder_who_cannot_raise_passes_by_itself() -> None:
    s = new(3)
    put_on_display(s, 0, "B13")
    s.money[1] = 6
    play(s, Open(0))
    play(s, bid(6))
    assert s.actor == 2 and ("auto", 1, PASS) in s.log


def test_public_tender_lowers_the_price_paid() -> None:
    s = new(2)
    hand(s, 0, "public_tender")
    at(s, 1, G_WINDOW, S_WINDOW, 0)
    put_on_display(s, 0, "B13")
    play(s, Play(plan("public_tender"), 0))
    assert s.step == S_OPEN
    play(s, Open(0))
    play(s, bid(8))
    play(s, PASS)
    assert s.money[0] == 20 - 1 - (8 - 3)


def test_acquisition_applies_the_park_and_floors_the_indices() -> None:
    s = new(2)
    s.discontent[0] = 3
    s.cards[0][DEMONSTRATION] = 1
    s.display[s.display.index(s.display[0])] = s.display[0]
    rules.acquire(s, 0, block("B57"), 4)
    assert s.discontent[0] == 1 and s.cards[0][DEMONSTRATION] == 0
    assert s.risk[0][FLOOD] == 0 and s.splendor[0] == 13


def test_the_bidding_ends_when_every_mayor_acquired_or_declined() -> None:
    s = new(2)
    play(s, Decline(0))
    play(s, PASS)  # seat 1 does not bid on the nominated block
    assert (s.step, s.actor) == (S_OPEN, 1)
    play(s, Decline(0))
    assert s.phase == 2 and ("bidding_over",) in s.log


# --- demography --------------------------------------------------------------------------------
def test_each_inhabitant_moves_at_most_once() -> None:
    s = new(2)
    town, field = block("IT-A"), block("IF-A")
    b05 = give(s, 0, "B05", 2)
    at(s, 2, G_DEMOGRAPHY, S_DEMOGRAPHY, 0)
    play(s, Move(town, field))
    moves = {(a.from_block, a.to_block) for a in legal(s) if isinstance(a, Move)}
    assert moves == {(town, field), (town, b05), (b05, field)}  # nothing into the town, nothing out of the field
    play(s, END)
    assert s.actor == 1 and s.gave == s.got == 0


def test_rural_exodus_takes_from_the_targets_fields() -> None:
    s = new(3)
    hand(s, 0, "rural_exodus")
    set_people(s, 1, "IF-A", 2)
    b29 = give(s, 1, "B29", 1)
    b05 = give(s, 0, "B05", 2)
    at(s, 2, G_DEMOGRAPHY, S_DEMOGRAPHY, 0)
    play(s, Play(plan("rural_exodus"), 1))
    assert (s.step, s.actor, s.why) == (S_REMOVE, 1, W_EXODUS)
    assert set(legal(s)) == {Remove(block("IF-A")), Remove(b29)}  # the town does not qualify
    play(s, Remove(b29))
    ok(s)
    assert (s.step, s.actor, s.why) == (S_PLACE, 0, W_EXODUS)
    supply = s.supply
    play(s, Place(b05))
    assert s.supply == supply and s.people[0][-1] == 3 and s.people[1][-1] == 0
    assert (s.step, s.actor) == (S_DEMOGRAPHY, 0)
    ok(s)


def test_immigration_and_housing_plan() -> None:
    s = new(2)
    hand(s, 0, "immigration_program", "housing_plan")
    s.money[0] = 20
    at(s, 2, G_DEMOGRAPHY, S_DEMOGRAPHY, 0)
    play(s, Play(plan("housing_plan"), 0))  # the initial town is the only town: chosen at once
    assert s.capacity[0][0] == 6 and ("auto", 0, CHOOSE[block("IT-A")]) in s.log
    play(s, Play(plan("immigration_program"), 0))
    assert s.step == S_PLACE
    play(s, Place(block("IF-A")))
    play(s, Place(block("IT-A")))
    assert s.people[0][:2] == [3, 1] and s.step == S_DEMOGRAPHY
    ok(s)


def test_train_station() -> None:
    s = new(2)
    give(s, 0, "B63")
    at(s, 2, G_DEMOGRAPHY, S_DEMOGRAPHY, 0)
    assert TRAIN_STATION[block("IF-A")] in legal(s)
    play(s, TRAIN_STATION[block("IF-A")])
    assert s.people[0][1] == 1 and not any(type(a).__name__ == "TrainStation" for a in legal(s))


# --- planning ----------------------------------------------------------------------------------
def test_planning_draws_two_and_keeps_one() -> None:
    s = new(2)
    at(s, 3, G_PLANNING, S_WINDOW, 0)
    for key in ("arson", "advisors"):
        s.plan_deck.remove(plan(key))
        s.plan_deck.append(plan(key))
    phases._advance(s)
    assert (s.step, s.actor) == (S_KEEP, 0) and sorted(s.drawn) == [plan("advisors"), plan("arson")]
    play(s, Keep(plan("arson")))
    assert s.hand[0] == [plan("arson")] and s.plan_discard[-1] == plan("advisors")
    assert ("plan_discard", 0, plan("advisors")) in s.log
    ok(s)


def test_a_full_hand_keeps_or_discards_first() -> None:
    s = new(2)
    hand(s, 0, "agitators", "agitators", "tax_audit", "irrigation")
    at(s, 3, G_PLANNING, S_WINDOW, 0)
    phases._advance(s)
    assert s.step == S_HAND
    assert set(legal(s)) == {KEEP_HAND, Discard(plan("agitators")), Discard(plan("tax_audit")), Discard(plan("irrigation"))}
    play(s, Discard(plan("agitators")))
    assert len(s.hand[0]) == 3
    if s.step == S_KEEP:
        play(s, legal(s)[0])
    assert len(s.hand[0]) == 4
    ok(s)


# --- events ------------------------------------------------------------------------------------
def test_one_cap_for_two_catastrophes_then_the_prevention_cut() -> None:
    s = new(2)
    at(s, 4, G_WINDOW, S_WINDOW, 0)
    set_event(s, "great_storm")
    s.risk[0] = [9, 10, 0]
    assert rules.event_hits(s, 0)[0] == [0, 3, 0, 0]
    assert rules.event_hits(s, 0, cut=2)[0] == [0, 1, 0, 0]


def test_prevention_and_civil_defense_legality() -> None:
    s = new(2)
    hand(s, 0, "prevention_campaign", "prevention_campaign", "civil_defense")
    at(s, 4, G_WINDOW, S_WINDOW, 0)
    set_event(s, "inflation")
    assert plays_of(s) == set()
    set_event(s, "drought")
    assert plays_of(s) == {(plan("civil_defense"), 0)}
    set_event(s, "social_protest")
    s.discontent[0] = 3
    s.cache = None
    assert plays_of(s) == {(plan("prevention_campaign"), 0), (plan("civil_defense"), 0)}
    play(s, Play(plan("prevention_campaign"), 0))
    assert s.step == S_OPEN or plays_of(s) == set()  # nothing left for the event to do


def test_civil_defense_shields_the_district() -> None:
    s = new(2)
    hand(s, 0, "civil_defense")
    at(s, 4, G_WINDOW, S_WINDOW, 0)
    set_event(s, "fire_2")
    s.risk[0][FIRE] = 5
    s.risk[1][FIRE] = 4
    play(s, Play(plan("civil_defense"), 0))
    assert s.cards[0][FIRE] == 0 and s.cards[1][FIRE] == 2
    assert ("immune", 0, 0) in s.log


def test_epidemic_and_the_hospital() -> None:
    s = new(2)
    give(s, 0, "B16", 7)
    set_people(s, 0, "IF-A", 1)
    give(s, 1, "B56")
    give(s, 1, "B18", 4)
    at(s, 4, G_EVENT, S_WINDOW, 0)
    set_event(s, "epidemic")
    phases._advance(s)
    assert (s.step, s.actor, s.left) == (S_REMOVE, 0, 2)
    play(s, Remove(block("B16")))
    play(s, Remove(block("B16")))
    assert s.people[0] == [2, 1, 5] and ("immune", 1, 1) in s.log
    ok(s)


def test_migration_wave_places_up_to_two() -> None:
    s = new(2)
    at(s, 4, G_EVENT, S_WINDOW, 0)
    set_event(s, "migration_wave")
    phases._advance(s)
    assert (s.step, s.actor, s.why) == (S_PLACE, 0, W_MIGRATION) and STOP in legal(s)
    play(s, Place(block("IF-A")))
    play(s, STOP)
    assert ("migration", 0, 1) in s.log and s.actor == 1
    ok(s)


def test_the_simple_events() -> None:
    def run(key: str) -> State:
        s = new(2)
        give(s, 0, "B13", 3)
        give(s, 0, "B55")
        s.discontent[0] = 2
        s.discontent[1] = 8
        s.market = 11
        at(s, 4, G_EVENT, S_WINDOW, 0)
        set_event(s, key)
        phases._end_window(s) if key == "inflation" else None
        phases._advance(s)
        return s

    s = run("provincial_funds")
    assert s.money == [25, 25]
    s = run("tourism_boom")
    assert s.money == [24, 20]  # a city and a special block
    s = run("elections")
    assert s.splendor == [12, 8]
    s = run("social_protest")
    assert s.cards[0][DEMONSTRATION] == 0 and s.cards[1][DEMONSTRATION] == 1
    s = run("inflation")
    assert s.market == 12


def test_event_modifiers_on_income_and_food() -> None:
    s = new(2)
    give(s, 0, "B23", 2)  # industry: $5 each
    give(s, 0, "B25", 1)  # industry with 1 food
    set_people(s, 0, "IF-A", 2)  # 2 food each
    at(s, 6, G_WINDOW, S_WINDOW, 0)
    assert (rules.income(s, 0), rules.production(s, 0)) == (2 + 10 + 4, 4 + 1)
    set_event(s, "general_strike")
    assert (rules.income(s, 0), rules.production(s, 0)) == (2, 4)
    set_event(s, "bumper_harvest")
    assert rules.production(s, 0) == 6 + 2
    set_event(s, "drought")
    assert rules.production(s, 0) == 2
    hand(s, 0, "irrigation", "tax_increase")
    play(s, Play(plan("irrigation"), 0))
    play(s, Play(plan("tax_increase"), 0))
    assert rules.production(s, 0) == 4 and rules.income(s, 0) == 4 + 10 + 4
    assert s.discontent[0] == 1


# --- security ----------------------------------------------------------------------------------
def test_officers_or_the_paid_action_not_both() -> None:
    s = new(2)
    post = give(s, 0, "B43")
    s.cards[0][INSECURITY] = 1
    s.risk[0][INSECURITY] = 2
    at(s, 5, G_SECURITY, S_SECURITY, 0)
    assert PAID[post] in legal(s)
    play(s, Officer(post, INSECURITY))
    assert PAID[post] not in legal(s)


def test_repression_raises_discontent_through_a_fist() -> None:
    s = new(2)
    post = give(s, 0, "B43")
    s.cards[0][DEMONSTRATION] = 1
    s.discontent[0] = 5
    at(s, 5, G_SECURITY, S_SECURITY, 0)
    play(s, Officer(post, DEMONSTRATION))
    assert s.discontent[0] == 6 and s.cards[0][DEMONSTRATION] == 1


def test_hydraulic_works_once_per_round() -> None:
    s = new(2)
    give(s, 0, "B59")
    s.cards[0][FLOOD] = 2
    at(s, 5, G_SECURITY, S_SECURITY, 0)
    play(s, HYDRAULIC_WORKS)
    assert s.cards[0][FLOOD] == 1 and HYDRAULIC_WORKS not in legal(s)


# --- balance -----------------------------------------------------------------------------------
def test_market_in_reverse_turn_order() -> None:
    s = new(3)
    give(s, 1, "B61")
    at(s, 6, G_MARKET, S_WINDOW, 0)
    phases._advance(s)
    assert (s.step, s.actor) == (S_MARKET, 2)
    play(s, BUY)
    assert (s.money[2], s.warehouse[2], s.market) == (13, 8, MARKET_START + 1)
    assert s.actor == 1
    play(s, BUY)
    assert s.money[1] == 20 - (8 - 2) and s.market == MARKET_START + 2
    play(s, PASS)
    assert ("market", MARKET_START + 2, MARKET_START + 1) in s.log
    assert s.money[0] == 20 + 2  # income: the initial town's 2 inhabitants


# --- happiness and decline ----------------------------------------------------------------------
def test_the_school_lowers_the_rise() -> None:
    s = new(2)
    give(s, 0, "B55")
    s.cards[0][FIRE] = 2
    s.cards[1][FIRE] = 2
    phases._begin_phase(s, 7)
    assert s.discontent == [1, 2]


def test_stadium_in_w7() -> None:
    s = new(2)
    give(s, 0, "B58")
    s.discontent[0] = 2
    at(s, 7, G_WINDOW, S_WINDOW, 0)
    play(s, STADIUM)
    assert s.discontent[0] == 1 and s.money[0] == 17


def test_births_with_a_short_supply_are_chosen() -> None:
    s = new(2)
    b05 = give(s, 0, "B05", 2)
    s.supply = 1  # (the other tokens are left out of this position)
    at(s, 7, G_BIRTHS, S_WINDOW, 0)
    assert balance._births(s, 0, False)
    assert s.step == S_BIRTH and set(legal(s)) == {Birth(block("IT-A")), Birth(b05)}
    play(s, Birth(b05))
    assert s.supply == 0 and ("births", 0, 1) in s.log and s.people[0] == [2, 0, 3]


def test_fast_increase_costs_ten_once() -> None:
    s = new(2)
    at(s, 7, G_FAST, S_WINDOW, 0)
    phases._advance(s)
    assert s.step == S_FAST and SKIP in legal(s)
    play(s, Fast(block("IF-A")))
    assert s.splendor[0] == 0 and STOP in legal(s) and SKIP not in legal(s)
    play(s, Fast(block("IF-A")))
    play(s, Fast(block("IT-A")))
    assert s.splendor[0] == 0 and s.people[0][:2] == [3, 2]
    assert (s.step, s.actor) == (S_FAST, 1)
    play(s, SKIP)
    assert s.splendor[1] == 10


def test_decline_with_cathedral_and_press_campaign() -> None:
    s = new(2)
    give(s, 0, "B60")
    for seat in (0, 1):
        s.cards[seat][FIRE] = 2
        s.cards[seat][DEMONSTRATION] = 2
    hand(s, 1, "press_campaign")
    at(s, 8, G_WINDOW, S_WINDOW, 1)
    splendor = list(s.splendor)
    play(s, Play(plan("press_campaign"), 1))  # then W8 ends and Decline follows
    assert s.splendor[0] == splendor[0] - (2 + 2)
    assert s.splendor[1] == splendor[1] - (2 + 4 - 3)


def test_turn_order_ties_and_the_last_space() -> None:
    s = new(4)
    s.splendor = [10, 12, 10, 10]
    s.risk = [[1, 1, 1], [0, 0, 0], [1, 0, 0], [0, 1, 0]]
    s.money = [20, 20, 20, 25]
    s.discontent[0] = 15
    phases._end_round(s)
    assert s.order == [1, 3, 2, 0]
    assert s.cards[0][DEMONSTRATION] == 1 and ("last_space", 0) in s.log
    s.splendor = [5, 5, 5, 5]
    s.risk = [[0, 0, 0]] * 4
    s.money = [1, 1, 1, 1]
    phases._end_round(s)
    assert s.order == [1, 3, 2, 0]  # all equal: the previous order stands


def test_the_game_ends_after_round_8_without_the_last_space() -> None:
    s = new(2)
    s.round = 8
    s.discontent[0] = 15
    phases._end_round(s)
    assert s.step == S_OVER and GAME.is_over(s) and s.cards[0][DEMONSTRATION] == 0
    assert len(s.final) == 2 and GAME.to_act(s) == []
    result = GAME.result(s)
    assert result.totals == tuple(s.splendor)
    assert result.categories[0] == "Splendor before scoring" and result.categories[-1] == "Total"


# --- hidden information and encoding ----------------------------------------------------------
def random_state(players: int, seed: int, moves: int, **options: object) -> State:
    rng = random.Random(seed)
    s = GAME.setup([f"P{i}" for i in range(players)], seed, dict(options))
    for _ in range(moves):
        if GAME.is_over(s):
            break
        seat = GAME.to_act(s)[0]
        GAME.apply_in_place(s, seat, rng.choice(GAME.legal_actions(s, seat)))
    return s


def test_views_hide_hands_decks_events_and_money() -> None:
    s = random_state(3, 5, 150, hidden_money=True)
    v = GAME.view(s, 0)
    assert GAME.is_view(v) and GAME.problems(v) == []
    assert v.money[0] == s.money[0]
    # Others' money is hidden, but for $0 (Permit Fees' and Tax Audit's legality tell it).
    assert [v.money[i] for i in (1, 2)] == [HIDDEN if s.money[i] else 0 for i in (1, 2)]
    assert HIDDEN in v.money
    assert all(p == HIDDEN for p in v.hand[1]) and len(v.hand[1]) == len(s.hand[1])
    assert all(p == HIDDEN for p in v.plan_deck) and all(e == HIDDEN for e in v.event_deck)
    assert v.block_deck == sorted(s.block_deck) and v.plan_discard == s.plan_discard
    for k in range(3):
        d = GAME.determinize(v, 0, Rng(k))
        assert GAME.problems(d) == [] and not GAME.is_view(d)
        assert GAME.encode_state(GAME.view(d, 0)) == GAME.encode_state(v)


def test_states_and_views_round_trip() -> None:
    s = random_state(4, 9, 300, family=True)
    data = GAME.encode_state(s)
    assert GAME.decode_state(data) == s
    assert GAME.encode_state(GAME.decode_full_state(data)) == data
    for seat in (0, 1, None):
        view_data = GAME.encode_state(GAME.view(s, seat))
        assert GAME.encode_state(GAME.decode_state(view_data)) == view_data
        with pytest.raises(CorruptData):
            GAME.decode_full_state(view_data)


def test_decoding_refuses_a_broken_state() -> None:
    s = random_state(2, 3, 40)
    data = GAME.encode_state(s)
    data["supply"] = data["supply"] - 1
    with pytest.raises(CorruptData, match="inhabitants"):
        GAME.decode_state(data)
    data = GAME.encode_state(s)
    data["step"] = "dance"
    with pytest.raises(CorruptData, match="step"):
        GAME.decode_state(data)


def test_bot_actions_thin_the_bids() -> None:
    s = new(2)
    s.money[0] = 60
    put_on_display(s, 0, "B13")
    play(s, Open(0))
    bids = [a.amount for a in GAME.bot_actions(s, 0) if isinstance(a, Bid)]
    assert bids[:3] == [6, 7, 8] and bids[-1] == 60 and len(bids) <= 9
    assert all(bid(a) in legal(s) for a in bids)
    assert GAME.bot_actions(s, 1) == []
    s2 = new(2)
    assert GAME.bot_actions(s2, 0) == legal(s2)
    assert END not in legal(s2) and NONE == -1
