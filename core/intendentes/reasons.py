"""Why the coach suggests an Intendentes move, in a few player words (:meth:`Game.coach_reason`).

A reason is worked out from the mayor's view *before* the move and the move itself: after
it the rules may run on through draws and events (the end of a window reveals the event,
the last market purchase runs income and feeding), and the state after the move is one
sampled future. So each reason tells the move's own effect, with the game's numbers: what
a block brings, what an inhabitant earns and eats where it goes, what a card removed or an
index lowered saves, whether food bought keeps the district from famine, and what a change
would add to the final bonuses (§11) if the game ended now.
"""

from __future__ import annotations

from typing import Callable

from core.intendentes.actions import (
    Action,
    Bid,
    Birth,
    Buy,
    Choose,
    Decline,
    Discard,
    Fast,
    HydraulicWorks,
    Keep,
    KeepHand,
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
    TrainStation,
)
from core.intendentes.balance import income, production
from core.intendentes.bonuses import final_bonuses
from core.intendentes.cards import move_discontent
from core.intendentes.content import (
    BLOCKS,
    DEMONSTRATION,
    FAST_INCREASE_SPLENDOR,
    FIRE,
    FIRE_BRIGADE,
    FLOOD,
    FOOD_PER_PURCHASE,
    HOUSING_PLAN_CAPACITY,
    HYDRAULIC_WORKS_FLOODS,
    INDEX_PLAN_CUT,
    INDICES,
    INSECURITY,
    NATIONAL_HELP_COST,
    NATIONAL_HELP_SPLENDOR,
    PAID_ACTION_COST,
    PLANS,
    POLICE,
    REPRESSION_DISCONTENT,
    SOUP_KITCHENS_FOOD,
    STADIUM_CALM,
    STADIUM_COST,
    TAX_INCREASE_DISCONTENT,
    WAREHOUSE_MAX,
)
from core.intendentes.districts import birth_blocks, market_price
from core.intendentes.state import NONE, S_AUCTION, S_FAST, S_MARKET, State
from core.intendentes.tables import B_TOWN_CITY, CALM, CATHEDRAL, INDEX_PLAN, P_IRRIGATION, P_SOUP, P_TAX, SCHOOL
from core.intendentes.text import block_label, penalty_name, plan_name
from core.words import counted, fit

Change = Callable[[State], None]


def _final_gain(before: State, seat: int, change: Change) -> int:
    """What ``change`` (made on a copy of ``before``) adds to ``seat``'s final bonuses if
    the game ended now (§11): district, census, happiness, risks, warehouse, money."""
    after = before.clone()
    change(after)
    return sum(final_bonuses(after)[seat]) - sum(final_bonuses(before)[seat])


def _with_gain(text: str, gain: int) -> str:
    """``text`` with what it adds at the end ("; +5 splendor at the end"); a reason tells
    what a move is good for, so a loss (the money a purchase spends) is left to the move."""
    if gain <= 0:
        return text
    return fit(f"{text}; +{gain} splendor at the end", text)


def _money(amount: int) -> str:
    return f"${amount}"


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _block_gains(block: int) -> list[str]:
    """What acquiring ``block`` brings, most telling first ("+5 splendor", "3 inhabitants
    (+$6, +0 food a round)", "2 officers", "fire −2")."""
    info = BLOCKS[block]
    parts = [f"+{info.splendor} splendor"] if info.splendor else []
    if info.initial:
        earn = [f"+{_money(info.initial * info.money)}"] if info.money else []
        earn += [f"+{info.initial * info.food} food"] if info.food else []
        parts.append(counted(info.initial, "inhabitant") + (f" ({', '.join(earn)} a round)" if earn else ""))
    elif info.capacity:
        each = [_money(info.money)] if info.money else []
        each += [f"{info.food} food"] if info.food else []
        parts.append(f"holds {info.capacity}" + (f" ({' + '.join(each)} each)" if each else ""))
    officers = info.police + info.firemen
    if officers:
        parts.append(counted(officers, "officer"))
    if info.text and info.kind not in (POLICE, FIRE_BRIGADE):
        parts.append(_lower(info.text))
    parts += [f"{INDICES[i]} {_signed(m)}" for i, m in enumerate(info.mods) if m]
    return parts


