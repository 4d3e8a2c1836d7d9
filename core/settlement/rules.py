"""Settlement rules: setup (§5), the round (§6), the decisions D1–D5 (§14) and the end (§13).

Everything that is not a decision is automatic: after each action :func:`apply_in_place`
runs the following steps (rolling dice as the rules say) until the next decision or the end
of the game. Every die comes from ``state.rng.randint(1, 6)`` and every shuffle from
``state.rng.shuffle``, in the order of §18, so tests can script the dice.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from core.rng import Rng
from core.settlement import actions as act
from core.settlement.actions import Action, Buy, Finish, Other, PayOne, Pick, Swap
from core.settlement.content import (
    BP,
    CHARACTER_AT,
    CHARACTERS,
    FATE,
    FATE_FIELD,
    FEED_PER_ROUND,
    FOOD,
    GATES,
    GOODS,
    IRON,
    ITEMS,
    LOSSES_FIELD,
    MAX_TOKENS_PER_ROUND,
    MAYOR_FIELD,
    ORE,
    PRODUCE,
    RECTANGLES,
    RESOURCES,
    SMELT,
    SMILE_POOL_CAP,
    SMILES_PER_TOKEN,
    START_SMILES,
    START_STOCK,
    STORAGE_CAP,
    TRADE,
    Effect,
)
from core.settlement.state import MAX_PLAYERS, MIN_PLAYERS, State

DIE = 6


FATE_TAX_SMILES = next(e.smiles for c in FATE for e in c.effects if e.op == "pay_goods_or_smiles")
"""The Tax collector's smiles for a refusal (−5)."""
FATE_TAX_GOODS = next(e.goods for c in FATE for e in c.effects if e.op == "pay_goods_or_smiles")
"""The goods the Tax collector asks for (3)."""


class RulesError(RuntimeError):
    """An action reached :func:`apply_in_place` at a step where it cannot happen."""


def _die(s: State) -> int:
    assert s.rng is not None, "a view cannot roll dice"
    return s.rng.randint(1, DIE)


# --- this round's fate card -----------------------------------------------------------------
def fate_effects(s: State, op: str) -> list[Effect]:
    """The effects with ``op`` of this round's fate card (none before the fate field)."""
    if s.fate < 0:
        return []
    return [e for e in FATE[s.fate].effects if e.op == op]


def is_skipped(s: State, character: int) -> bool:
    """True when this round's fate card keeps ``character`` from working (Fever)."""
    return any(e.character == character for e in fate_effects(s, "skip"))


def item_bonus(s: State, character: int) -> int:
    """What the buildings and inventions owned add to ``character``'s specialty roll: the
    spec's "specialty bonus" (§6.7, Appendix C), without this round's fate modifier."""
    return sum(item.bonus[character] for item in ITEMS if s.owned[item.index])


def specialty_bonus(s: State, character: int) -> int:
    """Everything added to ``character``'s specialty roll now: items and the fate card."""
    bonus = item_bonus(s, character)
    return bonus + sum(e.n for e in fate_effects(s, "specialty_modifier") if e.character == character)


def specialty_dice(s: State, character: int) -> int:
    """Dice rolled for ``character``'s specialty now: 2 for the Scholar under Inspiration."""
    return 2 if any(e.character == character for e in fate_effects(s, "two_dice_specialty")) else 1


def tax_due(s: State) -> bool:
    """True when a trade pays the 1-good tax (no Coinage, no Caravan this round)."""
    if any(item.no_tax and s.owned[item.index] for item in ITEMS):
        return False
    return not fate_effects(s, "no_tax_this_round")


def storage_capped(s: State) -> bool:
    """True while no building lifts the storage cap (the Warehouse)."""
    return not any(item.no_storage_cap and s.owned[item.index] for item in ITEMS)


def affordable(s: State, item: int) -> bool:
    """True when the whole cost of ``item`` is in stock."""
    return all(have >= need for have, need in zip(s.stock, ITEMS[item].cost))


def own_product(character: int) -> int:
    """The product other work may not make (−1 for the Merchant, who has none)."""
    return CHARACTERS[character].product


def acting_character(s: State) -> int:
    """The character on the pawn's field (−1 on fate, mayor and losses)."""
    return CHARACTER_AT.get(s.pos, -1)


