"""Intendentes rules: setup, the round flow, legal actions and applying them (spec §2–§10,
the decisions of §4.12).

The state always waits for one decision of one seat (``state.step``, ``state.actor``).
Everything automatic happens inside the :func:`apply_in_place` call that completes the
enabling decision: the main flow (:func:`_advance`) walks the stages of §3 in the engine
order (round start S1–S3; W1, bidding; Demography; Planning, W3; event reveal, W4, the
event mayor by mayor; Security; W6, market, income, food; 7.1, W7, births, Housing
Credits, fast increase; W8, decline; end of round or of the game) until a decision is
needed. A decision with a single legal option is never asked: :func:`_settle` takes it
(recorded as an ``auto`` log entry when it is worth telling, see
:data:`core.intendentes.state.LOG`). Plan windows are skipped for a mayor with nothing to
play.

Effects that need choices (Immigration Program, Rural Exodus, Housing Plan, Advisors,
Migration Wave, Epidemic, famine, births with a short supply) run as *task* steps
(``place``, ``remove``, ``choose``, ``keep``, ``birth``) with ``state.why`` naming the
effect; when a task ends the flow returns to the window or turn it interrupted, or moves
the stage on (:func:`_task_done`).

Public helpers for the words and the screen: :func:`neighbours`, :func:`plan_cost`,
:func:`plan_has_effect`, :func:`already_hit`, :func:`market_price`, :func:`plays`,
:func:`defended`, :func:`free_blocks`, :func:`exodus_sources`, :func:`birth_blocks`,
:func:`event_hits`, :func:`income`, :func:`production`; :data:`PHASE_PLANS` (plan indices
per phase), :data:`POLICE_REMOVES` / :data:`BRIGADE_REMOVES` (what officers remove).

Interpretations beyond §13 (reported): Community Volunteers removes a Fire card when the
district has one, else a Flood card (every remover of fire also removes flood, so fire
first is never worse, and §4.12 gives the plan no type parameter).
"""

from __future__ import annotations

import bisect
from typing import Any, Mapping, Sequence

from core.intendentes.bonuses import final_bonuses
from core.intendentes.actions import (
    BID,
    BIRTH,
    BUY,
    CHOOSE,
    DECLINE,
    END,
    FAST,
    HYDRAULIC_WORKS,
    KEEP,
    KEEP_HAND,
    DISCARD,
    MOVE,
    NATIONAL_HELP,
    OFFICER,
    OPEN,
    PAID,
    PASS,
    PLACE,
    PLAY,
    REMOVE,
    SKIP,
    STADIUM,
    STOP,
    TRAIN_STATION,
    Action,
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
    Stop,
    TrainStation,
    bid,
)
from core.intendentes.content import (
    BANK_INCOME,
    BIRTH_MIN,
    BLOCKS,
    CATHEDRAL_DEMONSTRATION_SPLENDOR,
    CITY,
    DECLINE_CARD_SPLENDOR,
    DECLINE_DEMONSTRATION_SPLENDOR,
    DEMONSTRATION,
    DISCONTENT_MAX,
    DISPLAY_SLOTS,
    DROUGHT_FOOD,
    EFFECT_BLOCK,
    ELECTION_SPLENDOR,
    EPIDEMIC_PER,
    EVENTS,
    EVENTS_PER_GAME,
    FAMILY_EVENT_INDICES,
    FAMINE_PER_DISCONTENT,
    FAST_INCREASE_MAX,
    FAST_INCREASE_SPLENDOR,
    FIELD,
    FIRE,
    FIRE_BRIGADE,
    FISTS,
    FLOOD,
    FOOD_PER_PURCHASE,
    HAND_LIMIT,
    HARVEST_FOOD,
    HOSPITAL_BIRTH_MIN,
    HOUSING_CREDITS_INHABITANTS,
    HOUSING_PLAN_CAPACITY,
    HYDRAULIC_WORKS_FLOODS,
    IMMIGRATION_INHABITANTS,
    INDEX_PLAN_CUT,
    INDUSTRY,
    INFLATION_STEPS,
    INITIAL_TOWN_INHABITANTS,
    INSECURITY,
    IRRIGATION_FOOD,
    LAST_SPACE_DEMONSTRATIONS,
    MARKET_DISCOUNT,
    MARKET_LAST,
    MARKET_MIN_PRICE,
    MARKET_PRICES,
    MARKET_START,
    MAX_PLAYERS,
    MIGRATION_INHABITANTS,
    MIN_PLAYERS,
    NATIONAL_HELP_COST,
    NATIONAL_HELP_SPLENDOR,
    OPEN_CONCERT_CALM,
    PAID_ACTION_COST,
    PARK_CALM,
    PENALTY_CAP,
    PERMIT_FEES,
    PLAN_BY_KEY,
    PLAN_DECK,
    PLANS,
    PLANS_DRAWN,
    POLICE,
    POPULAR_FESTIVAL_CALM,
    PRESS_CAMPAIGN_CUT,
    PREVENTION_CUT,
    PROTEST_CARDS,
    PROTEST_THRESHOLD,
    PROVINCIAL_FUNDS,
    PUBLIC_TENDER_DISCOUNT,
    RADIO_DISCOUNT,
    REMOVAL_PLAN_CARDS,
    REPRESSION_DISCONTENT,
    ROUNDS,
    RURAL_EXODUS_INHABITANTS,
    SCHOOL_CUT,
    SMEAR_SPLENDOR,
    SOCIAL_SUBSIDIES_CALM,
    SOUP_KITCHENS_FOOD,
    SPECIAL,
    STADIUM_CALM,
    STADIUM_COST,
    START_MONEY,
    START_SPLENDOR,
    START_WAREHOUSE,
    TAX_AUDIT,
    TAX_INCREASE_DISCONTENT,
    TAX_INCREASE_MONEY,
    TOURISM_MONEY,
    TOWN,
    TRAIN_STATION_INHABITANTS,
    WAREHOUSE_MAX,
    AGITATORS_RISE,
    ARSON_CARDS,
    DECK_SIZE,
)
from core.intendentes.state import (
    ACQUIRED,
    DECLINED,
    ELIGIBLE,
    G_BIDDING,
    G_BIRTHS,
    G_CREDITS,
    G_DEMOGRAPHY,
    G_EVENT,
    G_FAST,
    G_FOOD,
    G_MARKET,
    G_OVER,
    G_PLANNING,
    G_SECURITY,
    G_WINDOW,
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
    USED_FAST,
    USED_HELP,
    USED_HYDRAULIC,
    USED_STADIUM,
    USED_TRAIN,
    W_ADVISORS,
    W_BIRTHS,
    W_CREDITS,
    W_EPIDEMIC,
    W_EXODUS,
    W_FAMINE,
    W_HOUSING_PLAN,
    W_IMMIGRATION,
    W_MIGRATION,
    W_NONE,
    W_PLANNING,
    State,
)
from core.rng import Rng

