"""What a mayor's district and round allow now, read only: what a plan and food cost them
(Radio Station, Central Market), the plans they played this round (Civil Defense), their
free and peopled blocks, where Rural Exodus may take an inhabitant and where births may
go.
"""

from __future__ import annotations

from core.intendentes.content import (
    BIRTH_MIN,
    HOSPITAL_BIRTH_MIN,
    MARKET_DISCOUNT,
    MARKET_MIN_PRICE,
    MARKET_PRICES,
    RADIO_DISCOUNT,
)
from core.intendentes.state import State
from core.intendentes.tables import (
    B_FIELD,
    B_TOWN_CITY,
    CENTRAL_MARKET,
    HOSPITAL,
    P_DEFENSE,
    PLAN_COST,
    RADIO,
)


def plan_cost(state: State, seat: int, plan: int) -> int:
    """What ``plan`` costs ``seat`` (Radio Station: $1 less, never below $0)."""
    cost = PLAN_COST[plan]
    if RADIO in state.blocks[seat]:
        cost = max(0, cost - RADIO_DISCOUNT)
    return cost


def market_price(state: State, seat: int) -> int:
    """What ``seat`` pays for food now (Central Market: $2 less, never below $1)."""
    price = MARKET_PRICES[state.market]
    if CENTRAL_MARKET in state.blocks[seat]:
        price = max(MARKET_MIN_PRICE, price - MARKET_DISCOUNT)
    return price


def plays(state: State, seat: int, plan: int) -> int:
    """How many times ``seat`` played ``plan`` this round."""
    return state.round_plays[seat].count(plan)


def defended(state: State, seat: int) -> bool:
    """True if ``seat`` played Civil Defense this round (the event leaves them alone)."""
    return P_DEFENSE in state.round_plays[seat]


def free_blocks(state: State, seat: int) -> list[int]:
    """``seat``'s blocks with free space (in district order)."""
    return [b for b, p, c in zip(state.blocks[seat], state.people[seat], state.capacity[seat]) if p < c]


def _has_free(state: State, seat: int) -> bool:
    for p, c in zip(state.people[seat], state.capacity[seat]):
        if p < c:
            return True
    return False


def _peopled(state: State, seat: int) -> list[int]:
    return [b for b, p in zip(state.blocks[seat], state.people[seat]) if p > 0]


def exodus_sources(state: State, seat: int) -> list[int]:
    """The blocks Rural Exodus may take an inhabitant from: ``seat``'s Fields with
    inhabitants, or any block with inhabitants when no Field has one."""
    fields = [b for b, p in zip(state.blocks[seat], state.people[seat]) if p > 0 and B_FIELD[b]]
    return fields or _peopled(state, seat)


def birth_blocks(state: State, seat: int, credits: bool = False) -> list[int]:
    """``seat``'s blocks eligible now for a birth (§4.10) or, with ``credits``, for a Housing
    Credits inhabitant, leaving out those already served (``state.served``)."""
    need = 1 if credits else (HOSPITAL_BIRTH_MIN if HOSPITAL in state.blocks[seat] else BIRTH_MIN)
    served = state.served
    return [
        b
        for i, (b, p, c) in enumerate(zip(state.blocks[seat], state.people[seat], state.capacity[seat]))
        if B_TOWN_CITY[b] and need <= p < c and not served >> i & 1
    ]
