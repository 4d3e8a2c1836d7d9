"""How moves reach the game screen: by one message path, whoever made them."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

from core.table import Controller, Table
from tui.app import MeepleApp
from tui.screens.game import GameScreen
from tui.widgets.board import BoardView
from tui.widgets.status import StatusLine

from tests.tui.helpers import council_table, open_game, quadropolis_table, random_table


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


def test_a_remote_seat_is_waited_for_and_its_move_arrives_like_any_other() -> None:
    """Seat 1 plays at another app: the screen starts no bot for it, says whom it waits
    for, and draws the move when it reaches the table (as the hub's would), then hands
    the turn back to the player at this keyboard."""

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            table = council_table()
            remote = replace(table.seats[1], controller=Controller("remote"))
            table = Table.new(table.game, [table.seats[0], remote], table.seed, table.options)
            screen = await open_game(pilot, table)
            assert screen.viewer == 0 and table.to_act() == [0]
            for _ in range(50):  # the local player's turn, made at the table
                if table.to_act() != [0]:
                    break
                legal = table.legal_actions(0)
                ending = [a for a in legal if table.ends_turn(0, a)]
                table.submit(0, (ending or legal)[0])
                await pilot.pause()
            assert table.to_act() == [1]
            await pilot.pause()
            status = screen.query_one("#status", StatusLine)
            assert "Waiting for" in status._message.plain and "Brook" in status._message.plain
            assert "Brook" in str(screen.query_one("#scoreboard").render())
            assert not screen._bot_busy and status.thinking == ""
            assert screen.viewer == 0, "the keyboard stays with the local player"
            assert [action for _, action in screen.query_one("#actions")._items] == []
            while table.to_act() == [1]:  # the remote player's moves, as the hub applies them
                entry = table.submit(1, table.legal_actions(1)[0])
                await pilot.pause()
                assert not screen._bot_busy
            await pilot.pause()
            log_text = " ".join(" ".join(line.text.split()) for line in screen.query_one("#log").lines)
            assert " ".join(entry.text.split()) in log_text
            assert table.to_act() == [0] and screen.viewer == 0
            listed = [action for _, action in screen.query_one("#actions")._items]
            assert listed == table.legal_actions(0), "the turn is back at this keyboard"
            assert "Waiting for" not in status._message.plain

    asyncio.run(main())
