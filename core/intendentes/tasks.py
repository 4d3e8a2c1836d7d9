"""Playing a plan (§9) and the task steps effects start (``place``, ``remove``, ``choose``;
``keep`` and ``birth`` are set up where they are drawn and counted): a task asks one mayor
for one kind of choice, ``state.why`` naming the effect; when it ends, the flow returns to
the window or turn it interrupted, or the stage moves on (:func:`_task_done`).
"""

from __future__ import annotations

from core.intendentes.cards import _draw_keep, give_cards, move_discontent
from core.intendentes.content import (
    AGITATORS_RISE,
    ARSON_CARDS,
    DEMONSTRATION,
    FAMINE_PER_DISCONTENT,
    FIRE,
    FLOOD,
    IMMIGRATION_INHABITANTS,
    INDEX_PLAN_CUT,
    INSECURITY,
    PERMIT_FEES,
    REMOVAL_PLAN_CARDS,
    RURAL_EXODUS_INHABITANTS,
    SMEAR_SPLENDOR,
    SOUP_KITCHENS_FOOD,
    TAX_AUDIT,
    TAX_INCREASE_DISCONTENT,
    WAREHOUSE_MAX,
)
from core.intendentes.districts import _has_free, birth_blocks, plan_cost
from core.intendentes.phases import _advance
from core.intendentes.state import (
    G_DEMOGRAPHY,
    G_FOOD,
    G_SECURITY,
    G_WINDOW,
    NONE,
    S_BIRTH,
    S_CHOOSE,
    S_DEMOGRAPHY,
    S_PLACE,
    S_REMOVE,
    S_SECURITY,
    S_WINDOW,
    W_ADVISORS,
    W_CREDITS,
    W_EXODUS,
    W_FAMINE,
    W_HOUSING_PLAN,
    W_IMMIGRATION,
    W_MIGRATION,
    W_NONE,
    State,
)
from core.intendentes.tables import (
    B_TOWN_CITY,
    CALM,
    INDEX_PLAN,
    P_ADVISORS,
    P_AGITATORS,
    P_ARSON,
    P_AUDIT,
    P_DIALOGUE,
    P_EXODUS,
    P_FEES,
    P_HOUSING,
    P_IMMIGRATION,
    P_SMEAR,
    P_SOUP,
    P_TAX,
    P_VOLUNTEERS,
    P_WATCH,
    PLAN_NEIGHBOUR,
)


def _play(state: State, seat: int, plan: int, target: int) -> None:
    """Pay for ``plan``, discard it and apply its effect (§9)."""
    state.money[seat] -= plan_cost(state, seat, plan)
    state.hand[seat].remove(plan)
    if plan != P_ADVISORS:  # Advisors goes to the discard pile after its draw
        state.plan_discard.append(plan)
    state.round_plays[seat].append(plan)
    if PLAN_NEIGHBOUR[plan]:
        state.hit[target] |= 1 << plan
    if plan in CALM:
        move_discontent(state, seat, -CALM[plan])
    elif plan == P_FEES or plan == P_AUDIT:
        amount = min(state.money[target], PERMIT_FEES if plan == P_FEES else TAX_AUDIT)
        state.money[target] -= amount
        state.log.append(("pays", target, amount))
        if state.hidden_money:
            state.reveals += 1  # what was paid tells the target's hidden money: a reveal
    elif plan == P_HOUSING:
        _start_task(state, S_CHOOSE, seat, 1, W_HOUSING_PLAN)
    elif plan == P_EXODUS:
        state.queue.append((S_PLACE, seat, RURAL_EXODUS_INHABITANTS, W_EXODUS))
        _start_task(state, S_REMOVE, target, RURAL_EXODUS_INHABITANTS, W_EXODUS)
    elif plan == P_IMMIGRATION:
        _start_task(state, S_PLACE, seat, IMMIGRATION_INHABITANTS, W_IMMIGRATION)
    elif plan == P_ADVISORS:
        _draw_keep(state, seat, W_ADVISORS)
        state.plan_discard.append(plan)
    elif plan == P_VOLUNTEERS:
        cards = state.cards[seat]
        kind = FIRE if cards[FIRE] > 0 else FLOOD
        cards[kind] -= min(cards[kind], REMOVAL_PLAN_CARDS)
    elif plan == P_WATCH or plan == P_DIALOGUE:
        cards = state.cards[seat]
        kind = INSECURITY if plan == P_WATCH else DEMONSTRATION
        cards[kind] -= min(cards[kind], REMOVAL_PLAN_CARDS)
    elif plan in INDEX_PLAN:
        risk = state.risk[seat]
        index = INDEX_PLAN[plan]
        risk[index] = max(0, risk[index] - INDEX_PLAN_CUT)
    elif plan == P_ARSON:
        give_cards(state, target, FIRE, ARSON_CARDS, 1)
    elif plan == P_TAX:
        move_discontent(state, seat, TAX_INCREASE_DISCONTENT)
    elif plan == P_SOUP:
        state.warehouse[seat] = min(WAREHOUSE_MAX, state.warehouse[seat] + SOUP_KITCHENS_FOOD)
    elif plan == P_AGITATORS:
        move_discontent(state, target, AGITATORS_RISE)
    elif plan == P_SMEAR:
        state.splendor[target] -= SMEAR_SPLENDOR
        state.log.append(("splendor", target, -SMEAR_SPLENDOR))
    # Public Tender, Prevention Campaign, Civil Defense, Irrigation, Housing Credits and
    # Press Campaign act later, through round_plays.


