"""Seeded random playouts of Intendentes at 2, 3 and 4 players: every legal action applies,
the invariants hold after each one, and the game ends after round 8 with a result.

Each seat's own view offers exactly its legal actions (bots choose from views). Every few
moves the playout also checks ``apply`` against ``apply_in_place`` on a clone,
the encoding round trip, and that views and their determinizations agree.
"""

from __future__ import annotations

import random

import pytest

from core.intendentes import GAME
from core.intendentes.rules import secretly_forced
from core.intendentes.content import ROUNDS
from core.rng import Rng

CASES = [(players, seed) for players in (2, 3, 4) for seed in (1, 2)]


@pytest.mark.parametrize(("players", "seed"), CASES, ids=[f"{p}p-seed{s}" for p, s in CASES])
def test_random_playout(players: int, seed: int) -> None:
    rng = random.Random(seed)
    options = {"family": seed % 2 == 0, "hidden_money": players == 3}
    state = GAME.setup([f"P{i}" for i in range(players)], seed, options)
    assert GAME.problems(state) == []
    moves = 0
    while not GAME.is_over(state):
        assert moves < 5000, "the game does not end"
        acting = GAME.to_act(state)
        assert len(acting) == 1
        seat = acting[0]
        actions = GAME.legal_actions(state, seat)
        assert actions, f"move {moves}: seat {seat} has no legal action"
        assert len(actions) > 1 or secretly_forced(state), f"move {moves}: a single option is asked ({actions[0]})"
        for other in range(players):
            if other != seat:
                assert GAME.legal_actions(state, other) == []
        # Bots choose from their own view: it must offer exactly the real choices.
        assert GAME.legal_actions(GAME.view(state, seat), seat) == actions
        action = rng.choice(actions)
        if moves % 25 == 0:
            data = GAME.encode_state(state)
            after = GAME.apply(state, seat, action)
            assert GAME.encode_state(state) == data
            assert GAME.encode_state(GAME.decode_state(data)) == data
            view = GAME.view(state, seat)
            assert GAME.problems(view) == []
            det = GAME.determinize(view, seat, Rng(moves))
            assert GAME.problems(det) == []
            assert GAME.encode_state(GAME.view(det, seat)) == GAME.encode_state(view)
            GAME.apply_in_place(state, seat, action)
            assert GAME.encode_state(state) == GAME.encode_state(after)
        else:
            GAME.apply_in_place(state, seat, action)
        moves += 1
        problems = GAME.problems(state)
        assert problems == [], f"move {moves} ({action}): {problems}"
    assert state.round == ROUNDS and state.phase == 8
    result = GAME.result(state)
    assert result.totals == tuple(state.splendor) and min(result.ranks) == 1
    assert GAME.to_act(state) == []
