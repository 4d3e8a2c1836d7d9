"""The coach: the search levels' judgement of a seat's moves, as values a player can read.

:func:`hint` answers "what should I play here?" for one seat from that seat's view only
(never the true state): it picks the moves the level's search weighs at the root (greedy's
best ``root_candidates`` by one ply, and the game's own policy move where its profile names
one, as :class:`core.ai.search.SearchBot` does), then plays every one of them out on the
same sampled futures and reports, for each, its value in the game's terms:

* competitive games: the expected final margin in points over the best opponent (a rollout
  that ends the game counts the real margin; one cut off at the profile's depth counts
  ``game.evaluate``, which every competitive game defines as its estimate of that margin);
* a co-operative game (:attr:`Game.cooperative`): the team's chance to win (a rollout that
  ends the game counts 1 or 0; a cut-off one the game's ``evaluate``, already in [0, 1]).

Each value carries its spread: the standard error of the mean over the sampled futures.
The batches are common random numbers: batch ``b`` samples one determinization of the view
and one future seed, whatever moves are valued, so the difference between two moves is
measured on equal luck, and valuing one more move later (:func:`value_moves`, the move under
the player's cursor) gives the others exactly the values they had.

Everything is seeded: :func:`hint_seed` derives the seed from the encoded view, so the same
position gives the same hint in the app, in ``meeple hint`` and in a review, and two states
a seat cannot tell apart give it the same hint. Core has no clock: the caller passes
``should_stop`` (cancel) and ``progress`` (a progress bar) callables.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Hashable, Sequence

from core.ai import make_bot, profile_of
from core.ai.search import SearchBot
from core.engine import Game
from core.levels import COACH_LEVELS
from core.rng import Rng


COACH_VERSION = 1
"""Bumped whenever a hint for the same position and seed may come out different (a review
kept in a save is valued again when its version is older)."""

TOP = 3
"""How many moves a hint shows."""

Progress = Callable[[int, int, "Hint"], None]
"""``progress(done, total, so_far)``: after each batch, the hint as it stands."""


@dataclass(frozen=True)
class MoveValue:
    """One move's value for the seat: mean over ``samples`` futures, its standard error
    (``spread``), and why it is good in player words ("" when the game cannot say)."""

    action: Hashable
    value: float
    spread: float
    samples: int
    why: str = ""


@dataclass(frozen=True)
class Hint:
    """The coach's answer for ``seat``: ``moves`` best first (every move valued, usually more
    than the :data:`TOP` shown), in ``unit`` ("points": final margin; "chance": the team's
    chance to win, 0 to 1). ``complete`` is False when the search was cancelled."""

    seat: int
    level: str
    unit: str
    moves: tuple[MoveValue, ...]
    batches: int
    complete: bool = True
    seed: int = 0
    reasons: dict[Hashable, str] = field(default_factory=dict, compare=False, repr=False)

    def top(self, count: int = TOP) -> tuple[MoveValue, ...]:
        """The ``count`` best moves."""
        return self.moves[:count]

    @property
    def best(self) -> MoveValue | None:
        """The best move (None only for a hint with no moves)."""
        return self.moves[0] if self.moves else None

    def find(self, action: Hashable) -> MoveValue | None:
        """``action``'s value, if it was valued."""
        return next((move for move in self.moves if move.action == action), None)

    def loss(self, action: Hashable) -> float | None:
        """How much worse ``action`` is than the best move (0 for the best; None if unvalued)."""
        move, best = self.find(action), self.best
        if move is None or best is None:
            return None
        return max(0.0, best.value - move.value)


def format_value(value: float, unit: str, signed: bool = True) -> str:
    """A value as a player reads it: "+4.2" or "−1.5" points (a minus sign, not a hyphen),
    "62%" chance."""
    if unit == "chance":
        return f"{value * 100:.0f}%"
    return (f"{value:+.1f}" if signed else f"{value:.1f}").replace("-", "−")


