"""The Intendentes bots' valuation: an estimate of each mayor's final splendor, the auction
in progress, and what a block is worth in dollars (the bid candidates of ``bot_actions``).

:func:`evaluate` (the game's ``evaluate``) is the estimated final splendor margin of a seat
over its best opponent. Each seat's estimate (:func:`seat_value`) adds up, in splendor:

* splendor now, and the §11 bonuses as if the game ended at its natural end: the district
  size with the blocks still to come (a share :data:`W` ``buy`` of the later rounds'
  auctions, interpolated between the table's steps), the census with the births still to
  come, happiness at the discontent the position is heading for, the overall-risk bonus
  against the opponents' indices, the warehouse at the end (the food balance over the
  feedings left; a famine this round weighs heavily), and the money;
* prospects: income over the incomes left (a later dollar is worth less than one now),
  money valued by its use (up to what the auctions left need it is worth more than the
  final $5 = 1 splendor; above that, little more), the penalty cards (the decline and the
  discontent each causes until officers can remove it), each index's exposure to the
  events still to come (cards expected from the unseen pool of catastrophes, cheaper with
  officers of the right kind), the special blocks' use over the rounds left, and plans in
  hand;
* in the bidding, the auction running (:func:`_auction`): each bidder's cap (the dollars at
  which the block stops adding to its estimate, at most its money); the highest cap wins at
  the second cap + 1 (or the bid standing), as an English auction goes; a bidder still
  eligible for a later auction this round keeps part of the best surplus left on display.

:func:`block_worth` is the dollars a block adds to a seat's estimate now (the same
valuation, so a block bought early, with its income, births and size step to come, is worth
more than in round 8). ``IntendentesGame.bot_actions`` offers bids around it.
"""

from __future__ import annotations

import functools

from core.intendentes import rules
from core.intendentes.content import (
    BLOCKS,
    DEMONSTRATION,
    EVENTS,
    FAMILY_EVENT_INDICES,
    FIRE,
    FLOOD,
    HAPPINESS_POINTS,
    INSECURITY,
    PENALTY_CAP,
    ROUNDS,
    WAREHOUSE_MAX,
    district_points,
)
from core.intendentes.rules import (
    B_COST,
    B_FOOD,
    B_INITIAL,
    B_MODS,
    B_MONEY,
    B_SPLENDOR,
    B_TOWN_CITY,
    BANK,
    CATHEDRAL,
    HOSPITAL,
    P_PRESS,
    PARK,
    SCHOOL,
)
from core.intendentes.state import (
    ELIGIBLE,
    G_BIRTHS,
    G_EVENT,
    G_FOOD,
    G_SECURITY,
    G_WINDOW,
    NONE,
    S_AUCTION,
    S_OPEN_BID,
    S_OVER,
    State,
)

W: dict[str, float] = {
    "buy": 0.8,  # share of the later rounds in which a block will be bought
    "census": 0.5,  # splendor per inhabitant at the end (+1 per 2)
    "birth": 0.85,  # share of the births in sight that will happen
    "money_end": 0.2,  # splendor per dollar at the end (+1 per $5)
    "money_use": 0.07,  # extra splendor per needed dollar, per round left
    "need": 7.0,  # dollars needed per auction still to come
    "income": 0.025,  # extra splendor per dollar of income, per round left after it
    "food": 0.4,  # splendor per food in the warehouse at the end (+2 per 5)
    "short": 0.9,  # splendor per food missing in later feedings (bought at the market)
    "famine": 2.0,  # splendor per food missing at this round's feeding
    "point": 0.3,  # splendor per discontent point, besides the happiness band
    "card_round": 1.7,  # decline + discontent of a penalty card held through a round
    "exposure": 1.3,  # splendor per card expected from the events to come
    "covered": 0.45,  # the share of that left when officers can take the card
    "plan": 0.7,  # a plan in hand (less near the end)
    "option": 0.5,  # share of a later auction's surplus kept by an eligible bidder
}

