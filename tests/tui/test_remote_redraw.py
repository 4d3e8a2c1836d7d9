"""A network table's news that comes in a bunch, or before its game screen has mounted,
is drawn once, after the mount, and never trips over widgets not there yet."""

from __future__ import annotations

import asyncio
from typing import Any

from core.registry import get_game
from core.table import Seat, Table
from net.hub_store import SeatInfo, TableMeta
from net.hub_tables import NetTable
from net.remote_table import RemoteTable
from tui.app import MeepleApp
from tui.games import screen_for


def council_message(away: bool, moves: int = 0, viewer: int = 0) -> dict[str, Any]:
    """What the hub sends seat ``viewer`` of a Council table after its first ``moves``
    moves (each the first legal one; seat 1 away or not)."""
    game = get_game("council")
    table = Table.new(game, [Seat(i, f"P{i}") for i in range(3)], 7, {})
    for _ in range(moves):
        seat = table.to_act()[0]
        table.submit(seat, table.legal_actions(seat)[0])
    meta = TableMeta(id="t1", game="council", options={},
                     seats=[SeatInfo("player", key=f"k{i}", name=f"P{i}") for i in range(3)],
                     creator="k0", started=True)

    def presence(key: str) -> tuple[bool, float]:
        return (False, 5.0) if away and key == "k1" else (True, 0.0)

    return NetTable(meta, game, table).message(f"k{viewer}", viewer, lambda key: "", presence, 0)


async def draws_with(news: int) -> list[bool]:
    """Open a Council table's game screen and hand its table ``news`` messages (seat 1
    away) before the screen has mounted; whether the screen was attached at each draw."""
    app = MeepleApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        table = RemoteTable(get_game("council"), council_message(False), lambda sent: None)
        screen = screen_for("council")(table, None)
        draws: list[bool] = []
        draw = screen._draw

        def counted() -> None:
            draws.append(screen.is_attached)
            draw()

        screen._draw = counted  # type: ignore[method-assign]
        app.push_screen(screen)  # (not awaited: its widgets are not mounted yet)
        for _ in range(news):
            table.receive(council_message(True))
        await pilot.pause()
        await pilot.pause()
        assert app.screen is screen
        assert not [n for n in app._notifications if n.severity == "error"]
        if news:
            assert 1 in table.away_seats()
            assert "away" in str(screen.query_one("#scoreboard").render())
        return draws


def test_news_before_the_mount_and_in_a_bunch_is_drawn_once_after_the_mount() -> None:
    quiet = asyncio.run(draws_with(0))
    bunch = asyncio.run(draws_with(2))
    assert all(quiet) and all(bunch)  # (a draw before the mount failed: no widgets yet)
    assert len(bunch) == len(quiet) + 1
    # Only the mount's: a game's on_mount ran the base's again (two draws, two turns), and
    # the turn's draw of the state just drawn is skipped.
    assert len(quiet) == 1


def test_a_move_from_another_seat_is_drawn_once() -> None:
    async def main() -> None:
        start = council_message(False, viewer=2)
        assert start["to_act"] != [2]  # (the move is another seat's)
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = RemoteTable(get_game("council"), start, lambda sent: None)
            screen = screen_for("council")(table, None)
            await app.push_screen(screen)
            await pilot.pause()
            draws: list[int] = []
            draw = screen._draw

            def counted() -> None:
                draws.append(len(table.log))
                draw()

            screen._draw = counted  # type: ignore[method-assign]
            table.receive(council_message(False, moves=1, viewer=2))
            await pilot.pause()
            await pilot.pause()
            assert len(table.log) == 1
            assert draws == [1]  # (the turn that follows the move drew the same state again)

    asyncio.run(main())


def test_an_undo_that_comes_before_the_mount_is_drawn_after_it() -> None:
    """A move taken back at the hub while the player's game screen is still mounting: its
    log is written once the widgets are there, never before (it failed with NoMatches)."""
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = RemoteTable(get_game("council"), council_message(False, moves=2), lambda sent: None)
            screen = screen_for("council")(table, None)
            app.push_screen(screen)  # (not awaited: its widgets are not mounted yet)
            table.receive(council_message(False, moves=1))  # (one move taken back)
            await pilot.pause()
            await pilot.pause()
            assert app.screen is screen
            assert len(table.log) == 1
            assert not [n for n in app._notifications if n.severity == "error"]
            assert screen._log_key[0] == 1  # (the log written shows the one move left)
            table.receive(council_message(False, moves=0))  # (and one more, now mounted)
            await pilot.pause()
            assert screen._log_key[0] == 0

    asyncio.run(main())
