"""Intendentes rules: setup, the round flow, legal actions and applying them (spec §2–§10,
the decisions of §4.12).

This module is the rules' one public entry point: :func:`new_game`, :func:`to_act`,
:func:`legal_actions` and :func:`apply_in_place` live here, and it re-exports the public
names of the concern modules behind it (``__all__``), lowest first: ``tables`` (content
as tables for the hot loops), ``districts`` (what a mayor's district and round allow),
``cards`` (the discontent track, penalty and plan cards), ``events`` (phase 4),
``plans`` (which plans are legal now), ``auction`` (phase 1), ``security`` (phase 5),
``balance`` (income, food, births), ``phases`` (the round flow) and ``tasks`` (plan
effects and their task steps). Each imports only those below it.

The state always waits for one decision of one seat (``state.step``, ``state.actor``).
Everything automatic happens inside the :func:`apply_in_place` call that completes the
enabling decision: the main flow (:func:`~core.intendentes.phases._advance`) walks the
stages of §3 in the engine order (round start S1–S3; W1, bidding; Demography; Planning,
W3; event reveal, W4, the event mayor by mayor; Security; W6, market, income, food; 7.1,
W7, births, Housing Credits, fast increase; W8, decline; end of round or of the game)
until a decision is needed. A decision with a single legal option is not asked:
:func:`_settle` takes it (recorded as an ``auto`` log entry when it is worth telling, see
:data:`core.intendentes.state.LOG`), unless what forces it may be the actor's secret
(:func:`secretly_forced`: its plans, its hidden money), so that nobody learns what it holds.
Plan windows are skipped only for a mayor with no plan in hand and nothing else to do.

Effects that need choices (Immigration Program, Rural Exodus, Housing Plan, Advisors,
Migration Wave, Epidemic, famine, births with a short supply) run as *task* steps
(``place``, ``remove``, ``choose``, ``keep``, ``birth``) with ``state.why`` naming the
effect; when a task ends the flow returns to the window or turn it interrupted, or moves
the stage on (:func:`~core.intendentes.tasks._task_done`).

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

from core.intendentes.actions import (
    BIRTH,
    BUY,
    CHOOSE,
    DECLINE,
    DISCARD,
    END,
    FAST,
    KEEP,
    KEEP_HAND,
    MOVE,
    OPEN,
    PASS,
    PLACE,
    REMOVE,
    SKIP,
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
    Keep,
    KeepHand,
    Move,
    Open,
    Pass,
    Place,
    Play,
    Remove,
    Skip,
    Stadium,
    Stop,
    TrainStation,
)
from core.intendentes.auction import _bids, _next_bidder, acquire
from core.intendentes.balance import income, production
from core.intendentes.cards import _draw_keep, give_cards, move_discontent
from core.intendentes.content import (
    DECK_SIZE,
    DISPLAY_SLOTS,
    EVENTS_PER_GAME,
    FAMILY_EVENT_INDICES,
    FAST_INCREASE_SPLENDOR,
    FOOD_PER_PURCHASE,
    HOUSING_PLAN_CAPACITY,
    INITIAL_TOWN_INHABITANTS,
    MARKET_LAST,
    MARKET_START,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PLAN_DECK,
    STADIUM_CALM,
    STADIUM_COST,
    START_MONEY,
    START_SPLENDOR,
    START_WAREHOUSE,
    TRAIN_STATION_INHABITANTS,
    WAREHOUSE_MAX,
)
from core.intendentes.districts import (
    _has_free,
    _peopled,
    birth_blocks,
    defended,
    exodus_sources,
    free_blocks,
    market_price,
    plan_cost,
    plays,
)
from core.intendentes.events import event_hits
from core.intendentes.phases import _advance, _begin_phase
from core.intendentes.plans import _plays_now, _window_actions, already_hit, plan_has_effect
from core.intendentes.security import _SECURITY_MOVES, _apply_security, _security_actions
from core.intendentes.state import (
    DECLINED,
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
    USED_STADIUM,
    USED_TRAIN,
    W_CREDITS,
    W_EXODUS,
    W_MIGRATION,
    W_PLANNING,
    State,
)
from core.intendentes.tables import (
    ALL_EVENTS,
    B_BRIGADE,
    B_CAP,
    B_COST,
    B_FIELD,
    B_FOOD,
    B_INDUSTRY,
    B_INITIAL,
    B_KIND,
    B_MODS,
    B_MONEY,
    B_OFFICERS,
    B_POLICE,
    B_SPLENDOR,
    B_TOURIST,
    B_TOWN_CITY,
    BANK,
    BRIGADE_REMOVES,
    CALM,
    CATHEDRAL,
    CENTRAL_MARKET,
    EV_CATASTROPHES,
    EV_KEY,
    FIST,
    HOSPITAL,
    HYDRAULIC,
    INDEX_PLAN,
    NEIGHBOURS,
    NUM_BLOCKS,
    P_ADVISORS,
    P_AGITATORS,
    P_ARSON,
    P_AUDIT,
    P_CONCERT,
    P_CREDITS,
    P_DEFENSE,
    P_DIALOGUE,
    P_DRAINAGE,
    P_EXODUS,
    P_FEES,
    P_FESTIVAL,
    P_FIRE_PREVENTION,
    P_HOUSING,
    P_IMMIGRATION,
    P_IRRIGATION,
    P_LIGHTING,
    P_PRESS,
    P_PREVENTION,
    P_SMEAR,
    P_SOUP,
    P_SUBSIDIES,
    P_TAX,
    P_TENDER,
    P_VOLUNTEERS,
    P_WATCH,
    PARK,
    PHASE_PLANS,
    PLAN_COST,
    PLAN_NEIGHBOUR,
    POLICE_REMOVES,
    RADIO,
    SCHOOL,
    STADIUM_BLOCK,
    TRAIN,
    neighbours,
)
from core.intendentes.tasks import _place, _play, _remove, _task_done
from core.rng import Rng


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


# --- applying -------------------------------------------------------------------------------------
def apply_in_place(state: State, seat: int, action: Action) -> None:
    """Perform a legal ``action`` of ``seat`` and every automatic step after it."""
    state.log = []
    state.cache = None
    _apply(state, seat, action)
    _settle(state)


_AUTO_LOGGED = (Bid, Open, Decline, Place, Remove, Choose, Birth, Fast)


_HAND_STEPS = frozenset((S_KEEP, S_WINDOW, S_DEMOGRAPHY, S_SECURITY))
"""Decisions whose options depend on the actor's secret plans (a keep from its hidden draw,
the steps where plans may be played)."""
_MONEY_STEPS = frozenset((S_OPEN, S_OPEN_BID, S_AUCTION, S_MARKET, S_WINDOW, S_DEMOGRAPHY, S_SECURITY))
"""Decisions whose options depend on the actor's money (bids, food, plan costs, paid actions)."""


