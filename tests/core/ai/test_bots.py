"""Tests for the bots: legality, determinism, information hygiene, budgets and make_bot."""

from __future__ import annotations

import itertools
from typing import Any, Callable

import pytest

from core.ai import (
    BOT_KINDS,
    DEFAULT_PROFILE,
    ROLLOUT_DEPTH,
    SEARCH_ITERATIONS,
    Bot,
    GreedyBot,
    NoLegalAction,
    RandomBot,
    SearchBot,
    SearchProfile,
    make_bot,
    play_game,
    profile_of,
)
from core.engine import IllegalAction
from core.rng import Rng
from tests.core.ai.helpers import SpyGame, assert_is_masked_view, decision_points
from tests.toy_game import GAME, HIDDEN, MASKED, NO_BID, Action, BidState, SealedBids

FAST_BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "search": lambda seed: SearchBot(seed, iterations=25),
    "search-greedy-rollout": lambda seed: SearchBot(seed, iterations=15, rollout="greedy"),
    "search-cut-rollout": lambda seed: SearchBot(seed, iterations=15, rollout_depth=2),
    "search-coupled": lambda seed: SearchBot(seed, iterations=15, decouple=False),
}


# --- legality ------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(FAST_BOTS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_returns_a_legal_action_everywhere(name: str, players: int) -> None:
    bot = FAST_BOTS[name](players)
    checked = 0
    for seed in range(3):
        for state, seat in decision_points(seed, players, rounds=3):
            action = bot.choose(GAME, GAME.view(state, seat), seat)
            assert action in GAME.legal_actions(state, seat)
            checked += 1
    assert checked > 30


def test_bots_refuse_when_the_seat_has_nothing_to_do() -> None:
    state = GAME.setup(["a", "b"], 1, {})
    for bot in (RandomBot(1), GreedyBot(1), SearchBot(1, iterations=5)):
        with pytest.raises(NoLegalAction):
            bot.choose(GAME, GAME.view(state, 1), 1)  # seat 0 picks first


# --- determinism ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(FAST_BOTS))
def test_same_seed_same_choices(name: str) -> None:
    points = list(itertools.islice(decision_points(4, 3, rounds=3), 25))
    first, second = FAST_BOTS[name](9), FAST_BOTS[name](9)
    a = [first.choose(GAME, GAME.view(s, seat), seat) for s, seat in points]
    b = [second.choose(GAME, GAME.view(s, seat), seat) for s, seat in points]
    assert a == b


@pytest.mark.parametrize("kind", ["random", "easy", "normal"])
def test_play_game_is_deterministic(kind: str) -> None:
    def run() -> tuple[dict[str, Any], int]:
        bots = [make_bot(kind, 5), make_bot("random", 6), make_bot(kind, 7)]
        state, decisions = play_game(GAME, ["a", "b", "c"], 11, bots, {"rounds": 3})
        return GAME.encode_state(state), decisions

    assert run() == run()


def test_search_seeds_matter() -> None:
    """Different seeds explore differently (not a strength claim, just real seeding)."""
    points = list(itertools.islice(decision_points(2, 2), 40))
    runs = []
    for seed in (1, 2, 3):
        bot = SearchBot(seed, iterations=10)
        runs.append([bot.choose(GAME, GAME.view(s, seat), seat) for s, seat in points])
    assert len({tuple(r) for r in runs}) > 1


# --- bots see only views ---------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(FAST_BOTS))
def test_bots_never_receive_the_real_state(name: str) -> None:
    bot = FAST_BOTS[name](3)
    spied = 0
    for state, seat in decision_points(6, 3, rounds=3):
        spy = SpyGame(state, seat)
        action = bot.choose(spy, spy.view_obj, seat)
        assert action in GAME.legal_actions(state, seat)
        spied += spy.checked
        if name.startswith("search") and len(GAME.legal_actions(state, seat)) > 1:
            assert spy.calls["determinize"] == bot.last_iterations  # type: ignore[attr-defined]
    assert spied > 0


