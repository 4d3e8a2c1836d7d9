"""Settlement bots: the reference team of spec B.2 in hand-made positions, the careless team
of B.3, the evaluation's range, the search levels' rollout policy, and legal choices only.

No win rates here: those are measured by ``python -m bench.settlement``.
"""

from __future__ import annotations

import pytest

from core.ai import make_bot, play_game
from core.rng import Rng
from core.settlement import GAME, bots, rules
from core.settlement.actions import DONE, NO_TAX, PAY, REFUSE, SPECIALTY, Buy, Finish, Other, PayOne, Swap
from core.settlement.content import BP, CHARACTER_IDS, RESOURCES
from core.settlement.state import State
from core.settlement.content import TRACK
from core.table import Seat, Table
from tests.core.settlement.helpers import FOOD, IRON, ORE, STONE, WOOD, at, card, do, item, row

REF = bots.ReferenceTeam(0)


def ref(s: State) -> object:
    """The reference team's move for the seat to act."""
    return REF.choose(GAME, GAME.view(s, 0), 0)


# --- B.2 work rules ------------------------------------------------------------------------------
@pytest.mark.parametrize("field", ["hunter", "peasant"])
def test_rule_1_hunter_and_peasant_always_work_their_specialty(field: str) -> None:
    assert ref(at(field, stock={"food": 0})) == SPECIALTY
    assert ref(at(field, stock={"food": 30, "wood": 10})) == SPECIALTY


def test_rule_2_food_floor_is_12_without_a_token_and_10_with_one() -> None:
    assert ref(at("woodcutter", stock={"food": 11})) == Other(FOOD)
    assert ref(at("woodcutter", stock={"food": 11}, tokens=1, owned=["warehouse"])) == SPECIALTY
    assert ref(at("woodcutter", stock={"food": 9}, tokens=1, owned=["warehouse"])) == Other(FOOD)
    assert ref(at("woodcutter", stock={"food": 12})) == SPECIALTY


def test_rule_2_does_not_apply_to_the_merchant() -> None:
    # food 5 < KEEP: the trade plan buys food with the spare wood, so he trades
    s = at("merchant", stock={"food": 5, "wood": 10, "stone": 5}, fate="quiet_year")
    assert ref(s) == SPECIALTY


def test_rule_3_before_the_builder_pushes_bp_only_for_a_big_gap() -> None:
    # target Warehouse (5 BP): gap 5 is not above 5 + the Builder's bonus
    goods = {"food": 12, "wood": 6, "stone": 5}
    assert ref(at("woodcutter", stock=goods)) == SPECIALTY
    # target Monument (6 BP) with its goods: gap 6 > 5, so other work BP
    monument = {"food": 12, "stone": 11, "iron": 3}
    assert ref(at("stonemason", stock=monument, owned=["warehouse"])) == Other(BP)
    # the Crane's +1 to the Builder makes 6 not above 5 + 1
    assert ref(at("stonemason", stock=monument, owned=["warehouse", "crane"])) == SPECIALTY
    # food below PUSH: no push
    assert ref(at("stonemason", stock=dict(monument, food=11), tokens=1, owned=["warehouse"])) == SPECIALTY
    # a good of the cost missing: no push
    assert ref(at("stonemason", stock=dict(monument, iron=2), owned=["warehouse"])) == SPECIALTY


def test_rule_3_the_builder_bonus_is_the_items_not_this_rounds_fate_card() -> None:
    """Issue 35: B.2's "specialty bonus" is what buildings and inventions add (§6.7,
    Appendix C); Downpour's -2 is a modifier (§6.4), so it moves no push."""
    # Seed 116, Normal, the reference team: round 1 after the fate field drew Downpour, the
    # Blacksmith with food 14, wood 7, stone 6, no BP (the Warehouse's goods, gap 5).
    table = Table.new(GAME, [Seat(0, "A")], 116, {"difficulty": "normal"})
    team = bots.ReferenceTeam(116 * 7)
    while TRACK[table.state.pos] != "blacksmith":
        table.submit(0, team.choose(GAME, GAME.view(table.state, 0), 0))
    s = table.state
    assert s.step == "work" and s.fate == card("downpour")
    assert row(s) == (14, 7, 6, 4, 1, 0, 0)
    assert ref(s) == SPECIALTY
    # The same with no fate card drawn, and with Downpour in a hand-made position.
    goods = {"food": 14, "wood": 7, "stone": 6, "ore": 4, "iron": 1}
    assert ref(at("blacksmith", stock=goods, fate="quiet_year")) == SPECIALTY
    assert ref(at("blacksmith", stock=goods, fate="downpour")) == SPECIALTY
    # A gap above 5 is still pushed under Downpour (Monument: 6 BP).
    monument = {"food": 12, "stone": 11, "iron": 3, "ore": 1}
    assert ref(at("blacksmith", stock=monument, owned=["warehouse"], fate="downpour")) == Other(BP)


