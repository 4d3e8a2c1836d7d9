"""Building Intendentes positions by hand for the rules tests (test_rules_*.py).

A game is set up normally, then fields are edited so that every card, block and
inhabitant stays accounted for (``problems`` stays empty): blocks are taken from the deck or
the display, inhabitants from the supply, events swapped with the dealt ones.
"""

from __future__ import annotations

from typing import Any

from core.intendentes import GAME
from core.intendentes import rules
from core.intendentes.content import BLOCK_BY_ID, EVENT_BY_KEY, PLAN_BY_KEY
from core.intendentes.state import (
    G_SECURITY,
    NONE,
    S_SECURITY,
    State,
)


def new(players: int = 4, **options: Any) -> State:
    """A game with seat 0 first and the turn order 0, 1, 2, ... (round 1)."""
    opts: dict[str, Any] = {"first_player": "0"}
    opts.update(options)
    return GAME.setup([f"P{i}" for i in range(players)], 1, opts)


def block(block_id: str) -> int:
    """The index of a block id ("B13", "IT-A")."""
    return BLOCK_BY_ID[block_id].index


def plan(key: str) -> int:
    """The index of a plan key ("social_subsidies")."""
    return PLAN_BY_KEY[key].index


def take_block(state: State, index: int) -> None:
    """Take a deck block out of the deck, the discard pile, the display or the next slot
    (the display and the next slot are refilled from the deck)."""
    if index in state.block_deck:
        state.block_deck.remove(index)
    elif index in state.block_discard:
        state.block_discard.remove(index)
    elif index in state.display:
        state.display[state.display.index(index)] = state.block_deck.pop()
    elif index == state.next_block:
        state.next_block = state.block_deck.pop()
    else:
        raise ValueError(f"block {index} is not for sale")


def put_on_display(state: State, slot: int, block_id: str) -> None:
    """Show ``block_id`` on display ``slot`` (the block there goes under the deck)."""
    index = block(block_id)
    if state.display[slot] == index:
        return
    take_block(state, index)
    old = state.display[slot]
    if old != NONE:
        state.block_deck.insert(0, old)
    state.display[slot] = index
    state.cache = None


def give(state: State, seat: int, block_id: str, people: int = 0) -> int:
    """Add ``block_id`` to ``seat``'s district with ``people`` inhabitants from the supply
    (no acquisition effects); returns its index."""
    index = block(block_id)
    take_block(state, index)
    state.blocks[seat].append(index)
    state.people[seat].append(0)
    state.capacity[seat].append(BLOCK_BY_ID[block_id].capacity)
    set_people(state, seat, block_id, people)
    return index


def set_people(state: State, seat: int, block_id: str, people: int) -> None:
    """Set the inhabitants of one of ``seat``'s blocks (the difference from the supply)."""
    i = state.blocks[seat].index(block(block_id))
    state.supply -= people - state.people[seat][i]
    state.people[seat][i] = people
    state.cache = None


def set_event(state: State, key: str) -> None:
    """Make ``key`` this round's revealed event (phase 4 or later)."""
    event = EVENT_BY_KEY[key].index
    if state.events_seen:
        state.event_deck.append(state.events_seen.pop())
    if event in state.event_deck:
        state.event_deck.remove(event)
    else:
        state.event_deck.pop(0)
    state.events_seen.append(event)
    state.event = event
    state.cache = None


def at(state: State, phase: int, stage: int, step: int, seat: int) -> None:
    """Put the flow at ``stage``/``step`` of ``phase`` with ``seat`` to act (events revealed
    as the phase needs; a security turn starts fresh)."""
    while state.phase < 4 <= phase and len(state.events_seen) < state.round:
        event = state.event_deck.pop()
        state.events_seen.append(event)
        state.event = event
        state.phase = 4
    state.phase = phase
    state.stage = stage
    state.step = step
    state.actor = seat
    state.pos = state.order.index(seat)
    if stage == G_SECURITY and step == S_SECURITY:
        state.sec_officers = [0] * len(state.blocks[seat])
        state.sec_paid = 0
    state.cache = None


def hand(state: State, seat: int, *keys: str) -> None:
    """Give ``seat`` these plans (taken from the deck or the discard pile)."""
    for key in keys:
        index = plan(key)
        if index in state.plan_deck:
            state.plan_deck.remove(index)
        else:
            state.plan_discard.remove(index)
        state.hand[seat].append(index)
    state.hand[seat].sort()
    state.cache = None


def legal(state: State, seat: int | None = None) -> list[Any]:
    """The legal actions of ``seat`` (default: the one to act)."""
    return GAME.legal_actions(state, state.actor if seat is None else seat)


def play(state: State, action: Any, seat: int | None = None) -> None:
    """Apply ``action`` for ``seat`` (default: the one to act), checking it is legal."""
    who = state.actor if seat is None else seat
    assert GAME.why_illegal(state, who, action) is None, (action, legal(state, who))
    GAME.apply_in_place(state, who, action)


def ok(state: State) -> None:
    """The state keeps every invariant."""
    assert GAME.problems(state) == []


__all__ = ["rules"]
