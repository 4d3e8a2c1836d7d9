"""The scoring summary: opened when a move sets off a scoring (a round's, a card's), it
shows what was scored and who got what, and stays until the player closes it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from core.engine import Scoring
from core.table import Seat
from tui.text import plain, template
from tui.widgets.points_table import points_table


class ScoringScreen(ModalScreen[None]):
    """A table of what was scored by seat, with a total row and notes; Enter or Esc closes
    it, and the game goes on only then."""

    CSS_PATH = "modal.tcss"
    BINDINGS = [Binding("enter,escape,space", "close", "Go on", priority=True)]
    HELP_TITLE = "Scoring"

    def __init__(self, scoring: Scoring, seats: tuple[Seat, ...]) -> None:
        super().__init__()
        self.scoring = scoring
        self.seats = seats

    def compose(self) -> ComposeResult:
        scoring = self.scoring
        with Vertical(classes="dialog", id="scoring"):
            yield Static(template("[b]$title[/b]", title=scoring.title), classes="question")
            # The rows and notes scroll (↑↓, PgUp/PgDn) when they are more than fit (El
            # Grande's general scoring at 80x24); the closing line stays below them.
            with VerticalScroll(id="scoring-scroll"):
                if scoring.rows:
                    rows = [(label, [str(p) if p else "·" for p in points]) for label, points in scoring.rows]
                    rows.append(("Total", [str(p) for p in scoring.totals]))
                    yield points_table("scoring-table", self.seats, rows)
                if scoring.notes:
                    yield Static(Content("\n").join(plain(note) for note in scoring.notes), id="scoring-notes")
            yield Static("Enter or Esc: go on with the game", classes="hint", id="scoring-closing")

    def on_mount(self) -> None:
        """The arrows and page keys scroll the rows and notes."""
        self.query_one("#scoring-scroll", VerticalScroll).focus()

    def action_close(self) -> None:
        """Back to the game, which goes on."""
        self.dismiss(None)
