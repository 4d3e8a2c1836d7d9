"""The card viewer (key ``i``, palette "Describe"): the whole text of the thing under the
board's cursor — a place, card, block, plan, building, invention, permit, region or fate
card — from the game's content, with its state now, in a dialog that scrolls.

A game screen says what a place is with :meth:`GameScreen.place_card`, which returns a
:class:`CardText`; the viewer only shows it.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.text import plain, template


@dataclass(frozen=True)
class CardText:
    """What the viewer shows of one thing: its ``title`` (a name), its ``text`` from the
    game's content (cost, effect in words, when it applies) and its ``state`` now (owner,
    inhabitants, what is missing to afford it); ``state`` may be empty."""

    title: str
    text: Content
    state: Content = Content()

    def plain_text(self) -> str:
        """Everything the viewer shows, as plain text (for tests and the screen reader)."""
        parts = [self.title, self.text.plain]
        if self.state.plain:
            parts.append(self.state.plain)
        return "\n".join(parts)


class CardViewerScreen(ModalScreen[None]):
    """The dialog: the title, the text, the state now; Escape (or i, q) closes it."""

    CSS_PATH = "modal.tcss"
    BINDINGS = [Binding("escape,i,q", "close", "Close")]

    def __init__(self, card: CardText) -> None:
        super().__init__()
        self.card = card

    def compose(self) -> ComposeResult:
        card = self.card
        with Vertical(classes="dialog", id="card"):
            yield Static(template("[b]$title[/b]", title=card.title), id="card-title", classes="question")
            with VerticalScroll(id="card-scroll"):
                yield Static(card.text, id="card-text")
                if card.state.plain:
                    yield Static(card.state, id="card-state")
            yield Static(plain("Esc closes"), id="card-closing", classes="hint")

    def on_mount(self) -> None:
        scroll = self.query_one("#card-scroll", VerticalScroll)
        self.set_focus(scroll)  # arrows and page keys scroll a long text
        self.call_after_refresh(self._say_it_scrolls)

    def _say_it_scrolls(self) -> None:
        scroll = self.query_one("#card-scroll", VerticalScroll)
        if scroll.max_scroll_y > 0:
            self.query_one("#card-closing", Static).update(plain("↑↓ PgUp PgDn scroll · Esc closes"))

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss(None)
