"""Reading, writing, listing, finding and deleting save files.

Every function that reads a file trusts nothing in it and reports any problem as a
:class:`~saves.format.SaveError` naming the file; listing never fails because of one bad
file. Nothing here ever deletes or rewrites a save unless asked to (:func:`delete_save`,
:func:`write_save`); listing removes only temporary files that killed writes left behind.
"""

from __future__ import annotations

import errno
import os
import stat
import threading
import tomllib
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import tomli_w

from core.engine import Game
from core.registry import UnknownGame, get_game
from core.table import Table
from saves.atomic import (
    FileTooLarge,
    NotAFile,
    atomic_write,
    is_temp_name,
    read_capped,
    remove_stale_temps,
)
from saves.format import (
    FORMAT_VERSION,
    MAX_FILE_SIZE,
    Invalid,
    LogRecord,
    PlayerRecord,
    SaveError,
    SaveFile,
    SaveHeader,
    UndecodedAction,
    app_version,
    clean_player_name,
    clean_text,
    format_time,
    header_from_document,
    header_to_document,
    os_problem,
    save_from_document,
    save_to_document,
    state_hash,
    to_plain,
    toml_shape_problem,
)
from saves.paths import SAVE_SUFFIX, is_slug, saves_dir
from saves.verdicts import Verdict, VerdictStore, file_key

_MIB = MAX_FILE_SIZE // (1024 * 1024)


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


def _folder(directory: Path | str | None) -> Path:
    return Path(directory) if directory is not None else saves_dir()


def _os_reason(exc: OSError) -> str:
    return exc.strerror or str(exc) or type(exc).__name__


# --- names and paths ---------------------------------------------------------------------


def save_path(name: str, directory: Path | str | None = None) -> Path:
    """The path of the save called ``name`` (a slug) in ``directory`` (default: saves dir).

    Raises :class:`SaveError` for anything that is not a slug, such as ``"../x"``,
    ``"a/b"`` or an absolute path. The file need not exist.
    """
    if not isinstance(name, str) or not is_slug(name):
        raise _not_a_save_name(name)
    return _folder(directory) / f"{name}{SAVE_SUFFIX}"


def _not_a_save_name(name: object) -> SaveError:
    shown = repr(name) if isinstance(name, str) and len(name) <= 80 else "that name"
    return SaveError(
        None,
        f"{shown} is not a valid save name: save names use only the letters a-z, "
        "digits and single hyphens (no slashes, dots or spaces)",
    )


def resolve_save(name_or_path: str | Path, directory: Path | str | None = None) -> Path:
    """Find the save file a user asked for, as for ``meeple resume NAME_OR_PATH``.

    * A :class:`~pathlib.Path`, or text ending in ``.toml``, is an explicit file path
      (``~`` is expanded); it must be an existing file.
    * Other text is a save name in ``directory`` (default: saves dir): a slug, or exactly
      the name :func:`list_saves` shows for a file there (``My Game`` for ``My Game.toml``).
      Such a name is only ever compared with the folder's entries, so ``"../x"``, ``"a/b"``
      and absolute paths without ``.toml`` are refused.

    Returns an absolute path; raises :class:`SaveError` with the reason otherwise, also for
    any OS error (permission denied, a name too long...).
    """
    if isinstance(name_or_path, Path) or (
        isinstance(name_or_path, str) and name_or_path.lower().endswith(SAVE_SUFFIX)
    ):
        given = Path(name_or_path)
        try:
            path = given.expanduser().absolute()
        except RuntimeError:
            raise SaveError(given, "the home folder (~) could not be found") from None
        except OSError as exc:
            raise SaveError(given, os_problem(exc, "find the current folder")) from None
        info = _stat(path)
        if info is None:
            raise SaveError(path, "the file does not exist")
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(path, "it is not a file")
        return path
    if isinstance(name_or_path, str) and not is_slug(name_or_path):
        listed = _listed_file(name_or_path, _folder(directory))
        if listed is None:
            raise _not_a_save_name(name_or_path)
        return _absolute(listed)
    path = _absolute(save_path(name_or_path, directory))
    info = _stat(path)
    if info is None or not stat.S_ISREG(info.st_mode):
        raise SaveError(path, f"there is no save called '{name_or_path}' in {path.parent}")
    return path


def _absolute(path: Path) -> Path:
    try:
        return path.absolute()
    except OSError as exc:
        raise SaveError(path, os_problem(exc, "find the current folder")) from None


def _stat(path: Path) -> os.stat_result | None:
    """``path``'s status (following links), None if nothing is there; else :class:`SaveError`."""
    try:
        return path.stat()
    except (FileNotFoundError, NotADirectoryError):
        return None
    except (OSError, ValueError) as exc:
        if isinstance(exc, OSError) and exc.errno == errno.ELOOP:
            return None
        raise SaveError(path, os_problem(exc, "look at the file")) from None


def _listed_file(name: str, folder: Path) -> Path | None:
    """The regular file ``name + .toml`` found among ``folder``'s entries, if any.

    The name is compared with entry names and never joined to the folder itself, so it can
    never reach outside it. Hidden and temporary files, which listings skip, do not count.
    """
    forbidden = {"/", "\x00", os.sep} | ({os.altsep} if os.altsep else set())
    if not name or any(ch in name for ch in forbidden) or is_temp_name(name + SAVE_SUFFIX):
        return None
    wanted = name + SAVE_SUFFIX
    try:
        with os.scandir(folder) as scan:
            for entry in scan:
                if entry.name == wanted and _is_file(entry):
                    return folder / entry.name
    except (FileNotFoundError, NotADirectoryError):
        return None
    except (OSError, ValueError) as exc:
        raise SaveError(folder / wanted, os_problem(exc, "read the saves folder")) from None
    return None


