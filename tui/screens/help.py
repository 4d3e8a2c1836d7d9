"""The help overlay: the keys of the screen underneath, read from its live bindings."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Static

from tui.text import template


class HelpScreen(ModalScreen[None]):
    """Lists every active key of ``under`` with what it does; any of ? / Esc closes it."""

    CSS_PATH = "modal.tcss"
    BINDINGS = [Binding("escape,question_mark,q", "close", "Close")]

    def __init__(self, under: Screen[object]) -> None:
        super().__init__()
        self.under = under

    def keys(self) -> list[tuple[str, str]]:
        """(key, description) pairs of the screen underneath, plus its extra help lines."""
        rows: list[tuple[str, str]] = []
        seen: set[str] = set()
        for key, active in self.under.active_bindings.items():
            binding = active.binding
            if not binding.description or binding.description in seen:
                continue
            seen.add(binding.description)
            rows.append((self.app.get_key_display(binding), binding.description))
        rows.extend(getattr(self.under, "HELP_KEYS", []))
        rows.append(("ctrl+p", "Command palette"))
        return rows

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            title = getattr(self.under, "HELP_TITLE", "") or type(self.under).__name__
            yield Static(template("[b]Keys — $title[/b]", title=title), classes="question")
            table: DataTable[str] = DataTable(id="help-table", show_cursor=False, zebra_stripes=True)
            table.add_columns("Key", "Does")
            for key, text in self.keys():
                table.add_row(key, text)
            yield table
            yield Static("Esc or ? closes this help", classes="hint")

    def action_close(self) -> None:
        """Close the overlay."""
        self.dismiss(None)
