"""Test helpers for El Grande: building positions by hand and playing random moves."""

from __future__ import annotations

import random
from typing import Any, Iterable

from core.elgrande import GAME
from core.elgrande import rules
from core.elgrande.actions import Action
from core.elgrande.content import CARD_INDEX, CARD_STACK, REGION_INDEX
from core.elgrande.invariants import problems
from core.elgrande.state import TAKE, State

R = REGION_INDEX  # region id -> index


def new(players: int = 3, seed: int = 1, **options: Any) -> State:
    """A fresh game."""
    return GAME.setup([f"P{i}" for i in range(players)], seed, options)


def play_random(state: State, steps: int, seed: int = 0) -> State:
    """Apply up to ``steps`` random legal actions in place (all seats of a disk group in turn)."""
    rng = random.Random(seed)
    for _ in range(steps):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)[0]
        GAME.apply_in_place(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


def clear_board(state: State) -> None:
    """Send every caballero on the board and in the Castillo to its owner's provinces."""
    n = state.players
    for r in range(9):
        for s in range(n):
            state.provinces[s] += state.board[r][s]
            state.board[r][s] = 0
    for s in range(n):
        state.provinces[s] += state.castillo[s]
        state.castillo[s] = 0
    state.castillo_log = []


def set_region(state: State, region: str, counts: Iterable[int]) -> None:
    """Put exactly ``counts[seat]`` caballeros in a region (taken from / returned to provinces)."""
    r = R[region]
    for s, c in enumerate(counts):
        delta = c - state.board[r][s]
        state.provinces[s] -= delta
        state.board[r][s] = c
        assert state.provinces[s] >= 0
    state.cache = None


def set_castillo(state: State, counts: Iterable[int]) -> None:
    """Put exactly ``counts[seat]`` caballeros in the Castillo (log rebuilt accordingly)."""
    state.castillo_log = []
    for s, c in enumerate(counts):
        state.provinces[s] -= c - state.castillo[s]
        state.castillo[s] = c
        if c:
            state.castillo_log.append((state.round, s, c))
        assert state.provinces[s] >= 0
    state.cache = None


def give_turn(state: State, seat: int, card_id: str, court: int | None = None) -> State:
    """Put the game into ``seat``'s turn body with ``card_id`` just taken (rounds untouched).

    The bids of the round are faked so that ``seat`` plays first; the card is put face up
    on its stack and taken with the normal rules, so Veto cards are handled as usual.
    """
    from core.elgrande.actions import TAKE

    n = state.players
    state.cache = None
    card = CARD_INDEX[card_id]
    stack = CARD_STACK[card]
    # Remove one copy of the card from wherever it is among the hidden/face-up cards.
    if stack <= 4:
        if state.face_up[stack - 1] != card:
            if card in state.stacks[stack - 1]:
                state.stacks[stack - 1].remove(card)
                if state.face_up[stack - 1] >= 0:
                    state.stacks[stack - 1].append(state.face_up[stack - 1])
            elif card in state.out:
                state.out.remove(card)
                if state.face_up[stack - 1] >= 0:
                    state.out.append(state.face_up[stack - 1])
            else:
                raise AssertionError(f"no free copy of {card_id}")
            state.face_up[stack - 1] = card
    order = [seat] + [s for s in range(n) if s != seat]
    values = list(range(13, 13 - n, -1))
    for s in range(n):
        if state.bids[s]:
            state.played[s].pop()
            state.hand[s] |= 1 << state.bids[s]
    for s, v in zip(order, values):
        state.bids[s] = v
        state.hand[s] &= ~(1 << v)
        state.played[s].append(v)
    state.bid_count = n
    state.order = order
    state.turn_idx = 0
    state.cur = seat
    state.reset_turn()
    if court is not None:
        state.provinces[seat] += state.court[seat] - court
        state.court[seat] = court
    state.phase = TAKE
    rules.apply_in_place(state, seat, TAKE[stack])
    return state


def conserved(state: State) -> bool:
    """True if ``state`` breaks no rule invariant (:func:`core.elgrande.invariants.problems`),
    among them every seat having its 30 in-play caballeros somewhere."""
    return not problems(state)


def act(state: State, seat: int, action: Action) -> State:
    """Apply through the public contract (validates, returns a new state)."""
    return GAME.apply(state, seat, action)


def fresh(state: State) -> State:
    """Forget cached legal actions after editing a state by hand."""
    state.cache = None
    return state


def give_veto(state: State, seat: int) -> None:
    """Hand ``seat`` a live Veto card (taken from wherever a free copy lies)."""
    from core.elgrande.state import VETO_CARD

    if VETO_CARD in state.stacks[1]:
        state.stacks[1].remove(VETO_CARD)
    elif VETO_CARD in state.out:
        state.out.remove(VETO_CARD)
    elif state.face_up[1] == VETO_CARD:
        state.face_up[1] = -1
    else:
        raise AssertionError("no free Veto card")
    state.vetoes.append((seat, state.round + 1))
    state.cache = None


def turn(
    card: str,
    players: int = 3,
    king: str = "castilla_nueva",
    regions: dict[str, list[int]] | None = None,
    castillo: list[int] | None = None,
    court: int = 5,
    seat: int = 0,
    grandes: list[str] | None = None,
    vetoes: Iterable[int] = (),
    **options: Any,
) -> State:
    """A game on an empty board set up as given, in ``seat``'s turn with ``card`` just taken.

    Every Grande stands in Valencia unless ``grandes`` says otherwise; other seats keep
    their 7 court caballeros; ``seat`` has ``court`` of them.
    """
    state = new(players, seed=5, **options)
    clear_board(state)
    state.king = R[king]
    state.grandes = [R[g] for g in grandes] if grandes else [R["valencia"]] * players
    for rid, counts in (regions or {}).items():
        set_region(state, rid, counts)
    if castillo:
        set_castillo(state, castillo)
    for holder in vetoes:
        give_veto(state, holder)
    give_turn(state, seat, card, court=court)
    return state


def legal(state: State, seat: int | None = None) -> list[Action]:
    """Legal actions of ``seat`` (default: the first seat to act)."""
    if seat is None:
        seat = GAME.to_act(state)[0]
    return GAME.legal_actions(state, seat)


def play_until(state: State, done: Any, seed: int = 0, limit: int = 10_000) -> State:
    """Apply random legal actions in place until ``done(state)`` is true (or the game ends)."""
    rng = random.Random(seed)
    for _ in range(limit):
        if done(state) or GAME.is_over(state):
            return state
        seat = GAME.to_act(state)[0]
        GAME.apply_in_place(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    raise AssertionError("condition never reached")
