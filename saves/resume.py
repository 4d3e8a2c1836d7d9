"""Resuming a saved game: rebuild its :class:`~core.table.Table` from a save file.

The normal path replays the action log from the seed with :meth:`Table.replay` and checks
that the result matches the saved snapshot (same hash). If the log no longer replays (the
rules changed, an action no longer decodes or is now illegal, or the file was edited) or
leads to a different state, the game continues from the snapshot instead: the table starts
at the decoded snapshot state, its log keeps the old moves as undo barriers, and
``warning`` tells the user. A snapshot is only used when it is a whole game (not one seat's
view) that fits the header: same player count, and the options its state records.

:func:`open_save` is the one verdict on a file: :func:`load_table` resumes with it and
:func:`saves.store.list_saves` lists with it, so a listing says what opening would.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.engine import Game
from core.table import Controller, LogEntry, Seat, Table, parse_options
from saves.format import (
    SaveError,
    SaveFile,
    SaveHeader,
    UndecodedAction,
    app_version,
    state_hash,
    to_plain,
)
from saves.paths import SAVE_SUFFIX
from saves.reading import game_for_header, read_save, resolve_save


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
                problem = f"move {i + 1} cannot be read ({_short(exc)})"
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
        return None, f"its moves do not replay ({_short(exc)})"
    try:
        replayed_hash = state_hash(to_plain(game.encode_state(table.state)))
    except Exception as exc:
        return None, f"the replayed game could not be encoded ({_short(exc)})"
    if replayed_hash != save.snapshot_hash and not _same_position(game, save, table.state):
        return table, "replaying its moves gives a different position"
    return table, None


def _same_position(game: Game[Any, Any], save: SaveFile, state: Any) -> bool:
    """True when the snapshot, read by this version, is the position ``state`` stands at.

    A snapshot written by an older version may hold what this one no longer keeps (El
    Grande's old text log) and lack what it now records about the last move (its events):
    its hash differs, yet it is the same game.
    """
    if not save.snapshot_ok:
        return False
    try:
        return bool(game.decode_full_state(save.snapshot) == state)
    except Exception:  # a damaged or foreign snapshot: not the same position
        return False


def _describe(game: Game[Any, Any], action: Any) -> str:
    if isinstance(action, UndecodedAction):
        return str(action)
    try:
        return game.describe(action)
    except Exception:
        return str(action)


def _snapshot_mismatch(
    game: Game[Any, Any], state: Any, seats: tuple[Seat, ...], options: dict[str, Any]
) -> str | None:
    """How a decoded snapshot disagrees with the header (players, options), or None."""
    count = game.num_players(state)
    if count != len(seats):
        return f"its saved position is a game of {count} players, but its header lists {len(seats)}"
    for key, value in game.snapshot_options(state).items():
        if key in options and options[key] != value:
            return (
                f"its saved position was set up with {key} = {value!r}, but its header says "
                f"{options[key]!r}"
            )
    return None


def _from_snapshot(
    game: Game[Any, Any],
    seats: tuple[Seat, ...],
    save: SaveFile,
    options: dict[str, Any],
    actions: list[Any],
) -> tuple[Table[Any] | None, str | None]:
    """A table at the snapshot state whose old moves are all undo barriers, or the reason
    the snapshot cannot be used."""
    if not save.snapshot_ok:
        return None, "its saved position does not match its checksum (the file was changed)"
    try:
        state = game.decode_full_state(save.snapshot)
        mismatch = _snapshot_mismatch(game, state, seats, options)
    except Exception as exc:  # CorruptData (a view, another game's state) or a decoder bug
        return None, f"its saved position cannot be used ({_short(exc)})"
    if mismatch is not None:
        return None, mismatch
    log = [
        LogEntry(seat=record.seat, action=action, text=_describe(game, action), barrier=True)
        for record, action in zip(save.log, actions)
    ]
    table = Table(
        game=game, seats=seats, seed=save.header.seed, options=options, _states=[state], log=log
    )
    return table, None


def _snapshot_warning(
    path: Path, header: SaveHeader, title: str, problem: str, part: str, detail: str
) -> str:
    """The warning for a game resumed from its snapshot, worded from what is known.

    A save written by another Meeple version most likely met a rules change; one written by
    this very version can only disagree with itself if the file was damaged or edited, so
    ``part`` ("options" or "moves") names the part that was.
    """
    then = "so the game continues from its saved position and earlier moves cannot be undone"
    if header.app_version != app_version():
        return (
            f"Save file '{path.name}' was saved by Meeple {header.app_version}, whose rules of "
            f"{title} differ ({problem}), {then}."
        )
    if part == "options":
        return f"The options in save file '{path.name}' are damaged ({detail}), {then}."
    return f"The list of moves in save file '{path.name}' is damaged ({detail}), {then}."


def open_save(path: Path | str) -> LoadedGame:
    """Read, check and resume the save file at ``path`` (the one verdict on a file).

    Replays the log and checks it against the snapshot hash; falls back to a snapshot that
    fits the header, with a ``warning``, if the log does not replay. Raises
    :class:`SaveError` naming the file when the save cannot be read or neither the log nor
    the snapshot gives a usable game.
    """
    file = Path(path)
    try:
        return _open(file)
    except SaveError:
        raise
    except OSError as exc:
        raise SaveError(file, f"the file could not be read ({exc.strerror or exc})") from None


def _open(path: Path) -> LoadedGame:
    save = read_save(path)
    header = save.header
    game = game_for_header(path, header)
    title = game.info.title
    try:
        seats = seats_from_header(header)
    except ValueError as exc:
        raise SaveError(path, f"the players are not valid ({_short(exc)})") from None

    problem: str | None = None
    part, detail = "options", ""
    try:
        options = parse_options(game, header.options)
    except Exception as exc:
        options = dict(header.options)
        detail = _short(exc)
        problem = f"its options are not valid ({detail})"
    actions, decode_problem = _decode_actions(game, save)
    if problem is None:
        part = "moves"
        problem = decode_problem

    replayed: Table[Any] | None = None
    if problem is None:
        replayed, problem = _replay(game, seats, save, options, actions)
        if problem is None and replayed is not None:
            return LoadedGame(replayed, path, _name(path), header, None)

    table, snapshot_problem = _from_snapshot(game, seats, save, options, actions)
    if table is not None:
        reason = problem or "its moves do not replay"
        warning = _snapshot_warning(path, header, title, reason, part, detail or reason)
        return LoadedGame(table, path, _name(path), header, warning)
    if replayed is not None:
        warning = (
            f"The game in save file '{path.name}' was rebuilt from its list of moves because "
            f"{snapshot_problem}, so it may differ from where you stopped."
        )
        return LoadedGame(replayed, path, _name(path), header, warning)
    raise SaveError(path, f"the game cannot be resumed: {problem}, and {snapshot_problem}")


def load_table(name_or_path: str | Path, directory: Path | str | None = None) -> LoadedGame:
    """Resume a save given by name in ``directory`` or by explicit path (see :func:`open_save`).

    Raises :class:`SaveError` naming the file when it cannot be found or resumed.
    """
    return open_save(resolve_save(name_or_path, directory))


def _short(exc: BaseException, limit: int = 160) -> str:
    """An exception's message, cut to ``limit`` characters for a user-facing warning."""
    text = str(exc) or type(exc).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _name(path: Path) -> str:
    return path.name[: -len(SAVE_SUFFIX)] if path.name.endswith(SAVE_SUFFIX) else path.stem