def secretly_forced(state: State) -> bool:
    """True when the actor's single option may be forced by what only it knows (its plans,
    its hidden money): such a decision is asked, never taken for it, so that nobody learns
    from it what the actor holds (a pass for want of money reads as any pass)."""
    step = state.step
    if step == S_KEEP or (step in _HAND_STEPS and state.hand[state.actor]):
        return True
    return state.hidden_money and step in _MONEY_STEPS


def _settle(state: State) -> None:
    """Take every decision that has a single legal option, unless that option may be forced
    by the actor's secrets (:func:`secretly_forced`); cache the next decision's list."""
    while state.step != S_OVER:
        actions = _legal(state)
        if not actions:
            raise AssertionError(f"no legal action at step {state.step} for seat {state.actor}")
        if len(actions) != 1 or secretly_forced(state):
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


def _bid_on(state: State) -> None:
    """The auction moves on (:func:`~core.intendentes.auction._next_bidder`); once it is
    over, so does the main flow."""
    if not _next_bidder(state):
        _advance(state)


__all__ = [
    "ALL_EVENTS", "B_BRIGADE", "B_CAP", "B_COST", "B_FIELD", "B_FOOD", "B_INDUSTRY",
    "B_INITIAL", "B_KIND", "B_MODS", "B_MONEY", "B_OFFICERS", "B_POLICE", "B_SPLENDOR",
    "B_TOURIST", "B_TOWN_CITY", "BANK", "BRIGADE_REMOVES", "CALM", "CATHEDRAL",
    "CENTRAL_MARKET", "EV_CATASTROPHES", "EV_KEY", "FIST", "HOSPITAL", "HYDRAULIC",
    "INDEX_PLAN", "NEIGHBOURS", "NUM_BLOCKS", "P_ADVISORS", "P_AGITATORS", "P_ARSON", "P_AUDIT",
    "P_CONCERT", "P_CREDITS", "P_DEFENSE", "P_DIALOGUE", "P_DRAINAGE", "P_EXODUS", "P_FEES",
    "P_FESTIVAL", "P_FIRE_PREVENTION", "P_HOUSING", "P_IMMIGRATION", "P_IRRIGATION",
    "P_LIGHTING", "P_PRESS", "P_PREVENTION", "P_SMEAR", "P_SOUP", "P_SUBSIDIES", "P_TAX",
    "P_TENDER", "P_VOLUNTEERS", "P_WATCH", "PARK", "PHASE_PLANS", "PLAN_COST", "PLAN_NEIGHBOUR",
    "POLICE_REMOVES", "RADIO", "SCHOOL", "STADIUM_BLOCK", "TRAIN", "acquire", "already_hit",
    "apply_in_place", "birth_blocks", "defended", "event_hits", "exodus_sources", "free_blocks",
    "give_cards", "income", "legal_actions", "market_price", "move_discontent", "neighbours",
    "new_game", "plan_cost", "plan_has_effect", "plays", "production", "secretly_forced", "to_act",
]
