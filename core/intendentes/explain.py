"""Why an Intendentes action is illegal, in words a player understands.

:func:`why_illegal` decides legality with the rules' own list (``rules.legal_actions``): it
returns None exactly for the actions that list holds. Only the wording of an illegal
action's reason is worked out here, from the decision now and the kind of action (the
bid is too low, the plan belongs to another phase, that neighbour was already hit by the
plan this round, the block is full, ...); when no specific reason fits, it falls back to
"That move is not allowed now".
"""

from __future__ import annotations

from typing import Any, TypeGuard

from core.intendentes.actions import (
    Bid,
    Birth,
    Buy,
    Choose,
    Decline,
    Discard,
    End,
    Fast,
    HydraulicWorks,
    Keep,
    Move,
    NationalHelp,
    Officer,
    Open,
    Paid,
    Pass,
    Place,
    Play,
    Remove,
    Skip,
    Stadium,
    Stop,
    TrainStation,
    kind_of,
)
from core.intendentes.content import (
    BLOCKS,
    CITY,
    DISCONTENT_MAX,
    DISPLAY_SLOTS,
    EFFECT_BLOCK,
    FIRE,
    FIRE_BRIGADE,
    INDICES,
    INSECURITY,
    NATIONAL_HELP_COST,
    PAID_ACTION_COST,
    PENALTIES,
    PENALTY_CAP,
    PLANS,
    POLICE,
    POPULATION_KINDS,
    STADIUM_COST,
    TOWN,
    WAREHOUSE_MAX,
)
from core.intendentes.rules import (
    BRIGADE_REMOVES,
    INDEX_PLAN,
    P_ADVISORS,
    P_ARSON,
    P_AGITATORS,
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
    CALM,
    POLICE_REMOVES,
    already_hit,
    birth_blocks,
    defended,
    exodus_sources,
    legal_actions,
    market_price,
    neighbours,
    plan_cost,
    plan_has_effect,
    to_act,
)
from core.intendentes.state import (
    NONE,
    S_AUCTION,
    S_BIRTH,
    S_CHOOSE,
    S_DEMOGRAPHY,
    S_FAST,
    S_HAND,
    S_KEEP,
    S_MARKET,
    S_OPEN,
    S_OPEN_BID,
    S_OVER,
    S_PLACE,
    S_REMOVE,
    S_SECURITY,
    S_WINDOW,
    USED_HELP,
    USED_HYDRAULIC,
    USED_STADIUM,
    USED_TRAIN,
    W_CREDITS,
    W_EXODUS,
    State,
)
from core.intendentes.text import block_label, describe, penalty_name, plan_name, prompt
from core.words import counted

STADIUM = EFFECT_BLOCK["stadium"]
HYDRAULIC = EFFECT_BLOCK["hydraulic_works"]
TRAIN = EFFECT_BLOCK["train_station"]
PLAY_STEPS = (S_WINDOW, S_DEMOGRAPHY, S_SECURITY)


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _money(amount: int) -> str:
    return f"${amount}"


def why_illegal(state: State, seat: int, action: Any) -> str | None:
    """A player-readable reason why ``action`` is illegal for ``seat`` now, or None when it
    is legal (exactly when ``rules.legal_actions`` lists it)."""
    if state.step == S_OVER:
        return "The game is over."
    if not _is_int(seat) or not 0 <= seat < state.players:
        return f"There is no seat {seat!r} in this game."
    try:
        kind_of(action)
    except TypeError:
        return f"That is not an Intendentes move: {action!r}."
    if seat not in to_act(state):
        return f"It is {state.names[state.actor]}'s turn, not yours."
    if action in legal_actions(state, seat):  # dataclass equality compares the class too
        return None
    try:
        reason = _reason(state, seat, action)
    except (IndexError, ValueError, TypeError):  # out-of-range fields of a malformed move
        reason = None
    return reason or f"That move is not allowed now: {describe(action, state)}."


