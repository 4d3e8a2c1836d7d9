"""Seeded random games at 2-5 players checking invariants at every step (the suggested
invariants: caballeros conserved and the like).

Each step checks: the rules' invariants of the state (:func:`core.elgrande.invariants.problems`:
caballeros conserved, 13 power cards per player, distinct bids, ...), the King's region untouched
while he stays, no single-option decisions offered, views never leaking secrets, the views'
determinizations matching the views, and encode/decode round trips. Games end after round 9.
"""

from __future__ import annotations

import random

import pytest

from core.elgrande import GAME
from core.elgrande.content import NUM_REGIONS, SETUP
from core.elgrande.scoring import area_points, regions_value
from core.elgrande.invariants import problems
from core.elgrande.state import DISK, HIDDEN_DISK, OVER, State
from core.rng import Rng

GAMES = 10


def check_step(before: State, after: State) -> None:
    """The rules' invariants of ``after`` (:func:`core.elgrande.invariants.problems`), and what may
    change between two consecutive states of a game."""
    assert problems(after) == []
    assert SETUP.in_play + SETUP.score_marker == SETUP.caballeros == 31  # 30 in play + the score marker
    n = after.players
    for s in range(n):
        assert after.score[s] >= before.score[s]
    if before.king == after.king:
        k = after.king
        assert before.board[k] == after.board[k], "the King's region changed"
        for s in range(n):
            assert (before.grandes[s] == k) == (after.grandes[s] == k)
        for b in (0, 1):
            assert (before.scoreboards[b] == k) == (after.scoreboards[b] == k)
    if before.round in SETUP.general_scoring_after and after.round != before.round:
        assert sum(after.castillo) == 0, "the Castillo is empty right after a general scoring"
    # The bots' memoized fast path agrees with scoring each region by the plain rules.
    slow = [0] * n
    for region in range(NUM_REGIONS):
        for part in area_points(after, region):
            for s in range(n):
                slow[s] += part[s]
    assert regions_value(after) == slow


def check_views(state: State, rng: Rng) -> None:
    """Views hide what they must, round-trip through encoding, and determinize consistently."""
    n = state.players
    for seat in list(range(n)) + [None]:
        view = GAME.view(state, seat)
        assert view.rng is None
        for other in range(n):
            if other == seat:
                assert view.hand[other] == state.hand[other]
                continue
            assert view.hand[other] == state.hand[other] & ~state.cands[other]
            if state.phase == DISK and state.disks[other] >= 0:
                assert view.disks[other] == HIDDEN_DISK
        assert all(row == sorted(row) for row in view.stacks)
        if not state.castillo_visible:
            assert view.castillo == [0] * n
        data = GAME.encode_state(view)
        assert "rng" not in data
        assert GAME.decode_state(data) == view
        if seat is None:
            continue
        det = GAME.determinize(view, seat, rng)
        assert det.rng is not None and det.viewer == -1
        assert GAME.view(det, seat) == view
        assert GAME.decode_state(GAME.encode_state(det)) == det
        if not GAME.is_over(det):
            assert GAME.to_act(det) == GAME.to_act(state)


def run_game(players: int, seed: int, options: dict | None = None, views_every: int = 7) -> State:
    """Play one random game through ``GAME.apply`` with every check; returns the final state."""
    rng = random.Random(seed)
    det_rng = Rng(seed, stream=9)
    state = GAME.setup([f"P{i}" for i in range(players)], seed, options or {})
    rounds_seen = {state.round}
    steps = 0
    while not GAME.is_over(state):
        acting = GAME.to_act(state)
        assert acting
        seat = rng.choice(acting)
        actions = GAME.legal_actions(state, seat)
        assert len(actions) >= 2, "single-option decisions are automatic"
        assert len(set(actions)) == len(actions)
        action = rng.choice(actions)
        assert GAME.decode_action(GAME.encode_action(action)) == action
        before = state
        snapshot = GAME.encode_state(before)
        state = GAME.apply(before, seat, action)
        assert GAME.encode_state(before) == snapshot, "apply mutated its input"
        check_step(before, state)
        rounds_seen.add(state.round)
        steps += 1
        if steps % views_every == 0 or state.phase == DISK:
            check_views(state, det_rng)
            assert GAME.decode_state(GAME.encode_state(state)) == state
    assert state.phase == OVER and state.round == SETUP.rounds
    expected = set(SETUP.short_game_rounds) if (options or {}).get("short_game") else set(range(1, 10))
    assert rounds_seen == expected
    for s in range(players):
        assert len(state.played[s]) == len(expected)
        assert state.castillo[s] == 0
    result = GAME.result(state)
    assert result.totals == tuple(state.score) and min(result.ranks) == 1
    assert GAME.decode_state(GAME.encode_state(state)) == state
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_invariants(players: int) -> None:
    for game in range(GAMES):
        run_game(players, seed=1000 * players + game)


@pytest.mark.parametrize(
    "options",
    [
        {"veto_windows": "start_only"},
        {"use_veto": False},
        {"castillo_visible": False},
        {"short_game": True, "score_class_uses_printed": True},
    ],
)
def test_random_games_with_options(options: dict) -> None:
    for game in range(3):
        run_game(4, seed=77 + game, options=options)
