"""Settlement bots: the team evaluation, the moves bots weigh, and the scripted teams of the
spec's Appendix B (the reference "sensible team" of B.2 and the careless team of B.3).

The evaluation is the team's prospects in [0, 1] (1 = won), the same for every seat, as
co-operative games report it (:attr:`core.engine.Game.cooperative`). The scripted teams are
bots like any other (``choose(game, view, seat)``), offered by ``meeple simulate`` and the
benchmarks as the kinds ``reference`` and ``careless``; they exist to check the rules against
the spec's balance figures (B.4, B.5).
"""

from __future__ import annotations

import math
from typing import Any, Hashable

from core.ai.profile import SearchProfile
from core.rng import Rng
from core.settlement import rules
from core.settlement.actions import (
    DONE,
    NO_TAX,
    PAY,
    REFUSE,
    SPECIALTY,
    Action,
    Buy,
    Finish,
    Other,
    PayOne,
    Pick,
    Swap,
)
from core.settlement.content import (
    BLACKSMITH,
    BP,
    BUILDER,
    CHARACTER_AT,
    CHARACTERS,
    FOOD,
    GATES,
    GOODS,
    HUNTER,
    ITEM_IDS,
    ITEMS,
    MERCHANT,
    ORE,
    PEASANT,
    RECTANGLES,
    SCHOLAR,
    SMILES_PER_TOKEN,
    STORAGE_CAP,
    WAREHOUSE,
)
from core.settlement.state import State

PROFILE = SearchProfile(
    normal_iterations=24, hard_iterations=64, rollout_depth=None, root_candidates=3, greedy_sample=4,
    greedy_noise=0.0,
)
"""The search levels' settings (measured in the issue's closing note)."""

# --- the reference strategy (spec B.2) --------------------------------------------------------
SAFE0, SAFE, KEEP, PUSH = 12, 10, 14, 12
BUILDING_PRIORITY: tuple[int, ...] = tuple(ITEM_IDS[k] for k in (
    "warehouse", "monument", "town_hall", "fountain", "circus", "mill", "quarry", "cellar", "school", "forge"))
INVENTION_PRIORITY: tuple[int, ...] = tuple(ITEM_IDS[k] for k in (
    "bow", "plough", "music", "bellows", "pickaxe", "writing", "coinage", "wheel", "crane", "axe"))
BEFORE_BUILDER: frozenset[int] = frozenset(c.index for c in CHARACTERS if c.field < CHARACTERS[BUILDER].field)


def target(s: State) -> int:
    """B.2's target T: the first building of the priority list not yet built (−1: none)."""
    return next((b for b in BUILDING_PRIORITY if not s.owned[b]), -1)


def next_invention(s: State) -> int:
    """The first invention of the priority list not yet made (−1: none)."""
    return next((i for i in INVENTION_PRIORITY if not s.owned[i]), -1)


def keep_levels(s: State) -> list[int]:
    """B.2's *keep*: T's goods, raised to the next invention's goods, food at least KEEP."""
    t, inv = target(s), next_invention(s)
    keep = [0] * len(GOODS)
    for g in GOODS:
        keep[g] = max(ITEMS[t].cost[g] if t >= 0 else 0, ITEMS[inv].cost[g] if inv >= 0 else 0)
    keep[FOOD] = max(keep[FOOD], KEEP)
    return keep


def trade_plan(s: State, stock: list[int], limit: int) -> tuple[list[int], list[int], int]:
    """B.2's trade plan for a Merchant result ``limit`` on ``stock``: the goods bought and
    paid (one entry per unit, in order) and the tax good (−1: no trade or no tax)."""
    t = target(s)
    want = [0] * len(GOODS)
    if stock[FOOD] < KEEP:
        want[FOOD] = KEEP - stock[FOOD]
    if t >= 0:
        for g in GOODS:
            if g != FOOD and ITEMS[t].cost[g] > stock[g]:
                want[g] = ITEMS[t].cost[g] - stock[g]
    keep = keep_levels(s)
    surplus = [0 if want[g] else max(0, stock[g] - keep[g]) for g in GOODS]
    tax = 1 if rules.tax_due(s) else 0
    k = min(limit, sum(want), sum(surplus) - tax)
    if not sum(want) or k <= 0:
        return [], [], -1
    buys: list[int] = []
    for g in GOODS:
        take = min(want[g], k - len(buys))
        buys.extend([g] * take)
    pays: list[int] = []
    for _ in range(k):
        g = max(GOODS, key=lambda x: (surplus[x], -x))
        surplus[g] -= 1
        pays.append(g)
    tax_good = max(GOODS, key=lambda x: (surplus[x], -x)) if tax else -1
    return buys, pays, tax_good


