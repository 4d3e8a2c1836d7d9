"""Opening games from the UI: a new table or a save, wrapped in the right game screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from textual.app import App
from textual.screen import Screen

from core.engine import IllegalAction
from core.registry import UnknownGame, get_game
from core.replay import ReplayTable, cannot_replay, perspectives
from core.table import Seat, Table
from saves import Autosaver, LoadedGame, SaveError, load_table
from tui.games import screen_for
from tui.screens.watcher import WatcherScreen
from tui.text import notify


def start_new_game(
    app: App[Any],
    game_id: str,
    seats: Sequence[Seat],
    seed: int,
    options: dict[str, Any],
    replace: bool = False,
) -> bool:
    """Create a table and its save file and show its game screen; False (with a message) on error.

    ``replace`` swaps the current screen for the game instead of pushing it on top.
    """
    try:
        game = get_game(game_id)
        table = Table.new(game, seats, seed, options)
    except (UnknownGame, ValueError, IllegalAction) as exc:
        notify(app, exc, severity="error", title="Cannot start the game")
        return False
    autosaver = Autosaver.start(table, _title(game.info.title, seats))
    if autosaver.last_error:
        notify(app, autosaver.last_error, severity="warning", title="Autosave")
    _show(app, screen_for(game_id)(table, autosaver), replace)
    return True


def open_save(app: App[Any], path: Path | str, replace: bool = False) -> bool:
    """Load a save and show its game screen; False (with a message) if it cannot be read."""
    loaded = _load(app, path, "Cannot load the save")
    if loaded is None:
        return False
    autosaver = Autosaver.resume(loaded)
    _show(app, screen_for(loaded.header.game_id)(loaded.table, autosaver), replace)
    return True


def open_replay(app: App[Any], path: Path | str, replace: bool = False) -> bool:
    """Load a save and replay it from its start (whose eyes: asked when there is a choice);
    False (with a message) if it cannot be read."""
    loaded = _load(app, path, "Cannot replay the save")
    if loaded is None:
        return False
    watch_replay(app, loaded.table, 0, replace)
    return True


def _load(app: App[Any], path: Path | str, failed: str) -> LoadedGame | None:
    """The save at ``path``, its warning told; None (the problem told under ``failed``)."""
    try:
        loaded: LoadedGame = load_table(Path(path))
    except SaveError as exc:
        notify(app, exc, severity="error", title=failed, timeout=10)
        return None
    if loaded.warning:
        notify(app, loaded.warning, severity="warning", timeout=10)
    return loaded


def watch_replay(app: App[Any], table: Table[Any], at: int | None, replace: bool = False) -> None:
    """Show the replay of ``table`` at the position after ``at`` moves (None: the end),
    through the eyes chosen: asked (:class:`WatcherScreen`) when there is a choice."""
    problem = cannot_replay(table)
    if problem is not None:
        notify(app, f"Cannot replay this game: {problem}.", severity="error", timeout=10)
        return
    choices = perspectives(table)

    def show(viewer: int | None | str) -> None:
        if isinstance(viewer, str):  # (cancelled)
            if replace and not table.is_over():
                # The curtain was raised for the next watcher: the last one's view under it
                # is not theirs to see.
                app.pop_screen()
            return
        # (the eyes are among the perspectives, so ReplayTable takes them)
        _show(app, screen_for(table.game.info.id)(ReplayTable(table, viewer, at), None), replace)

    if len(choices) == 1:
        show(choices[0])
        return
    # Open first where it may be chosen: everything was seen once the game is over.
    ordered = choices[-1:] + choices[:-1] if table.is_over() else choices
    app.push_screen(WatcherScreen(table.seats, ordered, table.is_over()), show)


def play_from(app: App[Any], table: Table[Any]) -> None:
    """Play on at ``table`` (a finished game's position replayed to there) as a new game:
    a new save, written at once, shown instead of the replay."""
    title = f"{_title(table.game.info.title, table.seats)} (from move {len(table.log)})"
    autosaver = Autosaver.start(table, title)
    autosaver.save_now()
    if autosaver.last_error:
        notify(app, autosaver.last_error, severity="warning", title="Autosave")
    else:
        notify(app, f"A new game from move {len(table.log)}, saved as '{autosaver.name}'.", timeout=8)
    _show(app, screen_for(table.game.info.id)(table, autosaver), True)


def _show(app: App[Any], screen: Screen[Any], replace: bool) -> None:
    if replace:
        app.switch_screen(screen)
    else:
        app.push_screen(screen)


def _title(game_title: str, seats: Sequence[Seat]) -> str:
    return f"{game_title}: " + ", ".join(seat.name for seat in seats)