def test_the_spy_catches_a_bot_that_peeks() -> None:
    """The spy itself works: using the real state, or a state not derived from the view, fails."""
    state, seat = next(decision_points(1, 2))

    class Peeker:
        def choose(self, game: Any, view: Any, seat: int) -> Any:
            return game.legal_actions(state, seat)[0]

    class Forger:
        def choose(self, game: Any, view: Any, seat: int) -> Any:
            fake = GAME.setup(["a", "b"], 1, {})
            return game.legal_actions(fake, seat)[0]

    class RngThief:
        def choose(self, game: Any, view: Any, seat: int) -> Any:
            det = game.determinize(view, seat, Rng(1))
            det.rng = state.rng.clone()
            return game.legal_actions(det, seat)[0]

    for cheat in (Peeker(), Forger(), RngThief()):
        spy = SpyGame(state, seat)
        with pytest.raises(AssertionError):
            cheat.choose(spy, spy.view_obj, seat)


def _swap_unseen_card(state: BidState, viewer: int) -> BidState | None:
    """A state with the same view for ``viewer`` but another seat's unseen card swapped
    with one from the stock (same band), or None if no such swap exists."""
    for other in range(state.n):
        if other == viewer:
            continue
        for card in state.hands[other]:
            if card in state.shown[other] or card == state.bids[other]:
                continue
            for spare in state.stock:
                if (spare - 1) // 4 == (card - 1) // 4:
                    twin = GAME.clone(state)
                    twin.hands[other] = sorted(c if c != card else spare for c in twin.hands[other])
                    twin.stock = sorted(c if c != spare else card for c in twin.stock)
                    return twin
    return None


@pytest.mark.parametrize("name", list(FAST_BOTS))
def test_choice_depends_only_on_the_view(name: str) -> None:
    """Two real states that differ only in hidden cards give the same decisions."""
    compared = 0
    for state, seat in decision_points(8, 2, rounds=4):
        twin = _swap_unseen_card(state, seat)
        if twin is None:
            continue
        view_a, view_b = GAME.view(state, seat), GAME.view(twin, seat)
        assert GAME.encode_state(view_a) == GAME.encode_state(view_b)
        assert GAME.encode_state(state) != GAME.encode_state(twin)
        a = FAST_BOTS[name](seat).choose(GAME, view_a, seat)
        b = FAST_BOTS[name](seat).choose(GAME, view_b, seat)
        assert a == b
        compared += 1
    assert compared >= 5


