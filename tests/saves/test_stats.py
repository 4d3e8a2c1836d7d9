"""Players' records from a saves folder of good, broken and unfinished saves."""

from __future__ import annotations

import json
import tomllib
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Sequence

import pytest
import tomli_w

from core.registry import get_game
from core.table import Controller, Seat, Table
from saves import SaveResult, save_table, snapshot_table, write_save
from saves.stats import compute_stats, read_source, read_stats, scores_over_time

from .conftest import GAME, make_seats, play_moves

T0 = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)


def _pig(folder: Path, name: str, seats: Sequence[Seat], minutes: int, *,
         result: SaveResult | None = None, finished: bool = True) -> Path:
    """A real Pig game saved as ``name``: played to its end (its result replaced by
    ``result`` when given, a result the listing takes as the game's), or a few moves."""
    table = Table.new(GAME, list(seats), minutes, {})
    play_moves(table, 500 if finished else 4)
    assert table.is_over() == finished
    save = snapshot_table(table, name, created=T0, now=T0 + timedelta(minutes=minutes))
    if result is not None:
        save = replace(save, header=replace(save.header, result=result))
    path = folder / f"{name}.toml"
    write_save(path, save)
    return path


def _settlement(folder: Path, name: str, difficulty: str, seed: int, minutes: int,
                finished: bool = True) -> Path:
    """A real Settlement game of Ada and an easy bot, played by the reference team."""
    game = get_game("settlement")
    seats = [Seat(0, "Ada"), Seat(1, "Helper", Controller("bot", "easy"))]
    table = Table.new(game, seats, seed, {"difficulty": difficulty, "characters": "order"})
    team = {seat: game.scripted_bots()["reference"](seed + seat) for seat in range(2)}
    while not table.is_over() and (finished or len(table.log) < 20):
        seat = table.to_act()[0]
        table.submit(seat, team[seat].choose(game, table.view(seat), seat))
    path = folder / f"{name}.toml"
    save_table(table, path, name, created=T0, now=T0 + timedelta(minutes=minutes))
    return path


