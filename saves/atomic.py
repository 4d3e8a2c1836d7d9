"""Crash-safe file writes and size-capped reads.

:func:`atomic_write` writes to a temporary file in the target's folder, flushes and fsyncs
it, then renames it over the target with ``os.replace`` and fsyncs the folder. At every
instant the target holds either the complete old content or the complete new content.

Temporary files are named ``.<target name>.<random>.tmp``: the leading dot and the ``.tmp``
suffix keep them out of save listings even when a killed process leaves one behind
(:func:`is_temp_name`). When the write fails with an exception the temporary file is removed.
While a write runs, its temporary file is locked (``flock``); the kernel drops the lock when
the writer dies, however it dies, so :func:`remove_stale_temps` removes exactly the files
nobody is writing any more, at once, without guessing from their age.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import stat
import tempfile
import time
from pathlib import Path

TEMP_SUFFIX = ".tmp"
STALE_AFTER = 60.0
"""Where files cannot be locked (some network file systems): seconds after which a
temporary file counts as left behind."""
_CHUNK = 1 << 16
# What tempfile.mkstemp puts between our prefix and suffix: 8 of these characters.
_TEMP_RE = re.compile(r"\.(.+)\.[a-z0-9_]{8}" + re.escape(TEMP_SUFFIX), re.DOTALL)


class FileTooLarge(OSError):
    """Raised by :func:`read_capped` when a file is bigger than the allowed size."""


class NotAFile(OSError):
    """Raised by :func:`read_capped` when the path is a folder, a pipe or a device."""


def is_temp_name(name: str) -> bool:
    """True for names of temporary or hidden files, which listings must ignore."""
    return name.startswith(".") or name.endswith(TEMP_SUFFIX)


def temp_target(name: str) -> str | None:
    """The target name if ``name`` is exactly one of :func:`atomic_write`'s temporary files."""
    match = _TEMP_RE.fullmatch(name)
    return match.group(1) if match else None


def remove_stale_temps(
    directory: Path | str, target_suffix: str = "", max_age: float = STALE_AFTER
) -> int:
    """Remove temporary files that killed writes left in ``directory``; returns how many.

    Only regular files named exactly as :func:`atomic_write` names them, for a target
    ending in ``target_suffix``, that no write holds locked, go; nothing else is ever
    touched. Where a file cannot be locked at all, it goes only if last modified over
    ``max_age`` seconds ago. Errors are ignored (the files are tried again next time).
    """
    try:
        with os.scandir(directory) as scan:
            entries = list(scan)
    except (OSError, ValueError):
        return 0
    removed = 0
    for entry in entries:
        target = temp_target(entry.name)
        if target is None or not target.endswith(target_suffix):
            continue
        try:
            if _remove_if_abandoned(entry.path, max_age):
                removed += 1
        except OSError:
            continue
    return removed


def _remove_if_abandoned(path: str, max_age: float) -> bool:
    """Remove the temporary file ``path`` if no write holds it; True if removed."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return False
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False  # a write is under way
        except OSError:  # no locks here: fall back on the file's age
            if info.st_mtime > time.time() - max_age:
                return False
        # Holding the lock, the name must still be this file (not one renamed over it).
        now = os.stat(path, follow_symlinks=False)
        if (now.st_dev, now.st_ino) != (info.st_dev, info.st_ino):
            return False
        os.unlink(path)
        return True
    finally:
        os.close(fd)  # (drops the lock)


def _write_all(fd: int, data: bytes) -> None:
    """Write every byte of ``data`` to ``fd`` in chunks (a separate step tests can break)."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view[:_CHUNK])
        view = view[written:]


def fsync_dir(directory: Path) -> None:
    """Flush a folder's entries to disk where the platform allows it (errors are ignored)."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        fd = os.open(directory, flags)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write(path: Path | str, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically, creating the parent folder if needed.

    Raises ``OSError`` (disk full, permission denied...) and leaves the old file untouched
    and no temporary file behind in that case.
    """
    target = Path(path)
    directory = target.parent
    directory.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = _locked_temp(target)
    try:
        try:
            _write_all(fd, data)
            os.fsync(fd)
            os.replace(tmp_name, target)  # with the lock still held: never tidied away
        finally:
            os.close(fd)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise
    fsync_dir(directory)


def _locked_temp(target: Path) -> tuple[int, str]:
    """A new temporary file beside ``target``, open and locked for the whole write."""
    while True:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=TEMP_SUFFIX, dir=target.parent)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError:
            return fd, tmp_name  # no locks on this file system: the age rule applies
        if os.fstat(fd).st_nlink:
            return fd, tmp_name
        # A tidy-up took it for left behind between its creation and our lock: again.
        os.close(fd)


def read_capped(path: Path | str, max_bytes: int) -> bytes:
    """Read a regular file of at most ``max_bytes`` bytes.

    Raises :class:`NotAFile` for folders, pipes and devices (never blocks on a pipe),
    :class:`FileTooLarge` when the file is too big, and ``OSError`` for other failures.
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotAFile(f"{path} is not a regular file")
        if info.st_size > max_bytes:
            raise FileTooLarge(f"{path} is larger than {max_bytes} bytes")
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(_CHUNK, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > max_bytes:
                raise FileTooLarge(f"{path} is larger than {max_bytes} bytes")
        return b"".join(chunks)
    finally:
        os.close(fd)
