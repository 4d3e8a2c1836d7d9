"""Every building (§9) and invention (§10): costs, specialty bonuses, the Warehouse, the
Cellar, Coinage, smiles in the satisfaction phase (§6.9) and the gates of the pyramid (§12).

The costs and values are typed in by hand from the spec's tables, not read from the content
file.
"""

from __future__ import annotations

import pytest

from core.settlement import rules
from core.settlement import actions as act
from core.settlement.actions import Buy, Finish, Swap
from core.settlement.content import BUILDINGS, CHARACTER_IDS, CHARACTERS, INVENTIONS, ITEMS, RESOURCES
from core.settlement.state import State
from tests.core.settlement.helpers import (
    FOOD,
    IRON,
    ORE,
    STONE,
    WOOD,
    add_rolls,
    at,
    do,
    end_round,
    events_of,
    item,
    legal,
    put_on_top,
    reason,
    res,
    row,
    to_field,
)

# §9 and §10, by hand: cost, smiles every satisfaction phase, specialty bonuses.
SPEC_ITEMS: dict[str, tuple[dict[str, int], int, dict[str, int]]] = {
    "warehouse": ({"wood": 6, "stone": 5, "bp": 5}, 0, {}),
    "monument": ({"stone": 11, "iron": 3, "bp": 6}, 2, {}),
    "fountain": ({"wood": 3, "stone": 7, "iron": 3, "bp": 6}, 3, {}),
    "town_hall": ({"wood": 11, "stone": 11, "iron": 6, "bp": 9}, 4, {}),
    "circus": ({"food": 4, "wood": 8, "stone": 4, "iron": 3, "bp": 7}, 5, {}),
    "mill": ({"wood": 4, "stone": 3, "iron": 1, "bp": 4}, 0, {"peasant": 2}),
    "quarry": ({"wood": 3, "stone": 2, "iron": 1, "bp": 3}, 0, {"stonemason": 2}),
    "forge": ({"wood": 2, "stone": 4, "bp": 3}, 0, {"blacksmith": 2}),
    "school": ({"wood": 4, "stone": 3, "iron": 1, "bp": 4}, 0, {"scholar": 2}),
    "cellar": ({"wood": 3, "stone": 3, "bp": 3}, 0, {}),
    "bow": ({"rp": 5}, 1, {"hunter": 1}),
    "plough": ({"rp": 8, "iron": 3}, 1, {"peasant": 1}),
    "axe": ({"rp": 8, "iron": 2}, 1, {"woodcutter": 1}),
    "pickaxe": ({"rp": 10, "iron": 3}, 1, {"stonemason": 1, "miner": 1}),
    "bellows": ({"rp": 8}, 1, {"blacksmith": 1}),
    "crane": ({"rp": 12, "wood": 3, "iron": 2}, 1, {"builder": 1}),
    "writing": ({"rp": 10}, 1, {"scholar": 1}),
    "wheel": ({"rp": 8, "wood": 3}, 1, {"merchant": 2}),
    "coinage": ({"rp": 10}, 1, {}),
    "music": ({"rp": 15}, 3, {}),
}
BUILDING_IDS = ("warehouse", "monument", "fountain", "town_hall", "circus", "mill", "quarry", "forge", "school", "cellar")


def test_the_items_are_the_spec_tables() -> None:
    """Ten buildings and ten inventions with the costs, smiles and bonuses of §9 and §10."""
    assert {ITEMS[i].id for i in BUILDINGS} == set(BUILDING_IDS)
    assert {ITEMS[i].id for i in INVENTIONS} == set(SPEC_ITEMS) - set(BUILDING_IDS)
    for name, (cost, smiles, bonus) in SPEC_ITEMS.items():
        it = ITEMS[item(name)]
        assert it.cost == tuple(res(cost)), name
        assert it.smiles == smiles, name
        assert it.bonus == tuple(bonus.get(c.id, 0) for c in CHARACTERS), name
    assert {ITEMS[i].id for i in range(20) if ITEMS[i].gate} == {"warehouse", "monument", "town_hall"}
    assert [ITEMS[item(n)].gate for n in ("warehouse", "monument", "town_hall")] == [2, 4, 7]


