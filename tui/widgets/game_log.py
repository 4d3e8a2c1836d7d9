"""The game log: one line per action, newest at the bottom."""

from __future__ import annotations

from textual.widgets import RichLog

from core.table import LogEntry, Seat
from tui.text import rich_plain
from tui.widgets.players import player_glyph


def log_line(entry: LogEntry, seats: tuple[Seat, ...]) -> str:
    """Plain text for one log entry, led by the player's letter."""
    return f"{player_glyph(entry.seat)} {seats[entry.seat].name}: {entry.text}"


class GameLog(RichLog):
    """A read-only, wrapping log that can be rebuilt after an undo."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, min_width=10, **kwargs)  # type: ignore[arg-type]

    def show_entries(self, entries: list[LogEntry], seats: tuple[Seat, ...]) -> None:
        """Replace the contents with ``entries`` (newest at the bottom)."""
        self.clear()
        for entry in entries:
            self.write(rich_plain(log_line(entry, seats)))
            for effect in entry.effects:
                self.write(rich_plain(f"  · {effect}", style="dim"))
