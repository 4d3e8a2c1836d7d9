"""``meeple review SAVE``: the app on the review screen, or ``--print``/``--json`` in the
terminal (valued decisions kept in the save); one line and exit 2 for a save that is
missing, broken, not finished or without a human player."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import core.ai.review as core_review
from core.ai.coach import format_loss
from core.registry import get_game
from core.table import Table
from saves import open_review, save_table, saves_dir, write_review
from tests.cli.helpers import (
    assert_one_line_error,
    EVIL,
    AppRecorder,
    assert_no_controls,
    assert_usage_error,
    put_save,
    run_cli,
    run_meeple,
    write_garbage,
)
from tests.tui.helpers import seats
from tests.tui.test_review_screen import SEED, finished, valued

LEVEL = "normal"


def saved(name: str = "settle", kept: int | None = None) -> Path:
    """The finished Settlement game's save, holding its first ``kept`` valued decisions
    (None: all of them)."""
    path = saves_dir() / f"{name}.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    save_table(finished(), path, "Settlement")
    decisions = valued()[:kept]
    if decisions:
        write_review(path, open_review(path).game, decisions)
    return path


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The log indexes of the decisions the coach values (kept ones are not valued again)."""
    valued()  # (valued first, uncounted)
    calls: list[int] = []
    value = core_review.value

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(args[1].index)
        return value(*args, **kwargs)

    monkeypatch.setattr(core_review, "value", counting)
    return calls


def test_print_values_what_is_missing_keeps_it_and_lists_the_costliest(
        capsys: pytest.CaptureFixture[str], counted: list[int]) -> None:
    decisions = valued()
    path = saved(kept=len(decisions) - 2)
    code, out, err = run_cli(["review", "settle", "--print", "--level", LEVEL], capsys)
    assert code == 0, err
    assert counted == [d.index for d in decisions[-2:]]
    assert open_review(path).decisions == decisions  # kept in the save
    assert out.startswith(f"Review of settle.toml: Settlement (Osada), Ada; {len(decisions)} decisions")
    top = core_review.costliest(decisions)
    assert "The 5 costliest:" in out
    for rank, decision in enumerate(top, start=1):
        loss = format_loss(decision.loss, decision.unit)
        assert f"{rank}. Move {decision.move_number}, Ada: {loss}" in out
        assert f"   played: {decision.played_text}\n   best:   {decision.best_text}" in out
    assert "Traceback" not in out + err
    counted.clear()
    code, again, _ = run_cli(["review", str(path), "--print", "--level", LEVEL], capsys)  # by path
    assert code == 0 and again == out and counted == []  # all kept: nothing valued again


def test_json_is_a_list_of_the_five_costliest(capsys: pytest.CaptureFixture[str]) -> None:
    saved()
    code, out, err = run_cli(["review", "settle", "--json", "--level", LEVEL], capsys)
    assert code == 0, err
    records = json.loads(out)
    top = core_review.costliest(valued())
    assert [r["move"] for r in records] == [d.move_number for d in top]
    for record, decision in zip(records, top):
        assert record["player"] == "Ada" and record["seat"] == 0
        assert record["played"] == decision.played and record["best"] == decision.best
        assert record["played_text"] == decision.played_text and record["best_text"] == decision.best_text
        assert record["loss"] == decision.loss > 0 and record["unit"] == "chance"
        assert record["loss_text"] == format_loss(decision.loss, decision.unit)
        assert record["level"] == LEVEL and record["coach_version"] == decision.coach_version


def test_without_print_the_app_opens_on_the_review(capsys: pytest.CaptureFixture[str], app: AppRecorder) -> None:
    path = saved()
    code, out, err = run_cli(["review", "settle"], capsys)
    assert code == 0, err
    assert app.request.review == path and app.request.review_level == "hard"
    assert app.request.resume is None and app.request.game == ""
    run_cli(["review", "settle", "--level", "normal"], capsys)
    assert app.calls[-1].review_level == "normal"


