"""The coach (core/ai/coach.py): values in the game's terms from the seat's view only,
seeded from the view, common sampled futures, cancellation and progress."""

from __future__ import annotations

import json
from typing import Any

import pytest

from core.ai import coach
from core.registry import game_ids, get_game
from core.rng import Rng


@pytest.fixture(autouse=True)
def few_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    """Six sampled futures a hint: the properties do not depend on how many."""
    real = coach.batches_for
    monkeypatch.setattr(coach, "batches_for", lambda game, level: min(6, real(game, level)))


def position(game_id: str, moves: int, seed: int = 3) -> tuple[Any, Any, int]:
    """A two-player game (Settlement solo) after ``moves`` seeded random moves; (game, state, seat)."""
    game = get_game(game_id)
    players = ["A"] if game.cooperative else ["A", "B"]
    state = game.setup(players, seed, {})
    rng = Rng(seed + 1)
    for _ in range(moves):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        game.apply_in_place(state, seat, legal[rng.randbelow(len(legal))])
    seat = game.to_act(state)[0]
    return game, state, seat


@pytest.mark.parametrize("game_id", game_ids())
def test_a_hint_is_seeded_by_the_view_and_hidden_information_never_matters(game_id: str) -> None:
    game, state, seat = position(game_id, 12)
    view = game.view(state, seat)
    first = coach.hint(game, view, seat, "normal")
    assert first == coach.hint(game, game.view(state, seat), seat, "normal"), "same position, same hint"
    assert first.seed == coach.hint_seed(game, view)
    # Two true states the seat cannot tell apart (its view, determinized) give the same hint.
    for k in (1, 2):
        other = game.determinize(view, seat, Rng(100 + k))
        other_view = game.view(other, seat)
        assert json.dumps(game.encode_state(other_view), sort_keys=True) == json.dumps(
            game.encode_state(view), sort_keys=True)
        assert coach.hint(game, other_view, seat, "normal") == first
        assert coach.hint(game, other_view, seat, "normal").moves == first.moves


@pytest.mark.parametrize("game_id", game_ids())
def test_values_are_in_the_games_terms_best_first(game_id: str) -> None:
    game, state, seat = position(game_id, 8)
    view = game.view(state, seat)
    result = coach.hint(game, view, seat, "normal")
    legal = game.legal_actions(view, seat)
    assert result.unit == ("chance" if game.cooperative else "points")
    assert result.complete and result.batches == coach.batches_for(game, "normal")
    assert 1 <= len(result.top()) <= coach.TOP
    assert all(move.action in legal for move in result.moves)
    values = [move.value for move in result.moves]
    assert values == sorted(values, reverse=True)
    for move in result.moves:
        assert move.samples == result.batches and move.spread >= 0
        if game.cooperative:
            assert 0.0 <= move.value <= 1.0
    assert result.loss(result.moves[0].action) == 0.0
    assert all((result.loss(m.action) or 0) >= 0 for m in result.moves)


def test_a_move_valued_later_keeps_the_values_of_the_others() -> None:
    game, state, seat = position("quadropolis", 6)
    view = game.view(state, seat)
    legal = game.legal_actions(view, seat)
    together = coach.value_moves(game, view, seat, legal[:4], "normal", seed=5)
    alone = coach.value_moves(game, view, seat, [legal[2]], "normal", seed=5)
    assert together.find(legal[2]) == alone.find(legal[2])
    assert together.find(legal[2]) != coach.value_moves(game, view, seat, [legal[2]], "normal", seed=6).find(legal[2])


def test_an_extra_move_is_valued_and_explained() -> None:
    game, state, seat = position("quadropolis", 6)
    view = game.view(state, seat)
    legal = game.legal_actions(view, seat)
    plain = coach.hint(game, view, seat, "normal")
    outside = [a for a in legal if plain.find(a) is None]
    assert outside, "a Quadropolis placement has more moves than candidates"
    extra = coach.hint(game, view, seat, "normal", extra=[outside[0]])
    assert extra.find(outside[0]) is not None
    for move in plain.moves:  # the same futures: the others keep their values
        found = extra.find(move.action)
        assert found is not None and (found.value, found.spread) == (move.value, move.spread)


def test_cancel_and_progress() -> None:
    game, state, seat = position("council", 10)
    view = game.view(state, seat)
    seen: list[int] = []

    def progress(done: int, total: int, so_far: coach.Hint) -> None:
        assert total == 6 and not so_far.complete or done == total
        seen.append(done)

    full = coach.hint(game, view, seat, "normal", progress=progress)
    assert seen == list(range(1, 7)) and full.complete
    calls = iter(range(100))
    stopped = coach.hint(game, view, seat, "normal", should_stop=lambda: next(calls) >= 2)
    assert not stopped.complete and stopped.batches == 3
    assert all(move.why == "" for move in stopped.moves)


def test_unknown_level() -> None:
    game = get_game("quadropolis")
    with pytest.raises(ValueError, match="unknown coach level"):
        coach.batches_for(game, "easy")


def test_formatting() -> None:
    assert coach.format_value(4.25, "points") == "+4.2"
    assert coach.format_value(0.625, "chance") == "62%"
    assert coach.format_value(-1.25, "points") == "−1.2"
    assert coach.format_spread(0.8, "points") == "±0.8"
    assert coach.format_spread(0.05, "chance") == "±5%"
    assert coach.format_loss(3.5, "points") == "−3.5 points"
    assert coach.format_loss(0.12, "chance") == "−12% chance to win"


HINT_IN_A_PROCESS = """
import json, sys
from core.ai import coach
from core.registry import get_game
from core.rng import Rng
game = get_game(sys.argv[1])
state = game.setup(["A"] if game.cooperative else ["A", "B"], 3, {})
rng = Rng(4)
for _ in range(10):
    seat = game.to_act(state)[0]
    legal = game.legal_actions(state, seat)
    game.apply_in_place(state, seat, legal[rng.randbelow(len(legal))])
seat = game.to_act(state)[0]
hint = coach.hint(game, game.view(state, seat), seat, "normal", batches=4)
print(json.dumps([[game.encode_action(m.action), m.value, m.spread, m.why] for m in hint.moves]))
"""


@pytest.mark.parametrize("game_id", game_ids())
def test_the_same_hint_in_every_process(game_id: str) -> None:
    """Python's hash of a string changes from one process to the next: a hint (the app's
    child process, `meeple hint`, a review) must not depend on it."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    answers = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(root)}
        done = subprocess.run([sys.executable, "-c", HINT_IN_A_PROCESS, game_id], env=env, cwd=root,
                              capture_output=True, text=True, timeout=120, check=True)
        answers.add(done.stdout)
    assert len(answers) == 1, answers
