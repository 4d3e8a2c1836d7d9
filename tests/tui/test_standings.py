"""The scoreboard says what its numbers are; ``s`` opens every seat's points by category."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.widgets import DataTable

from tests.tui.helpers import open_game, random_table, wait_for_turn
from tui.app import MeepleApp
from tui.screens.standings import StandingsScreen

LABELS = {"quadropolis": "VP if the game ended now", "council": "VP now → if it ended now",
          "elgrande": "points now → if it ended now"}


@pytest.mark.parametrize("game_id", sorted(LABELS))
def test_scoreboard_label_and_the_scores_panel(game_id: str) -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = random_table(game_id, ("human", "easy"), seed=4, moves=12)
            screen = await open_game(pilot, table)
            await wait_for_turn(pilot, screen)  # the bot has moved: the numbers stand still
            assert LABELS[game_id] in str(screen.query_one("#seats-head").render())
            board = str(screen.query_one("#scoreboard").render())
            standings = table.game.standings(screen.current_view())
            for seat in table.seats:
                shown = (f"{standings.projected[seat.index]}" if standings.now is None
                         else f"{standings.now[seat.index]}→{standings.projected[seat.index]}")
                assert shown in board
            await pilot.press("s")
            await pilot.pause()
            panel = app.screen
            assert isinstance(panel, StandingsScreen)
            grid: DataTable[Any] = panel.query_one("#standings-table", DataTable)
            assert grid.row_count == len(standings.categories)
            total = [str(cell) for cell in grid.get_row_at(grid.row_count - 1)]
            assert total[0] == standings.categories[-1]
            for seat in table.seats:
                assert total[1 + seat.index].endswith(str(standings.projected[seat.index]))
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen

    asyncio.run(main())


def test_s_typed_in_the_move_filter_is_text() -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_game(pilot, random_table("council", ("human", "easy"), seed=4))
            await pilot.press("m", "s")
            await pilot.pause()
            assert screen.query_one("#action-filter").value == "s"
            assert app.screen is screen

    asyncio.run(main())
