"""A read-only table (core/read_only.py): a past position as one seat saw it, with nothing
playable, for the game screens to show."""

from __future__ import annotations

from typing import Any

import pytest

from core.engine import IllegalAction
from core.read_only import READ_ONLY, ReadOnlyTable
from core.table import Controller, Seat, Table
from tests.toy_game import SealedBids

GAME = SealedBids()
SEATS = (Seat(0, "Ada"), Seat(1, "Brook", Controller("bot", "easy")), Seat(2, "Cyd"))
OPTIONS: dict[str, Any] = {"rounds": 3}


def played() -> Table[Any]:
    table = Table.new(GAME, SEATS, 5, OPTIONS)
    while not table.is_over():
        seat = table.to_act()[-1]
        table.submit(seat, table.legal_actions(seat)[0])
    return table


def test_the_position_is_the_game_after_so_many_moves_seen_by_the_viewer() -> None:
    whole = played()
    moves = next(i for i, entry in enumerate(whole.log) if entry.action.kind == "bid")  # bids: secret
    position = ReadOnlyTable.at(GAME, SEATS, 5, OPTIONS, whole.actions(), moves + 1, 0)
    replayed = Table.replay(GAME, SEATS, 5, OPTIONS, whole.actions()[: moves + 1])
    assert position.actions() == whole.actions()[: moves + 1] and len(position.log) == moves + 1
    assert position.view(0) == replayed.view(0) and position.view(None) == replayed.view(None)
    assert [position.seen(i, 0) for i in range(moves + 1)] == [replayed.seen(i, 0) for i in range(moves + 1)]
    assert not position.seen(moves, 0)  # Cyd's sealed bid
    assert not position.is_over() and position.game is GAME and position.seats == SEATS
    # several seats bid at once there: only the viewer counts as acting, and as a player
    assert replayed.to_act() == [0, 1] and position.to_act() == [0]
    assert position.human_seats() == [0] and position.away_seats() == frozenset()


def test_nothing_can_be_played_undone_or_hinted() -> None:
    whole = played()
    position = ReadOnlyTable.at(GAME, SEATS, 5, OPTIONS, whole.actions(), 4, 0)
    assert position.legal_actions(0) == [] and position.legal_actions(1) == []
    real = Table.replay(GAME, SEATS, 5, OPTIONS, whole.actions()[:4])
    move = real.legal_actions(real.to_act()[0])[0]
    for attempt in (lambda: position.submit(0, move), lambda: position.ends_turn(0, move),
                    lambda: position.undo(0)):
        with pytest.raises(IllegalAction, match="no move can be played"):
            attempt()
    assert position.undo_depth(0) == 0 and not position.can_undo(0)
    assert not position.hints_allowed()
    answers: list[str | None] = []
    position.request_hint(answers.append)
    assert answers == [READ_ONLY]
    assert len(position.log) == 4  # nothing changed


def test_the_end_and_bad_positions() -> None:
    whole = played()
    end = ReadOnlyTable.at(GAME, SEATS, 5, OPTIONS, whole.actions(), len(whole.log), 0)
    assert end.is_over() and end.to_act() == [] and end.result() == whole.result()
    with pytest.raises(ValueError):
        ReadOnlyTable.at(GAME, SEATS, 5, OPTIONS, whole.actions(), len(whole.log) + 1, 0)
    with pytest.raises(ValueError):
        ReadOnlyTable(whole, 3)
    broken = [whole.actions()[0]] * 2
    with pytest.raises(IllegalAction):
        ReadOnlyTable.at(GAME, SEATS, 5, OPTIONS, broken, 2, 0)
