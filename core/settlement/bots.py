"""Settlement bots: the team evaluation, the moves bots weigh, the scripted teams of the
spec's Appendix B (the reference "sensible team" of B.2 and the careless team of B.3), and the
search levels' rollout policy.

The evaluation is the team's prospects in [0, 1] (1 = won), the same for every seat, as
co-operative games report it (:attr:`core.engine.Game.cooperative`): food safety, progress
towards the target building (the next gate first) and the BP it needs this round, smiles,
income and tokens, valued as they will stand at the start of the next round (see the comment
above :func:`evaluate`). ``easy`` plays one ply of it.

``normal`` and ``hard`` search on top of B.2: :data:`PROFILE` names :func:`rollout_action`
(the reference strategy, ~20,000 decisions a second) as the rollout policy, so the search
(:class:`core.ai.search.SearchBot`, "policy rollouts") compares B.2's move with greedy's best
others by playing B.2 to the end of the game from each, on the same sampled futures.

The scripted teams are bots like any other (``choose(game, view, seat)``), offered by
``meeple simulate`` and the benchmarks as the kinds ``reference`` and ``careless``; they
exist to check the rules against the spec's balance figures (B.4, B.5).
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
    FATE_FIELD,
    FOOD,
    GATES,
    GOODS,
    HUNTER,
    IRON,
    ITEM_IDS,
    ITEMS,
    MAYOR_FIELD,
    MERCHANT,
    ORE,
    PEASANT,
    RECTANGLES,
    RP,
    SCHOLAR,
    SMILES_PER_TOKEN,
    STORAGE_CAP,
    WAREHOUSE,
)
from core.settlement.state import STEPS, State

# Measured on Normal (solo, game seeds 16000+, bot seed 7 x game seed, as bench/settlement.py;
# 2 shared, loaded cores). The reference strategy as the rollout policy, played to the end;
# candidates: B.2's move and greedy's best 2 others; 60 rollouts a decision (20 batches on
# common random numbers); B.2's move kept unless beaten by 0.02; no search when greedy's best
# is B.2's move. hard won 180 of 257 games (70.0%, 95% CI 64.2-75.3%) where the reference team
# won 153 (59.5%) on the same seeds: +10.5 points, paired 95% CI +3.2 to +17.8 (hard alone won
# 60 of them, the reference alone 33); hard starved once. Hard decisions: median 9 ms, p90
# 0.29 s (a game ~15 s). easy (one ply of evaluate): 14 of 200 (7.0%, CI 4.2-11.4%). The
# reference team over seeds 16000-17999: 61.0%.
PROFILE = SearchProfile(
    normal_iterations=24, hard_iterations=60, rollout_depth=None, root_candidates=3, greedy_sample=4,
    greedy_noise=0.0, rollout_policy=lambda s, seat: rollout_action(s, seat), policy_margin=0.02,
    coach_batches=(40, 100),
)
"""The search levels' settings (the measurement above)."""

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
            # (B.2's "specialty bonus" is the items' alone: a fate card's modifier is not one)
            if character in BEFORE_BUILDER and gap > 5 + rules.item_bonus(s, BUILDER):
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
        return PAY if sum(_surplus(s)) >= rules.FATE_TAX_GOODS and s.goods() >= rules.FATE_TAX_GOODS else REFUSE
    if step == "tax_pay":
        surplus = _surplus(s)
        ranked = sorted((g for g in GOODS if s.stock[g] >= 1), key=lambda g: (-surplus[g], g))
        return PayOne(ranked[0])
    if step == "shop":
        return reference_shop(s)
    raise ValueError("the game is over")


_STEP_NUMBERS: dict[str, int] = {step: number for number, step in enumerate(STEPS)}


