"""The worked examples of the spec's Appendix A (shared/rules/settlement.md), step by step,
with the dice scripted exactly as listed and the named fate card on top of the pile.

Stocks are written as the spec's tables write them: (food, wood, stone, ore, iron, RP, BP).
"""

from __future__ import annotations

import pytest

from core.engine import IllegalAction
from core.settlement import GAME, rules
from core.settlement import actions as act
from core.settlement.actions import Action, Buy, Finish, Other, Swap
from core.settlement.content import BP, BUILDER, HUNTER, MERCHANT, PEASANT
from core.settlement.state import State
from tests.core.settlement.helpers import (
    FOOD,
    IRON,
    ORE,
    STONE,
    WOOD,
    ScriptedDice,
    add_rolls,
    assert_all_rolled,
    at,
    card,
    do,
    end_round,
    events_of,
    item,
    legal,
    new,
    put_on_top,
    reason,
    row,
    seat,
    to_field,
)

A1_DICE = (5, 4, 3, 2, 6, 4, 3, 6, 3, 1, 4)


@pytest.mark.parametrize("players", [1, 4])
def test_a1_round_one(players: int) -> None:
    """A.1: the whole of round 1, every character working its specialty, Wolves on top;
    the stock after each step is the table's, the mayor buys the Bow and stops, Losses
    rot 1 food, drop the BP and cap the food, the satisfaction phase gives 5 smiles, and
    round 2 starts with the mayor card passing right and feeding 10 → 4."""
    s = new(players)
    assert events_of(s, "feed") == [(6, 0)]
    assert row(s) == (6, 3, 0, 0, 1, 0, 0)  # feeding: −6 food
    assert (s.pool, s.tokens, s.round, s.field(), s.step) == (0, 0, 1, "hunter", "work")
    dice = ScriptedDice(A1_DICE)
    s.rng = dice
    put_on_top(s, "wolves")
    first_mayor = s.mayor

    table = [
        ("hunter", (11, 3, 0, 0, 1, 0, 0)),
        ("peasant", (15, 3, 0, 0, 1, 0, 0)),
        ("woodcutter", (15, 6, 0, 0, 1, 0, 0)),
        ("stonemason", (15, 6, 2, 0, 1, 0, 0)),
    ]
    for field, after in table:
        assert s.field() == field
        do(s, act.SPECIALTY)
        assert row(s) == after, field
    # The Miner's work, then the fate field resolves by itself: Wolves take 2 food.
    assert s.field() == "miner"
    do(s, act.SPECIALTY)
    assert events_of(s, "work")[0][-1] == 6
    assert events_of(s, "fate") == [(card("wolves"),)]
    assert events_of(s, "lose") == [(FOOD, 2)]
    assert s.fate == card("wolves")
    assert row(s) == (13, 6, 2, 6, 1, 0, 0)
    for field, after in [
        ("blacksmith", (13, 6, 2, 2, 5, 0, 0)),  # rolls 4: smelts 4 ore
        ("builder", (13, 6, 2, 2, 5, 0, 3)),
        ("scholar", (13, 6, 2, 2, 5, 6, 3)),
    ]:
        assert s.field() == field
        do(s, act.SPECIALTY)
        assert row(s) == after, field
    # The Merchant rolls 3: buys 3 stone, pays 2 iron + 1 ore, tax 1 food.
    assert s.field() == "merchant"
    do(s, act.SPECIALTY)
    assert (s.step, s.trade_limit) == ("trade", 3)
    do(s, Swap(STONE, IRON), Swap(STONE, IRON), Swap(STONE, ORE))
    assert Finish(-1) not in legal(s)  # the tax is due and must be named
    do(s, Finish(FOOD))
    assert row(s) == (12, 6, 5, 1, 3, 6, 3)
    # The mayor: Bow, Quarry, Forge and Cellar are affordable, the Warehouse (5 BP) is not.
    assert s.step == "shop" and seat(s) == first_mayor
    buys = {a.item for a in legal(s) if isinstance(a, Buy)}
    assert buys == {item("bow"), item("quarry"), item("forge"), item("cellar")}
    assert "missing 2 BP" in reason(s, Buy(item("warehouse")))
    do(s, Buy(item("bow")))
    assert row(s) == (12, 6, 5, 1, 3, 1, 3)
    assert s.owned[item("bow")] == 1
    # Done: Losses (rot 1 → food 11; BP → 0; food 11 → 10), then satisfaction 4 + 1 = 5.
    dice.watch = s
    do(s, act.DONE)
    rot, satisfaction = dice.seen
    assert rot[0] == 1 and rot[1] == [12, 6, 5, 1, 3, 1, 3]  # the rot die comes before any loss
    assert satisfaction[0] == 4 and satisfaction[1] == [10, 6, 5, 1, 3, 1, 0]  # after Losses
    assert events_of(s, "rot") == [(1, 0, 1)]
    assert events_of(s, "bp_lost") == [(3,)]
    assert events_of(s, "cap") == [(FOOD, 1)]
    assert events_of(s, "smiles") == [(4, 5, 0)]
    assert events_of(s, "token") == []
    assert_all_rolled(s)
    assert dice.rolled == list(A1_DICE)
    # Round 2: the mayor card passes right (seat − 1), then feeding 10 → 4.
    assert (s.pool, s.tokens, s.round) == (5, 0, 2)
    assert events_of(s, "round") == [(2,)]
    assert events_of(s, "feed") == [(6, 0)]
    assert row(s) == (4, 6, 5, 1, 3, 1, 0)
    assert s.mayor == (first_mayor - 1) % players
    assert events_of(s, "mayor") == ([] if players == 1 else [((first_mayor - 1) % players,)])
    assert (s.field(), s.step) == ("hunter", "work")