@pytest.mark.parametrize("name", list(SPEC_ITEMS))
def test_buy_at_exactly_the_cost(name: str) -> None:
    """The mayor may buy an item whose whole cost is in stock; it takes exactly the cost."""
    cost = SPEC_ITEMS[name][0]
    s = at("mayor", stock=cost, fate="quiet_year", round_=3)
    assert Buy(item(name)) in legal(s)
    do(s, Buy(item(name)))
    assert row(s) == (0, 0, 0, 0, 0, 0, 0)
    assert s.owned[item(name)] == 3  # the round it was bought in
    assert events_of(s, "buy") == [(item(name),)]


@pytest.mark.parametrize("name", list(SPEC_ITEMS))
def test_one_short_is_not_affordable(name: str) -> None:
    """One unit short of any part of the cost: not legal, and the reason says what is missing."""
    cost = SPEC_ITEMS[name][0]
    for short in cost:
        less = dict(cost, **{short: cost[short] - 1})
        s = at("mayor", stock=less, fate="quiet_year")
        assert not rules.affordable(s, item(name))
        why = reason(s, Buy(item(name)))
        short_name = {"rp": "RP", "bp": "BP"}.get(short, short)
        assert f"missing 1 {short_name}" in why, why


# --- specialty bonuses ---------------------------------------------------------------------------
BONUSES = [(name, who, n) for name, (_, _, bonus) in SPEC_ITEMS.items() for who, n in bonus.items()]


@pytest.mark.parametrize(("name", "who", "bonus"), BONUSES)
def test_specialty_bonus(name: str, who: str, bonus: int) -> None:
    """Each item's bonus is added to that character's specialty roll (and nobody else's)."""
    c = CHARACTER_IDS[who]
    fate = "quiet_year" if CHARACTERS[c].field > 5 else None
    s = at(who, stock={"ore": 20, "wood": 20}, owned=[name], fate=fate, dice=[3])
    table = SPEC_ITEMS[name][2]
    for other in CHARACTERS:
        assert rules.specialty_bonus(s, other.index) == table.get(other.id, 0)
    before = s.stock[:]
    do(s, act.SPECIALTY)
    spec = CHARACTERS[c]
    assert events_of(s, "work")[0][:5] == (c, 3, 0, bonus, 3 + bonus)
    if spec.kind == "trade":
        assert s.trade_limit == 3 + bonus
    elif spec.kind == "smelt":
        assert (s.stock[ORE], s.stock[IRON]) == (before[ORE] - 3 - bonus, before[IRON] + 3 + bonus)
    else:
        assert s.stock[spec.product] == before[spec.product] + 3 + bonus


@pytest.mark.parametrize(
    ("who", "owned", "total"),
    [("peasant", ("mill", "plough"), 3), ("blacksmith", ("forge", "bellows"), 3),
     ("scholar", ("school", "writing"), 3), ("stonemason", ("quarry", "pickaxe"), 3),
     ("miner", ("pickaxe", "quarry"), 1)],
)
def test_bonuses_add_up(who: str, owned: tuple[str, ...], total: int) -> None:
    """§9: bonuses from buildings and inventions add up (Peasant with Plough and Mill: +3)."""
    fate = "quiet_year" if CHARACTERS[CHARACTER_IDS[who]].field > 5 else None
    s = at(who, stock={"ore": 20}, owned=owned, fate=fate, dice=[1])
    do(s, act.SPECIALTY)
    assert events_of(s, "work")[0][3:5] == (total, 1 + total)