SPECIAL_ROUND: dict[str, float] = {
    "school": 0.6,
    "hospital": 0.3,
    "stadium": 0.3,
    "hydraulic_works": 0.4,
    "cathedral": 0.3,
    "central_market": 0.4,
    "bank": 0.0,  # its $4 is in the income
    "train_station": 0.9,
    "radio_station": 0.3,
    "park": 0.0,  # its calm is on acquisition
}
B_SPECIAL: tuple[float, ...] = tuple(SPECIAL_ROUND.get(b.effect, 0.0) for b in BLOCKS)
B_POLICE_OFF: tuple[int, ...] = tuple(b.police for b in BLOCKS)
B_FIRE_OFF: tuple[int, ...] = tuple(b.firemen for b in BLOCKS)
B_CAPACITY: tuple[int, ...] = tuple(b.capacity for b in BLOCKS)
DISTRICT: tuple[int, ...] = tuple(district_points(k) for k in range(12))
HAPPY: tuple[int, ...] = HAPPINESS_POINTS
EV_CATS: tuple[tuple[tuple[int, int], ...], ...] = tuple(e.catastrophes for e in EVENTS)
ALL_EVENTS: tuple[int, ...] = tuple(range(len(EVENTS)))


def _district(size: float) -> float:
    """§11 district points, linear between whole sizes."""
    if size >= 10:
        return float(DISTRICT[10])
    k = int(size)
    frac = size - k
    return DISTRICT[k] + frac * (DISTRICT[k + 1] - DISTRICT[k])


def _happiness(space: float) -> float:
    """§11 happiness points, a little smoothed (the marker moves)."""
    if space <= 0:
        return float(HAPPY[0])
    if space >= 15:
        return float(HAPPY[15])
    k = int(space)
    frac = space - k
    return HAPPY[k] + frac * (HAPPY[k + 1] - HAPPY[k])


EXPOSURE_TABLE = 40
"""Index values for which :func:`_event_pool` tabulates the expected cards (beyond: computed)."""


Thresholds = tuple[tuple[int, float], ...]
"""An index's catastrophe thresholds in the unseen event pool, each with its weight."""


@functools.lru_cache(maxsize=256)
def _event_pool(family: bool, seen: tuple[int, ...], events: int) -> tuple[tuple[Thresholds, ...], tuple[tuple[float, ...], ...]]:
    """Per index, the catastrophe thresholds of the unseen pool, each weighted by the chance
    that one of the ``events`` events left is that card; and the penalty cards expected at
    each index value from 0 to :data:`EXPOSURE_TABLE`. It depends only on the events seen
    and left, which change once a round, so it is worked out once for all those states."""
    pool_ids = FAMILY_EVENT_INDICES if family else ALL_EVENTS
    pool = [e for e in pool_ids if e not in seen]
    per = events / len(pool) if pool else 0.0
    thresholds: list[list[tuple[int, float]]] = [[], [], []]
    for e in pool:
        for index, threshold in EV_CATS[e]:
            thresholds[index].append((threshold, per))
    frozen = tuple(tuple(t) for t in thresholds)
    table = tuple(tuple(_expected(t, r) for r in range(EXPOSURE_TABLE + 1)) for t in frozen)
    return frozen, table


def _expected(thresholds: Thresholds, r: int) -> float:
    """The penalty cards expected at index value ``r`` from weighted catastrophe thresholds."""
    room = float(PENALTY_CAP)
    expected = 0.0
    for threshold, weight in thresholds:
        if r > threshold:
            expected += weight * min(room, r - threshold)
    return expected


class _Context:
    """What every seat's estimate of one state shares: the rounds and phases left, the event
    pool, the indices of everyone, and each seat's income and food production now."""

    __slots__ = ("after", "incomes", "feeds", "births", "happy_now", "events", "table", "pool", "bidding",
                 "risk", "low", "earn", "made")

    def __init__(self, state: State) -> None:
        phase, stage = state.phase, state.stage
        after = ROUNDS - state.round
        self.after = after
        self.incomes = after + (1 if phase < 6 or (phase == 6 and stage != G_FOOD) else 0)
        self.feeds = after + (1 if phase <= 6 else 0)
        self.births = after + (1 if phase < 7 or (phase == 7 and stage in (G_WINDOW, G_BIRTHS)) else 0)
        self.happy_now = phase < 7
        self.bidding = phase == 1
        events = len(state.event_deck)
        self.events = events
        self.pool, self.table = _event_pool(state.family, tuple(state.events_seen), events)
        risk = state.risk
        self.risk = risk
        n = state.players
        # per seat, the lowest value of each index among the other seats
        low = [[0, 0, 0] for _ in range(n)]
        for index in (FIRE, FLOOD, INSECURITY):
            values = [risk[o][index] for o in range(n)]
            least = min(values)
            alone = values.index(least) if values.count(least) == 1 else NONE
            for seat in range(n):
                low[seat][index] = least
            if alone != NONE:
                low[alone][index] = min(v for o, v in enumerate(values) if o != alone)
        self.low = low
        self.earn: list[int | None] = [None] * n
        self.made: list[int | None] = [None] * n