def _start_task(state: State, step: int, actor: int, left: int, why: int) -> None:
    """Make ``actor`` decide a ``step`` of an effect (or skip it when nothing can be done)."""
    state.step = step
    state.actor = actor
    state.left = left
    state.done = 0
    state.why = why
    state.served = 0
    if not _task_possible(state):
        _task_done(state)


def _task_possible(state: State) -> bool:
    step, seat = state.step, state.actor
    if state.left <= 0:
        return False
    if step == S_PLACE:
        return (state.why == W_EXODUS or state.supply > 0) and _has_free(state, seat)
    if step == S_REMOVE:
        return sum(state.people[seat]) > 0
    if step == S_CHOOSE:
        return any(B_TOWN_CITY[b] for b in state.blocks[seat])
    if step == S_BIRTH:
        return state.supply > 0 and bool(birth_blocks(state, seat, state.why == W_CREDITS))
    return True


def _place(state: State, seat: int, block: int) -> None:
    i = state.blocks[seat].index(block)
    state.people[seat][i] += 1
    if state.why != W_EXODUS:
        state.supply -= 1
    state.left -= 1
    state.done += 1
    if not _task_possible(state):
        if state.why == W_MIGRATION:
            state.log.append(("migration", seat, state.done))
        _task_done(state)


def _remove(state: State, seat: int, block: int) -> None:
    i = state.blocks[seat].index(block)
    state.people[seat][i] -= 1
    state.left -= 1
    state.done += 1
    if state.why == W_EXODUS:
        state.log.append(("exodus", seat, state.queue[0][1] if state.queue else NONE, block))
    else:
        state.supply += 1
    if not _task_possible(state):
        _task_done(state)


def _task_done(state: State) -> None:
    """The current task step is over: the next queued step, the interrupted turn or window,
    or the stage moves on."""
    why = state.why
    if state.queue:
        step, actor, left, qwhy = state.queue.pop(0)
        _start_task(state, step, actor, left, qwhy)
        return
    state.why = W_NONE
    state.left = 0
    stage = state.stage
    if stage == G_WINDOW:
        state.step = S_WINDOW
        state.actor = state.order[state.pos]
        return
    if stage == G_DEMOGRAPHY:
        state.step = S_DEMOGRAPHY
        state.actor = state.order[state.pos]
        return
    if stage == G_SECURITY:
        state.step = S_SECURITY
        state.actor = state.order[state.pos]
        return
    if stage == G_FOOD and why == W_FAMINE:
        seat = state.order[state.pos]
        state.log.append(("famine", seat, state.done))
        move_discontent(state, seat, state.done // FAMINE_PER_DISCONTENT)
    state.done = 0
    state.served = 0
    state.pos += 1
    _advance(state)
