"""The round flow (§3): a phase begins, its plan window ends, the round or the game ends
(with the final bonuses of §11), and :func:`_advance` walks the stages in the engine order
until a decision is needed.
"""

from __future__ import annotations

from collections import Counter

from core.intendentes.auction import _clear_auction, _open_next
from core.intendentes.balance import _births, _feed, _income
from core.intendentes.bonuses import final_bonuses
from core.intendentes.cards import _draw_keep, move_discontent
from core.intendentes.content import (
    CATHEDRAL_DEMONSTRATION_SPLENDOR,
    DECLINE_CARD_SPLENDOR,
    DECLINE_DEMONSTRATION_SPLENDOR,
    DEMONSTRATION,
    DISCONTENT_MAX,
    FAST_INCREASE_MAX,
    FIRE,
    FLOOD,
    HAND_LIMIT,
    INFLATION_STEPS,
    INSECURITY,
    LAST_SPACE_DEMONSTRATIONS,
    MARKET_LAST,
    PRESS_CAMPAIGN_CUT,
    ROUNDS,
    SCHOOL_CUT,
)
from core.intendentes.districts import _has_free, market_price, plays
from core.intendentes.events import _event_for
from core.intendentes.plans import _window_open
from core.intendentes.state import (
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
    S_DEMOGRAPHY,
    S_FAST,
    S_HAND,
    S_MARKET,
    S_OVER,
    S_SECURITY,
    S_WINDOW,
    W_PLANNING,
    State,
)
from core.intendentes.tables import CATHEDRAL, EV_KEY, P_PRESS, SCHOOL


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
    if state.hidden_money:
        # Money breaks ties of splendor and risk: the order then tells who has more, a
        # reveal of hidden money (an undo barrier, as a draw is).
        tied = Counter((state.splendor[s], sum(state.risk[s])) for s in range(n))
        if any(count > 1 for count in tied.values()):
            state.reveals += 1
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
                # With hidden money every mayor is asked: a skip would tell what it has.
                if state.hidden_money or state.money[seat] >= market_price(state, seat):
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
