"""Seeded random games at 2, 3 and 4 players, checking the engine invariants (tiles,
Architects, towers, pools) at every step
(:func:`core.quadropolis.state.problems`) and the flow of rounds and placements."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from core.quadropolis import GAME
from core.quadropolis.actions import Build, Discard, Place
from core.quadropolis.content import TILES
from core.quadropolis.state import problems

GAMES = 30


def run_game(players: int, seed: int) -> None:
    """Play one random game, checking per-step, per-round and end-of-game invariants."""
    rng = random.Random(seed)
    state = GAME.setup([f"P{i}" for i in range(players)], seed, {})
    placements: Counter = Counter()  # (round, seat) -> Architects placed
    slots_seen: set[tuple[int, str]] = set()
    rounds_started = 0
    round_tiles: set[int] = set()
    while not GAME.is_over(state):
        if state.turn == 0 and state.phase == "place":
            rounds_started += 1
            on_site = [t for t in state.site + state.face_down if t >= 0]
            assert len(on_site) == 25 and state.urbanist == -1
            assert {t for t in on_site} == {t.index for t in TILES if t.round == state.round}
            assert not any(code >= 0 for code in state.slots)
            round_tiles |= set(on_site)
        seats = GAME.to_act(state)
        assert len(seats) == 1
        seat = seats[0]
        actions = GAME.legal_actions(state, seat)
        assert actions, "a player always has a legal move (ruling A13)"
        if state.phase == "build":
            assert actions[-1] == Discard()
        action = rng.choice(actions)
        if isinstance(action, Place):
            key = (state.round, action.slot)
            assert key not in slots_seen  # no two Architects on one slot in a round
            slots_seen.add(key)
            placements[(state.round, seat)] += 1
        before_round = state.round
        state = GAME.apply(state, seat, action)
        assert problems(state) == []
        if isinstance(action, (Build, Discard)) or state.round != before_round:
            assert state.pending == -1
    assert rounds_started == 4
    assert all(placements[(r, s)] == 4 for r in range(1, 5) for s in range(players))
    assert state.placements == [16] * players
    # Every tile of every round ends exactly once in a city, the discard pile or the box.
    ends = [t for city in state.cities for stack in city for t in stack] + state.discards + state.box
    assert len(ends) == len(set(ends)) == 100
    assert set(ends) == round_tiles == {t.index for t in TILES}
    result = GAME.result(state)
    assert len(result.ranks) == players and min(result.ranks) == 1
    assert GAME.decode_state(GAME.encode_state(state)) == state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_invariants(players: int) -> None:
    for game in range(GAMES):
        run_game(players, seed=1000 * players + game)
