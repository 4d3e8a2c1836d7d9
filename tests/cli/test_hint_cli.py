"""``meeple hint SAVE``: the hint for the seat on turn (text and JSON), what the panel
shows; a missing, broken or finished save is a one-line usage error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.ai import coach
from saves import Autosaver, load_table
from tests.cli.helpers import (EVIL, assert_no_controls, assert_one_line_error, assert_usage_error, run_cli,
                               start_save, write_garbage)
from tests.tui.helpers import finished_table


@pytest.fixture(autouse=True)
def few_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    real = coach.batches_for
    monkeypatch.setattr(coach, "batches_for", lambda game, level: min(4, real(game, level)))


def test_json_is_the_hint_of_the_seat_on_turn(capsys: pytest.CaptureFixture[str]) -> None:
    saver = start_save(moves=3)
    code, out, err = run_cli(["hint", str(saver.path), "--json", "--level", "normal"], capsys)
    assert code == 0, err
    data = json.loads(out)
    table = load_table(saver.path).table
    seat = table.to_act()[0]
    view = table.view(seat)
    expected = coach.hint(table.game, view, seat, "normal")
    assert data["seat"] == seat and data["unit"] == "points"
    assert [m["move"] for m in data["moves"]] == [table.game.describe(m.action, view) for m in expected.top()]
    assert [m["value"] for m in data["moves"]] == [round(m.value, 4) for m in expected.top()]
    assert all(isinstance(m["why"], str) for m in data["moves"])


def test_text_names_the_seat_and_lists_the_moves(capsys: pytest.CaptureFixture[str]) -> None:
    saver = start_save(moves=4)
    code, out, err = run_cli(["hint", saver.name], capsys)
    assert code == 0, err
    lines = out.splitlines()
    seat = load_table(saver.path).table.to_act()[0]
    name = ["Ada", "Brook"][seat]
    assert lines[0].startswith(f"Hint for {name} (seat {seat + 1}) · Quadropolis")
    assert lines[1].startswith("Values: margin at the end, in points")
    assert lines[2].startswith("1. ")
    assert_no_controls(out)


def test_missing_broken_and_finished_saves(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    reason = assert_one_line_error(*run_cli(["hint", "no such save"], capsys))
    assert "no such save" in reason or "does not exist" in reason
    write_garbage("bad")
    assert "bad.toml" in assert_one_line_error(*run_cli(["hint", "bad"], capsys))
    saver = Autosaver.start(finished_table(), "Done")
    saver.close()
    reason = assert_one_line_error(*run_cli(["hint", str(saver.path)], capsys))
    assert "is over" in reason
    reason = assert_one_line_error(*run_cli(["hint", EVIL], capsys))
    assert "\x1b" not in reason
    assert_usage_error(*run_cli(["hint", str(saver.path), "--level", "easy"], capsys))


def test_a_coach_bug_is_one_line_and_a_crash_log(capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    saver = start_save(moves=3)

    def broken(*args: object, **kwargs: object) -> coach.Hint:
        raise RuntimeError("a coach bug")

    monkeypatch.setattr(coach, "hint", broken)
    code, out, err = run_cli(["hint", str(saver.path)], capsys)
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and "a coach bug" in err and "Traceback" not in err