def test_rule_3_scholar_pushes_at_gap_2_and_merchant_at_gap_1() -> None:
    goods = {"food": 12, "wood": 6, "stone": 5}
    assert ref(at("scholar", stock=dict(goods, bp=3), fate="quiet_year")) == Other(BP)
    assert ref(at("scholar", stock=dict(goods, bp=2), fate="quiet_year")) == SPECIALTY
    assert ref(at("merchant", stock=dict(goods, bp=4), fate="quiet_year")) == Other(BP)
    # gap 2: no push; food 12 < KEEP but nothing is spare to trade, so food (rule 4)
    assert ref(at("merchant", stock=dict(goods, bp=3), fate="quiet_year")) == Other(FOOD)


def test_rule_3_never_the_builder() -> None:
    s = at("builder", stock={"food": 12, "stone": 11, "iron": 3}, owned=["warehouse"], fate="quiet_year")
    assert ref(s) == SPECIALTY


def test_rule_4_merchant_without_a_useful_trade_makes_food_or_bp() -> None:
    # food 15 >= KEEP and the Warehouse's goods all in stock: no trade; food < KEEP + 2
    s = at("merchant", stock={"food": 15, "wood": 6, "stone": 5}, fate="quiet_year")
    assert ref(s) == Other(FOOD)
    s = at("merchant", stock={"food": 16, "wood": 6, "stone": 5}, fate="quiet_year")
    assert ref(s) == Other(BP)
    # stone is short but nothing is spare to pay with: the plan would not trade
    s = at("merchant", stock={"food": 14, "wood": 6, "stone": 2}, fate="quiet_year")
    assert ref(s) == Other(FOOD)
    # stone short and spare wood: trade
    s = at("merchant", stock={"food": 16, "wood": 9, "stone": 2}, fate="quiet_year")
    assert ref(s) == SPECIALTY


def test_rule_5_blacksmith_without_ore() -> None:
    assert ref(at("blacksmith", stock={"food": 13}, fate="quiet_year")) == Other(FOOD)
    assert ref(at("blacksmith", stock={"food": 14}, fate="quiet_year")) == Other(BP)
    assert ref(at("blacksmith", stock={"food": 14, "ore": 1}, fate="quiet_year")) == SPECIALTY


def test_rule_6_a_full_good_without_the_warehouse() -> None:
    assert ref(at("woodcutter", stock={"food": 16, "wood": 10})) == Other(FOOD)
    assert ref(at("woodcutter", stock={"food": 17, "wood": 10})) == Other(BP)
    assert ref(at("woodcutter", stock={"food": 17, "wood": 10}, owned=["warehouse"])) == SPECIALTY


def test_rule_7_otherwise_specialty() -> None:
    for field in ("woodcutter", "stonemason", "miner"):
        assert ref(at(field, stock={"food": 14, "wood": 2})) == SPECIALTY


# --- B.2 trade plan -------------------------------------------------------------------------------
def test_trade_plan_a4_like() -> None:
    # A.4's stock with the Wheel and R = 4: food is wanted up to KEEP, ore and the wood above
    # the Warehouse's 6 are spare; pay the largest surplus (ties: goods order), tax likewise
    s = at("merchant", stock={"food": 3, "wood": 9, "stone": 2, "ore": 4}, owned=["wheel"], fate="quiet_year")
    assert bots.trade_plan(s, s.stock, 4) == ([FOOD] * 4, [ORE, WOOD, ORE, WOOD], ORE)


def test_trade_plan_keeps_a_good_for_the_tax() -> None:
    # stone short by 2, only 2 ore spare: one swap, the other ore is the tax
    s = at("merchant", stock={"food": 14, "wood": 6, "stone": 3, "ore": 2}, fate="quiet_year")
    assert bots.trade_plan(s, s.stock, 2) == ([STONE], [ORE], ORE)
    # with Coinage no tax: both swaps
    s = at("merchant", stock={"food": 14, "wood": 6, "stone": 3, "ore": 2}, owned=["coinage"], fate="quiet_year")
    assert bots.trade_plan(s, s.stock, 2) == ([STONE, STONE], [ORE, ORE], -1)