def test_a_missing_or_broken_save_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], app: AppRecorder) -> None:
    reason = assert_one_line_error(*run_cli(["review", "nothing-here", "--print"], capsys))
    assert "no save called 'nothing-here'" in reason
    write_garbage("bad")
    reason = assert_one_line_error(*run_cli(["review", "bad"], capsys))
    assert "bad.toml" in reason
    reason = assert_one_line_error(*run_cli(["review", "/no/such/file.toml", "--json"], capsys))
    assert "does not exist" in reason
    reason = assert_one_line_error(*run_cli(["review", "../escape"], capsys))
    assert "not a valid save name" in reason
    saved()
    reason = assert_usage_error(*run_cli(["review", "settle", "--level", "easy"], capsys))
    assert "--level takes normal or hard" in reason
    assert app.calls == []


def test_an_unfinished_game_or_one_without_a_human_is_refused(capsys: pytest.CaptureFixture[str],
                                                              app: AppRecorder) -> None:
    game = get_game("settlement")
    going_on = Table.new(game, seats("human", "easy"), SEED)
    first = going_on.to_act()[0]
    going_on.submit(first, going_on.legal_actions(first)[0])
    save_table(going_on, saves_dir() / "going-on.toml", "Settlement")
    for argv in (["review", "going-on"], ["review", "going-on", "--print"]):
        reason = assert_one_line_error(*run_cli(argv, capsys))
        assert "not over" in reason and "going-on.toml" in reason
    bots = Table.new(game, seats("easy", "easy"), SEED)
    while not bots.is_over():
        seat = bots.to_act()[0]
        bots.submit(seat, bots.legal_actions(seat)[0])
    save_table(bots, saves_dir() / "bots.toml", "Settlement")
    reason = assert_one_line_error(*run_cli(["review", "bots", "--json"], capsys))
    assert "no human" in reason
    assert app.calls == []


def test_a_damaged_review_is_told_on_stderr_and_valued_again(capsys: pytest.CaptureFixture[str]) -> None:
    path = saved()
    path.write_text(path.read_text("utf-8").replace('unit = "chance"', 'unit = "goats"', 1), "utf-8")
    code, out, err = run_cli(["review", "settle", "--json", "--level", LEVEL], capsys)
    assert code == 0
    assert len(err.strip().splitlines()) == 1 and "dropped" in err and "settle.toml" in err
    assert [r["move"] for r in json.loads(out)] == [d.move_number for d in core_review.costliest(valued())]
    assert open_review(path).warning is None and open_review(path).decisions == valued()


def test_a_save_name_with_control_characters_is_printed_visibly(capsys: pytest.CaptureFixture[str]) -> None:
    put_save(EVIL, saved())
    code, out, err = run_cli(["review", EVIL, "--print", "--level", LEVEL], capsys)
    assert code == 0, err
    assert_no_controls(out + err)
    assert out.startswith("Review of evil")


def test_out_of_process_without_textual(tmp_path: Path) -> None:
    """The real command: --json works from a fresh interpreter (no traceback, exit 0) and a
    bad save gives exit 2; neither imports Textual."""
    from tests.cli.test_imports import imported, textual_modules

    saved()  # (in the same private folders as the subprocess: the user_dirs fixture's)
    done = run_meeple(["review", "settle", "--json", "--level", LEVEL], tmp_path)
    assert done.returncode == 0, done.stderr
    assert len(json.loads(done.stdout)) == 5
    missing = run_meeple(["review", "missing", "--print"], tmp_path)
    assert missing.returncode == 2 and "Traceback" not in missing.stderr
    assert textual_modules(imported("-m", "tui.cli", "review", "settle", "--json", "--level", LEVEL)) == []


def test_a_bug_while_valuing_is_one_line_and_exit_1(capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    decisions = valued()
    path = saved(kept=len(decisions) - 3)

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a rules bug")

    monkeypatch.setattr(core_review, "value", broken)
    code, out, err = run_cli(["review", "settle", "--print", "--level", LEVEL], capsys)
    assert code == 1 and out == "" and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert "RuntimeError: a rules bug" in err and "Details are in" in err
    assert open_review(path).decisions == decisions[:-3]  # what was kept stays