def _security_ahead(state: State, seat: int) -> bool:
    """True if ``seat``'s security turn of this round is still to come (or under way)."""
    phase = state.phase
    if phase < 5:
        return True
    if phase > 5 or state.stage != G_SECURITY:
        return False
    return state.order.index(seat) >= state.pos


def _event_ahead(state: State, seat: int) -> bool:
    """True if this round's revealed event is still to be applied to ``seat``."""
    if state.phase != 4 or state.event < 0:
        return False
    if state.stage == G_WINDOW:
        return True
    return state.stage == G_EVENT and state.order.index(seat) > state.pos


def seat_value(state: State, seat: int, ctx: _Context | None = None, extra: int = NONE, spend: int = 0) -> float:
    """``seat``'s estimated final splendor (see the module docstring); with ``extra``, as if
    it also owned that block, bought now for ``spend`` dollars."""
    if state.step == S_OVER:
        return float(state.splendor[seat])
    if ctx is None:
        ctx = _Context(state)
    w = W
    after = ctx.after
    blocks = state.blocks[seat]
    people = state.people[seat]
    capacity = state.capacity[seat]
    money = max(0, state.money[seat]) - spend
    splendor = float(state.splendor[seat])
    risk = state.risk[seat]
    discontent = float(state.discontent[seat])
    earn = ctx.earn[seat]
    if earn is None:
        earn = ctx.earn[seat] = rules.income(state, seat)
    made = ctx.made[seat]
    if made is None:
        made = ctx.made[seat] = rules.production(state, seat)
    size = len(blocks)
    own = blocks
    if extra != NONE:
        size += 1
        splendor += B_SPLENDOR[extra]
        own = blocks + [extra]
        risk = [max(0, r + m) for r, m in zip(risk, B_MODS[extra])]
        placed = min(B_INITIAL[extra], state.supply)
        people = people + [placed]
        capacity = capacity + [B_CAPACITY[extra]]
        earn += placed * B_MONEY[extra] + (4 if extra == BANK else 0)
        made += placed * B_FOOD[extra]
        if extra == PARK:
            discontent = max(0.0, discontent - 2)
    hospital = HOSPITAL in own
    value = splendor
    # district size, with the later auctions
    value += _district(size + w["buy"] * after)
    # inhabitants now and to be born; their income
    population = sum(people)
    births_left = ctx.births
    born = 0.0
    born_money = 0.0
    if births_left:
        need = 1 if hospital else 2
        for b, p, c in zip(own, people, capacity):
            if B_TOWN_CITY[b] and p < c and p >= need:
                k = min(c - p, births_left) * w["birth"]
                born += k
                born_money += k * B_MONEY[b]
    value += w["census"] * (population + born)
    incomes = ctx.incomes
    w_income = w["money_end"] + w["income"] * after
    value += w_income * (earn * incomes + born_money * max(0, incomes - 1) * 0.5)
    # money: worth more up to what the auctions left need
    auctions = after + (1 if ctx.bidding and state.bid_status[seat] == ELIGIBLE else 0)
    need_money = w["need"] * auctions
    rich = w["money_end"] + w["money_use"] * (after + 0.5)
    if money <= need_money:
        value += rich * money
    else:
        value += rich * need_money + (w["money_end"] + 0.1 * (rich - w["money_end"])) * (money - need_money)
    # food: this round's feeding, then the balance to the end
    store = state.warehouse[seat]
    feeds = ctx.feeds
    eat = population
    if feeds:
        net = made - eat
        fed_now = state.phase > 6 or (state.phase == 6 and state.stage == G_FOOD and state.order.index(seat) < state.pos)
        if not fed_now and state.phase <= 6:
            missing = eat - made - store
            if missing > 0:
                value -= w["famine"] * missing
                store = 0
            else:
                store = min(WAREHOUSE_MAX, store + net)
            later = feeds - 1
        else:
            later = feeds
        final = store + (net - born / max(1, feeds)) * later
        if final >= 0:
            value += w["food"] * min(final, WAREHOUSE_MAX)
        else:
            value += w["short"] * final
    else:
        value += w["food"] * store
    # penalty cards: decline and discontent while they stay
    cards = state.cards[seat]
    police = fire_off = 0
    for b in own:
        police += B_POLICE_OFF[b]
        fire_off += B_FIRE_OFF[b]
    card_cost = 0.0
    rise = 0.0
    non_demo = cards[FIRE] + cards[FLOOD] + cards[INSECURITY]
    demo = cards[DEMONSTRATION]
    if non_demo or demo:
        per_demo = 1.0 if CATHEDRAL in own else 2.0
        # what officers can take at the next security turn
        fire_left = max(0, cards[FIRE] - fire_off)
        spare_fire = max(0, fire_off - cards[FIRE])
        insec_left = max(0, cards[INSECURITY] - police)
        spare_police = max(0, police - cards[INSECURITY])
        flood_left = max(0, cards[FLOOD] - spare_fire - spare_police)
        spare_police = max(0, spare_police - max(0, cards[FLOOD] - spare_fire))
        demo_left = max(0, demo - spare_police)
        demo_taken = demo - demo_left
        stuck = fire_left + insec_left + flood_left
        if _security_ahead(state, seat):
            # removed before this round's decline; the rest stays about two rounds
            hold = min(2.0, after + 1.0)
            card_cost += stuck * w["card_round"] * hold + demo_left * per_demo * hold
            rise += stuck if ctx.happy_now else 0
            card_cost += demo_taken * w["point"] * 2
        else:
            # all held through this round's decline (and 7.1 if to come), then officers
            card_cost += non_demo * (1.0 + (0.7 if ctx.happy_now else 0.0)) + demo * per_demo
            rise += non_demo if ctx.happy_now else 0
            if after:
                hold = min(2.0, after)
                card_cost += stuck * w["card_round"] * hold + demo_left * per_demo * hold
                card_cost += demo_taken * w["point"] * 2
        if P_PRESS in state.round_plays[seat]:
            card_cost = max(0.0, card_cost - 3)
    value -= card_cost
    # this round's event, if still to come for the seat
    if _event_ahead(state, seat) and not rules.defended(state, seat):
        hits = rules.event_hits(state, seat)[0]
        value -= (hits[FIRE] + hits[FLOOD] + hits[INSECURITY]) * w["card_round"] + hits[DEMONSTRATION] * 2.0
    # exposure of each index to the events to come
    if ctx.events:
        covered = (fire_off, fire_off + police, police)
        for index in (FIRE, FLOOD, INSECURITY):
            r = risk[index]
            expected = ctx.table[index][r] if 0 <= r <= EXPOSURE_TABLE else _expected(ctx.pool[index], r)
            if expected:
                cost = w["exposure"] * (w["covered"] if covered[index] else 1.0)
                value -= cost * expected
    # happiness where discontent is heading, and the cost of each point
    school = SCHOOL in own
    if school and rise:
        rise = max(0.0, rise - 1)
    heading = min(15.0, discontent + rise)
    value += _happiness(heading) - w["point"] * heading
    # the overall-risk bonus against the others
    lows = ctx.low[seat]
    for index in (FIRE, FLOOD, INSECURITY):
        low = lows[index]
        r = risk[index]
        if r < low:
            value += 5
        elif r == low:
            value += 2
    # special blocks' use over the rounds left; plans in hand
    rounds_left = after + 0.5
    for b in own:
        special = B_SPECIAL[b]
        if special:
            value += special * rounds_left
    value += w["plan"] * len(state.hand[seat]) * min(1.0, (after + 1) / 3)
    return value


