"""Listing, writing and deleting save files.

Listing trusts nothing in a file: each gets the verdict opening it would
(:func:`saves.resume.open_save`), and one bad file never makes listing fail. Nothing here
ever deletes or rewrites a save unless asked to (:func:`delete_save`, :func:`write_save`);
listing removes only temporary files that killed writes left behind. Finding and reading a
file (:func:`~saves.reading.resolve_save`, :func:`~saves.reading.read_save`) live in
:mod:`saves.reading`, below resuming.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import tomli_w

from core.engine import Game
from core.table import Table
from saves import resume
from saves.atomic import atomic_write, is_temp_name, remove_stale_temps
from saves.format import (
    FORMAT_VERSION,
    MAX_FILE_SIZE,
    Invalid,
    LogRecord,
    PlayerRecord,
    SaveError,
    SaveFile,
    SaveHeader,
    SaveResult,
    UndecodedAction,
    app_version,
    clean_player_name,
    clean_text,
    format_time,
    header_from_document,
    header_to_document,
    os_problem,
    result_from_document,
    result_to_document,
    save_from_document,
    save_to_document,
    state_hash,
    to_plain,
)
from saves.paths import SAVE_SUFFIX
from saves.reading import _MIB, _folder, save_path
from saves.verdicts import Verdict, VerdictStore, file_key


@dataclass(frozen=True)
class SaveListing:
    """One file in the saves folder: its name (file stem), path, and header or error.

    Exactly one of ``header`` and ``error`` is set; ``error`` is the problem in plain words,
    the reason opening the save would fail. ``warning`` is set when the save opens, but
    with the warning :func:`saves.resume.load_table` would give.
    """

    name: str
    path: Path
    header: SaveHeader | None
    error: str | None
    warning: str | None = None


def _os_reason(exc: OSError) -> str:
    return exc.strerror or str(exc) or type(exc).__name__


_Verdict = tuple[SaveHeader | None, str | None, str | None]
"""What opening a save gives: its header, or the error; and any warning."""

_VERDICT_CACHE_SIZE = 1024
_verdicts: dict[tuple[str, int, int, int], _Verdict] = {}
_verdicts_lock = threading.Lock()


def folder_problem(directory: Path | str | None = None) -> str | None:
    """Why the saves folder cannot be listed, in one sentence; None if it can (or is not there yet).

    :func:`list_saves` gives an empty list for an unreadable folder, so callers that show
    a listing ask this to tell "no saves yet" from "the saves cannot be read".
    """
    folder = _folder(directory)
    try:
        with os.scandir(folder):
            pass
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        return f"The saves folder {folder} cannot be read: {os_problem(exc, 'read the folder')}."
    return None


def list_saves(directory: Path | str | None = None) -> list[SaveListing]:
    """Every save in ``directory`` (default: the saves folder), newest ``updated`` first.

    Each file gets the verdict opening it would (:func:`saves.resume.open_save`, which
    replays it): bad files are listed with ``header=None`` and ``error`` saying what is
    wrong (they sort by their modification time), saves that open with a warning carry it.
    Verdicts are remembered per file version (path, modification time, size, inode), so
    listing again only opens what changed. A finished game's header always has its
    ``result``: for a save written before results were kept, the one of the replayed game. Temporary and hidden files are skipped; those
    that killed writes left behind over a minute ago are removed. A missing or unreadable
    folder gives an empty list; this function never raises.
    """
    folder = _folder(directory)
    remove_stale_temps(folder, SAVE_SUFFIX)
    try:
        with os.scandir(folder) as scan:
            entries = sorted(scan, key=lambda e: e.name)
    except (OSError, ValueError):
        return []
    found: list[tuple[float, SaveListing]] = []
    remembered = VerdictStore()
    for entry in entries:
        name = entry.name
        if is_temp_name(name) or not name.endswith(SAVE_SUFFIX) or name == SAVE_SUFFIX:
            continue
        try:
            if entry.is_dir():
                continue
        except OSError:
            pass
        path = folder / name
        try:
            info: os.stat_result | None = entry.stat()
        except OSError:
            info = None
        header, error, warning = _verdict(path, info, remembered)
        stem = name[: -len(SAVE_SUFFIX)]
        listing = SaveListing(name=stem, path=path, header=header, error=error, warning=warning)
        when = header.updated_at.timestamp() if header is not None else _mtime(info)
        found.append((when, listing))
    remembered.save({str(listing.path) for _, listing in found}, folder)
    found.sort(key=lambda item: (-item[0], item[1].name))
    return [listing for _, listing in found]


def _verdict(path: Path, info: os.stat_result | None, remembered: VerdictStore) -> _Verdict:
    """Open ``path`` as resuming would, or recall the verdict on this version of the file.

    Verdicts are remembered in this process and, across runs, in ``remembered``; a save
    remembered as fine still has its header read (and checked) again.
    """
    key = (str(path), info.st_mtime_ns, info.st_size, info.st_ino) if info is not None else None
    if key is not None:
        with _verdicts_lock:
            cached = _verdicts.get(key)
        if cached is not None:
            return cached
    disk_key = file_key(info, app_version()) if info is not None else None
    earlier = remembered.get(path, disk_key) if disk_key is not None else None
    if earlier is not None:
        if earlier.error is not None:
            return (None, earlier.error, None)
        try:  # the remembered header is checked as strictly as one read from the file
            header = header_from_document({"header": earlier.header})
        except (Invalid, ValueError, TypeError, KeyError, AttributeError):
            pass  # a damaged cache entry: open the file instead
        else:
            # A finished game remembered without its result was listed before results
            # were kept: it is opened again, for the result.
            if not (header.over and header.result is None):
                return (header, None, earlier.warning)
    try:
        loaded = resume.open_save(path)
    except SaveError as exc:
        verdict: _Verdict = (None, exc.problem, None)
    except Exception as exc:  # never let one file break the list, nor remember a fluke
        return (None, f"unexpected error: {str(exc)[:160]}", None)
    else:
        verdict = (_with_result(loaded.header, loaded.table), None, loaded.warning)
    if disk_key is not None:
        header_doc = header_to_document(verdict[0]) if verdict[0] is not None else None
        remembered.put(path, disk_key, Verdict(verdict[1], verdict[2], header_doc))
    if key is not None:
        with _verdicts_lock:
            while len(_verdicts) >= _VERDICT_CACHE_SIZE:
                del _verdicts[next(iter(_verdicts))]
            _verdicts[key] = verdict
    return verdict


def _with_result(header: SaveHeader, table: Table[Any]) -> SaveHeader:
    """``header`` with what the replayed game says of its end: a header written before
    results were kept has no result (the replayed game gives it), and one that says a game
    is over when its moves do not end it (edited by hand) is not believed."""
    over = table.is_over()
    if not over:
        return header if not header.over else replace(header, over=False, result=None)
    if header.over and header.result is not None:
        return header  # (the result is the one the game wrote when it ended)
    return replace(header, over=True, result=table_result(table))


def _mtime(info: os.stat_result | None) -> float:
    return info.st_mtime if info is not None else 0.0


# --- writing -------------------------------------------------------------------------------


def encode_logged_action(game: Game[Any, Any], action: Any) -> dict[str, Any]:
    """Plain data for a logged action (an :class:`UndecodedAction` is written back as is)."""
    if isinstance(action, UndecodedAction):
        return action.data
    return game.encode_action(action)


def table_result(table: Table[Any]) -> SaveResult | None:
    """The result to keep in the header of ``table``'s save: None while the game goes on,
    or when the game cannot add up its scores (a scoring bug must not keep the game from
    being saved)."""
    game = table.game
    try:
        if not game.is_over(table.state):
            return None
        result = game.result(table.state)
        saved = SaveResult(totals=tuple(int(t) for t in result.totals),
                           ranks=tuple(int(r) for r in result.ranks),
                           cooperative=bool(game.cooperative))
        return result_from_document(result_to_document(saved), len(table.seats))
    except Exception:  # a bug in the game's scoring, or a result no save could hold
        return None


def snapshot_table(
    table: Table[Any],
    title: str,
    created: datetime | None = None,
    now: datetime | None = None,
) -> SaveFile:
    """Build the :class:`SaveFile` for a table as it is now (no file is touched).

    ``now`` (default: the current UTC time) becomes ``updated``; ``created`` defaults to
    ``now``. Raises :class:`SaveError` (without a path) if the game cannot encode itself.
    """
    moment = now if now is not None else datetime.now(timezone.utc)
    game = table.game
    try:
        state = table.state
        snapshot = to_plain(game.encode_state(state), "the game state")
        log = tuple(
            LogRecord(
                seat=entry.seat,
                action=to_plain(encode_logged_action(game, entry.action), f"move {i + 1}"),
            )
            for i, entry in enumerate(table.log)
        )
        progress = clean_text(game.progress(state))
        over = bool(game.is_over(state))
        game_id = game.info.id
    except Invalid as exc:
        raise SaveError(None, f"the game could not be saved: {exc}") from None
    except Exception as exc:
        raise SaveError(
            None, f"the game could not be saved ({type(exc).__name__}: {str(exc)[:160]})"
        ) from None
    players = tuple(
        PlayerRecord(
            name=clean_player_name(seat.name),
            kind=seat.controller.kind,
            level=seat.controller.level if seat.controller.kind == "bot" else "",
        )
        for seat in table.seats
    )
    header = SaveHeader(
        format_version=FORMAT_VERSION,
        app_version=clean_text(app_version(), 64),
        game_id=game_id,
        title=clean_text(title),
        options=dict(table.options),
        players=players,
        seed=int(table.seed),
        created=format_time(created if created is not None else moment),
        updated=format_time(moment),
        progress=progress,
        over=over,
        result=table_result(table) if over else None,
    )
    return SaveFile(header=header, log=log, snapshot=snapshot, snapshot_hash=state_hash(snapshot))


def write_save(path: Path | str, save: SaveFile) -> None:
    """Atomically write ``save`` to ``path`` (creating the folder if needed).

    The document is validated with the same checks as loading first, so a file this writes
    always loads again. A finished game's review kept in the file there stays in it
    (:func:`saves.review.carry_review`). Raises :class:`SaveError` (disk full, permission
    denied, invalid data, too large); the previous file is then left untouched.
    """
    file = Path(path)
    doc = save_to_document(save)
    if save.header.over:  # (imported here: listing and playing never need the coach)
        from saves.review import carry_review

        doc = carry_review(file, save, doc)
    try:
        save_from_document(doc)
        data = tomli_w.dumps(doc).encode("utf-8")
    except Invalid as exc:
        raise SaveError(file, f"could not be written: {exc}") from None
    except (TypeError, ValueError, RecursionError) as exc:
        raise SaveError(file, f"could not be written ({exc})") from None
    if len(data) > MAX_FILE_SIZE:
        raise SaveError(file, f"could not be written: the game has grown over {_MIB} MiB")
    try:
        atomic_write(file, data)
    except OSError as exc:
        raise SaveError(file, f"could not be written ({_os_reason(exc)})") from None


def save_table(
    table: Table[Any],
    path: Path | str,
    title: str,
    created: datetime | None = None,
    now: datetime | None = None,
) -> SaveFile:
    """Snapshot ``table`` and write it atomically to ``path``; returns what was written.

    Raises :class:`SaveError` naming the file on any failure.
    """
    try:
        save = snapshot_table(table, title, created=created, now=now)
    except SaveError as exc:
        raise SaveError(path, exc.problem) from None
    write_save(path, save)
    return save


def delete_save(name_or_path: str | Path, directory: Path | str | None = None) -> Path:
    """Delete one save (only on the user's request, after confirmation); returns its path.

    Text must be a save name (slug); a :class:`~pathlib.Path` (e.g. ``SaveListing.path``)
    must be a ``.toml`` file directly inside ``directory``. Raises :class:`SaveError`.
    """
    folder = _folder(directory)
    if isinstance(name_or_path, Path):
        path = name_or_path
        try:
            inside = path.parent.resolve() == folder.resolve()
        except (OSError, RuntimeError, ValueError):
            inside = False
        if not inside or path.suffix != SAVE_SUFFIX or is_temp_name(path.name):
            raise SaveError(path, "only save files in the saves folder can be deleted")
    else:
        path = save_path(name_or_path, folder)
    try:
        path.unlink()
    except FileNotFoundError:
        raise SaveError(path, "there is no such save") from None
    except IsADirectoryError:
        raise SaveError(path, "it is not a file") from None
    except (OSError, ValueError) as exc:
        raise SaveError(path, os_problem(exc, "delete the file")) from None
    return path
