"""Tests of the ``meeple`` command line (:mod:`tui.cli`).

Most tests call :func:`tui.cli.main` in-process with ``capsys``; argparse exits are caught
as ``SystemExit`` (code 2 for bad arguments, 0 for ``--help`` / ``--version``). For
``play``, ``resume`` and the bare menu, ``tui.cli._run_app`` is replaced by a recorder, so
the terminal UI never starts and the :class:`~tui.app.StartRequest` can be checked (the
``app`` fixture, ``tests/cli/conftest.py``). ``meeple saves`` has its own file,
``test_saves_cli.py``; the helpers both use are in ``tests/cli/helpers.py``.

A few tests run ``python -m tui.cli`` in a subprocess to prove that bad arguments give
exit 2 and no traceback, and that ``--version`` works from the command line.

The autouse ``user_dirs`` fixture (``tests/conftest.py``) points ``XDG_DATA_HOME`` and
``XDG_CONFIG_HOME`` at a fresh temporary folder per test, so saves and settings made here
never touch the user's own.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Callable

import pytest

import core.simulate as simulate_mod
import tui.cli as cli
from core import __version__
from core.registry import game_ids, get_game
from core.simulate import seat_bots
from core.table import Controller
from saves import Settings, save_settings
from tests.cli.helpers import (
    assert_one_line_error,
    BIDI,
    EVIL,
    GAME,
    ROOT,
    AppRecorder,
    assert_no_controls,
    assert_usage_error,
    run_cli,
    run_meeple,
    start_save,
    write_garbage,
)


# --- the menu, --version, --help ---------------------------------------------------------------


def test_bare_command_opens_the_menu(app: AppRecorder, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli([], capsys)
    assert code == 0
    assert app.calls == [None]
    assert "Traceback" not in out + err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["--version"], capsys)
    assert code == 0
    assert out.strip() == f"meeple {__version__}"


@pytest.mark.parametrize(
    "argv", [["--help"], ["play", "--help"], ["simulate", "--help"], ["resume", "--help"]]
)
def test_help_exits_zero(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(argv, capsys)
    assert code == 0
    assert "usage:" in out


@pytest.mark.parametrize("argv", [["frobnicate"], ["--bogus"], ["games", "extra"]])
def test_unknown_command_or_flag(
    argv: list[str], app: AppRecorder, capsys: pytest.CaptureFixture[str]
) -> None:
    assert_usage_error(*run_cli(argv, capsys))
    assert app.calls == []


def test_ctrl_c_exits_130(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def interrupted(start: Any) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "_run_app", interrupted)
    code, _, err = run_cli(["play", GAME, "--seed", "1"], capsys)
    assert code == 130
    assert "Traceback" not in err


# --- play --------------------------------------------------------------------------------------


def test_play_defaults(app: AppRecorder, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = run_cli(["play", GAME, "--seed", "5"], capsys)
    assert code == 0
    req = app.request
    info = get_game(GAME).info
    assert req.game == GAME and req.resume is None
    assert req.seed == 5
    assert len(req.seats) == max(2, info.min_players)
    # default: all but one seat are bots, at the settings' level ("normal" by default)
    assert [s.index for s in req.seats] == list(range(len(req.seats)))
    assert req.seats[0].controller == Controller()
    assert all(s.controller == Controller("bot", "normal") for s in req.seats[1:])
    assert [s.name for s in req.seats] == ["Ada", "Brook"]
    assert req.options == {"first_player": "random", "adjacency_needs_activation": False}


def test_play_with_every_flag(app: AppRecorder, capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "play", GAME, "--players", "4", "--ai", "2", "--level", "hard", "--seed", "42",
        "--names", " Ann , Bob,Cy,Dot ", "--option", "first_player=2",
        "--option", "adjacency_needs_activation=yes",
    ]
    code, _, _ = run_cli(argv, capsys)
    assert code == 0
    req = app.request
    assert req.game == GAME and req.seed == 42
    assert [s.name for s in req.seats] == ["Ann", "Bob", "Cy", "Dot"]
    assert [s.index for s in req.seats] == [0, 1, 2, 3]
    assert [s.controller for s in req.seats] == [
        Controller(), Controller(), Controller("bot", "hard"), Controller("bot", "hard"),
    ]
    assert req.options == {"first_player": "2", "adjacency_needs_activation": True}


@pytest.mark.parametrize(
    ("players", "ai", "humans"),
    [(2, 0, 2), (2, 2, 0), (3, 1, 2), (4, 3, 1), (4, 4, 0)],
)
def test_play_last_k_seats_are_bots(
    players: int, ai: int, humans: int, app: AppRecorder, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["play", GAME, "--players", str(players), "--ai", str(ai), "--level", "easy", "--seed", "0"]
    assert run_cli(argv, capsys)[0] == 0
    kinds = [s.controller for s in app.request.seats]
    assert kinds == [Controller()] * humans + [Controller("bot", "easy")] * ai


def test_play_uses_settings_for_level_and_names(
    app: AppRecorder, capsys: pytest.CaptureFixture[str]
) -> None:
    assert save_settings(Settings(bot_level="easy", default_names=["Zed"])) is None
    assert run_cli(["play", GAME, "--players", "3", "--seed", "9"], capsys)[0] == 0
    seats = app.request.seats
    names = [s.name for s in seats]
    assert names[0] == "Zed" and len(names) == 3 and len(set(names)) == 3
    assert [s.controller for s in seats] == [Controller()] + [Controller("bot", "easy")] * 2


def test_play_level_flag_beats_settings(app: AppRecorder, capsys: pytest.CaptureFixture[str]) -> None:
    save_settings(Settings(bot_level="easy"))
    assert run_cli(["play", GAME, "--level", "hard", "--seed", "9"], capsys)[0] == 0
    assert app.request.seats[-1].controller == Controller("bot", "hard")


def test_play_without_seed_picks_a_valid_seed(app: AppRecorder, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["play", GAME], capsys)[0] == 0
    assert run_cli(["play", GAME], capsys)[0] == 0
    seeds = [req.seed for req in app.calls]
    assert all(isinstance(s, int) and 0 <= s < 2**63 for s in seeds)


def test_play_largest_seed(app: AppRecorder, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["play", GAME, "--seed", str(2**63 - 1)], capsys)[0] == 0
    assert app.request.seed == 2**63 - 1


def test_play_option_values(app: AppRecorder, capsys: pytest.CaptureFixture[str]) -> None:
    for value, expected in [("0", False), ("off", False), ("true", True), ("1", True)]:
        argv = ["play", GAME, "--seed", "1", "--option", f"adjacency_needs_activation={value}"]
        assert run_cli(argv, capsys)[0] == 0
        assert app.calls[-1].options["adjacency_needs_activation"] is expected
    for value in ["random", "0", "1"]:
        assert run_cli(["play", GAME, "--seed", "1", "--option", f"first_player={value}"], capsys)[0] == 0
        assert app.calls[-1].options["first_player"] == value
    argv = ["play", GAME, "--players", "4", "--seed", "1", "--option", "first_player=3"]
    assert run_cli(argv, capsys)[0] == 0
    assert app.calls[-1].options["first_player"] == "3"


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["play", "nope"], "unknown game"),
        (["play"], "game"),
        (["play", GAME, "--players", "1"], "players"),
        (["play", GAME, "--players", "5"], "players"),
        (["play", GAME, "--players", "0"], "players"),
        (["play", GAME, "--players", "two"], "--players"),
        (["play", GAME, "--ai", "-1"], "--ai"),
        (["play", GAME, "--ai", "3"], "--ai"),
        (["play", GAME, "--players", "4", "--ai", "5"], "--ai"),
        (["play", GAME, "--ai", "x"], "--ai"),
        (["play", GAME, "--level", "extreme"], "--level"),
        (["play", GAME, "--names", "Ann"], "--names"),
        (["play", GAME, "--names", "Ann,Bob,Cy"], "--names"),
        (["play", GAME, "--names", "Ann,Ann"], "--names"),
        (["play", GAME, "--names", "Ann, Ann "], "--names"),
        (["play", GAME, "--names", "Ann,"], "--names"),
        (["play", GAME, "--names", ","], "--names"),
        (["play", GAME, "--names", ""], "--names"),
        (["play", GAME, "--names", "Ann, "], "--names"),
        (["play", GAME, "--names", "Ann," + "x" * 17], "names"),
        (["play", GAME, "--option", "first_player"], "--option"),
        (["play", GAME, "--option", "=2"], "--option"),
        (["play", GAME, "--option", "colour=red"], "unknown option"),
        (["play", GAME, "--option", "first_player=4"], "first_player"),
        (["play", GAME, "--option", "first_player=2"], "first_player"),
        (["play", GAME, "--option", "first_player=3"], "first_player"),
        (["play", GAME, "--players", "3", "--option", "first_player=3"], "first_player"),
        (["play", "council", "--option", "first_player=2"], "first_player"),
        (["play", "elgrande", "--players", "3", "--option", "first_player=4"], "first_player"),
        (["play", GAME, "--option", "first_player=banana"], "first_player"),
        (["play", GAME, "--option", "first_player="], "first_player"),
        (["play", GAME, "--option", "adjacency_needs_activation=maybe"], "adjacency_needs_activation"),
        (["play", GAME, "--seed", "-1"], "--seed"),
        (["play", GAME, "--seed", str(2**63)], "--seed"),
        (["play", GAME, "--seed", "abc"], "--seed"),
    ],
)
def test_play_bad_arguments(
    argv: list[str], fragment: str, app: AppRecorder, capsys: pytest.CaptureFixture[str]
) -> None:
    reason = assert_usage_error(*run_cli(argv, capsys))
    assert fragment in reason
    assert app.calls == []


# --- resume ------------------------------------------------------------------------------------


def test_resume_with_no_saves(app: AppRecorder, capsys: pytest.CaptureFixture[str]) -> None:
    reason = assert_one_line_error(*run_cli(["resume"], capsys))
    assert "no unfinished saved game" in reason
    assert app.calls == []


def test_resume_with_only_broken_saves(app: AppRecorder, capsys: pytest.CaptureFixture[str]) -> None:
    write_garbage()
    assert_one_line_error(*run_cli(["resume"], capsys))
    assert app.calls == []


def test_resume_newest(app: AppRecorder, capsys: pytest.CaptureFixture[str]) -> None:
    base = datetime(2026, 11, 29, 14, 12, tzinfo=timezone.utc)
    old = start_save(base)
    new = start_save(base + timedelta(days=1))
    write_garbage("zzz")  # a newer mtime but unreadable: never chosen
    assert old.path != new.path
    code, _, _ = run_cli(["resume"], capsys)
    assert code == 0
    req = app.request
    assert req.resume == new.path
    assert req.game == "" and req.seats == []


def test_resume_by_name(app: AppRecorder, capsys: pytest.CaptureFixture[str]) -> None:
    base = datetime(2026, 11, 29, 14, 12, tzinfo=timezone.utc)
    old = start_save(base)
    start_save(base + timedelta(days=1))
    assert run_cli(["resume", old.name], capsys)[0] == 0
    assert Path(app.request.resume).resolve() == old.path.resolve()


def test_resume_by_path(app: AppRecorder, capsys: pytest.CaptureFixture[str]) -> None:
    saver = start_save()
    assert run_cli(["resume", str(saver.path)], capsys)[0] == 0
    assert Path(app.request.resume).resolve() == saver.path.resolve()


@pytest.mark.parametrize(
    "name", ["missing", "../x", "a/b", "/etc/passwd", "..", "Bad Name", "missing.toml", "../x.toml"]
)
def test_resume_bad_name(name: str, app: AppRecorder, capsys: pytest.CaptureFixture[str]) -> None:
    start_save()
    assert_one_line_error(*run_cli(["resume", name], capsys))
    assert app.calls == []


def test_resume_takes_one_name(app: AppRecorder, capsys: pytest.CaptureFixture[str]) -> None:
    assert_usage_error(*run_cli(["resume", "a", "b"], capsys))
    assert app.calls == []


# --- games -------------------------------------------------------------------------------------


def test_games_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["games", "--json"], capsys)
    assert code == 0
    rows = json.loads(out)
    assert [row["id"] for row in rows] == game_ids()
    for row in rows:
        info = get_game(row["id"]).info
        assert row["title"] == info.title and isinstance(row["title"], str)
        assert row["min_players"] == info.min_players and isinstance(row["min_players"], int)
        assert row["max_players"] == info.max_players and isinstance(row["max_players"], int)
        assert 1 <= row["min_players"] <= row["max_players"]
    quad = next(row for row in rows if row["id"] == GAME)
    assert (quad["min_players"], quad["max_players"]) == (2, 4)


def test_games_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["games"], capsys)
    assert code == 0
    assert GAME in out and "Quadropolis" in out


# --- rules -------------------------------------------------------------------------------------


def test_rules_prints_markdown(capsys: pytest.CaptureFixture[str]) -> None:
    rules_md = ROOT / "seeds" / GAME / "rules.md"
    if not rules_md.exists():
        pytest.skip(f"{rules_md.relative_to(ROOT)} does not exist yet")
    code, out, _ = run_cli(["rules", GAME], capsys)
    assert code == 0
    assert out.strip() == rules_md.read_text(encoding="utf-8").strip()
    assert out.lstrip().startswith("#")
    assert "missing from this installation" not in out


@pytest.mark.parametrize("argv", [["rules", "nope"], ["rules"]])
def test_rules_bad_arguments(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert_usage_error(*run_cli(argv, capsys))


# --- simulate ----------------------------------------------------------------------------------

SIM = ["simulate", GAME, "--players", "2", "--games", "3", "--bots", "random,greedy", "--seed", "1"]


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(SIM + ["--json"], capsys)
    assert code == 0, err
    report = json.loads(out)
    assert report["game"] == GAME
    assert report["players"] == 2 and report["games"] == 3
    assert report["errors"] == 0
    for key in ("mean_decisions", "decisions_per_s", "games_per_s", "seconds"):
        assert isinstance(report[key], (int, float)) and not isinstance(report[key], bool), key
        assert report[key] >= 0, key
    assert report["mean_decisions"] > 0 and report["games_per_s"] > 0
    assert set(report["wins"]) == {"random", "greedy"}
    assert set(report["mean_score"]) == {"random", "greedy"}
    assert all(isinstance(v, (int, float)) and v >= 0 for v in report["wins"].values())
    assert all(isinstance(v, (int, float)) for v in report["mean_score"].values())
    assert math.isclose(sum(report["wins"].values()), 3, abs_tol=0.01)


def test_simulate_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    timing = ("seconds", "games_per_s", "decisions_per_s")
    reports = []
    for _ in range(2):
        code, out, _ = run_cli(SIM + ["--json"], capsys)
        assert code == 0
        reports.append({k: v for k, v in json.loads(out).items() if k not in timing})
    assert reports[0] == reports[1]


def test_simulate_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(SIM, capsys)
    assert code == 0
    assert "random" in out and "greedy" in out and "0 errors" in out


@pytest.mark.parametrize(
    ("bots", "players", "expected"),
    [
        (["random", "greedy"], 2, [["random", "greedy"], ["greedy", "random"], ["random", "greedy"]]),
        (["a", "b", "c"], 2, [["a", "b"], ["b", "c"], ["c", "a"]]),
        (["a", "b"], 4, [["a", "b", "a", "b"], ["b", "a", "b", "a"], ["a", "b", "a", "b"]]),
        (["a"], 3, [["a", "a", "a"]] * 3),
        (["a", "b", "c", "d"], 4, [["a", "b", "c", "d"], ["b", "c", "d", "a"], ["c", "d", "a", "b"]]),
    ],
)
def test_seat_bots_rotation(bots: list[str], players: int, expected: list[list[str]]) -> None:
    assert [seat_bots(bots, players, game) for game in range(3)] == expected


class _FakeResult:
    def __init__(self, winners: tuple[int, ...], totals: tuple[int, ...]) -> None:
        self.winners = winners
        self.totals = totals


def test_simulate_uses_seat_rotation_and_counts_shared_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each game's bots follow ``seat_bots``; a win shared by k seats counts 1/k each."""
    game = get_game(GAME)
    seen: list[list[str]] = []

    def fake_play(game_: Any, names: list[str], seed: int, bots: list[Any], options: Any = None) -> tuple[Any, int]:
        seen.append([b.kind for b in bots])
        return "final-state", 10

    class Tagged:
        def __init__(self, kind: str) -> None:
            self.kind = kind

    monkeypatch.setattr(simulate_mod, "make_bot", lambda kind, seed, *a, **k: Tagged(kind))
    monkeypatch.setattr(simulate_mod, "play_game", fake_play)
    monkeypatch.setattr(type(game), "result", lambda self, state: _FakeResult((0, 1, 2), (5, 5, 5)))
    report = simulate_mod.simulate(game, 3, 4, ["random", "greedy"], 11)
    assert seen == [seat_bots(["random", "greedy"], 3, i) for i in range(4)]
    assert report["errors"] == 0
    assert report["mean_decisions"] == 10
    assert math.isclose(sum(report["wins"].values()), 4, abs_tol=0.01)
    # random sits 2,1,2,1 times over the four games; each seat wins 1/3
    assert math.isclose(report["wins"]["random"], 2, abs_tol=0.01)
    assert math.isclose(report["wins"]["greedy"], 2, abs_tol=0.01)
    assert report["mean_score"] == {"random": 5, "greedy": 5}


