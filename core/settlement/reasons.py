"""Why the coach suggests a Settlement move, in a few player words (:meth:`Game.coach_reason`).

The settlers play as one team, so a reason speaks of the settlement: the food the next
feeding needs, the building or invention a good brings within the mayor's reach, the gate of
the pyramid a building opens. Dice are never a reason: specialty work is told by its range
("makes 2-7 food"), never by a roll, and everything is read from the view before the move
(the state after it is one sampled future, rolls included).
"""

from __future__ import annotations

from core.settlement import rules
from core.settlement.actions import Action, Buy, Finish, Other, Pay, PayOne, Pick, Refuse, Specialty, Swap
from core.settlement.content import (
    BP,
    CHARACTERS,
    FEED_PER_ROUND,
    FOOD,
    ITEMS,
    MAYOR_FIELD,
    ORE,
    PRODUCE,
    RESOURCE_SHORT,
    SMELT,
    SMILES_PER_TOKEN,
    STORAGE_CAP,
    TRADE,
    WAREHOUSE,
)
from core.settlement.rules import FATE_TAX_GOODS, FATE_TAX_SMILES
from core.settlement.state import State
from core.settlement.text import item_effects, specialty_gain, specialty_text
from core.words import fit


def _missing(stock: list[int], item: int) -> int:
    """How many units the stock lacks to pay for ``item``."""
    return sum(max(0, need - have) for need, have in zip(ITEMS[item].cost, stock))


def _wanted(state: State) -> list[int]:
    """The items still to buy, nearest first (gate buildings first among equals)."""
    left = [i for i in range(len(ITEMS)) if not state.owned[i]]
    return sorted(left, key=lambda i: (_missing(state.stock, i), not ITEMS[i].gate, i))


def _toward(state: State, resource: int, count: int = 0) -> str:
    """The nearest item still short of ``resource`` once ``count`` more are made: "for the
    Warehouse, 3 wood short", "covers the Warehouse's wood"."""
    for item in _wanted(state):
        short = ITEMS[item].cost[resource] - state.stock[resource]
        if short > 0:
            name = ITEMS[item].name
            if short <= count:
                return f"covers the {name}'s {RESOURCE_SHORT[resource]}"
            return f"for the {name}, {short - count} {RESOURCE_SHORT[resource]} short"
    if resource == ORE:
        return "for the Blacksmith to smelt into iron"
    return ""


def _within_reach(state: State, stock: list[int]) -> str:
    """An item the change to ``stock`` lets the mayor buy this round, if any ("the mayor
    can buy the Warehouse")."""
    if state.pos > MAYOR_FIELD:
        return ""
    for item in _wanted(state):
        if _missing(stock, item) == 0 and _missing(state.stock, item) > 0:
            return f"the mayor can buy the {ITEMS[item].name}"
    return ""


def _food_note(state: State, extra: int = 0) -> str:
    """What the next feeding still needs ("the next feeding needs 4 more food")."""
    food = state.stock[FOOD] + extra
    if food >= FEED_PER_ROUND:
        return ""
    return f"the next feeding needs {FEED_PER_ROUND - food} more food"


def _made(state: State, resource: int, count: int, lead: str, exact: bool = True) -> str:
    """``lead`` (making ``count`` of ``resource``, or at least that many when not
    ``exact``) and what it is for."""
    stock = list(state.stock)
    stock[resource] += count
    reach = _within_reach(state, stock)
    if reach:
        return fit(f"{lead}: {reach}", reach)
    if resource == FOOD:
        note = _food_note(state, count) or (f"{state.stock[FOOD] + count} food in stock" if exact
                                            else f"{state.stock[FOOD]} food in stock now")
        return fit(f"{lead}: {note}", lead)
    if resource == BP and state.pos > MAYOR_FIELD:
        return lead
    toward = _toward(state, resource, count)
    return fit(f"{lead}: {toward}", lead) if toward else lead


