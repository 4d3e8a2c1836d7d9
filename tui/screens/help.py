"""The help overlay: the keys of the screen underneath, read from its live bindings."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from tui.widgets.scrollbar import use_solid_thumb
from tui.text import plain, template


# Textual's own keys that mean nothing to a player here (focus cycling, copying text);
# the command palette is listed once, in words, at the end.
TEXTUAL_ACTIONS = frozenset(
    {"app.focus_next", "app.focus_previous", "screen.copy_text", "command_palette", "app.command_palette"}
)
# Keys hidden from the key bar that the help still lists.
ALWAYS_LISTED = frozenset({"quit"})


class HelpScreen(ModalScreen[None]):
    """Lists every active key of ``under`` with what it does; any of ? / Esc closes it."""

    # The help's own layout is with the rules viewer's (the two screens a player reads).
    CSS_PATH = "modal.tcss"
    BINDINGS = [Binding("escape,question_mark,q", "close", "Close")]
    CLOSING_LINE = "Esc or ? closes this help"
    """The dialog's last line, docked below the scrolling table: always shown."""

    def __init__(self, under: Screen[object]) -> None:
        super().__init__()
        self.under = under

    def keys(self) -> list[tuple[str, str]]:
        """(key, what it does) for the screen underneath, each key once, in player words:
        the screen's own help lines first, then its other keys, then the command palette."""
        # A replay's keys stand instead of the game's own (which play moves).
        rows: list[tuple[str, str]] = list(getattr(self.under, "HELP_FIRST", []))
        if not rows:
            rows = list(getattr(self.under, "HELP_KEYS", [])) + getattr(self.under, "SHARED_HELP_KEYS", [])
        keyed = {name.strip() for key, _ in rows for name in key.replace(",", "/").split("/")}
        seen = {text for _, text in rows}
        for key, active in self.under.active_bindings.items():
            binding = active.binding
            if binding.action in TEXTUAL_ACTIONS or not binding.description:
                continue
            if not binding.show and binding.action not in ALWAYS_LISTED:
                continue  # arrows, digits...: the screen's own help lines tell them
            shown = self.app.get_key_display(binding)
            if key in keyed or shown in keyed or binding.description in seen:
                continue
            seen.add(binding.description)
            rows.append((shown, binding.description))
        rows.append(("ctrl+p", "Command palette"))
        return rows

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="help"):
            title = getattr(self.under, "HELP_TITLE", "") or "this screen"
            yield Static(template("[b]Keys — $title[/b]", title=title), classes="question")
            # A row per key whose description wraps under itself: a long line is never cut.
            # The only part that scrolls; its scrollbar is the dialog's right edge.
            with VerticalScroll(id="help-table"):
                for key, text in self.keys():
                    with Horizontal(classes="help-row"):
                        yield Static(plain(key), classes="help-key")
                        yield Static(plain(text), classes="help-text")
            # Docked at the dialog's bottom, outside the part that scrolls: always shown.
            yield Static(self.CLOSING_LINE, classes="hint", id="help-closing")

    def on_mount(self) -> None:
        use_solid_thumb(self.query_one("#help-table", VerticalScroll))

    def action_close(self) -> None:
        """Close the overlay."""
        self.dismiss(None)