# --- content tables (lists of ints for the hot loops) ------------------------------------------
NUM_BLOCKS = len(BLOCKS)
B_KIND: tuple[int, ...] = tuple(b.kind for b in BLOCKS)
B_COST: tuple[int, ...] = tuple(b.cost for b in BLOCKS)
B_MONEY: tuple[int, ...] = tuple(b.money for b in BLOCKS)
B_FOOD: tuple[int, ...] = tuple(b.food for b in BLOCKS)
B_INITIAL: tuple[int, ...] = tuple(b.initial for b in BLOCKS)
B_CAP: tuple[int, ...] = tuple(b.capacity for b in BLOCKS)
B_MODS: tuple[tuple[int, int, int], ...] = tuple(b.mods for b in BLOCKS)
B_SPLENDOR: tuple[int, ...] = tuple(b.splendor for b in BLOCKS)
B_OFFICERS: tuple[int, ...] = tuple(b.police + b.firemen for b in BLOCKS)
B_POLICE: tuple[bool, ...] = tuple(b.kind == POLICE for b in BLOCKS)
B_BRIGADE: tuple[bool, ...] = tuple(b.kind == FIRE_BRIGADE for b in BLOCKS)
B_TOWN_CITY: tuple[bool, ...] = tuple(b.kind in (TOWN, CITY) for b in BLOCKS)
B_FIELD: tuple[bool, ...] = tuple(b.kind == FIELD for b in BLOCKS)
B_INDUSTRY: tuple[bool, ...] = tuple(b.kind == INDUSTRY for b in BLOCKS)
B_TOURIST: tuple[bool, ...] = tuple(b.kind in (CITY, SPECIAL) for b in BLOCKS)
POLICE_REMOVES: tuple[int, ...] = (INSECURITY, FLOOD, DEMONSTRATION)
BRIGADE_REMOVES: tuple[int, ...] = (FIRE, FLOOD)

SCHOOL = EFFECT_BLOCK["school"]
HOSPITAL = EFFECT_BLOCK["hospital"]
PARK = EFFECT_BLOCK["park"]
STADIUM_BLOCK = EFFECT_BLOCK["stadium"]
HYDRAULIC = EFFECT_BLOCK["hydraulic_works"]
CATHEDRAL = EFFECT_BLOCK["cathedral"]
CENTRAL_MARKET = EFFECT_BLOCK["central_market"]
BANK = EFFECT_BLOCK["bank"]
TRAIN = EFFECT_BLOCK["train_station"]
RADIO = EFFECT_BLOCK["radio_station"]


def _plan(key: str) -> int:
    return PLAN_BY_KEY[key].index


P_TENDER = _plan("public_tender")
P_FEES = _plan("permit_fees")
P_HOUSING = _plan("housing_plan")
P_EXODUS = _plan("rural_exodus")
P_IMMIGRATION = _plan("immigration_program")
P_ADVISORS = _plan("advisors")
P_PREVENTION = _plan("prevention_campaign")
P_DEFENSE = _plan("civil_defense")
P_VOLUNTEERS = _plan("community_volunteers")
P_WATCH = _plan("neighbourhood_watch")
P_DIALOGUE = _plan("dialogue_table")
P_FIRE_PREVENTION = _plan("fire_prevention")
P_DRAINAGE = _plan("drainage_works")
P_LIGHTING = _plan("street_lighting")
P_ARSON = _plan("arson")
P_SUBSIDIES = _plan("social_subsidies")
P_TAX = _plan("tax_increase")
P_SOUP = _plan("soup_kitchens")
P_IRRIGATION = _plan("irrigation")
P_AUDIT = _plan("tax_audit")
P_CONCERT = _plan("open_concert")
P_FESTIVAL = _plan("popular_festival")
P_AGITATORS = _plan("agitators")
P_CREDITS = _plan("housing_credits")
P_PRESS = _plan("press_campaign")
P_SMEAR = _plan("smear_campaign")

PLAN_COST: tuple[int, ...] = tuple(p.cost for p in PLANS)
PLAN_NEIGHBOUR: tuple[bool, ...] = tuple(p.neighbour for p in PLANS)
PHASE_PLANS: tuple[frozenset[int], ...] = tuple(
    frozenset(p.index for p in PLANS if p.phase == phase) for phase in range(9)
)
CALM: dict[int, int] = {
    P_SUBSIDIES: SOCIAL_SUBSIDIES_CALM,
    P_CONCERT: OPEN_CONCERT_CALM,
    P_FESTIVAL: POPULAR_FESTIVAL_CALM,
}
INDEX_PLAN: dict[int, int] = {P_FIRE_PREVENTION: FIRE, P_DRAINAGE: FLOOD, P_LIGHTING: INSECURITY}

EV_KEY: tuple[str, ...] = tuple(e.key for e in EVENTS)
EV_CATASTROPHES: tuple[tuple[tuple[int, int], ...], ...] = tuple(e.catastrophes for e in EVENTS)
ALL_EVENTS: tuple[int, ...] = tuple(range(len(EVENTS)))

FIST: tuple[int, ...] = tuple(FISTS.get(space, 0) for space in range(DISCONTENT_MAX + 1))

NEIGHBOURS: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(
        tuple(((seat - 1) % n, (seat + 1) % n)) if n == 4 else tuple(o for o in range(n) if o != seat)
        for seat in range(n)
    )
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)
}
"""Each seat's neighbours (§4.3): with 4 mayors seat ±1, otherwise everyone else."""