@pytest.mark.parametrize("seed", range(4))
def test_toy_views_and_determinizations_hide_and_agree(seed: int) -> None:
    """Views are masked; a determinization is a full state with exactly the same view."""
    rng = Rng(seed)
    for state, seat in decision_points(seed, 2 + seed % 3):
        view = GAME.view(state, seat)
        assert_is_masked_view(view, state, seat)
        det = GAME.determinize(view, seat, rng)
        assert GAME.encode_state(GAME.view(det, seat)) == GAME.encode_state(view)
        assert MASKED not in det.stock and all(MASKED not in h for h in det.hands)
        assert HIDDEN not in det.bids
        cards = sorted(det.stock + [c for h in det.hands for c in h] + sum(det.spent, []))
        assert cards == list(range(1, 4 * det.rounds + 1))
        for other in range(det.n):  # one card of each band, as dealt
            held = det.hands[other] + det.spent[other]
            assert sorted((c - 1) // 4 for c in held) == list(range(det.rounds))
            assert det.bids[other] == NO_BID or det.bids[other] in det.hands[other]
        assert GAME.legal_actions(det, seat) == GAME.legal_actions(view, seat)


# --- play_game ---------------------------------------------------------------------------------------

class RecordingBot:
    """Plays randomly and records every view it is shown."""

    def __init__(self, seed: int) -> None:
        self.inner = RandomBot(seed)
        self.views: list[tuple[BidState, int]] = []

    def choose(self, game: Any, view: Any, seat: int) -> Any:
        self.views.append((view, seat))
        return self.inner.choose(game, view, seat)


def test_play_game_gives_each_bot_only_its_view() -> None:
    bots = [RecordingBot(i) for i in range(3)]
    state, decisions = play_game(GAME, ["a", "b", "c"], 4, bots)
    assert GAME.is_over(state)
    assert decisions == sum(len(b.views) for b in bots)
    for index, bot in enumerate(bots):
        for view, seat in bot.views:
            assert seat == index and view.viewer == seat
            for other in range(3):
                if other != seat:
                    # simultaneous choices: nobody is shown another seat's bid of this round
                    assert view.bids[other] == NO_BID
                    assert set(view.hands[other]) - set(view.shown[other]) <= {MASKED}


def test_play_game_errors() -> None:
    with pytest.raises(ValueError, match="2 players need 2 bots"):
        play_game(GAME, ["a", "b"], 1, [RandomBot(1)])
    with pytest.raises(RuntimeError, match="within 5 decisions"):
        play_game(GAME, ["a", "b"], 1, [RandomBot(1), RandomBot(2)], max_decisions=5)
    with pytest.raises(ValueError, match="unknown option"):
        play_game(GAME, ["a", "b"], 1, [RandomBot(1), RandomBot(2)], {"nope": 1})

    class Cheater:
        def choose(self, game: Any, view: Any, seat: int) -> Action:
            return Action("bid", 999)

    with pytest.raises(IllegalAction):
        play_game(GAME, ["a", "b"], 1, [Cheater(), Cheater()])


# --- greedy ------------------------------------------------------------------------------------------

class PrizeEval(SealedBids):
    """The toy game with an evaluation that likes auctioning the bigger prize."""

    def evaluate(self, state: BidState, seat: int) -> float:
        return float(state.offer[0]) if state.phase == "bid" else 0.0


def test_greedy_picks_the_best_one_ply_action() -> None:
    game = PrizeEval()
    for seed in range(10):
        state = game.setup(["a", "b"], seed, {})
        best = max(range(2), key=lambda i: state.offer[i])
        assert GreedyBot(seed).choose(game, game.view(state, 0), 0) == Action("pick", best)


def test_greedy_breaks_ties_with_its_seed() -> None:
    state = GAME.setup(["a", "b", "c"], 3, {})
    picks = {GreedyBot(seed).choose(GAME, GAME.view(state, 0), 0) for seed in range(12)}
    assert picks == {Action("pick", 0), Action("pick", 1)}  # default evaluate: all equal


# --- search budget -----------------------------------------------------------------------------------

def _bid_state() -> BidState:
    state = GAME.setup(["a", "b", "c"], 2, {})
    return GAME.apply(state, 0, Action("pick", 0))


def test_search_uses_exactly_its_iteration_budget() -> None:
    state = _bid_state()
    for iterations in (1, 7, 40):
        bot = SearchBot(1, iterations=iterations)
        spy = SpyGame(state, 1)
        action = bot.choose(spy, spy.view_obj, 1)
        assert action in GAME.legal_actions(state, 1)
        assert bot.last_iterations == iterations == spy.calls["determinize"]


def test_search_stops_when_told() -> None:
    state = _bid_state()
    calls = 0

    def stop_after_five() -> bool:
        nonlocal calls
        calls += 1
        return calls >= 5

    bot = SearchBot(1, iterations=10_000, should_stop=stop_after_five)
    assert bot.choose(GAME, GAME.view(state, 1), 1) in GAME.legal_actions(state, 1)
    assert bot.last_iterations == 5 and calls == 5

    eager = SearchBot(1, iterations=10_000, should_stop=lambda: True)
    assert eager.choose(GAME, GAME.view(state, 2), 2) in GAME.legal_actions(state, 2)
    assert eager.last_iterations == 1  # one iteration always runs


def test_search_skips_forced_moves() -> None:
    state = _bid_state()
    for seat in (0, 1, 2):  # reduce one seat to a single card
        state.hands[seat] = state.hands[seat][:1]
    bot = SearchBot(1, iterations=50, should_stop=lambda: pytest.fail("searched a forced move"))
    assert bot.choose(GAME, GAME.view(state, 0), 0) == Action("bid", state.hands[0][0])
    assert bot.last_iterations == 0


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"iterations": 0}, "iterations"), ({"rollout": "smart"}, "rollout"),
     ({"rollout_depth": -1}, "rollout_depth")],
)
def test_search_rejects_bad_settings(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        SearchBot(1, **kwargs)


# --- make_bot ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", BOT_KINDS)
def test_make_bot_every_kind(kind: str) -> None:
    bot = make_bot(kind, 3, should_stop=lambda: False)
    assert isinstance(bot, Bot)
    state = _bid_state()
    assert bot.choose(GAME, GAME.view(state, 2), 2) in GAME.legal_actions(state, 2)


def test_make_bot_levels_and_budgets() -> None:
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot("easy", 1), GreedyBot) and isinstance(make_bot("greedy", 1), GreedyBot)
    normal, hard = make_bot("normal", 1), make_bot("hard", 1)
    assert isinstance(normal, SearchBot) and isinstance(hard, SearchBot)
    assert normal.iterations == DEFAULT_PROFILE.normal_iterations < hard.iterations == DEFAULT_PROFILE.hard_iterations
    assert hard.rollout_depth == DEFAULT_PROFILE.rollout_depth
    assert hard.greedy_sample == DEFAULT_PROFILE.greedy_sample
    search = make_bot("search", 1)
    assert isinstance(search, SearchBot)
    assert search.rollout_depth == ROLLOUT_DEPTH and search.iterations == SEARCH_ITERATIONS
    stop = lambda: False  # noqa: E731
    assert make_bot("hard", 1, should_stop=stop).should_stop is stop  # type: ignore[attr-defined]


