"""After the end: the board offers only Enter, which shows the final scores again."""

from __future__ import annotations

import asyncio

from tests.tui.helpers import finished_table, open_game, wait_for_screen
from tui.app import MeepleApp
from tui.screens.game_over import GameOverScreen
from tui.widgets.key_bar import KeyBar


def test_a_finished_game_offers_only_the_scores() -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await open_game(pilot, finished_table())
            await wait_for_screen(pilot, GameOverScreen)
            await pilot.press("b")  # back to the board
            await pilot.pause()
            screen = app.screen
            assert not isinstance(screen, GameOverScreen)
            shown = screen.query_one(KeyBar).keys()
            actions = {binding.action for _, binding, _ in shown}
            assert "choose" in actions  # Enter: the scores
            assert not {"undo", "focus_moves", "discard", "city(1)"} & actions, actions
            assert "Game over — Enter shows the scores" in str(screen.query_one("#status").render())
            await pilot.press("enter")
            await wait_for_screen(pilot, GameOverScreen)

    asyncio.run(main())


def test_the_final_scores_scroll_to_their_last_line_on_a_short_screen() -> None:
    """Four players' Quadropolis at 80x24: the page is taller than the screen, and the
    page keys bring its last panel (where the resources went) into view."""
    from tests.tui.helpers import random_table

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = random_table("quadropolis", ("human",) * 4, seed=2, moves=10_000)
            assert table.is_over()
            await open_game(pilot, table)
            over = await wait_for_screen(pilot, GameOverScreen)
            page = over.query_one("#over")
            extra = over.query_one("#extra")
            assert page.max_scroll_y > 0, "the test needs a page taller than the screen"
            assert extra.region.bottom > page.region.bottom or extra.region.height < extra.size.height
            await pilot.press("pagedown", "pagedown", "pagedown")
            await pilot.pause()
            assert page.scroll_y == page.max_scroll_y
            assert extra.region.bottom <= page.region.bottom, "the last line is on screen"

    asyncio.run(main())