def format_spread(spread: float, unit: str) -> str:
    """A spread as "±0.8" (points) or "±5%" (chance)."""
    return f"±{spread * 100:.0f}%" if unit == "chance" else f"±{spread:.1f}"


def format_loss(loss: float, unit: str) -> str:
    """How much a move gives away: "−3.5 points" or "−12% chance to win"."""
    if unit == "chance":
        return f"−{loss * 100:.0f}% chance to win"
    return f"−{loss:.1f} points"


def hint_seed(game: Game[Any, Any], view: Any) -> int:
    """The seed of a hint in the position ``view``: drawn from its encoding, so equal views
    give equal hints wherever they are asked (the app, ``meeple hint``, a review)."""
    data = json.dumps(game.encode_state(view), sort_keys=True, separators=(",", ":"))
    return int.from_bytes(hashlib.sha256(data.encode()).digest()[:4], "big") & 0x7FFFFFFF


def batches_for(game: Game[Any, Any], level: str) -> int:
    """How many sampled futures a hint at ``level`` plays each move out on."""
    if level not in COACH_LEVELS:
        raise ValueError(f"unknown coach level {level!r} (levels: {', '.join(COACH_LEVELS)})")
    profile = profile_of(game)
    return profile.coach_batches[COACH_LEVELS.index(level)]


def unit_of(game: Game[Any, Any]) -> str:
    """What a hint's values count in this game: "chance" (a team game) or "points"."""
    return "chance" if game.cooperative else "points"


def _searcher(game: Game[Any, Any], level: str, seed: int) -> SearchBot:
    bot = make_bot(level, seed, game=game)
    assert isinstance(bot, SearchBot)  # the normal and hard levels are searches
    return bot


def candidates(game: Game[Any, Any], view: Any, seat: int, level: str = "hard",
               seed: int | None = None) -> list[Hashable]:
    """The moves a hint values: the search's root candidates (the game's policy move first
    where it has one, then greedy's best by one ply), at least :data:`TOP` where there are."""
    seed = hint_seed(game, view) if seed is None else seed
    legal = game.bot_actions(view, seat)
    if len(legal) <= 1:
        return list(legal)
    bot = _searcher(game, level, seed)
    wanted = max(TOP, profile_of(game).root_candidates)
    chosen: list[Hashable] = []
    policy = profile_of(game).rollout_policy
    if policy is not None:
        own = policy(game.determinize(view, seat, Rng(seed, stream=400)), seat)
        if own in legal:
            chosen.append(own)
    bot.root_candidates = wanted
    for action in bot.ranked_by_evaluation(game, view, seat, legal):
        if len(chosen) >= wanted:
            break
        if action not in chosen:
            chosen.append(action)
    return chosen


def value_moves(
    game: Game[Any, Any],
    view: Any,
    seat: int,
    moves: Sequence[Hashable],
    level: str = "hard",
    seed: int | None = None,
    should_stop: Callable[[], bool] | None = None,
    progress: Progress | None = None,
    batches: int | None = None,
) -> Hint:
    """Value ``moves`` (legal for ``seat`` in ``view``) on the level's sampled futures
    (``batches`` of them; default :func:`batches_for`), best first, without reasons.
    ``should_stop`` is asked before every batch after the first; a stopped valuation is
    returned with ``complete`` False."""
    seed = hint_seed(game, view) if seed is None else seed
    total = batches_for(game, level) if batches is None else batches
    unit = unit_of(game)
    bot = _searcher(game, level, seed)
    policy, _ = bot.policy_of(game)
    worlds = Rng(seed, stream=401)
    futures = Rng(seed, stream=402)
    values: list[list[float]] = [[] for _ in moves]
    done = 0
    for batch in range(total):
        if batch and should_stop is not None and should_stop():
            break
        state = game.determinize(view, seat, worlds)
        future = futures.next_u32()
        for index, action in enumerate(moves):
            after = game.clone(state)
            game.apply_in_place(after, seat, action)
            if not game.is_over(after):  # the same future for every move
                after = game.determinize(game.view(after, seat), seat, Rng(future, stream=304))
                if policy is not None:
                    bot.policy_rollout(game, after, policy)
                else:
                    bot.play_out(game, after, Rng(future, stream=305))
            values[index].append(_outcome(game, after, seat))
        done = batch + 1
        if progress is not None:
            progress(done, total, _ranked(seat, level, unit, moves, values, done, False, seed))
    return _ranked(seat, level, unit, moves, values, done, done == total, seed)


