"""Seeded random games at 2, 3 and 4 players, checking the rules' invariants after every action."""

from __future__ import annotations

import random

import pytest

from core.council import GAME
from core.council.board import LAYOUT_KEYS
from tests.core.council.helpers import check_invariants

GAMES = 20
MAX_DECISIONS = 20_000


def run_game(players: int, seed: int) -> None:
    """Play one random game on a layout picked by the seed, checking every step."""
    rng = random.Random(seed)
    layout = LAYOUT_KEYS[seed % len(LAYOUT_KEYS)]
    state = GAME.setup([f"P{i}" for i in range(players)], seed, {"layout": layout})
    check_invariants(state)
    decisions = 0
    merchants = [0] * players
    trigger = -1
    turns_after_trigger: list[int] = []
    while not GAME.is_over(state):
        seats = GAME.to_act(state)
        assert len(seats) == 1
        seat = seats[0]
        actions = GAME.legal_actions(state, seat)
        assert len(actions) >= 2, "forced moves are applied by the engine"
        assert len(set(actions)) == len(actions)
        action = rng.choice(actions)
        if decisions % 50 == 0:
            assert GAME.why_illegal(state, seat, action) is None
            after = GAME.apply(state, seat, action)
            GAME.apply_in_place(state, seat, action)
            assert after == state
        else:
            GAME.apply_in_place(state, seat, action)
        check_invariants(state)
        decisions += 1
        assert decisions < MAX_DECISIONS, "the game must end"
        built = [b.bit_count() for b in state.built]
        assert all(b >= m for b, m in zip(built, merchants))  # merchants never leave the map
        merchants = built
        if trigger < 0 and state.end_trigger >= 0:
            trigger = state.end_trigger
            assert built[trigger] == 10
        if trigger >= 0 and (state.current != seat or GAME.is_over(state)) and seat != trigger:
            turns_after_trigger.append(seat)
    # The trigger's turn ended, then every other seat played exactly one more turn.
    assert trigger >= 0 and max(merchants) == 10
    expected = [(trigger + k) % players for k in range(1, players)]
    assert turns_after_trigger == expected
    assert state.vp[trigger] >= 3
    result = GAME.result(state)
    assert len(result.ranks) == players and min(result.ranks) == 1
    assert GAME.decode_state(GAME.encode_state(state)) == state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_invariants(players: int) -> None:
    for game in range(GAMES):
        run_game(players, seed=1000 * players + game)
