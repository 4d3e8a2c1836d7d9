"""Pilot tests of the Statistics screen: opened from the menu, a tab per game with its
players' records (and the team's by difficulty for Settlement), the line about the
highlighted player, names as plain text, no saves, Escape back to the menu."""

from __future__ import annotations

from typing import Any

from textual.coordinate import Coordinate
from textual.pilot import Pilot
from textual.widgets import DataTable, Static, TabbedContent

from core.registry import get_game
from core.table import Seat, Table
from tui.app import MeepleApp
from tui.screens.menu import MenuList, MenuScreen
from tui.screens.stats import StatsScreen

from tests.tui.helpers import LONG_NAME, write_fixed_save, write_stats_saves
from tests.tui.test_screens import run


async def open_stats(pilot: Pilot[Any], *keys: str) -> StatsScreen:
    """Open the Statistics screen from the menu with ``keys`` and wait for the saves."""
    await pilot.press(*keys)
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, StatsScreen)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    return screen


def rows(screen: StatsScreen, table_id: str) -> list[list[str]]:
    """The cells of a table's rows as plain text."""
    table = screen.query_one(table_id, DataTable)
    return [[str(getattr(cell, "plain", cell)) for cell in table.get_row_at(i)] for i in range(table.row_count)]


def detail(screen: StatsScreen) -> str:
    return str(screen.query_one("#detail", Static).render())


def test_open_from_the_menu_read_the_records_and_go_back() -> None:
    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        write_stats_saves()
        screen = await open_stats(pilot, "t")
        title = str(screen.query_one("#title", Static).render())
        assert title == "Statistics · 5 saved games · 1 unreadable save skipped (Load tells why)"
        tabs = screen.query_one("#games", TabbedContent)
        assert tabs.active == "game-quadropolis"
        assert [row[0] for row in rows(screen, "#players-quadropolis")] == ["Ada", "Brook", LONG_NAME]
        ada = rows(screen, "#players-quadropolis")[0]
        assert ada[1:4] == ["3", "2", str(int(float(ada[3])))] and ada[4].endswith("%")
        assert app.focused is screen.query_one("#players-quadropolis", DataTable)
        assert detail(screen) == "Ada · last played 2026-11-01 12:30 · against bots: hard 3 games"
        await pilot.press("down")
        assert detail(screen).startswith("Brook · last played")
        brook = screen.highlighted_player()
        assert brook is not None and brook.name == "Brook"

        await pilot.press("right")
        await pilot.pause()
        assert tabs.active == "game-settlement"
        assert rows(screen, "#players-settlement") == [["Ada", "2", "2", "1", "50%", "110.0", "140"]]
        assert rows(screen, "#teams-settlement") == [["Easy", "1", "1", "1", "0", "140"],
                                                      ["Hard", "1", "1", "0", "1", "80"]]
        assert detail(screen) == "Ada · last played 2026-11-01 12:30"  # bots are teammates here
        assert app.focused is screen.query_one("#players-settlement", DataTable)
        await pilot.press("right")  # round to the first game again
        await pilot.pause()
        assert tabs.active == "game-quadropolis"
        await pilot.press("left")
        await pilot.pause()
        assert tabs.active == "game-settlement"

        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)

    run(body)


def test_the_menu_entry_opens_it() -> None:
    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        menu = app.screen.query_one(MenuList)
        index = next(i for i in range(menu.option_count) if menu.get_option_at_index(i).id == "stats")
        assert "Statistics" in str(menu.get_option_at_index(index).prompt)
        await open_stats(pilot, *["down"] * index, "enter")

    run(body)


def test_no_saves() -> None:
    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        screen = await open_stats(pilot, "t")
        status = str(screen.query_one("#status", Static).render())
        assert status.startswith("No games with a human player in the saves yet.")
        assert not screen.query("#games")
        await pilot.press("right", "down")  # nothing to move: no error
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)

    run(body)


def test_names_are_shown_as_plain_text() -> None:
    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        hostile = "[@click=app.quit()]Bo"
        table = Table.new(get_game("quadropolis"), [Seat(0, hostile), Seat(1, "[b]Cy")], 1, {})
        write_fixed_save(table, "markup", "Markup")
        screen = await open_stats(pilot, "t")
        assert [row[0] for row in rows(screen, "#players-quadropolis")] == ["[@click=app.quit()]Bo", "[b]Cy"]
        assert detail(screen).startswith("[@click=app.quit()]Bo · last played")
        assert "0 saved" not in str(screen.query_one("#title", Static).render())

    run(body)


def test_a_larger_terminal_keeps_long_names_on_one_line() -> None:
    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        write_stats_saves()
        screen = await open_stats(pilot, "t")
        table = screen.query_one("#players-quadropolis", DataTable)
        assert table.rows[table.coordinate_to_cell_key(Coordinate(2, 0)).row_key].height == 2  # wrapped at 80
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        table = screen.query_one("#players-quadropolis", DataTable)
        assert table.rows[table.coordinate_to_cell_key(Coordinate(2, 0)).row_key].height == 1
        assert app.focused is table

    run(body)


def test_the_highlighted_players_scores_over_their_last_games_are_charted() -> None:
    from saves.stats import read_source, scores_over_time
    from tui.widgets.score_chart import ScoreChart

    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        write_stats_saves()
        screen = await open_stats(pilot, "t")
        chart = screen.query_one("#player-chart", ScoreChart)
        ada = scores_over_time(read_source(), "Ada", "quadropolis")
        assert len(ada) == 2 and chart.display  # Ada: two finished games
        (line,) = chart.lines
        assert line.xs == (1.0, 2.0) and line.ys == tuple(float(score) for _, score in ada)
        assert chart.title == "Ada's scores, last 2 finished games"
        await pilot.press("down")  # Brook: one finished game makes no line
        assert not chart.display
        await pilot.press("right")
        await pilot.pause()
        assert chart.display and chart.title == "The team's scores, last 2 finished games"
        assert chart.lines[0].ys == (140.0, 80.0) or chart.lines[0].ys == (80.0, 140.0)

    run(body)
