"""Paying a council (rules: "The councils"): fits, costs, enumeration, the engine's pay step.

With the worked examples of the costs for one balcony and of the payments legal for a given
hand and purse.
"""

from __future__ import annotations

import itertools
import random

import pytest

from core.council import GAME, Acquire, Pay, Royal, State
from core.council import payments as pay
from core.council.actions import ACQUIRE, pay_of
from core.council.content import CARD_NAMES, PERMIT_INDEX
from core.council.helpers import payment_cost, payment_preview, payment_range
from tests.core.council.helpers import check_invariants, new, put_face_up, set_balcony, set_hand, why

C = {name: i for i, name in enumerate(CARD_NAMES)}


def cards(*names: str) -> tuple[int, ...]:
    """Sorted card codes."""
    return tuple(sorted(C[n] for n in names))


def hand(*names: str) -> list[int]:
    """Hand counts."""
    counts = [0] * 7
    for n in names:
        counts[C[n]] += 1
    return counts


BALCONY_E1 = cards("orange", "pink", "blue", "black")
BALCONY_E7 = cards("orange", "orange", "blue", "black")


# --- E1, the worked example of what payments cost at one balcony ----------------------------
@pytest.mark.parametrize(
    "played, coins",
    [
        (("orange", "pink", "blue", "black"), 0),
        (("orange", "black"), 7),
        (("orange", "blue", "joker"), 5),
        (("joker", "joker", "joker", "joker"), 4),
        (("orange",), 10),
        (("joker",), 11),
    ],
)
def test_e1_costs(played: tuple[str, ...], coins: int) -> None:
    assert pay.fits(cards(*played), BALCONY_E1)
    assert pay.cost(cards(*played)) == coins
    assert payment_cost(list(played)) == coins


@pytest.mark.parametrize(
    "played",
    [("orange", "blue", "blue"), ("purple",), (), ("joker",) * 5, ("orange", "pink", "blue", "black", "joker")],
)
def test_e1_impossible(played: tuple[str, ...]) -> None:
    assert not pay.fits(cards(*played), BALCONY_E1)


def test_payment_cost_rejects_bad_cards() -> None:
    with pytest.raises(ValueError):
        payment_cost(["gold"])
    with pytest.raises(ValueError):
        payment_cost([])
    with pytest.raises(ValueError):
        payment_cost(["joker"] * 5)


# --- E7, the worked example of the payments legal for a given hand and purse ----------------
def named(options: list[tuple[int, ...]]) -> dict[tuple[str, ...], int]:
    """Payments as sorted name tuples -> coins."""
    return {tuple(sorted(CARD_NAMES[c] for c in o)): pay.cost(o) for o in options}


def test_e7_enumeration() -> None:
    h = hand("orange", "blue", "blue", "joker", "white")
    assert named(pay.payments(h, BALCONY_E7, 7)) == {("blue", "orange"): 7, ("blue", "joker", "orange"): 5}
    assert named(pay.payments(h, BALCONY_E7, 20)) == {
        ("orange",): 10,
        ("blue",): 10,
        ("joker",): 11,
        ("blue", "orange"): 7,
        ("joker", "orange"): 8,
        ("blue", "joker"): 8,
        ("blue", "joker", "orange"): 5,
    }
    assert pay.cheapest(h, BALCONY_E7) == 5
    assert pay.payments(h, BALCONY_E7, 4) == []
    assert pay.cheapest(hand("white", "purple"), BALCONY_E7) == -1
    assert pay.payments(hand(), BALCONY_E7, 99) == []