def test_make_bot_uses_the_games_search_profile() -> None:
    profile = SearchProfile(normal_iterations=5, hard_iterations=20, rollout_depth=None, root_candidates=2,
                            greedy_sample=None, greedy_noise=0.0, place_weight=0.5)

    class ProfiledGame(SealedBids):
        ai_profile = profile

    game = ProfiledGame()
    assert profile_of(game) is profile and profile_of(GAME) is DEFAULT_PROFILE and profile_of(None) is DEFAULT_PROFILE
    hard, normal = make_bot("hard", 1, game=game), make_bot("normal", 1, game=game)
    assert isinstance(hard, SearchBot) and isinstance(normal, SearchBot)
    assert (hard.iterations, normal.iterations) == (20, 5)
    assert (hard.rollout_depth, hard.root_candidates, hard.greedy_sample) == (None, 2, None)
    assert (hard.greedy_noise, hard.place_weight) == (0.0, 0.5)
    assert make_bot("search", 1, game=game).iterations == SEARCH_ITERATIONS  # type: ignore[attr-defined]
    state = _bid_state()
    assert hard.choose(game, game.view(state, 2), 2) in game.legal_actions(state, 2)


def test_a_malformed_search_profile_is_refused() -> None:
    class BadGame(SealedBids):
        ai_profile = {"hard_iterations": 10}

    with pytest.raises(TypeError, match="SearchProfile"):
        make_bot("hard", 1, game=BadGame())
    for bad in ({"normal_iterations": 0}, {"normal_iterations": 50, "hard_iterations": 10}, {"rollout_depth": -1},
                {"root_candidates": 0}, {"greedy_sample": 0}, {"greedy_noise": 1.5}, {"place_weight": -0.1}):
        with pytest.raises(ValueError):
            SearchProfile(**bad)  # type: ignore[arg-type]


