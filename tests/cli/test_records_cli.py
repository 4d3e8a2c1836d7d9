"""``meeple export SAVE [--out FILE]`` and ``meeple import FILE|-``: a record to the standard
output or a file, imported back as a new listed save; a missing or broken save, and a
broken or hostile record, is one line and exit 2, and creates nothing."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from saves import list_saves, load_table, saves_dir
from tests.cli.helpers import (
    assert_one_line_error,
    EVIL,
    ROOT,
    assert_no_controls,
    assert_usage_error,
    run_cli,
    start_save,
    write_garbage,
)


def saved_name() -> str:
    """A real Quadropolis save (three moves in) in the saves folder; its name."""
    return start_save().path.stem


def names() -> list[str]:
    return sorted(p.name for p in saves_dir().iterdir())


def test_export_to_stdout_then_import_gives_a_new_listed_resumable_save(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    name = saved_name()
    code, out, err = run_cli(["export", name], capsys)
    assert code == 0 and err == ""
    record = json.loads(out)
    assert record["format"] == "meeple-record" and record["game"] == "quadropolis"
    assert len(record["moves"]) == 3 and record["over"] is False
    path = tmp_path / "game.json"
    path.write_text(out, "utf-8")
    code, out, err = run_cli(["import", str(path)], capsys)
    assert code == 0 and err == ""
    new = next(s.name for s in list_saves() if s.name != name)
    assert out.splitlines() == [
        f"Imported Quadropolis (3 moves, {load_table(new).table.game.progress(load_table(new).table.state)})"
        f" as the save '{new}'.",
        f"Resume it with `meeple resume {new}` or from the Load screen.",
    ]
    assert [s.error for s in list_saves()] == [None, None]
    assert load_table(new).table.actions() == load_table(name).table.actions()


def test_export_out_writes_the_file_and_import_reads_stdin(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    name = saved_name()
    target = tmp_path / "out.json"
    code, out, err = run_cli(["export", name, "--out", str(target)], capsys)
    assert code == 0 and out == ""
    assert err.strip() == f"Wrote the record of Quadropolis (3 moves) to {target}."
    data = target.read_bytes()
    assert json.loads(data)["seed"] == "7"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    code, out, err = run_cli(["import", "-"], capsys)
    assert code == 0 and "Imported Quadropolis" in out and len(names()) == 2


def test_export_refuses_a_missing_or_broken_save_and_a_folder_as_out(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    reason = assert_one_line_error(*run_cli(["export", "nothing-here"], capsys))
    assert "there is no save called 'nothing-here'" in reason
    write_garbage("bad")
    reason = assert_one_line_error(*run_cli(["export", "bad"], capsys))
    assert reason.startswith("Save file 'bad.toml':")
    name = saved_name()
    reason = assert_usage_error(*run_cli(["export", name, "--out", str(tmp_path)], capsys))
    assert "is a folder" in reason
    (tmp_path / "a-file").write_text("", "utf-8")
    reason = assert_one_line_error(*run_cli(["export", name, "--out", str(tmp_path / "a-file" / "x.json")], capsys))
    assert "could not be written" in reason


def test_import_refuses_broken_and_hostile_records_with_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    name = saved_name()
    code, good, _ = run_cli(["export", name], capsys)
    record = json.loads(good)
    cases = {
        "truncated.json": (good[: len(good) // 2], "ends too early"),
        "garbage.json": ("<html>", "not valid JSON"),
        "wrong.json": (json.dumps({**record, "seats": {"Ada": 1}}), "seats should be a list"),
        "chess.json": (json.dumps({**record, "game": "chess"}), "'chess', which this version"),
        "future.json": (json.dumps({**record, "format_version": 9}), "newer version of Meeple"),
        "illegal.json": (json.dumps({**record, "moves": record["moves"][:1] * 2}), "move 2 ("),
        "evil.json": (json.dumps({**record, "title": EVIL}), "title contains control characters"),
        "nan.json": (good.replace('"seed": "7"', '"seed": NaN'), "holds NaN"),
    }
    for file, (text, expected) in cases.items():
        path = tmp_path / file
        path.write_text(text, "utf-8")
        code, out, err = run_cli(["import", str(path)], capsys)
        reason = assert_one_line_error(code, out, err)
        assert reason.startswith(f"'{path}' is not a record Meeple can import: ") and expected in reason, reason
        assert_no_controls(err)
    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(10 * 1024 * 1024 + 1)
    assert "over 10 MiB" in assert_one_line_error(*run_cli(["import", str(big)], capsys))
    assert "does not exist" in assert_one_line_error(*run_cli(["import", str(tmp_path / "none.json")], capsys))
    assert names() == [f"{name}.toml"]  # nothing was created


def test_the_commands_out_of_process(tmp_path: Path) -> None:
    """Through the console entry point: stdin piped, exit codes, nothing raw printed."""
    env_dirs = {"XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), **env_dirs}
    bad = subprocess.run([sys.executable, "-m", "tui.cli", "import", "-"], input=b'{"format": 1',
                         capture_output=True, env=env, cwd=tmp_path, timeout=60)
    assert bad.returncode == 2 and bad.stdout == b""
    assert bad.stderr.decode().splitlines()[0] == (
        "meeple import: error: the standard input is not a record Meeple can import: it ends too "
        "early: the JSON is incomplete (the file was cut short)")
    assert not (tmp_path / "data" / "meeple" / "saves").exists()
