"""``meeple stats``: the text tables, ``--json``, ``--game``, an unknown game, broken and
hostile saves, and what a warm run imports (no engine, no Textual)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from core.registry import get_game
from core.rng import Rng
from core.table import Controller, Seat, Table
from saves import save_table, saves_dir
from saves.verdicts import cache_path
from tests.cli.helpers import (
    assert_one_line_error,
    assert_no_controls,
    assert_usage_error,
    run_cli,
    start_save,
    write_garbage,
)
from tests.cli.test_imports import engine_modules, imported, textual_modules


def finished(game_id: str, seats: list[Seat], seed: int, name: str, options: dict[str, Any] | None = None) -> Path:
    """A real game played to its end by seeded random moves, saved as ``name``."""
    table = Table.new(get_game(game_id), seats, seed, options or {})
    rng = Rng(seed)
    while not table.is_over():
        seat = table.to_act()[0]
        actions = table.legal_actions(seat)
        table.submit(seat, actions[rng.randbelow(len(actions))])
    path = saves_dir() / f"{name}.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    save_table(table, path, name)
    return path


def folder_of_saves() -> dict[str, Any]:
    """A finished Quadropolis game of Ada and Brook against a hard bot, an unfinished one
    of Ada against an easy bot, a finished Settlement game, and a garbage file."""
    path = finished("quadropolis", [Seat(0, "Ada"), Seat(1, "Brook"), Seat(2, "Bot", Controller("bot", "hard"))],
                    3, "quad")
    start_save()
    finished("settlement", [Seat(0, "Ada")], 5, "town", {"difficulty": "hard"})
    write_garbage("bad")
    result: dict[str, Any] = tomllib.loads(path.read_text("utf-8"))["header"]["result"]
    return result


def test_text_tables(capsys: pytest.CaptureFixture[str]) -> None:
    result = folder_of_saves()
    code, out, err = run_cli(["stats"], capsys)
    assert code == 0 and err == ""
    blocks = out.strip().split("\n\n")
    quadropolis = blocks[0].splitlines()
    assert quadropolis[0] == "Quadropolis"
    assert quadropolis[1].split() == ["PLAYER", "GAMES", "FINISHED", "WINS", "WIN", "RATE", "AVERAGE",
                                      "BEST", "AGAINST", "BOTS"]
    ada = quadropolis[2].split()
    score = result["totals"][0]
    won = "1" if result["ranks"][0] == 1 else "0"
    assert ada[:4] == ["Ada", "2", "1", won] and ada[6] == str(score)
    assert quadropolis[2].endswith("easy 1, hard 1")
    assert quadropolis[3].split()[:3] == ["Brook", "1", "1"] and quadropolis[3].endswith("hard 1")
    settlement = blocks[1].splitlines()
    assert settlement[0] == "Settlement (Osada)" and "AGAINST" not in settlement[1]
    assert blocks[2].splitlines()[0] == "The team, by difficulty:"
    assert blocks[2].splitlines()[2].split()[:3] == ["hard", "1", "1"]
    assert blocks[-1] == "3 saved games counted; 1 unreadable save skipped (`meeple saves` says why)."


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    result = folder_of_saves()
    code, out, _ = run_cli(["stats", "--json"], capsys)
    assert code == 0
    data = json.loads(out)
    assert data["saves"] == 3 and data["broken"] == 1
    assert data["broken_saves"][0]["name"] == "bad"
    assert [game["game"] for game in data["games"]] == ["quadropolis", "settlement"]
    ada = data["games"][0]["players"][0]
    assert ada["name"] == "Ada" and ada["games"] == 2 and ada["finished"] == 1
    assert ada["best"] == result["totals"][0] and ada["against"] == {"easy": 1, "hard": 1}
    [team] = data["games"][1]["teams"]
    assert team["difficulty"] == "hard" and team["games"] == 1 and team["won"] + team["lost"] == 1


def test_game_filter_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    folder_of_saves()
    code, out, _ = run_cli(["stats", "--game", "Settlement", "--json"], capsys)
    assert code == 0
    data = json.loads(out)
    assert [game["game"] for game in data["games"]] == ["settlement"] and data["saves"] == 1
    code, out, _ = run_cli(["stats", "--game", "council"], capsys)
    assert code == 0
    assert out.startswith("No games with a human player in the saves yet.")


@pytest.mark.parametrize("game", ["chess", "", "../quadropolis", "\x1b[31mred"])
def test_an_unknown_game_is_a_usage_error(capsys: pytest.CaptureFixture[str], game: str) -> None:
    code, out, err = run_cli(["stats", "--game", game], capsys)
    reason = assert_usage_error(code, out, err)
    assert reason.startswith("unknown game")
    assert_no_controls(err)


def test_no_saves(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["stats"], capsys)
    assert code == 0
    assert out == "No games with a human player in the saves yet.\n\n0 saved games counted.\n"
    code, out, _ = run_cli(["stats", "--json"], capsys)
    assert json.loads(out) == {"saves": 0, "broken": 0, "broken_saves": [], "games": []}


def test_an_unreadable_folder_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    saves_dir().parent.mkdir(parents=True, exist_ok=True)
    saves_dir().write_text("a file where the folder should be")
    code, out, err = run_cli(["stats"], capsys)
    assert "saves folder" in assert_one_line_error(code, out, err)


def test_names_are_printed_as_plain_text(capsys: pytest.CaptureFixture[str]) -> None:
    path = finished("quadropolis", [Seat(0, "[b]Ada[i]"), Seat(1, "Brook")], 4, "markup")
    doc = tomllib.loads(path.read_text("utf-8"))
    doc["header"]["players"][1]["name"] = "Evil\x1b]0;owned\x07"  # refused: counted as broken
    (saves_dir() / "evil.toml").write_text(tomli_w.dumps(doc), encoding="utf-8")
    code, out, _ = run_cli(["stats"], capsys)
    assert code == 0
    assert_no_controls(out)
    assert out.splitlines()[2].startswith("[b]Ada[i]  ") and "Evil" not in out
    assert "1 unreadable save skipped" in out
    code, out, _ = run_cli(["stats", "--json"], capsys)
    assert code == 0
    assert_no_controls(out)
    assert json.loads(out)["games"][0]["players"][0]["name"] == "[b]Ada[i]"


def test_a_warm_run_imports_no_engine_nor_textual() -> None:
    folder_of_saves()
    cache_path().unlink(missing_ok=True)
    first = imported("-m", "tui.cli", "stats")
    assert engine_modules(first) != []  # no verdict remembered: the saves are replayed
    assert textual_modules(first) == []
    again = imported("-m", "tui.cli", "stats", "--json")
    assert engine_modules(again) == [] and textual_modules(again) == []
