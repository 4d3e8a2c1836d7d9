"""The 27 clarifications and edge cases of the spec's §15, one test each (numbered as there),
on positions built by hand with scripted dice."""

from __future__ import annotations

from typing import cast

from core.settlement import GAME, rules
from core.settlement import actions as act
from core.settlement.actions import Action, Buy, Finish, Other, Swap
from core.settlement.bots import ReferenceTeam
from core.settlement.content import (
    BLACKSMITH,
    BP,
    BUILDER,
    HUNTER,
    PEASANT,
    RP,
)
from core.settlement.state import State
from tests.core.settlement.helpers import (
    FOOD,
    IRON,
    ORE,
    STONE,
    WOOD,
    assert_all_rolled,
    at,
    card,
    dice,
    do,
    end_round,
    events_of,
    item,
    kinds,
    legal,
    new,
    reason,
    row,
    seat,
    to_field,
)


def feed(food: int, tokens: int, owned: tuple[str, ...] = ()) -> State:
    """The next round's feeding with ``food`` left after Losses (Frost: no rot) and
    ``tokens`` on the pyramid (the satisfaction phase places none: pool 0, die 1)."""
    s = at("mayor", stock={"food": food}, tokens=tokens, owned=owned, fate="frost")
    end_round(s, 1)
    return s


def test_01_feeding_exactly_six() -> None:
    """§15.1: feeding with exactly 6 food leaves 0 and costs nothing."""
    s = feed(6, 1)
    assert events_of(s, "feed") == [(6, 0)]
    assert s.stock[FOOD] == 0 and s.tokens == 1
    assert events_of(s, "token_lost") == []
    assert (s.step, s.field()) == ("work", "hunter")


def test_02_feeding_short_with_tokens_to_spare() -> None:
    """§15.2: 2 food and 5 tokens: food 0, tokens 1 (four removed), the game goes on."""
    s = feed(2, 5, ("warehouse", "monument"))
    assert s.stock[FOOD] == 0 and s.tokens == 1
    assert len(events_of(s, "token_lost")) == 4
    assert s.outcome == "" and s.step == "work"


def test_03_feeding_short_without_enough_tokens() -> None:
    """§15.3: 2 food and 3 tokens: three tokens go, the fourth missing unit finds none: lost."""
    s = feed(2, 3, ("warehouse",))
    assert events_of(s, "token_lost") == [(3,), (2,), (1,)]
    assert kinds(s)[-1] == "starved"
    assert (s.outcome, s.tokens, s.step) == ("starved", 0, "over")


def test_04_fate_gain_above_ten_until_losses() -> None:
    """§15.4: a fate gain may take a good above 10 during the round; only Losses caps it."""
    s = at("miner", stock={"food": 9, "ore": 10}, top="rich_vein")
    do(s, Other(FOOD))
    assert (s.stock[FOOD], s.stock[ORE]) == (10, 13)
    to_field(s, "mayor")
    assert s.stock[ORE] == 13
    end_round(s, 1, 1)
    assert events_of(s, "cap") == [(ORE, 3)]
    assert s.stock[ORE] == 10


def test_05_bp_made_before_fate_stay_until_losses() -> None:
    """§15.5: BP made by other work before fate stay until Losses and the mayor can spend them."""
    s = at("woodcutter", stock={"wood": 6, "stone": 5}, top="quiet_year", dice=[1])
    do(s, Other(BP), Other(BP), Other(BP))  # Woodcutter, Stonemason, Miner; then fate
    assert events_of(s, "fate") == [(card("quiet_year"),)]
    assert s.stock[BP] == 3
    do(s, Other(BP), act.SPECIALTY)  # Blacksmith 1 BP, Builder rolls 1
    assert s.stock[BP] == 5
    to_field(s, "mayor", Other(FOOD))
    assert Buy(item("warehouse")) in legal(s)
    do(s, Buy(item("warehouse")))
    assert s.stock[BP] == 0 and s.has(item("warehouse"))


