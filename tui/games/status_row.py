"""One status line: a game screen whose board needs every row at 80x24 leaves the
progress out of the status line where the rest would then take fewer rows (the board shows
the progress itself). A message too long for one row still wraps, never cut.
"""

from __future__ import annotations

from textual import events
from textual.content import Content

from tui.screens.game import GameScreen
from tui.widgets.status import StatusLine


class OneStatusRow(GameScreen):
    """A game screen whose status line leaves its progress out where that saves a row."""

    def refresh_all(self) -> None:
        """Redraw every panel, then keep the status line to the rows its message needs."""
        super().refresh_all()
        if self.is_mounted:
            one_status_row(self)

    def on_resize(self, event: events.Resize) -> None:
        """The status line wraps again at the new width: once laid out, keep it short."""
        super().on_resize(event)
        self.call_after_refresh(self._one_status_row)

    def _one_status_row(self) -> None:
        if self.is_attached:
            one_status_row(self)


def one_status_row(screen: GameScreen) -> None:
    """After the screen drew its status line: if its progress ("Round 3/9 · ") makes it
    take more rows than the message alone, show the message alone (a bot's "thinking" is
    added to it as before)."""
    status = screen.query_one("#status", StatusLine)
    width = status.content_size.width
    shown = status.content
    if status.thinking or width <= 0 or not isinstance(shown, Content):
        return
    progress = screen.game.progress(screen.current_view())
    lead = f"{progress} · "
    if not progress or not shown.plain.startswith(lead):
        return
    rest = shown[len(lead):]
    if len(rest.wrap(width)) < len(shown.wrap(width)):
        status.show(rest)