def _is_file(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_file()
    except OSError:
        return False


# --- reading -------------------------------------------------------------------------------


def _load_document(path: Path) -> dict[str, Any]:
    try:
        data = read_capped(path, MAX_FILE_SIZE)
    except FileNotFoundError:
        raise SaveError(path, "the file does not exist") from None
    except FileTooLarge:
        raise SaveError(
            path, f"the file is too large (over {_MIB} MiB) to be a Meeple save"
        ) from None
    except NotAFile:
        raise SaveError(path, "it is not a regular file") from None
    except (OSError, ValueError) as exc:
        raise SaveError(path, os_problem(exc, "read the file")) from None
    if not data.strip():
        raise SaveError(path, "the file is empty")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(
            path, "the file is not text (it is damaged or not a Meeple save)"
        ) from None
    text = text.removeprefix("\ufeff")
    if "\x00" in text:
        raise SaveError(path, "the file contains binary data (it is damaged or not a Meeple save)")
    shape_problem = toml_shape_problem(text)
    if shape_problem is not None:
        raise SaveError(path, shape_problem)
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SaveError(
            path, f"the file is damaged or incomplete: it is not valid TOML ({exc})"
        ) from None
    except RecursionError:
        raise SaveError(path, "the file nests data too deeply to be a Meeple save") from None
    except (ValueError, TypeError, OverflowError, MemoryError) as exc:
        if "digits" in str(exc):
            raise SaveError(path, "it contains a number far too large for a save file") from None
        raise SaveError(path, f"the file could not be parsed ({str(exc)[:120]})") from None
    return doc


def game_for_header(path: Path | None, header: SaveHeader) -> Game[Any, Any]:
    """The registered game a header names; :class:`SaveError` if unknown or players misfit."""
    try:
        game = get_game(header.game_id)
    except UnknownGame:
        raise SaveError(
            path, f"it is a game of '{header.game_id}', which this version of Meeple does not have"
        ) from None
    except Exception as exc:  # a broken game module must not break listings
        raise SaveError(
            path, f"the game '{header.game_id}' could not be loaded ({str(exc)[:160]})"
        ) from None
    info = game.info
    count = len(header.players)
    if not info.min_players <= count <= info.max_players:
        raise SaveError(
            path,
            f"it has {count} players, but {info.title} takes "
            f"{info.min_players}–{info.max_players}",
        )
    return game


def read_save(path: Path | str) -> SaveFile:
    """Read and fully validate a save file; raises :class:`SaveError` naming the problem.

    Checks the size (at most 16 MiB), encoding, TOML syntax, format version, every header
    field, the log entries, the snapshot, that the game exists and the player count fits.
    It does not replay the game (see :func:`saves.resume.load_table`).
    """
    file = Path(path)
    doc = _load_document(file)
    try:
        save = save_from_document(doc)
    except Invalid as exc:
        raise SaveError(file, str(exc)) from None
    except RecursionError:
        raise SaveError(file, "the file nests data too deeply to be a Meeple save") from None
    except (ValueError, TypeError, KeyError, AttributeError, OverflowError) as exc:
        raise SaveError(file, f"the file is damaged ({exc})") from None
    game_for_header(file, save.header)
    return save


def read_header(path: Path | str) -> SaveHeader:
    """The validated header of a save file (the whole file is still checked)."""
    return read_save(path).header


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
    listing again only opens what changed. Temporary and hidden files are skipped; those
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
            return (header_from_document({"header": earlier.header}), None, earlier.warning)
        except (Invalid, ValueError, TypeError, KeyError, AttributeError):
            pass  # a damaged cache entry: open the file instead
    from saves.resume import open_save  # saves.resume imports this module

    try:
        loaded = open_save(path)
    except SaveError as exc:
        verdict: _Verdict = (None, exc.problem, None)
    except Exception as exc:  # never let one file break the list, nor remember a fluke
        return (None, f"unexpected error: {str(exc)[:160]}", None)
    else:
        verdict = (loaded.header, None, loaded.warning)
    if disk_key is not None:
        header_doc = header_to_document(verdict[0]) if verdict[0] is not None else None
        remembered.put(path, disk_key, Verdict(verdict[1], verdict[2], header_doc))
    if key is not None:
        with _verdicts_lock:
            while len(_verdicts) >= _VERDICT_CACHE_SIZE:
                del _verdicts[next(iter(_verdicts))]
            _verdicts[key] = verdict
    return verdict


def _mtime(info: os.stat_result | None) -> float:
    return info.st_mtime if info is not None else 0.0


# --- writing -------------------------------------------------------------------------------


def encode_logged_action(game: Game[Any, Any], action: Any) -> dict[str, Any]:
    """Plain data for a logged action (an :class:`UndecodedAction` is written back as is)."""
    if isinstance(action, UndecodedAction):
        return action.data
    return game.encode_action(action)


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
    )
    return SaveFile(header=header, log=log, snapshot=snapshot, snapshot_hash=state_hash(snapshot))


def write_save(path: Path | str, save: SaveFile) -> None:
    """Atomically write ``save`` to ``path`` (creating the folder if needed).

    The document is validated with the same checks as loading first, so a file this writes
    always loads again. Raises :class:`SaveError` (disk full, permission denied, invalid
    data, too large); the previous file is then left untouched.
    """
    file = Path(path)
    doc = save_to_document(save)
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