def _not_now(state: State, seat: int) -> str:
    """The reason for a kind of move that is not part of the decision now."""
    return f"That is not part of this decision. {prompt(state, seat)}"


def _reason(state: State, seat: int, action: Any) -> str | None:
    step = state.step
    if isinstance(action, Play):
        if step not in PLAY_STEPS:
            return _not_now(state, seat)
        return _play_reason(state, seat, action.plan, action.target)
    if step == S_WINDOW:
        if isinstance(action, Stadium):
            return _stadium_reason(state, seat)
        return _not_now(state, seat)
    if step in (S_OPEN, S_OPEN_BID, S_AUCTION):
        return _bidding_reason(state, seat, action)
    if step == S_DEMOGRAPHY:
        if isinstance(action, Move):
            return _move_reason(state, seat, action.from_block, action.to_block)
        if isinstance(action, TrainStation):
            return _train_reason(state, seat, action.block)
        return _not_now(state, seat)
    if step == S_HAND:
        if isinstance(action, Discard):
            return _hand_plan(state, seat, action.plan, "discard")
        if isinstance(action, Keep):
            return "Your hand is full: keep it, or discard a plan before drawing."
        return _not_now(state, seat)
    if step == S_KEEP:
        if isinstance(action, Keep):
            return f"You did not draw {plan_name(action.plan)}: keep one of the two plans drawn."
        return _not_now(state, seat)
    if step == S_SECURITY:
        return _security_reason(state, seat, action)
    if step == S_MARKET:
        if isinstance(action, Buy):
            price = market_price(state, seat)
            return f"Food costs {_money(price)}: you have {_money(state.money[seat])}."
        return _not_now(state, seat)
    if step == S_PLACE:
        if isinstance(action, Place):
            return _room_reason(state, seat, action.block)
        if isinstance(action, Stop):
            return "These placements are compulsory while a block has room."
        return _not_now(state, seat)
    if step == S_REMOVE:
        if isinstance(action, Remove):
            return _remove_reason(state, seat, action.block)
        return _not_now(state, seat)
    if step == S_CHOOSE:
        if isinstance(action, Choose):
            own = _own_block(state, seat, action.block)
            if own:
                return own
            return f"The Housing Plan enlarges a town or city; {block_label(action.block)} is not one."
        return _not_now(state, seat)
    if step == S_BIRTH:
        if isinstance(action, Birth):
            return _birth_reason(state, seat, action.block)
        return _not_now(state, seat)
    if step == S_FAST:
        if isinstance(action, Fast):
            return _room_reason(state, seat, action.block)
        if isinstance(action, Skip):
            return "You have started the fast increase: stop it instead."
        if isinstance(action, Stop):
            return "Place at least one inhabitant, or skip the fast increase."
        return _not_now(state, seat)
    return None


# --- plans -----------------------------------------------------------------------------------------


def _hand_plan(state: State, seat: int, plan: Any, verb: str) -> str | None:
    if not _is_int(plan) or not 0 <= plan < len(PLANS):
        return f"There is no such plan to {verb}."
    if plan not in state.hand[seat]:
        return f"You hold no {PLANS[plan].name}."
    return None


def _play_reason(state: State, seat: int, plan: Any, target: Any) -> str | None:
    held = _hand_plan(state, seat, plan, "play")
    if held:
        return held
    info = PLANS[plan]
    name = info.name
    if info.phase != state.phase:
        from core.intendentes.content import PHASE_NAMES

        return f"{name} belongs to phase {info.phase} ({PHASE_NAMES[info.phase - 1]})."
    cost = plan_cost(state, seat, plan)
    if cost > state.money[seat]:
        return f"You can't pay {_money(cost)} for {name}: you have {_money(state.money[seat])}."
    if not _is_int(target) or not 0 <= target < state.players:
        return f"There is no seat {target!r} in this game."
    who = state.names[target]
    if info.neighbour:
        if target == seat:
            return f"{name} is played on a neighbour, not on your own district."
        if target not in neighbours(state, seat):
            return f"{who} is not your neighbour: with 4 mayors, only the two beside you are."
        if already_hit(state, plan, target):
            return f"{who} was already hit by {name} this round."
    elif target != seat:
        return f"{name} is played on your own district."
    if not plan_has_effect(state, seat, plan, target):
        return _no_effect(state, seat, plan, target)
    return None


