"""Save files and settings for Meeple.

One TOML file per game in ``platformdirs.user_data_dir("meeple")/saves/``, written
atomically after every action (:class:`Autosaver`), validated on every read
(:func:`read_save`, :func:`list_saves`) and resumed with :func:`load_table`. Settings live
in ``platformdirs.user_config_dir("meeple")/settings.toml`` (:func:`load_settings`).

Modules: :mod:`saves.paths` (folders, slugs), :mod:`saves.atomic` (crash-safe writes),
:mod:`saves.checks` (checks of untrusted text, :class:`SaveError`), :mod:`saves.format`
(dataclasses, validation), :mod:`saves.reading` (resolve/read),
:mod:`saves.resume` (:func:`load_table`, :func:`open_save`), :mod:`saves.store`
(list/write/delete), :mod:`saves.autosave`, :mod:`saves.review` (the post-game review kept
in a save: :func:`open_review`, :func:`run_review`, :func:`write_review`), :mod:`saves.stats`
(players' records computed from the saves folder), :mod:`saves.records` (game records:
JSON export and checked import, ``docs/records.md``), :mod:`saves.settings`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names, for type checkers; at run time each is imported when used
    from saves.atomic import atomic_write
    from saves.autosave import Autosaver
    from saves.checks import SaveError, check_player_name
    from saves.format import (
        FORMAT_VERSION,
        MAX_FILE_SIZE,
        LogRecord,
        PlayerRecord,
        SaveFile,
        SaveHeader,
        SaveResult,
        UndecodedAction,
        app_version,
        state_hash,
    )
    from saves.paths import (
        is_slug,
        new_save_path,
        remove_left_temps,
        saves_dir,
        settings_path,
        slugify,
        unique_name,
    )
    from saves.reading import read_header, read_save, resolve_save, save_path
    from saves.resume import LoadedGame, load_table, open_save
    from saves.review import ReviewSource, open_review, run_review, write_review
    from saves.settings import Settings, load_settings, save_settings
    from saves.store import (
        SaveListing,
        delete_save,
        folder_problem,
        list_saves,
        save_table,
        snapshot_table,
        write_save,
    )

# Where each public name lives: a module is imported the first time one of its names is
# used (PEP 562), so the menu's settings do not bring in saves, autosave and resume.
_HOMES: dict[str, str] = {
    "atomic_write": "saves.atomic",
    "Autosaver": "saves.autosave",
    "FORMAT_VERSION": "saves.format",
    "MAX_FILE_SIZE": "saves.format",
    "LogRecord": "saves.format",
    "PlayerRecord": "saves.format",
    "SaveError": "saves.checks",
    "SaveFile": "saves.format",
    "SaveHeader": "saves.format",
    "SaveResult": "saves.format",
    "UndecodedAction": "saves.format",
    "app_version": "saves.format",
    "check_player_name": "saves.checks",
    "state_hash": "saves.format",
    "is_slug": "saves.paths",
    "new_save_path": "saves.paths",
    "remove_left_temps": "saves.paths",
    "saves_dir": "saves.paths",
    "settings_path": "saves.paths",
    "slugify": "saves.paths",
    "unique_name": "saves.paths",
    "LoadedGame": "saves.resume",
    "load_table": "saves.resume",
    "open_save": "saves.resume",
    "ReviewSource": "saves.review",
    "open_review": "saves.review",
    "run_review": "saves.review",
    "write_review": "saves.review",
    "Settings": "saves.settings",
    "load_settings": "saves.settings",
    "save_settings": "saves.settings",
    "SaveListing": "saves.store",
    "delete_save": "saves.store",
    "folder_problem": "saves.store",
    "list_saves": "saves.store",
    "read_header": "saves.reading",
    "read_save": "saves.reading",
    "resolve_save": "saves.reading",
    "save_path": "saves.reading",
    "save_table": "saves.store",
    "snapshot_table": "saves.store",
    "write_save": "saves.store",
}


def __getattr__(name: str) -> Any:
    """Import the module a public name lives in, on first use."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'saves' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


__all__ = [
    "FORMAT_VERSION",
    "MAX_FILE_SIZE",
    "Autosaver",
    "LoadedGame",
    "LogRecord",
    "PlayerRecord",
    "ReviewSource",
    "SaveError",
    "SaveFile",
    "SaveHeader",
    "SaveListing",
    "SaveResult",
    "Settings",
    "UndecodedAction",
    "app_version",
    "atomic_write",
    "check_player_name",
    "delete_save",
    "folder_problem",
    "is_slug",
    "list_saves",
    "load_settings",
    "load_table",
    "new_save_path",
    "open_review",
    "open_save",
    "read_header",
    "read_save",
    "remove_left_temps",
    "resolve_save",
    "run_review",
    "save_path",
    "save_settings",
    "save_table",
    "saves_dir",
    "settings_path",
    "slugify",
    "snapshot_table",
    "state_hash",
    "unique_name",
    "write_review",
    "write_save",
]
