"""The scores panel (key ``s``): every seat's points by category, so far and if the game
ended now, from :meth:`core.engine.Game.standings` on the viewer's view."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from core.engine import Standings
from core.table import Seat
from tui.text import template
from tui.widgets.points_table import points_table
from tui.widgets.scoreboard import score_label


def cell(so_far: int | None, if_ended: int) -> str:
    """One category of one seat: "12 → 31" (so far → if it ended now), or one number.

    >>> cell(12, 31), cell(5, 5), cell(None, 31)
    ('12 → 31', '5', '31')
    """
    if so_far is None or so_far == if_ended:
        return str(if_ended)
    return f"{so_far} → {if_ended}"


def heading(standings: Standings) -> str:
    """What the numbers are, in the scoreboard's words."""
    if standings.so_far is None:
        return f"{score_label(standings)} (nothing is scored before the end)"
    return score_label(standings)


class StandingsScreen(ModalScreen[None]):
    """A table of categories by seat; ``s`` or Esc closes it."""

    CSS_PATH = "modal.tcss"
    BINDINGS = [Binding("escape,s,q", "close", "Close")]

    def __init__(self, standings: Standings, seats: tuple[Seat, ...]) -> None:
        super().__init__()
        self.standings = standings
        self.seats = seats

    def compose(self) -> ComposeResult:
        standings = self.standings
        with Vertical(classes="dialog", id="standings"):
            yield Static(template("[b]Scores[/b] — $what", what=heading(standings)), classes="question")
            rows = [
                (category, [
                    cell(None if standings.so_far is None else standings.so_far[s.index][index],
                         standings.if_ended[s.index][index])
                    for s in self.seats
                ])
                for index, category in enumerate(standings.categories)
            ]
            table = points_table("standings-table", self.seats, rows)
            yield table
            yield Static("s or Esc closes", classes="hint")

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss(None)
