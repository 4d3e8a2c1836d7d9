"""Whose eyes a replay shows the game through: the question asked before it opens.

In an unfinished game with hidden information only the seats people played may be chosen,
each showing only what that seat saw; this panel is then also the hand-off curtain (the
others look away). Once the game is over any seat may be chosen, or everything open.
"""

from __future__ import annotations

from typing import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static

from core.replay import OPEN
from core.table import Seat
from tui.widgets.players import player_tag

CANCELLED = "cancelled"


class WatcherScreen(ModalScreen[int | None | str]):
    """Asks whose eyes to use: answers a seat, :data:`core.replay.OPEN` (all open), or
    :data:`CANCELLED` (Escape)."""

    CSS_PATH = "modal.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, seats: Sequence[Seat], choices: Sequence[int | None], finished: bool) -> None:
        super().__init__()
        self.seats = tuple(seats)
        self.choices = list(choices)
        self.finished = finished

    def compose(self) -> ComposeResult:
        if self.finished:
            question = "Replay: whose eyes? A seat sees only what it saw then; all open shows every hand."
        else:
            question = ("Replay: who is watching? Only what that player saw is shown: "
                        "everyone else, look away.")
        with Vertical(classes="dialog"):
            yield Static(question, classes="question")
            yield OptionList(*[self._label(choice) for choice in self.choices], id="watcher-choices")

    def _label(self, choice: int | None) -> Content:
        if choice is OPEN:
            return Content("All open: every hand and secret shown")
        seat = self.seats[choice]
        return Content.assemble(player_tag(choice, seat.name), f" · {seat.controller.label()}")

    def on_mount(self) -> None:
        # Before the game is over the board behind must not show through: a curtain.
        self.set_class(not self.finished, "-curtain")
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter: watch through the highlighted choice."""
        event.stop()
        self.dismiss(self.choices[event.option_index])

    def action_cancel(self) -> None:
        """Escape: no replay."""
        self.dismiss(CANCELLED)
