"""The status line: progress, whose turn it is and what to decide now, or who is thinking."""

from __future__ import annotations

from textual import events
from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Static

from tui.text import template

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


class StatusLine(Static):
    """A message of at most ``max-height`` rows (its CSS), with a spinner while ``thinking``
    is set. The message wraps; where it would need more rows than that, its lead (the
    game's progress, said on its own rows) is left out so that the rest is told whole."""

    thinking: reactive[str] = reactive("", init=False)
    _frame: int = 0

    def on_mount(self) -> None:
        self._lead = Content()
        self._message = Content()
        self._timer = self.set_interval(0.12, self._spin, pause=True)

    def show(self, message: Content, lead: Content | None = None) -> None:
        """Set the message, and the ``lead`` put before it where both fit."""
        self._lead = lead or Content()
        self._message = message
        self._render_line()

    def watch_thinking(self, who: str) -> None:
        if who:
            self._timer.resume()
        else:
            self._timer.pause()
        self._render_line()

    def on_resize(self, event: events.Resize) -> None:
        self._render_line()

    def _spin(self) -> None:
        self._frame = (self._frame + 1) % len(SPINNER)
        self._render_line()

    def _rows(self) -> int:
        limit = self.styles.max_height
        return int(limit.value) if limit is not None and limit.is_cells else 2

    def _render_line(self) -> None:
        body = self._message
        if self.thinking:
            body += template("  [b $warning]$spinner $who is thinking…[/]", spinner=SPINNER[self._frame],
                             who=self.thinking)
        text = self._lead + body
        width = self.content_size.width
        if self._lead and width > 0 and len(text.wrap(width)) > self._rows():
            text = body
        self.update(text)