def _mixed_folder(folder: Path) -> None:
    """Two finished games (one with a first place shared by Ada and Brook), one not
    finished, a bots-only game, garbage and a truncated save."""
    shared = _pig(folder, "shared", make_seats(("Ada", "Brook", "Cyd"), bots=(2,)), 1,
                  result=SaveResult((30, 30, 12), (1, 1, 3)))
    easy_bot = [Seat(0, "Ada"), Seat(1, "Bot", Controller("bot", "easy"))]
    _pig(folder, "lost", easy_bot, 2, result=SaveResult((25, 31), (2, 1)))
    _pig(folder, "going", make_seats(("Brook", "Ada")), 3, finished=False)
    _pig(folder, "bots", make_seats(("B1", "B2"), bots=(0, 1)), 4)
    (folder / "garbage.toml").write_bytes(b"\x00\xffnot a save" * 20)
    data = shared.read_bytes()
    (folder / "truncated.toml").write_bytes(data[: len(data) // 2])


def test_records_from_good_broken_and_unfinished_saves(folder: Path) -> None:
    _mixed_folder(folder)
    stats = read_stats(folder)
    assert stats.saves == 4
    assert sorted(name for name, _ in stats.broken) == ["garbage", "truncated"]
    assert all(problem for _, problem in stats.broken)
    [pig] = stats.games
    assert pig.game_id == "pig" and not pig.cooperative and pig.teams == ()
    assert [record.name for record in pig.players] == ["Ada", "Brook"]  # most games first; no bots
    ada, brook = pig.player("Ada"), pig.player("Brook")
    assert ada is not None and brook is not None
    assert (ada.games, ada.finished, ada.wins, ada.best) == (3, 2, 0.5, 30)
    assert ada.win_rate == 0.25 and ada.average == 27.5
    assert ada.against == {"hard": 1, "easy": 1}
    assert (brook.games, brook.finished, brook.wins, brook.win_rate, brook.average, brook.best) == (
        2, 1, 0.5, 0.5, 30.0, 30)
    assert brook.against == {"hard": 1}
    assert (ada.last_played, brook.last_played) == ("2026-11-29T12:03:00Z", "2026-11-29T12:03:00Z")


def test_a_player_with_no_finished_game_has_no_rate_or_scores(folder: Path) -> None:
    _pig(folder, "going", make_seats(("Dee", "Eve")), 1, finished=False)
    dee = read_stats(folder).games[0].player("Dee")
    assert dee is not None and (dee.games, dee.finished, dee.wins) == (1, 0, 0.0)
    assert dee.win_rate is None and dee.average is None and dee.best is None
    assert dee.to_data()["win_rate"] is None


def test_a_first_place_shared_by_three_counts_a_third_each(folder: Path) -> None:
    _pig(folder, "three", make_seats(("Ada", "Brook", "Cyd")), 1,
         result=SaveResult((20, 20, 20), (1, 1, 1)))
    [pig] = read_stats(folder).games
    assert [round(record.wins, 6) for record in pig.players] == [0.333333] * 3
    assert pig.players[0].to_data()["wins"] == 0.333


def test_settlement_team_record_by_difficulty(folder: Path) -> None:
    _settlement(folder, "easy-won", "easy", 0, 1)
    _settlement(folder, "hard-won", "hard", 0, 2)
    _settlement(folder, "hard-lost", "hard", 1, 3)
    _settlement(folder, "hard-going", "hard", 2, 4, finished=False)
    stats = read_stats(folder)
    [game] = stats.games
    assert game.game_id == "settlement" and game.cooperative
    easy, hard = game.teams
    assert easy.to_data() == {"difficulty": "easy", "games": 1, "finished": 1, "won": 1, "lost": 0,
                              "best": 140}
    assert hard.to_data() == {"difficulty": "hard", "games": 3, "finished": 2, "won": 1, "lost": 1,
                              "best": 100}
    [ada] = game.players  # the bot is a teammate: no record, and nobody is played against
    assert (ada.name, ada.games, ada.finished, ada.wins, ada.best) == ("Ada", 4, 3, 1.0 + 1.0, 140)
    assert ada.average == pytest.approx((140 + 100 + 80) / 3)
    assert ada.against == {}


def test_game_filter_and_json(folder: Path) -> None:
    _mixed_folder(folder)
    _settlement(folder, "easy-won", "easy", 0, 5)
    stats = read_stats(folder)
    assert [entry.game_id for entry in stats.games] == ["settlement", "pig"]  # menu order
    only = compute_stats(read_source(folder), "settlement")
    assert [entry.game_id for entry in only.games] == ["settlement"] and only.saves == 1
    assert compute_stats(read_source(folder), "council").games == ()
    data = json.loads(json.dumps(stats.to_data()))
    assert data["saves"] == 5 and data["broken"] == 2
    assert {entry["name"] for entry in data["broken_saves"]} == {"garbage", "truncated"}
    pig = data["games"][1]
    assert pig["players"][0] == {"name": "Ada", "games": 3, "finished": 2, "wins": 0.5,
                                 "win_rate": 0.25, "average": 27.5, "best": 30,
                                 "against": {"easy": 1, "hard": 1},
                                 "last_played": "2026-11-29T12:03:00Z"}


def test_an_empty_or_missing_folder_has_no_records(tmp_path: Path) -> None:
    for folder in (tmp_path / "nowhere", tmp_path):
        stats = read_stats(folder)
        assert stats.games == () and stats.saves == 0 and stats.broken == ()


def test_an_older_save_without_result_counts_with_its_replayed_result(folder: Path) -> None:
    path = _pig(folder, "old", make_seats(("Ada", "Brook")), 1)
    doc = tomllib.loads(path.read_text("utf-8"))
    expected = doc["header"].pop("result")["totals"]
    path.write_text(tomli_w.dumps(doc), encoding="utf-8")
    [played] = read_source(folder).played
    assert played.result is not None and list(played.result.totals) == expected


def test_a_finished_game_whose_scores_cannot_be_added_up_is_skipped(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(state: object) -> object:
        raise ZeroDivisionError("scoring bug")

    monkeypatch.setattr(GAME, "result", broken)
    _pig(folder, "unscored", make_seats(("Ada", "Brook")), 1)
    _pig(folder, "going", make_seats(("Ada", "Brook")), 2, finished=False)
    stats = read_stats(folder)
    assert stats.broken == (("unscored", "its final scores cannot be added up"),)
    ada = stats.games[0].player("Ada")
    assert ada is not None and (ada.games, ada.finished) == (1, 0)


def test_a_result_of_the_wrong_kind_is_skipped(folder: Path) -> None:
    _pig(folder, "odd", make_seats(("Ada", "Brook")), 1,
         result=SaveResult((9, 9), (1, 1), cooperative=True))
    source = read_source(folder)
    assert source.played == () and [name for name, _ in source.broken] == ["odd"]
    assert "team result" in source.broken[0][1]


def test_scores_over_time(folder: Path) -> None:
    _pig(folder, "second", make_seats(("Ada", "Brook")), 20, result=SaveResult((12, 30), (2, 1)))
    _pig(folder, "first", make_seats(("Brook", "Ada")), 10, result=SaveResult((30, 21), (1, 2)))
    _pig(folder, "third", make_seats(("Ada", "Cyd")), 30, result=SaveResult((33, 7), (1, 2)))
    _pig(folder, "going", make_seats(("Ada", "Brook")), 40, finished=False)
    _settlement(folder, "team", "easy", 0, 50)
    source = read_source(folder)
    ada = scores_over_time(source, "Ada", "pig")
    assert ada == [(T0 + timedelta(minutes=10), 21), (T0 + timedelta(minutes=20), 12),
                   (T0 + timedelta(minutes=30), 33)]
    assert scores_over_time(source, "Ada", "pig", last=2) == ada[1:]
    assert scores_over_time(source, "Ada", "settlement") == [(T0 + timedelta(minutes=50), 140)]
    assert scores_over_time(source, "Cyd", "settlement") == []
    assert scores_over_time(source, "Nobody", "pig") == []


def test_a_name_seated_twice_counts_once(folder: Path) -> None:
    _pig(folder, "twice", make_seats(("Ada", "Ada", "Brook")), 1,
         result=SaveResult((5, 30, 12), (3, 1, 2)))
    ada = read_stats(folder).games[0].player("Ada")
    assert ada is not None and (ada.games, ada.finished, ada.wins, ada.best) == (1, 1, 0.0, 5)


def test_a_header_that_says_an_unfinished_game_is_over_is_not_believed(folder: Path) -> None:
    path = _pig(folder, "going", make_seats(("Ada", "Brook")), 1, finished=False)
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    doc["header"]["over"] = True
    doc["header"]["result"] = {"totals": [999, 0], "ranks": [1, 2], "team": False}
    path.write_text(tomli_w.dumps(doc), encoding="utf-8")
    (ada,) = [p for g in read_stats(folder).games for p in g.players if p.name == "Ada"]
    assert ada.games == 1 and ada.finished == 0 and ada.wins == 0 and ada.best is None
