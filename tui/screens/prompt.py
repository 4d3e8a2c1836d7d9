"""Ask for one line of text (the save-as name, a name, a password)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from tui.text import plain


class TextPromptScreen(ModalScreen[str | None]):
    """Dismisses with the text entered (Enter) or None (escape, or Enter on nothing)."""

    CSS_PATH = "modal.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, value: str = "", *, secret: bool = False,
                 max_length: int = 60, allow_blank: bool = False) -> None:
        """``secret`` hides what is typed; with ``allow_blank`` Enter on an empty line gives
        "" (Escape still gives None)."""
        super().__init__()
        self.question = question
        self.value = value
        self.secret = secret
        self.max_length = max_length
        self.allow_blank = allow_blank

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            # (plain text line by line: the question may quote players' words)
            yield Static(Content("\n").join(plain(line) for line in self.question.split("\n")),
                         classes="question")
            yield Input(self.value, max_length=self.max_length, password=self.secret, id="prompt-input")
            yield Static("Enter to confirm, Esc to cancel", classes="hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Return the text."""
        text = event.value.strip()
        self.dismiss(text if text or self.allow_blank else None)

    def action_cancel(self) -> None:
        """Return nothing."""
        self.dismiss(None)