def neighbours(state: State, seat: int) -> tuple[int, ...]:
    """The neighbours of ``seat`` (fixed seats, §4.3)."""
    return NEIGHBOURS[state.players][seat]


# --- setup ---------------------------------------------------------------------------------------
def new_game(names: Sequence[str], seed: int, options: Mapping[str, Any]) -> State:
    """Set up a game (§2) with parsed options; raises ValueError for bad input.

    Options: ``family`` and ``hidden_money`` (bools), ``first_player`` ("random" or a seat
    number as text: that seat is first in round 1 and the others follow in seat order).
    """
    n = len(names)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"Intendentes takes {MIN_PLAYERS}-{MAX_PLAYERS} players, not {n}")
    family = bool(options.get("family", False))
    state = State(tuple(str(name) for name in names), family)
    state.hidden_money = bool(options.get("hidden_money", False))
    rng = Rng(seed)
    state.rng = rng
    for seat in range(n):
        state.money[seat] = START_MONEY
        state.splendor[seat] = START_SPLENDOR
        state.warehouse[seat] = START_WAREHOUSE
        state.people[seat][0] = INITIAL_TOWN_INHABITANTS
    state.supply -= INITIAL_TOWN_INHABITANTS * n
    pool = list(FAMILY_EVENT_INDICES if family else ALL_EVENTS)
    rng.shuffle(pool)
    state.event_deck = pool[:EVENTS_PER_GAME]
    plans = list(PLAN_DECK)
    rng.shuffle(plans)
    state.plan_deck = plans
    deck = list(range(DECK_SIZE))
    rng.shuffle(deck)
    state.block_deck = deck
    for slot in range(DISPLAY_SLOTS):
        state.display[slot] = deck.pop()
    state.next_block = deck.pop()
    state.market = MARKET_START
    first = options.get("first_player", "random")
    if first == "random" or first is None:
        order = list(range(n))
        rng.shuffle(order)
    else:
        try:
            seat = int(first)
        except (TypeError, ValueError):
            raise ValueError(f"first_player must be 'random' or a seat number, not {first!r}") from None
        if not 0 <= seat < n:
            raise ValueError(f"first_player {seat} is not a seat: a {n}-player game has seats 0 to {n - 1}")
        order = [(seat + i) % n for i in range(n)]
    state.order = order
    state.log = [("round", 1), ("order", tuple(order))]
    _begin_phase(state, 1)
    _advance(state)
    _settle(state)
    return state


# --- small helpers -------------------------------------------------------------------------------
def plan_cost(state: State, seat: int, plan: int) -> int:
    """What ``plan`` costs ``seat`` (Radio Station: $1 less, never below $0)."""
    cost = PLAN_COST[plan]
    if RADIO in state.blocks[seat]:
        cost = max(0, cost - RADIO_DISCOUNT)
    return cost


def market_price(state: State, seat: int) -> int:
    """What ``seat`` pays for food now (Central Market: $2 less, never below $1)."""
    price = MARKET_PRICES[state.market]
    if CENTRAL_MARKET in state.blocks[seat]:
        price = max(MARKET_MIN_PRICE, price - MARKET_DISCOUNT)
    return price


def plays(state: State, seat: int, plan: int) -> int:
    """How many times ``seat`` played ``plan`` this round."""
    return state.round_plays[seat].count(plan)


def defended(state: State, seat: int) -> bool:
    """True if ``seat`` played Civil Defense this round (the event leaves them alone)."""
    return P_DEFENSE in state.round_plays[seat]


def free_blocks(state: State, seat: int) -> list[int]:
    """``seat``'s blocks with free space (in district order)."""
    return [b for b, p, c in zip(state.blocks[seat], state.people[seat], state.capacity[seat]) if p < c]


def _has_free(state: State, seat: int) -> bool:
    for p, c in zip(state.people[seat], state.capacity[seat]):
        if p < c:
            return True
    return False


def _peopled(state: State, seat: int) -> list[int]:
    return [b for b, p in zip(state.blocks[seat], state.people[seat]) if p > 0]


def exodus_sources(state: State, seat: int) -> list[int]:
    """The blocks Rural Exodus may take an inhabitant from: ``seat``'s Fields with
    inhabitants, or any block with inhabitants when no Field has one."""
    fields = [b for b, p in zip(state.blocks[seat], state.people[seat]) if p > 0 and B_FIELD[b]]
    return fields or _peopled(state, seat)


def birth_blocks(state: State, seat: int, credits: bool = False) -> list[int]:
    """``seat``'s blocks eligible now for a birth (§4.10) or, with ``credits``, for a Housing
    Credits inhabitant, leaving out those already served (``state.served``)."""
    need = 1 if credits else (HOSPITAL_BIRTH_MIN if HOSPITAL in state.blocks[seat] else BIRTH_MIN)
    served = state.served
    return [
        b
        for i, (b, p, c) in enumerate(zip(state.blocks[seat], state.people[seat], state.capacity[seat]))
        if B_TOWN_CITY[b] and need <= p < c and not served >> i & 1
    ]


def event_hits(state: State, seat: int, cut: int | None = None) -> tuple[list[int], int, int]:
    """The penalty cards this round's event would give ``seat`` now: ``(cards per type,
    cards lost to the cap, cards Prevention Campaign keeps off)``.

    ``cut`` is the Prevention Campaign reduction (default: what ``seat`` played). The cap
    is applied first, then the cut, taken off the last catastrophe first (§10). Civil
    Defense is not looked at here.
    """
    hits = [0, 0, 0, 0]
    event = state.event
    if event < 0:
        return hits, 0, 0
    if cut is None:
        cut = PREVENTION_CUT * plays(state, seat, P_PREVENTION)
    lost = 0
    prevented = 0
    cats = EV_CATASTROPHES[event]
    if cats:
        room = PENALTY_CAP - state.capped[seat]
        got: list[list[int]] = []
        risk = state.risk[seat]
        for index, threshold in cats:
            k = max(0, risk[index] - threshold)
            take = min(k, room)
            room -= take
            lost += k - take
            got.append([index, take])
        for item in reversed(got):
            c = min(cut, item[1])
            cut -= c
            prevented += c
            item[1] -= c
        for index, take in got:
            hits[index] += take
    elif EV_KEY[event] == "social_protest" and state.discontent[seat] >= PROTEST_THRESHOLD:
        c = min(cut, PROTEST_CARDS)
        prevented = c
        hits[DEMONSTRATION] = PROTEST_CARDS - c
    return hits, lost, prevented