def test_06_modifiers_change_only_the_specialty() -> None:
    """§15.6: specialty bonuses never change other work, the satisfaction die or the rot roll."""
    bonus_items = ("bow", "mill", "quarry", "forge", "school")
    s = at("hunter", stock={"food": 6, "wood": 5}, owned=bonus_items, top="quiet_year")
    assert rules.specialty_bonus(s, HUNTER) == 1 and rules.specialty_bonus(s, PEASANT) == 2
    do(s, Other(WOOD))  # the Hunter with the Bow: still exactly 1
    assert s.stock[WOOD] == 6
    do(s, Other(WOOD))  # the Peasant with the Mill
    assert s.stock[WOOD] == 7
    to_field(s, "mayor")
    end_round(s, 4, 3)  # rot die 4, satisfaction die 3
    assert events_of(s, "rot") == [(4, 0, 4)]
    assert events_of(s, "smiles") == [(3, 3 + 1, 0)]  # + 1 for the one invention (Bow), nothing else


def test_07_specialty_result_not_negative() -> None:
    """§15.7: the Builder rolls 1 under Downpour: 0 BP."""
    s = at("builder", stock={"bp": 2}, fate="downpour", dice=[1])
    do(s, act.SPECIALTY)
    assert events_of(s, "work") == [(BUILDER, 1, 0, -2, 0, 0)]
    assert s.stock[BP] == 2


def test_08_blacksmith_smelts_at_most_the_ore() -> None:
    """§15.8: the Blacksmith with R = 5 and 3 ore smelts 3; with 0 ore specialty is still
    allowed and does nothing."""
    s = at("blacksmith", stock={"ore": 3, "iron": 1}, fate="quiet_year", dice=[5])
    do(s, act.SPECIALTY)
    assert (s.stock[ORE], s.stock[IRON]) == (0, 4)
    assert events_of(s, "work") == [(BLACKSMITH, 5, 0, 0, 5, 3)]
    s = at("blacksmith", stock={"iron": 1}, fate="quiet_year", dice=[6])
    assert act.SPECIALTY in legal(s)
    before = row(s)
    do(s, act.SPECIALTY)
    assert row(s) == before
    assert events_of(s, "work") == [(BLACKSMITH, 6, 0, 0, 6, 0)]


def test_09_other_work_iron() -> None:
    """§15.9: other work "iron" is never offered to the Blacksmith, nor to anyone with no ore;
    with ore it turns 1 ore into 1 iron."""
    s = at("blacksmith", stock={"ore": 4}, fate="quiet_year")
    assert Other(IRON) not in legal(s)
    assert "own product" in reason(s, Other(IRON))
    s = at("hunter", stock={"food": 6})
    assert Other(IRON) not in legal(s)
    assert "no ore" in reason(s, Other(IRON))
    s = at("hunter", stock={"ore": 2})
    do(s, Other(IRON))
    assert (s.stock[ORE], s.stock[IRON]) == (1, 1)


def test_10_merchant_roll_limits_goods_not_types() -> None:
    """§15.10: with R = 3 the Merchant may buy three different goods, but not a fourth unit."""
    s = at("merchant", stock={"ore": 3, "iron": 2}, fate="quiet_year", dice=[3])
    do(s, act.SPECIALTY)
    do(s, Swap(FOOD, ORE), Swap(WOOD, ORE), Swap(STONE, ORE))
    assert "only 3" in reason(s, Swap(FOOD, IRON))
    do(s, Finish(IRON))
    assert row(s)[:5] == (1, 1, 1, 0, 1)
    s = at("merchant", stock={"ore": 3}, fate="quiet_year", dice=[2])
    do(s, act.SPECIALTY, Swap(FOOD, ORE), Swap(FOOD, ORE))
    assert "only 2" in reason(s, Swap(FOOD, ORE))


