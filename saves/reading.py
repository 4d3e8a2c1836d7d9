"""Finding and reading save files: save names and paths, and the checked read of a file.

:func:`resolve_save` finds the file a user asked for, :func:`read_save` reads and fully
validates one (it trusts nothing in the file and reports any problem as a
:class:`~saves.format.SaveError` naming the file). Resuming (:mod:`saves.resume`) and
listing and writing (:mod:`saves.store`) build on these.
"""

from __future__ import annotations

import errno
import os
import stat
import tomllib
from pathlib import Path
from typing import Any

from core.engine import Game
from core.registry import UnknownGame, get_game
from saves.atomic import FileTooLarge, NotAFile, is_temp_name, read_capped
from saves.format import (
    MAX_FILE_SIZE,
    Invalid,
    SaveError,
    SaveFile,
    SaveHeader,
    os_problem,
    save_from_document,
    toml_shape_problem,
)
from saves.paths import SAVE_SUFFIX, is_slug, saves_dir

_MIB = MAX_FILE_SIZE // (1024 * 1024)


def _folder(directory: Path | str | None) -> Path:
    return Path(directory) if directory is not None else saves_dir()


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
      the name :func:`~saves.store.list_saves` shows for a file there (``My Game`` for
      ``My Game.toml``). Such a name is only ever compared with the folder's entries, so
      ``"../x"``, ``"a/b"`` and absolute paths without ``.toml`` are refused.

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
    return read_save_document(path)[1]


def read_save_document(path: Path | str) -> tuple[dict[str, Any], SaveFile]:
    """:func:`read_save`, with the parsed document it was read from (for the parts of a
    file besides the game's, such as its review: :mod:`saves.review`)."""
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
    return doc, save


def read_header(path: Path | str) -> SaveHeader:
    """The validated header of a save file (the whole file is still checked)."""
    return read_save(path).header