def _no_effect(state: State, seat: int, plan: int, target: int) -> str:
    """Why ``plan`` would change nothing now (§4.2)."""
    who = state.names[target]
    cards = state.cards[seat]
    if plan == P_HOUSING:
        return "You have no town or city to enlarge."
    if plan == P_IMMIGRATION:
        return "The inhabitant supply is empty." if state.supply == 0 else "Your district has no free space."
    if plan == P_ADVISORS:
        return "The plan deck and the discard pile are both empty."
    if plan == P_PREVENTION:
        if defended(state, seat):
            return "Civil Defense already keeps this event away from you."
        return "This event gives you no penalty card to prevent."
    if plan == P_DEFENSE:
        if defended(state, seat):
            return "You have already played Civil Defense this round."
        return "This event would change nothing for you."
    if plan == P_VOLUNTEERS:
        return "You have no Fire or Flood card."
    if plan == P_WATCH:
        return "You have no Insecurity card."
    if plan == P_DIALOGUE:
        return "You have no Demonstration card."
    if plan in INDEX_PLAN:
        return f"Your {INDICES[INDEX_PLAN[plan]]} index is already 0."
    if plan in CALM:
        return "Your discontent is already at 0 (Peace)."
    if plan == P_SOUP:
        return f"Your warehouse is full ({WAREHOUSE_MAX} food)."
    if plan == P_IRRIGATION:
        return "None of your fields has inhabitants."
    if plan == P_PRESS:
        return "Your district has no penalty card."
    if plan in (P_FEES, P_AUDIT):
        return f"{who} has no money."
    if plan == P_EXODUS:
        if sum(state.people[target]) == 0:
            return f"{who} has no inhabitants."
        return "Your district has no free space for the inhabitant."
    if plan == P_ARSON:
        return f"{who} has already taken {PENALTY_CAP} fire, flood and insecurity cards this round."
    if plan == P_AGITATORS:
        return f"{who}'s discontent is already at {DISCONTENT_MAX}."
    return f"{PLANS[plan].name} would change nothing now."


def _stadium_reason(state: State, seat: int) -> str:
    if STADIUM not in state.blocks[seat]:
        return "You have no Stadium."
    if state.phase != 7:
        return "The Stadium is used in the Happiness plan window only."
    if state.used[seat] & USED_STADIUM:
        return "You have already used the Stadium this round."
    if state.money[seat] < STADIUM_COST:
        return f"The Stadium costs {_money(STADIUM_COST)}: you have {_money(state.money[seat])}."
    return "Your discontent is already at 0 (Peace)."


# --- bidding ---------------------------------------------------------------------------------------


def _slot_reason(state: State, slot: Any) -> str | None:
    if not _is_int(slot) or not 0 <= slot < DISPLAY_SLOTS:
        return f"The blocks for sale are in slots 1 to {DISPLAY_SLOTS}."
    if state.display[slot] == NONE:
        return f"Slot #{slot + 1} is empty."
    return None


