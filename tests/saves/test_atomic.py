"""Atomic writes: a crash at any point leaves the old file whole and no visible temp file."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

import saves.atomic as atomic
from core.table import Table
from saves import list_saves, read_save, save_table
from saves.atomic import atomic_write, read_capped

from .conftest import play_moves


def _visible(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_atomic_write_creates_folder_and_replaces(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "er" / "file.toml"
    atomic_write(target, b"one")
    assert target.read_bytes() == b"one"
    atomic_write(target, b"two" * 100_000)
    assert target.read_bytes() == b"two" * 100_000
    assert _visible(target.parent) == ["file.toml"]


class Boom(RuntimeError):
    """The simulated crash."""


@pytest.mark.parametrize("where", ["replace", "write", "fsync", "midway"])
def test_crash_keeps_old_file(where: str, folder: Path, played: Table[Any], monkeypatch: pytest.MonkeyPatch) -> None:
    path = folder / "game.toml"
    save_table(played, path, "Pig")
    before = path.read_bytes()
    play_moves(played, 3)

    def boom(*args: Any, **kwargs: Any) -> Any:
        raise Boom(where)

    with monkeypatch.context() as patch:
        if where == "replace":
            patch.setattr("saves.atomic.os.replace", boom)
        elif where == "fsync":
            patch.setattr("saves.atomic.os.fsync", boom)
        elif where == "write":
            patch.setattr(atomic, "_write_all", boom)
        else:
            real_write = os.write

            def half_then_boom(fd: int, data: Any) -> int:
                real_write(fd, bytes(data[: len(data) // 2]))
                raise Boom("disk vanished")

            patch.setattr("saves.atomic.os.write", half_then_boom)
        with pytest.raises(Boom):
            save_table(played, path, "Pig changed")
    assert path.read_bytes() == before
    assert _visible(folder) == ["game.toml"]
    assert read_save(path).header.title == "Pig"


def test_os_error_while_saving_becomes_save_error(folder: Path, played: Table[Any], monkeypatch: pytest.MonkeyPatch) -> None:
    from saves import SaveError

    path = folder / "game.toml"
    save_table(played, path, "Pig")
    before = path.read_bytes()

    def full(*args: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic, "_write_all", full)
    play_moves(played, 1)
    with pytest.raises(SaveError, match=r"game\.toml.*No space left on device"):
        save_table(played, path, "Pig")
    assert path.read_bytes() == before
    assert _visible(folder) == ["game.toml"]


def test_killed_process_leaves_old_file_and_hidden_temp(folder: Path) -> None:
    """A real SIGKILL between writing the temp file and renaming it."""
    path = folder / "game.toml"
    atomic_write(path, b"old = 1\n")
    script = textwrap.dedent(
        f"""
        import os, signal, sys
        sys.path.insert(0, {str(Path(__file__).parents[2])!r})
        import saves.atomic as atomic
        def die(*args):
            os.kill(os.getpid(), signal.SIGKILL)
        atomic.os.replace = die
        atomic.atomic_write({str(path)!r}, b"new = 2\\n")
        """
    )
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=30)
    assert proc.returncode == -signal.SIGKILL
    assert path.read_bytes() == b"old = 1\n"
    leftovers = [name for name in _visible(folder) if name != "game.toml"]
    assert len(leftovers) == 1
    assert leftovers[0].startswith(".game.toml.") and leftovers[0].endswith(".tmp")
    assert [listing.name for listing in list_saves(folder)] == ["game"]


def test_read_capped_limits(tmp_path: Path) -> None:
    small = tmp_path / "small"
    small.write_bytes(b"12345")
    assert read_capped(small, 5) == b"12345"
    with pytest.raises(atomic.FileTooLarge):
        read_capped(small, 4)
    with pytest.raises(atomic.NotAFile):
        read_capped(tmp_path, 10)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(atomic.NotAFile):
        read_capped(fifo, 10)  # must not block waiting for a writer
