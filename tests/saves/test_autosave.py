"""The autosaver writes after every action and undo, and reports write errors instead of raising."""

from __future__ import annotations

import errno
import threading
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Callable

import pytest

import saves.store as store
from core.table import Table
from saves import Autosaver, SaveError, list_saves, load_table, read_save, save_table

from .conftest import GAME, HOLD, PigGame, make_seats, play_moves


class FakeClock:
    """A clock that moves one minute per call."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 14, 12, tzinfo=timezone.utc)

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


def _log_len(path: Path) -> int:
    return len(read_save(path).log)


def test_start_writes_with_the_first_move_under_a_fresh_name(folder: Path, table: Table[Any]) -> None:
    clock = FakeClock()
    saver = Autosaver.start(table, "Pig", folder, clock=clock)
    assert saver.last_error is None
    assert saver.path.parent == folder
    assert saver.path.name.startswith("pig-2026-11-29-") and saver.path.suffix == ".toml"
    assert not saver.path.exists() and saver.save_now() is None and not saver.path.exists()
    play_moves(table, 1)
    assert _log_len(saver.path) == 1
    again = Autosaver.start(Table.new(GAME, make_seats(), 1, {}), "Pig", folder, clock=FakeClock())
    assert again.path != saver.path  # same minute: gets a -2 name
    play_moves(again.table, 1)
    assert len(list_saves(folder)) == 2


def test_a_game_left_before_any_move_leaves_no_save(folder: Path) -> None:
    table = Table.new(GAME, make_seats(), 3, {})
    saver = Autosaver.start(table, "Pig", folder, clock=FakeClock())
    saver.save_now()  # what leaving the game screen does
    saver.close()
    assert list_saves(folder) == []


def test_a_name_taken_before_the_first_move_is_not_overwritten(folder: Path) -> None:
    """Two new games in the same minute: the one that moves second picks the next name."""
    first = Autosaver.start(Table.new(GAME, make_seats(), 1, {}), "Pig", folder, clock=FakeClock())
    second = Autosaver.start(Table.new(GAME, make_seats(), 2, {}), "Pig", folder, clock=FakeClock())
    assert first.path == second.path  # neither is written yet
    play_moves(second.table, 2)
    play_moves(first.table, 1)
    assert first.path != second.path
    assert sorted(_log_len(p) for p in (first.path, second.path)) == [1, 2]


def test_start_defaults_to_saves_dir(tmp_path: Path, table: Table[Any]) -> None:
    saver = Autosaver.start(table, "Pig")
    assert saver.path.parent == tmp_path / "xdg-data" / "meeple" / "saves"
    play_moves(table, 1)
    assert saver.path.exists()


def test_saves_after_every_action_and_undo(folder: Path) -> None:
    table = Table.new(GAME, make_seats(), 5, {})
    saver = Autosaver(table, "pig-game", "Pig", folder, clock=FakeClock())
    assert not saver.path.exists()  # nothing written until something happens
    for n in range(1, 6):
        play_moves(table, 1)
        assert _log_len(saver.path) == n
        assert read_save(saver.path).snapshot == GAME.encode_state(table.state)
    while True:
        seat = table.to_act()[0]
        if HOLD in table.legal_actions(seat):
            break
        play_moves(table, 1)
    table.submit(seat, HOLD)
    count = len(table.log)
    assert _log_len(saver.path) == count
    table.undo(seat)
    assert _log_len(saver.path) == count - 1
    assert load_table("pig-game", folder).table.log == table.log
    assert saver.last_error is None and saver.last_saved is not None


def test_created_kept_updated_moves(folder: Path) -> None:
    table = Table.new(GAME, make_seats(), 5, {})
    clock = FakeClock()
    saver = Autosaver(table, "t", "Pig", folder, clock=clock)
    play_moves(table, 1)
    first = read_save(saver.path).header
    play_moves(table, 1)
    second = read_save(saver.path).header
    assert first.created == second.created
    assert second.updated_at > first.updated_at


def test_resume_keeps_title_and_created_and_writes_nothing_until_a_move(folder: Path, played: Table[Any]) -> None:
    path = folder / "old.toml"
    created = datetime(2025, 1, 1, tzinfo=timezone.utc)
    save_table(played, path, "Sunday game", created=created, now=created)
    before = path.read_bytes()
    loaded = load_table("old", folder)
    saver = Autosaver.resume(loaded, clock=FakeClock())
    assert path.read_bytes() == before
    assert saver.name == "old" and saver.title == "Sunday game"
    play_moves(loaded.table, 1)
    header = read_save(path).header
    assert header.title == "Sunday game"
    assert header.created_at == created
    assert header.updated_at.year == 2026


def test_game_over_is_saved(folder: Path, table: Table[Any]) -> None:
    saver = Autosaver(table, "end", "Pig", folder)
    play_moves(table, 500)
    assert table.is_over()
    assert read_save(saver.path).header.over is True


def test_save_now_and_save_as(folder: Path, played: Table[Any]) -> None:
    saver = Autosaver(played, "main", "Pig", folder)
    assert saver.save_now() is None
    original = saver.path
    original_bytes = original.read_bytes()
    new_path = saver.save_as("Before the big move!")
    assert new_path == folder / "before-the-big-move.toml"
    assert saver.path == new_path and saver.name == "before-the-big-move"
    assert original.read_bytes() == original_bytes  # the original is kept
    play_moves(played, 2)
    assert original.read_bytes() == original_bytes  # autosave now goes to the copy
    assert _log_len(new_path) == len(played.log)
    # Saving as an existing name never overwrites it.
    assert saver.save_as("main") == folder / "main-2.toml"
    assert original.read_bytes() == original_bytes


def _failing_write(exc: BaseException) -> Callable[..., None]:
    def write(*args: Any, **kwargs: Any) -> None:
        raise exc

    return write


@pytest.mark.parametrize(
    ("exc", "words"),
    [
        (OSError(errno.ENOSPC, "No space left on device"), "No space left on device"),
        (PermissionError(errno.EACCES, "Permission denied"), "Permission denied"),
        (OSError(errno.EROFS, "Read-only file system"), "Read-only file system"),
    ],
)
def test_write_errors_are_reported_not_raised(
    exc: OSError, words: str, folder: Path, played: Table[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    errors: list[str] = []
    saver = Autosaver(played, "g", "Pig", folder, on_error=errors.append)
    saver.save_now()
    good = saver.path.read_bytes()
    with monkeypatch.context() as patch:
        patch.setattr(store, "atomic_write", _failing_write(exc))
        play_moves(played, 2)  # must not raise
        assert saver.last_error is not None
        assert words in saver.last_error and "g.toml" in saver.last_error
        assert errors and errors[-1] == saver.last_error
        assert saver.save_now() == saver.last_error
        with pytest.raises(SaveError, match=words):
            saver.save_as("copy")
        assert saver.path == folder / "g.toml"
    assert saver.path.read_bytes() == good  # old save intact
    play_moves(played, 1)  # the disk is fine again
    assert saver.last_error is None
    assert _log_len(saver.path) == len(played.log)


def test_game_bugs_while_encoding_are_reported(folder: Path, played: Table[Any], monkeypatch: pytest.MonkeyPatch) -> None:
    saver = Autosaver(played, "g", "Pig", folder)

    def broken(self: PigGame, state: Any) -> Any:
        return {"oops": 1.5}

    monkeypatch.setattr(PigGame, "encode_state", broken)
    play_moves(played, 1)
    assert saver.last_error is not None and "decimal number" in saver.last_error

    def crash(self: PigGame, state: Any) -> Any:
        raise KeyError("missing piece")

    monkeypatch.setattr(PigGame, "encode_state", crash)
    play_moves(played, 1)
    assert saver.last_error is not None and "missing piece" in saver.last_error
    assert not saver.path.exists()


def test_missing_folder_is_created(tmp_path: Path, played: Table[Any]) -> None:
    saver = Autosaver(played, "g", "Pig", tmp_path / "a" / "b")
    assert saver.save_now() is None and saver.path.exists()


def test_close_unsubscribes(folder: Path, played: Table[Any]) -> None:
    with Autosaver(played, "g", "Pig", folder) as saver:
        play_moves(played, 1)
        assert saver.active
    assert not saver.active
    length = _log_len(saver.path)
    play_moves(played, 2)
    assert _log_len(saver.path) == length
    saver.close()  # twice is fine


@pytest.mark.parametrize("name", ["../escape", "a/b", "/etc/x", "Bad Name"])
def test_invalid_names_are_refused(name: str, folder: Path, played: Table[Any]) -> None:
    with pytest.raises(SaveError, match="not a valid save name"):
        Autosaver(played, name, "Pig", folder)
    assert played._listeners == []


def test_concurrent_saves_from_a_worker_thread(folder: Path) -> None:
    table = Table.new(GAME, make_seats(), 11, {})
    saver = Autosaver(table, "busy", "Pig", folder)
    worker = threading.Thread(target=play_moves, args=(table, 20))
    worker.start()
    for _ in range(20):
        saver.save_now()
    worker.join()
    saver.save_now()
    assert saver.last_error is None
    assert load_table("busy", folder).table.log == table.log
    assert [p.name for p in folder.iterdir()] == ["busy.toml"]
