"""Every one of the 20 fate cards of §11, resolved on the fate field (§6.5) of built
positions: the Miner makes 1 RP (or the named good), then the card on top is drawn.

"This round" effects are checked up to Losses and the satisfaction phase, and checked gone
in the next round; the reshuffle happens only when a card is needed and the pile is empty.
"""

from __future__ import annotations

import pytest

from core.settlement import GAME, rules
from core.settlement import actions as act
from core.settlement.actions import Finish, Other, PayOne, Swap
from core.settlement.content import BLACKSMITH, BP, BUILDER, FATE, MERCHANT, RP, SCHOLAR
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
    put_on_top,
    kinds,
    legal,
    reason,
    row,
    seat,
    stock,
    to_field,
)


def draw(name: str, miner: Other = Other(RP), **kw: object) -> State:
    """A state on the Miner's field with ``name`` on top; the Miner does ``miner`` and the
    card is drawn and resolved. Keyword arguments go to :func:`at`."""
    s = at("miner", top=name, **kw)  # type: ignore[arg-type]
    do(s, miner)
    assert events_of(s, "fate") == [(card(name),)]
    assert s.fate == card(name) and s.fate_discard[-1] == card(name)
    return s


def test_the_deck_is_the_spec_list() -> None:
    """§11: twenty cards, one of each, in the spec's order."""
    assert [c.id for c in FATE] == [
        "harvest", "good_hunt", "locusts", "wolves", "fire", "mine_collapse", "rich_vein",
        "wandering_scholar", "neighbours", "fair", "quarrel", "bandits", "tax_collector", "fever",
        "downpour", "caravan", "inspiration", "heatwave", "frost", "quiet_year",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "before", "after"),
    [
        ("harvest", {"food": 9}, {"food": 12}),
        ("good_hunt", {"food": 0}, {"food": 2}),
        ("locusts", {"food": 5}, {"food": 2}),
        ("locusts", {"food": 2}, {}),
        ("wolves", {"food": 5}, {"food": 3}),
        ("wolves", {"food": 1}, {}),
        ("fire", {"wood": 4}, {"wood": 1}),
        ("fire", {"wood": 2, "food": 1}, {"food": 1}),
        ("mine_collapse", {"ore": 9}, {"ore": 7}),
        ("mine_collapse", {"ore": 1}, {}),
        ("rich_vein", {"ore": 9}, {"ore": 12}),
        ("wandering_scholar", {"rp": 2}, {"rp": 5}),
        ("neighbours", {"bp": 1}, {"bp": 4}),
    ],
)
def test_gain_and_lose(name: str, before: dict[str, int], after: dict[str, int]) -> None:
    """§11 "gain" adds (even above 10), "lose" takes min(N, what there is)."""
    s = draw(name, Other(STONE), stock=before)
    after = dict(after, stone=1)  # the Miner's 1 stone
    assert stock(s) == after
    assert s.step == "work" and s.field() == "blacksmith"


def test_lose_reports_what_was_actually_lost() -> None:
    """A "lose" event carries the amount lost, not the card's number."""
    s = draw("locusts", stock={"food": 1})
    assert events_of(s, "lose") == [(FOOD, 1)]
    s = draw("fire", stock={"wood": 0})
    assert events_of(s, "lose") == [(WOOD, 0)]


def test_fire_with_and_without_the_fountain() -> None:
    """Fire: lose 3 wood, unless the Fountain is built (then nothing at all)."""
    s = draw("fire", stock={"wood": 5})
    assert s.stock[WOOD] == 2 and events_of(s, "lose") == [(WOOD, 3)]
    s = draw("fire", stock={"wood": 5}, owned=["fountain"])
    assert s.stock[WOOD] == 5 and events_of(s, "no_effect") == [()]
    # Other buildings do not protect.
    s = draw("fire", stock={"wood": 5}, owned=["warehouse", "town_hall", "monument"])
    assert s.stock[WOOD] == 2


