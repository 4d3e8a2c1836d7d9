"""Paying a council (rules: "The councils"): which politics cards fit a balcony and what they cost.

A payment is a sorted tuple of card codes (0-5 colours, 6 joker) with 1 to 4 cards. Its
coloured cards must each match a different councillor of that colour; jokers match any.
The coins owed depend on how many cards are played (10/7/4/0 for 1/2/3/4) plus 1 per joker.
"""

from __future__ import annotations

from typing import Sequence

from core.council.content import C, JOKER

PERMIT_COST: tuple[int, ...] = C.permit_cost
SURCHARGE: int = C.joker_surcharge
MAX_CARDS = 4

_PAIRS: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}


def balcony_pairs(balcony: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """``(colour, count)`` for each colour in a balcony, colours ascending (cached)."""
    pairs = _PAIRS.get(balcony)
    if pairs is None:
        pairs = tuple((c, balcony.count(c)) for c in sorted(set(balcony)))
        _PAIRS[balcony] = pairs
    return pairs


def cost(cards: Sequence[int]) -> int:
    """Coins owed for playing ``cards`` (1-4 card codes) to a council."""
    jokers = sum(1 for c in cards if c == JOKER)
    return PERMIT_COST[len(cards)] + SURCHARGE * jokers


def fits(cards: Sequence[int], balcony: tuple[int, ...]) -> bool:
    """True if 1-4 ``cards`` satisfy ``balcony``: each coloured card on its own councillor."""
    if not 1 <= len(cards) <= MAX_CARDS:
        return False
    for c in set(cards):
        if c != JOKER and sum(1 for x in cards if x == c) > balcony.count(c):
            return False
    return True


def cheapest(hand: Sequence[int], balcony: tuple[int, ...]) -> int:
    """Coins of the cheapest payment ``hand`` can make to ``balcony``; -1 if it has none.

    Every extra card lowers the coins owed by more than a joker's surcharge, so the
    cheapest payment plays every matching coloured card, then jokers up to 4 cards.
    """
    matched = 0
    for colour, count in balcony_pairs(balcony):
        have = hand[colour]
        matched += have if have < count else count
    jokers = hand[JOKER]
    room = MAX_CARDS - matched
    if jokers > room:
        jokers = room
    total = matched + jokers
    if total == 0:
        return -1
    return PERMIT_COST[total] + SURCHARGE * jokers


def payments(hand: Sequence[int], balcony: tuple[int, ...], budget: int) -> list[tuple[int, ...]]:
    """Every distinct payment from ``hand`` to ``balcony`` costing at most ``budget`` coins.

    Ordered by colour choice, then number of jokers; each is a sorted tuple of card codes.
    """
    options: list[tuple[int, ...]] = [()]
    for colour, count in balcony_pairs(balcony):
        limit = hand[colour] if hand[colour] < count else count
        if limit:
            options = [o + (colour,) * x for o in options for x in range(limit + 1)]
    out = []
    most_jokers = hand[JOKER]
    for option in options:
        played = len(option)
        for jokers in range(min(most_jokers, MAX_CARDS - played) + 1):
            total = played + jokers
            if total and PERMIT_COST[total] + SURCHARGE * jokers <= budget:
                out.append(option + (JOKER,) * jokers)
    out.sort(key=lambda cards: (len(cards), cards))
    return out


def price_range(hand: Sequence[int], balcony: tuple[int, ...], budget: int) -> tuple[int, int] | None:
    """Coins of the cheapest and the dearest payment ``hand`` can make to ``balcony`` within
    ``budget``; None if no payment fits the balcony or none is affordable.

    The two are equal when only one price is possible.
    """
    low = cheapest(hand, balcony)
    if low < 0 or low > budget:
        return None
    return low, max(cost(cards) for cards in payments(hand, balcony, budget))