# --- setup ---------------------------------------------------------------------------------
def new_game(names: Sequence[str], seed: int, options: Mapping[str, Any]) -> State:
    """§5.4: seats, rolls for the pick order and the deal, the first mayor, stock, fate pile."""
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise ValueError(f"Settlement takes {MIN_PLAYERS}-{MAX_PLAYERS} players, not {len(names)}")
    s = State(tuple(names), str(options["difficulty"]), str(options["characters"]))
    s.rng = Rng(seed)
    s.stock = list(START_STOCK)
    s.pool = START_SMILES
    s.fate_pile = list(range(len(FATE)))
    n = s.players
    if n == 1:
        s.holder = [0] * len(CHARACTERS)
        _after_deal(s)
        return s
    if s.deal != "order":
        s.pick_order = _roll_order(s, list(range(n)), "pick_rolls")
    if s.deal == "draft":
        s.step = "pick"
        return s
    cards = list(range(len(CHARACTERS)))
    if s.deal == "random":
        assert s.rng is not None
        s.rng.shuffle(cards)
    for i, card in enumerate(cards):
        s.holder[card] = s.pick_order[i % n]
    s.events.append(("dealt",))
    _after_deal(s)
    return s


def _roll_order(s: State, seats: list[int], kind: str) -> list[int]:
    """``seats`` ordered by a die each, highest first; tied seats roll again among themselves."""
    rolls = [(seat, _die(s)) for seat in seats]
    s.events.append((kind, *(v for pair in rolls for v in pair)))
    order: list[int] = []
    for value in sorted({r for _, r in rolls}, reverse=True):
        tied = [seat for seat, r in rolls if r == value]
        order.extend(tied if len(tied) == 1 else _roll_order(s, tied, kind))
    return order


def _highest(s: State, seats: list[int]) -> int:
    """The seat with the highest die; ties roll again among the tied (§5.3)."""
    while True:
        rolls = [(seat, _die(s)) for seat in seats]
        s.events.append(("mayor_rolls", *(v for pair in rolls for v in pair)))
        top = max(r for _, r in rolls)
        seats = [seat for seat, r in rolls if r == top]
        if len(seats) == 1:
            return seats[0]


def _after_deal(s: State) -> None:
    """Setup steps 3-6: the first mayor, the fate shuffle, then round 1 begins."""
    if s.players > 1:
        s.mayor = s.first_mayor = _highest(s, list(range(s.players)))
        s.events.append(("first_mayor", s.mayor))
    assert s.rng is not None
    s.rng.shuffle(s.fate_pile)
    s.round = 1
    _begin_round(s)
    if s.step != "over":
        _advance(s)


# --- the round -------------------------------------------------------------------------------
def _begin_round(s: State) -> None:
    """§6.2 and §6.3: the mayor card passes right (rounds ≥ 2), then the settlers eat."""
    s.events.append(("round", s.round))
    s.fate = -1
    s.pos = 0
    if s.round >= 2 and s.players > 1:
        s.mayor = (s.mayor - 1) % s.players
        s.events.append(("mayor", s.mayor))
    food = s.stock[FOOD]
    if food >= FEED_PER_ROUND:
        s.stock[FOOD] = food - FEED_PER_ROUND
        s.events.append(("feed", FEED_PER_ROUND, 0))
        return
    missing = FEED_PER_ROUND - food
    s.stock[FOOD] = 0
    s.events.append(("feed", food, missing))
    for _ in range(missing):
        if s.tokens == 0:
            s.events.append(("starved",))
            _end(s, "starved")
            return
        s.events.append(("token_lost", s.tokens))
        s.tokens -= 1


def _end(s: State, outcome: str) -> None:
    s.outcome = outcome
    s.end_round = s.round
    s.step = "over"


def _advance(s: State) -> None:
    """Move the pawn on from ``s.pos`` through the automatic fields to the next decision."""
    while True:
        character = CHARACTER_AT.get(s.pos, -1)
        if character >= 0:
            if is_skipped(s, character):
                s.events.append(("skip", character))
                s.pos += 1
                continue
            s.step = "work"
            return
        if s.pos == FATE_FIELD:
            if _fate(s):
                return
            s.pos += 1
            continue
        if s.pos == MAYOR_FIELD:
            s.step = "shop"
            return
        assert s.pos == LOSSES_FIELD
        _losses(s)
        _satisfaction(s)
        if s.tokens == RECTANGLES:
            s.events.append(("won", s.round))
            _end(s, "won")
            return
        if s.round == s.limit:
            s.events.append(("time", s.round))
            _end(s, "time")
            return
        s.round += 1
        _begin_round(s)
        if s.step == "over":
            return


