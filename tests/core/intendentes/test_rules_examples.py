"""The worked examples of the spec (§12, shared/rules/intendentes.md) and the designed scoring
vector, on positions built by hand. Seats stand for the rulebook's mayors: Juan 0, Carlos 1,
María 2, Rubén 3 (turn order 0, 1, 2, 3)."""

from __future__ import annotations

from core.intendentes import balance, events, phases, rules, scoring
from core.intendentes.actions import PASS, NationalHelp, Officer, Open, Paid, Play, Remove, bid
from core.intendentes.content import DEMONSTRATION, FIRE, FLOOD, INSECURITY
from core.intendentes.state import (
    ACQUIRED,
    G_FOOD,
    G_SECURITY,
    G_WINDOW,
    NONE,
    S_OPEN,
    S_REMOVE,
    S_SECURITY,
    S_WINDOW,
    W_FAMINE,
)
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


def test_1_auction() -> None:
    s = new(4)
    assert (s.step, s.actor) == (S_OPEN, 0)  # no plans in hand: window W1 passes by itself
    put_on_display(s, 0, "B13")
    next_block = s.next_block
    play(s, Open(0))
    assert legal(s)[0] == bid(6) and legal(s)[-1] == bid(20)  # from the minimum to Juan's money
    play(s, bid(6))
    assert s.actor == 1
    play(s, PASS)
    play(s, PASS)
    assert s.actor == 3
    play(s, bid(9))
    assert s.actor == 0 and bid(9) not in legal(s)
    play(s, bid(10))
    assert s.actor == 3  # Carlos and María are out of this auction
    play(s, bid(13))
    assert s.actor == 0
    play(s, PASS)
    rubén = 3
    assert s.money[rubén] == 20 - 13
    assert s.risk[rubén] == [1, 2, 2]
    assert s.blocks[rubén][-1] == block("B13") and s.people[rubén][-1] == 3
    assert s.splendor[rubén] == 10 + 5
    assert s.bid_status[rubén] == ACQUIRED
    assert s.display[0] == next_block and s.next_block not in (NONE, next_block)
    assert (s.step, s.actor) == (S_OPEN, 0)  # Juan opens again
    assert ("acquire", rubén, block("B13"), 13, 3, (1, 2, 2)) in s.log
    ok(s)


def test_2_income() -> None:
    s = new(2)
    set_people(s, 0, "IT-A", 0)
    give(s, 0, "B31", 2)
    give(s, 0, "B05", 2)
    give(s, 0, "B16", 6)
    give(s, 0, "B23", 2)
    assert rules.income(s, 0) == 2 + 4 + 12 + 10 == 28
    ok(s)


def test_3_food_comes_from_the_warehouse_without_famine() -> None:
    s = new(2)
    set_people(s, 0, "IT-A", 0)
    give(s, 0, "B31", 1)
    give(s, 0, "B33", 2)
    give(s, 0, "B16", 7)
    assert rules.production(s, 0) == 2 + 6
    assert not balance._feed(s, 0)
    assert s.warehouse[0] == 5 - 2
    assert ("food", 0, 8, 10, 3, 0) in s.log
    ok(s)


def test_4_fire_3() -> None:
    s = new(4)
    at(s, 4, G_WINDOW, S_WINDOW, 0)
    set_event(s, "fire_3")
    for seat, fire in enumerate((1, 3, 5, 7)):
        s.risk[seat][FIRE] = fire
    for seat in range(4):
        events._event_for(s, seat)
    assert [s.cards[seat][FIRE] for seat in range(4)] == [0, 0, 2, 3]
    assert ("capped", 3, 1) in s.log


def test_5_insecurity_1() -> None:
    s = new(2)
    at(s, 4, G_WINDOW, S_WINDOW, 0)
    set_event(s, "insecurity_1")
    s.risk[0][INSECURITY] = 10
    events._event_for(s, 0)
    assert s.cards[0][INSECURITY] == 3 and s.capped[0] == 3


