"""The search levels with a game's rollout policy (SearchProfile.rollout_policy)."""

from __future__ import annotations

from typing import Any

import pytest

from core.ai import SearchBot, SearchProfile, make_bot, play_game
from tests.core.ai.helpers import choice_points
from tests.toy_game import GAME, Action, BidState, SealedBids


class _Counting:
    """A policy (the first legal move) that counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, state: BidState, seat: int) -> Action:
        self.calls += 1
        return GAME.legal_actions(state, seat)[0]


def _game_with(policy: Any, margin: float = 0.0, candidates: int = 3) -> SealedBids:
    profile = SearchProfile(normal_iterations=6, hard_iterations=12, rollout_depth=None, root_candidates=candidates,
                            greedy_sample=None, greedy_noise=0.0, rollout_policy=policy, policy_margin=margin)

    class PolicyGame(SealedBids):
        ai_profile = profile

    return PolicyGame()


def test_levels_play_the_profiles_policy_in_their_rollouts() -> None:
    policy = _Counting()
    game = _game_with(policy)
    bot = make_bot("hard", 3, game=game)
    assert isinstance(bot, SearchBot)
    searched = 0
    for state, seat in choice_points(game, 12):
        before = policy.calls
        action = bot.choose(game, game.view(state, seat), seat)
        assert action in game.legal_actions(state, seat)
        if bot.last_iterations:
            searched += 1
            assert policy.calls - before > bot.last_iterations  # the root move plus whole rollouts
    assert searched


def test_policy_search_is_deterministic_per_seed() -> None:
    game = _game_with(_Counting())
    points = choice_points(game, 8)
    first = [make_bot("hard", 5, game=game).choose(game, game.view(s, p), p) for s, p in points]
    again = [make_bot("hard", 5, game=game).choose(game, game.view(s, p), p) for s, p in points]
    assert first == again


def test_a_full_margin_keeps_the_policys_move() -> None:
    game = _game_with(_Counting(), margin=1.0)
    bot = make_bot("hard", 7, game=game)
    for state, seat in choice_points(game, 10):
        assert bot.choose(game, game.view(state, seat), seat) == game.legal_actions(state, seat)[0]


def test_one_candidate_means_no_search() -> None:
    game = _game_with(_Counting(), candidates=1)
    bot = make_bot("normal", 2, game=game)
    assert isinstance(bot, SearchBot)
    for state, seat in choice_points(game, 5):
        assert bot.choose(game, game.view(state, seat), seat) == game.legal_actions(state, seat)[0]
        assert bot.last_iterations == 0


def test_the_plain_search_kind_and_policyless_games_ignore_it() -> None:
    policy = _Counting()
    game = _game_with(policy)
    plain = make_bot("search", 1, game=game)
    state, seat = choice_points(game, 1)[0]
    plain.choose(game, game.view(state, seat), seat)
    assert policy.calls == 0
    assert SearchBot(1, rollout="greedy").policy_of(GAME) == (None, 0.0)


def test_whole_games_with_a_policy_are_legal() -> None:
    game = _game_with(_Counting())
    bots = [make_bot("normal", i, game=game) for i in range(3)]
    state, decisions = play_game(game, ["A", "B", "C"], 4, bots, {"rounds": 3})
    assert game.is_over(state) and decisions


def test_policy_margin_must_be_a_share() -> None:
    for bad in (-0.1, 1.5):
        with pytest.raises(ValueError):
            SearchProfile(policy_margin=bad)
