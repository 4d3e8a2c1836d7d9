"""The cards a mayor takes, gives back and draws: the discontent track, whose fists hand out
Demonstration cards and take them back (§5.4), penalty cards within the round's cap, and
plan cards (draw 2 and keep 1, §4.6; an empty deck takes the shuffled discard pile).
"""

from __future__ import annotations

import bisect

from core.intendentes.content import DEMONSTRATION, DISCONTENT_MAX, PENALTY_CAP, PLANS_DRAWN
from core.intendentes.state import NONE, S_KEEP, State
from core.intendentes.tables import FIST


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
    (``keep`` step), also between two copies of one plan: the draw is secret, so a keep
    made for the mayor would tell everyone what it kept; otherwise the draw was settled at
    once (nothing, or the one card left)."""
    drawn = []
    for _ in range(PLANS_DRAWN):
        plan = _draw_plan(state)
        if plan == NONE:
            break
        drawn.append(plan)
    state.log.append(("draw", seat, len(drawn)))
    if drawn:
        state.reveals += 1
    if len(drawn) >= 2:
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