def rollout_action(s: State, seat: int) -> Action:
    """The search's rollout policy: B.2's move, after the state's dice are re-seeded from the
    decision point (the fate pile, round, field, step and progress of the step).

    The search compares its candidate moves on the same sampled futures (common random
    numbers). Two rollouts that took different moves roll a different number of dice, so
    one shared dice stream would soon be out of step; keyed by the decision point, the dice
    of the same character in the same round come out the same in both. Each die is still
    uniform and independent of the earlier ones (the keys of one game never repeat). The
    key holds numbers only: ``hash`` of text differs from one process to the next, and the
    same position must get the same hint in the app, in ``meeple hint`` and in a review."""
    if s.rng is not None:
        step = _STEP_NUMBERS[s.step]
        key = hash((tuple(s.fate_pile), s.round, s.pos, step, s.swaps(), s.tax_left, s.owned.count(0)))
        s.rng = Rng(key, stream=505)
    action = reference_action(s, seat)
    if s.step == "trade" and s.swaps():
        # after a searched swap off B.2's plan, the plan's next step may be against the rules
        legal = rules.legal_actions(s, seat)
        if action not in legal:
            return next(a for a in legal if isinstance(a, Finish))
    return action


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
# Points are smile units (a token is 10). A state is valued as it will stand at the start of the
# next round: this round's rot (averaged over the die), the storage cap, the loss of BP, the
# satisfaction phase (averaged over the die) and the next feeding are applied to it, so a state
# before the mayor's ``done`` and the state after it (dice rolled, a new round begun) are
# valued on the same footing. BP count only through the chance that they complete the target
# building this round. The dice of the latest specialty, rot and satisfaction rolls are taken
# at their expected values, so a one-ply bot that sees one sampled roll still weighs a
# specialty by what it yields on average.
DIE_FACES = (1, 2, 3, 4, 5, 6)
INCOME_WEIGHT = 0.5
"""Future smiles from owned items, counted outside the pyramid's caps (a share)."""
TARGET_WEIGHT = 6.0
"""Points for the target building's cost in stock (in full), besides the gate's share."""
GATE_PROGRESS = 0.8
"""Share of the next gate's token the gate's cost in stock is worth."""
FOOD_UNIT = (3.0, 1.5)
"""Points per unit of food held at the start of a round, up to FOOD_COMFORT (no token, tokens)."""
FOOD_COMFORT, FOOD_EXTRA = 4, 0.15
SMILE_WEIGHT = 4.0
"""Points per token the smiles alone would reach (whatever the gates), on top of the reach."""
RP_SHARE, BONUS_UNIT = 0.5, 0.3
"""RP count for this share of the next invention's worth; a specialty bonus is worth BONUS_UNIT
points a unit a round."""
CHAIN_UNIT = 0.45
"""Points per good in stock beyond the target's cost that a later gate or the next invention needs."""
FLEX_FOOD = 2.5
"""Points a unit of food made later this round by other work costs (what is not made instead)."""
TOKEN_LOSS = 10.0
SCALE, CENTRE = 35.0, 60.0
"""The squash of points into prospects: 0.85 * logistic((points - CENTRE) / SCALE)."""


def _dice_mean(dice: int, bonus: int) -> float:
    """Expected specialty result: ``dice`` dice plus ``bonus``, not below 0."""
    if dice == 2:
        return sum(max(0, a + b + bonus) for a in DIE_FACES for b in DIE_FACES) / 36
    return sum(max(0, a + bonus) for a in DIE_FACES) / 6


def _smelt_mean(bonus: int, ore: int) -> float:
    return sum(min(max(0, a + bonus), ore) for a in DIE_FACES) / 6


def _rot_faces(s: State) -> list[int]:
    """The six (or 36) equally likely rot amounts of this round's Losses, before the food cap."""
    if rules.fate_effects(s, "rot_none"):
        return [0]
    cellar = sum(item.rot_modifier for item in ITEMS if s.owned[item.index])
    if rules.fate_effects(s, "rot_two_dice_high"):
        return [max(0, max(a, b) + cellar) for a in DIE_FACES for b in DIE_FACES]
    return [max(0, a + cellar) for a in DIE_FACES]


