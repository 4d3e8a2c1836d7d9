"""The score-by-round chart on the game-over screen: under the scores for a local table,
``c`` gives it the page and back; a network table (no positions here) and a table resumed
from its saved position (no early positions) have none."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.widgets import DataTable

from core.history import score_history
from core.registry import get_game
from core.table import Table
from net.hub_store import SeatInfo, TableMeta
from net.hub_tables import NetTable
from net.remote_table import RemoteTable
from tests.tui.helpers import random_table
from tui.app import MeepleApp
from tui.screens.game_over import GameOverScreen
from tui.widgets.key_bar import KeyBar
from tui.widgets.score_chart import ScoreChart


def finished(game_id: str = "elgrande", players: int = 3) -> Table[Any]:
    """A game played to its end by seeded random moves."""
    return random_table(game_id, ("human",) + ("easy",) * (players - 1), seed=4, moves=10**6)


def keys(app: MeepleApp) -> dict[str, str]:
    """The key bar's actions and their words."""
    return {binding.action: binding.description for _, binding, _ in app.screen.query_one(KeyBar).keys()}


def chart_text(chart: ScoreChart) -> str:
    """What the chart's plot draws, as plain text."""
    plot = chart.query_one(".score-chart--plot")
    return "\n".join(strip.text for strip in plot.render_lines(plot.region.reset_offset))


def test_a_local_game_charts_every_player_by_round_and_c_toggles_the_page() -> None:
    table = finished()
    history = score_history(table.game, table.history(), [seat.name for seat in table.seats])

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await app.push_screen(GameOverScreen(table))
            await pilot.pause()
            over = app.screen
            chart = over.query_one("#chart", ScoreChart)
            assert [line.label for line in chart.lines] == ["Ada", "Brook", "Cyd"]
            assert [line.marker for line in chart.lines] == ["A", "B", "C"]
            assert all(line.xs == history.rounds for line in chart.lines)
            assert [line.ys for line in chart.lines] == list(history.scores)
            assert chart.lines[0].ys[-1] == table.result().totals[0]
            assert keys(app).get("chart") == "Chart" and "scores" not in keys(app)
            breakdown = over.query_one("#breakdown", DataTable)
            assert breakdown.display and breakdown.region.height > 0

            await pilot.press("c")
            await pilot.pause()
            assert over.has_class("-charting") and not breakdown.display
            assert keys(app).get("scores") == "Scores" and "chart" not in keys(app)
            assert chart.region.height >= 16  # the page is the chart's (under the headline)
            drawn = chart_text(chart)
            assert all(letter * 2 in drawn for letter in "ABC"), drawn  # each line by its letter
            legend = str(chart.query_one(".score-chart--legend").render())
            assert "A Ada" in legend and "C Cyd" in legend

            await pilot.press("c")
            await pilot.pause()
            assert not over.has_class("-charting") and breakdown.display
            assert keys(app).get("chart") == "Chart"

    asyncio.run(main())


def test_a_co_operative_game_charts_the_team() -> None:
    from core.settlement.bots import reference_action
    from tests.tui.helpers import seats

    table: Table[Any] = Table.new(get_game("settlement"), seats("human", "human"), 3, {})
    while not table.is_over():
        seat = table.to_act()[0]
        table.submit(seat, reference_action(table.view(seat), seat))

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await app.push_screen(GameOverScreen(table))
            await pilot.pause()
            chart = app.screen.query_one("#chart", ScoreChart)
            assert [(line.label, line.marker) for line in chart.lines] == [("Team", "T")]
            assert chart.lines[0].ys[-1] == table.result().totals[0]

    asyncio.run(main())


def remote(table: Table[Any]) -> RemoteTable:
    """The finished ``table`` as seat 0 of a network game sees it (the hub's message)."""
    meta = TableMeta(id="t1", game=table.game.info.id, options=dict(table.options),
                     seats=[SeatInfo("player", key=f"k{i}", name=seat.name) for i, seat in enumerate(table.seats)],
                     creator="k0", started=True)
    message = NetTable(meta, table.game, table).message("k0", 0, lambda key: "", lambda key: (True, 0.0), 0)
    return RemoteTable(table.game, message, lambda sent: None)


def resumed_from_its_snapshot(table: Table[Any]) -> Table[Any]:
    """``table`` as a save whose moves no longer replay is resumed: at its saved position,
    with none of the earlier ones (saves.resume)."""
    return Table(game=table.game, seats=table.seats, seed=table.seed, options=table.options,
                 _states=[table.state], log=list(table.log))


@pytest.mark.parametrize("kind", ["network", "snapshot"])
def test_a_table_without_the_games_positions_has_no_chart_and_c_does_nothing(kind: str) -> None:
    local = finished("quadropolis", 2)
    table = remote(local) if kind == "network" else resumed_from_its_snapshot(local)
    assert table.is_over()

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await app.push_screen(GameOverScreen(table))
            await pilot.pause()
            over = app.screen
            assert not over.query(ScoreChart)
            assert "chart" not in keys(app) and "scores" not in keys(app) and "replay" not in keys(app)
            # (Escape leads to the server's lobby from a network table, and says so)
            assert keys(app)["menu"] == ("Lobby" if kind == "network" else "Menu")
            await pilot.press("c", "w")
            await pilot.pause()
            assert app.screen is over and not over.has_class("-charting")
            assert over.query_one("#breakdown", DataTable).display

    asyncio.run(main())


def test_w_replays_the_finished_game_from_its_start_and_escape_comes_back() -> None:
    from core.replay import ReplayTable
    from tui.screens.game import GameScreen
    from tui.screens.watcher import WatcherScreen

    table = finished("quadropolis", 2)  # no hidden information: no question of whose eyes

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await app.push_screen(GameOverScreen(table))
            await pilot.pause()
            over = app.screen
            assert keys(app).get("replay") == "Replay"
            await pilot.press("w")
            await pilot.pause()
            assert not isinstance(app.screen, WatcherScreen)
            replay = app.screen
            assert isinstance(replay, GameScreen) and isinstance(replay.table, ReplayTable)
            assert replay.table.at == 0 and replay.table.base is table
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is over

    asyncio.run(main())
