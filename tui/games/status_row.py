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
    """A game screen whose status line leaves its progress out where that saves a row,
    and whose board hears when its column gets another height (the status line took
    another number of rows: :meth:`board_room_changed`)."""

    _board_height = -1  # the board column's height when last laid out

    def refresh_all(self) -> None:
        """Redraw every panel, then keep the status line to the rows its message needs."""
        super().refresh_all()
        if self.is_mounted:
            one_status_row(self)
            self.call_after_refresh(self._check_board_room)

    def _check_board_room(self) -> None:
        if not self.is_attached:
            return
        height = self.query_one("#board").content_region.height
        if height != self._board_height:
            self._board_height = height
            self.board_room_changed()

    def board_room_changed(self) -> None:
        """The board column got another height, once laid out: a detail line whose rows
        were reserved for the old one is given them again (override; a move's redraw, not
        an arrow's)."""

    def on_resize(self, event: events.Resize) -> None:
        """The status line wraps again at the new width: once laid out, keep it short."""
        super().on_resize(event)
        self.call_after_refresh(self._one_status_row)

    def _one_status_row(self) -> None:
        if self.is_attached:
            one_status_row(self)


def _without_lead(screen: GameScreen) -> Content | None:
    """The status line's message without its progress, where leaving the progress out
    saves a row; None where it should stay as it is."""
    status = screen.query_one("#status", StatusLine)
    width = status.content_size.width
    shown = status.content
    if status.thinking or width <= 0 or not isinstance(shown, Content):
        return None
    progress = screen.game.progress(screen.current_view())
    lead = f"{progress} · "
    if not progress or not shown.plain.startswith(lead):
        return None
    rest = shown[len(lead):]
    return rest if len(rest.wrap(width)) < len(shown.wrap(width)) else None


def status_rows(screen: GameScreen) -> int:
    """The rows the status line takes once :func:`one_status_row` had its say (it may not
    be laid out yet); 0 before the screen is laid out."""
    status = screen.query_one("#status", StatusLine)
    width = status.content_size.width
    text = _without_lead(screen) or status.content
    if width <= 0 or not isinstance(text, Content):
        return 0
    return min(2, max(1, len(text.wrap(width))))  # (max-height: 2 in game.tcss)


def one_status_row(screen: GameScreen) -> None:
    """After the screen drew its status line: if its progress ("Round 3/9 · ") makes it
    take more rows than the message alone, show the message alone (a bot's "thinking" is
    added to it as before)."""
    rest = _without_lead(screen)
    if rest is not None:
        screen.query_one("#status", StatusLine).show(rest)