def test_neighbours_bp_are_spent_or_lost() -> None:
    """Helpful neighbours: the 3 BP can be spent by the mayor, or are lost at Losses."""
    s = draw("neighbours", stock={"wood": 3, "stone": 3})
    to_field(s, "mayor", Other(FOOD))
    assert s.stock[BP] == 3  # the Builder made food, the others too
    assert act.Buy(item("cellar")) in legal(s)
    end_round(s, 1, 1)
    assert events_of(s, "bp_lost") == [(3,)] and s.stock[BP] == 0


@pytest.mark.parametrize(("pool", "name", "after"), [(3, "fair", 7), (18, "fair", 22), (9, "quarrel", 5), (3, "quarrel", 0)])
def test_fair_and_quarrel(pool: int, name: str, after: int) -> None:
    """Fair +4 smiles (may exceed 20 until the satisfaction phase); Quarrel −4, not below 0."""
    s = draw(name, pool=pool)
    assert s.pool == after
    assert events_of(s, "pool") == [(after - pool,)]


def test_bandits() -> None:
    """Bandits: 1 of each good that is there; RP and BP untouched."""
    s = draw("bandits", stock={"food": 3, "wood": 1, "ore": 2, "rp": 4, "bp": 4})
    assert row(s) == (2, 0, 0, 1, 0, 5, 4)
    assert events_of(s, "lose") == [(FOOD, 1), (WOOD, 1), (ORE, 1)]


# --- the Tax collector (D4) ---------------------------------------------------------------------
def test_tax_collector_asks_the_mayor() -> None:
    """The Tax collector stops the pawn on the fate field for the mayor's choice."""
    s = draw("tax_collector", players=4, mayor=3, stock={"food": 2, "wood": 2})
    assert (s.step, s.field(), seat(s)) == ("tax", "fate", 3)
    assert legal(s) == [act.PAY, act.REFUSE]


def test_tax_collector_pay_three_goods() -> None:
    """Pay: exactly three pay_one steps, each of a good in stock, then the Blacksmith works."""
    s = draw("tax_collector", players=3, mayor=1, stock={"food": 1, "wood": 1, "ore": 2, "rp": 5})
    do(s, act.PAY)
    assert (s.step, s.tax_left, seat(s)) == ("tax_pay", 3, 1)
    assert legal(s) == [PayOne(FOOD), PayOne(WOOD), PayOne(ORE)]
    assert "none of that" in reason(s, PayOne(STONE))
    assert reason(s, PayOne(RP))  # RP are not goods
    do(s, PayOne(ORE))
    assert (s.step, s.tax_left) == ("tax_pay", 2)
    do(s, PayOne(ORE))
    assert legal(s) == [PayOne(FOOD), PayOne(WOOD)]
    assert s.tax_left == 1
    do(s, PayOne(FOOD))
    assert events_of(s, "tax_paid") == [(FOOD,)]
    assert row(s) == (0, 1, 0, 0, 0, 6, 0) and s.pool == 0
    assert (s.step, s.field(), s.tax_left) == ("work", "blacksmith", 0)


def test_tax_collector_refuse() -> None:
    """Refuse: −5 smiles (not below 0), no goods paid."""
    s = draw("tax_collector", stock={"food": 5, "wood": 5}, pool=12)
    do(s, act.REFUSE)
    assert s.pool == 7 and events_of(s, "pool") == [(-5,)]
    assert stock(s) == {"food": 5, "wood": 5, "rp": 1}
    assert s.field() == "blacksmith"
    s = draw("tax_collector", stock={"food": 5}, pool=2)
    do(s, act.REFUSE)
    assert s.pool == 0


def test_tax_collector_only_refuse_below_three_goods() -> None:
    """With fewer than 3 goods (RP and BP do not count) only refuse is legal."""
    s = draw("tax_collector", stock={"iron": 2, "bp": 5})
    assert legal(s) == [act.REFUSE]
    assert "fewer" in reason(s, act.PAY)
    s = draw("tax_collector", stock={"iron": 3})
    assert legal(s) == [act.PAY, act.REFUSE]
    do(s, act.PAY, PayOne(IRON), PayOne(IRON), PayOne(IRON))
    assert s.stock[IRON] == 0


