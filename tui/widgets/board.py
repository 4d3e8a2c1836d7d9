"""The focusable board area used with the shared cursor: arrows/hjkl move, Enter chooses."""

from __future__ import annotations

from textual.binding import Binding
from textual.containers import Vertical


class BoardView(Vertical, can_focus=True):
    """Forwards its keys to the game screen's shared board cursor."""

    BINDINGS = [
        Binding("up,k", "move('up')", "Up", show=False),
        Binding("down,j", "move('down')", "Down", show=False),
        Binding("left,h", "move('left')", "Left", show=False),
        Binding("right,l", "move('right')", "Right", show=False),
        Binding("enter", "choose", "Choose"),
    ]

    def action_move(self, direction: str) -> None:
        """Move the board cursor."""
        self.screen.board_move(direction)  # type: ignore[attr-defined]

    def action_choose(self) -> None:
        """Choose what is under the cursor."""
        self.screen.board_choose()  # type: ignore[attr-defined]