def _block_text(lead: str, block: int) -> str:
    parts = _block_gains(block)
    options = [f"{lead}: {', '.join(parts[:k])}" for k in range(len(parts), 0, -1)]
    return fit(*options, lead)


def _slot_block(state: State, slot: int) -> int:
    return state.display[slot] if 0 <= slot < len(state.display) else NONE


def _people_change(before: State, seat: int, deltas: dict[int, int]) -> State:
    after = before.clone()
    for block, delta in deltas.items():
        i = after.blocks[seat].index(block)
        after.people[seat][i] += delta
    return after


def _signed(amount: int, unit: str = "", cash: bool = False) -> str:
    """ "+$2", "−1 food"."""
    sign = "+" if amount > 0 else "−"
    return f"{sign}{'$' if cash else ''}{abs(amount)}{unit}"


def _earnings(before: State, after: State, seat: int) -> str:
    """How a round's income, food and births change between two districts ("+$2 income,
    −1 food a round; a birth in Town (B05)"), or ""."""
    parts = []
    cash = income(after, seat) - income(before, seat)
    food = production(after, seat) - production(before, seat)
    if cash:
        parts.append(_signed(cash, " income", cash=True))
    if food:
        parts.append(_signed(food, " food"))
    said = [", ".join(parts) + " a round"] if parts else []
    old, new = set(birth_blocks(before, seat)), set(birth_blocks(after, seat))
    said += [f"a birth in {block_label(block)}" for block in sorted(new - old)]
    said += [f"no birth in {block_label(block)}" for block in sorted(old - new)]
    return "; ".join(said)


def _settle(before: State, seat: int, block: int, lead: str, count: int = 1) -> str:
    """An inhabitant (or ``count``) coming to ``block``: what it earns and eats there."""
    if block not in before.blocks[seat]:
        return lead
    told = _earnings(before, _people_change(before, seat, {block: count}), seat)
    census = _final_gain(before, seat, lambda s: _people_change_in(s, seat, block, count))
    return _with_gain(fit(f"{lead}: {told}", lead) if told else lead, census)


def _people_change_in(state: State, seat: int, block: int, count: int) -> None:
    state.people[seat][state.blocks[seat].index(block)] += count


def _feeding_short(state: State, seat: int, extra_food: int = 0) -> int:
    """How many inhabitants the coming feeding would cost ``seat`` (famine), with
    ``extra_food`` more in the warehouse."""
    need = sum(state.people[seat]) - production(state, seat)
    return max(0, need - min(WAREHOUSE_MAX, state.warehouse[seat] + extra_food))


def _buy(before: State, seat: int) -> str:
    price = market_price(before, seat)
    short, after = _feeding_short(before, seat), _feeding_short(before, seat, FOOD_PER_PURCHASE)
    lead = f"{FOOD_PER_PURCHASE} food for {_money(price)}"
    if short > after:
        saved = counted(short - after, "inhabitant")
        return fit(f"{lead}: saves {saved} from famine", f"saves {saved} from famine")
    old = before.warehouse[seat]
    gain = _final_gain(before, seat, lambda s: _warehouse(s, seat, FOOD_PER_PURCHASE, price))
    return _with_gain(f"{lead} (warehouse {old} → {min(WAREHOUSE_MAX, old + FOOD_PER_PURCHASE)})", gain)


def _warehouse(state: State, seat: int, food: int, price: int = 0) -> None:
    state.warehouse[seat] = min(WAREHOUSE_MAX, state.warehouse[seat] + food)
    state.money[seat] = max(0, state.money[seat] - price)


def _card_saves(before: State, seat: int, penalty: int) -> str:
    """What one card fewer of ``penalty`` saves each round (§6); removing a demonstration
    by force (an officer, national help) costs discontent now."""
    if penalty == DEMONSTRATION:
        splendor = 1 if CATHEDRAL in before.blocks[seat] else 2
        return f"saves {splendor} splendor a round, +{REPRESSION_DISCONTENT} discontent now"
    if SCHOOL in before.blocks[seat]:
        return "saves 1 splendor a round"
    return "saves 1 splendor and 1 discontent a round"


