"""Which plans a mayor may play now (§4.2): a plan that is certain to change nothing is not
legal, nor a neighbour plan on a neighbour it already hit this round (A19); and what a plan
window offers (plays, the Stadium, pass). Playing one is
:func:`core.intendentes.tasks._play`.
"""

from __future__ import annotations

from core.intendentes.actions import PASS, PLAY, STADIUM, Action
from core.intendentes.content import (
    DEMONSTRATION,
    DISCONTENT_MAX,
    FIRE,
    FLOOD,
    INSECURITY,
    PENALTY_CAP,
    STADIUM_COST,
    WAREHOUSE_MAX,
)
from core.intendentes.districts import _has_free, defended, plan_cost
from core.intendentes.events import _event_changes, event_hits
from core.intendentes.state import USED_STADIUM, State
from core.intendentes.tables import (
    B_FIELD,
    B_TOWN_CITY,
    CALM,
    INDEX_PLAN,
    NEIGHBOURS,
    P_ADVISORS,
    P_AGITATORS,
    P_ARSON,
    P_AUDIT,
    P_DEFENSE,
    P_DIALOGUE,
    P_EXODUS,
    P_FEES,
    P_HOUSING,
    P_IMMIGRATION,
    P_IRRIGATION,
    P_PRESS,
    P_PREVENTION,
    P_SOUP,
    P_VOLUNTEERS,
    P_WATCH,
    PHASE_PLANS,
    PLAN_NEIGHBOUR,
    STADIUM_BLOCK,
)


def _own_plan_legal(state: State, seat: int, plan: int) -> bool:
    """§4.2: an own-district plan is illegal when it is certain to change nothing."""
    if plan == P_HOUSING:
        return any(B_TOWN_CITY[b] for b in state.blocks[seat])
    if plan == P_IMMIGRATION:
        return state.supply > 0 and _has_free(state, seat)
    if plan == P_ADVISORS:
        return bool(state.plan_deck or state.plan_discard)
    if plan == P_PREVENTION:
        return not defended(state, seat) and sum(event_hits(state, seat)[0]) > 0
    if plan == P_DEFENSE:
        return not defended(state, seat) and _event_changes(state, seat)
    cards = state.cards[seat]
    if plan == P_VOLUNTEERS:
        return cards[FIRE] + cards[FLOOD] > 0
    if plan == P_WATCH:
        return cards[INSECURITY] > 0
    if plan == P_DIALOGUE:
        return cards[DEMONSTRATION] > 0
    if plan in INDEX_PLAN:
        return state.risk[seat][INDEX_PLAN[plan]] > 0
    if plan in CALM:
        return state.discontent[seat] > 0
    if plan == P_SOUP:
        return state.warehouse[seat] < WAREHOUSE_MAX
    if plan == P_IRRIGATION:
        return any(p > 0 and B_FIELD[b] for b, p in zip(state.blocks[seat], state.people[seat]))
    if plan == P_PRESS:
        return sum(cards) > 0
    return True  # Public Tender, Tax Increase, Housing Credits


def _neighbour_plan_legal(state: State, seat: int, plan: int, target: int) -> bool:
    """§4.2 for a neighbour plan on ``target`` (A19 is checked by the caller)."""
    if plan in (P_FEES, P_AUDIT):
        return state.money[target] != 0  # (a view may hide a positive amount)
    if plan == P_EXODUS:
        return sum(state.people[target]) > 0 and _has_free(state, seat)
    if plan == P_ARSON:
        return state.capped[target] < PENALTY_CAP
    if plan == P_AGITATORS:
        return state.discontent[target] < DISCONTENT_MAX
    return True  # Smear Campaign


def plan_has_effect(state: State, seat: int, plan: int, target: int) -> bool:
    """§4.2: False when ``plan`` played by ``seat`` on ``target`` is certain to change
    nothing (its cost aside), True otherwise. Phase, hand, cost, neighbours and A19 are not
    looked at (see :func:`already_hit`)."""
    if PLAN_NEIGHBOUR[plan]:
        return _neighbour_plan_legal(state, seat, plan, target)
    return _own_plan_legal(state, seat, plan)


def already_hit(state: State, plan: int, target: int) -> bool:
    """True if neighbour plan ``plan`` was already played on ``target`` this round (A19)."""
    return bool(state.hit[target] >> plan & 1)


def _plays_now(state: State, seat: int, out: list[Action]) -> None:
    """Append every legal ``play`` of ``seat`` in the current phase to ``out``."""
    hand = state.hand[seat]
    if not hand:
        return
    phase_plans = PHASE_PLANS[state.phase]
    last = -1
    money = state.money[seat]
    for plan in hand:
        if plan == last or plan not in phase_plans:
            continue
        last = plan
        if plan_cost(state, seat, plan) > money:
            continue
        row = PLAY[plan]
        if PLAN_NEIGHBOUR[plan]:
            bit = 1 << plan
            for target in NEIGHBOURS[state.players][seat]:
                if not state.hit[target] & bit and _neighbour_plan_legal(state, seat, plan, target):
                    out.append(row[target])
        elif _own_plan_legal(state, seat, plan):
            out.append(row[seat])


def _stadium_ok(state: State, seat: int, money_unknown: bool = False) -> bool:
    """True if ``seat`` may calm with its Stadium now; ``money_unknown``: leaving out its
    money (what others see of it with hidden money)."""
    return (
        state.phase == 7
        and STADIUM_BLOCK in state.blocks[seat]
        and not state.used[seat] & USED_STADIUM
        and (money_unknown or state.money[seat] >= STADIUM_COST)
        and state.discontent[seat] > 0
    )


def _window_actions(state: State, seat: int) -> list[Action]:
    out: list[Action] = []
    _plays_now(state, seat, out)
    if _stadium_ok(state, seat):
        out.append(STADIUM)
    out.append(PASS)
    return out


def _window_open(state: State, seat: int) -> bool:
    """True if ``seat`` is asked in the current window, from what everyone sees: it holds a
    plan (which ones, and whether any can be played now, is its secret, so it is asked even
    when it can only pass, as at the table), or it could calm with its Stadium (with hidden
    money, whatever it has left)."""
    return bool(state.hand[seat]) or _stadium_ok(state, seat, money_unknown=state.hidden_money)