def _fate(s: State) -> bool:
    """§6.5: draw and resolve the top fate card; True when the mayor must now choose."""
    if not s.fate_pile:
        s.fate_pile, s.fate_discard = s.fate_discard, []
        assert s.rng is not None
        s.rng.shuffle(s.fate_pile)
        s.events.append(("reshuffle",))
    card = s.fate_pile.pop(0)
    s.fate = card
    s.fate_discard.append(card)
    s.events.append(("fate", card))
    ask = False
    for e in FATE[card].effects:
        if e.op == "gain":
            s.stock[e.res] += e.n
            s.events.append(("gain", e.res, e.n))
        elif e.op == "lose":
            if e.unless_built >= 0 and s.owned[e.unless_built]:
                s.events.append(("no_effect",))
                continue
            lost = min(e.n, s.stock[e.res])
            s.stock[e.res] -= lost
            s.events.append(("lose", e.res, lost))
        elif e.op == "lose_each_good":
            for good in GOODS:
                lost = min(e.n, s.stock[good])
                if lost:
                    s.stock[good] -= lost
                    s.events.append(("lose", good, lost))
        elif e.op == "smiles":
            _change_pool(s, e.n)
        elif e.op == "pay_goods_or_smiles":
            s.step = "tax"
            ask = True
        # skip, specialty_modifier, no_tax_this_round, two_dice_specialty, rot_*: read later
    return ask


def _change_pool(s: State, delta: int) -> None:
    new = max(0, s.pool + delta)
    s.events.append(("pool", new - s.pool))
    s.pool = new


def _losses(s: State) -> None:
    """§6.8: rot, all building points lost, the storage cap."""
    if fate_effects(s, "rot_none"):
        s.events.append(("rot", -1, -1, 0))
    else:
        first = _die(s)
        second = _die(s) if fate_effects(s, "rot_two_dice_high") else 0
        rot = max(first, second) + sum(item.rot_modifier for item in ITEMS if s.owned[item.index])
        lost = min(max(0, rot), s.stock[FOOD])
        s.stock[FOOD] -= lost
        s.events.append(("rot", first, second, lost))
    if s.stock[BP]:
        s.events.append(("bp_lost", s.stock[BP]))
        s.stock[BP] = 0
    if storage_capped(s):
        for good in GOODS:
            if s.stock[good] > STORAGE_CAP:
                s.events.append(("cap", good, s.stock[good] - STORAGE_CAP))
                s.stock[good] = STORAGE_CAP


def satisfaction_income(s: State) -> int:
    """Smiles every satisfaction phase adds besides its die: inventions, buildings, Music."""
    return sum(item.smiles for item in ITEMS if s.owned[item.index])


def _satisfaction(s: State) -> None:
    """§6.9: gain smiles, cap the pool at 20, convert 10 smiles a token at most twice."""
    die = _die(s)
    gained = die + satisfaction_income(s)
    total = s.pool + gained
    s.pool = min(SMILE_POOL_CAP, total)
    s.events.append(("smiles", die, gained, max(0, total - SMILE_POOL_CAP)))
    for _ in range(MAX_TOKENS_PER_ROUND):
        rect = s.tokens + 1
        if rect > RECTANGLES or s.pool < SMILES_PER_TOKEN:
            break
        gate = GATES.get(rect, -1)
        if gate >= 0 and not s.owned[gate]:
            s.events.append(("gated", rect))
            break
        s.tokens = rect
        s.pool -= SMILES_PER_TOKEN
        s.events.append(("token", rect))


# --- decisions --------------------------------------------------------------------------------
def to_act(s: State) -> list[int]:
    """The one seat to decide now ([] once the game is over)."""
    step = s.step
    if step == "over":
        return []
    if step == "pick":
        return [s.pick_order[s.picks % s.players]]
    if step in ("work", "trade"):
        return [s.holder[CHARACTER_AT[s.pos]]]
    return [s.mayor]


def other_products(s: State, character: int) -> list[int]:
    """What ``character``'s other work may make now (§6.4: iron only from ore)."""
    own = own_product(character)
    return [r for r in range(len(RESOURCES)) if r != own and (r != IRON or s.stock[ORE] >= 1)]


