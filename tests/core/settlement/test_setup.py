"""Setup (§5): 1-9 players, the three ways of giving out the characters (draft, random,
order), the rolls and re-rolls for the pick order and the first mayor (scripted dice with
ties), solo play, and round 1 beginning with feeding (12 → 6 food)."""

from __future__ import annotations

from typing import Iterable

import pytest

from core.rng import Rng
from core.settlement import GAME, rules
from core.settlement.actions import Pick
from core.settlement.content import CHARACTERS, ROUND_LIMITS
from core.settlement.state import State, problems
from tests.core.settlement.helpers import (
    ScriptedDice,
    do,
    events_of,
    kinds,
    legal,
    names,
    put_on_top,
    new,
    reason,
    row,
    seat,
)

DEALS = ("draft", "random", "order")


def scripted_setup(
    monkeypatch: pytest.MonkeyPatch, players: int, deal: str, rolls: Iterable[int], shuffler: Rng | None = None
) -> tuple[State, ScriptedDice]:
    """``rules.new_game`` with scripted dice from the very first roll."""
    made: list[ScriptedDice] = []

    def dice(seed: int) -> ScriptedDice:
        made.append(ScriptedDice(rolls, shuffler))
        return made[-1]

    monkeypatch.setattr(rules, "Rng", dice)
    s = new(players, deal=deal)
    return s, made[0]


def draft_all(s: State) -> list[int]:
    """Finish the draft, each seat taking the first character left; returns the picking seats."""
    seats = []
    while s.step == "pick":
        seats.append(seat(s))
        do(s, legal(s)[0])
    return seats


