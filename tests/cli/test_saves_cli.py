"""``meeple saves`` (and the listing ``meeple resume`` shares): the text table and its
columns, ``--json``, broken saves, a folder or listing that fails, file names with
terminal escapes or bytes that are not UTF-8, and no Textual imported.

As in ``test_cli.py``: :func:`tui.cli.main` runs in-process with ``capsys`` (``run_cli``),
a few cases in a subprocess (``run_meeple``), with the private user folders of the autouse
``user_dirs`` fixture.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from saves import list_saves, saves_dir
from tests.cli.helpers import (
    assert_one_line_error,
    BIDI,
    EVIL,
    GAME,
    ROOT,
    AppRecorder,
    assert_no_controls,
    assert_usage_error,
    put_save,
    run_cli,
    run_meeple,
    start_save,
    write_garbage,
)


def test_saves_json_empty(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["saves", "--json"], capsys)
    assert code == 0
    assert json.loads(out) == []


def test_saves_text_empty(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["saves"], capsys)
    assert code == 0
    assert "No saved games" in out


def test_saves_json_good_and_broken(capsys: pytest.CaptureFixture[str]) -> None:
    saver = start_save()
    write_garbage("bad")
    code, out, err = run_cli(["saves", "--json"], capsys)
    assert code == 0, err
    rows = json.loads(out)
    assert isinstance(rows, list) and len(rows) == 2
    for row in rows:
        assert {"name", "game", "updated", "error"} <= set(row)
    by_name = {row["name"]: row for row in rows}
    assert set(by_name) == {saver.name, "bad"}

    good = by_name[saver.name]
    assert good["error"] is None
    assert good["game"] == GAME
    assert isinstance(good["updated"], str)
    datetime.fromisoformat(good["updated"].replace("Z", "+00:00"))
    header = next(s.header for s in list_saves() if s.name == saver.name)
    assert good["updated"] == header.updated

    bad = by_name["bad"]
    assert isinstance(bad["error"], str) and bad["error"]


def test_saves_text_good_and_broken(capsys: pytest.CaptureFixture[str]) -> None:
    saver = start_save()
    write_garbage("bad")
    code, out, err = run_cli(["saves"], capsys)
    assert code == 0, err
    assert "Traceback" not in out + err
    lines = out.splitlines()
    assert any(line.startswith(saver.name) and GAME in line for line in lines)
    assert any(line.startswith("bad") and "unreadable" in line for line in lines)



def test_subprocess_saves_json(tmp_path: Path) -> None:
    proc = run_meeple(["saves", "--json"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == []



@pytest.mark.parametrize("command", [["resume"], ["saves"], ["saves", "--json"]])
@pytest.mark.parametrize(
    "error",
    [PermissionError(13, "Permission denied"), OSError(5, "Input/output error")],
    ids=["permission", "io"],
)
def test_listing_the_saves_fails_with_one_line(
    command: list[str], error: OSError, monkeypatch: pytest.MonkeyPatch,
    app: AppRecorder, capsys: pytest.CaptureFixture[str],
) -> None:
    import saves

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise error

    monkeypatch.setattr(saves, "list_saves", broken)
    reason = assert_one_line_error(*run_cli(command, capsys))
    assert error.strerror in reason
    assert capsys.readouterr().err == ""
    assert app.calls == []


def test_listing_the_saves_reports_a_save_error(
    monkeypatch: pytest.MonkeyPatch, app: AppRecorder, capsys: pytest.CaptureFixture[str]
) -> None:
    import saves

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise saves.SaveError(None, "the saves folder is a file")

    monkeypatch.setattr(saves, "list_saves", broken)
    for command in (["resume"], ["saves"]):
        reason = assert_one_line_error(*run_cli(command, capsys))
        assert "the saves folder is a file" in reason.lower()
    assert app.calls == []



def test_saves_text_makes_escapes_in_file_names_visible(capsys: pytest.CaptureFixture[str]) -> None:
    saver = start_save()
    put_save(EVIL, saver.path)
    put_save(BIDI, saver.path)
    write_garbage("bad\x1b[2J")
    code, out, err = run_cli(["saves"], capsys)
    assert code == 0, err
    assert_no_controls(out)
    assert "evil␛]0;owned␇" in out
    assert "abc\\u202edcba" in out
    assert "bad␛[2J" in out
    assert len(out.splitlines()) == 5  # the header and four saves


def test_saves_json_escapes_control_characters(capsys: pytest.CaptureFixture[str]) -> None:
    saver = start_save()
    put_save(EVIL, saver.path)
    write_garbage("bad\x1b[2J")
    code, out, err = run_cli(["saves", "--json"], capsys)
    assert code == 0, err
    assert_no_controls(out)
    names = {row["name"] for row in json.loads(out)}
    assert names == {saver.name, EVIL, "bad\x1b[2J"}


def test_saves_with_an_undecodable_file_name(tmp_path: Path) -> None:
    """Out of process: a name that is not UTF-8 must neither crash the output nor print raw."""
    saver = start_save()
    put_save("odd\udcff", saver.path)  # the file name holds the raw byte 0xff
    assert b"odd\xff.toml" in os.listdir(os.fsencode(saves_dir()))
    for args in (["saves"], ["saves", "--json"]):
        proc = run_meeple(args, tmp_path)
        assert proc.returncode == 0, proc.stderr
        assert "Traceback" not in proc.stderr
        assert_no_controls(proc.stdout)
    assert "odd\\xff" in run_meeple(["saves"], tmp_path).stdout



# --- the saves table ---------------------------------------------------------------------------

HEADERS = ("NAME", "GAME", "PROGRESS", "LAST PLAYED", "PLAYERS")


def columns(out: str) -> tuple[list[int], list[str]]:
    """The start of each column (from the header line) and the lines after the header."""
    from rich.cells import cell_len

    header, *rows = out.splitlines()
    starts = [header.index(h) for h in HEADERS]
    padded = [h.ljust(b - a - 2) for h, a, b in zip(HEADERS, starts, starts[1:])]
    assert header == "  ".join([*padded, "PLAYERS"])
    # Work in terminal cells: re-express every row as a list of cells.
    cell_rows = []
    for row in rows:
        cells = []
        for ch in row:
            cells.extend([ch] + [""] * (cell_len(ch) - 1))
        cell_rows.append("".join(c or "\0" for c in cells))
    return starts, cell_rows


def expected_cells(name: str) -> list[str]:
    header = next(s.header for s in list_saves() if s.name == name)
    assert header is not None
    return [
        name, header.game_id, header.progress, header.updated.replace("T", " ")[:16],
        ", ".join(p.name for p in header.players),
    ]


def assert_aligned(out: str, names: dict[str, str]) -> None:
    """Every row of ``names`` (raw name -> shown name) has its cells under the headers."""
    starts, rows = columns(out)
    for raw, shown in names.items():
        row = next(r for r in rows if r.replace("\0", "").startswith(shown + " "))
        cells = expected_cells(raw)
        cells[0] = shown
        for start, cell in zip(starts, cells):
            assert row[start:].replace("\0", "").startswith(cell), (row, start, cell)
            assert start == 0 or row[start - 2:start] == "  ", (row, start)
        assert row == row.rstrip()


def test_saves_table_columns_line_up(capsys: pytest.CaptureFixture[str]) -> None:
    short = start_save(datetime(2026, 11, 29, 14, 12, tzinfo=timezone.utc), moves=1)
    long = start_save(datetime(2026, 11, 30, 9, 5, tzinfo=timezone.utc), moves=4)
    long_name = "a-much-longer-save-name-than-the-others-made-here"
    long.path.rename(saves_dir() / f"{long_name}.toml")
    code, out, err = run_cli(["saves"], capsys)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("NAME ") and len(lines) == 3
    assert lines[1].startswith(long_name + "  ") and lines[2].startswith(short.name + " ")
    assert_aligned(out, {long_name: long_name, short.name: short.name})
    # the columns are fitted to the content: the longest name is followed by just two spaces
    assert lines[0].index("GAME") == len(long_name) + 2


def test_saves_table_measures_what_is_shown(capsys: pytest.CaptureFixture[str]) -> None:
    saver = start_save()
    source = saver.path.rename(saves_dir() / "q.toml")
    put_save(BIDI, source)  # 8 characters, shown as 13
    put_save("盤上遊戲", source)  # 4 characters, 8 terminal cells
    write_garbage("bad")  # its problem spans the columns after NAME without widening them
    code, out, err = run_cli(["saves"], capsys)
    assert code == 0, err
    header = out.splitlines()[0]
    assert header.index("GAME") == len("abc\\u202edcba") + 2
    assert header.index("PROGRESS") == header.index("GAME") + len(GAME) + 2
    assert_aligned(out, {BIDI: "abc\\u202edcba", "盤上遊戲": "盤上遊戲", "q": "q"})
    starts, rows = columns(out)
    bad = next(r for r in rows if r.startswith("bad "))
    assert bad[starts[1]:].startswith("unreadable: ") and len(bad) > starts[2]


def test_saves_commands_do_not_import_textual(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    env["PYTHONPATH"] = str(ROOT)
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    start_save()
    code = (
        "import sys, tui.cli as c\n"
        "for argv in (['saves'], ['saves', '--json'], ['games']):\n"
        "    c.main(argv)\n"
        "try:\n"
        "    c.main(['--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('TEXTUAL' if 'textual' in sys.modules else 'NO-TEXTUAL')\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          timeout=60, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().endswith("NO-TEXTUAL")


def test_an_unreadable_saves_folder_is_told_not_taken_for_no_saves(
    monkeypatch: pytest.MonkeyPatch, app: AppRecorder, capsys: pytest.CaptureFixture[str]
) -> None:
    real_scandir = os.scandir
    saves_dir().mkdir(parents=True, exist_ok=True)

    def denied(path: Any = ".") -> Any:
        if str(path) == str(saves_dir()):
            raise PermissionError(13, "Permission denied")
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", denied)
    for command in (["saves"], ["resume"]):
        reason = assert_one_line_error(*run_cli(command, capsys))
        assert "cannot be read" in reason and "permission" in reason, reason
    assert app.calls == []
