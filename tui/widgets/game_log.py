"""The game log: one line per action, newest at the bottom."""

from __future__ import annotations

import bisect
from typing import Self

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.widgets import RichLog

from core.table import LogEntry, Seat
from tui.text import rich_plain
from tui.widgets.steady import SteadyScrollbars
from tui.widgets.players import player_glyph


def log_line(entry: LogEntry, seats: tuple[Seat, ...]) -> str:
    """Plain text for one log entry, led by the player's letter."""
    return f"{player_glyph(entry.seat)} {seats[entry.seat].name}: {entry.text}"


class GameLog(RichLog, SteadyScrollbars):
    """A read-only, wrapping log that can be rebuilt after an undo; focused (key ``l``) it
    scrolls with the arrows and page keys, and Escape gives the keyboard back to the board.

    Its lines wrap to its own width, whenever that changes: a line written while the log
    was narrow or hidden (the hint panel open beside the board) is wrapped again when it
    widens, instead of staying cut into 10-column pieces until the next rebuild."""

    BINDINGS = [Binding("escape", "leave", "Back to the board")]

    def __init__(
        self,
        *,
        max_lines: int | None = None,
        auto_scroll: bool = True,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        """A wrapping, plain-text :class:`RichLog`; the other arguments are RichLog's own."""
        super().__init__(
            max_lines=max_lines,
            min_width=10,
            wrap=True,
            highlight=False,
            markup=False,
            auto_scroll=auto_scroll,
            name=name,
            id=id,
            classes=classes,
            disabled=disabled,
        )
        self._written: list[Text] = []  # every line as written, to wrap again
        self._starts: list[int] = []  # the log row each of them starts on
        self._wrapped_at = 0  # the width they were wrapped to

    def clear(self) -> Self:
        """Empty the log (and what it would wrap again)."""
        self._written = []
        self._starts = []
        return super().clear()

    def _put(self, text: Text) -> None:
        self._written.append(text)
        self._starts.append(len(self.lines))
        self._wrapped_at = self.scrollable_content_region.width
        self.write(text, scroll_end=False)

    def on_resize(self, event: events.Resize) -> None:
        """Wrap every line again at the new width, keeping in view what was: the newest
        lines, or the line shown on top (the last turn's divider)."""
        width = self.scrollable_content_region.width
        if width <= 0 or width == self._wrapped_at or not self._written or not self._size_known:
            return
        at_end = self.is_vertical_scroll_end
        top = bisect.bisect_right(self._starts, round(self.scroll_y)) - 1
        written = self._written
        self.clear()
        for text in written:
            self._put(text)
        if at_end:
            self.scroll_end(animate=False, immediate=False)
        else:
            self.scroll_to(y=self._starts[max(top, 0)], animate=False, immediate=False)

    def action_leave(self) -> None:
        """Back to the board; the log shows its newest lines again."""
        self.scroll_end(animate=False)
        focus_board = getattr(self.screen, "focus_board", None)
        if focus_board is not None:
            focus_board()

    def show_entries(self, entries: list[LogEntry], seats: tuple[Seat, ...], since: int | None = None) -> None:
        """Replace the contents with ``entries`` (newest at the bottom); from entry ``since``
        on (the last turn: the others' moves since yours) under a "Last turn" divider. When
        the last turn is longer than the log is tall, the log opens on its divider (the
        rest is a scroll away), not on its newest lines."""
        self.clear()
        divider: int | None = None
        for index, entry in enumerate(entries):
            if index == since:
                divider = len(self.lines)
                self._put(rich_plain("── Last turn ──", style="bold"))
            self._write_entry(entry, seats)
        height = self.scrollable_content_region.height
        if divider is not None and height and len(self.lines) - divider > height:
            self.scroll_to(y=divider, animate=False, immediate=False)
        else:
            self.scroll_end(animate=False, immediate=False)

    def add_entry(self, entry: LogEntry, seats: tuple[Seat, ...]) -> None:
        """Write one more entry at the bottom (a replay stepping on: nothing else changed)."""
        self._write_entry(entry, seats)
        self.scroll_end(animate=False, immediate=False)

    def _write_entry(self, entry: LogEntry, seats: tuple[Seat, ...]) -> None:
        self._put(rich_plain(log_line(entry, seats)))
        for effect in entry.effects:
            self._put(rich_plain(f"  · {effect}", style="dim"))