def _unluck(s: State, stock: list[float]) -> tuple[float, float]:
    """Replace the latest rolls by their expectations: adjusts ``stock`` for a specialty roll
    and returns (food, smiles) corrections for rot and satisfaction rolls."""
    food = smiles = 0.0
    for e in s.events:
        kind = e[0]
        if kind == "work":
            _, c, _, second, bonus, result, made = e
            spec = CHARACTERS[c]
            if spec.kind == "produce":
                stock[spec.product] += _dice_mean(2 if second else 1, bonus) - result
            elif spec.kind == "smelt":
                ore = s.stock[spec.source] + made
                delta = _smelt_mean(bonus, ore) - made
                stock[spec.source] -= delta
                stock[spec.product] += delta
        elif kind == "rot" and e[1] > 0:
            lost = e[3]
            cellar = sum(item.rot_modifier for item in ITEMS if s.owned[item.index])
            have = lost + s.stock[FOOD]
            mean = sum(min(have, max(0, f + cellar)) for f in DIE_FACES) / 6
            food += lost - mean
        elif kind == "smiles":
            smiles += 3.5 - e[1]
    return food, smiles


def _next_gate(owned: list[int]) -> int:
    return next((r for r in sorted(GATES) if not owned[GATES[r]]), RECTANGLES + 1)


def _share(stock: list[float], item: int) -> float:
    """Share of ``item``'s goods cost in ``stock`` (RP count too; BP do not)."""
    cost = ITEMS[item].cost
    need = sum(cost) - cost[BP]
    if not need:
        return 1.0
    return sum(min(max(0.0, stock[r]), n) for r, n in enumerate(cost) if r != BP) / need


def _points(owned: list[int], stock: list[float], tokens: float, pool: float, sats: int, limit: int) -> float:
    """Points of a start-of-round position: ``sats`` satisfaction phases are still to come."""
    income = 3.5 + sum(ITEMS[i].smiles for i in range(len(ITEMS)) if owned[i])
    reach = min(float(RECTANGLES), tokens + (pool + income * sats) / SMILES_PER_TOKEN, tokens + 2 * sats)
    gate = _next_gate(owned)
    if gate <= RECTANGLES:
        reach = min(reach, max(tokens, gate - 1 + GATE_PROGRESS * _share(stock, GATES[gate])))
    smile_reach = min(float(RECTANGLES), tokens + (pool + income * sats) / SMILES_PER_TOKEN, tokens + 2 * sats)
    value = SMILES_PER_TOKEN * reach + SMILE_WEIGHT * smile_reach + INCOME_WEIGHT * (income - 3.5) * sats
    t = next((b for b in BUILDING_PRIORITY if not owned[b]), -1)
    if t >= 0:
        value += TARGET_WEIGHT * _share(stock, t)
    inv = next((i for i in INVENTION_PRIORITY if not owned[i]), -1)
    chain = [0.0] * len(GOODS)  # goods the unbuilt gates and the next invention still need
    for b in list(GATES.values()) + [inv]:
        if b >= 0 and not owned[b] and b != t:
            for g in GOODS:
                chain[g] += ITEMS[b].cost[g]
    chain[ORE] += max(0.0, chain[IRON] - max(0.0, stock[IRON] - (ITEMS[t].cost[IRON] if t >= 0 else 0)))
    for g in GOODS:
        if g == FOOD:
            continue
        spare = max(0.0, stock[g] - (ITEMS[t].cost[g] if t >= 0 else 0))
        unit = CHAIN_UNIT / 2 if g == ORE else CHAIN_UNIT
        value += unit * min(spare, chain[g]) + 0.05 * max(0.0, spare - chain[g])
    if inv >= 0:
        rp_need = ITEMS[inv].cost[RP]
        worth = sats * (INCOME_WEIGHT * ITEMS[inv].smiles + BONUS_UNIT * sum(ITEMS[inv].bonus))
        value += RP_SHARE * worth * min(stock[RP], rp_need) / max(1, rp_need) + 0.05 * max(0.0, stock[RP] - rp_need)
    bonus = sum(ITEMS[i].bonus[c] for i in range(len(ITEMS)) if owned[i] for c in range(len(CHARACTERS)))
    value += BONUS_UNIT * bonus * sats
    return value


