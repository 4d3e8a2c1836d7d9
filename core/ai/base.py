"""The bot interface shared by every AI level, and small helpers they have in common.

A bot decides for one seat from that seat's *view* only (``game.view(real_state, seat)``):
it may call ``game.legal_actions(view, seat)`` or sample full states consistent with the
view with ``game.determinize(view, seat, rng)``, but it never receives the real state.
Bots are deterministic given their seed and the sequence of views they are shown.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Hashable, Protocol, Sequence, runtime_checkable

from core.engine import Game


@runtime_checkable
class Bot(Protocol):
    """Anything that picks a legal action for a seat from that seat's view."""

    def choose(self, game: Game[Any, Any], view: Any, seat: int) -> Hashable:
        """Return one legal action for ``seat``; ``view`` is ``game.view(state, seat)``."""
        ...


class NoLegalAction(ValueError):
    """Raised when a bot is asked to act for a seat that has no legal action."""


def _present(moves: list[Hashable], seat: int) -> list[Hashable]:
    """``moves``, raising :class:`NoLegalAction` if it is empty."""
    if not moves:
        raise NoLegalAction(f"seat {seat} has no legal action to choose from")
    return moves


def legal_or_raise(game: Game[Any, Any], view: Any, seat: int) -> list[Hashable]:
    """``game.legal_actions(view, seat)``, raising :class:`NoLegalAction` if it is empty."""
    return _present(game.legal_actions(view, seat), seat)


def bot_choices_or_raise(game: Game[Any, Any], view: Any, seat: int) -> list[Hashable]:
    """``game.bot_actions(view, seat)`` (the moves bots weigh), raising
    :class:`NoLegalAction` if it is empty."""
    return _present(game.bot_actions(view, seat), seat)


def terminal_rewards(game: Game[Any, Any], state: Any) -> list[float]:
    """Per-seat reward in ``[0, 1]`` for a finished game.

    90% comes from the placing: the share of opponents beaten, a tie counting half (so in
    two-player games a win is ~1, a shared result ~0.5, a loss ~0); 10% from the score
    margin over the best opponent, scaled by the largest absolute total.
    """
    if game.cooperative:
        return team_rewards(game, state)
    result = game.result(state)
    n = len(result.ranks)
    if n <= 1:
        return [1.0] * n
    totals = result.totals
    scale = max(abs(t) for t in totals) + 1
    rewards = []
    for i in range(n):
        beaten = tied = 0
        best_other = None
        for j in range(n):
            if j == i:
                continue
            if result.ranks[j] > result.ranks[i]:
                beaten += 1
            elif result.ranks[j] == result.ranks[i]:
                tied += 1
            if best_other is None or totals[j] > best_other:
                best_other = totals[j]
        place = (beaten + 0.5 * tied) / (n - 1)
        margin = max(-1.0, min(1.0, (totals[i] - (best_other or 0)) / scale))
        rewards.append(0.9 * place + 0.1 * (0.5 + 0.5 * margin))
    return rewards


def team_rewards(game: Game[Any, Any], state: Any) -> list[float]:
    """Every seat's reward in a co-operative game (:attr:`Game.cooperative`): the team's
    ``evaluate`` (already in [0, 1]), finished or not."""
    value = min(1.0, max(0.0, game.evaluate(state, 0)))
    return [value] * game.num_players(state)


def heuristic_rewards(game: Game[Any, Any], state: Any, place_weight: float = 0.8) -> list[float]:
    """Per-seat reward in ``[0, 1]`` for an unfinished state, from ``game.evaluate``.

    Same shape as :func:`terminal_rewards`, with each seat's evaluation standing in for its
    total: ``place_weight`` (80% by default) from the share of opponents with a lower
    evaluation (ties half), the rest from a squashed (``tanh``) evaluation, scaled by the
    mean absolute evaluation. The placing part is weighted a little less than at the end
    because the game is not decided yet; a game whose evaluation is a margin worth keeping
    in full (a lead of 2 is not a lead of 20) weighs it less.
    """
    if game.cooperative:
        return team_rewards(game, state)
    n = game.num_players(state)
    values = [game.evaluate(state, seat) for seat in range(n)]
    if n <= 1:
        return [0.5] * n
    scale = sum(abs(v) for v in values) / n + 1.0
    rewards = []
    for i, value in enumerate(values):
        below = sum(1 for j, other in enumerate(values) if j != i and other < value)
        equal = sum(1 for j, other in enumerate(values) if j != i and other == value)
        place = (below + 0.5 * equal) / (n - 1)
        rewards.append(place_weight * place + (1 - place_weight) * (0.5 + 0.5 * math.tanh(value / scale)))
    return rewards


def pick_best(
    values: Sequence[float], rng_choice: Callable[[list[int]], int], eps: float = 1e-9
) -> int:
    """Index of the highest value, ties (within ``eps``) broken by ``rng_choice(list)``."""
    best = max(values)
    top = [i for i, v in enumerate(values) if v >= best - eps]
    return top[0] if len(top) == 1 else rng_choice(top)
