"""Listing saves with good and bad files mixed, and deleting on request."""

from __future__ import annotations

import errno
import fcntl
import os
import subprocess
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from core.table import Table
from saves import SaveError, delete_save, list_saves, load_table, resolve_save, save_table, saves_dir

from .conftest import GAME, make_seats, play_moves

ROOT = Path(__file__).resolve().parents[2]

T0 = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)


def _save(folder: Path, name: str, minutes: int, moves: int = 3) -> Path:
    table = Table.new(GAME, make_seats(), minutes, {})
    play_moves(table, moves)
    path = folder / f"{name}.toml"
    save_table(table, path, name.title(), created=T0, now=T0 + timedelta(minutes=minutes))
    return path


def test_mixed_listing_newest_first(folder: Path) -> None:
    _save(folder, "older", 1)
    _save(folder, "newest", 30)
    _save(folder, "middle", 10)
    (folder / "empty.toml").write_bytes(b"")
    (folder / "garbage.toml").write_bytes(b"\x00\xff" * 10)
    (folder / "future.toml").write_text(
        (folder / "older.toml").read_text().replace("format_version = 1", "format_version = 7")
    )
    bad_time = (T0 + timedelta(minutes=20)).timestamp()
    for name in ("empty", "garbage", "future"):
        os.utime(folder / f"{name}.toml", (bad_time, bad_time))
    # Things that are not saves at all.
    (folder / ".pig.toml.abc123.tmp").write_text("half a save")
    (folder / ".hidden.toml").write_text("x")
    (folder / "notes.txt").write_text("x")
    (folder / "subdir.toml").mkdir()

    listing = list_saves(folder)
    names = [item.name for item in listing]
    assert names == ["newest", "empty", "future", "garbage", "middle", "older"]
    good = {item.name: item for item in listing if item.error is None}
    bad = {item.name: item for item in listing if item.error is not None}
    assert set(good) == {"newest", "middle", "older"}
    assert all(item.header is not None and item.header.game_id == "pig" for item in good.values())
    assert good["newest"].path == folder / "newest.toml"
    assert good["middle"].header is not None and good["middle"].header.title == "Middle"
    assert bad["empty"].error == "the file is empty"
    assert "not text" in (bad["garbage"].error or "")
    assert "newer version of Meeple" in (bad["future"].error or "")
    assert all(item.header is None for item in bad.values())


def test_listing_never_touches_files(folder: Path) -> None:
    _save(folder, "good", 1)
    (folder / "bad.toml").write_text("[header\n")
    before = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.iterdir()}
    list_saves(folder)
    list_saves(folder)
    after = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.iterdir()}
    assert before == after


def test_listing_missing_folder_is_empty(tmp_path: Path) -> None:
    assert list_saves(tmp_path / "nowhere") == []
    assert list_saves() == []  # default folder does not exist yet


def test_listing_default_folder() -> None:
    saves_dir().mkdir(parents=True)
    _save(saves_dir(), "here", 1)
    assert [item.name for item in list_saves()] == ["here"]