def reference_work(s: State, character: int) -> Action:
    """B.2's work rule for ``character`` on its field."""
    food = s.stock[FOOD]
    t = target(s)
    if character in (HUNTER, PEASANT):
        return SPECIALTY
    if character != MERCHANT and food < (SAFE0 if s.tokens == 0 else SAFE):
        return Other(FOOD)
    if t >= 0 and character != BUILDER and food >= PUSH:
        cost = ITEMS[t].cost
        gap = cost[BP] - s.stock[BP]
        if gap > 0 and all(s.stock[g] >= cost[g] for g in GOODS):
            if character in BEFORE_BUILDER and gap > 5 + rules.specialty_bonus(s, BUILDER):
                return Other(BP)
            if (character == SCHOLAR and gap <= 2) or (character == MERCHANT and gap <= 1):
                return Other(BP)
    if character == MERCHANT:
        lacks = t >= 0 and any(s.stock[g] < ITEMS[t].cost[g] for g in GOODS if g != FOOD)
        if (food < KEEP or lacks) and trade_plan(s, s.stock, 6)[0]:
            return SPECIALTY
        return Other(FOOD if food < KEEP + 2 else BP)
    if character == BLACKSMITH and s.stock[ORE] == 0:
        return Other(FOOD if food < KEEP else BP)
    product = CHARACTERS[character].product
    if not s.owned[WAREHOUSE] and product in GOODS and s.stock[product] >= STORAGE_CAP:
        return Other(FOOD if food < KEEP + 3 else BP)
    return SPECIALTY


def reference_trade(s: State) -> Action:
    """The next step of B.2's trade plan, made from the stock the trade started with."""
    start = s.stock[:]
    for g in GOODS:
        start[g] += s.paid[g] - s.bought[g]
    buys, pays, tax = trade_plan(s, start, s.trade_limit)
    done = s.swaps()
    if done < len(buys):
        return Swap(buys[done], pays[done])
    return Finish(tax) if done and tax >= 0 else NO_TAX


def _surplus(s: State) -> list[int]:
    keep = keep_levels(s)
    return [max(0, s.stock[g] - keep[g]) for g in GOODS]


def reference_shop(s: State) -> Action:
    """B.2's mayor: inventions in priority order while affordable, then buildings."""
    inv = next_invention(s)
    if inv >= 0 and rules.affordable(s, inv):
        return Buy(inv)
    t = target(s)
    if t < 0:
        return DONE
    if rules.affordable(s, t):
        return Buy(t)
    for b in BUILDING_PRIORITY:
        if b == t or s.owned[b] or not rules.affordable(s, b):
            continue
        if all(s.stock[g] - ITEMS[b].cost[g] >= ITEMS[t].cost[g] for g in GOODS):
            return Buy(b)
    return DONE


def reference_action(s: State, seat: int) -> Action:
    """B.2's move for the decision ``s`` waits for."""
    step = s.step
    if step == "pick":
        return Pick(next(c for c in range(len(CHARACTERS)) if s.holder[c] < 0))
    if step == "work":
        return reference_work(s, CHARACTER_AT[s.pos])
    if step == "trade":
        return reference_trade(s)
    if step == "tax":
        return PAY if sum(_surplus(s)) >= 3 and s.goods() >= 3 else REFUSE
    if step == "tax_pay":
        surplus = _surplus(s)
        ranked = sorted((g for g in GOODS if s.stock[g] >= 1), key=lambda g: (-surplus[g], g))
        return PayOne(ranked[0])
    if step == "shop":
        return reference_shop(s)
    raise ValueError("the game is over")


