"""Bots that play any Meeple game through the contract, seeing only their seat's view.

Kinds (:data:`BOT_KINDS`): ``random``, ``greedy`` (one ply scored by ``game.evaluate``),
``search`` (SO-ISMCTS over ``determinize`` with random rollouts), and the player-facing
levels ``easy`` (greedy), ``normal`` and ``hard`` (the same search restricted to greedy's best
few moves, with greedy rollouts; a small and a larger iteration budget). Build one with
:func:`make_bot`; run a headless game with :func:`play_game` (used by the CLI ``simulate``
command and the benchmarks).

Budgets are iterations per decision, sized so that a ``hard`` decision takes well under a
second on one core. The ``normal`` and ``hard`` settings come from the game's
:class:`SearchProfile` (its ``ai_profile`` attribute, else :data:`DEFAULT_PROFILE`): pass
the game to :func:`make_bot` to use it. The TUI also passes a wall-clock ``should_stop``.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Mapping, Sequence

from core.ai.base import Bot, NoLegalAction
from core.ai.greedy import GreedyBot
from core.ai.profile import DEFAULT_PROFILE, SearchProfile
from core.ai.random_bot import RandomBot
from core.ai.search import SearchBot
from core.engine import Game
from core.table import parse_options

__all__ = [
    "BOT_KINDS",
    "DEFAULT_PROFILE",
    "SEARCH_ITERATIONS",
    "ROLLOUT_DEPTH",
    "Bot",
    "GreedyBot",
    "NoLegalAction",
    "RandomBot",
    "SearchBot",
    "SearchProfile",
    "kinds_for",
    "make_bot",
    "profile_of",
    "play_game",
]

BOT_KINDS: tuple[str, ...] = ("random", "greedy", "search", "easy", "normal", "hard")

SEARCH_ITERATIONS = 300
"""Iterations per decision of the plain ``search`` kind (random rollouts)."""

ROLLOUT_DEPTH = 30
"""Decisions per random rollout (plain ``search``) before ``game.evaluate`` scores it."""

MAX_DECISIONS = 100_000
"""Default safety cap for :func:`play_game`."""


def profile_of(game: Game[Any, Any] | None) -> SearchProfile:
    """The game's declared ``ai_profile``, else :data:`DEFAULT_PROFILE`."""
    profile = getattr(game, "ai_profile", None)
    if profile is None:
        return DEFAULT_PROFILE
    if not isinstance(profile, SearchProfile):
        raise TypeError(f"ai_profile must be a SearchProfile, not {type(profile).__name__}")
    return profile


def kinds_for(game: Game[Any, Any] | None) -> tuple[str, ...]:
    """The bot kinds :func:`make_bot` takes for ``game``: the shared ones, then the game's own."""
    return BOT_KINDS + (tuple(game.scripted_bots()) if game is not None else ())


def make_bot(
    kind: str,
    seed: int,
    should_stop: Callable[[], bool] | None = None,
    game: Game[Any, Any] | None = None,
) -> Bot:
    """A bot of ``kind`` (one of :data:`BOT_KINDS`) with its own seed.

    ``should_stop`` (search kinds only) ends a search early, e.g. on a wall-clock deadline.
    ``game``, if given, supplies the search profile of ``normal`` and ``hard``
    (:func:`profile_of`). Unknown kinds raise ``ValueError`` listing the kinds.
    """
    scripted = game.scripted_bots() if game is not None else {}
    if kind in scripted:
        bot: Bot = scripted[kind](seed)
        return bot
    if kind not in BOT_KINDS:
        raise ValueError(f"unknown bot kind {kind!r} (kinds: {', '.join(kinds_for(game))})")
    if kind == "random":
        return RandomBot(seed)
    if kind in ("greedy", "easy"):
        return GreedyBot(seed)
    if kind == "search":
        return SearchBot(seed, iterations=SEARCH_ITERATIONS, should_stop=should_stop, rollout_depth=ROLLOUT_DEPTH)
    # The player-facing levels refine the greedy choice: greedy rollouts, best few moves.
    profile = profile_of(game)
    return SearchBot(
        seed,
        iterations=profile.iterations(kind),
        should_stop=should_stop,
        rollout="greedy",
        rollout_depth=profile.rollout_depth,
        root_candidates=profile.root_candidates,
        greedy_sample=profile.greedy_sample,
        greedy_noise=profile.greedy_noise,
        place_weight=profile.place_weight,
        quiet=profile.quiet,
        quiet_extra=profile.quiet_extra,
        flat=profile.flat,
    )


def play_game(
    game: Game[Any, Any],
    players: Sequence[str],
    seed: int,
    bots: Sequence[Bot],
    options: Mapping[str, Any] | None = None,
    max_decisions: int = MAX_DECISIONS,
) -> tuple[Any, int]:
    """Play a whole game headless; return ``(final_state, decisions)``.

    Seat ``i`` is played by ``bots[i]``, which is only ever given ``game.view(state, i)``.
    Options are parsed and defaulted like a table does. When several seats must act at
    once, each chooses from its own view of the same state, then the actions are applied
    in seat order. An illegal bot action raises :class:`core.engine.IllegalAction`; a game
    still running after ``max_decisions`` decisions raises ``RuntimeError``.
    """
    if len(bots) != len(players):
        raise ValueError(f"{len(players)} players need {len(players)} bots, not {len(bots)}")
    parsed = parse_options(game, options or {})
    state = game.setup(list(players), seed, parsed)
    decisions = 0
    while not game.is_over(state):
        acting = sorted(game.to_act(state))
        if not acting:
            raise RuntimeError("the game is not over but nobody has to act")
        chosen: list[tuple[int, Hashable]] = [
            (seat, bots[seat].choose(game, game.view(state, seat), seat)) for seat in acting
        ]
        for seat, action in chosen:
            if decisions >= max_decisions:
                raise RuntimeError(f"game did not end within {max_decisions} decisions")
            state = game.apply(state, seat, action)
            decisions += 1
    return state, decisions
