"""A score chart on its own panel over the screen (the replay's ``c``): Escape or ``c``
closes it."""

from __future__ import annotations

from typing import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen

from tui.widgets.score_chart import ChartLine, ScoreChart


class ChartScreen(ModalScreen[None]):
    """``lines`` charted under ``title``, ``x_label`` and ``y_label`` naming the axes."""

    CSS_PATH = ["modal.tcss", "../widgets/score_chart.tcss"]
    BINDINGS = [Binding("escape,c", "close", "Close")]

    def __init__(self, lines: Sequence[ChartLine], title: str, x_label: str, y_label: str) -> None:
        super().__init__()
        self.lines = list(lines)
        self.chart_title = title
        self.x_label = x_label
        self.y_label = y_label

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="chart-panel"):
            yield ScoreChart(self.lines, title=self.chart_title, x_label=self.x_label,
                             y_label=self.y_label, id="chart")

    def action_close(self) -> None:
        """Back to the screen under the chart."""
        self.dismiss(None)
