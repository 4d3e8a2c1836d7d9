"""Settings: theme, default player names, default bot level, confirm before ending a turn,
scorings, hints."""

from __future__ import annotations

from dataclasses import replace

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from core.levels import LEVELS
from saves import Settings
from themes import DEFAULT_THEME, MeepleTheme, theme_title
from tui.context import meeple_app
from tui.screens.new_game import TickBox
from tui.text import notify, plain
from tui.widgets.key_bar import KeyBar
from tui.widgets.players import player_glyph


class SettingsScreen(Screen[None]):
    """Changes apply at once (the theme previews live); Save writes them, Esc discards."""

    HELP_TITLE = "Settings"

    CSS_PATH = "new_game.tcss"
    BINDINGS = [
        Binding("escape", "cancel", "Back"),
        Binding("ctrl+s", "save", "Save"),
    ]

    def compose(self) -> ComposeResult:
        settings = meeple_app(self).settings
        themes = self.theme_choices()
        names = [name for _, name in themes]
        # A theme picked elsewhere (one of Textual's, from the command palette) is not
        # offered here: the form starts on Meeple's default and previews it.
        current = self.app.theme if self.app.theme in names else DEFAULT_THEME
        with VerticalScroll(id="form"):
            yield Static("Settings", id="title")
            with Horizontal(classes="row"):
                yield Label("Theme", classes="label")
                yield Select([(plain(title), name) for title, name in themes], value=current,
                             allow_blank=False, compact=True, id="theme")
            with Horizontal(classes="row"):
                yield Label("Bot level", classes="label")
                yield Select([(lvl, lvl) for lvl in LEVELS], value=settings.bot_level,
                             allow_blank=False, compact=True, id="level")
            yield TickBox("Confirm before ending a turn", settings.confirm_end_turn,
                           compact=True, id="confirm")
            yield TickBox("Stop at each scoring to show who got what", settings.stop_at_scorings,
                           compact=True, id="stop-at-scorings")
            yield TickBox("Hints: the coach suggests moves (h)", settings.hints,
                          compact=True, id="hints")
            yield TickBox("Play my only move for me (others then see I had no other)",
                          settings.play_only_move, compact=True, id="only-move")
            yield Static("Default names", classes="section")
            for index in range(5):
                with Horizontal(classes="row seat"):
                    yield Label(f"Seat {player_glyph(index)}", classes="label")
                    names = settings.default_names
                    yield Input(names[index] if index < len(names) else "", max_length=16,
                                compact=True, id=f"name-{index}", classes="name")
            with Horizontal(id="buttons"):
                yield Button("Save", variant="primary", id="save", compact=True)
                yield Button("Cancel", id="cancel", compact=True)
        yield KeyBar()

    def theme_choices(self) -> list[tuple[str, str]]:
        """(title, name) of Meeple's own themes: the built-ins in their order (the default
        first), then the user's theme files; never Textual's built-in themes."""
        return [
            (theme_title(theme), name)
            for name, theme in self.app.available_themes.items()
            if isinstance(theme, MeepleTheme)
        ]

    def on_mount(self) -> None:
        self.original_theme = self.app.theme
        self.query_one("#theme", Select).focus()

    @on(Select.Changed, "#theme")
    def _preview(self, event: Select.Changed) -> None:
        self.app.theme = str(event.value)

    def current(self) -> Settings:
        """The settings as shown in the form."""
        settings = meeple_app(self).settings
        names = [self.query_one(f"#name-{i}", Input).value.strip() for i in range(5)]
        names = [name or default for name, default in zip(names, Settings().default_names)]
        return replace(
            settings,
            theme=str(self.query_one("#theme", Select).value),
            bot_level=str(self.query_one("#level", Select).value),
            confirm_end_turn=self.query_one("#confirm", Checkbox).value,
            stop_at_scorings=self.query_one("#stop-at-scorings", Checkbox).value,
            hints=self.query_one("#hints", Checkbox).value,
            play_only_move=self.query_one("#only-move", Checkbox).value,
            default_names=names,
        )

    @on(Button.Pressed, "#save")
    def action_save(self) -> None:
        """Keep the changes and write the settings file."""
        meeple_app(self).update_settings(self.current())
        notify(self, "Settings saved.")
        self.app.pop_screen()

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        """Leave without saving (the theme goes back too)."""
        self.app.theme = self.original_theme
        self.app.pop_screen()
