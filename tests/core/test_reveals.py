"""After a seat's own move, what it sees depends on what it could not see only through a
reveal, and every reveal is an undo barrier.

The check: at positions of seeded random games, for the seat to act, the game's
:meth:`~core.engine.Game.determinize` of its view gives positions it cannot tell from the
real one. The same move is made in each. The seat's view afterwards must be the same as in
the real game, unless the move was a barrier both there and in the real game (a draw from
a hidden pile, a reveal of secret choices). A forced move taken for another seat because
of what it holds (a pass for want of secret money, a window skipped for want of a
playable secret plan), or a log line that names a secret card, differs without a barrier,
and fails here.
"""

from __future__ import annotations

from typing import Any

import pytest

from core.registry import get_game
from core.rng import Rng

# Per game, the (players, options) of the games checked: every hidden-information option.
SETS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "quadropolis": [(2, {}), (4, {"adjacency_needs_activation": True})],
    "council": [(2, {}), (4, {"layout": "2/1/2"})],
    "elgrande": [(2, {"castillo_visible": False}),
                 (4, {"castillo_visible": False, "veto_windows": "start_only"}),
                 (3, {"use_veto": False, "short_game": True})],
    "intendentes": [(2, {"hidden_money": True}), (3, {}), (4, {"family": True, "hidden_money": True})],
    "settlement": [(1, {}), (3, {"difficulty": "hard", "characters": "random"})],
}
CASES = [(game_id, players, options) for game_id, sets in SETS.items() for players, options in sets]
SEEDS = range(3)
MOVES = 400  # positions checked per seeded game (most games end sooner)
WORLDS = 3  # positions the seat cannot tell apart, per position


def leaks(game_id: str, players: int, options: dict[str, Any], seed: int,
          moves: int = MOVES) -> list[str]:
    """Every move of a seeded random game after which its maker's view depended on what it
    could not see, without a barrier; each as a line saying where."""
    game = get_game(game_id)
    parsed = {spec.key: spec.parse(options.get(spec.key, spec.default)) for spec in game.info.options}
    state = game.setup([f"P{i}" for i in range(players)], seed, parsed)
    rng = Rng(seed * 7919 + players)
    found: list[str] = []
    for number in range(moves):
        if game.is_over(state):
            break
        acting = game.to_act(state)
        seat = acting[rng.randbelow(len(acting))]
        legal = game.legal_actions(state, seat)
        action = legal[rng.randbelow(len(legal))]
        after = game.apply(state, seat, action)
        seen = game.encode_state(game.view(after, seat))
        barrier = game.is_undo_barrier(state, after)
        view = game.view(state, seat)
        seen_before = game.encode_state(view)
        for world in range(WORLDS):
            other = game.determinize(view, seat, rng)
            assert game.encode_state(game.view(other, seat)) == seen_before, \
                f"{game_id}: determinize changed what seat {seat} sees"
            reason = game.why_illegal(other, seat, action)
            assert reason is None, f"{game_id} move {number}: legal for what seat {seat} sees, yet {reason}"
            other_after = game.apply(other, seat, action)
            if game.encode_state(game.view(other_after, seat)) == seen:
                continue
            if barrier and game.is_undo_barrier(other, other_after):
                continue
            found.append(f"{game_id} {players}p {options} seed {seed} move {number}: "
                         f"seat {seat} {game.describe(action, state)!r} (world {world}; "
                         f"barrier here {barrier}, there {game.is_undo_barrier(other, other_after)})")
            break
        state = after
    return found


@pytest.mark.parametrize("game_id, players, options", CASES,
                         ids=[f"{g}-{p}p-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'box'}"
                              for g, p, o in CASES])
def test_a_move_shows_its_maker_what_it_could_not_see_only_through_a_barrier(
        game_id: str, players: int, options: dict[str, Any]) -> None:
    found = [line for seed in SEEDS for line in leaks(game_id, players, options, seed)]
    assert found == [], "\n".join(found[:12])