def _food_points(food: float, tokens: int) -> float:
    unit = FOOD_UNIT[0] if tokens == 0 else FOOD_UNIT[1]
    return unit * min(food, FOOD_COMFORT) + FOOD_EXTRA * min(6.0, max(0.0, food - FOOD_COMFORT))


def _squash(points: float) -> float:
    return 0.85 / (1.0 + math.exp(-(points - CENTRE) / SCALE))


def _round_end(s: State, stock: list[float], owned: list[int], smiles_fix: float) -> float:
    """Prospects of a position before this round's Losses, with the rest of the round's
    production not counted: Losses, satisfaction and the next feeding averaged over the dice."""
    income = sum(ITEMS[i].smiles for i in range(len(ITEMS)) if owned[i])
    capped = not any(ITEMS[i].no_storage_cap and owned[i] for i in range(len(ITEMS)))
    after = [min(float(STORAGE_CAP), x) if capped and g in GOODS else x for g, x in enumerate(stock)]
    after[BP] = 0.0
    # satisfaction, over the die
    pyramid: list[tuple[int, float]] = []
    for die in DIE_FACES:
        pool = min(20.0, s.pool + smiles_fix + die + income)
        tokens = s.tokens
        for _ in range(2):
            rect = tokens + 1
            if rect > RECTANGLES or pool < SMILES_PER_TOKEN:
                break
            if rect in GATES and not owned[GATES[rect]]:
                break
            tokens, pool = rect, pool - SMILES_PER_TOKEN
        pyramid.append((tokens, pool))
    sats = s.limit - s.round
    if sats <= 0:  # the last round: won or lost on time
        win = sum(1 for tokens, _ in pyramid if tokens >= RECTANGLES) / 6
        return win * 0.95 + (1 - win) * 0.03 * s.tokens
    faces = _rot_faces(s)
    # food still to come this round: the Hunter's and the Peasant's rolls, and 1 from each
    # other character yet to work, at a price (what he would have made instead)
    food_in = stock[FOOD]
    flexible = 0
    for c in range(len(CHARACTERS)):
        if CHARACTERS[c].field < s.pos or (CHARACTERS[c].field == s.pos and s.step != "work"):
            continue
        if c in (HUNTER, PEASANT):
            food_in += _dice_mean(1, sum(ITEMS[i].bonus[c] for i in range(len(ITEMS)) if owned[i]))
        else:
            flexible += 1
    total = 0.0
    for tokens, pool in pyramid:
        if tokens >= RECTANGLES:
            total += 0.9 + 0.1 * (s.limit - s.round) / s.limit
            continue
        base = _points(owned, after, tokens, pool, sats, s.limit)
        value = 0.0
        for rot in faces:
            food = max(0.0, food_in - rot)
            if capped:
                food = min(float(STORAGE_CAP), food)
            food -= 6
            cost = 0.0
            if food < 0:
                cover = min(-food, float(flexible))
                food += cover
                cost = FLEX_FOOD * cover
            if food >= 0:
                value += _squash(base - cost + _food_points(food, tokens))
            elif -food <= tokens:
                value += _squash(base - cost - TOKEN_LOSS * -food)
            # else starved: 0
        total += value / len(faces)
    return total / len(pyramid)