def test_trade_plan_keeps_the_next_inventions_goods() -> None:
    # Bow made: the Plough's 3 iron are kept, so 4 iron leave 1 spare
    s = at("merchant", stock={"food": 14, "wood": 6, "stone": 3, "iron": 4}, owned=["bow"], fate="caravan")
    assert bots.keep_levels(s)[IRON] == 3
    assert bots.trade_plan(s, s.stock, 6) == ([STONE], [IRON], -1)


def test_trade_plays_the_plan_step_by_step() -> None:
    s = at("merchant", stock={"food": 3, "wood": 9, "stone": 2, "ore": 4}, owned=["wheel"], fate="quiet_year",
           dice=[2])
    do(s, SPECIALTY)
    assert s.step == "trade" and s.trade_limit == 4
    for buy, pay in [(FOOD, ORE), (FOOD, WOOD), (FOOD, ORE), (FOOD, WOOD)]:
        assert ref(s) == Swap(buy, pay)
        do(s, Swap(buy, pay))
    assert ref(s) == Finish(ORE)


def test_no_trade_finishes_without_tax() -> None:
    s = at("merchant", stock={"food": 16, "wood": 6, "stone": 5}, fate="quiet_year", dice=[3])
    do(s, SPECIALTY)
    assert ref(s) == NO_TAX


# --- B.2 tax collector and mayor ------------------------------------------------------------------
def test_tax_collector_paid_from_surplus_else_refused() -> None:
    s = at("fate", step="tax", stock={"food": 14, "wood": 8, "stone": 6})  # surplus wood 2, stone 1
    assert ref(s) == PAY
    do(s, PAY)
    assert ref(s) == PayOne(WOOD)
    do(s, PayOne(WOOD))
    assert ref(s) in (PayOne(WOOD), PayOne(STONE))  # wood 1 and stone 1 left over: goods order
    assert ref(s) == PayOne(WOOD)
    s = at("fate", step="tax", stock={"food": 14, "wood": 7, "stone": 6})  # surplus 2
    assert ref(s) == REFUSE


def test_mayor_buys_inventions_in_order_then_stops_at_the_first_unaffordable() -> None:
    s = at("mayor", stock={"food": 10, "iron": 3, "rp": 13})
    assert ref(s) == Buy(item("bow"))
    do(s, Buy(item("bow")))
    assert ref(s) == Buy(item("plough"))
    do(s, Buy(item("plough")))
    assert ref(s) == DONE
    # Music (15 RP) unaffordable: the Bellows (8 RP, later in the list) is not bought
    s = at("mayor", stock={"food": 10, "rp": 12}, owned=["bow", "plough"])
    assert ref(s) == DONE


def test_mayor_buys_the_target_then_other_buildings_that_leave_its_cost() -> None:
    s = at("mayor", stock={"food": 10, "wood": 6, "stone": 5, "bp": 5})
    assert ref(s) == Buy(item("warehouse"))
    # target Monument unaffordable: a Cellar (3 wood, 3 stone, 3 BP) leaves its goods
    s = at("mayor", stock={"food": 10, "wood": 3, "stone": 14, "iron": 3, "bp": 3}, owned=["warehouse"])
    assert ref(s) == Buy(item("cellar"))
    # ... but not when it eats into the Monument's stone
    s = at("mayor", stock={"food": 10, "wood": 3, "stone": 12, "iron": 3, "bp": 3}, owned=["warehouse"])
    assert ref(s) == DONE


# --- B.3 careless team ----------------------------------------------------------------------------
def test_careless_team() -> None:
    team = bots.CarelessTeam(3)
    def move(s: State) -> object:
        return team.choose(GAME, GAME.view(s, 0), 0)

    for field in ("hunter", "woodcutter", "blacksmith", "builder", "scholar"):
        assert move(at(field, stock={"food": 0}, fate="quiet_year")) == SPECIALTY
    assert move(at("merchant", stock={"food": 0, "wood": 9}, fate="quiet_year")) == Other(FOOD)
    assert move(at("fate", step="tax", stock={"food": 14, "wood": 8})) == REFUSE
    s = at("mayor", stock={"food": 10, "wood": 9, "stone": 9, "iron": 3, "rp": 13, "bp": 9})
    bought = []
    while True:
        a = move(s)
        assert a in rules.legal_actions(s, 0)
        if a == DONE:
            break
        bought.append(a)
        do(s, a)
    assert bought and not any(isinstance(x, Buy) for x in rules.legal_actions(s, 0))