def test_a_bonus_works_from_the_next_work() -> None:
    """An item bought on the mayor field helps from the next work done: next round's Hunter."""
    s = at("mayor", stock={"food": 20, "rp": 5}, fate="quiet_year")
    do(s, Buy(item("bow")))
    end_round(s, 1, 1, 2)  # rot, satisfaction, then the Hunter's roll of round 2
    assert s.field() == "hunter"
    food = s.stock[FOOD]
    do(s, act.SPECIALTY)
    assert s.stock[FOOD] == food + 3


# --- the Warehouse, the Cellar, Coinage ----------------------------------------------------------
def test_warehouse_no_cap_but_rot_and_bp_loss() -> None:
    """Warehouse: no storage cap at Losses; food still rots and every BP is still lost."""
    s = at("mayor", stock={"food": 25, "wood": 14, "stone": 11, "ore": 12, "iron": 13, "rp": 30, "bp": 4},
           owned=["warehouse"], fate="quiet_year")
    end_round(s, 3, 1)
    assert events_of(s, "rot") == [(3, 0, 3)]
    assert events_of(s, "bp_lost") == [(4,)]
    assert events_of(s, "cap") == []
    assert row(s) == (22 - 6, 14, 11, 12, 13, 30, 0)


def test_no_warehouse_caps_every_good_but_not_rp() -> None:
    """Without the Warehouse each good above 10 is cut to 10; RP are never capped."""
    s = at("mayor", stock={"food": 25, "wood": 14, "stone": 11, "ore": 10, "iron": 13, "rp": 30, "bp": 4},
           fate="quiet_year")
    end_round(s, 3, 1)
    assert events_of(s, "cap") == [(FOOD, 12), (WOOD, 4), (STONE, 1), (IRON, 3)]
    assert row(s) == (10 - 6, 10, 10, 10, 10, 30, 0)


def test_warehouse_bought_this_round_protects_these_losses() -> None:
    """§6.7: the Warehouse bought on the mayor field already protects this round's Losses."""
    s = at("mayor", stock={"food": 20, "wood": 20, "stone": 5, "bp": 5}, fate="quiet_year")
    do(s, Buy(item("warehouse")))
    end_round(s, 1, 1)
    assert events_of(s, "cap") == []
    assert (s.stock[FOOD], s.stock[WOOD]) == (19 - 6, 14)


@pytest.mark.parametrize(("roll", "lost"), [(6, 4), (3, 1), (2, 0), (1, 0)])
def test_cellar(roll: int, lost: int) -> None:
    """Cellar: rot −2, never below 0."""
    s = at("mayor", stock={"food": 20}, owned=["cellar"], fate="quiet_year")
    end_round(s, roll, 1)
    assert events_of(s, "rot") == [(roll, 0, lost)]


def test_cellar_bought_this_round_already_helps() -> None:
    """§6.7: the Cellar bought on the mayor field already reduces this round's rot."""
    s = at("mayor", stock={"food": 20, "wood": 3, "stone": 3, "bp": 3}, fate="quiet_year")
    do(s, Buy(item("cellar")))
    end_round(s, 5, 1)
    assert events_of(s, "rot") == [(5, 0, 3)]


def test_coinage_no_tax() -> None:
    """Coinage: the Merchant never pays the trade tax; without it the tax is due."""
    s = at("merchant", stock={"wood": 5}, owned=["coinage"], fate="quiet_year", dice=[2])
    assert not rules.tax_due(s)
    do(s, act.SPECIALTY, Swap(FOOD, WOOD), Swap(FOOD, WOOD))
    assert [a for a in legal(s) if isinstance(a, Finish)] == [act.NO_TAX]
    do(s, act.NO_TAX)
    assert row(s)[:2] == (2, 3)
    s = at("merchant", stock={"wood": 5}, fate="quiet_year", dice=[2])
    assert rules.tax_due(s)
    do(s, act.SPECIALTY, Swap(FOOD, WOOD))
    assert act.NO_TAX not in legal(s)
    assert "name the good" in reason(s, act.NO_TAX)