def _remove_card(before: State, seat: int, penalty: int) -> str:
    card = f"removes {_a(penalty_name(penalty))} card"
    return fit(f"{card}: {_card_saves(before, seat, penalty)}", card)


def _a(word: str) -> str:
    return f"an {word}" if word[:1].lower() in "aeiou" else f"a {word}"


def _index(before: State, seat: int, index: int, cut: int, lead: str = "") -> str:
    old = before.risk[seat][index]
    new = max(0, old - cut)

    def lower(state: State) -> None:
        state.risk[seat][index] = new

    text = f"{lead}{INDICES[index]} index {old} → {new}"
    return _with_gain(text, _final_gain(before, seat, lower))


def _calm(before: State, seat: int, calm: int, lead: str = "") -> str:
    old = before.discontent[seat]
    after = before.clone()
    move_discontent(after, seat, -calm)
    gain = sum(final_bonuses(after)[seat]) - sum(final_bonuses(before)[seat])
    returned = before.cards[seat][DEMONSTRATION] - after.cards[seat][DEMONSTRATION]
    text = f"{lead}discontent {old} → {after.discontent[seat]}"
    if returned:
        text = fit(f"{text}, {counted(returned, 'demonstration')} fewer", text)
    return _with_gain(text, gain)


def _play(before: State, seat: int, plan: int, target: int) -> str:
    if not 0 <= plan < len(PLANS):
        return ""
    info = PLANS[plan]
    if info.neighbour:
        name = before.names[target] if 0 <= target < before.players else "a neighbour"
        text = info.text.replace("A neighbour", name).replace("a neighbour", name)
        return text if text.startswith(name) else _lower(text)
    if plan in INDEX_PLAN:
        return _index(before, seat, INDEX_PLAN[plan], INDEX_PLAN_CUT)
    if plan in CALM:
        return _calm(before, seat, CALM[plan])
    if plan in (P_TAX, P_IRRIGATION):  # they act through this round's plays
        after = before.clone()
        after.round_plays[seat] = after.round_plays[seat] + [plan]
        cash = income(after, seat) - income(before, seat)
        food = production(after, seat) - production(before, seat)
        if plan == P_TAX:
            return f"{_signed(cash, ' income', cash=True)} this round, +{TAX_INCREASE_DISCONTENT} discontent" if cash else ""
        return f"{_signed(food, ' food')} this round" if food else ""
    if plan == P_SOUP:
        old = before.warehouse[seat]
        gain = _final_gain(before, seat, lambda s: _warehouse(s, seat, SOUP_KITCHENS_FOOD))
        short = _feeding_short(before, seat) - _feeding_short(before, seat, SOUP_KITCHENS_FOOD)
        if short > 0:
            return f"saves {counted(short, 'inhabitant')} from famine"
        return _with_gain(f"warehouse {old} → {min(WAREHOUSE_MAX, old + SOUP_KITCHENS_FOOD)}", gain)
    return _lower(info.text)


def _bid_reason(before: State, seat: int, amount: int) -> str:
    block = _slot_block(before, before.slot)
    if block == NONE:
        return ""
    name = BLOCKS[block].name
    lead = f"bids {_money(amount)} for {name}"
    if before.high_bidder >= 0 and before.high_bidder != seat:
        lead = fit(f"outbids {before.names[before.high_bidder]} for {name}", lead)
    return _block_text(lead, block)


def _remove(before: State, seat: int, block: int) -> str:
    if block not in before.blocks[seat]:
        return ""
    told = _earnings(before, _people_change(before, seat, {block: -1}), seat)
    label = block_label(block)
    if not told:
        return f"the one on {label} earns and grows nothing"
    return fit(f"{label} loses one: {told}", told)


