"""Strength is measured, not assumed: search must clearly beat random on the toy game.

The games are seeded, so these tests are deterministic; the margins are wide (search wins
~90% of two-player games against random at the "normal" budget) so that harmless changes
to the bots do not make them flaky.
"""

from __future__ import annotations

from typing import Callable

from core.ai import Bot, RandomBot, make_bot, play_game
from tests.toy_game import GAME


def win_share(make_hero: Callable[[int], Bot], games: int, players: int, base_seed: int) -> float:
    """Games won by the hero (shared wins split) against random bots, seat rotating."""
    score = 0.0
    for game_no in range(games):
        hero_seat = game_no % players
        bots: list[Bot] = [
            make_hero(1000 + game_no) if seat == hero_seat else RandomBot(7 * game_no + seat)
            for seat in range(players)
        ]
        names = [f"p{seat}" for seat in range(players)]
        state, _ = play_game(GAME, names, base_seed + game_no, bots)
        winners = GAME.result(state).winners
        if hero_seat in winners:
            score += 1 / len(winners)
    return score / games


def test_normal_search_beats_random_heads_up() -> None:
    share = win_share(lambda seed: make_bot("normal", seed), games=40, players=2, base_seed=500)
    assert share >= 0.7, f"search won only {share:.0%} of games against random"


def test_search_beats_two_random_bots() -> None:
    share = win_share(lambda seed: make_bot("normal", seed), games=24, players=3, base_seed=900)
    assert share >= 0.5, f"search won only {share:.0%} of three-player games (random: 33%)"
