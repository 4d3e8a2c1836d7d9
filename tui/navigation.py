"""How a screen leads to another: it posts one of these messages and the app shows the screen.

A screen never imports the screen it leads to (nor the app, which imports the screens):
it posts a message here, which bubbles from the screen to the app, and the app
(:class:`tui.app.MeepleApp`, :class:`tui.hub_app.HubApp` in an SSH session) builds and
pushes the next screen. Panels that only answer and close (confirm, prompt, help, scoring,
standings, the hand-off curtain) lead nowhere: the screen that opens them imports them and
takes their answer in a callback.

This module imports nothing of Meeple at run time, so any screen or widget may use it.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Callable, Literal, Sequence

from textual.message import Message

if TYPE_CHECKING:
    from pathlib import Path

    from textual.content import Content
    from textual.screen import Screen

    from core.table import GameTable, Seat, Table

ScreenName = Literal["new_game", "load", "settings", "rules", "stats", "new_table"]
"""The screens opened with nothing to give them (``new_table`` only in an SSH session)."""


class OpenScreen(Message):
    """Show the screen ``screen`` on top of this one (the rules of the game in play, if any)."""

    def __init__(self, screen: ScreenName) -> None:
        super().__init__()
        self.screen = screen


class StartGame(Message):
    """Start a new local game and show its game screen (``replace``: instead of this screen)."""

    def __init__(self, game_id: str, seats: Sequence[Seat], seed: int, options: dict[str, Any],
                 replace: bool = False) -> None:
        super().__init__()
        self.game_id = game_id
        self.seats = list(seats)
        self.seed = seed
        self.options = options
        self.replace = replace


class OpenSave(Message):
    """Resume the saved game at ``path`` on its game screen (``replace``: instead of this one)."""

    def __init__(self, path: Path, replace: bool = False) -> None:
        super().__init__()
        self.path = path
        self.replace = replace


class ShowGameOver(Message):
    """The game at ``table`` is over: show its result (with a game's own panel ``extra``).

    ``failed(doing, error)`` is told when the result cannot be made (a scoring bug); without
    it the error is raised. ``save`` is the game's save file, if it has one (its review
    is offered then).
    """

    def __init__(self, table: GameTable, extra: Content | None = None,
                 failed: Callable[[str, Exception], None] | None = None,
                 save: Path | None = None) -> None:
        super().__init__()
        self.table = table
        self.extra = extra
        self.failed = failed
        self.save = save


class OpenReview(Message):
    """Review the finished game saved at ``path``: the coach values its human players'
    decisions at ``level`` and lists the costliest."""

    def __init__(self, path: Path, level: str = "hard") -> None:
        super().__init__()
        self.path = path
        self.level = level


class ShowPosition(Message):
    """Show a past position of a game on its own screen, read-only (``table`` answers as
    :class:`core.replay.ReplayTable` does: nothing can be played, the arrows step through
    the game); Escape returns."""

    def __init__(self, table: GameTable) -> None:
        super().__init__()
        self.table = table


class OpenReplay(Message):
    """Replay the game saved at ``path`` on its own screen (whose eyes: asked when there is
    a choice)."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path


class WatchReplay(Message):
    """Replay the game at ``table`` (every state of it: a :class:`core.table.Table`) from
    the position after ``at`` moves (None: its end), asking whose eyes when there is a
    choice; ``replace``: instead of this screen."""

    def __init__(self, table: Table[Any], at: int | None = None, replace: bool = False) -> None:
        super().__init__()
        self.table = table
        self.at = at
        self.replace = replace


class PlayFrom(Message):
    """Play on in a new game (a new save) at ``table``: a finished game's position, replayed
    to there with the same seats and options; it replaces this screen."""

    def __init__(self, table: Table[Any]) -> None:
        super().__init__()
        self.table = table


class BackToMenu(Message):
    """Leave the game for the first screen: the menu (in an SSH session, the lobby)."""


class OpenTable(Message):
    """SSH session: ask the hub to show table ``table_id`` here (``kind``: "open" your own,
    "join" a seat, "watch"); its game screen opens when the hub sends the table."""

    def __init__(self, kind: Literal["open", "join", "watch"], table_id: str, **fields: Any) -> None:
        super().__init__()
        self.kind = kind
        self.table_id = table_id
        self.fields = fields


class AskName(Message):
    """SSH session: ask the player for a (new) name at the tables."""


def escape_says_lobby(screen: "Screen[Any]") -> None:
    """On a network table's screen Escape leads back to the server's lobby (the app's
    ``back_to_menu`` does that there): the key bar says "Lobby" instead of "Menu". (The
    binding list is replaced, not changed: Textual shares it with every screen of the class.)"""
    keys = screen._bindings.key_to_bindings
    keys["escape"] = [dataclasses.replace(b, description="Lobby") if b.action == "menu" else b
                      for b in keys.get("escape", [])]
