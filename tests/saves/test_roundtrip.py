"""Write → read gives back the same header, log and snapshot; resume gives the same game."""

from __future__ import annotations

import tomllib
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from core.table import Table
from saves import (
    FORMAT_VERSION,
    app_version,
    load_table,
    read_save,
    save_table,
    snapshot_table,
    state_hash,
    write_save,
)
from saves.format import format_time, parse_time

from .conftest import GAME, HOLD, make_seats, play_moves

T0 = datetime(2026, 11, 29, 14, 12, 0, tzinfo=timezone.utc)


def test_round_trip_header_log_snapshot(folder: Path, played: Table[Any]) -> None:
    path = folder / "pig-game.toml"
    written = save_table(played, path, "Pig with friends", created=T0, now=T0 + timedelta(minutes=5))
    loaded = read_save(path)
    assert loaded == written
    h = loaded.header
    assert h.format_version == FORMAT_VERSION == 1
    assert h.app_version == app_version() == "0.1.0"
    assert h.game_id == "pig"
    assert h.title == "Pig with friends"
    assert h.options == {"target": 30, "die": "d8", "fast": False}
    assert [(p.name, p.kind, p.level) for p in h.players] == [
        ("Ada", "human", ""),
        ("Brook", "human", ""),
        ("Cyd", "bot", "hard"),
    ]
    assert h.seed == 4242
    assert h.created == "2026-11-29T14:12:00Z"
    assert h.updated == "2026-11-29T14:17:00Z"
    assert h.updated_at == T0 + timedelta(minutes=5)
    assert h.progress == GAME.progress(played.state)
    assert h.over is False
    assert [(r.seat, r.action) for r in loaded.log] == [
        (seat, GAME.encode_action(action)) for seat, action in played.actions()
    ]
    assert loaded.snapshot == GAME.encode_state(played.state)
    assert loaded.snapshot_hash == state_hash(GAME.encode_state(played.state))
    assert loaded.snapshot_ok


def test_file_is_plain_toml_with_header_first(folder: Path, played: Table[Any]) -> None:
    path = folder / "g.toml"
    save_table(played, path, "Pig")
    text = path.read_text("utf-8")
    assert text.startswith("[header]\nformat_version = 1\n")
    doc = tomllib.loads(text)
    assert set(doc) == {"header", "log", "snapshot"}
    assert len(doc["log"]["moves"]) == len(played.log)


def test_load_table_reproduces_state(folder: Path, played: Table[Any]) -> None:
    path = folder / "pig-game.toml"
    save_table(played, path, "Pig")
    loaded = load_table("pig-game", folder)
    assert loaded.warning is None
    assert loaded.path == path
    assert loaded.name == "pig-game"
    assert loaded.header.title == "Pig"
    table = loaded.table
    assert GAME.encode_state(table.state) == GAME.encode_state(played.state)
    assert table.log == played.log
    assert table.seats == played.seats
    assert table.options == played.options
    assert table.seed == played.seed
    # The resumed game goes on exactly like the original.
    play_moves(played, 6)
    play_moves(table, 6)
    assert GAME.encode_state(table.state) == GAME.encode_state(played.state)


def test_load_by_explicit_path(folder: Path, played: Table[Any]) -> None:
    path = folder / "x.toml"
    save_table(played, path, "Pig")
    assert load_table(path).table.log == played.log
    assert load_table(str(path)).table.log == played.log


def test_undo_still_works_after_resume(folder: Path) -> None:
    table = Table.new(GAME, make_seats(), 7, {})
    while not table.legal_actions(table.to_act()[0]) or HOLD not in table.legal_actions(table.to_act()[0]):
        play_moves(table, 1)
    seat = table.to_act()[0]
    table.submit(seat, HOLD)
    save_table(table, folder / "u.toml", "Pig")
    resumed = load_table("u", folder).table
    assert resumed.can_undo(seat)
    resumed.undo(seat)
    assert resumed.to_act() == [seat]


def test_new_game_without_moves_round_trips(folder: Path) -> None:
    table = Table.new(GAME, make_seats(("Ada", "Brook", "Cyd", "Dee")), 1, {"fast": True})
    save_table(table, folder / "fresh.toml", "Pig")
    loaded = load_table("fresh", folder)
    assert loaded.table.log == [] and loaded.header.options["fast"] is True
    assert GAME.encode_state(loaded.table.state) == GAME.encode_state(table.state)


@pytest.mark.parametrize("seed", [0, -1, 2**63 - 1, 2**63, 2**64 - 1, -(2**63)])
def test_seeds_of_any_64_bit_size(seed: int, folder: Path) -> None:
    table = Table.new(GAME, make_seats(), seed, {})
    play_moves(table, 5)
    save_table(table, folder / "s.toml", "Pig")
    loaded = load_table("s", folder)
    assert loaded.table.seed == seed and loaded.warning is None


def test_finished_game_is_marked_over(folder: Path, table: Table[Any]) -> None:
    play_moves(table, 500)
    assert table.is_over()
    save = save_table(table, folder / "done.toml", "Pig")
    assert save.header.over is True
    assert read_save(folder / "done.toml").header.over is True
    assert load_table("done", folder).table.is_over()


def test_default_times_are_utc_now(folder: Path, table: Table[Any]) -> None:
    before = datetime.now(timezone.utc).replace(microsecond=0)
    save = snapshot_table(table, "Pig")
    after = datetime.now(timezone.utc)
    assert before <= save.header.updated_at <= after
    assert save.header.created == save.header.updated
    assert save.header.updated.endswith("Z")


def test_time_helpers() -> None:
    assert format_time(datetime(2026, 1, 2, 3, 4, 5)) == "2026-01-02T03:04:05Z"
    cet = timezone(timedelta(hours=1))
    assert format_time(datetime(2026, 1, 2, 3, 4, 5, tzinfo=cet)) == "2026-01-02T02:04:05Z"
    assert parse_time("2026-01-02T02:04:05+00:00") == datetime(2026, 1, 2, 2, 4, 5, tzinfo=timezone.utc)
    with pytest.raises(ValueError):
        parse_time("yesterday")


def test_odd_player_names_are_cleaned_so_saves_always_load(folder: Path) -> None:
    table = Table.new(GAME, make_seats(("AC/DC", "  \x1b[31mRed  ")), 3, {})
    save_table(table, folder / "names.toml", "Pig\x07")
    header = read_save(folder / "names.toml").header
    assert [p.name for p in header.players] == ["AC-DC", "[31mRed"]
    assert header.title == "Pig "
    # Pig keeps names in its state, so replay no longer matches; the snapshot carries on.
    loaded = load_table("names", folder)
    assert [seat.name for seat in loaded.table.seats] == ["AC-DC", "[31mRed"]
    assert GAME.encode_state(loaded.table.state) == GAME.encode_state(table.state)


def test_app_version_is_the_version_constant() -> None:
    from core import __version__

    assert app_version() == __version__


def test_write_save_refuses_unloadable_data(folder: Path, table: Table[Any]) -> None:
    from dataclasses import replace

    from saves import SaveError

    save = snapshot_table(table, "Pig")
    bad = replace(save, header=replace(save.header, game_id="../evil"))
    with pytest.raises(SaveError, match="not a valid game id"):
        write_save(folder / "bad.toml", bad)
    assert not (folder / "bad.toml").exists()