def test_11_tax_from_a_good_just_bought() -> None:
    """§15.11: the trade tax may be paid with a good bought in the same trade."""
    s = at("merchant", stock={"wood": 1}, fate="quiet_year", dice=[1])
    do(s, act.SPECIALTY, Swap(FOOD, WOOD))
    assert legal(s) == [Finish(FOOD)]  # the food just bought is the only good left
    do(s, Finish(FOOD))
    assert row(s)[:5] == (0, 0, 0, 0, 0)


def test_12_no_tax_with_coinage_or_caravan() -> None:
    """§15.12: with Coinage or under Caravan no tax is due; the other trade rules stand."""
    for owned, fate, limit in ((("coinage",), "quiet_year", 2), ((), "caravan", 4)):
        s = at("merchant", stock={"wood": 5}, owned=owned, fate=fate, dice=[2])
        do(s, act.SPECIALTY)
        assert s.trade_limit == limit
        do(s, Swap(FOOD, WOOD))
        finishes = [a for a in legal(s) if isinstance(a, Finish)]
        assert finishes == [act.NO_TAX]
        assert reason(s, Finish(WOOD)) == "No tax is due."
        assert "buying food" in reason(s, Swap(STONE, FOOD))
        for _ in range(limit - 1):
            do(s, Swap(FOOD, WOOD))
        assert f"only {limit}" in reason(s, Swap(FOOD, WOOD))
        do(s, act.NO_TAX)
        assert row(s)[:2] == (limit, 5 - limit)


def test_13_each_item_once_any_order_gates_early() -> None:
    """§15.13: each item can be owned once, in any order; a gate building may come long
    before its rectangle (the Town Hall with no token)."""
    s = at("mayor", stock={"wood": 30, "stone": 30, "iron": 20, "bp": 30, "rp": 30}, fate="quiet_year")
    do(s, Buy(item("town_hall")), Buy(item("music")), Buy(item("warehouse")))
    assert s.tokens == 0
    assert "already built" in reason(s, Buy(item("town_hall")))
    assert "already invented" in reason(s, Buy(item("music")))
    assert Buy(item("warehouse")) not in legal(s)
    assert [s.owned[item(n)] for n in ("town_hall", "music", "warehouse")] == [1, 1, 1]


def test_14_circus_spends_food_and_nothing_protects_feeding() -> None:
    """§15.14: buying the Circus spends 4 food; the next feeding is not protected."""
    cost = {"food": 4, "wood": 8, "stone": 4, "iron": 3, "bp": 7}
    s = at("mayor", stock=cost, fate="frost")
    do(s, Buy(item("circus")))
    assert row(s) == (0, 0, 0, 0, 0, 0, 0)
    end_round(s, 1)  # 1 + 5 smiles: no token
    assert events_of(s, "feed") == [(0, 6)]
    assert s.outcome == "starved"


def test_15_pool_never_below_zero() -> None:
    """§15.15: Quarrel and a refused Tax collector take the pool to 0 at the lowest."""
    s = at("miner", pool=2, top="quarrel")
    do(s, Other(RP))
    assert s.pool == 0 and events_of(s, "pool") == [(-2,)]
    s = at("fate", step="tax", pool=3)
    do(s, act.REFUSE)
    assert s.pool == 0 and events_of(s, "pool") == [(-3,)]


def test_16_pool_above_twenty_until_the_satisfaction_phase() -> None:
    """§15.16: after a Fair the pool may be above 20; the satisfaction phase caps it."""
    s = at("miner", stock={"food": 20}, pool=18, tokens=1, top="fair")
    do(s, Other(RP))
    assert s.pool == 22
    to_field(s, "mayor")
    assert s.pool == 22
    end_round(s, 1, 1)
    assert events_of(s, "smiles") == [(1, 1, 3)]
    assert events_of(s, "gated") == [(2,)]
    assert s.pool == 20


