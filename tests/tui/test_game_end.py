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