# --- the evaluation -------------------------------------------------------------------------------
def test_evaluate_is_in_range_over_played_games() -> None:
    for seed in range(3):
        for kind in ("reference", "careless", "random"):
            bot = make_bot(kind, seed, game=GAME)
            s = GAME.setup(["A"], seed, {})
            while not GAME.is_over(s):
                value = GAME.evaluate(s, 0)
                assert 0.0 <= value <= 1.0
                s = GAME.apply(s, 0, bot.choose(GAME, GAME.view(s, 0), 0))  # type: ignore[arg-type]
            end = GAME.evaluate(s, 0)
            if s.outcome == "won":
                assert end >= 0.9
            elif s.outcome == "starved":
                assert end == 0.0
            else:
                assert end <= 0.3


def test_evaluate_prefers_more_food_when_short_and_the_building_to_the_goods() -> None:
    low = at("woodcutter", stock={"food": 4})
    more = at("woodcutter", stock={"food": 8})
    assert GAME.evaluate(more, 0) > GAME.evaluate(low, 0)
    before = at("mayor", stock={"food": 12, "wood": 6, "stone": 5, "bp": 5})
    after = do(before.clone(), Buy(item("warehouse")))
    assert GAME.evaluate(after, 0) > GAME.evaluate(before, 0)


def test_evaluate_takes_a_specialty_roll_at_its_expectation() -> None:
    # the Woodcutter rolled a 1 or a 6: the one-ply value is the same (the average roll)
    values = []
    for die in (1, 6):
        s = at("woodcutter", stock={"food": 14}, dice=[die])
        do(s, SPECIALTY)
        values.append(GAME.evaluate(s, 0))
    assert values[0] == pytest.approx(values[1])


# --- the search levels' rollout policy ------------------------------------------------------------
def test_rollout_action_is_b2_and_keys_the_dice_by_the_decision_point() -> None:
    s = at("woodcutter", stock={"food": 14}, dice=None)
    t = s.clone()
    t.rng = Rng(99)
    assert bots.rollout_action(s, 0) == bots.reference_action(s, 0)
    bots.rollout_action(t, 0)
    assert s.rng is not None and t.rng is not None
    assert [s.rng.randint(1, 6) for _ in range(5)] == [t.rng.randint(1, 6) for _ in range(5)]


def test_rollout_action_stays_legal_off_the_plan() -> None:
    s = at("merchant", stock={"food": 3, "wood": 9, "stone": 2, "ore": 4}, owned=["wheel"], fate="quiet_year",
           dice=[2])
    do(s, SPECIALTY, Swap(ORE, FOOD))  # not the plan: it pays with food
    s.rng = Rng(1)
    while s.step == "trade":
        action = bots.rollout_action(s, 0)
        assert action in rules.legal_actions(s, 0)
        GAME.apply_in_place(s, 0, action)


# --- legal choices --------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["easy", "reference", "careless", "random"])
def test_bots_play_whole_games_legally(kind: str) -> None:
    for seed in range(2):
        state, decisions = play_game(GAME, ["A", "B", "C"], seed, [make_bot(kind, seed + i, game=GAME)
                                                                    for i in range(3)], {"difficulty": "hard"})
        assert GAME.is_over(state) and decisions > 0


def test_search_levels_choose_legal_moves() -> None:
    # positions along a reference game; the search with its policy at a small budget
    s = GAME.setup(["A"], 4, {"difficulty": "normal"})
    team = bots.ReferenceTeam(0)
    checked = 0
    from core.ai import SearchBot

    bot = SearchBot(5, iterations=6, rollout="greedy", rollout_depth=None, root_candidates=3)
    while not GAME.is_over(s) and checked < 40:
        view = GAME.view(s, 0)
        if s.step in ("work", "trade", "shop", "tax") and len(rules.legal_actions(s, 0)) > 1:
            assert bot.choose(GAME, view, 0) in rules.legal_actions(s, 0)
            checked += 1
        s = GAME.apply(s, 0, team.choose(GAME, view, 0))  # type: ignore[arg-type]
    assert checked >= 20


def test_every_character_and_resource_is_named() -> None:  # keeps the test's ids honest
    assert set(CHARACTER_IDS) >= {"hunter", "merchant"} and RESOURCES[BP] == "bp"