def _event_changes(state: State, seat: int) -> bool:
    """True unless this round's event is certain to change nothing for ``seat`` (P09)."""
    key = EV_KEY[state.event]
    if EV_CATASTROPHES[state.event] and key != "drought":
        return sum(event_hits(state, seat)[0]) > 0
    if key in ("drought", "bumper_harvest", "general_strike", "provincial_funds"):
        return True
    if key == "inflation":
        return False
    if key == "migration_wave":
        return state.supply > 0 and _has_free(state, seat)
    if key == "elections":
        return ELECTION_SPLENDOR[state.discontent[seat]] != 0
    if key == "social_protest":
        return sum(event_hits(state, seat)[0]) > 0
    if key == "epidemic":
        return HOSPITAL not in state.blocks[seat] and sum(state.people[seat]) // EPIDEMIC_PER > 0
    if key == "tourism_boom":
        return any(B_TOURIST[b] for b in state.blocks[seat])
    return True


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


def _stadium_ok(state: State, seat: int) -> bool:
    return (
        state.phase == 7
        and STADIUM_BLOCK in state.blocks[seat]
        and not state.used[seat] & USED_STADIUM
        and state.money[seat] >= STADIUM_COST
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
    """True if ``seat`` has anything but ``pass`` in the current window."""
    phase_plans = PHASE_PLANS[state.phase]
    if any(p in phase_plans for p in state.hand[seat]):
        return len(_window_actions(state, seat)) > 1
    return _stadium_ok(state, seat)


# --- legal actions -------------------------------------------------------------------------------
def to_act(state: State) -> list[int]:
    """The one seat to decide now (none once the game is over)."""
    return [] if state.step == S_OVER else [state.actor]


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every legal action of ``seat`` now (§4.12), empty unless ``seat`` is to act."""
    if state.step == S_OVER or seat != state.actor:
        return []
    cache = state.cache
    if cache is None:
        cache = _legal(state)
        state.cache = cache
    return cache[:]


def _legal(state: State) -> list[Action]:
    """The legal actions of ``state.actor`` (the decision is never over)."""
    step = state.step
    seat = state.actor
    if step == S_WINDOW:
        return _window_actions(state, seat)
    if step == S_OPEN:
        out: list[Action] = []
        money = state.money[seat]
        for slot, block in enumerate(state.display):
            if block != NONE and B_COST[block] <= money:
                out.append(OPEN[slot])
        for slot, block in enumerate(state.display):
            if block != NONE:
                out.append(DECLINE[slot])
        return out
    if step == S_OPEN_BID:
        return _bids(B_COST[state.display[state.slot]], state.money[seat])
    if step == S_AUCTION:
        lo = state.high_bid + 1 if state.high_bidder != NONE else B_COST[state.display[state.slot]]
        out = _bids(lo, state.money[seat])
        out.append(PASS)
        return out
    if step == S_DEMOGRAPHY:
        return _demography_actions(state, seat)
    if step == S_HAND:
        out = [KEEP_HAND]
        last = -1
        for plan in state.hand[seat]:
            if plan != last:
                out.append(DISCARD[plan])
                last = plan
        return out
    if step == S_KEEP:
        return [KEEP[p] for p in sorted(set(state.drawn))]
    if step == S_SECURITY:
        return _security_actions(state, seat)
    if step == S_MARKET:
        return [BUY, PASS] if state.money[seat] >= market_price(state, seat) else [PASS]
    if step == S_PLACE:
        out = [PLACE[b] for b in free_blocks(state, seat)]
        if state.why == W_MIGRATION:
            out.append(STOP)
        return out
    if step == S_REMOVE:
        blocks = exodus_sources(state, seat) if state.why == W_EXODUS else _peopled(state, seat)
        return [REMOVE[b] for b in blocks]
    if step == S_CHOOSE:
        return [CHOOSE[b] for b in state.blocks[seat] if B_TOWN_CITY[b]]
    if step == S_BIRTH:
        return [BIRTH[b] for b in birth_blocks(state, seat, state.why == W_CREDITS)]
    if step == S_FAST:
        out = [FAST[b] for b in free_blocks(state, seat)]
        out.append(SKIP if state.done == 0 else STOP)
        return out
    return []


def _bids(lo: int, hi: int) -> list[Action]:
    if hi < lo:
        return []
    if hi <= len(BID) - 1:
        return list(BID[lo : hi + 1])
    return [bid(a) for a in range(lo, hi + 1)]


def _demography_actions(state: State, seat: int) -> list[Action]:
    out: list[Action] = []
    blocks, people, capacity = state.blocks[seat], state.people[seat], state.capacity[seat]
    gave, got = state.gave, state.got
    k = len(blocks)
    free = [j for j in range(k) if people[j] < capacity[j]]
    if free:
        targets = [j for j in free if not gave >> j & 1]
        if targets:
            for i in range(k):
                if people[i] > 0 and not got >> i & 1:
                    row = MOVE[blocks[i]]
                    for j in targets:
                        if j != i:
                            out.append(row[blocks[j]])
        if TRAIN in blocks and not state.used[seat] & USED_TRAIN and state.supply >= TRAIN_STATION_INHABITANTS:
            for j in free:
                out.append(TRAIN_STATION[blocks[j]])
    _plays_now(state, seat, out)
    out.append(END)
    return out


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


# --- applying -------------------------------------------------------------------------------------
def apply_in_place(state: State, seat: int, action: Action) -> None:
    """Perform a legal ``action`` of ``seat`` and every automatic step after it."""
    state.log = []
    state.cache = None
    _apply(state, seat, action)
    _settle(state)


_AUTO_LOGGED = (Bid, Open, Decline, Place, Remove, Choose, Birth, Fast)


def _settle(state: State) -> None:
    """Take every decision that has a single legal option; cache the next decision's list."""
    while state.step != S_OVER:
        actions = _legal(state)
        if not actions:
            raise AssertionError(f"no legal action at step {state.step} for seat {state.actor}")
        if len(actions) != 1:
            state.cache = actions
            return
        action = actions[0]
        seat = state.actor
        if isinstance(action, _AUTO_LOGGED) or (isinstance(action, Pass) and state.step == S_AUCTION):
            state.log.append(("auto", seat, action))
        _apply(state, seat, action)
    state.cache = None


def _apply(state: State, seat: int, action: Action) -> None:
    step = state.step
    kind = type(action)
    if kind is Play:
        assert isinstance(action, Play)
        _play(state, seat, action.plan, action.target)
    elif kind is Pass:
        if step == S_WINDOW:
            state.pos += 1
            _advance(state)
        elif step == S_AUCTION:
            state.passed |= 1 << seat
            _bid_on(state)
        else:  # market
            state.pos += 1
            _advance(state)
    elif kind is Bid:
        assert isinstance(action, Bid)
        state.high_bid = action.amount
        state.high_bidder = seat
        state.step = S_AUCTION
        _bid_on(state)
    elif kind is Move:
        assert isinstance(action, Move)
        i = state.blocks[seat].index(action.from_block)
        j = state.blocks[seat].index(action.to_block)
        state.people[seat][i] -= 1
        state.people[seat][j] += 1
        state.gave |= 1 << i
        state.got |= 1 << j
    elif kind is Place:
        assert isinstance(action, Place)
        _place(state, seat, action.block)
    elif kind is Remove:
        assert isinstance(action, Remove)
        _remove(state, seat, action.block)
    elif kind is End:
        state.pos += 1
        _advance(state)
    elif kind in _SECURITY_MOVES:
        _apply_security(state, seat, action)
    elif kind is Stadium:
        state.used[seat] |= USED_STADIUM
        state.money[seat] -= STADIUM_COST
        move_discontent(state, seat, -STADIUM_CALM)
    elif kind is Buy:
        state.money[seat] -= market_price(state, seat)
        state.warehouse[seat] = min(WAREHOUSE_MAX, state.warehouse[seat] + FOOD_PER_PURCHASE)
        state.market = min(MARKET_LAST, state.market + 1)
        state.pos += 1
        _advance(state)
    elif kind is Open:
        assert isinstance(action, Open)
        state.slot = action.slot
        state.decliner = NONE
        state.high_bid = 0
        state.high_bidder = NONE
        state.passed = 0
        state.step = S_OPEN_BID
    elif kind is Decline:
        assert isinstance(action, Decline)
        state.bid_status[seat] = DECLINED
        state.slot = action.slot
        state.decliner = seat
        state.high_bid = 0
        state.high_bidder = NONE
        state.passed = 0
        state.step = S_AUCTION
        _bid_on(state)
    elif kind is TrainStation:
        assert isinstance(action, TrainStation)
        state.used[seat] |= USED_TRAIN
        i = state.blocks[seat].index(action.block)
        state.people[seat][i] += TRAIN_STATION_INHABITANTS
        state.supply -= TRAIN_STATION_INHABITANTS
    elif kind is Keep:
        assert isinstance(action, Keep)
        drawn = state.drawn
        drawn.remove(action.plan)
        bisect.insort(state.hand[seat], action.plan)
        for other in drawn:
            state.plan_discard.append(other)
            state.log.append(("plan_discard", seat, other))
        state.drawn = []
        _task_done(state)
    elif kind is KeepHand:
        state.pos += 1
        _advance(state)
    elif kind is Discard:
        assert isinstance(action, Discard)
        state.hand[seat].remove(action.plan)
        state.plan_discard.append(action.plan)
        if not _draw_keep(state, seat, W_PLANNING):
            state.pos += 1
            _advance(state)
    elif kind is Choose:
        assert isinstance(action, Choose)
        i = state.blocks[seat].index(action.block)
        state.capacity[seat][i] += HOUSING_PLAN_CAPACITY
        _task_done(state)
    elif kind is Birth:
        assert isinstance(action, Birth)
        i = state.blocks[seat].index(action.block)
        state.people[seat][i] += 1
        state.supply -= 1
        state.served |= 1 << i
        state.done += 1
        if state.supply == 0 or not birth_blocks(state, seat, state.why == W_CREDITS):
            state.log.append(("credits" if state.why == W_CREDITS else "births", seat, state.done))
            _task_done(state)
    elif kind is Fast:
        assert isinstance(action, Fast)
        if state.done == 0:
            state.splendor[seat] -= FAST_INCREASE_SPLENDOR
            state.used[seat] |= USED_FAST
        i = state.blocks[seat].index(action.block)
        state.people[seat][i] += 1
        state.supply -= 1
        state.done += 1
        state.left -= 1
        if state.left == 0 or state.supply == 0 or not _has_free(state, seat):
            state.pos += 1
            _advance(state)
    elif kind is Skip:
        state.pos += 1
        _advance(state)
    elif kind is Stop:
        if step == S_FAST:
            state.pos += 1
            _advance(state)
        else:  # Migration Wave
            state.log.append(("migration", seat, state.done))
            _task_done(state)
    else:
        raise TypeError(f"not an Intendentes action: {action!r}")


# --- plans ----------------------------------------------------------------------------------------
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


def _reshuffled(state: State, deck: list[int], discard: list[int], kind: str) -> bool:
    """Make sure ``deck`` has a card: an empty one takes the shuffled ``discard`` pile
    (logged as ``kind``). False when both are empty."""
    if not deck:
        if not discard:
            return False
        deck.extend(discard)
        discard.clear()
        assert state.rng is not None
        state.rng.shuffle(deck)
        state.log.append((kind, len(deck)))
    return True


def _draw_plan(state: State) -> int:
    """The top plan of the deck (the discard pile reshuffled first if it is empty), or NONE."""
    if not _reshuffled(state, state.plan_deck, state.plan_discard, "plan_reshuffle"):
        return NONE
    return state.plan_deck.pop()


def _draw_keep(state: State, seat: int, why: int) -> bool:
    """Draw 2 plans for ``seat`` and keep 1 (§4.6). True if ``seat`` must now choose
    (``keep`` step); otherwise the draw was settled at once (nothing, one card, or two
    copies of one plan)."""
    drawn = []
    for _ in range(PLANS_DRAWN):
        plan = _draw_plan(state)
        if plan == NONE:
            break
        drawn.append(plan)
    state.log.append(("draw", seat, len(drawn)))
    if drawn:
        state.reveals += 1
    if len(set(drawn)) >= 2:
        state.drawn = drawn
        state.step = S_KEEP
        state.actor = seat
        state.why = why
        return True
    if drawn:
        bisect.insort(state.hand[seat], drawn[0])
        for other in drawn[1:]:
            state.plan_discard.append(other)
            state.log.append(("plan_discard", seat, other))
    return False


# --- tracks and cards -----------------------------------------------------------------------------
def move_discontent(state: State, seat: int, delta: int) -> None:
    """Move ``seat``'s discontent by ``delta`` with the fist rules (§5.4), logged."""
    if delta == 0:
        return
    pos = start = state.discontent[seat]
    cards = state.cards[seat]
    taken = returned = 0
    if delta > 0:
        for _ in range(delta):
            if pos >= DISCONTENT_MAX:
                break
            pos += 1
            taken += FIST[pos]
        cards[DEMONSTRATION] += taken
    else:
        for _ in range(-delta):
            if pos <= 0:
                break
            back = min(FIST[pos], cards[DEMONSTRATION])
            cards[DEMONSTRATION] -= back
            returned += back
            pos -= 1
    state.discontent[seat] = pos
    if pos != start:
        state.log.append(("discontent", seat, start, pos, taken, returned))


def give_cards(state: State, seat: int, kind: int, count: int, source: int) -> int:
    """Give ``seat`` up to ``count`` penalty cards of ``kind`` (fire, flood and insecurity
    within the round's cap of 3); logged; returns how many were taken."""
    take = count
    if kind != DEMONSTRATION:
        take = min(count, PENALTY_CAP - state.capped[seat])
        state.capped[seat] += take
        if take < count:
            state.log.append(("capped", seat, count - take))
    if take > 0:
        state.cards[seat][kind] += take
        state.log.append(("cards", seat, kind, take, source))
    return take


# --- the round flow -------------------------------------------------------------------------------
def _begin_phase(state: State, phase: int) -> None:
    state.phase = phase
    state.pos = 0
    state.log.append(("phase", phase))
    if phase == 1:
        state.stage = G_WINDOW
    elif phase == 2:
        state.stage = G_DEMOGRAPHY
    elif phase == 3:
        state.stage = G_PLANNING
    elif phase == 4:
        event = state.event_deck.pop()
        state.events_seen.append(event)
        state.event = event
        state.reveals += 1
        state.log.append(("event", event))
        state.stage = G_WINDOW
    elif phase == 5:
        state.stage = G_SECURITY
    elif phase == 6:
        state.stage = G_WINDOW
    elif phase == 7:
        for seat in state.order:
            cards = state.cards[seat]
            rise = cards[FIRE] + cards[FLOOD] + cards[INSECURITY]
            if SCHOOL in state.blocks[seat]:
                rise = max(0, rise - SCHOOL_CUT)
            move_discontent(state, seat, rise)
        state.stage = G_WINDOW
    else:
        state.stage = G_WINDOW


def _end_window(state: State) -> None:
    """What follows the plan window of the current phase."""
    phase = state.phase
    state.pos = 0
    if phase == 1:
        state.stage = G_BIDDING
    elif phase == 3:
        _begin_phase(state, 4)
    elif phase == 4:
        state.stage = G_EVENT
        if EV_KEY[state.event] == "inflation":
            before = state.market
            state.market = min(MARKET_LAST, before + INFLATION_STEPS)
            state.log.append(("inflation", before, state.market))
    elif phase == 6:
        state.stage = G_MARKET
    elif phase == 7:
        state.stage = G_BIRTHS
    else:  # phase 8: decline, then the end of the round
        for seat in state.order:
            cards = state.cards[seat]
            per_demo = CATHEDRAL_DEMONSTRATION_SPLENDOR if CATHEDRAL in state.blocks[seat] else DECLINE_DEMONSTRATION_SPLENDOR
            loss = (cards[FIRE] + cards[FLOOD] + cards[INSECURITY]) * DECLINE_CARD_SPLENDOR + cards[DEMONSTRATION] * per_demo
            loss = max(0, loss - PRESS_CAMPAIGN_CUT * plays(state, seat, P_PRESS))
            if loss:
                state.splendor[seat] -= loss
            state.log.append(("decline", seat, loss))
        _end_round(state)


def _end_round(state: State) -> None:
    if state.round >= ROUNDS:
        bonuses = final_bonuses(state)
        state.final = [list(row) for row in bonuses]
        for seat in range(state.players):
            state.splendor[seat] += sum(bonuses[seat])
        state.log.append(("final", tuple(sum(row) for row in bonuses)))
        best = max(state.splendor)
        state.log.append(("over", tuple(s for s in range(state.players) if state.splendor[s] == best)))
        state.stage = G_OVER
        state.step = S_OVER
        state.actor = 0
        state.pos = 0
        return
    n = state.players
    state.round += 1
    state.log.append(("round", state.round))
    # S1: the last discontent space.
    for seat in state.order:
        if state.discontent[seat] >= DISCONTENT_MAX:
            state.cards[seat][DEMONSTRATION] += LAST_SPACE_DEMONSTRATIONS
            state.log.append(("last_space", seat))
    # S2: turn order (§4.1).
    previous = {seat: i for i, seat in enumerate(state.order)}
    state.order = sorted(
        range(n),
        key=lambda s: (-state.splendor[s], sum(state.risk[s]), -state.money[s], previous[s]),
    )
    state.log.append(("order", tuple(state.order)))
    # S3: per-round flags.
    state.bid_status = [ELIGIBLE] * n
    state.round_plays = [[] for _ in range(n)]
    state.hit = [0] * n
    state.used = [0] * n
    state.capped = [0] * n
    state.event = NONE
    _clear_auction(state)
    _begin_phase(state, 1)


def _clear_auction(state: State) -> None:
    state.slot = NONE
    state.high_bid = 0
    state.high_bidder = NONE
    state.passed = 0
    state.decliner = NONE


def _advance(state: State) -> None:
    """Run the main flow from ``state.stage``/``state.pos`` until a decision is pending."""
    n = state.players
    order = state.order
    while True:
        stage = state.stage
        if stage == G_WINDOW:
            while state.pos < n:
                seat = order[state.pos]
                if _window_open(state, seat):
                    state.step = S_WINDOW
                    state.actor = seat
                    return
                state.pos += 1
            _end_window(state)
            if state.step == S_OVER:
                return
            order = state.order
        elif stage == G_BIDDING:
            if _open_next(state):
                return
            state.log.append(("bidding_over",))
            _begin_phase(state, 2)
        elif stage == G_DEMOGRAPHY:
            if state.pos < n:
                state.step = S_DEMOGRAPHY
                state.actor = order[state.pos]
                state.gave = state.got = 0
                return
            state.gave = state.got = 0
            _begin_phase(state, 3)
        elif stage == G_PLANNING:
            while state.pos < n:
                seat = order[state.pos]
                if len(state.hand[seat]) >= HAND_LIMIT:
                    state.step = S_HAND
                    state.actor = seat
                    return
                if _draw_keep(state, seat, W_PLANNING):
                    return
                state.pos += 1
            state.stage = G_WINDOW
            state.pos = 0
        elif stage == G_EVENT:
            while state.pos < n:
                if _event_for(state, order[state.pos]):
                    return
                state.pos += 1
            _begin_phase(state, 5)
        elif stage == G_SECURITY:
            if state.pos < n:
                seat = order[state.pos]
                state.step = S_SECURITY
                state.actor = seat
                state.sec_officers = [0] * len(state.blocks[seat])
                state.sec_paid = 0
                return
            state.sec_officers = []
            state.sec_paid = 0
            _begin_phase(state, 6)
        elif stage == G_MARKET:
            while state.pos < n:
                seat = order[n - 1 - state.pos]
                if state.money[seat] >= market_price(state, seat):
                    state.step = S_MARKET
                    state.actor = seat
                    return
                state.pos += 1
            before = state.market
            state.market = max(0, before - 1)
            state.log.append(("market", before, state.market))
            for seat in order:
                _income(state, seat)
            state.stage = G_FOOD
            state.pos = 0
        elif stage == G_FOOD:
            while state.pos < n:
                if _feed(state, order[state.pos]):
                    return
                state.pos += 1
            _begin_phase(state, 7)
        elif stage == G_BIRTHS or stage == G_CREDITS:
            credits = stage == G_CREDITS
            while state.pos < n:
                if _births(state, order[state.pos], credits):
                    return
                state.pos += 1
            state.stage = G_FAST if credits else G_CREDITS
            state.pos = 0
        elif stage == G_FAST:
            while state.pos < n:
                seat = order[state.pos]
                if state.supply > 0 and _has_free(state, seat):
                    state.step = S_FAST
                    state.actor = seat
                    state.left = FAST_INCREASE_MAX
                    state.done = 0
                    return
                state.pos += 1
            state.left = state.done = 0
            _begin_phase(state, 8)
        else:
            return


# --- phase 1: bidding -----------------------------------------------------------------------------
def _open_next(state: State) -> bool:
    """Start the next opening (True), or say the bidding phase is over (False, §4.4.6)."""
    _clear_auction(state)
    if all(b == NONE for b in state.display):
        return False
    for seat in state.order:
        if state.bid_status[seat] == ELIGIBLE:
            state.step = S_OPEN
            state.actor = seat
            return True
    return False


def _next_bidder(state: State) -> bool:
    """Give the auction to the next eligible mayor who has not passed (True), or end it
    (False): the block goes to the highest bidder, or unsold to the discard pile, the empty
    slot is refilled and the bidding phase goes on with the next opening."""
    n = state.players
    order = state.order
    start = order.index(state.actor)
    for k in range(1, n + 1):
        seat = order[(start + k) % n]
        if seat == state.high_bidder:
            continue
        if state.bid_status[seat] == ELIGIBLE and not state.passed >> seat & 1:
            state.step = S_AUCTION
            state.actor = seat
            return True
    slot = state.slot
    block = state.display[slot]
    state.display[slot] = NONE
    if state.high_bidder != NONE:
        acquire(state, state.high_bidder, block, state.high_bid)
    else:
        state.block_discard.append(block)
        state.log.append(("unsold", block))
    _refill(state, slot)
    state.stage = G_BIDDING
    return False


def _bid_on(state: State) -> None:
    """The auction moves on (:func:`_next_bidder`); once it is over, so does the main flow."""
    if not _next_bidder(state):
        _advance(state)


def acquire(state: State, seat: int, block: int, price: int) -> None:
    """``seat`` acquires ``block`` for a winning bid of ``price`` (§4.4.4)."""
    paid = max(0, price - PUBLIC_TENDER_DISCOUNT * plays(state, seat, P_TENDER))
    state.money[seat] -= paid
    risk = state.risk[seat]
    deltas = []
    for index, mod in enumerate(B_MODS[block]):
        new = max(0, risk[index] + mod)
        deltas.append(new - risk[index])
        risk[index] = new
    placed = min(B_INITIAL[block], state.supply)
    state.supply -= placed
    state.blocks[seat].append(block)
    state.people[seat].append(placed)
    state.capacity[seat].append(B_CAP[block])
    state.splendor[seat] += B_SPLENDOR[block]
    state.bid_status[seat] = ACQUIRED
    state.log.append(("acquire", seat, block, paid, placed, tuple(deltas)))
    if placed < B_INITIAL[block]:
        state.log.append(("lost", seat, B_INITIAL[block] - placed))
    if block == PARK:
        move_discontent(state, seat, -PARK_CALM)


def _draw_block(state: State) -> int:
    """The top block of the deck (the discard pile reshuffled first if it is empty), or NONE."""
    if not _reshuffled(state, state.block_deck, state.block_discard, "block_reshuffle"):
        return NONE
    state.reveals += 1
    return state.block_deck.pop()


def _refill(state: State, slot: int) -> None:
    """The next block moves into the empty ``slot`` and a new next block is drawn (§4.4.5)."""
    if state.next_block == NONE:
        state.next_block = _draw_block(state)
    state.display[slot] = state.next_block
    state.next_block = _draw_block(state) if state.next_block != NONE else NONE
    state.log.append(("refill", slot, state.display[slot], state.next_block))


# --- phase 4: events ------------------------------------------------------------------------------
def _event_for(state: State, seat: int) -> bool:
    """Apply this round's event to ``seat`` (§10). True if ``seat`` must now decide."""
    event = state.event
    key = EV_KEY[event]
    if key == "inflation":
        return False  # the market moved once, before the mayors
    if defended(state, seat):
        state.log.append(("immune", seat, 0))
        return False
    if EV_CATASTROPHES[event] or key == "social_protest":
        hits, lost, prevented = event_hits(state, seat)
        for kind in range(4):
            if hits[kind]:
                state.cards[seat][kind] += hits[kind]
                if kind != DEMONSTRATION:
                    state.capped[seat] += hits[kind]
                state.log.append(("cards", seat, kind, hits[kind], 2 if key == "social_protest" else 0))
        if lost:
            state.log.append(("capped", seat, lost))
        if prevented:
            state.log.append(("prevented", seat, prevented))
        return False
    if key == "provincial_funds":
        state.money[seat] += PROVINCIAL_FUNDS
        state.log.append(("gains", seat, PROVINCIAL_FUNDS))
    elif key == "tourism_boom":
        gain = TOURISM_MONEY * sum(1 for b in state.blocks[seat] if B_TOURIST[b])
        if gain:
            state.money[seat] += gain
            state.log.append(("gains", seat, gain))
    elif key == "elections":
        delta = ELECTION_SPLENDOR[state.discontent[seat]]
        if delta:
            state.splendor[seat] += delta
            state.log.append(("splendor", seat, delta))
    elif key == "migration_wave":
        if state.supply > 0 and _has_free(state, seat):
            state.step = S_PLACE
            state.actor = seat
            state.left = MIGRATION_INHABITANTS
            state.done = 0
            state.why = W_MIGRATION
            return True
    elif key == "epidemic":
        if HOSPITAL in state.blocks[seat]:
            state.log.append(("immune", seat, 1))
            return False
        k = sum(state.people[seat]) // EPIDEMIC_PER
        if k:
            state.log.append(("epidemic", seat, k))
            state.step = S_REMOVE
            state.actor = seat
            state.left = k
            state.done = 0
            state.why = W_EPIDEMIC
            return True
    return False  # Bumper Harvest, General Strike: they act in phase 6


# --- phase 6: income and food ---------------------------------------------------------------------
def income(state: State, seat: int) -> int:
    """``seat``'s income this round (§4.8)."""
    tax = TAX_INCREASE_MONEY * plays(state, seat, P_TAX)
    strike = state.event >= 0 and EV_KEY[state.event] == "general_strike" and not defended(state, seat)
    total = 0
    for b, p in zip(state.blocks[seat], state.people[seat]):
        if not p:
            continue
        if B_INDUSTRY[b] and strike:
            continue
        value = B_MONEY[b]
        if B_TOWN_CITY[b]:
            value += tax
        total += p * value
    if BANK in state.blocks[seat]:
        total += BANK_INCOME
    return total


def production(state: State, seat: int) -> int:
    """``seat``'s food production this round (§4.9)."""
    key = EV_KEY[state.event] if state.event >= 0 and not defended(state, seat) else ""
    irrigation = IRRIGATION_FOOD * plays(state, seat, P_IRRIGATION)
    total = 0
    for b, p in zip(state.blocks[seat], state.people[seat]):
        if not p:
            continue
        if B_INDUSTRY[b] and key == "general_strike":
            continue
        printed = B_FOOD[b]
        value = printed
        if B_FIELD[b]:
            value += irrigation
        if key == "bumper_harvest" and printed >= 1:
            value += HARVEST_FOOD
        elif key == "drought":
            value -= DROUGHT_FOOD
        if value > 0:
            total += p * value
    return total


def _income(state: State, seat: int) -> None:
    gain = income(state, seat)
    state.money[seat] += gain
    state.log.append(("income", seat, gain))


def _feed(state: State, seat: int) -> bool:
    """Food production and feeding for ``seat`` (§4.9). True if a famine needs removals."""
    made = production(state, seat)
    eat = sum(state.people[seat])
    store = state.warehouse[seat]
    missing = 0
    if made >= eat:
        store = min(WAREHOUSE_MAX, store + made - eat)
    elif store >= eat - made:
        store -= eat - made
    else:
        missing = eat - made - store
        store = 0
    state.warehouse[seat] = store
    state.log.append(("food", seat, made, eat, store, missing))
    if missing:
        state.step = S_REMOVE
        state.actor = seat
        state.left = missing
        state.done = 0
        state.why = W_FAMINE
        return True
    return False


# --- phase 7: births ------------------------------------------------------------------------------
def _births(state: State, seat: int, credits: bool) -> bool:
    """Births (or Housing Credits) for ``seat`` (§4.10). True if the supply is short and
    ``seat`` must choose the blocks."""
    if credits and P_CREDITS not in state.round_plays[seat]:
        return False
    state.served = 0
    eligible = birth_blocks(state, seat, credits)
    if not eligible:
        return False
    per = HOUSING_CREDITS_INHABITANTS if credits else 1
    if state.supply >= per * len(eligible):
        for b in eligible:
            i = state.blocks[seat].index(b)
            state.people[seat][i] += per
        state.supply -= per * len(eligible)
        state.log.append(("credits" if credits else "births", seat, per * len(eligible)))
        return False
    if state.supply == 0:
        state.log.append(("lost", seat, per * len(eligible)))
        return False
    state.step = S_BIRTH
    state.actor = seat
    state.why = W_CREDITS if credits else W_BIRTHS
    state.done = 0
    state.left = state.supply
    return True