class ReferenceTeam:
    """Spec B.2's "sensible team", as a bot for any seat (deterministic, no search)."""

    kind = "reference"

    def __init__(self, seed: int) -> None:
        """The team needs no randomness; ``seed`` is taken for the bot interface."""
        self.seed = seed

    def choose(self, game: Any, view: State, seat: int) -> Hashable:
        """B.2's move for ``seat``."""
        return reference_action(view, seat)


class CarelessTeam:
    """Spec B.3's careless team: always the specialty, except the Merchant, who makes 1 food
    and never trades; the mayor buys random affordable items until none is left; the Tax
    collector is refused."""

    kind = "careless"

    def __init__(self, seed: int) -> None:
        """Create the team; ``seed`` drives the mayor's random purchases."""
        self.rng = Rng(seed, stream=404)

    def choose(self, game: Any, view: State, seat: int) -> Hashable:
        """The careless move for ``seat``."""
        s = view
        if s.step == "pick":
            return Pick(next(c for c in range(len(CHARACTERS)) if s.holder[c] < 0))
        if s.step == "work":
            return Other(FOOD) if CHARACTER_AT[s.pos] == MERCHANT else SPECIALTY
        if s.step == "trade":  # never reached: the Merchant never trades
            return NO_TAX
        if s.step == "tax":
            return REFUSE
        if s.step == "tax_pay":
            return rules.legal_actions(s, seat)[0]
        buys = [a for a in rules.legal_actions(s, seat) if isinstance(a, Buy)]
        return self.rng.choice(buys) if buys else DONE


TEAMS: dict[str, type] = {"reference": ReferenceTeam, "careless": CarelessTeam}
"""The scripted teams, by bot kind."""


# --- the evaluation -----------------------------------------------------------------------------
GATE_WORTH = 12.0
"""Points for a gate building (what a built gate lets the pyramid hold is worth more)."""


def _cost_progress(s: State, item: int) -> float:
    """Share of ``item``'s cost in stock, BP weighed as a round's work (lost at Losses)."""
    cost = ITEMS[item].cost
    need = sum(cost)
    have = sum(min(s.stock[r], n) for r, n in enumerate(cost))
    return have / need if need else 1.0


def evaluate(s: State) -> float:
    """The team's prospects in [0, 1]: 1 won; a loss 0 to 0.3 by tokens; otherwise a
    squashed estimate of the tokens the team is heading for, with food safety, progress
    towards the next gate building and smiles."""
    if s.step == "over":
        if s.outcome == "won":
            return 0.9 + 0.1 * (s.limit - s.end_round) / s.limit
        return 0.0 if s.outcome == "starved" else 0.03 * s.tokens
    rounds_left = s.limit - s.round + 1
    income = 3.5 + rules.satisfaction_income(s)
    smiles = s.pool + income * rounds_left
    tokens = s.tokens + smiles / SMILES_PER_TOKEN
    tokens = min(tokens, s.tokens + 2 * rounds_left)
    gate = next((r for r in sorted(GATES) if not s.owned[GATES[r]]), RECTANGLES + 1)
    progress = _cost_progress(s, GATES[gate]) if gate <= RECTANGLES else 1.0
    tokens = min(tokens, gate - 1 + 0.8 * progress)
    value = 10.0 * min(float(RECTANGLES), tokens)
    t = target(s)
    if t >= 0:
        value += 4.0 * _cost_progress(s, t)
    value += sum(GATE_WORTH for r, b in GATES.items() if s.owned[b] and r > s.tokens)
    value += sum(0.15 * n for c in range(len(CHARACTERS)) for n in (rules.specialty_bonus(s, c),) if n) * rounds_left
    food = s.stock[FOOD]
    value += 0.1 * (s.stock[1] + s.stock[2] + s.stock[4]) + 0.05 * s.stock[ORE] + 0.08 * s.stock[5]
    floor = SAFE0 if s.tokens == 0 else SAFE
    if food < floor:
        value -= (floor - food) * (6.0 if s.tokens == 0 else 3.0)
    return 0.85 * (0.5 + 0.5 * math.tanh((value - 60.0) / 40.0))


def bot_actions(s: State, seat: int) -> list[Action]:
    """The legal moves (Settlement's choices are few; nothing needs thinning)."""
    return rules.legal_actions(s, seat)