def _cap(state: State, seat: int, ctx: _Context, block: int, base: float) -> float:
    """The most ``seat`` would pay for ``block``: the dollars at which it stops adding to
    the seat's estimate (``base``: the estimate without it), at most its money."""
    money = max(0, state.money[seat])
    gain = seat_value(state, seat, ctx, block, 0) - base
    if gain <= 0:
        return 0.0
    at_all = seat_value(state, seat, ctx, block, money) - base
    if at_all >= 0:
        return float(money)
    # the estimate is concave in money spent: interpolate between 0 and all of it
    return money * gain / (gain - at_all)


def block_worth(state: State, seat: int, block: int) -> int:
    """Dollars ``block`` adds to ``seat``'s estimate now (whole dollars, at least 0)."""
    ctx = _Context(state)
    base = seat_value(state, seat, ctx)
    money = max(0, state.money[seat])
    gain = seat_value(state, seat, ctx, block, 0) - base
    if gain <= 0:
        return 0
    # per dollar, as money is valued for this seat now (its first dollars spent)
    probe = max(1, min(money, 10))
    rate = (seat_value(state, seat, ctx) - seat_value(state, seat, ctx, NONE, probe)) / probe if money else W["money_end"]
    return int(round(gain / max(rate, 0.05)))


def _auction(state: State, values: list[float], ctx: _Context) -> None:
    """Adjust ``values`` for the auction running: who is expected to win, at what price,
    and what the losers still eligible keep for a later auction this round."""
    block = state.display[state.slot]
    if block == NONE:
        return
    n = state.players
    high, bidder = state.high_bid, state.high_bidder
    if state.step == S_OPEN_BID:
        high, bidder = B_COST[block], state.actor
    bidders = [
        s for s in range(n) if state.bid_status[s] == ELIGIBLE and not state.passed >> s & 1
    ]
    caps: list[tuple[float, int, int]] = []
    for s in bidders:
        cap = _cap(state, s, ctx, block, values[s])
        if s == bidder:
            caps.append((max(cap, float(high)), 1, s))
        elif cap >= (high + 1 if bidder != NONE else B_COST[block]):
            caps.append((cap, 0, s))
    if not caps:
        return
    caps.sort(reverse=True)
    top, _, winner = caps[0]
    floor = high if winner == bidder else (high + 1 if bidder != NONE else B_COST[block])
    price = floor
    if len(caps) > 1:
        price = max(floor, int(caps[1][0]) + 1)
    price = min(price, max(0, state.money[winner]))
    new = seat_value(state, winner, ctx, block, price)
    if winner == bidder:
        new -= 0.01 * high  # among bids that change nothing, the lowest
    values[winner] = new
    _option(state, values, ctx, exclude=(winner,))


