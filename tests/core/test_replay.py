"""A replay table (core/replay.py): a played game stepped through, each position as one seat
saw it (or all open once the game is over), with nothing playable."""

from __future__ import annotations

from typing import Any

import pytest

from core.engine import IllegalAction
from core.replay import OPEN, READ_ONLY, ReplayTable, perspectives
from core.table import Controller, Seat, Table
from tests.toy_game import SealedBids

GAME = SealedBids()
SEATS = (Seat(0, "Ada"), Seat(1, "Brook", Controller("bot", "easy")), Seat(2, "Cyd"))
OPTIONS: dict[str, Any] = {"rounds": 3}


def played(moves: int | None = None) -> Table[Any]:
    table = Table.new(GAME, SEATS, 5, OPTIONS)
    while not table.is_over() and (moves is None or len(table.log) < moves):
        seat = table.to_act()[-1]
        table.submit(seat, table.legal_actions(seat)[0])
    return table


def test_each_position_is_the_game_after_so_many_moves_seen_by_the_viewer() -> None:
    whole = played()
    moves = next(i for i, entry in enumerate(whole.log) if entry.action.kind == "bid")  # bids: secret
    replay = ReplayTable(whole, 0, at=moves + 1)
    replayed = Table.replay(GAME, SEATS, 5, OPTIONS, whole.actions()[: moves + 1])
    assert replay.actions() == whole.actions()[: moves + 1] and len(replay.log) == moves + 1
    assert replay.view(0) == replayed.view(0)
    assert [replay.seen(i, 0) for i in range(moves + 1)] == [replayed.seen(i, 0) for i in range(moves + 1)]
    assert not replay.seen(moves, 0)  # Cyd's sealed bid
    assert replay.to_act() == replayed.to_act() and not replay.is_over()
    assert replay.game is GAME and replay.seats == SEATS
    assert replay.human_seats() == [0] and replay.away_seats() == frozenset()
    for at in (0, 3, len(whole.log), 1):  # stepping anywhere, back and forth
        replay.go(at)
        again = Table.replay(GAME, SEATS, 5, OPTIONS, whole.actions()[:at])
        assert replay.view(0) == again.view(0) and replay.log == again.log and replay.at == at


def test_stepping_tells_the_screen_and_bad_positions_are_refused() -> None:
    whole = played()
    replay = ReplayTable(whole, 0)
    assert replay.at == len(whole.log) and replay.is_over() and replay.result() == whole.result()
    events: list[str] = []
    replay.subscribe(lambda event: events.append(event.kind))
    replay.go(2)
    assert events == ["refresh"]
    for bad in (-1, len(whole.log) + 1):
        with pytest.raises(ValueError):
            replay.go(bad)
    assert replay.at == 2 and events == ["refresh"]


def test_open_shows_every_hand_and_only_once_the_game_is_over() -> None:
    whole = played()
    bid = next(i for i, entry in enumerate(whole.log) if entry.action.kind == "bid")
    replay = ReplayTable(whole, OPEN, at=bid + 1)
    assert replay.view(None) == whole.history()[bid + 1] and replay.human_seats() == []
    assert all(replay.seen(i, None) for i in range(bid + 1))
    assert perspectives(whole) == [0, 1, 2, OPEN]
    unfinished = played(moves=len(whole.log) - 2)
    assert perspectives(unfinished) == [0, 2]  # the people's seats only, never the bot's
    for hidden in (OPEN, 1, 3):
        with pytest.raises(ValueError):
            ReplayTable(unfinished, hidden)


def test_nothing_can_be_played_undone_or_hinted_but_a_finished_game_can_go_on_anew() -> None:
    whole = played()
    replay = ReplayTable(whole, 0, at=4)
    real = Table.replay(GAME, SEATS, 5, OPTIONS, whole.actions()[:4])
    move = real.legal_actions(real.to_act()[0])[0]
    assert replay.legal_actions(0) == [] and replay.legal_actions(1) == []
    for attempt in (lambda: replay.submit(0, move), lambda: replay.ends_turn(0, move),
                    lambda: replay.undo(0)):
        with pytest.raises(IllegalAction, match="no move can be played"):
            attempt()
    assert replay.undo_depth(0) == 0 and not replay.can_undo(0) and not replay.hints_allowed()
    answers: list[str | None] = []
    replay.request_hint(answers.append)
    assert answers == [READ_ONLY] and len(replay.log) == 4
    fresh = replay.from_here()
    assert fresh.actions() == real.actions() and fresh.view(None) == real.view(None)
    fresh.submit(fresh.to_act()[0], move)  # a new game: it plays on
    assert len(whole.log) > 4 and replay.at == 4
    with pytest.raises(IllegalAction):
        ReplayTable(played(moves=6), 0, at=3).from_here()


def test_a_table_resumed_from_its_saved_position_alone_cannot_be_replayed() -> None:
    whole = played()
    resumed = Table(game=GAME, seats=SEATS, seed=5, options=OPTIONS, _states=[whole.state], log=list(whole.log))
    with pytest.raises(ValueError, match="no longer replay"):
        ReplayTable(resumed, 0)


def test_open_before_the_end_of_a_game_without_hidden_information_is_the_public_view() -> None:
    from core.registry import get_game

    game = get_game("quadropolis")
    table = Table.new(game, (Seat(0, "Ada"), Seat(1, "Brook")), 3, {})
    for _ in range(6):
        seat = table.to_act()[0]
        table.submit(seat, table.legal_actions(seat)[0])
    assert perspectives(table) == [OPEN]
    replay = ReplayTable(table, OPEN, at=4)
    assert replay.view(None) == game.view(table.history()[4], None)