def test_listing_survives_unexpected_errors(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _save(folder, "one", 1)
    _save(folder, "two", 2)
    import saves.resume as resume

    real = resume.read_save

    def flaky(path: Any) -> Any:
        if Path(path).name == "one.toml":
            raise RuntimeError("cosmic ray")
        return real(path)

    monkeypatch.setattr(resume, "read_save", flaky)
    listing = {item.name: item for item in list_saves(folder)}
    assert listing["two"].error is None
    assert "cosmic ray" in (listing["one"].error or "")


def test_delete_save_by_name_and_listing_path(folder: Path) -> None:
    _save(folder, "a", 1)
    _save(folder, "b", 2)
    (folder / "Odd Name.toml").write_text("x")
    assert delete_save("a", folder) == folder / "a.toml"
    assert not (folder / "a.toml").exists()
    odd = next(item for item in list_saves(folder) if item.name == "Odd Name")
    delete_save(odd.path, folder)
    assert [item.name for item in list_saves(folder)] == ["b"]
    with pytest.raises(SaveError, match="no such save"):
        delete_save("a", folder)


@pytest.mark.parametrize("name", ["../b", "/etc/passwd", "a/b", "", ".."])
def test_delete_save_rejects_bad_names(name: str, folder: Path) -> None:
    with pytest.raises(SaveError, match="not a valid save name"):
        delete_save(name, folder)


def test_delete_save_rejects_paths_outside(folder: Path, tmp_path: Path) -> None:
    outside = tmp_path / "precious.toml"
    outside.write_text("keep me")
    with pytest.raises(SaveError, match="only save files in the saves folder"):
        delete_save(outside, folder)
    with pytest.raises(SaveError):
        delete_save(folder / ".." / "precious.toml", folder)
    notes = folder / "notes.txt"
    notes.write_text("keep")
    with pytest.raises(SaveError):
        delete_save(notes, folder)
    assert outside.read_text() == "keep me" and notes.exists()


# --- listing says what opening would ------------------------------------------------------


def _rewrite(path: Path, change: Any) -> None:
    import tomllib

    import tomli_w

    doc = tomllib.loads(path.read_text("utf-8"))
    change(doc)
    path.write_text(tomli_w.dumps(doc), "utf-8")


def _ruin_log_and_snapshot(doc: dict[str, Any]) -> None:
    doc["snapshot"]["hash"] = "1" * 64
    doc["log"]["moves"][0]["action"] = {"kind": "teleport"}


def test_a_save_that_cannot_be_opened_is_listed_with_the_error(folder: Path) -> None:
    path = _save(folder, "ruined", 1)
    _rewrite(path, _ruin_log_and_snapshot)
    [listing] = list_saves(folder)
    assert listing.header is None
    with pytest.raises(SaveError) as info:
        load_table(path)
    assert listing.error == info.value.problem
    assert "cannot be resumed" in (listing.error or "")


def test_a_save_that_opens_with_a_warning_is_listed_with_it(folder: Path) -> None:
    path = _save(folder, "dented", 1)
    _rewrite(path, lambda doc: doc["snapshot"].update(hash="0" * 64))
    [listing] = list_saves(folder)
    assert listing.error is None and listing.header is not None
    assert listing.warning is not None and listing.warning == load_table(path).warning
    _save(folder, "fine", 2)
    assert [item.warning for item in list_saves(folder) if item.name == "fine"] == [None]


def _count_opens(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    import saves.resume as resume

    opened: list[Path] = []
    real = resume.open_save

    def counting(path: Any) -> Any:
        opened.append(Path(path))
        return real(path)

    monkeypatch.setattr(resume, "open_save", counting)
    return opened


def test_verdicts_are_remembered_until_the_file_changes(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    good = _save(folder, "good", 1)
    ruined = _save(folder, "ruined", 2)
    _rewrite(ruined, _ruin_log_and_snapshot)
    opened = _count_opens(monkeypatch)
    first = list_saves(folder)
    assert sorted(p.name for p in opened) == ["good.toml", "ruined.toml"]
    assert list_saves(folder) == first
    assert len(opened) == 2  # nothing replayed again

    _save(folder, "ruined", 2)  # repaired: a new version of the file
    later = {item.name: item for item in list_saves(folder)}
    assert [p.name for p in opened[2:]] == ["ruined.toml"]
    assert later["ruined"].error is None and later["ruined"].header is not None
    assert later["good"] == first[[i.name for i in first].index("good")]

    stat = good.stat()
    os.utime(good, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))  # touched
    list_saves(folder)
    assert [p.name for p in opened[3:]] == ["good.toml"]


def test_the_verdict_cache_is_bounded(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import saves.store as store

    monkeypatch.setattr(store, "_VERDICT_CACHE_SIZE", 2)
    for i in range(4):
        _save(folder, f"save-{i}", i + 1)
    assert len(list_saves(folder)) == 4
    assert len(store._verdicts) <= 2


def test_verdicts_are_remembered_across_runs(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A new process (the in-memory cache emptied) lists from the verdict file, no replay."""
    import saves.reading as reading
    import saves.store as store
    from saves.verdicts import cache_path

    good = _save(folder, "good", 1)
    ruined = _save(folder, "ruined", 2)
    _rewrite(ruined, _ruin_log_and_snapshot)
    dented = _save(folder, "dented", 3)
    _rewrite(dented, lambda doc: doc["snapshot"].update(hash="0" * 64))
    opened = _count_opens(monkeypatch)
    first = list_saves(folder)
    assert len(opened) == 3 and cache_path().exists()

    store._verdicts.clear()
    with monkeypatch.context() as patch:
        patch.setattr(reading, "_load_document", lambda path: pytest.fail(f"{path} was read"))
        again = list_saves(folder)
    assert len(opened) == 3, "remembered verdicts need no replay, nor even a read"
    assert again == first  # same headers, errors and warnings

    store._verdicts.clear()
    monkeypatch.setattr(store, "app_version", lambda: "9.9.9")  # a new Meeple: rules may differ
    list_saves(folder)
    assert len(opened) == 6

    store._verdicts.clear()
    _save(folder, "good", 1)  # a new version of one file
    list_saves(folder)
    assert [p.name for p in opened[6:]] == ["good.toml"]
    assert good.exists()


def test_a_damaged_verdict_file_is_ignored(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import saves.store as store
    from saves.verdicts import cache_path

    _save(folder, "good", 1)
    cache_path().parent.mkdir(parents=True, exist_ok=True)
    for junk in (b"\xff\x00", b"[1, 2]", b'{"entries": {"x": 3}}', b'{"entries": []}'):
        cache_path().write_bytes(junk)
        store._verdicts.clear()
        [listing] = list_saves(folder)
        assert listing.error is None and listing.header is not None


def test_a_remembered_header_is_checked_like_one_read_from_the_file(folder: Path) -> None:
    import json

    import saves.reading as reading
    import saves.store as store
    from saves.verdicts import cache_path

    good = _save(folder, "good", 1)
    list_saves(folder)
    data = json.loads(cache_path().read_text())
    data["entries"][str(good)]["header"]["players"][0]["name"] = "bad/name"
    cache_path().write_text(json.dumps(data))
    store._verdicts.clear()
    [listing] = list_saves(folder)
    assert listing.header is not None and listing.header.players[0].name != "bad/name"


def test_a_forged_verdict_entry_is_not_trusted_for_a_changed_file(folder: Path) -> None:
    """An entry only counts for the exact file version it was made for."""
    import json

    import saves.store as store
    from saves.verdicts import cache_path

    ruined = _save(folder, "ruined", 1)
    _rewrite(ruined, _ruin_log_and_snapshot)
    list_saves(folder)
    data = json.loads(cache_path().read_text())
    entry = data["entries"][str(ruined)]
    entry["key"][1] += 1  # another size: a different version of the file
    entry["error"] = None
    cache_path().write_text(json.dumps(data))
    store._verdicts.clear()
    [listing] = list_saves(folder)
    assert listing.header is None and "cannot be resumed" in (listing.error or "")


# --- names that listing shows can be resumed ------------------------------------------------


def test_a_listed_name_that_is_not_a_slug_resolves(folder: Path) -> None:
    path = _save(folder, "My Game", 1)
    [listing] = list_saves(folder)
    assert listing.name == "My Game" and listing.error is None
    assert resolve_save("My Game", folder) == path
    assert resolve_save(listing.name, folder) == listing.path
    assert load_table("My Game", folder).warning is None


@pytest.mark.parametrize(
    "name", ["My game", "my game", "My Game ", "../My Game", "x/../My Game", ".hidden", "Sub Dir", "My Game\x00"]
)
def test_other_names_stay_refused(name: str, folder: Path, tmp_path: Path) -> None:
    _save(folder, "My Game", 1)
    _save(folder, ".hidden", 2)
    (folder / "Sub Dir.toml").mkdir()
    (folder / "x").mkdir()
    with pytest.raises(SaveError, match="not a valid save name"):
        resolve_save(name, folder)


def test_a_name_never_reaches_outside_the_folder(folder: Path, tmp_path: Path) -> None:
    _save(tmp_path, "Outside", 1)
    with pytest.raises(SaveError, match="not a valid save name"):
        resolve_save("../Outside", folder)
    with pytest.raises(SaveError, match="not a valid save name"):
        resolve_save(str(tmp_path / "Outside"), folder)


# --- temporary files left by killed writes --------------------------------------------------


def _age(path: Path, seconds: float) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then), follow_symlinks=False)


def _leftover_of_a_killed_write(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A real temporary file of atomic_write, left as a killed process leaves it."""
    from saves.atomic import atomic_write

    def killed(*args: Any) -> None:
        raise KeyboardInterrupt

    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", killed)
        patch.setattr(os, "unlink", lambda *args: None)  # the process died: no clean-up
        with pytest.raises(KeyboardInterrupt):
            atomic_write(folder / "game.toml", b"half a save")
    [leftover] = [p for p in folder.iterdir() if p.name.startswith(".game.toml.")]
    return leftover


def test_stale_temporary_files_are_removed_when_listing(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _save(folder, "kept", 1)
    fresh = _leftover_of_a_killed_write(folder, monkeypatch)
    old = folder / ".kept.toml.ab_cd123.tmp"
    old.write_text("half a save")
    _age(old, 120)
    strangers = {
        ".kept.toml.abc123.tmp": "file",  # not our random part
        ".kept.toml.abcdefgh.tmp.bak": "file",
        "kept.toml.abcdefgh.tmp": "file",  # no leading dot
        ".settings.json.abcdefgh.tmp": "file",  # not a save's
        ".notes.toml.zzzzzzzz.tmp": "dir",
        ".link.toml.yyyyyyyy.tmp": "link",
    }
    for name, kind in strangers.items():
        path = folder / name
        if kind == "dir":
            path.mkdir()
        elif kind == "link":
            path.symlink_to(folder / "kept.toml")
        else:
            path.write_text("not ours")
        _age(path, 3600)

    assert [item.name for item in list_saves(folder)] == ["kept"]
    assert not fresh.exists()  # nobody holds it: gone at once, however young
    assert not old.exists()
    assert all((folder / name).exists() or (folder / name).is_symlink() for name in strangers)
    assert (folder / "kept.toml").exists()


def test_a_temporary_file_being_written_is_never_removed(folder: Path) -> None:
    """A write holds its temporary file locked: a listing (here or in another process) leaves
    it however old it looks, and removes it once the lock is gone."""
    busy = folder / ".game.toml.busy1234.tmp"
    busy.write_text("half a save")
    _age(busy, 3600)
    fd = os.open(busy, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        list_saves(folder)
        assert busy.exists()
    finally:
        os.close(fd)
    list_saves(folder)
    assert not busy.exists()


def test_a_write_killed_by_sigkill_leaves_nothing_after_the_next_listing(folder: Path) -> None:
    """The issue's case: a process killed in the middle of writing a save."""
    script = (
        "import sys, time, saves.atomic as a\n"
        "def slow(fd, data):\n"
        "    import os; os.write(fd, data[:10]); print('writing', flush=True); time.sleep(60)\n"
        "a._write_all = slow\n"
        f"a.atomic_write({str(folder / 'game.toml')!r}, b'x' * 100)\n"
    )
    child = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "writing"
        [temp] = [p for p in folder.iterdir() if p.name.startswith(".game.toml.")]
        list_saves(folder)
        assert temp.exists()  # the write is alive
    finally:
        child.kill()
        child.wait()
    list_saves(folder)
    assert not temp.exists()
    assert list(folder.iterdir()) == []


def test_a_temporary_file_tidied_before_its_lock_is_made_again(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Between mkstemp and the lock a tidy-up may remove the new file: the write makes another."""
    import tempfile

    from saves.atomic import atomic_write

    real = tempfile.mkstemp
    made: list[str] = []

    def tidied_at_once(*args: Any, **kwargs: Any) -> tuple[int, str]:
        fd, name = real(*args, **kwargs)
        made.append(name)
        if len(made) == 1:
            os.unlink(name)
        return fd, name

    monkeypatch.setattr(tempfile, "mkstemp", tidied_at_once)
    atomic_write(folder / "game.toml", b"a whole save")
    assert len(made) == 2
    assert (folder / "game.toml").read_bytes() == b"a whole save"
    assert [p.name for p in folder.iterdir()] == ["game.toml"]


def test_without_file_locks_only_old_temporary_files_go(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_locks(*args: Any) -> None:
        raise OSError(errno.ENOLCK, "No locks available")

    young = folder / ".a.toml.young123.tmp"
    old = folder / ".b.toml.old12345.tmp"
    for path in (young, old):
        path.write_text("half a save")
    _age(old, 61)
    monkeypatch.setattr(fcntl, "flock", no_locks)
    list_saves(folder)
    assert young.exists() and not old.exists()


def test_errors_removing_temporary_files_are_ignored(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _save(folder, "kept", 1)
    old = folder / ".kept.toml.abcdefgh.tmp"
    old.write_text("half a save")
    _age(old, 120)

    def denied(*args: Any) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "unlink", denied)
    assert [item.name for item in list_saves(folder)] == ["kept"]
    assert old.exists()