# --- cards read later in the round --------------------------------------------------------------
def test_fever_skips_the_blacksmith() -> None:
    """Fever: the pawn passes the Blacksmith's field, no specialty and no other work."""
    s = draw("fever", stock={"ore": 5})
    assert events_of(s, "skip") == [(BLACKSMITH,)]
    assert (s.field(), s.step) == ("builder", "work")
    assert s.stock[ORE] == 5 and s.stock[IRON] == 0
    assert rules.is_skipped(s, BLACKSMITH) and not rules.is_skipped(s, BUILDER)


def test_fever_ends_with_the_round() -> None:
    """Next round, with another card, the Blacksmith works again."""
    s = draw("fever", stock={"food": 20, "ore": 5}, dice=[])
    to_field(s, "mayor")
    end_round(s, 1, 1)
    put_on_top(s, "quiet_year")
    to_field(s, "blacksmith")
    assert s.step == "work" and not rules.is_skipped(s, BLACKSMITH)


@pytest.mark.parametrize(("roll", "bp"), [(5, 3), (2, 0), (1, 0)])
def test_downpour(roll: int, bp: int) -> None:
    """Downpour: the Builder's specialty result −2, not below 0."""
    s = draw("downpour", Other(FOOD), dice=[roll])
    to_field(s, "builder")
    assert rules.specialty_bonus(s, BUILDER) == -2
    do(s, act.SPECIALTY)
    assert s.stock[BP] == bp
    assert events_of(s, "work") == [(BUILDER, roll, 0, -2, bp, bp)]


def test_downpour_other_work_and_crane() -> None:
    """Downpour does not touch other work; with the Crane the result is roll + 1 − 2."""
    s = draw("downpour", Other(FOOD))
    to_field(s, "builder", Other(FOOD))
    do(s, Other(RP))
    assert s.stock[RP] == 1 and events_of(s, "other") == [(BUILDER, RP)]
    s = draw("downpour", Other(FOOD), owned=["crane"], dice=[4])
    to_field(s, "builder")
    do(s, act.SPECIALTY)
    assert s.stock[BP] == 3


def test_caravan_plus_two_and_no_tax() -> None:
    """Caravan: the Merchant's result +2 (with the Wheel +4 in all) and his trade pays no tax."""
    s = draw("caravan", stock={"wood": 9}, dice=[3])
    to_field(s, "merchant")
    assert rules.specialty_bonus(s, MERCHANT) == 2 and not rules.tax_due(s)
    do(s, act.SPECIALTY)
    assert s.trade_limit == 5
    do(s, *[Swap(FOOD, WOOD)] * 5)
    assert [a for a in legal(s) if isinstance(a, Finish)] == [act.NO_TAX]
    do(s, act.NO_TAX)
    assert (s.stock[FOOD], s.stock[WOOD]) == (5, 4)
    s = draw("caravan", stock={"wood": 9}, owned=["wheel"], dice=[1])
    to_field(s, "merchant")
    do(s, act.SPECIALTY)
    assert s.trade_limit == 5


def test_inspiration_two_dice_for_the_scholar() -> None:
    """Inspiration: the Scholar's specialty rolls two dice and adds them, then modifiers;
    other characters still roll one die, and other work rolls nothing."""
    s = draw("inspiration", dice=[2, 3, 4, 5])
    assert rules.specialty_dice(s, SCHOLAR) == 2 and rules.specialty_dice(s, BUILDER) == 1
    do(s, act.SPECIALTY)  # the Blacksmith: one die (2), no ore
    do(s, act.SPECIALTY)  # the Builder: one die (3)
    assert s.stock[BP] == 3
    do(s, act.SPECIALTY)  # the Scholar: 4 + 5
    assert events_of(s, "work") == [(SCHOLAR, 4, 5, 0, 9, 9)]
    assert s.stock[RP] == 1 + 9
    assert_all_rolled(s)
    s = draw("inspiration", owned=["school", "writing"], dice=[6, 6])
    to_field(s, "scholar")
    do(s, act.SPECIALTY)
    assert events_of(s, "work") == [(SCHOLAR, 6, 6, 3, 15, 15)]
    s = draw("inspiration", dice=[])
    to_field(s, "scholar")
    do(s, Other(FOOD))
    assert dice(s).rolled == [] and events_of(s, "work") == [] and events_of(s, "other") == [(SCHOLAR, FOOD)]