def test_17_pool_capped_when_the_gate_is_shut() -> None:
    """§15.17: pool 18, 1 token, no Warehouse, 10 smiles gained: pool 20, rectangle 2 is
    gated, nothing converts."""
    s = at("mayor", stock={"food": 20}, pool=18, tokens=1, owned=["circus"], fate="quiet_year")
    end_round(s, 1, 5)  # 5 + Circus 5 = 10
    assert events_of(s, "smiles") == [(5, 10, 8)]
    assert events_of(s, "gated") == [(2,)] and events_of(s, "token") == []
    assert (s.pool, s.tokens) == (20, 1)


def test_18_items_bought_this_round_count() -> None:
    """§15.18: the satisfaction gain counts what the mayor bought on this round's field."""
    s = at("mayor", stock={"food": 20, "rp": 15, "stone": 11, "iron": 3, "bp": 6}, fate="quiet_year")
    do(s, Buy(item("music")), Buy(item("monument")))
    end_round(s, 1, 2)
    assert events_of(s, "smiles") == [(2, 2 + 3 + 2, 0)]
    assert s.pool == 7


def test_19_tenth_token_wins_at_once() -> None:
    """§15.19: with 9 tokens and pool ≥ 10 the 10th token is placed and the game is won at
    once (no Losses of another round, no feeding)."""
    gates = ("warehouse", "monument", "town_hall")
    s = at("mayor", stock={"food": 2}, pool=10, tokens=9, owned=gates, round_=5, fate="quiet_year")
    end_round(s, 1, 1)
    assert events_of(s, "token") == [(10,)]
    assert kinds(s)[-1] == "won"
    assert "round" not in kinds(s) and "feed" not in kinds(s)
    assert (s.outcome, s.end_round, s.tokens, s.step) == ("won", 5, 10, "over")


def test_20_win_in_the_last_round_counts() -> None:
    """§15.20: a win is possible only in the satisfaction phase; the time limit is checked
    after it, so a win in the last round counts (and without it the game is lost on time)."""
    gates = ("warehouse", "monument", "town_hall")
    s = at("mayor", stock={"food": 9}, pool=10, tokens=9, owned=gates, round_=13, fate="quiet_year")
    end_round(s, 1, 1)
    assert (s.outcome, s.end_round) == ("won", 13)
    assert "time" not in kinds(s)
    s = at("mayor", stock={"food": 9}, pool=0, tokens=9, owned=gates, round_=13, fate="quiet_year")
    end_round(s, 1, 1)
    assert (s.outcome, s.end_round, s.tokens) == ("time", 13, 9)
    assert events_of(s, "time") == [(13,)]
    # Before the satisfaction phase nothing wins, even with the pool full.
    s = at("miner", pool=20, tokens=9, owned=gates, top="fair")
    do(s, Other(RP))
    assert s.outcome == "" and s.tokens == 9


def test_21_heatwave_with_cellar_and_frost() -> None:
    """§15.21: Heatwave with the Cellar: rot = higher of two dice − 2, not below 0. Frost:
    no rot roll at all."""
    for first, second, lost in ((5, 3, 3), (2, 6, 4), (1, 2, 0)):
        s = at("mayor", stock={"food": 9}, owned=["cellar"], fate="heatwave")
        end_round(s, first, second, 1)
        assert events_of(s, "rot") == [(first, second, lost)]
        assert_all_rolled(s)
    s = at("mayor", stock={"food": 9}, fate="frost")
    end_round(s, 4)  # the only die is the satisfaction die
    assert events_of(s, "rot") == [(-1, -1, 0)]
    assert events_of(s, "smiles")[0][0] == 4
    assert dice(s).rolled == [4]


