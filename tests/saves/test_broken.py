"""Every kind of broken or hostile save gives a SaveError naming the file and the problem."""

from __future__ import annotations

import copy
import os
import tomllib
from pathlib import Path
from typing import Any, Callable

import pytest
import tomli_w

from core.table import Table
from saves import SaveError, list_saves, load_table, read_save, save_table

from .conftest import GAME, make_seats, play_moves

Maker = Callable[[bytes], bytes]


@pytest.fixture(scope="module")
def good_bytes(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """A valid save file's bytes (3 Pig players, some moves)."""
    from core import registry

    registry._MODULES["pig"] = "tests.saves.conftest"
    registry.get_game.cache_clear()
    try:
        table = Table.new(GAME, make_seats(("Ada", "Brook", "Cyd")), 99, {"target": 30})
        play_moves(table, 10)
        path = tmp_path_factory.mktemp("good") / "good.toml"
        save_table(table, path, "Pig")
        return path.read_bytes()
    finally:
        registry._MODULES.pop("pig", None)
        registry.get_game.cache_clear()


def edit(change: Callable[[dict[str, Any]], None]) -> Maker:
    """A maker that parses the good file, applies ``change`` and dumps it again."""

    def make(good: bytes) -> bytes:
        doc = tomllib.loads(good.decode())
        change(doc)
        return tomli_w.dumps(doc).encode()

    return make


def text_edit(old: str, new: str) -> Maker:
    """A maker replacing text in the good file (for things tomli_w cannot write)."""

    def make(good: bytes) -> bytes:
        text = good.decode()
        assert old in text, old
        return text.replace(old, new, 1).encode()

    return make


def setter(*keys: str, value: Any) -> Maker:
    def change(doc: dict[str, Any]) -> None:
        target = doc
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = value

    return edit(change)


def deleter(*keys: str) -> Maker:
    def change(doc: dict[str, Any]) -> None:
        target = doc
        for key in keys[:-1]:
            target = target[key]
        del target[keys[-1]]

    return edit(change)


def nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def append_player(doc: dict[str, Any]) -> None:
    doc["header"]["players"] += [{"name": f"P{i}", "controller": "human", "level": ""} for i in range(2)]


CASES: list[tuple[str, Maker, str]] = [
    # --- not TOML at all
    ("empty", lambda good: b"", "empty"),
    ("whitespace", lambda good: b"  \n\n\t\n", "empty"),
    ("truncated-10pc", lambda good: good[: len(good) // 10], ""),
    ("truncated-half", lambda good: good[: len(good) // 2], ""),
    ("truncated-mid-string", lambda good: good[: good.index(b'game_id = "p') + 12], "not valid TOML"),
    ("truncated-before-snapshot", lambda good: good[: good.index(b"[snapshot]")], "[snapshot] section is missing"),
    ("garbled", lambda good: good.replace(b"=", b"~", 3), "not valid TOML"),
    ("garbled-brackets", lambda good: good.replace(b"[header]", b"[header", 1), "not valid TOML"),
    ("binary", lambda good: bytes(range(256)) * 40, "not text"),
    ("png", lambda good: b"\x89PNG\r\n\x1a\n" + os.urandom(64), "not text"),
    ("nul-bytes", lambda good: good[:50] + b"\x00\x00" + good[50:], "binary data"),
    ("utf16", lambda good: good.decode().encode("utf-16"), "not text"),
    ("other-toml", lambda good: b'title = "my config"\n[server]\nport = 8080\n', "no [header] section"),
    ("array-header", lambda good: b"header = [1, 2]\n", "should be a table"),
    # --- hostile values
    ("path-game-id", setter("header", "game_id", value="../../etc/passwd"), "not a valid game id"),
    ("module-game-id", setter("header", "game_id", value="os.path"), "not a valid game id"),
    ("path-player-name", edit(lambda d: d["header"]["players"][0].update(name="../../etc/passwd")), "slash"),
    ("abs-path-player-name", edit(lambda d: d["header"]["players"][1].update(name="/etc/shadow")), "slash"),
    ("escape-player-name", edit(lambda d: d["header"]["players"][0].update(name="\x1b[2J\x1b[H")), "control"),
    ("long-player-name", edit(lambda d: d["header"]["players"][0].update(name="x" * 5000)), "longer than"),
    ("escape-title", setter("header", "title", value="Pig\x1b]0;pwned\x07"), "control"),
    ("huge-title", setter("header", "title", value="t" * 100_000), "longer than"),
    ("huge-seed", text_edit("seed = 99", "seed = " + "9" * 30), "out of range"),
    ("huge-seed-digits", text_edit("seed = 99", "seed = " + "9" * 5000), "number far too large"),
    ("huge-int-in-state", setter("snapshot", "state", "target", value=2**70), "too large"),
    ("huge-seat", edit(lambda d: d["log"]["moves"][0].update(seat=2**62)), "out of range"),
    ("negative-seat", edit(lambda d: d["log"]["moves"][0].update(seat=-1)), "out of range"),
    ("deep-nesting-state", setter("snapshot", "state", "deep", value=nested(60)), "nested more than"),
    ("deep-nesting-parser", text_edit("over = false", "over = " + "[" * 5000 + "]" * 5000), "too deeply"),
    ("deep-dotted-keys", text_edit("[snapshot.state]\n", "[snapshot.state]\n" + "x." * 3000 + "y = 1\n"), "dotted parts"),
    ("dotted-keys-9", text_edit("over = false", "over = false\na.b.c.d.e.f.g.h.i = 1"), "dotted parts"),
    ("deep-table-name", lambda good: good + b"[" + b"a." * 60 + b"b]\nx = 1\n", "nested too deeply"),
    ("deep-table-nesting", lambda good: good + b"[snapshot.state" + b".a" * 50 + b"]\nx = 1\n", "nested more than"),
    ("deep-nesting-action", edit(lambda d: d["log"]["moves"][0]["action"].update(x=nested(100))), "nested more than"),
    ("many-players", edit(append_player), "takes 2–4"),
    ("too-many-players", setter("header", "players", value=[{"name": "A", "controller": "human"}] * 1000), "1000 players"),
    # --- wrong types
    ("seed-text", setter("header", "seed", value="abc"), "seed"),
    ("seed-float", setter("header", "seed", value=1.5), "seed"),
    ("version-text", setter("header", "format_version", value="1"), "format_version should be a whole number"),
    ("version-zero", setter("header", "format_version", value=0), "format_version is out of range"),
    ("players-text", setter("header", "players", value="Ada, Brook"), "players should be a list"),
    ("no-players", setter("header", "players", value=[]), "0 players"),
    ("player-not-table", setter("header", "players", value=["Ada", "Brook"]), "should be a table"),
    ("over-text", setter("header", "over", value="yes"), "over should be true or false"),
    ("created-datetime", text_edit('created = "', 'created = 1979-05-27T07:32:00Z\nx = "'), "created should be text"),
    ("created-nonsense", setter("header", "created", value="last tuesday"), "not a valid date"),
    ("log-not-table", setter("log", value=[1, 2]), "should be a table"),
    ("moves-not-list", setter("log", "moves", value={"a": 1}), "log.moves should be a list"),
    ("action-number", edit(lambda d: d["log"]["moves"][0].update(action=5)), "should be a table"),
    ("state-list", setter("snapshot", "state", value=[1, 2]), "should be a table"),
    ("float-in-state", setter("snapshot", "state", "turn_total", value=1.5), "decimal number"),
    ("datetime-in-state", text_edit("[snapshot.state]\n", "[snapshot.state]\nwhen = 1979-05-27\n"), "date/time"),
    ("hash-garbage", setter("snapshot", "hash", value="not-a-hash"), "SHA-256"),
    ("options-list", setter("header", "options", value=[1, 2]), "options should be a table"),
    ("option-float", setter("header", "options", "target", value=3.5), "options.target"),
    ("bad-controller", edit(lambda d: d["header"]["players"][0].update(controller="alien")), "controller"),
    ("bad-level", edit(lambda d: d["header"]["players"][0].update(controller="bot", level="godlike")), "level"),
    # --- unknown game, future versions, missing keys
    ("unknown-game", setter("header", "game_id", value="chess"), "'chess', which this version of Meeple does not have"),
    ("future-version", setter("header", "format_version", value=2), "newer version of Meeple"),
    ("far-future-version", setter("header", "format_version", value=2**62), "newer version of Meeple"),
    ("missing-header", deleter("header"), "no [header] section"),
    ("missing-log", deleter("log"), "[log] section is missing"),
    ("missing-snapshot", deleter("snapshot"), "[snapshot] section is missing"),
    ("missing-version", deleter("header", "format_version"), "'format_version' is missing"),
    ("missing-game", deleter("header", "game_id"), "'game_id' is missing"),
    ("missing-seed", deleter("header", "seed"), "'seed' is missing"),
    ("missing-players", deleter("header", "players"), "'players' is missing"),
    ("missing-created", deleter("header", "created"), "'created' is missing"),
    ("missing-title", deleter("header", "title"), "'title' is missing"),
    ("missing-moves", deleter("log", "moves"), "'moves' is missing"),
    ("missing-hash", deleter("snapshot", "hash"), "'hash' is missing"),
    ("missing-state", deleter("snapshot", "state"), "'state' is missing"),
    ("missing-seat", edit(lambda d: d["log"]["moves"][1].pop("seat")), "'seat' is missing"),
    ("missing-player-name", edit(lambda d: d["header"]["players"][0].pop("name")), "'name' is missing"),
]


@pytest.mark.parametrize(("maker", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_broken_file_gives_clear_error(maker: Maker, expected: str, good_bytes: bytes, folder: Path) -> None:
    path = folder / "broken.toml"
    path.write_bytes(maker(good_bytes))
    with pytest.raises(SaveError) as info:
        read_save(path)
    error = info.value
    assert type(error) is SaveError
    assert error.path == path
    assert "broken.toml" in str(error)
    assert expected in error.problem
    assert len(str(error)) < 600
    assert "Traceback" not in str(error)
    with pytest.raises(SaveError):
        load_table("broken", folder)
    [listing] = list_saves(folder)
    assert listing.header is None and listing.error == error.problem


def test_good_file_is_fine(good_bytes: bytes, folder: Path) -> None:
    (folder / "good.toml").write_bytes(good_bytes)
    assert read_save(folder / "good.toml").header.game_id == "pig"
    assert load_table("good", folder).warning is None


def _original_state(good: bytes) -> dict[str, Any]:
    state: dict[str, Any] = tomllib.loads(good.decode())["snapshot"]["state"]
    return state


def test_truncated_at_every_line_never_leaks(good_bytes: bytes, folder: Path) -> None:
    """Cut after each line: an error, or (only when just the snapshot's tail is lost and the
    moves replay to the saved hash) the exact original game."""
    path = folder / "cut.toml"
    lines = good_bytes.splitlines(keepends=True)
    errors = 0
    for n in range(len(lines)):
        path.write_bytes(b"".join(lines[:n]))
        try:
            loaded = load_table(path)
        except SaveError:
            errors += 1
        else:
            assert b"[snapshot.state]" in b"".join(lines[:n])
            assert GAME.encode_state(loaded.table.state) == _original_state(good_bytes)
    assert errors > len(lines) // 2


def test_every_byte_flip_is_handled(good_bytes: bytes, folder: Path) -> None:
    """Flip bytes throughout the file: each load either succeeds or raises SaveError."""
    path = folder / "flip.toml"
    step = max(1, len(good_bytes) // 300)
    outcomes = set()
    for i in range(0, len(good_bytes), step):
        data = bytearray(good_bytes)
        data[i] ^= 0x5A
        path.write_bytes(bytes(data))
        try:
            loaded = load_table(path)
        except SaveError:
            outcomes.add("error")
        else:
            outcomes.add("warning" if loaded.warning else "ok")
            assert GAME.encode_state(loaded.table.state) == _original_state(good_bytes)
    assert {"error", "warning", "ok"} <= outcomes


def test_huge_file_is_refused_without_reading(folder: Path) -> None:
    path = folder / "huge.toml"
    with path.open("wb") as f:
        f.truncate(17 * 1024 * 1024)  # sparse: cheap to create
    with pytest.raises(SaveError, match="too large"):
        read_save(path)


def test_costly_toml_is_refused_quickly(folder: Path) -> None:
    """tomllib is quadratic in dotted-key length: such files are refused before parsing."""
    import time

    path = folder / "slow.toml"
    line = b"k." * 2000 + b"z = 1\n"
    path.write_bytes(line * (3 * 1024 * 1024 // len(line)))
    start = time.perf_counter()
    with pytest.raises(SaveError, match="dotted parts"):
        read_save(path)
    assert time.perf_counter() - start < 2


def test_allowed_dotted_keys_still_load(good_bytes: bytes, folder: Path) -> None:
    text = good_bytes.decode().replace("[snapshot]\n", "[snapshot]\nx.a.b.c.d.e.f.g = 1\n")
    (folder / "dotted.toml").write_text(text)
    assert read_save(folder / "dotted.toml").header.game_id == "pig"


def test_folder_named_like_a_save(folder: Path) -> None:
    (folder / "dir.toml").mkdir()
    with pytest.raises(SaveError, match="not a regular file"):
        read_save(folder / "dir.toml")


def test_missing_file(folder: Path) -> None:
    with pytest.raises(SaveError, match="does not exist"):
        read_save(folder / "nope.toml")


@pytest.mark.skipif(os.geteuid() == 0, reason="root can read anything")
def test_unreadable_file(good_bytes: bytes, folder: Path) -> None:
    path = folder / "locked.toml"
    path.write_bytes(good_bytes)
    path.chmod(0)
    try:
        with pytest.raises(SaveError, match="permission"):
            read_save(path)
    finally:
        path.chmod(0o600)


def test_extra_keys_are_ignored(good_bytes: bytes, folder: Path) -> None:
    doc = tomllib.loads(good_bytes.decode())
    doc["header"]["comment"] = "added by a newer 1.x"
    doc["extra"] = {"x": 1}
    (folder / "extra.toml").write_bytes(tomli_w.dumps(copy.deepcopy(doc)).encode())
    assert load_table("extra", folder).warning is None
