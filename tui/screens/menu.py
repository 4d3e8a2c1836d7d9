"""The main menu: new game, resume the last save, load, statistics, rules, settings, quit."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Iterable

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core.registry import listings
from tui.navigation import OpenSave, OpenScreen
from tui.text import notify, plain, template
from tui.widgets.key_bar import KeyBar

if TYPE_CHECKING:
    from saves import Autosaver
    from tui.screens.game import GameScreen

GAMES_LINE_WIDTH = 46
"""The menu box's width (``#menu-box`` in menu.tcss): the games line breaks between titles."""


def wrap_titles(lead: str, titles: list[str], width: int) -> str:
    """``lead`` and the titles joined by commas, in lines of at most ``width`` characters
    broken between titles (never inside one, as plain wrapping would: "El / Grande").

    >>> print(wrap_titles("Games: ", ["Quadropolis", "Council of Four", "El Grande"], 30))
    Games: Quadropolis,
    Council of Four, El Grande
    """
    lines = [lead.rstrip()]
    for index, title in enumerate(titles):
        piece = title + ("," if index < len(titles) - 1 else "")
        joined = f"{lines[-1]} {piece}" if lines[-1] else piece
        if len(joined) <= width or lines[-1] == lead.rstrip():
            lines[-1] = joined
        else:
            lines.append(piece)
    return "\n".join(lines)


LOGO = r"""
 __  __                 _
|  \/  | ___  ___ _ __ | | ___
| |\/| |/ _ \/ _ \ '_ \| |/ _ \
| |  | |  __/  __/ |_) | |  __/
|_|  |_|\___|\___| .__/|_|\___|
                 |_|
"""


class MenuList(OptionList):
    """The menu's option list: Up on the first entry and Down on the last stay there.

    Textual's ``OptionList`` wraps around, so one Up from "New game" landed on "Quit".
    """

    def action_cursor_up(self) -> None:
        """Move to the previous enabled entry; none above the first."""
        self._step(-1)

    def action_cursor_down(self) -> None:
        """Move to the next enabled entry; none below the last."""
        self._step(1)

    def _step(self, direction: int) -> None:
        if self.highlighted is None:
            if direction > 0:
                self.action_first()
            else:
                self.action_last()
            return
        index = self.highlighted + direction
        while 0 <= index < self.option_count:
            if not self.get_option_at_index(index).disabled:
                self.highlighted = index
                return
            index += direction


class MenuScreen(Screen[None]):
    """The first screen: a short list of what to do."""

    HELP_TITLE = "Menu"

    CSS_PATH = "menu.tcss"
    BINDINGS = [
        Binding("n", "choose('new')", "New game"),
        Binding("r", "choose('resume')", "Resume"),
        Binding("l", "choose('load')", "Load"),
        Binding("t", "choose('stats')", "Statistics"),
        Binding("s", "choose('settings')", "Settings"),
        Binding("q", "choose('quit')", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-box"):
            with Center():
                yield Static(LOGO.strip("\n"), id="logo")
            yield Static(self._games_line(), id="games-line")
            with Center():
                yield MenuList(
                    Option("New game            n", id="new"),
                    Option("Resume last game    r", id="resume"),
                    Option("Load a saved game   l", id="load"),
                    Option("Statistics          t", id="stats"),
                    Option("Rules               F1", id="rules"),
                    Option("Settings            s", id="settings"),
                    Option("Quit                q", id="quit"),
                    id="menu",
                )
        yield KeyBar()

    def on_mount(self) -> None:
        # The games shown in this session, to ask before quitting while one is unfinished
        # (escape from a game pops its screen, so it is no longer on the stack by then).
        self._games: list[GameScreen] = []
        for screen in self.app.screen_stack:  # a game started from the command line
            self._seen(screen)
        self.app.screen_change_signal.subscribe(self, self._seen)

    def _seen(self, screen: Screen[object]) -> None:
        # No game screen exists before its module is imported (the menu does not import it,
        # to start up fast).
        game_module = sys.modules.get("tui.screens.game")
        if game_module is None or not isinstance(screen, game_module.GameScreen):
            return
        if screen in self._games:
            self._games.remove(screen)
        self._games.append(screen)

    def unfinished_games(self) -> list[Autosaver]:
        """The saves of this session's games not over yet, one per save, the newest last."""
        by_save: dict[object, GameScreen] = {}
        for screen in self._games:
            if screen.autosaver is not None:  # (a network game is saved by its host)
                by_save.pop(screen.autosaver.path, None)
                by_save[screen.autosaver.path] = screen
        return [screen.autosaver for screen in by_save.values()
                if screen.autosaver is not None and not screen.table.is_over()]

    @staticmethod
    def _games_line() -> Content:
        titles = [game.title for game in listings()]  # no engine is imported for them
        lines = wrap_titles("Games: ", titles, GAMES_LINE_WIDTH).split("\n")
        return Content("\n").join(plain(line) for line in lines)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Run the chosen menu entry."""
        if event.option.id:
            self.action_choose(event.option.id)

    def action_choose(self, choice: str) -> None:
        """Open the screen for a menu entry (the app opens it: see tui.navigation)."""
        if choice == "new":
            self.post_message(OpenScreen("new_game"))
        elif choice == "resume":
            self._resume_last()
        elif choice == "load":
            self.post_message(OpenScreen("load"))
        elif choice == "stats":
            self.post_message(OpenScreen("stats"))
        elif choice == "rules":
            self.post_message(OpenScreen("rules"))
        elif choice == "settings":
            self.post_message(OpenScreen("settings"))
        elif choice == "quit":
            self._quit()

    def _quit(self) -> None:
        """Quit, asking first while a game of this session is unfinished."""
        games = self.unfinished_games()
        if not games:
            self.app.exit()
            return
        from tui.screens.confirm import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                self.app.exit()

        saved = all(game.path.exists() and game.last_error is None for game in games)
        if len(games) == 1:
            question = template("The game “$title” is not finished.", title=games[0].title)
            kept = " It is saved after every move and can be resumed later." if saved else (
                " It is not saved."
            )
        else:
            question = template("$count games are not finished.", count=len(games))
            kept = " They are saved and can be resumed later." if saved else " Not all are saved."
        question = Content.assemble(question, kept, "\n\nQuit Meeple?")
        self.app.push_screen(ConfirmScreen(question, yes="Quit", no="Stay"), done)

    def _resume_last(self) -> None:
        from saves import folder_problem, list_saves  # (not at start-up: the menu comes first)

        for listing in list_saves():
            if listing.error is None and listing.header is not None and not listing.header.over:
                self.post_message(OpenSave(listing.path))
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
        yield SystemCommand("Statistics", "Each player's record per game",
                            lambda: self.action_choose("stats"))
        yield SystemCommand("Settings", "Theme, names, bot level", lambda: self.action_choose("settings"))