def test_no_trade_no_tax() -> None:
    """A Merchant who buys nothing pays no tax (and cannot switch to other work)."""
    s = at("merchant", stock={"wood": 5}, fate="quiet_year", dice=[4])
    do(s, act.SPECIALTY)
    assert act.NO_TAX in legal(s) and not any(a.__class__.__name__ == "Other" for a in legal(s))
    assert reason(s, Finish(WOOD)) == "No tax is due."
    do(s, act.NO_TAX)
    assert row(s)[:2] == (0, 5) and events_of(s, "trade_end") == [(0,)]


# --- smiles ---------------------------------------------------------------------------------------
def test_music_gives_three() -> None:
    """Music: +2 smiles besides the +1 of every invention: 3 in all."""
    s = at("mayor", stock={"food": 20}, owned=["music"], fate="quiet_year")
    end_round(s, 1, 4)
    assert events_of(s, "smiles") == [(4, 7, 0)]


def test_every_invention_adds_one() -> None:
    """Each invention made adds 1 smile every satisfaction phase (§6.9, A15)."""
    plain = ("bow", "plough", "axe", "pickaxe", "bellows", "crane", "writing", "wheel", "coinage")
    s = at("mayor", stock={"food": 20}, owned=plain, fate="quiet_year")
    assert rules.satisfaction_income(s) == 9
    end_round(s, 1, 1)
    assert events_of(s, "smiles") == [(1, 10, 0)]
    assert s.tokens == 1


@pytest.mark.parametrize(("name", "smiles"), [("monument", 2), ("fountain", 3), ("town_hall", 4), ("circus", 5)])
def test_smile_buildings_count_the_round_they_are_bought(name: str, smiles: int) -> None:
    """§6.9/§15.18: a smile building counts in the satisfaction phase of the round it is
    bought, and every round after."""
    cost = dict(SPEC_ITEMS[name][0])
    cost["food"] = cost.get("food", 0) + 30
    s = at("mayor", stock=cost, owned=["warehouse"], fate="quiet_year")
    do(s, Buy(item(name)))
    end_round(s, 1, 2)
    assert events_of(s, "smiles") == [(2, 2 + smiles, 0)]
    put_on_top(s, "quiet_year")
    to_field(s, "mayor")
    end_round(s, 1, 3)
    assert events_of(s, "smiles") == [(3, 3 + smiles, 0)]


def test_all_smile_sources_add_up() -> None:
    """die + inventions + building smiles + Music: 1 + 10 + (2 + 3 + 4 + 5) + 2 = 27, capped."""
    s = at("mayor", stock={"food": 20}, owned=list(SPEC_ITEMS), fate="quiet_year")
    assert rules.satisfaction_income(s) == 10 + 14 + 2
    end_round(s, 1, 1)
    assert events_of(s, "smiles") == [(1, 27, 7)]
    assert s.tokens == 2 and s.pool == 0


# --- each item once ------------------------------------------------------------------------------
def test_each_item_only_once() -> None:
    """All twenty items can be bought, one after another, each once; then only Done is left."""
    s = at("mayor", stock={r: 200 for r in RESOURCES}, fate="quiet_year")
    bought = []
    while len(legal(s)) > 1:
        buy = legal(s)[-2]
        assert isinstance(buy, Buy)
        do(s, buy)
        bought.append(buy.item)
        assert reason(s, buy).startswith(f"The {ITEMS[buy.item].name} is already")
    assert sorted(bought) == list(range(20))
    assert legal(s) == [act.DONE]