def expected_split(players: int) -> list[int]:
    """§5.2 point 3: the first 9 mod n in pick order hold ⌈9/n⌉ cards, the others ⌊9/n⌋."""
    big, small = -(-9 // players), 9 // players
    return [big if i < 9 % players else small for i in range(players)]


@pytest.mark.parametrize("deal", DEALS)
@pytest.mark.parametrize("players", range(1, 10))
def test_card_split(players: int, deal: str) -> None:
    """Every character is held by one seat; in pick order the first (9 mod n) seats hold
    ⌈9/n⌉ cards and the others ⌊9/n⌋; every seat holds at least one."""
    s = new(players, deal=deal, seed=players * 7)
    draft_all(s)
    assert all(0 <= h < players for h in s.holder)
    counts = [len(s.seats_of(p)) for p in s.pick_order]
    assert counts == expected_split(players)
    assert min(counts) >= 1
    assert problems(s) == []


def test_four_players_hold_three_two_two_two() -> None:
    """§5.2's example: 4 players hold 3, 2, 2, 2 (the first in pick order holds 3)."""
    for deal in DEALS:
        s = new(4, deal=deal, seed=3)
        draft_all(s)
        assert [len(s.seats_of(p)) for p in s.pick_order] == [3, 2, 2, 2]


@pytest.mark.parametrize("players", range(2, 10))
def test_draft_pick_order_cycles(players: int) -> None:
    """Draft: in pick order, one card each; after the last, the first picks again."""
    s = new(players, deal="draft", seed=players)
    assert s.step == "pick"
    order = s.pick_order[:]
    assert sorted(order) == list(range(players))
    seats = draft_all(s)
    assert seats == [order[k % players] for k in range(9)]
    assert s.step == "work" and s.field() == "hunter"


def test_draft_picks_only_free_characters() -> None:
    """D1: `pick` for each character not yet taken; others get a reason, and so does a seat
    whose pick it is not."""
    s = new(3, deal="draft", seed=5)
    first = seat(s)
    assert legal(s) == [Pick(c) for c in range(9)]
    do(s, Pick(4))
    assert Pick(4) not in legal(s) and len(legal(s)) == 8
    assert "already taken" in reason(s, Pick(4))
    assert s.holder[4] == first
    others = [p for p in range(3) if p != seat(s)]
    for p in others:
        assert rules.legal_actions(s, p) == []
        assert GAME.why_illegal(s, p, Pick(0)) == "It is not your turn."


def test_pick_order_rolls_and_rerolls(monkeypatch: pytest.MonkeyPatch) -> None:
    """§5.2 point 1: highest roll first; tied players roll again among themselves until
    untied, each tie settled in its place (the 5s before the 3s)."""
    rolls = [3, 5, 3, 5,  # seats 0..3
             2, 4,        # the 5s, seats 1 and 3: seat 3 first
             6, 6,        # the 3s, seats 0 and 2: tied again
             1, 2,        # seat 2 first
             4, 6, 6, 1,  # after the draft, the mayor rolls: seats 1 and 2 tie on 6
             3, 5]        # seat 2 is mayor  # fmt: skip
    s, dice = scripted_setup(monkeypatch, 4, "draft", rolls)
    assert s.pick_order == [3, 1, 2, 0]
    assert events_of(s, "pick_rolls") == [(0, 3, 1, 5, 2, 3, 3, 5), (1, 2, 3, 4), (0, 6, 2, 6), (0, 1, 2, 2)]
    assert dice.rolled == rolls[:10]
    assert "mayor_rolls" not in kinds(s) and s.step == "pick"
    seats = draft_all(s)
    assert seats == [3, 1, 2, 0, 3, 1, 2, 0, 3]
    assert events_of(s, "mayor_rolls") == [(0, 4, 1, 6, 2, 6, 3, 1), (1, 3, 2, 5)]
    assert events_of(s, "first_mayor") == [(2,)]
    assert (s.mayor, s.first_mayor) == (2, 2)
    assert dice.left == []
    assert kinds(s)[-2:] == ["round", "feed"]


def test_first_mayor_three_way_tie(monkeypatch: pytest.MonkeyPatch) -> None:
    """§5.3: ties for the highest roll re-roll among the tied only, until one is highest
    (a lower roller never comes back)."""
    s, dice = scripted_setup(monkeypatch, 5, "order", [2, 6, 6, 1, 6,  # seats 1, 2, 4 tie
                                                       3, 3, 3,        # all three again
                                                       1, 4, 4,        # seats 2 and 4
                                                       5, 2])          # seat 2
    assert "pick_rolls" not in kinds(s)
    assert events_of(s, "mayor_rolls") == [
        (0, 2, 1, 6, 2, 6, 3, 1, 4, 6), (1, 3, 2, 3, 4, 3), (1, 1, 2, 4, 4, 4), (2, 5, 4, 2),
    ]
    assert s.mayor == s.first_mayor == 2
    assert dice.left == []


def test_random_deal_in_pick_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """§5.2 random: the nine cards are shuffled and dealt one at a time in the pick order's
    cycle (a shuffle that keeps the order deals the Hunter to the first in pick order)."""
    s, dice = scripted_setup(monkeypatch, 4, "random", [1, 2, 3, 4, 6, 1, 1, 1])
    assert s.pick_order == [3, 2, 1, 0]
    assert s.holder == [3, 2, 1, 0, 3, 2, 1, 0, 3]
    assert dice.shuffles == 2  # the deal, then the fate pile
    assert events_of(s, "dealt") == [()] and s.mayor == 0
    assert kinds(s).index("pick_rolls") < kinds(s).index("dealt") < kinds(s).index("mayor_rolls")


def test_random_deal_shuffles() -> None:
    """With a real shuffle the deal differs between seeds but the split stays right."""
    holders = set()
    for seed in range(12):
        s = new(3, deal="random", seed=seed)
        assert sorted(len(s.seats_of(p)) for p in range(3)) == [3, 3, 3]
        holders.add(tuple(s.holder[c] for c in range(9)))
    assert len(holders) > 3


def test_order_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The "order" option: seat A the Hunter, seat B the Peasant and on round the table; no
    pick-order rolls (the first mayor is still rolled, §5.3)."""
    s, dice = scripted_setup(monkeypatch, 4, "order", [5, 1, 2, 3])
    assert s.holder == [c % 4 for c in range(9)]
    assert s.pick_order == [0, 1, 2, 3]
    assert "pick_rolls" not in kinds(s)
    assert events_of(s, "mayor_rolls") == [(0, 5, 1, 1, 2, 2, 3, 3)]
    assert s.mayor == 0 and dice.left == []


@pytest.mark.parametrize("deal", DEALS)
def test_solo_has_no_rolls_and_no_decisions_before_the_hunter(monkeypatch: pytest.MonkeyPatch, deal: str) -> None:
    """Solo: no rolls at setup (an empty script is enough), the player holds all nine and is
    mayor, and the first decision is the Hunter's work."""
    s, dice = scripted_setup(monkeypatch, 1, deal, [])
    assert dice.rolled == []
    assert s.holder == [0] * 9 and s.mayor == s.first_mayor == 0
    assert (s.step, s.field(), rules.to_act(s)) == ("work", "hunter", [0])
    assert kinds(s) == ["round", "feed"]
    assert dice.shuffles == 1  # only the fate pile


@pytest.mark.parametrize("deal", DEALS)
@pytest.mark.parametrize("players", [1, 2, 5, 9])
def test_round_one_starts_with_feeding(players: int, deal: str) -> None:
    """§5.4: 12 food, 3 wood, 1 iron; round 1 begins with feeding, so the Hunter starts work
    with 6 food; no smiles, tokens or items; 20 fate cards in the pile."""
    s = new(players, deal=deal, seed=11)
    draft_all(s)
    assert events_of(s, "round") == [(1,)]
    assert events_of(s, "feed") == [(6, 0)]
    assert kinds(s)[-2:] == ["round", "feed"]
    assert row(s) == (6, 3, 0, 0, 1, 0, 0)
    assert (s.pool, s.tokens, s.round, s.fate) == (0, 0, 1, -1)
    assert not any(s.owned)
    assert sorted(s.fate_pile) == list(range(20)) and s.fate_discard == []
    assert (s.step, s.field(), s.pos) == ("work", "hunter", 0)
    assert rules.to_act(s) == [s.holder[0]]
    assert s.mayor == s.first_mayor
    assert problems(s) == []


def test_fate_pile_is_shuffled() -> None:
    """§5.4 point 5: the fate pile is shuffled (different seeds, different orders)."""
    orders = {tuple(new(1, seed=seed).fate_pile) for seed in range(8)}
    assert len(orders) == 8


@pytest.mark.parametrize(("difficulty", "limit"), [("easy", 16), ("normal", 13), ("hard", 12)])
def test_difficulty_sets_the_limit(difficulty: str, limit: int) -> None:
    """§13.2: Easy 16, Normal 13 (the default), Hard 12 rounds."""
    assert ROUND_LIMITS[difficulty] == limit
    assert new(2, difficulty=difficulty).limit == limit
    assert GAME.setup(names(2), 1, {}).limit == 13
    assert GAME.setup(names(2), 1, {}).deal == "draft"


@pytest.mark.parametrize("players", [0, 10])
def test_player_counts(players: int) -> None:
    """1-9 players; other counts are refused."""
    with pytest.raises(ValueError):
        GAME.setup(names(players), 1, {})


def test_all_nine_characters_always_play() -> None:
    """§5.1 (A3): with any number of players all nine fields are worked in round 1."""
    for players in (1, 2, 9):
        s = new(players, seed=2)
        put_on_top(s, "quiet_year")
        fields = []
        while s.step != "shop":
            fields.append(s.field())
            do(s, legal(s)[-1])  # other work: 1 BP, or 1 RP for the Builder
        assert fields == [c.id for c in CHARACTERS]
