"""core.history: round starts and scores by round, on seeded games of every registered game
(random legal moves on a real table) and on hand-made positions of the toy game."""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

from core.engine import Game
from core.history import ScoreHistory, round_starts, score_history
from core.registry import game_ids, get_game
from core.table import Seat, Table
from tests import toy_game

GAMES = game_ids()


@functools.cache
def played(game_id: str, seed: int = 5, moves: int | None = None) -> Table[Any]:
    """A table of ``game_id`` at its fewest players, played to the end (or for ``moves``
    moves) with seeded random legal moves, or by the game's scripted reference team where
    it has one (a random Settlement starves in round 2)."""
    game = get_game(game_id)
    players = game.info.min_players
    seats = [Seat(i, f"Player {i}") for i in range(players)]
    table: Table[Any] = Table.new(game, seats, seed)
    rng = random.Random(seed)
    team = game.scripted_bots().get("reference")
    bot = team(seed) if team is not None else None
    while not table.is_over() and (moves is None or len(table.log) < moves):
        seat = rng.choice(table.to_act())
        if bot is not None:
            table.submit(seat, bot.choose(game, table.view(seat), seat))
        else:
            table.submit(seat, rng.choice(table.legal_actions(seat)))
    return table


def spectator_scores(game: Game[Any, Any], state: Any) -> tuple[int, ...]:
    """What the chart should show at ``state``: the public standings, scored so far when
    the game scores during play, else as if it ended there."""
    standings = game.standings(game.view(state, None))
    return standings.now if standings.now is not None else standings.projected


def history_of(table: Table[Any]) -> ScoreHistory:
    """The table's score history, named by its seats."""
    return score_history(table.game, table.history(), [seat.name for seat in table.seats])


@pytest.mark.parametrize("game_id", GAMES)
def test_round_starts_are_where_the_round_number_goes_up(game_id: str) -> None:
    table = played(game_id)
    game, states = table.game, table.history()
    starts = round_starts(game, states)
    assert starts[0] == 0 and len(starts) > 1
    numbers = [game.round_number(state) for state in states]
    assert starts[1:] == [i for i in range(1, len(states)) if numbers[i] > numbers[i - 1]]
    assert [numbers[i] for i in starts] == list(range(1, len(starts) + 1))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_finished_game_charts_every_round_and_ends_on_the_result(game_id: str) -> None:
    table = played(game_id)
    game, states = table.game, table.history()
    history = history_of(table)
    starts = round_starts(game, states)
    assert history.rounds == tuple(range(len(starts) + 1))
    assert history.unit == game.standings(states[0]).unit
    if game.cooperative:
        assert history.labels == ("Team",)
    else:
        assert history.labels == tuple(seat.name for seat in table.seats)
    lines = [0] if game.cooperative else list(range(len(table.seats)))
    assert len(history.scores) == len(lines)
    for line, seat in enumerate(lines):
        values = history.scores[line]
        assert len(values) == len(history.rounds)
        assert values[0] == spectator_scores(game, states[0])[seat]
        # The end of round r is where round r + 1 begins.
        for point, start in enumerate(starts[1:], start=1):
            assert values[point] == spectator_scores(game, states[start])[seat], f"round {point}"
        assert values[-1] == table.result().totals[seat]


@pytest.mark.parametrize("game_id", GAMES)
def test_an_unfinished_game_ends_on_the_latest_standings(game_id: str) -> None:
    table = played(game_id, moves=len(played(game_id).log) // 2)  # the same game, half-way
    assert not table.is_over() and len(round_starts(table.game, table.history())) > 1
    states = table.history()
    history = history_of(table)
    assert history.rounds[-1] == table.game.round_number(states[-1])
    latest = spectator_scores(table.game, states[-1])
    assert [values[-1] for values in history.scores] == ([latest[0]] if table.game.cooperative else list(latest))


def test_scores_are_the_spectators_not_a_seats() -> None:
    """El Grande scores the Castillo at its reveal: the chart uses only what everyone saw,
    so a seat's secret disk or the hidden Castillo never shows on it. A spectator's
    standings and the true state's can differ where something is hidden; the chart takes
    the spectator's."""
    table = played("elgrande")
    game, states = table.game, table.history()
    history = history_of(table)
    for point, start in enumerate(round_starts(game, states)[1:], start=1):
        public = game.standings(game.view(states[start], None))
        assert public.now is not None
        assert tuple(values[point] for values in history.scores) == public.now


def test_the_toy_game_by_hand() -> None:
    """Sealed Bids, 2 players, 3 rounds: one point per round, the result last."""
    game = toy_game.GAME
    table: Table[Any] = Table.new(game, [Seat(0, "Ada"), Seat(1, "Bo")], 7, {"rounds": 3})
    rng = random.Random(1)
    while not table.is_over():
        seat = rng.choice(table.to_act())
        table.submit(seat, rng.choice(table.legal_actions(seat)))
    states = table.history()
    starts = round_starts(game, states)
    assert len(starts) == 3 and starts[0] == 0
    history = history_of(table)
    assert history.labels == ("Ada", "Bo")
    assert history.rounds == (0, 1, 2, 3)
    assert [values[0] for values in history.scores] == [2, 2]  # each seat's unused veto token
    assert [values[1] for values in history.scores] == game.scores(states[starts[1]])
    assert tuple(values[-1] for values in history.scores) == table.result().totals


def test_the_set_up_alone_is_one_point_and_bad_names_are_refused() -> None:
    table = played("quadropolis", moves=0)
    history = history_of(table)
    assert history.rounds == (0, 1)
    assert all(values[0] == values[1] for values in history.scores)
    with pytest.raises(ValueError, match="seat names"):
        score_history(table.game, table.history(), ["Only one"])
    with pytest.raises(ValueError, match="set-up"):
        score_history(table.game, [], [])
    assert round_starts(table.game, []) == []
