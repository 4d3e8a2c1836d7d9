"""The hand-off curtain between human players when the game has hidden information."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.widgets.players import player_tag


class HandOffScreen(ModalScreen[None]):
    """Covers the whole board until the named player presses Enter."""

    CSS_PATH = "modal.tcss"
    BINDINGS = [Binding("enter,space", "reveal", "I am ready")]

    def __init__(self, seat: int, name: str) -> None:
        super().__init__()
        self.seat = seat
        self.player = name

    def compose(self) -> ComposeResult:
        yield Static(
            Content.assemble(
                "Pass the keyboard to ", player_tag(self.seat, self.player),
                "\n\nEveryone else, look away.\n\nPress Enter when you are ready.",
            ),
            classes="curtain",
        )

    def action_reveal(self) -> None:
        """Lift the curtain."""
        self.dismiss(None)
