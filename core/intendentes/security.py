"""Phase 5, the security turn: the moves a mayor has (officers removing penalty cards, paid
actions lowering an index, National Help, Hydraulic Works, the phase's plans) and what the
first four do.
"""

from __future__ import annotations

from core.intendentes.actions import (
    END,
    HYDRAULIC_WORKS,
    NATIONAL_HELP,
    OFFICER,
    PAID,
    Action,
    HydraulicWorks,
    NationalHelp,
    Officer,
    Paid,
)
from core.intendentes.cards import move_discontent
from core.intendentes.content import (
    DEMONSTRATION,
    FIRE,
    FLOOD,
    HYDRAULIC_WORKS_FLOODS,
    INSECURITY,
    NATIONAL_HELP_COST,
    NATIONAL_HELP_SPLENDOR,
    PAID_ACTION_COST,
    REPRESSION_DISCONTENT,
)
from core.intendentes.plans import _plays_now
from core.intendentes.state import USED_HELP, USED_HYDRAULIC, State
from core.intendentes.tables import B_OFFICERS, B_POLICE, BRIGADE_REMOVES, HYDRAULIC, POLICE_REMOVES


def _security_actions(state: State, seat: int) -> list[Action]:
    out: list[Action] = []
    blocks = state.blocks[seat]
    cards = state.cards[seat]
    money = state.money[seat]
    risk = state.risk[seat]
    for i, b in enumerate(blocks):
        officers = B_OFFICERS[b]
        if not officers or state.sec_paid >> i & 1:
            continue
        used = state.sec_officers[i]
        police = B_POLICE[b]
        if used < officers:
            row = OFFICER[b]
            for t in POLICE_REMOVES if police else BRIGADE_REMOVES:
                if cards[t] > 0:
                    out.append(row[t])
        if used == 0 and money >= PAID_ACTION_COST and risk[INSECURITY if police else FIRE] > 0:
            out.append(PAID[b])
    if not state.used[seat] & USED_HELP and money >= NATIONAL_HELP_COST:
        for t in range(4):
            if cards[t] > 0:
                out.append(NATIONAL_HELP[t])
    if HYDRAULIC in blocks and not state.used[seat] & USED_HYDRAULIC and cards[FLOOD] > 0:
        out.append(HYDRAULIC_WORKS)
    _plays_now(state, seat, out)
    out.append(END)
    return out


_SECURITY_MOVES = (Officer, Paid, NationalHelp, HydraulicWorks)


def _apply_security(state: State, seat: int, action: Action) -> None:
    """A move of ``seat``'s security turn: an officer removes a penalty card, a paid action
    lowers an index, National Help removes a card, Hydraulic Works removes floods."""
    kind = type(action)
    if kind is Officer:
        assert isinstance(action, Officer)
        i = state.blocks[seat].index(action.block)
        state.sec_officers[i] += 1
        state.cards[seat][action.penalty] -= 1
        if action.penalty == DEMONSTRATION:
            move_discontent(state, seat, REPRESSION_DISCONTENT)
    elif kind is Paid:
        assert isinstance(action, Paid)
        i = state.blocks[seat].index(action.block)
        state.money[seat] -= PAID_ACTION_COST
        state.sec_paid |= 1 << i
        state.risk[seat][INSECURITY if B_POLICE[action.block] else FIRE] -= 1
    elif kind is NationalHelp:
        assert isinstance(action, NationalHelp)
        state.money[seat] -= NATIONAL_HELP_COST
        state.splendor[seat] -= NATIONAL_HELP_SPLENDOR
        state.used[seat] |= USED_HELP
        state.cards[seat][action.penalty] -= 1
        if action.penalty == DEMONSTRATION:
            move_discontent(state, seat, REPRESSION_DISCONTENT)
    elif kind is HydraulicWorks:
        state.used[seat] |= USED_HYDRAULIC
        cards = state.cards[seat]
        cards[FLOOD] -= min(cards[FLOOD], HYDRAULIC_WORKS_FLOODS)
