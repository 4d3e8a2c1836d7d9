"""The game log: one line per action, newest at the bottom."""

from __future__ import annotations

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
    scrolls with the arrows and page keys, and Escape gives the keyboard back to the board."""

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
                self.write(rich_plain("── Last turn ──", style="bold"), scroll_end=False)
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
        self.write(rich_plain(log_line(entry, seats)), scroll_end=False)
        for effect in entry.effects:
            self.write(rich_plain(f"  · {effect}", style="dim"), scroll_end=False)