def _specialty(state: State) -> str:
    character = rules.acting_character(state)
    if character < 0:
        return ""
    spec = CHARACTERS[character]
    gain = specialty_gain(state, character)
    least = max(0, rules.specialty_dice(state, character) + rules.specialty_bonus(state, character))
    if spec.kind == TRADE:
        return f"{gain}"
    if spec.kind == SMELT:
        ore = state.stock[spec.source]
        if ore == 0:
            return "no ore to smelt"
        return _made(state, spec.product, min(least, ore), f"smelts {gain} (ore: {ore})", exact=False)
    if spec.kind == PRODUCE:  # told with the least the roll makes: what is sure
        return _made(state, spec.product, least, f"makes {gain}", exact=False)
    return ""


def _swap(state: State, buy: int, pay: int) -> str:
    stock = list(state.stock)
    stock[buy] += 1
    stock[pay] -= 1
    lead = f"1 {RESOURCE_SHORT[buy]} for 1 {RESOURCE_SHORT[pay]}"
    reach = _within_reach(state, stock)
    if reach:
        return fit(f"{lead}: {reach}", reach)
    if buy == FOOD:
        note = _food_note(state, 1) or f"{state.stock[FOOD] + 1} food in stock"
        return fit(f"{lead}: {note}", lead)
    toward = _toward(state, buy, 1)
    return fit(f"{lead}: {toward}", lead) if toward else lead


def _spare(state: State, good: int) -> str:
    """Why ``good`` is the one to give away: over the storage cap, or wanted by nothing."""
    have = state.stock[good]
    if not state.owned[WAREHOUSE] and have > STORAGE_CAP:
        return f"over the cap of {STORAGE_CAP}: lost at Losses anyway"
    most = max((ITEMS[i].cost[good] for i in _wanted(state)), default=0)
    if good != FOOD and most == 0:
        return f"no purchase needs {RESOURCE_SHORT[good]}"
    if good != FOOD and most < have:
        return f"more than any purchase needs ({most})"
    return f"{have - 1} left"


def _buy(state: State, item: int) -> str:
    info = ITEMS[item]
    lead = f"{'invents' if info.invention else 'builds'} the {info.name}"
    gate = info.gate
    if gate and state.tokens + 1 == gate and state.pool >= SMILES_PER_TOKEN:
        return fit(f"{lead}: the pyramid's next token can go on rectangle {gate}",
                   f"{lead}: opens rectangle {gate} now")
    effects = [short for short, _ in item_effects(item)]
    return fit(f"{lead}: {', '.join(effects)}", *(f"{lead}: {e}" for e in effects[:1]), lead)


def coach_reason(before: State, seat: int, action: Action) -> str:
    """Why ``action`` is worth playing for the team, from the view ``before`` the move
    ("" when nothing specific applies)."""
    match action:
        case Pick(character=character):
            return f"takes the {CHARACTERS[character].name}: {specialty_text(character)}"
        case Specialty():
            return _specialty(before)
        case Other(product=product):
            return _made(before, product, 1, f"makes 1 {RESOURCE_SHORT[product]}")
        case Swap(buy=buy, pay=pay):
            return _swap(before, buy, pay)
        case Finish(tax=tax):
            if tax < 0:
                return "ends the trade, no tax due"
            return fit(f"pays the tax in {RESOURCE_SHORT[tax]}: {_spare(before, tax)}", f"pays the tax in {RESOURCE_SHORT[tax]}")
        case Pay():
            return f"keeps the {min(before.pool, -FATE_TAX_SMILES)} smiles for the pyramid"
        case Refuse():
            lost = min(before.pool, -FATE_TAX_SMILES)
            return f"keeps {FATE_TAX_GOODS} goods; the pool loses {lost} smiles" if lost else "keeps the goods: no smiles to lose"
        case PayOne(good=good):
            return fit(f"pays 1 {RESOURCE_SHORT[good]}: {_spare(before, good)}", f"pays 1 {RESOURCE_SHORT[good]}")
        case Buy(item=item):
            return _buy(before, item)
    return ""


__all__ = ["coach_reason"]
