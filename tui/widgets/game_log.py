"""The game log: one line per action, newest at the bottom."""

from __future__ import annotations

from textual.widgets import Log

from core.table import LogEntry, Seat
from tui.widgets.players import player_glyph


def log_line(entry: LogEntry, seats: tuple[Seat, ...]) -> str:
    """Plain text for one log entry, led by the player's letter."""
    return f"{player_glyph(entry.seat)} {seats[entry.seat].name}: {entry.text}"


class GameLog(Log):
    """A read-only log that can be rebuilt after an undo."""

    def show_entries(self, entries: list[LogEntry], seats: tuple[Seat, ...]) -> None:
        """Replace the contents with ``entries``."""
        self.clear()
        self.write_lines([log_line(e, seats) for e in entries])