def test_22_fever_no_decision_for_the_blacksmith() -> None:
    """§15.22: under Fever the Blacksmith's holder gets no decision that round."""
    s = at("miner", players=9, top="fever")
    blacksmith_seat = s.holder[BLACKSMITH]
    do(s, Other(RP))
    assert events_of(s, "skip") == [(BLACKSMITH,)]
    assert s.field() == "builder" and seat(s) == s.holder[BUILDER] != blacksmith_seat
    assert rules.legal_actions(s, blacksmith_seat) == []
    while s.step != "shop":
        assert seat(s) != blacksmith_seat
        do(s, Other(FOOD))


def test_23_tax_collector_with_fewer_than_three_goods() -> None:
    """§15.23: with fewer than 3 goods in stock only `refuse` is legal."""
    s = at("fate", step="tax", stock={"food": 1, "wood": 1, "rp": 9, "bp": 9})
    assert legal(s) == [act.REFUSE]
    assert "fewer" in reason(s, act.PAY)
    s = at("fate", step="tax", stock={"food": 1, "wood": 1, "ore": 1})
    assert legal(s) == [act.PAY, act.REFUSE]


def test_24_bandits_take_one_of_each_good_there_is() -> None:
    """§15.24: Bandits: each of the five goods loses 1 if it is above 0."""
    s = at("miner", stock={"food": 2, "stone": 1, "iron": 5, "rp": 3, "bp": 2}, top="bandits")
    do(s, Other(WOOD))  # wood 1
    assert row(s) == (1, 0, 0, 0, 4, 3, 2)
    assert events_of(s, "lose") == [(FOOD, 1), (WOOD, 1), (STONE, 1), (IRON, 1)]


def test_25_fire_with_the_fountain() -> None:
    """§15.25: Fire when the Fountain stands: nothing happens."""
    s = at("miner", stock={"wood": 7}, owned=["fountain"], top="fire")
    do(s, Other(RP))
    assert s.stock[WOOD] == 7
    assert events_of(s, "no_effect") == [()] and events_of(s, "lose") == []


def test_26_reshuffle_only_when_the_pile_is_empty() -> None:
    """§15.26: the discards are shuffled into a new pile only when a card must be drawn and
    the pile is empty (the scripted shuffle keeps the discard order, so the new top card
    is the first discard)."""
    s = at("miner", stock={"food": 40}, owned=["warehouse"], top="quiet_year")
    s.fate_discard = [c for c in s.fate_pile if c != card("quiet_year")]
    s.fate_pile = [card("quiet_year")]
    shuffles = dice(s).shuffles
    do(s, Other(RP))
    assert events_of(s, "fate") == [(card("quiet_year"),)] and "reshuffle" not in kinds(s)
    assert s.fate_pile == [] and len(s.fate_discard) == 20
    assert dice(s).shuffles == shuffles
    to_field(s, "mayor")
    assert dice(s).shuffles == shuffles  # an empty pile is not refilled before it is needed
    order = s.fate_discard[:]
    end_round(s, 1, 1)
    to_field(s, "miner")
    assert s.fate_pile == [] and dice(s).shuffles == shuffles
    do(s, Other(RP))
    assert kinds(s).index("reshuffle") < kinds(s).index("fate")
    assert dice(s).shuffles == shuffles + 1
    assert events_of(s, "fate") == [(order[0],)]
    assert s.fate_pile == order[1:] and s.fate_discard == [order[0]]


def test_27_one_player_is_always_mayor_and_decides_everything() -> None:
    """§15.27: with one player the mayor never changes and that player makes every decision."""
    s = new(1, seed=7)
    bot = ReferenceTeam(1)
    rounds = set()
    while not GAME.is_over(s):
        assert rules.to_act(s) == [0]
        assert s.mayor == 0 and "mayor" not in kinds(s)
        rounds.add(s.round)
        action = cast(Action, bot.choose(GAME, GAME.view(s, 0), 0))
        GAME.apply_in_place(s, 0, action)
    assert len(rounds) >= 3 and "mayor" not in kinds(s)