def test_enumeration_matches_brute_force() -> None:
    rng = random.Random(3)
    for _ in range(300):
        balcony = tuple(sorted(rng.randrange(6) for _ in range(4)))
        h = [rng.randrange(4) for _ in range(7)]
        budget = rng.randrange(15)
        pool = [c for c in range(7) for _ in range(h[c])]
        brute = set()
        for size in range(1, 5):
            for combo in itertools.combinations(pool, size):
                if pay.fits(combo, balcony) and pay.cost(combo) <= budget:
                    brute.add(tuple(sorted(combo)))
        found = pay.payments(h, balcony, budget)
        assert len(found) == len(set(found)) and set(found) == brute
        everything = pay.payments(h, balcony, 999)
        cheapest = min((pay.cost(o) for o in everything), default=-1)
        assert pay.cheapest(h, balcony) == cheapest
        prices = [pay.cost(o) for o in brute]
        assert pay.price_range(h, balcony, budget) == ((min(prices), max(prices)) if prices else None)


# --- the price range: cheapest and dearest affordable payment (rules: "The councils") ----------
# Costs 10/7/4/0 coins for 1/2/3/4 cards, +1 per joker: one card alone is the dearest way
# (11 with a joker), all four the cheapest.
@pytest.mark.parametrize(
    "held, balcony, budget, expected",
    [
        # E7's hand: cheapest blue + orange + joker (4 + 1), dearest the joker alone (10 + 1).
        (("orange", "blue", "blue", "joker", "white"), BALCONY_E7, 20, (5, 11)),
        (("orange", "blue", "blue", "joker", "white"), BALCONY_E7, 10, (5, 10)),  # no lone joker
        (("orange", "blue", "blue", "joker", "white"), BALCONY_E7, 7, (5, 7)),  # two cards at most
        (("orange", "blue", "blue", "joker", "white"), BALCONY_E7, 5, (5, 5)),  # one price only
        (("orange", "blue", "blue", "joker", "white"), BALCONY_E7, 4, None),  # cannot afford 5
        (("white", "purple"), BALCONY_E7, 20, None),  # no card matches
        ((), BALCONY_E7, 20, None),
        # E1's four councillors all matched: free; one card of them 10.
        (("orange", "pink", "blue", "black"), BALCONY_E1, 10, (0, 10)),
        (("orange", "pink", "blue", "black"), BALCONY_E1, 9, (0, 7)),
        (("orange", "pink", "blue", "black"), BALCONY_E1, 0, (0, 0)),
        # Jokers only: 4 (4 cards + 4 jokers) to 11 (1 card + 1 joker).
        (("joker",) * 4, BALCONY_E1, 99, (4, 11)),
        (("joker",) * 4, BALCONY_E1, 8, (4, 7)),
        (("joker",) * 5, BALCONY_E1, 3, None),  # never more than 4 cards, so never under 4
        # Two of a colour need two councillors of it: E7 has two oranges, E1 one.
        (("orange", "orange"), BALCONY_E7, 20, (7, 10)),
        (("orange", "orange"), BALCONY_E1, 20, (10, 10)),
    ],
)
def test_price_range(held: tuple[str, ...], balcony: tuple[int, ...], budget: int,
                     expected: tuple[int, int] | None) -> None:
    assert pay.price_range(hand(*held), balcony, budget) == expected


def test_payment_range_for_a_seat_and_a_council() -> None:
    """The seat's own hand and coins against the named council; the seat's hand must be visible."""
    state = e7_state(7)
    assert payment_range(state, 0, "coast") == (5, 7)
    state.coins[0] = 20
    assert payment_range(state, 0, "coast") == (5, 11)
    state.coins[0] = 4
    assert payment_range(state, 0, "coast") is None
    set_balcony(state, 3, "white", "white", "pink", "pink")
    state.coins[0] = 20
    assert payment_range(state, 0, "royal") == (8, 11)  # white + joker (7 + 1); no road coins
    assert payment_range(state, 0, "coast") == (5, 11)  # the Queen's council changed nothing else
    with pytest.raises(ValueError):
        payment_range(GAME.view(state, 1), 0, "coast")
    with pytest.raises(KeyError):
        payment_range(state, 0, "forest")