def test_a2_gates_and_the_pool_cap() -> None:
    """A.2: with 1 token and no Warehouse a gain of 10 takes the pool to 18 and nothing
    converts; next round the mayor buys the Warehouse, the gain of 7 is capped at 20 and two
    tokens are placed (rectangles 2 and 3), pool 0, tokens 3."""
    s = at("mayor", stock={"food": 14, "wood": 10, "stone": 10}, tokens=1, pool=8,
           owned=["bow", "plough", "monument"], fate="quiet_year", top="wandering_scholar")
    end_round(s, 1, 6)  # rot 1, satisfaction 6
    assert events_of(s, "smiles") == [(6, 10, 0)]  # 6 + 2 inventions + 2 Monument
    assert events_of(s, "gated") == [(2,)]
    assert events_of(s, "token") == []
    assert (s.pool, s.tokens, s.round) == (18, 1, 2)
    add_rolls(s, 6, 6)  # round 2: the Hunter and the Peasant roll 6 each

    def work(s: State) -> Action:
        c = rules.acting_character(s)
        return act.SPECIALTY if c in (HUNTER, PEASANT) else Other(FOOD if c == BUILDER else BP)

    to_field(s, "mayor", work)  # food 4 + (6+1 Bow) + (6+1 Plough) + 1, 6 BP, 3 RP of the card
    assert s.pool == 18 and row(s) == (19, 10, 10, 0, 0, 3, 6)
    do(s, Buy(item("warehouse")))
    end_round(s, 1, 3)
    assert events_of(s, "smiles") == [(3, 7, 5)]  # 25 → 20: the 5 above 20 are lost
    assert events_of(s, "token") == [(2,), (3,)]
    assert (s.tokens, s.pool) == (3, 0)


def _a3(tokens: int) -> State:
    owned = ["warehouse", "monument"][: (tokens >= 2) + (tokens >= 4)]
    s = at("mayor", stock={"food": 2}, tokens=tokens, owned=owned, fate="frost")
    end_round(s, 1)  # Frost: no rot roll; the satisfaction die only
    assert s.pool < 10  # no token was placed
    return s


def test_a3_starvation_with_five_tokens() -> None:
    """A.3: food 2 at the start of a round, 4 missing: 5 tokens → 1, food 0, the Hunter works."""
    s = _a3(5)
    assert events_of(s, "feed") == [(2, 4)]
    assert events_of(s, "token_lost") == [(5,), (4,), (3,), (2,)]
    assert s.tokens == 1 and s.stock[FOOD] == 0
    assert (s.step, s.field(), s.outcome) == ("work", "hunter", "")


def test_a3_starvation_with_three_tokens() -> None:
    """A.3: with 3 tokens the fourth missing unit finds none: lost (starvation)."""
    s = _a3(3)
    assert events_of(s, "token_lost") == [(3,), (2,), (1,)]
    assert events_of(s, "starved") == [()]
    assert s.tokens == 0 and s.stock[FOOD] == 0
    assert (s.step, s.outcome, s.end_round) == ("over", "starved", 2)
    assert GAME.is_over(s) and rules.to_act(s) == []