@pytest.mark.parametrize(
    ("rolls", "owned", "lost"),
    [((2, 5), (), 5), ((6, 1), (), 6), ((3, 3), (), 3), ((2, 5), ("cellar",), 3), ((1, 2), ("cellar",), 0)],
)
def test_heatwave(rolls: tuple[int, int], owned: tuple[str, ...], lost: int) -> None:
    """Heatwave: rot is the higher of two dice (then the Cellar's −2, not below 0)."""
    s = draw("heatwave", stock={"food": 20}, owned=owned)
    to_field(s, "mayor")
    end_round(s, *rolls, 1)
    assert events_of(s, "rot") == [(rolls[0], rolls[1], lost)]
    assert_all_rolled(s)


def test_heatwave_takes_at_most_the_food() -> None:
    """Rot never takes more food than there is."""
    s = draw("heatwave", stock={"food": 2})
    to_field(s, "mayor")
    end_round(s, 6, 6, 1)
    assert events_of(s, "rot") == [(6, 6, 2)]


def test_frost_no_rot_roll_but_bp_loss_and_cap() -> None:
    """Frost: no rot roll at all; the BP loss and the storage cap still apply."""
    s = draw("frost", stock={"food": 15, "wood": 12, "bp": 2})
    to_field(s, "mayor")
    end_round(s, 1)  # one die: the satisfaction die
    assert events_of(s, "rot") == [(-1, -1, 0)]
    assert events_of(s, "bp_lost") == [(3,)]  # 2 + the Scholar's idle 1
    assert events_of(s, "cap") == [(FOOD, 5), (WOOD, 2)]
    assert dice(s).rolled == [1]


def test_quiet_year() -> None:
    """Quiet year: nothing happens besides the draw."""
    s = at("miner", stock={"food": 7, "wood": 2}, pool=5, tokens=1, top="quiet_year")
    do(s, Other(WOOD))
    assert kinds(s) == ["other", "fate"]
    assert (row(s), s.pool, s.tokens) == ((7, 3, 0, 0, 0, 0, 0), 5, 1)
    assert (s.step, s.field()) == ("work", "blacksmith")


def test_effects_last_until_the_satisfaction_phase_and_end() -> None:
    """"This round" effects hold through Losses and the satisfaction phase, then end: the
    next round has no card until its fate field."""
    s = draw("frost", stock={"food": 30})
    to_field(s, "mayor")
    end_round(s, 2)
    assert s.round == 2 and s.fate == -1
    assert rules.fate_effects(s, "rot_none") == []


def test_reshuffle_only_when_empty() -> None:
    """The discards become the new pile (shuffled) only when a card is needed and the pile
    is empty; with cards left there is no reshuffle."""
    s = at("miner", stock={"food": 50}, owned=["warehouse"], top=["quiet_year", "good_hunt"])
    s.fate_discard = [c for c in s.fate_pile if c not in (card("quiet_year"), card("good_hunt"))]
    s.fate_pile = [card("quiet_year"), card("good_hunt")]
    for expected in ("quiet_year", "good_hunt"):
        to_field(s, "miner")
        do(s, Other(RP))
        assert events_of(s, "fate") == [(card(expected),)] and "reshuffle" not in kinds(s)
        to_field(s, "mayor")
        end_round(s, 1, 1)
    assert s.fate_pile == [] and dice(s).shuffles == 0
    to_field(s, "miner")
    do(s, Other(RP))
    assert kinds(s).count("reshuffle") == 1 and dice(s).shuffles == 1
    assert len(s.fate_pile) == 19 and len(s.fate_discard) == 1
    assert sorted(s.fate_pile + s.fate_discard) == list(range(20))


def test_reshuffle_uses_the_rng() -> None:
    """The reshuffle goes through ``state.rng.shuffle`` (a real shuffle changes the order)."""
    s = at("miner", dice=None)
    s.fate_discard = s.fate_pile[:]
    s.fate_pile = []
    order = s.fate_discard[:]
    do(s, Other(RP))
    assert "reshuffle" in kinds(s)
    assert s.fate_pile + s.fate_discard != order  # a seeded shuffle of 20 cards moves something
    assert GAME.problems(s) == []
