"""The replay's move list: every move of the game, the one shown last highlighted.

Moving the highlight while the list has the keys (arrows, page keys, a click) asks for that
position (:class:`ReplayMoves.Picked`); the screen answers by stepping its replay, and
:meth:`show` puts the highlight back in step with the board whoever moved it (that asks
for nothing).
"""

from __future__ import annotations

from typing import Sequence

from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList

from core.table import LogEntry, Seat
from tui.text import plain
from tui.widgets.players import player_tag


def move_line(number: int, entry: LogEntry, seats: Sequence[Seat]) -> Content:
    """``12. A Ada: takes the 3-tile`` (the log's text: worded for everyone, no secret)."""
    return Content.assemble(f"{number}. ", player_tag(entry.seat, seats[entry.seat].name), ": ",
                            plain(entry.text))


class ReplayMoves(OptionList):
    """The moves of a replayed game, with "Start" first: option ``i`` is the position after
    ``i`` moves."""

    BINDINGS = [Binding("escape", "leave", "Back to the board")]

    class Picked(Message):
        """The player highlighted the position after ``at`` moves."""

        def __init__(self, at: int) -> None:
            super().__init__()
            self.at = at

    def fill(self, entries: Sequence[LogEntry], seats: Sequence[Seat]) -> None:
        """List ``entries`` (the whole game)."""
        self.clear_options()
        self.add_options([Content("Start of the game")]
                         + [move_line(i + 1, entry, seats) for i, entry in enumerate(entries)])

    def show(self, at: int) -> None:
        """Highlight the position after ``at`` moves (the one the board shows)."""
        if self.highlighted != at:
            self.highlighted = at

    def _on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        # Only the player's own moves of the highlight (the list has the keys), and only
        # the highlight as it is now. The echoes of show() (the board stepped with ← →)
        # asked back for positions a burst of arrows had already left: the board and the
        # list stepped each other back and forth for ever, or a key was undone.
        if self.has_focus and event.option_index == self.highlighted:
            self.post_message(self.Picked(event.option_index))

    def _on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_leave()

    def action_leave(self) -> None:
        """Back to the board (Enter or Escape): the position highlighted stays shown."""
        focus_board = getattr(self.screen, "focus_board", None)
        if focus_board is not None:
            focus_board()
