"""OS errors while finding, listing, reading or deleting saves never escape as tracebacks.

Each becomes a :class:`SaveError` with a one-line reason naming the file. We run as root,
so permission errors are simulated by making the OS calls raise.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import pytest

import saves.resume as resume
from core.table import Table
from saves import (
    Autosaver,
    SaveError,
    delete_save,
    list_saves,
    load_table,
    new_save_path,
    read_save,
    resolve_save,
    save_table,
    unique_name,
)

from .conftest import GAME, make_seats, play_moves

LONG = "x" * 300  # longer than any file name the system allows


def _one_line(exc: SaveError, file_name: str) -> str:
    text = str(exc)
    assert "\n" not in text
    assert text.startswith(f"Save file '{file_name}': ")
    return text


def _deny(monkeypatch: pytest.MonkeyPatch, target: Any, name: str, when: Any = None) -> None:
    """Make ``target.name`` raise PermissionError (for calls where ``when(args)`` holds)."""
    real = getattr(target, name)

    def denied(*args: Any, **kwargs: Any) -> Any:
        if when is None or when(*args):
            raise PermissionError(errno.EACCES, "Permission denied")
        return real(*args, **kwargs)

    monkeypatch.setattr(target, name, denied)


@pytest.fixture
def saved(folder: Path) -> Path:
    table = Table.new(GAME, make_seats(), 5, {})
    play_moves(table, 4)
    path = folder / "pig-game.toml"
    save_table(table, path, "Pig")
    return path


def test_resume_a_real_name_too_long(folder: Path) -> None:
    with pytest.raises(SaveError) as info:
        resolve_save(f"{LONG}.toml")
    assert "too long" in _one_line(info.value, f"{LONG}.toml")
    with pytest.raises(SaveError) as info:
        load_table(folder / f"{LONG}.toml")
    assert "too long" in _one_line(info.value, f"{LONG}.toml")
    with pytest.raises(SaveError, match="not a valid save name"):
        resolve_save(LONG, folder)
    with pytest.raises(SaveError) as info:
        read_save(folder / f"{LONG}.toml")
    assert "too long" in _one_line(info.value, f"{LONG}.toml")


def test_resume_a_path_in_a_folder_that_may_not_be_read(saved: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _deny(monkeypatch, Path, "stat", lambda path, *_: path.name == saved.name)
    with pytest.raises(SaveError) as info:
        resolve_save(str(saved))
    assert _one_line(info.value, saved.name).endswith("permission to look at the file was denied.")
    with pytest.raises(SaveError, match="permission"):
        resolve_save("pig-game", saved.parent)
    with pytest.raises(SaveError, match="permission"):
        load_table(saved)


def test_resume_by_listed_name_in_a_folder_that_may_not_be_listed(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _deny(monkeypatch, os, "scandir")
    with pytest.raises(SaveError) as info:
        resolve_save("My Game", folder)
    assert "permission to read the saves folder was denied" in _one_line(info.value, "My Game.toml")


def test_read_errors_of_every_kind(saved: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(SaveError) as info:
        read_save(saved.parent / "nul\x00byte.toml")
    assert "file name is not valid" in str(info.value)

    def too_long(*args: Any, **kwargs: Any) -> Any:
        raise OSError(errno.ENAMETOOLONG, "File name too long")

    monkeypatch.setattr(os, "open", too_long)
    with pytest.raises(SaveError) as info:
        read_save(saved)
    assert "file name is too long" in _one_line(info.value, saved.name)


def test_os_errors_inside_loading_become_save_errors(saved: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken_disk(path: Any) -> Any:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(resume, "read_save", broken_disk)
    with pytest.raises(SaveError) as info:
        load_table(saved)
    assert "Input/output error" in _one_line(info.value, saved.name)
    [listing] = list_saves(saved.parent)
    assert listing.header is None and "Input/output error" in (listing.error or "")


def test_listing_a_folder_that_may_not_be_read_is_empty(saved: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _deny(monkeypatch, os, "scandir")
    assert list_saves(saved.parent) == []


def test_listing_a_file_that_may_not_be_read(saved: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _deny(monkeypatch, os, "open")
    [listing] = list_saves(saved.parent)
    assert listing.error == "permission to read the file was denied"


def test_delete_errors(saved: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(SaveError, match="file name is not valid"):
        delete_save(saved.parent / "nul\x00byte.toml", saved.parent)
    _deny(monkeypatch, Path, "unlink")
    with pytest.raises(SaveError) as info:
        delete_save("pig-game", saved.parent)
    assert _one_line(info.value, saved.name).endswith("permission to delete the file was denied.")
    assert saved.exists()


def test_new_names_in_a_folder_that_may_not_be_looked_into(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    too_deep = folder / LONG
    with pytest.raises(SaveError) as info:
        unique_name("pig", too_deep)
    assert "too long" in _one_line(info.value, "pig.toml")
    with pytest.raises(SaveError, match="too long"):
        new_save_path("Pig", too_deep)
    _deny(monkeypatch, Path, "exists")
    with pytest.raises(SaveError) as info:
        unique_name("pig", folder)
    assert _one_line(info.value, "pig.toml").endswith("permission to look into the saves folder was denied.")
    with pytest.raises(SaveError, match="permission"):
        new_save_path("Pig", folder)


def test_autosaver_reports_a_folder_it_cannot_use(folder: Path, table: Table[Any]) -> None:
    saver = Autosaver.start(table, "Pig", folder / LONG)
    seat = table.to_act()[0]
    table.submit(seat, table.legal_actions(seat)[0])  # the first write comes with a move
    assert saver.last_error is not None and "too long" in saver.last_error
    saver.close()


def test_save_as_reports_a_folder_it_cannot_look_into(
    folder: Path, table: Table[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    saver = Autosaver.start(table, "Pig", folder)
    assert saver.last_error is None
    first = saver.path
    _deny(monkeypatch, Path, "exists")
    with pytest.raises(SaveError, match="permission"):
        saver.save_as("Copy")
    assert saver.last_error is not None and "permission" in saver.last_error
    assert saver.path == first
    saver.close()


def test_folder_problem_tells_unreadable_from_missing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from saves import folder_problem

    assert folder_problem(tmp_path / "not-yet") is None
    assert folder_problem(tmp_path) is None

    def denied(path: object = ".") -> object:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "scandir", denied)
    problem = folder_problem(tmp_path)
    assert problem is not None and str(tmp_path) in problem and "permission" in problem
