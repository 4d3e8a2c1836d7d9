"""What opening each save gave, remembered across runs so long listings stay quick.

Listing the saves folder opens every file the way resuming would, replaying its moves
(tens of milliseconds for a long game). The outcome only changes when the file or this
version of Meeple changes, so it is kept in ``user_cache_dir("meeple")/save-verdicts.json``
keyed by the file's path and version (modification time, size, inode) and the app version.

The cache is only ever a shortcut: a missing, damaged or unwritable cache file is ignored
(nothing is remembered then), and an entry that does not match the file is never used.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from saves.atomic import atomic_write, read_capped
from saves.paths import cache_dir

MAX_ENTRIES = 2048
_MAX_BYTES = 4 * 1024 * 1024
_FILE_NAME = "save-verdicts.json"


@dataclass(frozen=True)
class Verdict:
    """How opening one version of a save file went: its ``error``, or its header (as the
    ``[header]`` table, checked again when used) and ``warning``."""

    error: str | None
    warning: str | None
    header: dict[str, Any] | None = None


def cache_path() -> Path:
    """The verdict cache file (looked up at call time, so tests can move it)."""
    return cache_dir() / _FILE_NAME


def file_key(info: os.stat_result, app_version: str) -> list[Any]:
    """What must match for a remembered verdict to hold: the file's version and the app's."""
    return [info.st_mtime_ns, info.st_size, info.st_ino, app_version]


class VerdictStore:
    """The remembered verdicts of one listing: load once, look up, record, save once."""

    def __init__(self) -> None:
        self._entries: dict[str, dict[str, Any]] = {}
        self._changed = False
        try:
            data = json.loads(read_capped(cache_path(), _MAX_BYTES).decode("utf-8"))
        except (OSError, ValueError):
            return
        if isinstance(data, dict) and isinstance(data.get("entries"), dict):
            self._entries = {
                path: entry for path, entry in data["entries"].items()
                if isinstance(path, str) and isinstance(entry, dict)
            }

    def get(self, path: Path, key: list[Any]) -> Verdict | None:
        """The verdict remembered for this version of ``path``, or None."""
        entry = self._entries.get(str(path))
        if entry is None or entry.get("key") != key:
            return None
        error, warning, header = entry.get("error"), entry.get("warning"), entry.get("header")
        if not (error is None or isinstance(error, str)) or not (warning is None or isinstance(warning, str)):
            return None
        if not (header is None or isinstance(header, dict)) or (error is None) == (header is None):
            return None
        return Verdict(error, warning, header)

    def put(self, path: Path, key: list[Any], verdict: Verdict) -> None:
        """Remember ``verdict`` for this version of ``path``."""
        entry = {"key": key, "error": verdict.error, "warning": verdict.warning,
                 "header": verdict.header}
        if self._entries.get(str(path)) != entry:
            self._entries[str(path)] = entry
            self._changed = True

    def save(self, listed: set[str], folder: Path) -> None:
        """Write the cache back if it changed, forgetting files of ``folder`` no longer there."""
        prefix = str(folder) + os.sep
        for path in [p for p in self._entries if p.startswith(prefix) and p not in listed]:
            del self._entries[path]
            self._changed = True
        if not self._changed:
            return
        while len(self._entries) > MAX_ENTRIES:
            del self._entries[next(iter(self._entries))]
        data = json.dumps({"entries": self._entries}, ensure_ascii=True).encode("ascii")
        try:
            atomic_write(cache_path(), data)
        except OSError:
            pass  # only a shortcut: the next listing opens the files again
        self._changed = False
