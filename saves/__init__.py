"""Save files and settings for Meeple.

One TOML file per game in ``platformdirs.user_data_dir("meeple")/saves/``, written
atomically after every action (:class:`Autosaver`), validated on every read
(:func:`read_save`, :func:`list_saves`) and resumed with :func:`load_table`. Settings live
in ``platformdirs.user_config_dir("meeple")/settings.toml`` (:func:`load_settings`).

Modules: :mod:`saves.paths` (folders, slugs), :mod:`saves.atomic` (crash-safe writes),
:mod:`saves.format` (dataclasses, validation), :mod:`saves.store` (read/write/list/delete/
resolve), :mod:`saves.resume` (:func:`load_table`, :func:`open_save`), :mod:`saves.autosave`,
:mod:`saves.settings`.
"""

from __future__ import annotations

from saves.atomic import atomic_write
from saves.autosave import Autosaver
from saves.format import (
    FORMAT_VERSION,
    MAX_FILE_SIZE,
    LogRecord,
    PlayerRecord,
    SaveError,
    SaveFile,
    SaveHeader,
    UndecodedAction,
    app_version,
    check_player_name,
    state_hash,
)
from saves.paths import (
    is_slug,
    new_save_path,
    saves_dir,
    settings_path,
    slugify,
    unique_name,
)
from saves.resume import LoadedGame, load_table, open_save
from saves.settings import Settings, load_settings, save_settings
from saves.store import (
    SaveListing,
    delete_save,
    folder_problem,
    list_saves,
    read_header,
    read_save,
    resolve_save,
    save_path,
    save_table,
    snapshot_table,
    write_save,
)

__all__ = [
    "FORMAT_VERSION",
    "MAX_FILE_SIZE",
    "Autosaver",
    "LoadedGame",
    "LogRecord",
    "PlayerRecord",
    "SaveError",
    "SaveFile",
    "SaveHeader",
    "SaveListing",
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
    "open_save",
    "read_header",
    "read_save",
    "resolve_save",
    "save_path",
    "save_settings",
    "save_table",
    "saves_dir",
    "settings_path",
    "slugify",
    "snapshot_table",
    "state_hash",
    "unique_name",
    "write_save",
]
