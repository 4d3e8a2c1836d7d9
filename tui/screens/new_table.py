"""A new table on the server: the new-game form with seats for you, other players or bots.

The first seat is yours; each other seat is left open for a player who joins from the
lobby, or given to a bot. The server draws the seed. The creator decides whether the
table's players may ask the coach for hints (not by default; the lobby shows it). A
password is asked for last (blank: anyone may join).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Input, Label, Select, Static

from tui.context import HubContext
from tui.screens.new_game import CONTROLLERS, FocusMarker, NewGameScreen, SEATS
from tui.screens.prompt import TextPromptScreen
from tui.text import plain

YOU = [("You", "me")]
OTHERS = [("Open seat", "open")] + [(label, value) for label, value in CONTROLLERS if value != "human"]

HINTS = [("Not allowed", "off"), ("Allowed", "on")]
"""The creator's choice: may the table's players ask the coach for hints?"""

HINTS_HELP = "Allowed: each player may ask the coach for a hint on their turn (it sees only their seat's view)."


class NewTableScreen(NewGameScreen):
    """Create a table on the server; Start sends it to the hub and returns to the lobby."""

    HELP_TITLE = "New table"
    DEFAULT_CSS = """
    NewTableScreen #hints {
        width: 18;
    }
    """

    def extra_rows(self) -> ComposeResult:
        """Hints: the creator allows them or not (not, unless chosen)."""
        with Horizontal(classes="row"):
            yield FocusMarker()
            yield Label("Hints", classes="label")
            yield Select([(plain(label), value) for label, value in HINTS], value="off",
                         allow_blank=False, compact=True, id="hints")

    def hints(self) -> bool:
        """True if the form allows hints at the new table."""
        found = self.query("#hints").first()
        return isinstance(found, Select) and found.value == "on"

    def help_texts(self) -> list[str]:
        """The options' explanations and the hints' one."""
        return [*super().help_texts(), HINTS_HELP]

    def help_for(self, widget: Widget) -> str:
        """The hints' choice explains itself too."""
        return HINTS_HELP if widget.id == "hints" else super().help_for(widget)

    def seat_choices(self, index: int) -> list[tuple[str, str]]:
        """Seat 1 is yours; the others are open or bots."""
        return YOU if index == 0 else OTHERS

    def _default_controller(self, index: int) -> str:
        return "me" if index == 0 else "open"

    def on_mount(self) -> None:
        # (Textual runs NewGameScreen's own on_mount first: it is not called again here.)
        self.query_one("#title", Static).update(plain("New table"))
        name = self.app.my_name if isinstance(self.app, HubContext) else ""
        for index in range(SEATS):
            box = self.query_one(f"#name-{index}", Input)
            box.value = name if index == 0 else ""
            box.placeholder = "" if index == 0 else "(their own name)"
            box.disabled = True  # (players bring their names; the server names its bots)
        seed = self.query_one("#seed", Input)
        if seed.parent is not None:
            seed.parent.display = False  # (the server draws the seed)

    def action_start(self) -> None:
        """Send the new table to the server (after asking for an optional password)."""
        app = self.app
        if not isinstance(app, HubContext):
            return
        count = self.query_one("#count", Select).value
        options = self.options()
        if not isinstance(count, int) or options is None:
            return
        seats: list[dict[str, str]] = []
        for index in range(count):
            value = str(self.query_one(f"#ctl-{index}", Select).value)
            seats.append({"kind": "me"} if value == "me" else {"kind": "open"} if value == "open"
                         else {"kind": "bot", "level": value})
        game = self.game.id
        hints = self.hints()
        self.keep()

        def send(password: str | None) -> None:
            if password is None:
                return  # (Escape: back to the form)
            app.client.send({"type": "create", "game": game, "options": options, "seats": seats,
                             "password": password, "hints": hints})
            self.app.pop_screen()

        self.app.push_screen(TextPromptScreen("A password for this table (blank: anyone may join):",
                                         secret=True, allow_blank=True), send)
