"""Resuming a saved game: rebuild its :class:`~core.table.Table` from a save file.

The normal path replays the action log from the seed with :meth:`Table.replay` and checks
that the result matches the saved snapshot (same hash). If the log no longer replays (the
rules changed, an action no longer decodes or is now illegal) or leads to a different
state, the game continues from the snapshot instead: the table starts at the decoded
snapshot state, its log keeps the old moves as undo barriers, and ``warning`` tells the user.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.engine import Game
from core.table import Controller, LogEntry, Seat, Table, parse_options
from saves.format import SaveError, SaveFile, SaveHeader, UndecodedAction, state_hash, to_plain
from saves.paths import SAVE_SUFFIX
from saves.store import game_for_header, read_save, resolve_save


@dataclass
class LoadedGame:
    """A resumed game: the live table, where it came from and any warning to show."""

    table: Table[Any]
    path: Path
    name: str
    header: SaveHeader
    warning: str | None = None


def seats_from_header(header: SaveHeader) -> tuple[Seat, ...]:
    """The table seats described by a save header."""
    return tuple(
        Seat(index=i, name=p.name, controller=Controller(kind=p.kind, level=p.level))
        for i, p in enumerate(header.players)
    )


def _decode_actions(game: Game[Any, Any], save: SaveFile) -> tuple[list[Any], str | None]:
    """Decode every logged action; undecodable ones are kept as :class:`UndecodedAction`."""
    actions: list[Any] = []
    problem: str | None = None
    for i, record in enumerate(save.log):
        try:
            actions.append(game.decode_action(record.action))
        except Exception as exc:  # CorruptData, or any bug in a game's decoder
            actions.append(UndecodedAction.of(record.action))
            if problem is None:
                problem = f"move {i + 1} is no longer understood ({_short(exc)})"
    return actions, problem


def _replay(
    game: Game[Any, Any],
    seats: tuple[Seat, ...],
    save: SaveFile,
    options: dict[str, Any],
    actions: list[Any],
) -> tuple[Table[Any] | None, str | None]:
    """Replay the log; returns the table (if the state matches the snapshot) or a reason."""
    pairs = [(record.seat, action) for record, action in zip(save.log, actions)]
    try:
        table = Table.replay(game, seats, save.header.seed, options, pairs)
    except Exception as exc:  # IllegalAction, CorruptData, or any bug in the rules
        return None, f"the moves no longer replay ({_short(exc)})"
    try:
        replayed_hash = state_hash(to_plain(game.encode_state(table.state)))
    except Exception as exc:
        return None, f"the replayed game could not be encoded ({_short(exc)})"
    if replayed_hash != save.snapshot_hash:
        return table, "replaying the moves gives a different position"
    return table, None


def _describe(game: Game[Any, Any], action: Any) -> str:
    if isinstance(action, UndecodedAction):
        return str(action)
    try:
        return game.describe(action)
    except Exception:
        return str(action)


def _from_snapshot(
    game: Game[Any, Any],
    seats: tuple[Seat, ...],
    save: SaveFile,
    options: dict[str, Any],
    actions: list[Any],
) -> Table[Any]:
    """A table at the snapshot state whose old moves are all undo barriers."""
    state = game.decode_state(save.snapshot)
    log = [
        LogEntry(seat=record.seat, action=action, text=_describe(game, action), barrier=True)
        for record, action in zip(save.log, actions)
    ]
    return Table(
        game=game, seats=seats, seed=save.header.seed, options=options, _states=[state], log=log
    )


def load_table(name_or_path: str | Path, directory: Path | str | None = None) -> LoadedGame:
    """Resume a save given by name (a slug in ``directory``) or by explicit path.

    Replays the log and checks it against the snapshot hash; falls back to the snapshot
    with a ``warning`` if the rules changed. Raises :class:`SaveError` naming the file when
    the save cannot be read or neither the log nor the snapshot gives a usable game.
    """
    path = resolve_save(name_or_path, directory)
    save = read_save(path)
    header = save.header
    game = game_for_header(path, header)
    title = game.info.title
    try:
        seats = seats_from_header(header)
    except ValueError as exc:
        raise SaveError(path, f"the players are not valid ({_short(exc)})") from None

    problem: str | None = None
    try:
        options = parse_options(game, header.options)
    except Exception as exc:
        options = dict(header.options)
        problem = f"its options are no longer valid ({_short(exc)})"
    actions, decode_problem = _decode_actions(game, save)
    problem = problem or decode_problem

    replayed: Table[Any] | None = None
    if problem is None:
        replayed, problem = _replay(game, seats, save, options, actions)
        if problem is None and replayed is not None:
            return LoadedGame(replayed, path, _name(path), header, None)

    snapshot_problem: str | None = None
    table: Table[Any] | None = None
    if not save.snapshot_ok:
        snapshot_problem = "its saved position does not match its checksum (the file was changed)"
    else:
        try:
            table = _from_snapshot(game, seats, save, options, actions)
        except Exception as exc:  # CorruptData or a decoder bug
            snapshot_problem = f"its saved position cannot be read ({_short(exc)})"

    if table is not None:
        warning = (
            f"The rules of {title} have changed since this game was saved ({problem}). "
            "The game continues from the saved position; earlier moves cannot be undone."
        )
        return LoadedGame(table, path, _name(path), header, warning)
    if replayed is not None:
        warning = (
            f"This save was damaged: {snapshot_problem}. The game was rebuilt from its "
            "list of moves, which may differ from where you stopped."
        )
        return LoadedGame(replayed, path, _name(path), header, warning)
    raise SaveError(path, f"the game cannot be resumed: {problem}, and {snapshot_problem}")


def _short(exc: BaseException, limit: int = 160) -> str:
    """An exception's message, cut to ``limit`` characters for a user-facing warning."""
    text = str(exc) or type(exc).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _name(path: Path) -> str:
    return path.name[: -len(SAVE_SUFFIX)] if path.name.endswith(SAVE_SUFFIX) else path.stem
