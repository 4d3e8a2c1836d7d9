"""The flat root search with common random numbers (SearchProfile.flat)."""

from __future__ import annotations

from core.ai import SearchBot, SearchProfile, make_bot, play_game
from core.rng import Rng
from tests.core.ai.helpers import choice_points
from tests.toy_game import BidState, SealedBids


def _flat_game(candidates: int = 3, iterations: int = 12) -> SealedBids:
    profile = SearchProfile(normal_iterations=6, hard_iterations=iterations, rollout_depth=6,
                            root_candidates=candidates, greedy_sample=None, greedy_noise=0.0, flat=True)

    class FlatGame(SealedBids):
        ai_profile = profile

    return FlatGame()


def test_levels_take_flat_from_the_profile_and_search_whole_batches() -> None:
    game = _flat_game(candidates=3, iterations=12)
    bot = make_bot("hard", 3, game=game)
    assert isinstance(bot, SearchBot) and bot.flat
    for state, seat in choice_points(game, 8, 4):
        action = bot.choose(game, game.view(state, seat), seat)
        assert action in game.legal_actions(state, seat)
        assert bot.last_iterations == 12  # 4 batches of the 3 candidates


def test_flat_search_is_deterministic_per_seed() -> None:
    game = _flat_game()
    points = choice_points(game, 8, 4)
    first = [make_bot("hard", 5, game=game).choose(game, game.view(s, p), p) for s, p in points]
    again = [make_bot("hard", 5, game=game).choose(game, game.view(s, p), p) for s, p in points]
    assert first == again


def test_one_candidate_is_greedys_move_without_a_search() -> None:
    game = _flat_game(candidates=1)
    for state, seat in choice_points(game, 5, 4):
        bot = make_bot("hard", 2, game=game)
        assert isinstance(bot, SearchBot)
        view = game.view(state, seat)
        best = SearchBot(2, rollout="greedy", root_candidates=1).ranked_by_evaluation(
            game, view, seat, game.bot_actions(view, seat))
        assert bot.choose(game, view, seat) == best[0]
        assert bot.last_iterations == 0


def test_the_candidates_of_a_batch_meet_the_same_luck() -> None:
    """Within a batch every candidate's rollout gets an RNG of the same seed and a state
    determinized from the same seed; the batches differ from each other."""
    game = _flat_game()
    state, seat = choice_points(game, 1, 4)[0]
    view = game.view(state, seat)
    candidates = game.bot_actions(view, seat)[:3]
    seen: list[tuple[int, int, tuple[tuple[int, ...], ...]]] = []

    def rollout(after: BidState, rng: Rng) -> list[float]:
        others = tuple(tuple(sorted(hand)) for who, hand in enumerate(after.hands) if who != seat)
        seen.append((rng.next_u32(), after.rng.clone().next_u32(), others))
        return [0.5] * game.num_players(after)

    bot = SearchBot(9, iterations=12, rollout="greedy", flat=True)
    totals, done = bot._compare(game, view, seat, candidates, game.determinize(view, seat, bot.rng), rollout)
    assert done == 4 and totals == [2.0, 2.0, 2.0]
    batches = [seen[i:i + 3] for i in range(0, len(seen), 3)]
    assert all(len(set(batch)) == 1 for batch in batches), batches
    assert len({batch[0] for batch in batches}) == 4


def test_should_stop_ends_the_search_after_a_whole_batch() -> None:
    game = _flat_game(iterations=30)
    calls = 0

    def stop() -> bool:
        nonlocal calls
        calls += 1
        return True

    bot = SearchBot(4, iterations=30, rollout="greedy", root_candidates=3, rollout_depth=4, flat=True, should_stop=stop)
    state, seat = choice_points(game, 1, 4)[0]
    assert bot.choose(game, game.view(state, seat), seat) in game.legal_actions(state, seat)
    assert bot.last_iterations == 3 and calls == 1


def test_whole_games_of_flat_bots_are_legal() -> None:
    game = _flat_game()
    bots = [make_bot("hard", i, game=game) for i in range(3)]
    state, decisions = play_game(game, ["A", "B", "C"], 6, bots, {"rounds": 3})
    assert game.is_over(state) and decisions
