"""The main menu: new game, resume the last save, load, rules, settings, quit."""

from __future__ import annotations

from typing import Iterable

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core.registry import listings
from saves import folder_problem, list_saves
from tui.app import meeple_app
from tui.text import notify, plain
from tui.widgets.key_bar import KeyBar

LOGO = r"""
 __  __                 _
|  \/  | ___  ___ _ __ | | ___
| |\/| |/ _ \/ _ \ '_ \| |/ _ \
| |  | |  __/  __/ |_) | |  __/
|_|  |_|\___|\___| .__/|_|\___|
                 |_|
"""


class MenuScreen(Screen[None]):
    """The first screen: a short list of what to do."""

    CSS_PATH = "menu.tcss"
    BINDINGS = [
        Binding("n", "choose('new')", "New game"),
        Binding("r", "choose('resume')", "Resume"),
        Binding("l", "choose('load')", "Load"),
        Binding("s", "choose('settings')", "Settings"),
        Binding("q", "choose('quit')", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-box"):
            with Center():
                yield Static(LOGO.strip("\n"), id="logo")
            yield Static(self._games_line(), id="games-line")
            with Center():
                yield OptionList(
                    Option("New game            n", id="new"),
                    Option("Resume last game    r", id="resume"),
                    Option("Load a saved game   l", id="load"),
                    Option("Rules               F1", id="rules"),
                    Option("Settings            s", id="settings"),
                    Option("Quit                q", id="quit"),
                    id="menu",
                )
        yield KeyBar()

    @staticmethod
    def _games_line() -> Content:
        titles = [game.title for game in listings()]  # no engine is imported for them
        return plain("Games: " + ", ".join(titles))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Run the chosen menu entry."""
        if event.option.id:
            self.action_choose(event.option.id)

    def action_choose(self, choice: str) -> None:
        """Open the screen for a menu entry."""
        if choice == "new":
            from tui.screens.new_game import NewGameScreen

            self.app.push_screen(NewGameScreen())
        elif choice == "resume":
            self._resume_last()
        elif choice == "load":
            from tui.screens.load import LoadScreen

            self.app.push_screen(LoadScreen())
        elif choice == "rules":
            meeple_app(self).action_rules()
        elif choice == "settings":
            from tui.screens.settings import SettingsScreen

            self.app.push_screen(SettingsScreen())
        elif choice == "quit":
            self.app.exit()

    def _resume_last(self) -> None:
        from tui.launch import open_save

        for listing in list_saves():
            if listing.error is None and listing.header is not None and not listing.header.over:
                open_save(self.app, listing.path)
                return
        problem = folder_problem()
        if problem:
            notify(self, problem, severity="error", title="Cannot resume")
        else:
            notify(self, "There is no unfinished saved game to resume.", severity="warning")

    def palette_commands(self) -> Iterable[SystemCommand]:
        """Menu entries for the command palette."""
        yield SystemCommand("New game", "Set up a new game", lambda: self.action_choose("new"))
        yield SystemCommand("Resume last game", "Continue the newest save", self._resume_last)
        yield SystemCommand("Load game", "Pick a saved game", lambda: self.action_choose("load"))
        yield SystemCommand("Settings", "Theme, names, bot level", lambda: self.action_choose("settings"))