def test_simulate_crashing_games_are_counted_not_raised(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def boom(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("the game broke")

    monkeypatch.setattr(simulate_mod, "play_game", boom)
    code, out, err = run_cli(SIM + ["--json"], capsys)
    assert code == 0
    assert "Traceback" not in out + err
    report = json.loads(out)
    assert report["errors"] == 3
    assert report["mean_decisions"] == 0
    assert sum(report["wins"].values()) == 0


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["simulate", "nope", "--players", "2", "--games", "1", "--bots", "random", "--seed", "1"], "unknown game"),
        (["simulate", GAME, "--players", "1", "--games", "1", "--bots", "random", "--seed", "1"], "players"),
        (["simulate", GAME, "--players", "5", "--games", "1", "--bots", "random", "--seed", "1"], "players"),
        (["simulate", GAME, "--players", "2", "--games", "0", "--bots", "random", "--seed", "1"], "--games"),
        (["simulate", GAME, "--players", "2", "--games", "-3", "--bots", "random", "--seed", "1"], "--games"),
        (["simulate", GAME, "--players", "2", "--games", "1", "--bots", "wizard", "--seed", "1"], "wizard"),
        (["simulate", GAME, "--players", "2", "--games", "1", "--bots", "random,wizard", "--seed", "1"], "wizard"),
        (["simulate", GAME, "--players", "2", "--games", "1", "--bots", "", "--seed", "1"], "bot"),
        (["simulate", GAME, "--players", "2", "--games", "1", "--bots", "random,", "--seed", "1"], "bot"),
        (["simulate", GAME, "--players", "2", "--games", "1", "--bots", "random", "--seed", "-1"], "--seed"),
        (["simulate", GAME, "--players", "2", "--games", "1", "--bots", "random", "--seed", str(2**63)], "--seed"),
        (["simulate", GAME, "--players", "2", "--games", "1", "--bots", "random"], "--seed"),
        (["simulate", GAME, "--games", "1", "--bots", "random", "--seed", "1"], "--players"),
        (["simulate", GAME, "--players", "2", "--bots", "random", "--seed", "1"], "--games"),
        (["simulate", GAME, "--players", "2", "--games", "1", "--seed", "1"], "--bots"),
        (["simulate", GAME, "--players", "x", "--games", "1", "--bots", "random", "--seed", "1"], "--players"),
    ],
)
def test_simulate_bad_arguments(
    argv: list[str], fragment: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def must_not_run(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("simulate ran despite bad arguments")

    monkeypatch.setattr(simulate_mod, "play_game", must_not_run)
    reason = assert_usage_error(*run_cli(argv, capsys))
    assert fragment in reason


# --- out of process ----------------------------------------------------------------------------


def test_subprocess_version(tmp_path: Path) -> None:
    proc = run_meeple(["--version"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().startswith("meeple ")
    assert proc.stdout.strip() == f"meeple {__version__}"


@pytest.mark.parametrize(
    "args",
    [
        ["play", "nope"],
        ["play", GAME, "--players", "9"],
        ["play", GAME, "--names", "A,A"],
        ["play", GAME, "--option", "colour=red"],
        ["rules", "nope"],
        ["simulate", GAME, "--players", "2", "--games", "0", "--bots", "random", "--seed", "1"],
    ],
)
def test_subprocess_bad_arguments(args: list[str], tmp_path: Path) -> None:
    proc = run_meeple(args, tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stdout + proc.stderr
    assert "usage:" in proc.stderr
    assert proc.stderr.splitlines()[0].startswith("meeple")


@pytest.mark.parametrize("args", [["resume", "../x"], ["resume"], ["replay", "missing"]])
def test_subprocess_unusable_saves_are_one_line(args: list[str], tmp_path: Path) -> None:
    """Good arguments naming a save that cannot be used: the reason alone, no usage."""
    proc = run_meeple(args, tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == ""
    assert len(proc.stderr.splitlines()) == 1, proc.stderr
    assert proc.stderr.startswith(f"meeple {args[0]}: error: ")


def test_resume_skips_finished_games(app: AppRecorder, capsys: pytest.CaptureFixture[str]) -> None:
    """Only unfinished games are resumed without a name; a finished one alone is refused."""
    from tests.tui.helpers import finished_table, write_fixed_save

    write_fixed_save(finished_table(), "done", "Quadropolis: Ada, Brook")
    reason = assert_one_line_error(*run_cli(["resume"], capsys))
    assert "no unfinished saved game" in reason
    assert app.calls == []


def test_rules_into_a_closed_pipe_exits_quietly(tmp_path: Path) -> None:
    """`meeple rules GAME | true` (reader gone at once) must not print a traceback."""
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root), XDG_DATA_HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path))
    proc = subprocess.run(
        f"{sys.executable} -m tui.cli rules quadropolis | true",
        shell=True, env=env, capture_output=True, text=True, timeout=60,
    )
    assert "Traceback" not in proc.stderr and "BrokenPipe" not in proc.stderr


# --- errors name the sub-command at fault ------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "command"),
    [
        (["play", "nosuchgame"], "play"),
        (["play", GAME, "--players", "9"], "play"),
        (["play", GAME, "--names", "Ann,Ann"], "play"),
        (["play", GAME, "--option", "colour=red"], "play"),
        (["play", GAME, "--seed", str(2**63)], "play"),
        (["rules", "nope"], "rules"),
        (["simulate", "nope", "--players", "2", "--games", "1", "--bots", "random", "--seed", "1"], "simulate"),
        (["simulate", GAME, "--players", "2", "--games", "0", "--bots", "random", "--seed", "1"], "simulate"),
        (["simulate", GAME, "--players", "2", "--games", "1", "--bots", "wizard", "--seed", "1"], "simulate"),
    ],
)
def test_errors_print_the_sub_command_usage(
    argv: list[str], command: str, app: AppRecorder, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_cli(argv, capsys)
    assert_usage_error(code, out, err)
    first, usage = err.splitlines()[:2]
    assert first.startswith(f"meeple {command}: error: ")
    assert usage.startswith(f"usage: meeple {command} ")
    assert app.calls == []


# --- game ids in any case ----------------------------------------------------------------------


@pytest.mark.parametrize("typed", ["Council", "COUNCIL", "council", "cOuNcIl"])
def test_play_takes_a_game_id_in_any_case(
    typed: str, app: AppRecorder, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run_cli(["play", typed, "--seed", "3"], capsys)
    assert code == 0, err
    assert app.request.game == "council"


def test_rules_takes_a_game_id_in_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    code, expected, _ = run_cli(["rules", "elgrande"], capsys)
    assert code == 0
    code, out, err = run_cli(["rules", "ELGRANDE"], capsys)
    assert code == 0, err
    assert out == expected and out.strip()


def test_simulate_takes_a_game_id_in_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "Quadropolis", "--players", "2", "--games", "1", "--bots", "random",
            "--seed", "1", "--json"]
    code, out, err = run_cli(argv, capsys)
    assert code == 0, err
    assert json.loads(out)["game"] == GAME


def test_unknown_game_quotes_what_was_typed(app: AppRecorder, capsys: pytest.CaptureFixture[str]) -> None:
    reason = assert_usage_error(*run_cli(["play", "Nope"], capsys))
    assert "'Nope'" in reason and "unknown game" in reason


# --- resume: OS errors are one-line usage errors -----------------------------------------------


@pytest.fixture
def locked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder the user may not read, holding a valid save ``game.toml``.

    Tests run as root, which reads anything, so ``chmod`` cannot lock it: ``os.stat``,
    ``os.lstat``, ``os.open`` and ``os.scandir`` raise ``PermissionError`` under it instead.
    """
    folder = tmp_path / "locked"
    folder.mkdir()
    (folder / "game.toml").write_bytes(start_save().path.read_bytes())

    def guard(real: Callable[..., Any]) -> Callable[..., Any]:
        def call(path: Any, *args: Any, **kwargs: Any) -> Any:
            if isinstance(path, (str, os.PathLike)) and folder in Path(os.fsdecode(path)).parents:
                raise PermissionError(13, "Permission denied", os.fsdecode(path))
            return real(path, *args, **kwargs)
        return call

    for name in ("stat", "lstat", "open", "scandir"):
        monkeypatch.setattr(os, name, guard(getattr(os, name)))
    return folder


def test_resume_a_save_in_a_folder_that_cannot_be_read(
    locked: Path, app: AppRecorder, capsys: pytest.CaptureFixture[str]
) -> None:
    reason = assert_one_line_error(*run_cli(["resume", str(locked / "game.toml")], capsys))
    assert "ermission" in reason
    assert app.calls == []


def test_resume_a_save_that_cannot_be_opened(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, app: AppRecorder, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.toml"
    path.write_bytes(start_save().path.read_bytes())
    real_open = os.open

    def refuse(file: Any, *args: Any, **kwargs: Any) -> Any:
        if Path(os.fsdecode(file)) == path:
            raise PermissionError(13, "Permission denied", os.fsdecode(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)
    reason = assert_one_line_error(*run_cli(["resume", str(path)], capsys))
    assert "ermission" in reason
    assert app.calls == []


@pytest.mark.parametrize(
    "name", ["a" * 300, "a" * 300 + ".toml", "a" * 300 + "/x.toml", "x/" + "b" * 300 + ".toml"]
)
def test_resume_a_very_long_name(name: str, app: AppRecorder, capsys: pytest.CaptureFixture[str]) -> None:
    start_save()
    assert_one_line_error(*run_cli(["resume", name], capsys))
    assert app.calls == []


# --- terminal escapes --------------------------------------------------------------------------

def test_resume_error_makes_escapes_in_the_name_visible(
    tmp_path: Path, app: AppRecorder, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_cli(["resume", str(tmp_path / f"{EVIL}.toml")], capsys)
    reason = assert_one_line_error(code, out, err)
    assert_no_controls(err)
    assert "evil␛]0;owned␇" in reason
    reason = assert_one_line_error(*run_cli(["resume", f"x{BIDI}"], capsys))
    assert "\u202e" not in reason
    assert app.calls == []


@pytest.mark.parametrize(
    "argv",
    [
        ["play", GAME, "--names", f"Ann,{EVIL}"],
        ["play", GAME, "--names", f"{EVIL},{EVIL}"],
        ["play", GAME, "--option", f"first_player={EVIL}"],
        ["play", GAME, "--option", f"{EVIL}=1"],
        ["play", EVIL],
        ["rules", BIDI],
        ["simulate", GAME, "--players", "2", "--games", "1", "--bots", EVIL, "--seed", "1"],
    ],
)
def test_usage_errors_never_print_raw_control_characters(
    argv: list[str], app: AppRecorder, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_cli(argv, capsys)
    assert_usage_error(code, out, err)
    assert_no_controls(err)




# --- save names starting with a dash -------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [["resume", "-draft"], ["replay", "-draft"], ["review", "-draft"], ["resume", "--", "-draft"]],
)
def test_a_save_named_with_a_leading_dash_opens_by_name(
    argv: list[str], app: AppRecorder, capsys: pytest.CaptureFixture[str]
) -> None:
    """argparse would take ``-draft`` for an option: an existing save of that name is a save."""
    from tests.tui.helpers import finished_table, write_fixed_save

    path = write_fixed_save(finished_table(), "-draft", "Quadropolis: Ada, Brook")
    code, out, err = run_cli(argv, capsys)
    assert code == 0, err
    request = app.request
    assert path in (request.resume, request.replay, request.review)


def test_a_dash_save_name_among_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Options before and after the name still count; an option's value is never a save."""
    from tests.cli.helpers import make_table
    from tests.tui.helpers import write_fixed_save

    write_fixed_save(make_table(), "-draft", "Quadropolis: Ada, Brook")
    out_file = tmp_path / "-draft.json"
    code, _, err = run_cli(["export", "--out", str(out_file), "-draft"], capsys)
    assert code == 0, err
    assert json.loads(out_file.read_text())["format"] == "meeple-record"
    code, out, err = run_cli(["hint", "-draft", "--json", "--level", "normal"], capsys)
    assert code == 0, err
    assert json.loads(out)["level"] == "normal"


def test_an_unknown_dash_word_is_still_an_unknown_option(
    app: AppRecorder, capsys: pytest.CaptureFixture[str]
) -> None:
    reason = assert_usage_error(*run_cli(["resume", "-nosuch"], capsys))
    assert "-nosuch" in reason
    assert app.calls == []