# --- gates ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("tokens", "owned", "after", "gated"),
    [
        (0, (), 1, 2),  # rectangle 1 is free, 2 needs the Warehouse
        (1, (), 1, 2),
        (1, ("warehouse",), 3, 0),
        (2, ("warehouse",), 3, 4),  # rectangle 4 needs the Monument
        (3, ("warehouse",), 3, 4),
        (3, ("warehouse", "monument"), 5, 0),
        (5, ("warehouse", "monument"), 6, 7),  # rectangle 7 needs the Town Hall
        (6, ("warehouse", "monument"), 6, 7),
        (6, ("warehouse", "monument", "town_hall"), 8, 0),
        (8, ("warehouse", "monument", "town_hall"), 10, 0),
        (0, ("monument", "town_hall"), 1, 2),  # later gates do not open rectangle 2
    ],
)
def test_gates(tokens: int, owned: tuple[str, ...], after: int, gated: int) -> None:
    """§12: rectangles 2, 4 and 7 fill only once the Warehouse, Monument and Town Hall stand;
    a shut gate also holds back every rectangle after it. Pool 20: up to two tokens."""
    s = at("mayor", stock={"food": 20}, tokens=tokens, pool=20, owned=owned, fate="quiet_year")
    end_round(s, 1, 1)
    assert s.tokens == after
    assert events_of(s, "token") == [(r,) for r in range(tokens + 1, after + 1)]
    assert events_of(s, "gated") == ([(gated,)] if gated else [])
    assert s.pool == min(20, 20 + 1 + rules.satisfaction_income(s)) - 10 * (after - tokens)


def test_gate_buildings_before_their_rectangle_then_open_later() -> None:
    """A gate closed one round opens as soon as the building is bought (same round counts)."""
    s = at("mayor", stock={"food": 30, "wood": 6, "stone": 5, "bp": 5}, tokens=1, pool=20, fate="quiet_year")
    do(s, Buy(item("warehouse")))
    end_round(s, 1, 1)
    assert s.tokens == 3


def test_starvation_removes_the_highest_tokens() -> None:
    """§6.3/§12: tokens are removed from the highest-numbered filled rectangle."""
    gates = ("warehouse", "monument", "town_hall")
    s = at("mayor", stock={"food": 3}, tokens=8, owned=gates, fate="frost")
    end_round(s, 1)
    assert events_of(s, "token_lost") == [(8,), (7,), (6,)]
    assert s.tokens == 5


def quiet_round(s: State, pool: int = 20) -> State:
    """From the Hunter to the mayor field of the same round: the Hunter and the Peasant
    roll 6 each, the others make RP or BP, the fate card is the Quiet year; then the pool is
    set to ``pool`` before the mayor buys nothing and the round ends (rot 1, satisfaction 1)."""
    assert s.field() == "hunter"
    put_on_top(s, "quiet_year")
    add_rolls(s, 6, 6)
    do(s, act.SPECIALTY, act.SPECIALTY)
    to_field(s, "mayor")
    s.pool = pool
    return end_round(s, 1, 1)


def test_refilling_after_starvation_checks_the_gates_again() -> None:
    """A19: a gate is checked every time its rectangle is about to be filled, including
    refilling after starvation: 4 tokens → 2 by hunger, then rectangles 3 and 4 refill
    (the Monument stands); with 3 tokens and no Monument, hunger → 1, rectangles 2 and 3
    refill and rectangle 4 stays shut."""
    s = at("mayor", stock={"food": 4}, tokens=4, owned=["warehouse", "monument"], fate="frost")
    end_round(s, 1)
    assert events_of(s, "token_lost") == [(4,), (3,)]
    assert s.tokens == 2 and s.stock[FOOD] == 0
    quiet_round(s)
    assert events_of(s, "token") == [(3,), (4,)]
    assert s.tokens == 4
    s = at("mayor", stock={"food": 4}, tokens=3, owned=["warehouse"], fate="frost")
    end_round(s, 1)
    assert s.tokens == 1
    quiet_round(s)
    assert events_of(s, "token") == [(2,), (3,)]
    quiet_round(s)
    assert events_of(s, "token") == [] and events_of(s, "gated") == [(4,)]
    assert s.tokens == 3