# --- the engine's pay step -------------------------------------------------------------------------
def e7_state(coins: int) -> State:
    """Seat 0 to act, coast balcony and hand of E7 (the payments example), ``coins`` coins."""
    state = new(2, seed=11, first_player="0")
    set_balcony(state, 0, "orange", "orange", "blue", "black")
    set_hand(state, 0, "orange", "blue", "blue", "joker", "white")
    state.coins[0] = coins
    check_invariants(state)
    return state


def test_e7_through_the_engine() -> None:
    state = e7_state(20)
    put_face_up(state, 0, "CO04")  # 7 VP, nothing else
    after = GAME.apply(state, 0, Acquire("coast", "CO04"))
    options = GAME.legal_actions(after, 0)
    assert all(isinstance(a, Pay) for a in options)
    assert {a.cards for a in options} == set(named(pay.payments(state.hands[0], state.balconies[0], 20)))
    assert GAME.describe(pay_of(["blue", "orange", "joker"]), after) == "Pay blue + joker + orange (5 coins)"
    assert payment_preview(after, ["orange", "blue"]) == 7
    assert payment_preview(after, ["white"]) is None
    assert payment_preview(after, ["blue", "blue", "orange"]) is None  # one blue councillor
    assert payment_preview(after, ["black"]) is None  # not in hand
    assert payment_preview(after, []) == 0
    assert payment_preview(state, ["orange"]) is None  # nothing to pay for
    deck_before = len(after.permit_decks[0])
    done = GAME.apply(after, 0, pay_of(["blue", "joker", "orange"]))
    assert done.coins[0] == 15 and done.vp[0] == 7
    assert done.hands[0] == hand("blue", "white") and done.hand_count[0] == 2
    assert [done.discard[C[n]] for n in ("blue", "joker", "orange")] == [1, 1, 1]
    assert done.unused[0] == [PERMIT_INDEX["CO04"]]
    assert done.face_up[0][0] >= 0 and done.face_up[0][0] != PERMIT_INDEX["CO04"]
    assert len(done.permit_decks[0]) == deck_before - 1  # the slot was refilled
    assert done.mains_taken == 1 and done.stage == 0
    assert GAME.is_undo_barrier(after, done) and not GAME.is_undo_barrier(state, after)


def test_pay_reasons() -> None:
    state = e7_state(7)
    acquire = next(a for a in GAME.legal_actions(state, 0) if isinstance(a, Acquire) and a.region == "coast")
    after = GAME.apply(state, 0, acquire)
    assert {a.cards for a in GAME.legal_actions(after, 0)} == {("blue", "orange"), ("blue", "joker", "orange")}
    assert "costs 10 coins" in why(after, 0, pay_of(["orange"]))
    assert "do not fit" in why(after, 0, pay_of(["white"]))
    assert "do not hold" in why(after, 0, pay_of(["black"]))
    assert "First pay" in why(after, 0, Royal("A"))
    assert "sorted" in why(after, 0, Pay(("orange", "blue")))


def test_single_payment_is_applied_automatically() -> None:
    state = e7_state(10)
    set_hand(state, 0, "orange", "white")
    put_face_up(state, 0, "CO04")
    after = GAME.apply(state, 0, Acquire("coast", "CO04"))
    assert after.stage == 0 and after.mains_taken == 1
    assert ("auto", 0, pay_of(["orange"])) in after.events
    assert after.hands[0] == hand("white") and after.coins[0] == 0 and after.vp[0] == 7


def test_acquire_needs_an_affordable_payment() -> None:
    state = e7_state(4)
    assert not any(isinstance(a, Acquire) and a.region == "coast" for a in GAME.legal_actions(state, 0))
    tile = state.face_up[0][0]
    reason = GAME.why_illegal(state, 0, ACQUIRE[tile])
    assert reason is not None and "costs at least 5 coins" in reason
    set_hand(state, 0, "white")
    reason = GAME.why_illegal(state, 0, ACQUIRE[tile])
    assert reason is not None and "None of your politics cards" in reason
