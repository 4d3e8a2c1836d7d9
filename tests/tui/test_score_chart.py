"""The ScoreChart widget: its lines, their letters and theme colours (redrawn on a theme
switch), plain-text labels, and the colours and ticks it gives plotext."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from rich.color import ColorType
from textual.app import App, ComposeResult

from themes import load_builtin_themes
from tui.widgets.score_chart import ChartLine, ScoreChart, integer_ticks, plot_colour, seat_line

LINES = [
    seat_line(0, "Ada", (0, 1, 2, 3), (0, 4, 9, 20)),
    seat_line(1, "Bo\x1b[31m[b]x", (0, 1, 2, 3), (0, 10, 12, 14)),
]


class ChartApp(App[None]):
    """A chart on its own, in a Meeple theme."""

    CSS_PATH = "../../tui/widgets/score_chart.tcss"

    def __init__(self, lines: list[ChartLine], y_label: str = "VP") -> None:
        super().__init__()
        self.lines = lines
        self.y_label = y_label
        for theme in load_builtin_themes():
            self.register_theme(theme)
        self.theme = "meeple-dark"

    def compose(self) -> ComposeResult:
        yield ScoreChart(self.lines, title="Score by round", x_label="Round", y_label=self.y_label)


def cells(chart: ScoreChart, letter: str) -> list[Any]:
    """The colour of every cell of the plot that shows ``letter``."""
    plot = chart.query_one(".score-chart--plot")
    found = []
    for strip in plot.render_lines(plot.region.reset_offset):
        for segment in strip:
            if letter in segment.text and segment.style is not None:
                found.append(segment.style.color)
    return found


def test_lines_are_drawn_with_their_letter_in_the_seat_colour_and_follow_the_theme() -> None:
    async def main() -> None:
        app = ChartApp(LINES)
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            chart = app.query_one(ScoreChart)
            colours = cells(chart, "A")
            assert colours, "seat A's line is drawn with A"
            player = app.current_theme.variables["player-1"]
            assert {c.triplet.hex.upper() for c in colours} == {player.upper()}
            assert cells(chart, "B")

            app.theme = "meeple-ansi16"
            await pilot.pause()
            colours = cells(chart, "A")
            assert colours and all(c.type is ColorType.STANDARD and c.number == 9 for c in colours)  # bright red

    asyncio.run(main())


def test_labels_are_plain_text() -> None:
    async def main() -> None:
        app = ChartApp(LINES, y_label="V\x1b[5mP")
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            chart = app.query_one(ScoreChart)
            legend = str(chart.query_one(".score-chart--legend").render())
            assert "A Ada" in legend and "B Bo␛[31m[b]x" in legend
            plot = chart.query_one(".score-chart--plot")
            drawn = "\n".join(strip.text for strip in plot.render_lines(plot.region.reset_offset))
            assert "V␛[5mP" in drawn and "\x1b" not in drawn

    asyncio.run(main())


def test_set_lines_draws_other_lines() -> None:
    async def main() -> None:
        app = ChartApp(LINES)
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            chart = app.query_one(ScoreChart)
            chart.set_lines([seat_line(2, "Cyd", (0, 1), (3, 5))])
            await pilot.pause()
            assert "C Cyd" in str(chart.query_one(".score-chart--legend").render())
            assert cells(chart, "C") and not cells(chart, "A")
            chart.set_lines([ChartLine("Nobody", (), (), "N")])  # nothing to draw yet
            await pilot.pause()
            assert not cells(chart, "N")

    asyncio.run(main())


def test_a_chart_line_needs_one_y_per_x_and_one_printable_marker() -> None:
    with pytest.raises(ValueError, match="x values"):
        ChartLine("Ada", (0, 1), (3,), "A")
    for marker in ("", "AB", "\x1b"):
        with pytest.raises(ValueError, match="marker"):
            ChartLine("Ada", (0,), (3,), marker)
    sixth = seat_line(5, "Fay", (0,), (1,))
    assert (sixth.marker, sixth.colour) == ("F", "player-1")  # colours come round again, letters never


def test_plot_colours() -> None:
    assert plot_colour("ansi_bright_red") == 9
    assert plot_colour("ansi_default") == "default"
    assert plot_colour("#FF6B6B") == (255, 107, 107)
    assert plot_colour("not a colour") == "default" and plot_colour(None) == "default"


@pytest.mark.parametrize(
    ("low", "high", "most", "ticks"),
    [(0, 1, 5, [0, 1]), (0, 9, 5, [0, 2, 4, 6, 8]), (-7, 31, 4, [0, 10, 20, 30]), (-7, 31, 3, [0, 20]), (0, 90, 2, [0, 50]), (5, 5, 1, [5])],
)
def test_integer_ticks(low: float, high: float, most: int, ticks: list[int]) -> None:
    assert integer_ticks(low, high, most) == ticks


@pytest.mark.parametrize("on_top, shown, hidden", [(0, "A", "B"), (1, "B", "A")])
def test_the_line_on_top_shows_its_letter_where_lines_meet(on_top: int, shown: str, hidden: str) -> None:
    """Two players with the same score every round: only the letter of the line on top (the
    player's own, on the game-over screen) is drawn; before, the last seat's hid it."""
    same = [seat_line(0, "Ada", (0, 1, 2, 3), (0, 5, 9, 12)), seat_line(1, "Bea", (0, 1, 2, 3), (0, 5, 9, 12))]

    class TopApp(ChartApp):
        def compose(self) -> ComposeResult:
            yield ScoreChart(self.lines, title="Score by round", x_label="Round", y_label="VP", on_top=on_top)

    async def main() -> tuple[int, int]:
        app = TopApp(same)
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            chart = app.query_one(ScoreChart)
            return len(cells(chart, shown)), len(cells(chart, hidden))

    shown_cells, hidden_cells = asyncio.run(main())
    assert shown_cells >= 4 and hidden_cells == 0
