"""Shared by the command-line tests: running ``meeple`` in-process and out of process, a
stand-in for the terminal UI, real and broken saves, and the check that no raw control
character is printed."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import datetime
from pathlib import Path
from typing import Any, Callable

import pytest

import tui.cli as cli
from core.registry import get_game
from core.table import Controller, Seat, Table
from saves import Autosaver, saves_dir

ROOT = Path(__file__).resolve().parents[2]
GAME = "quadropolis"


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run ``main(argv)`` in-process; return (exit code, stdout, stderr)."""
    try:
        code = cli.main(argv)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    out, err = capsys.readouterr()
    return code, out, err


def assert_usage_error(code: int, out: str, err: str) -> str:
    """Exit 2, a one-line reason then the usage on stderr, nothing on stdout; return the reason."""
    assert code == 2, (code, out, err)
    assert "Traceback" not in out + err
    assert out == ""
    lines = err.strip().splitlines()
    usage_at = next(i for i, line in enumerate(lines) if line.startswith("usage:"))
    assert usage_at == 1, f"the reason should be one line:\n{err}"
    reason = lines[0]
    assert reason.startswith("meeple") and "error:" in reason
    return reason.split("error:", 1)[1].strip()


def assert_one_line_error(code: int, out: str, err: str) -> str:
    """Exit 2, one line on stderr and no usage after it, nothing on stdout; return the reason.

    For arguments that are fine but name something unusable (a missing or broken save)."""
    assert code == 2, (code, out, err)
    assert "Traceback" not in out + err
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, f"the error should be one line, without the usage:\n{err}"
    reason = lines[0]
    assert reason.startswith("meeple") and "error:" in reason
    return reason.split("error:", 1)[1].strip()


class AppRecorder:
    """Stands in for ``tui.cli._run_app``: records what would have been launched."""

    def __init__(self) -> None:
        self.calls: list[Any] = []

    def __call__(self, start: Any) -> int:
        self.calls.append(start)
        return 0

    @property
    def request(self) -> Any:
        assert len(self.calls) == 1, self.calls
        return self.calls[0]



def make_table(moves: int = 3, seed: int = 7) -> Table[Any]:
    """A two-player Quadropolis table with ``moves`` legal actions played."""
    seats = [Seat(0, "Ada"), Seat(1, "Brook", Controller("bot", "easy"))]
    table = Table.new(get_game(GAME), seats, seed)
    for _ in range(moves):
        seat = table.to_act()[0]
        table.submit(seat, table.legal_actions(seat)[0])
    return table


def start_save(when: datetime | None = None, moves: int = 3) -> Autosaver:
    """Write a real save (like a new game from the UI) and return its autosaver."""
    clock: Callable[[], datetime] | None = (lambda: when) if when is not None else None
    saver = Autosaver.start(make_table(moves), "Quadropolis", clock=clock)
    assert saver.last_error is None, saver.last_error
    saver.close()
    return saver


def write_garbage(name: str = "bad") -> Path:
    """A file in the saves folder that is not a save at all."""
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.toml"
    path.write_bytes(b"\x00\xff\xfe garbage \x89PNG [[[ = ")
    return path



def run_meeple(args: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """``python -m tui.cli ARGS`` with the project on the path and private user folders."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    return subprocess.run(
        [sys.executable, "-m", "tui.cli", *args],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
    )



EVIL = "evil\x1b]0;owned\x07"
BIDI = "abc\u202edcba"


def put_save(name: str, source: Path) -> Path:
    """Copy the save ``source`` into the saves folder under the raw file name ``name``.toml."""
    path = Path(os.fsdecode(os.path.join(os.fsencode(saves_dir()), os.fsencode(name) + b".toml")))
    path.write_bytes(source.read_bytes())
    return path


def assert_no_controls(text: str) -> None:
    """No C0 control but newline, no DEL or C1 control, no bidi override in ``text``."""
    bad = sorted(
        {f"U+{ord(ch):04X}" for ch in text if (ord(ch) < 0x20 and ch != "\n") or 0x7F <= ord(ch) < 0xA0}
    )
    assert not bad, f"raw control characters printed: {bad}"
    assert "\u202e" not in text
