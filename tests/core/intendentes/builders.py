"""Small builders for the per-effect tests (test_effects_*.py) and the fuzz test.

Positions are made with :mod:`tests.core.intendentes.rules_helpers` (setup, then direct
field edits that keep every card, block and inhabitant accounted for); they are then driven
only through the public contract: :func:`do` applies one legal action with ``GAME.apply``,
:func:`drive` applies the "do nothing" choice of each decision until a condition holds.
"""

from __future__ import annotations

from typing import Callable

from core.intendentes import GAME
from core.intendentes.actions import (
    END,
    KEEP_HAND,
    PASS,
    SKIP,
    STOP,
    Action,
    Decline,
    Play,
)
from core.intendentes.content import BLOCKS, PLAN_BY_KEY, SUPPLY
from core.intendentes.state import (
    S_AUCTION,
    S_DEMOGRAPHY,
    S_FAST,
    S_HAND,
    S_MARKET,
    S_OPEN,
    S_OVER,
    S_PLACE,
    S_SECURITY,
    S_WINDOW,
    W_EXODUS,
    State,
)
from tests.core.intendentes.rules_helpers import (
    at,
    block,
    give,
    hand,
    new,
    ok,
    plan,
    put_on_display,
    set_event,
    set_people,
)

__all__ = [
    "at",
    "block",
    "give",
    "hand",
    "new",
    "ok",
    "plan",
    "put_on_display",
    "set_event",
    "set_people",
    "do",
    "drive",
    "neutral",
    "legal",
    "plays_of",
    "play_plan",
    "inhabitants_total",
    "fill_supply",
    "plan_on_top",
]


def legal(state: State) -> list[Action]:
    """The legal actions of the seat to act."""
    return GAME.legal_actions(state, state.actor)


def do(state: State, action: Action, seat: int | None = None) -> State:
    """``GAME.apply`` of a legal ``action`` (default: by the seat to act); checks that it is
    listed by ``legal_actions`` and that the result keeps every invariant."""
    who = state.actor if seat is None else seat
    assert GAME.to_act(state) == [who]
    assert action in GAME.legal_actions(state, who), (action, GAME.legal_actions(state, who))
    after = GAME.apply(state, who, action)
    assert GAME.problems(after) == []
    return after


def play_plan(state: State, key: str, target: int | None = None) -> State:
    """The seat to act plays plan ``key`` on ``target`` (default: itself)."""
    seat = state.actor
    return do(state, Play(PLAN_BY_KEY[key].index, seat if target is None else target))


def plays_of(state: State) -> set[tuple[str, int]]:
    """``(plan key, target)`` of every legal play of the seat to act."""
    from core.intendentes.content import PLANS

    return {(PLANS[a.plan].key, a.target) for a in legal(state) if isinstance(a, Play)}


def neutral(state: State) -> Action:
    """The choice that does the least at the current decision: pass, end, skip, stop,
    keep the hand, decline; otherwise the first listed action."""
    actions = legal(state)
    step = state.step
    if step in (S_WINDOW, S_MARKET, S_AUCTION) and PASS in actions:
        return PASS
    if step in (S_DEMOGRAPHY, S_SECURITY):
        return END
    if step == S_FAST:
        return SKIP if SKIP in actions else STOP
    if step == S_HAND:
        return KEEP_HAND
    if step == S_PLACE and STOP in actions:
        return STOP
    if step == S_OPEN:
        declines = [a for a in actions if isinstance(a, Decline)]
        if declines:
            return declines[0]
    return actions[0]


def drive(state: State, until: Callable[[State], bool], limit: int = 400) -> State:
    """Apply :func:`neutral` choices until ``until(state)`` holds (checked first)."""
    for _ in range(limit):
        if until(state):
            return state
        assert state.step != S_OVER, "the game ended before the condition held"
        state = do(state, neutral(state))
    raise AssertionError("the condition never held")


def inhabitants_total(state: State) -> int:
    """Supply + every district (+ a Rural Exodus inhabitant in transit)."""
    total = state.supply + sum(sum(row) for row in state.people)
    if state.step == S_PLACE and state.why == W_EXODUS:
        total += state.left
    return total


BIG_BLOCKS: tuple[str, ...] = (
    "B16", "B18", "B15", "B19", "B20", "B08", "B09", "B10",
    "B11", "B13", "B14", "B17", "B05", "B06", "B07", "B12",
)
"""Towns and cities with room for many inhabitants (capacities 7 down to 4)."""


def fill_supply(state: State, seats: tuple[int, ...], keep: int = 0) -> None:
    """Bring the supply down to ``keep`` tokens with districts of ``seats`` that have no births
    to come: their initial towns filled, full big towns and cities from the deck (at most 10
    blocks a seat), and the rest on their initial fields (fields have no births)."""
    pool = [b for b in BIG_BLOCKS if all(block(b) not in row for row in state.blocks)]
    pool.sort(key=lambda b: -BLOCKS[block(b)].capacity)

    def top_up(seat: int, block_id: str) -> None:
        index = block(block_id)
        if state.supply <= keep or index not in state.blocks[seat]:
            return
        i = state.blocks[seat].index(index)
        room = state.capacity[seat][i] - state.people[seat][i]
        set_people(state, seat, block_id, state.people[seat][i] + min(room, state.supply - keep))

    for seat in seats:
        top_up(seat, "IT-F" if state.family else "IT-A")
        for block_id in list(pool):
            room = BLOCKS[block(block_id)].capacity
            if len(state.blocks[seat]) < 10 and room <= state.supply - keep:
                give(state, seat, block_id, room)
                pool.remove(block_id)
    for seat in seats:
        top_up(seat, "IF-F" if state.family else "IF-A")
    assert state.supply == keep, f"could not bring the supply down to {keep}"
    assert inhabitants_total(state) == SUPPLY
    assert GAME.problems(state) == []


def plan_on_top(state: State, *keys: str) -> None:
    """Put these plans on top of the plan deck, the last one on top (from the deck or the
    discard pile), so that the next draw is known."""
    for key in keys:
        index = plan(key)
        if index in state.plan_deck:
            state.plan_deck.remove(index)
        else:
            state.plan_discard.remove(index)
        state.plan_deck.append(index)
    state.cache = None