def _bidding_reason(state: State, seat: int, action: Any) -> str | None:
    step = state.step
    money = state.money[seat]
    block = state.display[state.slot] if state.slot != NONE else NONE
    if step == S_OPEN:
        if isinstance(action, (Open, Decline)):
            bad = _slot_reason(state, action.slot)
            if bad:
                return bad
            if isinstance(action, Open):
                target = state.display[action.slot]
                cost = BLOCKS[target].cost
                return f"You can't pay {_money(cost)} for {block_label(target)}: you have {_money(money)}."
            return None
        if isinstance(action, Bid):
            return "First open the auction of a block (or decline)."
        if isinstance(action, Pass):
            return "You open the bidding now: open an auction or decline (you cannot pass)."
        return _not_now(state, seat)
    if isinstance(action, Bid):
        amount = action.amount
        if not _is_int(amount):
            return "Bid a whole number of dollars."
        low = BLOCKS[block].cost if block != NONE else 0
        if state.high_bidder != NONE and amount <= state.high_bid:
            return f"Bids must be above {_money(state.high_bid)}."
        if amount < low:
            first = "The opening bid" if step == S_OPEN_BID else "The first bid"
            return f"{first} for {block_label(block)} is at least {_money(low)}."
        if amount > money:
            return f"You can't bid {_money(amount)}: you have {_money(money)}."
        return None
    if isinstance(action, (Open, Decline)):
        if step == S_OPEN_BID:
            return f"You opened the auction for {block_label(block)}: make the opening bid (no going back)."
        return "An auction is under way: bid or pass."
    if isinstance(action, Pass) and step == S_OPEN_BID:
        return "The opener makes the first bid and cannot pass."
    return _not_now(state, seat)


# --- inhabitants -----------------------------------------------------------------------------------


def _own_block(state: State, seat: int, block: Any) -> str | None:
    """A reason if ``block`` is not a block of ``seat``'s district, else None."""
    if not _is_int(block) or not 0 <= block < len(BLOCKS):
        return "There is no such block."
    if block not in state.blocks[seat]:
        return f"{block_label(block)} is not in your district."
    return None


def _population(block: int) -> str | None:
    if BLOCKS[block].kind not in POPULATION_KINDS:
        return f"{block_label(block)} holds no inhabitants (only towns, cities, industries and fields do)."
    return None


def _room_reason(state: State, seat: int, block: Any) -> str | None:
    bad = _own_block(state, seat, block) or _population(block)
    if bad:
        return bad
    i = state.blocks[seat].index(block)
    if state.people[seat][i] >= state.capacity[seat][i]:
        return f"{block_label(block)} has no room ({state.people[seat][i]}/{state.capacity[seat][i]})."
    if state.supply == 0 and state.why != W_EXODUS:
        return "The inhabitant supply is empty."
    return None


def _move_reason(state: State, seat: int, a: Any, b: Any) -> str | None:
    bad = _own_block(state, seat, a) or _own_block(state, seat, b)
    if bad:
        return bad
    if a == b:
        return "Move the inhabitant to another block."
    bad = _population(a) or _population(b)
    if bad:
        return bad
    blocks = state.blocks[seat]
    i, j = blocks.index(a), blocks.index(b)
    if state.people[seat][i] == 0:
        return f"{block_label(a)} has no inhabitant to move."
    if state.got >> i & 1:
        return f"{block_label(a)} received an inhabitant this turn: it cannot give one (each inhabitant moves once)."
    if state.gave >> j & 1:
        return f"{block_label(b)} gave an inhabitant this turn: it cannot receive one (each inhabitant moves once)."
    if state.people[seat][j] >= state.capacity[seat][j]:
        return f"{block_label(b)} has no room ({state.people[seat][j]}/{state.capacity[seat][j]})."
    return None


def _train_reason(state: State, seat: int, block: Any) -> str | None:
    if TRAIN not in state.blocks[seat]:
        return "You have no Train Station."
    if state.used[seat] & USED_TRAIN:
        return "You have already used the Train Station this round."
    return _room_reason(state, seat, block)


def _remove_reason(state: State, seat: int, block: Any) -> str | None:
    bad = _own_block(state, seat, block)
    if bad:
        return bad
    i = state.blocks[seat].index(block)
    if state.people[seat][i] == 0:
        return f"{block_label(block)} has no inhabitant."
    if state.why == W_EXODUS and block not in exodus_sources(state, seat):
        return "Rural Exodus takes the inhabitant from one of your fields that has one."
    return None


