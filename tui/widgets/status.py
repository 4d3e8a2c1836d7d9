"""The status line: progress, whose turn it is and what to decide now, or who is thinking."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Static

from tui.text import template

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


class StatusLine(Static):
    """One line of text; shows a spinner while ``thinking`` is set."""

    thinking: reactive[str] = reactive("", init=False)
    _frame: int = 0

    def on_mount(self) -> None:
        self._message = Content()
        self._timer = self.set_interval(0.12, self._spin, pause=True)

    def show(self, message: Content) -> None:
        """Set the message."""
        self._message = message
        self._render_line()

    def watch_thinking(self, who: str) -> None:
        if who:
            self._timer.resume()
        else:
            self._timer.pause()
        self._render_line()

    def _spin(self) -> None:
        self._frame = (self._frame + 1) % len(SPINNER)
        self._render_line()

    def _render_line(self) -> None:
        if self.thinking:
            spinner = template("  [b $warning]$spinner $who is thinking…[/]", spinner=SPINNER[self._frame],
                               who=self.thinking)
            self.update(self._message + spinner)
        else:
            self.update(self._message)
