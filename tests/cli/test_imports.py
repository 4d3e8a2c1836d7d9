"""What the commands import, seen from outside: ``python -X importtime -m tui.cli ...``.

The commands that need no terminal UI (``--help``, ``--version``, ``games``, ``saves``)
never import Textual, and listing the games imports no game engine; nor does opening the
menu, whose line of game titles comes from the registry's listings. Each case runs in a
fresh interpreter with the private user folders of the autouse ``user_dirs`` fixture.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from core import registry
from core.table import Controller, Seat, Table
from saves import Autosaver
from saves.verdicts import cache_path

ROOT = Path(__file__).resolve().parents[2]
ENGINES = tuple(registry._MODULES.values())


def imported(*args: str) -> set[str]:
    """The modules that ``python -X importtime ARGS`` imported (it must succeed)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    env["PYTHONPATH"] = str(ROOT)
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", *args],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    return {
        line.rsplit("|", 1)[1].strip()
        for line in proc.stderr.splitlines()
        if line.startswith("import time:") and not line.endswith("imported package")
    }


def textual_modules(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m == "textual" or m.startswith(("textual.", "rich.live")))


def engine_modules(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m.startswith(ENGINES))


def write_save() -> None:
    """One real Quadropolis save in the (private) saves folder, as a new game makes it."""
    game = registry.get_game("quadropolis")
    seats = [Seat(0, "Ada"), Seat(1, "Brook", Controller("bot", "easy"))]
    table = Table.new(game, seats, 7, {"first_player": "0"})
    saver = Autosaver.start(table, "Quadropolis: Ada, Brook")
    table.submit(0, table.legal_actions(0)[0])  # a new game's save is written with its first move
    assert saver.last_error is None and saver.path.exists(), saver.last_error
    saver.close()


@pytest.mark.parametrize("argv", [["--help"], ["--version"], ["games"], ["games", "--json"]])
def test_help_and_games_import_neither_textual_nor_an_engine(argv: list[str]) -> None:
    modules = imported("-m", "tui.cli", *argv)
    assert "core.registry" in modules  # the check sees the command's imports at all
    assert textual_modules(modules) == []
    assert engine_modules(modules) == []
    assert "core.engine" not in modules  # nor the contract (dataclasses, inspect: ~40 ms)


def test_saves_never_imports_textual() -> None:
    assert textual_modules(imported("-m", "tui.cli", "saves")) == []  # no saves yet
    write_save()
    cache_path().unlink(missing_ok=True)  # no verdict remembered: the save is replayed
    first = imported("-m", "tui.cli", "saves", "--json")
    assert engine_modules(first) != []  # the test sees the replay at all
    assert textual_modules(first) == []
    again = imported("-m", "tui.cli", "saves")  # its verdict is remembered: no replay
    assert textual_modules(again) == []
    assert engine_modules(again) == []


def test_the_menu_imports_no_engine() -> None:
    """``meeple`` up to its first screen (headless), through the start-up probe."""
    modules = imported("-m", "bench.startup_probe", "meeple")
    assert "tui.screens.menu" in modules and textual_modules(modules) != []
    assert engine_modules(modules) == []