def _birth_reason(state: State, seat: int, block: Any) -> str | None:
    bad = _own_block(state, seat, block)
    if bad:
        return bad
    info = BLOCKS[block]
    if info.kind not in (TOWN, CITY):
        return "Only towns and cities have births."
    i = state.blocks[seat].index(block)
    if state.served >> i & 1:
        return f"{block_label(block)} already got its inhabitant."
    if state.people[seat][i] >= state.capacity[seat][i]:
        return f"{block_label(block)} has no room."
    if block not in birth_blocks(state, seat, state.why == W_CREDITS):
        need = 1 if state.why == W_CREDITS else 2
        return f"{block_label(block)} has too few inhabitants (it needs {counted(need, 'inhabitant')})."
    return None


# --- security --------------------------------------------------------------------------------------


def _security_reason(state: State, seat: int, action: Any) -> str | None:
    money = state.money[seat]
    cards = state.cards[seat]
    if isinstance(action, Officer):
        bad = _security_block(state, seat, action.block)
        if bad:
            return bad
        penalty = action.penalty
        if not _is_int(penalty) or not 0 <= penalty < len(PENALTIES):
            return "Name a penalty card type: fire, flood, insecurity or demonstration."
        police = BLOCKS[action.block].kind == POLICE
        if penalty not in (POLICE_REMOVES if police else BRIGADE_REMOVES):
            if police:
                return "Police officers remove Insecurity, Flood or Demonstration cards."
            return "Firemen remove Fire or Flood cards."
        i = state.blocks[seat].index(action.block)
        if state.sec_paid >> i & 1:
            return f"{block_label(action.block)} was used for its {_money(PAID_ACTION_COST)} action this round."
        info = BLOCKS[action.block]
        if state.sec_officers[i] >= info.police + info.firemen:
            return f"The officers of {block_label(action.block)} have all been used this round."
        if cards[penalty] == 0:
            return f"You have no {penalty_name(penalty)} card."
        return None
    if isinstance(action, Paid):
        bad = _security_block(state, seat, action.block)
        if bad:
            return bad
        i = state.blocks[seat].index(action.block)
        label = block_label(action.block)
        if state.sec_paid >> i & 1:
            return f"{label} has already made its {_money(PAID_ACTION_COST)} action this round."
        if state.sec_officers[i]:
            return f"The officers of {label} removed cards this round: no {_money(PAID_ACTION_COST)} action too."
        if money < PAID_ACTION_COST:
            return f"You can't pay {_money(PAID_ACTION_COST)}: you have {_money(money)}."
        index = INSECURITY if BLOCKS[action.block].kind == POLICE else FIRE
        return f"Your {INDICES[index]} index is already 0."
    if isinstance(action, NationalHelp):
        if state.used[seat] & USED_HELP:
            return "National help is used at most once per round."
        if money < NATIONAL_HELP_COST:
            return f"National help costs {_money(NATIONAL_HELP_COST)}: you have {_money(money)}."
        penalty = action.penalty
        if _is_int(penalty) and 0 <= penalty < len(PENALTIES):
            return f"You have no {penalty_name(penalty)} card."
        return "Name a penalty card type: fire, flood, insecurity or demonstration."
    if isinstance(action, HydraulicWorks):
        if HYDRAULIC not in state.blocks[seat]:
            return "You have no Hydraulic Works."
        if state.used[seat] & USED_HYDRAULIC:
            return "You have already used the Hydraulic Works this round."
        return "You have no Flood card."
    if isinstance(action, End):
        return None
    return _not_now(state, seat)


def _security_block(state: State, seat: int, block: Any) -> str | None:
    bad = _own_block(state, seat, block)
    if bad:
        return bad
    if BLOCKS[block].kind not in (POLICE, FIRE_BRIGADE):
        return f"{block_label(block)} is not a police or fire brigade block."
    return None


__all__ = ["why_illegal"]
