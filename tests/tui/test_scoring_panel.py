"""A scoring during play opens a summary that stays until closed; the game waits for it."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.widgets import DataTable

from core.table import Table
from tui.app import MeepleApp
from tui.screens.game import GameScreen
from tui.screens.scoring import ScoringScreen

from tests.tui.helpers import open_game, random_table


def scoring_move(table: Table[Any]) -> Any:
    """A legal move of the seat to act that sets off a scoring, or None."""
    game, seat = table.game, table.to_act()[0]
    for action in table.legal_actions(seat):
        if game.scoring(game.apply(table.state, seat, action)) is not None:
            return action
    return None


def test_a_general_scoring_is_shown_until_closed_and_the_game_waits() -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = random_table("elgrande", ("human", "easy"), seed=4,
                                 until=lambda t: t.to_act()[0] == 0 and scoring_move(t) is not None)
            action = scoring_move(table)
            screen = await open_game(pilot, table)
            moves = len(table.log)
            screen.submit_action(action)
            for _ in range(10):
                await pilot.pause()
            panel = app.screen
            assert isinstance(panel, ScoringScreen)
            expected = table.game.scoring(table.view(None))
            assert expected is not None and panel.scoring == expected
            if expected.rows:
                grid: DataTable[Any] = panel.query_one("#scoring-table", DataTable)
                assert grid.row_count == len(expected.rows) + 1  # and the total
                total = [str(c) for c in grid.get_row_at(grid.row_count - 1)]
                assert total[1:] == [str(p) for p in expected.totals]
            await pilot.pause(0.3)
            assert app.screen is panel, "the summary stays until it is closed"
            assert len(table.log) == moves + 1, "and the bot waits for it"
            await pilot.press("enter")
            for _ in range(50):
                await pilot.pause(0.02)
                if len(table.log) > moves + 1 or table.is_over():
                    break
            assert app.screen is not panel, "Enter closes it"
            assert len(table.log) > moves + 1 or table.is_over() or 0 in table.to_act(), "the game went on"
            if isinstance(app.screen, ScoringScreen):  # the bot's move scored in turn
                assert app.screen.scoring == table.game.scoring(table.view(None))
            else:
                assert isinstance(app.screen, GameScreen)

    asyncio.run(main())


def test_the_settings_can_skip_the_scoring_summary() -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            app.settings.stop_at_scorings = False
            table = random_table("elgrande", ("human", "easy"), seed=4,
                                 until=lambda t: t.to_act()[0] == 0 and scoring_move(t) is not None)
            screen = await open_game(pilot, table)
            screen.submit_action(scoring_move(table))
            for _ in range(10):
                await pilot.pause()
            assert not isinstance(app.screen, ScoringScreen)

    asyncio.run(main())


def test_a_long_scoring_keeps_its_closing_line_and_scrolls_to_its_last_note_at_80x24() -> None:
    """El Grande's general scoring with five players: more rows and notes than 24 rows
    hold. The closing line stays on screen and ↓ brings the last note (the Grande bonus)
    into view."""
    from core.engine import Scoring
    from core.table import Seat

    seats = tuple(Seat(i, name) for i, name in enumerate(("Ada", "Brook", "Cyd", "Dee", "Eli")))
    rows = tuple((f"Region {n}", (n, 0, 4, 2, 1)) for n in range(1, 11))
    notes = tuple(f"Note {n}: what happened in region {n}." for n in range(1, 6)) + ("Grande bonus: Ada +2.",)
    scoring = Scoring("General scoring", 5, rows, notes)

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await app.push_screen(ScoringScreen(scoring, seats))
            await pilot.pause()
            screen_text = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
            assert "Enter or Esc: go on" in screen_text
            assert "Grande bonus" not in screen_text  # below the fold at first
            await pilot.press(*["down"] * 20)
            await pilot.pause()
            screen_text = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
            assert "Grande bonus: Ada +2." in screen_text and "Enter or Esc: go on" in screen_text
            await pilot.press("enter")
            await pilot.pause()
            assert not isinstance(app.screen, ScoringScreen)

    asyncio.run(main())