def test_make_bot_unknown_kind_lists_the_kinds() -> None:
    with pytest.raises(ValueError) as info:
        make_bot("godlike", 1)
    for kind in BOT_KINDS:
        assert kind in str(info.value)


def test_root_candidates_limit_the_search_to_the_best_evaluated_moves() -> None:
    """With root_candidates=k the bot only ever answers one of greedy's k best moves."""
    from core.ai import SearchBot
    from core.rng import Rng
    from tests.toy_game import GAME as TOY

    rng = Rng(4)
    checked = 0
    for seed in range(30):
        state = TOY.setup(["A", "B", "C"], seed, {})
        for _ in range(rng.randbelow(6)):
            seat = TOY.to_act(state)[0]
            actions = TOY.legal_actions(state, seat)
            TOY.apply_in_place(state, seat, actions[rng.randbelow(len(actions))])
        seat = TOY.to_act(state)[0]
        legal = TOY.legal_actions(state, seat)
        if len(legal) < 3 or TOY.is_over(state):
            continue
        bot = SearchBot(seed, iterations=30, rollout="greedy", rollout_depth=4, root_candidates=2)
        view = TOY.view(state, seat)
        allowed = bot.ranked_by_evaluation(TOY, view, seat, legal)
        choice = SearchBot(seed, iterations=30, rollout="greedy", rollout_depth=4,
                           root_candidates=2).choose(TOY, view, seat)
        assert len(allowed) == 2
        assert choice in allowed  # same seed: the same determinization picks the same two
        checked += 1
    assert checked >= 5


def test_levels_map_to_guided_search() -> None:
    hard = make_bot("hard", 1)
    assert isinstance(hard, SearchBot) and hard.root_candidates == DEFAULT_PROFILE.root_candidates
    assert hard.rollout == "greedy"
    assert make_bot("search", 1).root_candidates is None


# --- bot_actions: the moves bots weigh ---------------------------------------------------------

class _OnlyLowBids(SealedBids):
    """The toy game, telling bots to weigh only the lowest card of a bid."""

    def bot_actions(self, state: BidState, seat: int) -> list[Action]:
        legal = self.legal_actions(state, seat)
        bids = [a for a in legal if a.kind == "bid"]
        return [min(bids)] if bids else legal


@pytest.mark.parametrize("name", ["greedy", "search", "search-greedy-rollout", "search-coupled"])
def test_bots_choose_among_the_games_bot_actions(name: str) -> None:
    narrow = _OnlyLowBids()
    bot = FAST_BOTS[name](7)
    seen = 0
    for state, seat in decision_points(1, 3, rounds=3):
        view = narrow.view(state, seat)
        action = bot.choose(narrow, view, seat)
        assert action in narrow.bot_actions(view, seat)
        seen += action.kind == "bid"
    assert seen > 0


def test_bot_actions_defaults_to_the_legal_moves() -> None:
    state = GAME.setup(["A", "B"], 3, {})
    for seat in GAME.to_act(state):
        assert GAME.bot_actions(state, seat) == GAME.legal_actions(state, seat)


def test_place_weight_sets_the_placings_share_of_a_cut_off_rollouts_reward() -> None:
    from core.ai.base import heuristic_rewards

    class Evaluated(SealedBids):
        def evaluate(self, state: BidState, seat: int) -> float:
            return (3.0, -1.0, 8.0)[seat]

    game, state = Evaluated(), _bid_state()
    by_place = heuristic_rewards(game, state, place_weight=1.0)
    by_margin = heuristic_rewards(game, state, place_weight=0.0)
    mixed = heuristic_rewards(game, state)
    assert by_place == [0.5, 0.0, 1.0]
    assert by_place != by_margin
    for seat, reward in enumerate(mixed):
        assert reward == pytest.approx(0.8 * by_place[seat] + 0.2 * by_margin[seat])
