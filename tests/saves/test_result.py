"""A finished game's result (totals and ranks per seat) in its save's header."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, Callable

import pytest
import tomli_w

from core.engine import Result
from core.table import Table
from saves import SaveError, SaveResult, list_saves, read_save, save_table

from .conftest import GAME, make_seats, play_moves


def _finished(folder: Path, name: str = "done", seed: int = 4242) -> tuple[Table[Any], Path]:
    table = Table.new(GAME, make_seats(("Ada", "Brook", "Cyd"), bots=(2,)), seed, {"target": 30})
    play_moves(table, 500)
    assert table.is_over()
    path = folder / f"{name}.toml"
    save_table(table, path, "Pig")
    return table, path


def test_a_finished_game_keeps_its_totals_and_ranks(folder: Path) -> None:
    table, path = _finished(folder)
    result = GAME.result(table.state)
    header = read_save(path).header
    assert header.result == SaveResult(totals=result.totals, ranks=result.ranks, cooperative=False)
    assert tomllib.loads(path.read_text("utf-8"))["header"]["result"]["ranks"] == list(result.ranks)


def test_a_game_not_over_has_no_result(folder: Path, played: Table[Any]) -> None:
    save_table(played, folder / "going.toml", "Pig")
    assert read_save(folder / "going.toml").header.result is None
    assert "result" not in tomllib.loads((folder / "going.toml").read_text("utf-8"))["header"]


def test_win_shares() -> None:
    shared = SaveResult(totals=(30, 30, 12), ranks=(1, 1, 3))
    assert [shared.win_share(seat) for seat in range(3)] == [0.5, 0.5, 0.0]
    team = SaveResult(totals=(40, 40), ranks=(1, 1), cooperative=True)
    assert team.team_won and [team.win_share(seat) for seat in range(2)] == [1.0, 1.0]
    lost = SaveResult(totals=(9,), ranks=(2,), cooperative=True)
    assert not lost.team_won and lost.win_share(0) == 0.0


def test_a_scoring_bug_still_saves_the_game(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(state: Any) -> Result:
        raise ZeroDivisionError("scoring bug")

    monkeypatch.setattr(GAME, "result", broken)
    _, path = _finished(folder)
    header = read_save(path).header
    assert header.over and header.result is None


def _strip_result(path: Path) -> None:
    """Rewrite ``path`` as a version that kept no result wrote it."""
    doc = tomllib.loads(path.read_text("utf-8"))
    del doc["header"]["result"]
    path.write_text(tomli_w.dumps(doc), encoding="utf-8")


def test_an_older_finished_save_loads_and_listing_adds_its_result(folder: Path) -> None:
    table, path = _finished(folder)
    _strip_result(path)
    assert read_save(path).header.result is None  # it loads as it is
    [listing] = list_saves(folder)
    result = GAME.result(table.state)
    assert listing.error is None and listing.header is not None
    assert listing.header.result == SaveResult(result.totals, result.ranks)


def test_the_added_result_is_remembered_across_runs(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from saves import store

    table, path = _finished(folder)
    _strip_result(path)
    list_saves(folder)
    monkeypatch.setattr(store, "_verdicts", {})  # a new process: only the cache file is left
    monkeypatch.setattr(store.resume, "open_save", _must_not_open)
    [listing] = list_saves(folder)
    assert listing.header is not None and listing.header.result is not None
    assert listing.header.result.totals == GAME.result(table.state).totals


def test_a_finished_header_remembered_without_result_is_opened_again(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from saves import store

    table, path = _finished(folder)
    _strip_result(path)
    with monkeypatch.context() as patch:  # listed by a version that kept no results
        patch.setattr(store, "_with_result", lambda header, table: header)
        [before] = list_saves(folder)
    assert before.header is not None and before.header.result is None
    monkeypatch.setattr(store, "_verdicts", {})  # a new process, with that cache file
    [listing] = list_saves(folder)
    assert listing.header is not None and listing.header.result is not None
    assert listing.header.result.totals == GAME.result(table.state).totals
    monkeypatch.setattr(store, "_verdicts", {})
    monkeypatch.setattr(store.resume, "open_save", _must_not_open)  # now remembered with it
    [again] = list_saves(folder)
    assert again.header == listing.header


def _must_not_open(path: Any) -> Any:
    raise AssertionError("the save was opened again")


Maker = Callable[[dict[str, Any]], None]


def _set(key: str, value: Any) -> Maker:
    return lambda doc: doc["header"]["result"].__setitem__(key, value)


BAD: list[tuple[str, Maker, str]] = [
    ("not-a-table", lambda d: d["header"].__setitem__("result", [1, 2]), "result should be a table"),
    ("not-over", lambda d: d["header"].__setitem__("over", False), "the game is not over"),
    ("no-totals", lambda d: d["header"]["result"].pop("totals"), "'totals' is missing"),
    ("no-ranks", lambda d: d["header"]["result"].pop("ranks"), "'ranks' is missing"),
    ("totals-text", _set("totals", "30, 12, 9"), "totals should be a list"),
    ("short-totals", _set("totals", [30, 12]), "has 2 entries for 3 players"),
    ("long-ranks", _set("ranks", [1, 2, 3, 4]), "has 4 entries for 3 players"),
    ("float-total", _set("totals", [30, 1.5, 9]), "totals[1] should be a whole number"),
    ("bool-rank", _set("ranks", [True, 2, 3]), "ranks[0] should be a whole number"),
    ("rank-zero", _set("ranks", [0, 2, 3]), "ranks[0] is out of range"),
    ("rank-too-low", _set("ranks", [1, 2, 9]), "ranks[2] is out of range"),
    ("nobody-first", _set("ranks", [2, 2, 3]), "no seat first"),
    ("huge-total", _set("totals", [2**64, 1, 1]), "totals[0] is out of range"),
    ("team-flag-text", _set("cooperative", "yes"), "cooperative should be true or false"),
    ("team-seats-differ", _set("cooperative", True), "team result, but its seats differ"),
]


@pytest.mark.parametrize(("change", "expected"), [c[1:] for c in BAD], ids=[c[0] for c in BAD])
def test_a_bad_result_is_refused(folder: Path, change: Maker, expected: str) -> None:
    _, path = _finished(folder)
    doc = tomllib.loads(path.read_text("utf-8"))
    change(doc)
    path.write_text(tomli_w.dumps(doc), encoding="utf-8")
    with pytest.raises(SaveError) as caught:
        read_save(path)
    assert expected in str(caught.value)
    [listing] = list_saves(folder)
    assert listing.header is None and listing.error is not None