def _option(state: State, values: list[float], ctx: _Context, exclude: tuple[int, ...] = ()) -> None:
    """Eligible bidders keep a share of the best surplus on display for a later auction."""
    share = W["option"]
    slot = state.slot
    for s in range(state.players):
        if s in exclude or state.bid_status[s] != ELIGIBLE:
            continue
        money = max(0, state.money[s])
        best = 0.0
        for k, block in enumerate(state.display):
            if block == NONE or k == slot or B_COST[block] > money:
                continue
            surplus = seat_value(state, s, ctx, block, B_COST[block]) - values[s]
            if surplus > best:
                best = surplus
        values[s] += share * best


def quiet(state: State) -> bool:
    """False while an auction is running (bids open): the estimate of a position cut off
    there hangs on a guess at who wins the block, so the search plays the auction out."""
    return not (state.phase == 1 and state.step in (S_AUCTION, S_OPEN_BID) and state.slot != NONE)


def evaluate(state: State, seat: int) -> float:
    """Estimated final splendor margin of ``seat`` over the best opponent."""
    n = state.players
    if state.step == S_OVER:
        values = [float(v) for v in state.splendor]
    else:
        ctx = _Context(state)
        values = [seat_value(state, s, ctx) for s in range(n)]
        if state.phase == 1:
            if state.step in (S_AUCTION, S_OPEN_BID) and state.slot != NONE:
                _auction(state, values, ctx)
            elif any(state.bid_status[s] == ELIGIBLE for s in range(n)):
                _option(state, values, ctx)
    best = max(values[s] for s in range(n) if s != seat)
    return values[seat] - best


__all__ = ["W", "evaluate", "quiet", "seat_value", "block_worth"]
