"""Scores by round: where a game's rounds begin and each seat's score at every round's end.

Works on the states of one game in order (``states[i]`` the position after ``i`` moves, as
:meth:`core.table.Table.history` gives them), for the game-over chart and the replay viewer.
Scores are the public ones (the spectator's view), so nothing hidden leaks into a chart:
what a game has scored so far where it scores during play (:attr:`Standings.now`), else
what it would give if it ended there (:attr:`Standings.projected`). A co-operative game has
one line, the team's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from core.engine import Game, Standings


@dataclass(frozen=True)
class ScoreHistory:
    """Each line's score at the start of a game and at the end of every round it reached.

    ``scores[line][k]`` is that line's score at x value ``rounds[k]``: 0 is the start, ``r``
    the end of round ``r`` (for the round in play, the latest position; for the last round
    of a finished game, the result).
    """

    unit: str
    """The game's points unit ("VP")."""
    labels: tuple[str, ...]
    """One per line: the seat names; ``("Team",)`` for a co-operative game."""
    rounds: tuple[int, ...]
    """x values: 0 = start, then each round reached."""
    scores: tuple[tuple[int, ...], ...]
    """Per line, one value per entry of :attr:`rounds`."""


def round_starts(game: Game[Any, Any], states: Sequence[Any]) -> list[int]:
    """Indexes i into states (states[i] = position after i moves, as Table.history()
    gives) where a new round begins (0 always first)."""
    if not states:
        return []
    starts = [0]
    previous = game.round_number(states[0])
    for index in range(1, len(states)):
        number = game.round_number(states[index])
        if number > previous:
            starts.append(index)
        previous = number
    return starts


def _public_scores(game: Game[Any, Any], state: Any) -> tuple[int, ...]:
    """Each seat's score at ``state`` as a spectator sees it: scored so far where the game
    scores during play, else what the game would give if it ended now."""
    standings: Standings = game.standings(game.view(state, None))
    now = standings.now
    return now if now is not None else standings.projected


def score_history(game: Game[Any, Any], states: Sequence[Any], seat_names: Sequence[str]) -> ScoreHistory:
    """Each line's score at the start and at the end of every round (the last point: the
    final result's totals when the game is over); scores from the public (spectator) view:
    Standings.now where the game scores during play, else Standings.projected."""
    if not states:
        raise ValueError("a score history needs at least the set-up position")
    players = game.num_players(states[0])
    if len(seat_names) != players:
        raise ValueError(f"{players} seat names are needed, not {len(seat_names)}")
    starts = round_starts(game, states)
    # The end of a round is where the next one begins; the last round ends at the latest
    # position (the result, once the game is over).
    ends = starts[1:] + [len(states) - 1]
    points = [_public_scores(game, states[0])]
    points += [_public_scores(game, states[index]) for index in ends[:-1]]
    last = states[-1]
    points.append(game.result(last).totals if game.is_over(last) else _public_scores(game, last))
    rounds = (0,) + tuple(game.round_number(states[index]) for index in starts)
    unit = game.standings(game.view(states[0], None)).unit
    if game.cooperative:  # one team: every seat has the team's score
        return ScoreHistory(unit, ("Team",), rounds, (tuple(point[0] for point in points),))
    lines = tuple(tuple(point[seat] for point in points) for seat in range(players))
    return ScoreHistory(unit, tuple(seat_names), rounds, lines)
