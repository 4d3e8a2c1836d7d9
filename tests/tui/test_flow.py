"""How moves reach the game screen: by one message path, whoever made them."""

from __future__ import annotations

import asyncio
from typing import Any

from tui.app import MeepleApp
from tui.screens.game import GameScreen
from tui.widgets.board import BoardView

from tests.tui.helpers import open_game, quadropolis_table, random_table


def test_a_move_made_at_the_table_reaches_the_screen_by_the_message_path() -> None:
    """A move submitted to the table itself (as a remote player's will be) is drawn and the
    game moves on: log, status and the next player's view, with no call into the screen."""

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            table = quadropolis_table()
            screen = await open_game(pilot, table)
            applied: list[Any] = []
            original = screen.post_message

            def spy(message: Any) -> bool:
                if isinstance(message, GameScreen.MoveApplied):
                    applied.append(message.entry)
                return original(message)

            screen.post_message = spy  # type: ignore[method-assign]  # observe the one path
            seat = table.to_act()[0]
            entry = table.submit(seat, table.legal_actions(seat)[0])
            await pilot.pause()
            assert applied == [entry]
            log_text = " ".join(" ".join(line.text.split()) for line in screen.query_one("#log").lines)
            assert " ".join(entry.text.split()) in log_text  # the log wraps to its width
            assert screen.viewer in table.to_act(), "the screen handed the board to who acts next"
            listed = [action for _, action in screen.query_one("#actions")._items]
            assert listed == table.legal_actions(screen.viewer), "the move list is the new one"

    asyncio.run(main())


def test_board_keys_become_messages_the_screen_handles() -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            table = random_table("council", ("human", "easy"), seed=5, moves=0)
            screen = await open_game(pilot, table)
            seen: list[type] = []
            board = screen.query_one(BoardView)
            original = board.post_message

            def spy(message: Any) -> bool:
                seen.append(type(message))
                return original(message)

            board.post_message = spy  # type: ignore[method-assign]
            board.focus()
            before = screen.cursor_position
            await pilot.press("right")
            await pilot.pause()
            assert BoardView.Moved in seen and screen.cursor_position != before
            await pilot.press("e")
            await pilot.pause()
            assert any(t.__name__ == "EndTurn" for t in seen)
            assert any("cannot end your turn" in str(n.message) for n in app._notifications)

    asyncio.run(main())