def coach_reason(before: State, seat: int, action: Action) -> str:
    """Why ``action`` is worth playing for ``seat``, from its view ``before`` the move
    ("" when nothing specific applies)."""
    match action:
        case Play(plan=plan, target=target):
            return _play(before, seat, plan, target)
        case Open(slot=slot):
            block = _slot_block(before, slot)
            return "" if block == NONE else _block_text(f"goes for {BLOCKS[block].name}", block)
        case Decline(slot=slot):
            block = _slot_block(before, slot)
            cash = before.money[seat]
            return fit(f"keeps your {_money(cash)}; the others bid for {BLOCKS[block].name}",
                       f"keeps your {_money(cash)}") if block != NONE else ""
        case Bid(amount=amount):
            return _bid_reason(before, seat, amount)
        case Pass() if before.step == S_AUCTION:
            cash = before.money[seat]
            return fit(f"keeps your {_money(cash)} for another block", "keeps your money")
        case Pass() if before.step == S_MARKET:
            short = _feeding_short(before, seat)
            if short:
                return ""
            return f"keeps {_money(market_price(before, seat))}: the warehouse feeds everyone"
        case Move(from_block=a, to_block=b):
            if a not in before.blocks[seat] or b not in before.blocks[seat]:
                return ""
            told = _earnings(before, _people_change(before, seat, {a: -1, b: 1}), seat)
            lead = f"moves one to {block_label(b)}"
            return fit(f"{lead}: {told}", told, lead) if told else ""
        case TrainStation(block=block):
            return _settle(before, seat, block, f"a newcomer on {block_label(block)}")
        case Place(block=block):
            return _settle(before, seat, block, f"one more on {block_label(block)}")
        case Birth(block=block):
            return _settle(before, seat, block, f"a birth on {block_label(block)}")
        case Fast(block=block):
            cost = f" (−{FAST_INCREASE_SPLENDOR} splendor)" if before.step == S_FAST and before.done == 0 else ""
            return _settle(before, seat, block, f"one more on {block_label(block)}{cost}")
        case Skip():
            return f"keeps the {FAST_INCREASE_SPLENDOR} splendor a fast increase costs"
        case Remove(block=block):
            return _remove(before, seat, block)
        case Choose(block=block):
            lead = f"{block_label(block)} holds {HOUSING_PLAN_CAPACITY} more"
            if block in before.blocks[seat] and B_TOWN_CITY[block]:
                after = before.clone()
                after.capacity[seat][after.blocks[seat].index(block)] += HOUSING_PLAN_CAPACITY
                if block in birth_blocks(after, seat) and block not in birth_blocks(before, seat):
                    return fit(f"{lead}: room for a birth", lead)
            return lead
        case Keep(plan=plan) if 0 <= plan < len(PLANS):
            info = PLANS[plan]
            return fit(f"keeps {info.name}: {_lower(info.text)}", f"keeps {info.name}")
        case KeepHand():
            return "keeps the hand: draws nothing"
        case Discard(plan=plan):
            return f"swaps {plan_name(plan)} for 2 fresh plans to choose from"
        case Officer(penalty=penalty):
            return _remove_card(before, seat, penalty)
        case NationalHelp(penalty=penalty):
            lead = f"removes {_a(penalty_name(penalty))} card"
            cost = f"{_money(NATIONAL_HELP_COST)}, −{NATIONAL_HELP_SPLENDOR} splendor"
            return fit(f"{lead} ({cost}); {_card_saves(before, seat, penalty)}", f"{lead} ({cost})")
        case HydraulicWorks():
            floods = min(before.cards[seat][FLOOD], HYDRAULIC_WORKS_FLOODS)
            return fit(f"removes {counted(floods, 'Flood card')} free ({_card_saves(before, seat, FLOOD)} each)",
                       f"removes {counted(floods, 'Flood card')} free")
        case Paid(block=block) if 0 <= block < len(BLOCKS):
            index = INSECURITY if BLOCKS[block].kind == POLICE else FIRE
            return _index(before, seat, index, 1, f"{_money(PAID_ACTION_COST)}: ")
        case Stadium():
            return _calm(before, seat, STADIUM_CALM, f"{_money(STADIUM_COST)}: ")
        case Buy():
            return _buy(before, seat)
    return ""


__all__ = ["coach_reason"]
