"""Why a Settlement move is illegal, in player words (None exactly when it is legal)."""

from __future__ import annotations

from core.settlement import rules
from core.settlement.actions import Action, Buy, Finish, Other, PayOne, Pick, Swap, kind_of
from core.settlement.content import CHARACTER_AT, CHARACTERS, GOODS, ITEMS, IRON, ORE, RESOURCE_SHORT, RESOURCES
from core.settlement.state import State
from core.settlement.text import cost_text

_STEP_WORDS = {
    "pick": "choosing characters",
    "work": "a character's work",
    "trade": "the Merchant's trade",
    "tax": "the Tax collector",
    "tax_pay": "paying the Tax collector",
    "shop": "the mayor's shopping",
}
_STEP_KINDS = {
    "pick": {"pick"},
    "work": {"specialty", "other"},
    "trade": {"swap", "finish"},
    "tax": {"pay", "refuse"},
    "tax_pay": {"pay_one"},
    "shop": {"buy", "done"},
}


def why_illegal(s: State, seat: int, action: Action) -> str | None:
    """A specific reason ``action`` is illegal for ``seat`` now, or None if it is legal."""
    if s.step == "over":
        return "The game is over."
    if seat not in rules.to_act(s):
        return "It is not your turn."
    try:
        kind = kind_of(action)
    except TypeError:
        return "That is not a Settlement move."
    if kind not in _STEP_KINDS[s.step]:
        return f"That move is not part of {_STEP_WORDS[s.step]}."
    reason = _reason(s, action)
    if reason is None and action not in rules.legal_actions(s, seat):
        return "That move is not allowed now."
    return reason


def _reason(s: State, action: Action) -> str | None:
    if isinstance(action, Pick):
        if not 0 <= action.character < len(CHARACTERS):
            return "There is no such character."
        if s.holder[action.character] >= 0:
            return f"The {CHARACTERS[action.character].name} is already taken."
    elif isinstance(action, Other):
        character = CHARACTER_AT[s.pos]
        if not 0 <= action.product < len(RESOURCES):
            return "There is no such product."
        if action.product == rules.own_product(character):
            return f"That is the {CHARACTERS[character].name}'s own product: use specialty work."
        if action.product == IRON and s.stock[ORE] < 1:
            return "Iron is made from ore, and there is no ore."
    elif isinstance(action, Swap):
        if action.buy not in GOODS or action.pay not in GOODS:
            return "Only goods can be traded (food, wood, stone, ore, iron)."
        if s.swaps() >= s.trade_limit:
            return f"The Merchant may buy only {s.trade_limit} goods this turn."
        if action.buy == action.pay:
            return "Pay with a different good than the one you buy."
        if s.paid[action.buy]:
            return f"You are paying with {RESOURCE_SHORT[action.buy]} in this trade: it cannot be bought too."
        if s.bought[action.pay]:
            return f"You are buying {RESOURCE_SHORT[action.pay]} in this trade: it cannot pay too."
        if s.stock[action.pay] < 1:
            return f"There is no {RESOURCE_SHORT[action.pay]} to pay with."
    elif isinstance(action, Finish):
        due = s.swaps() > 0 and rules.tax_due(s)
        if action.tax < 0 and due:
            return "A trade pays a tax of 1 good: name the good."
        if action.tax >= 0 and not due:
            return "No tax is due."
        if action.tax >= 0 and (action.tax not in GOODS or s.stock[action.tax] < 1):
            return "There is none of that good to pay the tax with."
    elif isinstance(action, PayOne):
        if action.good not in GOODS or s.stock[action.good] < 1:
            return "There is none of that good to pay with."
    elif isinstance(action, Buy):
        if not 0 <= action.item < len(ITEMS):
            return "There is no such building or invention."
        it = ITEMS[action.item]
        if s.owned[action.item]:
            return f"The {it.name} is already {'invented' if it.invention else 'built'}."
        if not rules.affordable(s, action.item):
            short = tuple(max(0, need - have) for have, need in zip(s.stock, it.cost))
            return f"The {it.name} costs {cost_text(it.cost)}; still missing {cost_text(short)}."
    elif kind_of(action) == "pay" and s.goods() < rules.FATE_TAX_GOODS:
        return f"Paying takes {rules.FATE_TAX_GOODS} goods and the stock holds fewer."
    return None
