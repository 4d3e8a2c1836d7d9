"""The sums of phases 6 and 7: income (§4.8), food production and feeding, with the
removals a famine asks for (§4.9), and births or Housing Credits (§4.10).
"""

from __future__ import annotations

from core.intendentes.content import (
    BANK_INCOME,
    DROUGHT_FOOD,
    HARVEST_FOOD,
    HOUSING_CREDITS_INHABITANTS,
    IRRIGATION_FOOD,
    TAX_INCREASE_MONEY,
    WAREHOUSE_MAX,
)
from core.intendentes.districts import birth_blocks, defended, plays
from core.intendentes.state import S_BIRTH, S_REMOVE, W_BIRTHS, W_CREDITS, W_FAMINE, State
from core.intendentes.tables import (
    B_FIELD,
    B_FOOD,
    B_INDUSTRY,
    B_MONEY,
    B_TOWN_CITY,
    BANK,
    EV_KEY,
    P_CREDITS,
    P_IRRIGATION,
    P_TAX,
)


def income(state: State, seat: int) -> int:
    """``seat``'s income this round (§4.8)."""
    tax = TAX_INCREASE_MONEY * plays(state, seat, P_TAX)
    strike = state.event >= 0 and EV_KEY[state.event] == "general_strike" and not defended(state, seat)
    total = 0
    for b, p in zip(state.blocks[seat], state.people[seat]):
        if not p:
            continue
        if B_INDUSTRY[b] and strike:
            continue
        value = B_MONEY[b]
        if B_TOWN_CITY[b]:
            value += tax
        total += p * value
    if BANK in state.blocks[seat]:
        total += BANK_INCOME
    return total


def production(state: State, seat: int) -> int:
    """``seat``'s food production this round (§4.9)."""
    key = EV_KEY[state.event] if state.event >= 0 and not defended(state, seat) else ""
    irrigation = IRRIGATION_FOOD * plays(state, seat, P_IRRIGATION)
    total = 0
    for b, p in zip(state.blocks[seat], state.people[seat]):
        if not p:
            continue
        if B_INDUSTRY[b] and key == "general_strike":
            continue
        printed = B_FOOD[b]
        value = printed
        if B_FIELD[b]:
            value += irrigation
        if key == "bumper_harvest" and printed >= 1:
            value += HARVEST_FOOD
        elif key == "drought":
            value -= DROUGHT_FOOD
        if value > 0:
            total += p * value
    return total


def _income(state: State, seat: int) -> None:
    gain = income(state, seat)
    state.money[seat] += gain
    state.log.append(("income", seat, gain))


def _feed(state: State, seat: int) -> bool:
    """Food production and feeding for ``seat`` (§4.9). True if a famine needs removals."""
    made = production(state, seat)
    eat = sum(state.people[seat])
    store = state.warehouse[seat]
    missing = 0
    if made >= eat:
        store = min(WAREHOUSE_MAX, store + made - eat)
    elif store >= eat - made:
        store -= eat - made
    else:
        missing = eat - made - store
        store = 0
    state.warehouse[seat] = store
    state.log.append(("food", seat, made, eat, store, missing))
    if missing:
        state.step = S_REMOVE
        state.actor = seat
        state.left = missing
        state.done = 0
        state.why = W_FAMINE
        return True
    return False


def _births(state: State, seat: int, credits: bool) -> bool:
    """Births (or Housing Credits) for ``seat`` (§4.10). True if the supply is short and
    ``seat`` must choose the blocks."""
    if credits and P_CREDITS not in state.round_plays[seat]:
        return False
    state.served = 0
    eligible = birth_blocks(state, seat, credits)
    if not eligible:
        return False
    per = HOUSING_CREDITS_INHABITANTS if credits else 1
    if state.supply >= per * len(eligible):
        for b in eligible:
            i = state.blocks[seat].index(b)
            state.people[seat][i] += per
        state.supply -= per * len(eligible)
        state.log.append(("credits" if credits else "births", seat, per * len(eligible)))
        return False
    if state.supply == 0:
        state.log.append(("lost", seat, per * len(eligible)))
        return False
    state.step = S_BIRTH
    state.actor = seat
    state.why = W_CREDITS if credits else W_BIRTHS
    state.done = 0
    state.left = state.supply
    return True