def test_6_security() -> None:
    s = new(4)
    carlos, maría, rubén = 1, 2, 3
    station = give(s, carlos, "B51")
    s.cards[carlos][FIRE] = 4
    at(s, 5, G_SECURITY, S_SECURITY, carlos)
    play(s, Officer(station, FIRE))
    play(s, Officer(station, FIRE))
    assert not any(isinstance(a, (Officer, Paid)) for a in legal(s))  # both officers used
    play(s, NationalHelp(FIRE))
    assert s.cards[carlos][FIRE] == 1 and s.money[carlos] == 15 and s.splendor[carlos] == 5
    assert not any(isinstance(a, NationalHelp) for a in legal(s))  # once per round

    volunteers, police = give(s, rubén, "B48"), give(s, rubén, "B43")
    s.cards[rubén] = [2, 1, 1, 1]
    at(s, 5, G_SECURITY, S_SECURITY, rubén)
    play(s, Officer(volunteers, FIRE))
    play(s, Officer(police, FLOOD))
    play(s, Officer(police, INSECURITY))
    assert s.cards[rubén] == [1, 0, 0, 1]
    assert NationalHelp(DEMONSTRATION) in legal(s)
    play(s, NationalHelp(DEMONSTRATION))
    assert s.cards[rubén][DEMONSTRATION] == 0
    assert (s.money[rubén], s.splendor[rubén], s.discontent[rubén]) == (15, 5, 1)

    post = give(s, maría, "B44")
    s.risk[maría][INSECURITY] = 3
    at(s, 5, G_SECURITY, S_SECURITY, maría)
    play(s, Paid(post))
    assert s.risk[maría][INSECURITY] == 2 and s.money[maría] == 14
    assert Paid(post) not in legal(s)


def test_7_discontent_up() -> None:
    s = new(4)
    carlos, maría, rubén = 1, 2, 3
    s.discontent[carlos] = 2
    s.cards[carlos][FLOOD] = 1
    s.cards[maría][FIRE] = 2
    s.discontent[rubén] = 7
    s.cards[rubén][FIRE] = 2
    s.cards[rubén][INSECURITY] = 1
    phases._begin_phase(s, 7)
    assert (s.discontent[carlos], s.cards[carlos][DEMONSTRATION]) == (3, 1)
    assert (s.discontent[maría], s.cards[maría][DEMONSTRATION]) == (2, 0)
    assert (s.discontent[rubén], s.cards[rubén][DEMONSTRATION]) == (10, 2)


def test_8_discontent_down() -> None:
    s = new(4)
    carlos, maría = 1, 2
    s.discontent[maría] = 10
    s.cards[maría][DEMONSTRATION] = 2
    hand(s, maría, "social_subsidies")
    at(s, 6, G_WINDOW, S_WINDOW, maría)
    play(s, Play(plan("social_subsidies"), maría))
    assert (s.discontent[maría], s.cards[maría][DEMONSTRATION]) == (7, 0)

    s = new(4)
    s.discontent[carlos] = 5
    s.cards[carlos][DEMONSTRATION] = 1
    hand(s, carlos, "open_concert")
    at(s, 7, G_WINDOW, S_WINDOW, carlos)
    play(s, Play(plan("open_concert"), carlos))
    assert (s.discontent[carlos], s.cards[carlos][DEMONSTRATION]) == (3, 1)  # stopped on the fist


def test_9_births() -> None:
    s = new(2)
    set_people(s, 0, "IT-A", 0)
    for block_id, people in (("B01", 3), ("B05", 2), ("B16", 5), ("B02", 1)):
        give(s, 0, block_id, people)
    assert not balance._births(s, 0, False)
    assert s.people[0][2:] == [3, 3, 6, 1]
    assert ("births", 0, 2) in s.log
    ok(s)


def test_10_famine() -> None:
    s = new(2)
    set_people(s, 0, "IF-A", 1)  # 2 food
    give(s, 0, "B16", 4)
    s.warehouse[0] = 1
    at(s, 6, G_FOOD, S_WINDOW, 0)
    assert balance._feed(s, 0)
    assert (s.step, s.actor, s.left, s.why) == (S_REMOVE, 0, 4, W_FAMINE)
    assert s.warehouse[0] == 0 and ("food", 0, 2, 7, 0, 4) in s.log
    s.cache = None
    while s.step == S_REMOVE and s.actor == 0 and ("famine", 0, 4) not in s.log:
        assert all(isinstance(a, Remove) for a in legal(s))
        play(s, legal(s)[0])
    assert ("famine", 0, 4) in s.log
    assert s.discontent[0] == 2
    ok(s)


def test_designed_scoring_vector() -> None:
    s = new(3)
    x = 0
    for block_id in ("B01", "B02", "B03", "B04", "B05", "B06", "B07"):
        give(s, x, block_id)
    set_people(s, x, "IT-A", 4)
    set_people(s, x, "IF-A", 3)
    set_people(s, x, "B01", 3)
    set_people(s, x, "B02", 3)
    set_people(s, x, "B03", 2)
    assert len(s.blocks[x]) == 9 and s.inhabitants(x) == 15
    s.discontent[x] = 4
    s.risk = [[2, 3, 5], [3, 3, 1], [4, 5, 2]]
    s.warehouse[x] = 12
    s.money[x] = 23
    assert scoring.final_bonuses(s)[x] == (6, 7, 0, 5, 2, 0, 4, 4)
    assert sum(scoring.final_bonuses(s)[x]) == 28
    ok(s)
