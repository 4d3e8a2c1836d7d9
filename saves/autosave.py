"""Autosave: write a table's save file after every action and every undo.

An :class:`Autosaver` subscribes to a :class:`~core.table.Table`'s events. Each write is
atomic (see :mod:`saves.atomic`), so a killed process loses at most the action being
written. Write failures (disk full, permissions...) never raise into the game: they are
kept in :attr:`Autosaver.last_error` (and passed to ``on_error``) for the UI to show.

Typical use::

    saver = Autosaver.start(table, "Quadropolis")          # new game: written from its first move
    saver = Autosaver.resume(load_table("my-game"))        # resumed game
    error = saver.save_now()                               # ctrl+s
    path = saver.save_as("Before the big move")            # save a copy under a new name
    saver.close()                                          # leaving the game screen
"""

from __future__ import annotations

import threading
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from core.table import Table, TableEvent
from saves.format import SaveError
from saves.paths import SAVE_SUFFIX, new_save_path, saves_dir, slugify, unique_name
from saves.reading import save_path
from saves.resume import LoadedGame
from saves.store import save_table

Clock = Callable[[], datetime]


def _utc_now() -> datetime:
    return datetime.now(timezone.utc)


class Autosaver:
    """Keeps one table's save file up to date.

    ``path_or_name`` is a :class:`~pathlib.Path` (or text ending in ``.toml``) used as is,
    or a save name (slug) inside ``directory`` (default: the saves folder); an invalid name
    raises :class:`SaveError`. Nothing is written until an event, :meth:`save_now` or
    :meth:`save_as`; use :meth:`start` for a new game.
    """

    def __init__(
        self,
        table: Table[Any],
        path_or_name: Path | str,
        title: str,
        directory: Path | str | None = None,
        *,
        created: datetime | None = None,
        clock: Clock | None = None,
        on_error: Callable[[str], None] | None = None,
    ) -> None:
        self.table = table
        self.title = title
        self.directory = Path(directory) if directory is not None else saves_dir()
        if isinstance(path_or_name, Path) or str(path_or_name).lower().endswith(SAVE_SUFFIX):
            self.path = Path(path_or_name)
        else:
            self.path = save_path(str(path_or_name), self.directory)
        self._clock: Clock = clock or _utc_now
        self.created: datetime = created if created is not None else self._clock()
        self.on_error = on_error
        self.last_error: str | None = None
        self.last_saved: datetime | None = None
        self._lock = threading.RLock()
        # A new game's save is written with its first move: a game left before any move
        # leaves no save behind (see :meth:`start`).
        self._fresh = False
        self._unsubscribe: Callable[[], None] | None = table.subscribe(self._on_event)

    # --- construction helpers ------------------------------------------------------------
    @classmethod
    def start(
        cls,
        table: Table[Any],
        title: str,
        directory: Path | str | None = None,
        *,
        clock: Clock | None = None,
        on_error: Callable[[str], None] | None = None,
    ) -> "Autosaver":
        """Autosave a new game under a fresh name (e.g. ``quadropolis-2026-11-29-1412``).

        The first save is written with the game's first move (or a save-as): a game left
        before anyone moved leaves no save. Should another save take the name meanwhile,
        the first write picks the next free one.
        """
        now = (clock or _utc_now)()
        try:
            path = new_save_path(title, directory, now.astimezone())
        except SaveError as exc:
            if exc.path is None:
                raise
            # The folder cannot even be looked into, so writing the name it could not check
            # fails the same way, and that failure lands in last_error instead of a crash.
            path = exc.path
        saver = cls(table, path, title, directory, created=now, clock=clock, on_error=on_error)
        saver._fresh = True
        saver.save_now()  # writes only if the table already holds moves
        return saver

    @classmethod
    def resume(
        cls,
        loaded: LoadedGame,
        *,
        clock: Clock | None = None,
        on_error: Callable[[str], None] | None = None,
    ) -> "Autosaver":
        """Autosave a resumed game back to its file, keeping its title and creation time.

        Nothing is written until the next action (so merely opening a save changes nothing).
        """
        try:
            created: datetime | None = loaded.header.created_at
        except ValueError:
            created = None
        return cls(
            loaded.table,
            loaded.path,
            loaded.header.title,
            loaded.path.parent,
            created=created,
            clock=clock,
            on_error=on_error,
        )

    # --- properties ------------------------------------------------------------------------
    @property
    def name(self) -> str:
        """The save's name (file stem)."""
        return self.path.name[: -len(SAVE_SUFFIX)] if self.path.name.endswith(SAVE_SUFFIX) else self.path.stem

    @property
    def active(self) -> bool:
        """True while subscribed to the table."""
        return self._unsubscribe is not None

    # --- saving ----------------------------------------------------------------------------
    def _on_event(self, event: TableEvent) -> None:
        """Table listener: save after each action and undo. Never raises."""
        try:
            if event.kind in ("action", "undo"):
                self.save_now()
        except Exception as exc:  # pragma: no cover - save_now already catches everything
            self.last_error = f"Autosave failed: {exc}"

    def save_now(self) -> str | None:
        """Write the save now; returns None on success or the error message (also kept in
        :attr:`last_error`). Never raises. A new game with no move yet is not written."""
        with self._lock:
            if self._fresh and not self.table.log:
                return None  # nothing to keep yet: no save for a game without a move
            try:
                if self._fresh and self.path.exists():
                    self.path = new_save_path(self.title, self.path.parent, self.created.astimezone())
                save_table(self.table, self.path, self.title, created=self.created, now=self._clock())
            except SaveError as exc:
                self._failed(str(exc))
            except Exception as exc:  # anything unexpected must not reach the game
                self._failed(f"Save file '{self.path.name}' could not be written ({str(exc)[:160]})")
            else:
                self._fresh = False
                self.last_error = None
                self.last_saved = self._clock()
            return self.last_error

    def _failed(self, message: str) -> None:
        self.last_error = message
        if self.on_error is not None:
            try:
                self.on_error(message)
            except Exception:
                pass

    def save_as(self, new_name: str) -> Path:
        """Write the game to a new save named after ``new_name`` and keep autosaving there.

        ``new_name`` is any text; it is turned into a slug, made unique in the folder
        (``-2``, ``-3``…) so no other save is overwritten. The previous file is kept as it
        was. Returns the new path; raises :class:`SaveError` (also kept in
        :attr:`last_error`) if the write fails, in which case autosaving continues to the
        previous file.
        """
        with self._lock:
            folder = self.path.parent
            try:
                path = folder / f"{unique_name(slugify(new_name), folder)}{SAVE_SUFFIX}"
                save_table(self.table, path, self.title, created=self.created, now=self._clock())
            except SaveError as exc:
                self._failed(str(exc))
                raise
            self.path = path
            self._fresh = False
            self.last_error = None
            self.last_saved = self._clock()
            return path

    def close(self) -> None:
        """Stop listening to the table (the file stays as last written)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    def __enter__(self) -> "Autosaver":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
