"""A line chart of scores (by round on the game-over screen and in replays, over games on the
Stats screen), drawn by textual-plotext's :class:`PlotextPlot`.

Each line is drawn with its own letter (a seat's letter, :func:`seat_line`) as well as
its colour, so the lines stay apart in 16 colours and in monochrome; the legend under the
plot names them. Only numbers, the one-letter markers and the axis labels (control
characters made visible) go to plotext, whose output is read back as ANSI text; the title
and the legend's labels (players' names) are shown as plain text by Textual widgets.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Sequence

from rich.text import Text
from textual.app import ComposeResult, RenderResult
from textual.color import Color, ColorParseError
from textual.content import Content
from textual.theme import Theme
from textual.widget import Widget
from textual.widgets import Static
from textual_plotext import PlotextPlot

from core.engine import Game
from core.history import score_history
from core.words import visible
from tui.text import plain
from tui.widgets.legend import Legend
from tui.widgets.players import player_glyph, player_style

PlotColour = str | int | tuple[int, int, int]
"""A colour as plotext takes it: "default", an ANSI palette number, or RGB."""


@dataclass(frozen=True)
class ChartLine:
    """One line of a chart: ``ys[i]`` at ``xs[i]``, drawn with the one character ``marker``
    in the colour of the theme variable ``colour`` ("player-1"); ``label`` names it in the
    legend (plain text)."""

    label: str
    xs: tuple[float, ...]
    ys: tuple[float, ...]
    marker: str
    colour: str = "foreground"

    def __post_init__(self) -> None:
        if len(self.xs) != len(self.ys):
            raise ValueError(f"line {self.label!r}: {len(self.xs)} x values but {len(self.ys)} y values")
        if len(self.marker) != 1 or not self.marker.isprintable():
            raise ValueError(f"line {self.label!r}: the marker must be one printable character")


def seat_line(seat: int, label: str, xs: Sequence[float], ys: Sequence[float]) -> ChartLine:
    """A line for ``seat``: drawn with the seat's letter in the seat's colour."""
    colour = player_style(seat).split("$", 1)[1]  # "bold $player-2" -> "player-2"
    return ChartLine(label, tuple(xs), tuple(ys), player_glyph(seat), colour)


def integer_ticks(low: float, high: float, most: int) -> list[int]:
    """Whole-number ticks from ``low`` to ``high``, a round step apart (1, 2, 5, 10, 20...),
    at most ``most`` of them; the whole number nearest ``low`` when none lies between.

    >>> integer_ticks(0, 4, 10)
    [0, 1, 2, 3, 4]
    >>> integer_ticks(0, 90, 8)
    [0, 20, 40, 60, 80]
    >>> integer_ticks(-51, 25, 6)
    [-40, -20, 0, 20]
    >>> integer_ticks(3, 3, 5)
    [3]
    >>> integer_ticks(-2.5, -0.5, 5), integer_ticks(0.2, 0.4, 5)
    ([-2, -1], [0])
    """
    most = max(1, most)
    step = 1
    while (math.floor(high / step) - math.ceil(low / step)) + 1 > most:
        step = _next_step(step)
    first = math.ceil(low / step) * step
    return list(range(first, math.floor(high) + 1, step)) or [round(low)]


def _next_step(step: int) -> int:
    """The round step after ``step``: 1, 2, 5, 10, 20, 50, 100..."""
    power = 1
    while power * 10 <= step:
        power *= 10
    return {1: 2, 2: 5, 5: 10}[step // power] * power


def plot_colour(value: str | None) -> PlotColour:
    """A theme colour (a CSS value such as "#E0E0E0" or "ansi_bright_red") as plotext
    takes it: an ANSI colour stays in the terminal's palette (its number), the terminal's
    own default stays "default", any other colour is RGB."""
    if not value:
        return "default"
    try:
        colour = Color.parse(value)
    except ColorParseError:
        return "default"
    if colour.ansi is not None:
        return "default" if colour.ansi < 0 else colour.ansi
    return colour.rgb


class _Plot(PlotextPlot):
    """The plot: axes, ticks to its size, and the lines, with the theme's colours at every
    drawing (a theme switch redraws it)."""

    def __init__(self, chart: ScoreChart) -> None:
        super().__init__(classes="score-chart--plot")
        self.chart = chart
        self.theme = "clear"  # no plotext colours of its own: the screen's show through

    def render(self) -> RenderResult:
        """Plot the chart's lines in the current theme's colours, then let plotext draw."""
        xs = [x for line in self.chart.lines for x in line.xs]
        ys = [y for line in self.chart.lines for y in line.ys]
        if not xs:
            return Text("")
        plt = self.plt
        plt.clear_data()
        variables = self.app.theme_variables
        lines = list(self.chart.lines)
        top = self.chart.on_top
        if top is not None and 0 <= top < len(lines):
            lines.append(lines.pop(top))
        for line in lines:
            plt.plot(list(line.xs), list(line.ys), marker=line.marker, color=plot_colour(variables.get(line.colour)))
        width, height = self.size
        # A tick label needs a few cells across and a row between it and the next.
        x_ticks = integer_ticks(min(xs), max(xs), max(2, (width - 8) // 6))
        y_ticks = integer_ticks(min(ys), max(ys), max(2, (height - 4) // 2))
        low, high = min(ys), max(ys)
        plt.xlim(min(xs), max(xs) if max(xs) > min(xs) else min(xs) + 1)
        plt.ylim(low, high if high > low else low + 1)
        plt.xticks([float(x) for x in x_ticks], [str(x) for x in x_ticks])
        plt.yticks([float(y) for y in y_ticks], [str(y) for y in y_ticks])
        plt.xlabel(visible(self.chart.x_label))
        plt.ylabel(visible(self.chart.y_label))
        return super().render()


class ScoreChart(Widget):
    """A title, the plot of ``lines`` and a legend naming each line by its marker.

    ``x_label`` and ``y_label`` name the axes ("Round", "VP"); ``on_top`` is the line drawn
    over the others (the player's own, so that their letter is never hidden where lines
    meet); the lines may change later
    (:meth:`set_lines`). Styled by ``score_chart.tcss``, which the screens that show it load.
    """

    def __init__(
        self,
        lines: Sequence[ChartLine],
        *,
        title: str = "",
        x_label: str = "",
        y_label: str = "",
        on_top: int | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.lines: tuple[ChartLine, ...] = tuple(lines)
        self.on_top = on_top
        """The index of the line drawn last, over the others (your own): where lines meet,
        its letter is the one shown."""
        self.title = title
        self.x_label = x_label
        self.y_label = y_label

    def compose(self) -> ComposeResult:
        yield Static(plain(self.title), classes="score-chart--title")
        yield _Plot(self)
        yield Legend(self.legend(), classes="score-chart--legend")

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)

    def _theme_changed(self, theme: Theme) -> None:
        self.query_one(_Plot).refresh()

    def legend(self) -> list[Content]:
        """One entry per line: its marker in its colour, then its label as plain text."""
        return [Content.assemble(Content.styled(line.marker, f"bold ${line.colour}"), " ", plain(line.label))
                for line in self.lines]

    def set_lines(self, lines: Sequence[ChartLine], title: str | None = None) -> None:
        """Chart other lines (under another ``title``, when given)."""
        self.lines = tuple(lines)
        if title is not None:
            self.title = title
            self.query_one(".score-chart--title", Static).update(plain(title))
        self.query_one(Legend).set_entries(self.legend())
        self.query_one(_Plot).refresh()


def history_lines(game: Game[Any, Any], states: Sequence[Any], seat_names: Sequence[str]) -> list[ChartLine]:
    """Each seat's score by round over ``states`` (positions from the setup on, one per
    move: :meth:`core.table.Table.history`), or the team's, drawn "T", in a co-operative game."""
    history = score_history(game, states, seat_names)
    if game.cooperative:
        return [ChartLine(history.labels[0], history.rounds, history.scores[0], "T", "accent")]
    return [seat_line(seat, name, history.rounds, history.scores[seat])
            for seat, name in enumerate(history.labels)]
