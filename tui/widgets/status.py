"""The status line: progress, whose turn it is and what to decide now, or who is thinking."""

from __future__ import annotations

from textual.reactive import reactive
from textual.widgets import Static

from tui.text import esc

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


class StatusLine(Static):
    """One line of markup; shows a spinner while ``thinking`` is set."""

    thinking: reactive[str] = reactive("", init=False)
    _frame: int = 0

    def on_mount(self) -> None:
        self._message = ""
        self._timer = self.set_interval(0.12, self._spin, pause=True)

    def show(self, message: str) -> None:
        """Set the message (markup)."""
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
            self.update(f"{self._message}  [b $warning]{SPINNER[self._frame]} {esc(self.thinking)} is thinking…[/]")
        else:
            self.update(self._message)