def hint(
    game: Game[Any, Any],
    view: Any,
    seat: int,
    level: str = "hard",
    seed: int | None = None,
    extra: Sequence[Hashable] = (),
    should_stop: Callable[[], bool] | None = None,
    progress: Progress | None = None,
    batches: int | None = None,
) -> Hint:
    """The coach's hint for ``seat`` in ``view`` (``game.view(state, seat)``): the search's
    candidates and any ``extra`` legal moves, valued (:func:`value_moves`) and ranked, with
    the game's reasons (:meth:`Game.coach_reason`) for the :data:`TOP` and the extra ones.
    A seat with no move to choose gets a hint with no moves."""
    seed = hint_seed(game, view) if seed is None else seed
    moves = candidates(game, view, seat, level, seed)
    moves += [action for action in extra if action not in moves]
    result = value_moves(game, view, seat, moves, level, seed, should_stop, progress, batches)
    if not result.complete:
        return result
    explain = list(result.top()) + [m for m in result.moves if m.action in extra and m not in result.top()]
    reasons = {move.action: reason(game, view, seat, move.action, seed) for move in explain}
    return with_reasons(result, reasons)


def with_reasons(result: Hint, reasons: dict[Hashable, str]) -> Hint:
    """``result`` with each move's ``why`` taken from ``reasons`` where it has one."""
    moves = tuple(replace(m, why=reasons.get(m.action, m.why)) for m in result.moves)
    return replace(result, moves=moves, reasons=dict(reasons))


def reason(game: Game[Any, Any], view: Any, seat: int, action: Hashable, seed: int = 0) -> str:
    """Why ``action`` is worth playing, in the game's words (:meth:`Game.coach_reason`), from
    ``seat``'s view before the move and its view after it on one sampled future (a game's
    reason speaks only of what the move itself does, never of a sampled draw)."""
    try:
        state = game.determinize(view, seat, Rng(seed, stream=403))
        game.apply_in_place(state, seat, action)
        return game.coach_reason(view, seat, action, game.view(state, seat))
    except Exception:  # a reason is a courtesy: a bug in one never fails the hint
        return ""


def _outcome(game: Game[Any, Any], state: Any, seat: int) -> float:
    """What a finished or cut-off rollout is worth to ``seat`` in the hint's unit."""
    if game.is_over(state):
        result = game.result(state)
        if game.cooperative:
            return 1.0 if result.winners else 0.0
        others = [t for s, t in enumerate(result.totals) if s != seat]
        return float(result.totals[seat] - (max(others) if others else 0))
    value = game.evaluate(state, seat)
    return min(1.0, max(0.0, value)) if game.cooperative else value


def _ranked(seat: int, level: str, unit: str, moves: Sequence[Hashable], values: list[list[float]],
            done: int, complete: bool, seed: int) -> Hint:
    """The moves with their mean and standard error, best first (ties: the order given)."""
    valued = []
    for action, samples in zip(moves, values):
        n = len(samples)
        mean = sum(samples) / n if n else 0.0
        spread = math.sqrt(sum((v - mean) ** 2 for v in samples) / (n - 1) / n) if n > 1 else 0.0
        valued.append(MoveValue(action, mean, spread, n))
    order = sorted(range(len(valued)), key=lambda i: (-valued[i].value, i))
    return Hint(seat, level, unit, tuple(valued[i] for i in order), done, complete, seed)