def a4_merchant() -> State:
    """A.4's Merchant after his roll: food 3, wood 9, stone 2, ore 4, iron 0, Wheel, roll 2."""
    s = at("merchant", stock={"food": 3, "wood": 9, "stone": 2, "ore": 4}, owned=["wheel"],
           fate="quiet_year", dice=[2])
    do(s, act.SPECIALTY)
    return s


def test_a4_trade_with_the_wheel() -> None:
    """A.4: roll 2 + Wheel = R 4; buy 3 food + 1 iron for 3 wood + 1 ore, tax 1 wood."""
    s = a4_merchant()
    assert (s.step, s.trade_limit) == ("trade", 4)
    assert events_of(s, "work") == [(MERCHANT, 2, 0, 2, 4, 0)]
    do(s, Swap(FOOD, WOOD), Swap(FOOD, WOOD), Swap(FOOD, WOOD), Swap(IRON, ORE), Finish(WOOD))
    assert row(s)[:5] == (6, 5, 2, 3, 1)
    assert events_of(s, "tax") == [(WOOD,)]
    assert events_of(s, "trade_end") == [(4,)]
    assert s.step == "shop"


def test_a4_illegal_trades() -> None:
    """A.4: buying a 5th good (R = 4), paying with food while buying food and paying iron
    (there is none, later: iron is being bought) are refused with reasons."""
    s = a4_merchant()
    m = seat(s)
    # Paying 1 iron: there is none.
    why = GAME.why_illegal(s, m, Swap(FOOD, IRON))
    assert why is not None and "no iron" in why
    with pytest.raises(IllegalAction) as info:
        GAME.apply(s, m, Swap(FOOD, IRON))
    assert info.value.reason == why
    do(s, Swap(FOOD, WOOD))
    # Paying with food while buying food.
    why = GAME.why_illegal(s, m, Swap(STONE, FOOD))
    assert why is not None and "buying food" in why
    with pytest.raises(IllegalAction, match="buying food"):
        GAME.apply(s, m, Swap(STONE, FOOD))
    do(s, Swap(FOOD, WOOD), Swap(IRON, ORE))
    # Paying iron while buying iron (now there is 1).
    assert s.stock[IRON] == 1
    why = GAME.why_illegal(s, m, Swap(FOOD, IRON))
    assert why is not None and "buying iron" in why
    do(s, Swap(FOOD, WOOD))
    # A 5th good.
    why = GAME.why_illegal(s, m, Swap(FOOD, WOOD))
    assert why is not None and "only 4" in why
    with pytest.raises(IllegalAction, match="only 4"):
        GAME.apply(s, m, Swap(FOOD, STONE))
    assert not any(isinstance(a, Swap) for a in legal(s))


def test_a4_tax_out_of_the_goods_bought() -> None:
    """A.4, no Wheel: stock only 2 ore, roll 2: buy 2 stone for 2 ore, tax 1 stone → stone
    1, ore 0."""
    s = at("merchant", stock={"ore": 2}, fate="quiet_year", dice=[2])
    do(s, act.SPECIALTY)
    assert s.trade_limit == 2
    do(s, Swap(STONE, ORE), Swap(STONE, ORE))
    assert [a for a in legal(s) if isinstance(a, Finish)] == [Finish(STONE)]
    do(s, Finish(STONE))
    assert row(s)[:5] == (0, 0, 1, 0, 0)


def test_a5_mayor_rotation() -> None:
    """A.5: 4 players, first mayor seat 2: mayors 2, 1, 0, 3, 2 in rounds 1-5, and each
    round's mayor is the one who shops."""
    s = at("hunter", players=4, mayor=2, stock={"food": 200}, owned=["warehouse"], dice=None)
    assert s.first_mayor == 2
    mayors = []
    for round_ in range(1, 6):
        to_field(s, "mayor")
        assert s.round == round_
        assert seat(s) == s.mayor
        mayors.append(s.mayor)
        do(s, act.DONE)
        if round_ < 5:
            assert events_of(s, "mayor") == [((s.mayor),)]
    assert mayors == [2, 1, 0, 3, 2]
    assert s.first_mayor == 2