def _bp_chance(s: State, stock: list[float], item: int) -> float:
    """Chance that the BP in stock reach ``item``'s BP by the mayor's field this round (its
    goods are all in stock): the Builder's roll if he is still to work, and 1 BP from each
    later character that could make it."""
    gap = ITEMS[item].cost[BP] - stock[BP]
    if gap <= 0:
        return 1.0
    pos = s.pos if s.step in ("work", "trade") else FATE_FIELD if s.step.startswith("tax") else MAYOR_FIELD
    later = [c for c in range(len(CHARACTERS)) if CHARACTERS[c].field > pos
             or (CHARACTERS[c].field == pos and s.step == "work")]
    helpers = sum(1 for c in later if CHARACTERS[c].field > CHARACTERS[BUILDER].field)
    if BUILDER in later:
        bonus = rules.specialty_bonus(s, BUILDER) if s.fate >= 0 else sum(
            ITEMS[i].bonus[BUILDER] for i in range(len(ITEMS)) if s.owned[i])
        return sum(1 for a in DIE_FACES if max(0, a + bonus) + helpers >= gap) / 6
    return 1.0 if helpers >= gap else 0.0


def _trade_gain(s: State, stock: list[float], limit: float) -> float:
    """A rough worth (points) of a trade of up to ``limit`` goods: wanted units of the target
    (and food below comfort) bought with spare units."""
    t = target(s)
    want = 0.0
    if t >= 0:
        want += sum(max(0.0, ITEMS[t].cost[g] - stock[g]) for g in GOODS if g != FOOD)
    want += max(0.0, KEEP - stock[FOOD])
    keep = keep_levels(s)
    spare = sum(max(0.0, stock[g] - keep[g]) for g in GOODS)
    tax = 1 if rules.tax_due(s) else 0
    k = min(limit, want, spare - tax)
    return max(0.0, k) * 0.6 - (0.1 * tax if k > 0 else 0.0)


def evaluate(s: State) -> float:
    """The team's prospects in [0, 1]: 1 won, 0 starved, up to 0.3 lost on time (by tokens);
    otherwise the position valued at the start of the next round (see the comment above)."""
    if s.step == "over":
        if s.outcome == "won":
            return 0.9 + 0.1 * (s.limit - s.end_round) / s.limit
        return 0.0 if s.outcome == "starved" else 0.03 * s.tokens
    stock = [float(x) for x in s.stock]
    food_fix, smiles_fix = _unluck(s, stock)
    stock[FOOD] = max(0.0, stock[FOOD] + food_fix)
    owned = s.owned
    if s.step == "pick" or (s.step == "work" and s.pos == 0):
        # the start of a round: fed already
        sats = s.limit - s.round + 1
        points = _points(owned, stock, s.tokens, s.pool + smiles_fix, sats, s.limit)
        return _squash(points + _food_points(stock[FOOD], s.tokens))
    extra = 0.0
    if s.step == "trade" and any(e[0] == "work" for e in s.events):
        # the Merchant just rolled: weigh the trade by the average roll
        bonus = rules.specialty_bonus(s, MERCHANT)
        extra = _trade_gain(s, stock, _dice_mean(1, bonus))
    t = target(s)
    if t >= 0 and s.step != "shop" and all(stock[g] >= ITEMS[t].cost[g] for g in range(len(stock)) if g != BP):
        p = _bp_chance(s, stock, t)
        if p > 0:
            bought = stock[:]
            for r, n in enumerate(ITEMS[t].cost):
                bought[r] -= n
            bought[BP] = 0.0
            with_t = owned[:]
            with_t[t] = s.round
            return (1 - p) * _round_end(s, stock, owned, smiles_fix) + p * _round_end(s, bought, with_t, smiles_fix) \
                + extra / SCALE * 0.2
    return _round_end(s, stock, owned, smiles_fix) + extra / SCALE * 0.2


def bot_actions(s: State, seat: int) -> list[Action]:
    """The legal moves (Settlement's choices are few; nothing needs thinning)."""
    return rules.legal_actions(s, seat)
