"""The Meeple Textual app: theme, screens, global keys and command palette commands.

The app leads from screen to screen: a screen posts a message of :mod:`tui.navigation`
("open the load screen", "start this game", "the game is over") and the app's handler
builds the next screen and pushes it. Screens never import this module (it imports them,
inside functions so that start-up imports only the menu); they read the app through
:func:`tui.context.meeple_app`.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Iterable

from textual import events
from textual.app import App, ScreenStackError, SystemCommand
from textual.binding import Binding
from textual.dom import NoScreen
from textual.message_pump import MessagePump
from textual.screen import Screen

from saves import Settings, load_settings, remove_left_temps, save_settings
from themes import DEFAULT_THEME, load_builtin_themes, load_user_themes, variable_defaults
from tui import navigation, textual_fixes
from tui.crash import write_crash_log
from tui.key_order import KeyOrder
from tui.terminal_watch import watch_terminal
from tui.text import notify, rich_plain


@dataclass
class StartRequest:
    """What the CLI asked for: a new game (``game`` set), a resume (``resume`` path) or a
    review (``review`` path, at ``review_level``) or a replay (``replay`` path)."""

    game: str = ""
    seats: list[Any] = field(default_factory=list)
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    resume: Path | None = None
    review: Path | None = None
    review_level: str = "hard"
    replay: Path | None = None


_CSS_VARIABLES: dict[str, dict[str, str]] = {}
"""The CSS variables of each theme met in this process, by the theme's ``repr`` (all of its
fields): building a theme's colour system takes about 1.5 ms, and an app's start did it
three times (once more in each session a server forks)."""


textual_fixes.apply()


class MeepleApp(App[None]):
    """The application: starts on the menu (or straight into a game from the CLI)."""

    TITLE = "Meeple"
    # The menu's sheet too: read with the app's, it is in the first parse of the
    # stylesheet (read when the menu is first shown, it cost a whole second parse).
    CSS_PATH = ["app.tcss", "screens/menu.tcss"]
    # The menu is the bottom screen of the default mode (not pushed over Textual's blank
    # one, which cost a whole frame drawn and sent at start-up).
    MODES = {"_default": lambda: _menu_screen()}
    ENABLE_COMMAND_PALETTE = True
    BINDINGS = [
        Binding("question_mark", "help", "Help", key_display="?"),
        # Priority: F1 works over the panels (modal screens) of a game too, whose bindings
        # otherwise hide the app's.
        Binding("f1", "rules", "Rules", priority=True),
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
    ]

    def __init__(self, start: StartRequest | None = None, bot_delay: float = 0.5) -> None:
        super().__init__()
        self._key_order = KeyOrder(self, self._handle_key)
        self.start = start
        self._size_warned = False
        self.bot_delay = bot_delay
        if self.SAVES_SETTINGS:  # (an SSH session's app leaves the host's folders alone)
            remove_left_temps()  # what writes killed last time left behind
        self.settings, settings_warning = load_settings()
        self.startup_warnings: list[str] = [settings_warning] if settings_warning else []
        for theme in load_builtin_themes():
            self.register_theme(theme)
        user_themes, problems = load_user_themes()
        self.startup_warnings.extend(problems)
        for theme in user_themes:
            self.register_theme(theme)
        self.apply_theme(self.settings.theme)

    async def on_event(self, event: events.Event) -> None:
        """Keys from the terminal go one at a time, each after the one before is handled
        (:mod:`tui.key_order`); everything else as Textual does it."""
        if isinstance(event, events.Key):
            if not event.is_forwarded:
                if self._key_order.admit(event):
                    await self._handle_key(event)
                return
            await super().on_event(event)  # a key back from the widgets: the app's bindings
            self._key_order.bubbled_up(event)
            return
        await super().on_event(event)

    async def _handle_key(self, event: events.Key) -> None:
        """Textual's handling of a key from the terminal (priority bindings, else to the
        focused widget), then tell the key order where it went."""
        try:
            target: MessagePump | None = self.focused or self.screen
        except (NoScreen, ScreenStackError):
            target = None
        await super().on_event(event)
        self._key_order.sent(event, target if event.is_forwarded else None)

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """Defaults for Meeple's own CSS variables (player colours and board colours)."""
        return variable_defaults()

    def get_css_variables(self) -> dict[str, str]:
        """Textual's CSS variables for the current theme, built once per theme (see
        :data:`_CSS_VARIABLES`; the defaults they start from never change)."""
        key = repr(self.current_theme)
        variables = _CSS_VARIABLES.get(key)
        if variables is None:
            variables = _CSS_VARIABLES[key] = super().get_css_variables()
        self.theme_variables = dict(variables)  # (as Textual's: the dict returned)
        return self.theme_variables

    def apply_theme(self, name: str) -> None:
        """Switch theme explicitly, falling back to the default for an unknown name."""
        if name not in self.available_themes:
            self.startup_warnings.append(f"Unknown theme {name!r}; using {DEFAULT_THEME}.")
            name = DEFAULT_THEME
        if self.is_running:
            self.theme = name
            return
        # Not running yet: the stylesheet is parsed at start-up with this theme's
        # variables anyway. Setting ``theme`` the usual way would have its watcher parse
        # and apply the whole stylesheet twice more before the first frame (~40 ms of the
        # start-up), so only the rest of what the watcher does is done here.
        self.set_reactive(App.theme, name)
        self.stylesheet.set_variables(self.get_css_variables())  # (no parse yet: only kept)
        dark = self.current_theme.dark
        classes = {cls: False for cls in self.classes if cls.startswith("-theme-")}
        classes.update({f"-theme-{name}": True, "-dark-mode": dark, "-light-mode": not dark})
        self.update_classes(classes, update=False)
        self._refresh_truecolor_filter(self.ansi_theme)

    SAVES_SETTINGS: ClassVar[bool] = True
    """Whether changed settings are written to the settings file, and what killed writes
    left in the app's folders is tidied at start (an SSH session's app keeps its settings
    for the session and touches neither: the files are the host's)."""

    def update_settings(self, settings: Settings) -> None:
        """Store new settings, apply the theme and write the settings file."""
        self.settings = settings
        self.apply_theme(settings.theme)
        if not self.SAVES_SETTINGS:
            return
        error = save_settings(settings)
        if error:
            notify(self, f"Could not save settings: {error}", severity="error")

    # Smallest size the screens are laid out for; below it the player is told once.
    MIN_SIZE = (80, 24)

    def _check_resize(self) -> None:
        # Textual's own step that hands a new size to the screens (textual is pinned): the
        # app's Resize handler runs only for the first size, later ones are stopped
        # before it, so the size is checked here.
        super()._check_resize()
        self.on_resize()

    def on_resize(self) -> None:
        """Tell the player when the terminal becomes smaller than the layouts need (once
        each time: not again on every resize while it stays too small)."""
        width, height = self.size
        small = width < self.MIN_SIZE[0] or height < self.MIN_SIZE[1]
        if not small:
            self._size_warned = False  # (told again if it shrinks below once more)
        elif not self._size_warned:
            self._size_warned = True
            notify(
                self,
                f"This terminal is {width}×{height}; Meeple needs at least "
                f"{self.MIN_SIZE[0]}×{self.MIN_SIZE[1]} to show everything.",
                severity="warning",
                timeout=8,
            )

    def _fatal_error(self) -> None:
        """An unexpected error: keep the details in a crash log, tell the player in one line.

        Every move is autosaved before the screen updates, so the game is not lost.
        """
        error = self._exception
        where = ""
        if error is not None:
            path = write_crash_log(error)
            if path is not None:
                where = f" Details are in {path}."
        self.bell()
        # Printed by Rich after the app exits: plain text, never read as markup.
        self._exit_renderables.append(rich_plain(self.crash_message(error, where)))
        self._close_messages_no_wait()

    def crash_message(self, error: BaseException | None, where: str) -> str:
        """The one line shown after an unexpected error; it mentions the save only in a game."""
        from tui.screens.game import GameScreen

        text = f"Meeple stopped after an unexpected error ({type(error).__name__}: {error})."
        if any(isinstance(screen, GameScreen) for screen in self.screen_stack):
            text += " Your game was saved after the last move: `meeple resume` continues it."
        return text + where

    def on_mount(self) -> None:
        self._watch_hang_up()
        # A game asked for on the command line goes on top of the menu before anything is
        # drawn: the first frame is the game's (escape still leads to the menu).
        if self.start is not None:
            self._start_requested(self.start)
        for warning in self.startup_warnings:
            notify(self, warning, severity="warning", timeout=8)

    def _watch_hang_up(self) -> None:
        """Quit when the terminal goes away (SSH connection dropped, window closed).

        Textual handles neither SIGHUP nor a hung-up terminal, and a process under a parent
        such as ``make`` gets no SIGHUP at all: it would keep running (and spinning on its
        dead input). So a thread also watches the controlling terminal
        (:mod:`tui.terminal_watch`), which works even when the event loop is busy. Every
        move is already autosaved, so quitting loses nothing.
        """
        if self.is_headless or self.is_web:
            # In a browser (textual-serve) there is no terminal: the app ends when the page's
            # websocket does (the server sends it "quit").
            return
        if hasattr(signal, "SIGHUP"):
            # add_signal_handler refuses on loops without signal support (NotImplementedError)
            # and outside the main thread (RuntimeError/ValueError); the check below still works.
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                asyncio.get_running_loop().add_signal_handler(signal.SIGHUP, self.exit)
        if os.name == "posix":
            loop = asyncio.get_running_loop()

            def leave() -> None:
                loop.call_soon_threadsafe(self.exit)

            watch_terminal(leave)

    def watch_app_focus(self, focus: bool) -> None:
        """Focus what the screen would have focused, if nothing is: in a browser the app
        starts blurred (textual-serve's driver says so until the page has the keyboard),
        and a screen shown meanwhile, such as the name prompt, focused nothing."""
        if not focus or not self.screen_stack:
            return
        screen = self.screen
        wanted = self.AUTO_FOCUS if screen.AUTO_FOCUS is None else screen.AUTO_FOCUS
        if screen.focused is None and wanted:
            for widget in screen.query(wanted):
                if widget.focusable:
                    screen.set_focus(widget)
                    break

    def _start_requested(self, request: StartRequest) -> None:
        from tui.launch import open_replay, open_save, start_new_game

        if request.replay is not None:
            open_replay(self, request.replay)
        elif request.review is not None:
            self.on_open_review(navigation.OpenReview(request.review, request.review_level))
        elif request.resume is not None:
            open_save(self, request.resume)
        else:
            start_new_game(self, request.game, request.seats, request.seed, request.options)

    # --- global actions ------------------------------------------------------------------
    def action_command_palette(self) -> None:
        """Open the command palette, unless one is open already, on top or under a panel
        that opened over it (a scoring, a hand-off): Textual gives every palette the same
        id, so a second one would stop the app."""
        if any(screen.has_class("--textual-command-palette") for screen in self.screen_stack):
            if not self.screen.has_class("--textual-command-palette"):
                notify(self, "The command palette is open under this panel: close the panel first.")
            return
        super().action_command_palette()

    def action_help(self) -> None:
        """Show the keys of the current screen."""
        from tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.screen))

    def action_rules(self) -> None:
        """Open the rules viewer, on the rules of the game in play when there is one."""
        from tui.screens.rules import RulesScreen

        if isinstance(self.screen, RulesScreen):
            return
        self.push_screen(RulesScreen(self.game_in_play() or getattr(self.screen, "game_id", None)))

    def game_in_play(self) -> str | None:
        """The game id of the topmost game screen on the stack, also under a panel or the
        hand-off curtain; None when no game is open."""
        # No game screen exists before its module is imported (F1 from the menu does not
        # import it).
        game_module = sys.modules.get("tui.screens.game")
        if game_module is None:
            return None
        for screen in reversed(self.screen_stack):
            if isinstance(screen, game_module.GameScreen):
                return str(screen.game_id)
        return None

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Command palette: the app's commands plus the current screen's own."""
        yield from super().get_system_commands(screen)
        yield SystemCommand("Help", "Show the keys of this screen", self.action_help)
        yield SystemCommand("Rules", "Read the rules of a game", self.action_rules)
        provider = getattr(screen, "palette_commands", None)
        if provider is not None:
            yield from provider()

    # --- navigation: what the screens ask for (tui.navigation) ----------------------------
    def on_open_screen(self, message: navigation.OpenScreen) -> None:
        """Open a screen that needs nothing given (the rules: of the game in play)."""
        if message.screen == "rules":
            self.action_rules()
        else:
            self.push_screen(self.new_screen(message.screen))

    def new_screen(self, name: navigation.ScreenName) -> Screen[Any]:
        """A new screen of this app for :class:`~tui.navigation.OpenScreen`."""
        if name == "new_game":
            from tui.screens.new_game import NewGameScreen

            return NewGameScreen()
        if name == "load":
            from tui.screens.load import LoadScreen

            return LoadScreen()
        if name == "settings":
            from tui.screens.settings import SettingsScreen

            return SettingsScreen()
        if name == "stats":
            from tui.screens.stats import StatsScreen

            return StatsScreen()
        raise ValueError(f"{type(self).__name__} has no screen {name!r}")

    def on_start_game(self, message: navigation.StartGame) -> None:
        from tui.launch import start_new_game

        start_new_game(self, message.game_id, message.seats, message.seed, message.options,
                       replace=message.replace)

    def on_open_save(self, message: navigation.OpenSave) -> None:
        from tui.launch import open_save

        open_save(self, message.path, replace=message.replace)

    def on_show_game_over(self, message: navigation.ShowGameOver) -> None:
        from tui.screens.game_over import GameOverScreen

        if isinstance(self.screen, GameOverScreen):
            return
        try:
            screen = GameOverScreen(message.table, message.extra, message.save)
        except Exception as exc:  # a scoring bug: the game screen tells it, the save is kept
            if message.failed is None:
                raise
            message.failed("adding up the final scores", exc)
            return
        self.push_screen(screen)

    def on_open_review(self, message: navigation.OpenReview) -> None:
        from tui.screens.review import ReviewScreen

        self.push_screen(ReviewScreen(message.path, message.level))

    def on_show_position(self, message: navigation.ShowPosition) -> None:
        from tui.games import screen_for

        self.push_screen(screen_for(message.table.game.info.id)(message.table, None))

    def on_open_replay(self, message: navigation.OpenReplay) -> None:
        from tui.launch import open_replay

        open_replay(self, message.path)

    def on_watch_replay(self, message: navigation.WatchReplay) -> None:
        from tui.launch import watch_replay

        watch_replay(self, message.table, message.at, message.replace)

    def on_play_from(self, message: navigation.PlayFrom) -> None:
        from tui.launch import play_from

        play_from(self, message.table)

    def on_back_to_menu(self, message: navigation.BackToMenu) -> None:
        self.back_to_menu()

    def back_to_menu(self) -> None:
        """From a finished game to the menu (the game stays saved)."""
        from tui.screens.menu import MenuScreen

        while len(self.screen_stack) > 2 and not isinstance(self.screen, MenuScreen):
            self.pop_screen()
        if not isinstance(self.screen, MenuScreen):
            self.switch_screen(MenuScreen())


def _menu_screen() -> Screen[Any]:
    """The menu, imported when the app starts (not when this module is imported)."""
    from textual._context import active_app

    from tui.screens.menu import MenuScreen

    screen = MenuScreen()
    # Textual restyles a mode's first screen from scratch (its CSS count starts at -1),
    # parsing and applying the whole stylesheet once more before the first frame; this
    # one is styled like any new screen when mounted, so it is marked up to date.
    screen._css_update_count = active_app.get()._css_update_count
    return screen
