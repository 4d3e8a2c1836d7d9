"""Ask for one line of text (the save-as name)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static


class TextPromptScreen(ModalScreen[str | None]):
    """Dismisses with the text entered (Enter) or None (escape)."""

    CSS_PATH = "modal.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, value: str = "") -> None:
        super().__init__()
        self.question = question
        self.value = value

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="question")
            yield Input(self.value, max_length=60, id="prompt-input")
            yield Static("Enter to confirm, Esc to cancel", classes="hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Return the text."""
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        """Return nothing."""
        self.dismiss(None)