def legal_actions(s: State, seat: int) -> list[Action]:
    """Every legal action of ``seat`` (§14), in a fixed order."""
    if seat not in to_act(s):
        return []
    step = s.step
    if step == "pick":
        return [Pick(c) for c in range(len(CHARACTERS)) if s.holder[c] < 0]
    if step == "work":
        character = CHARACTER_AT[s.pos]
        return [act.SPECIALTY, *(Other(r) for r in other_products(s, character))]
    if step == "trade":
        moves: list[Action] = []
        if s.swaps() < s.trade_limit:
            for buy in GOODS:
                if s.paid[buy]:
                    continue
                for pay in GOODS:
                    if pay != buy and not s.bought[pay] and s.stock[pay] >= 1:
                        moves.append(Swap(buy, pay))
        if s.swaps() and tax_due(s):
            moves.extend(Finish(g) for g in GOODS if s.stock[g] >= 1)
        else:
            moves.append(act.NO_TAX)
        return moves
    if step == "tax":
        tax: list[Action] = [act.PAY] if s.goods() >= FATE_TAX_GOODS else []
        return tax + [act.REFUSE]
    if step == "tax_pay":
        return [PayOne(g) for g in GOODS if s.stock[g] >= 1]
    if step == "shop":
        return [*(Buy(i) for i in range(len(ITEMS)) if not s.owned[i] and affordable(s, i)), act.DONE]
    return []


def apply_in_place(s: State, seat: int, action: Action) -> None:
    """Perform a legal action and every automatic step after it (callers check legality)."""
    s.events = []
    kind = type(action)
    step = s.step
    if kind is Pick and step == "pick":
        assert isinstance(action, Pick)
        s.holder[action.character] = seat
        s.picks += 1
        if s.picks == len(CHARACTERS):
            _after_deal(s)
        return
    if step == "work":
        character = CHARACTER_AT[s.pos]
        if kind is act.Specialty:
            if _specialty(s, character):
                return
        elif kind is Other:
            assert isinstance(action, Other)
            s.stock[action.product] += 1
            if action.product == IRON:
                s.stock[ORE] -= 1
            s.events.append(("other", character, action.product))
        else:
            raise RulesError(f"{action!r} on a character's field")
        s.pos += 1
        _advance(s)
        return
    if step == "trade":
        if kind is Swap:
            assert isinstance(action, Swap)
            s.stock[action.buy] += 1
            s.stock[action.pay] -= 1
            s.bought[action.buy] += 1
            s.paid[action.pay] += 1
            s.events.append(("swap", action.buy, action.pay))
            return
        if kind is Finish:
            assert isinstance(action, Finish)
            if action.tax >= 0:
                s.stock[action.tax] -= 1
                s.events.append(("tax", action.tax))
            s.events.append(("trade_end", s.swaps()))
            s.bought = [0] * len(GOODS)
            s.paid = [0] * len(GOODS)
            s.trade_limit = 0
            s.pos += 1
            _advance(s)
            return
    if step == "tax":
        if kind is act.Pay:
            s.step = "tax_pay"
            s.tax_left = FATE_TAX_GOODS
            return
        if kind is act.Refuse:
            _change_pool(s, FATE_TAX_SMILES)
            s.pos += 1
            _advance(s)
            return
    if step == "tax_pay" and kind is PayOne:
        assert isinstance(action, PayOne)
        s.stock[action.good] -= 1
        s.tax_left -= 1
        s.events.append(("tax_paid", action.good))
        if s.tax_left == 0:
            s.pos += 1
            _advance(s)
        return
    if step == "shop":
        if kind is Buy:
            assert isinstance(action, Buy)
            for r, need in enumerate(ITEMS[action.item].cost):
                s.stock[r] -= need
            s.owned[action.item] = s.round
            s.events.append(("buy", action.item))
            return
        if kind is act.Done:
            s.pos += 1
            _advance(s)
            return
    raise RulesError(f"{action!r} cannot be made at step {step}")


def _specialty(s: State, character: int) -> bool:
    """Roll and do ``character``'s specialty; True when the Merchant now trades (D3)."""
    dice = specialty_dice(s, character)
    first = _die(s)
    second = _die(s) if dice == 2 else 0
    bonus = specialty_bonus(s, character)
    result = max(0, first + second + bonus)
    spec = CHARACTERS[character]
    if spec.kind == PRODUCE:
        s.stock[spec.product] += result
        made = result
    elif spec.kind == SMELT:
        made = min(result, s.stock[spec.source])
        s.stock[spec.source] -= made
        s.stock[spec.product] += made
    else:
        assert spec.kind == TRADE
        s.events.append(("work", character, first, second, bonus, result, 0))
        s.step = "trade"
        s.trade_limit = result
        s.bought = [0] * len(GOODS)
        s.paid = [0] * len(GOODS)
        return True
    s.events.append(("work", character, first, second, bonus, result, made))
    return False
