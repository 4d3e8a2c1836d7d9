"""Journals (saves/journal.py): checked lines, torn and damaged lines, appends after a
torn tail, and a table's moves and undos replayed through the save's own checks."""

from __future__ import annotations

import zlib
from pathlib import Path
from typing import Any

import pytest

from core.table import Table
from saves.journal import (
    JournalError,
    JournalWriter,
    apply_record,
    decode_line,
    encode_line,
    move_record,
    read_journal,
    undo_record,
)
from tests.saves.conftest import GAME, HOLD, ROLL, make_seats, play_moves

HEADER = {"journal": 1, "snapshot": "ab" * 32}


def new_table(seed: int = 7) -> Table[Any]:
    return Table.new(GAME, make_seats(), seed, {"target": 30})


def write(path: Path, records: list[dict[str, Any]]) -> JournalWriter:
    writer = JournalWriter(path)
    writer.start(HEADER)
    for record in records:
        writer.append([record])
    return writer


def test_a_line_round_trips_and_any_change_of_it_is_caught() -> None:
    record = {"op": "move", "n": 3, "seat": 1, "action": {"kind": "roll", "text": "é"}}
    line = encode_line(record)
    assert line.endswith(b"\n") and line.isascii() and decode_line(line) == record
    for index in range(len(line) - 1):  # every byte but the newline, changed
        broken = line[:index] + bytes([line[index] ^ 0x01]) + line[index + 1:]
        with pytest.raises(JournalError):
            decode_line(broken)
    with pytest.raises(JournalError, match="cut short"):
        decode_line(line[:-1])


def test_not_a_json_object_or_not_plain_data_is_refused() -> None:
    for text in (b"[1, 2]", b'{"n": NaN}', b"[" * 5000 + b"]" * 5000, b"\xff{}"):
        line = b"%08x %s\n" % (zlib.crc32(text), text)
        with pytest.raises(JournalError):
            decode_line(line)


def test_reading_gives_the_header_records_and_where_each_line_ends(tmp_path: Path) -> None:
    path = tmp_path / "t.journal"
    records = [{"op": "x", "n": i} for i in range(4)]
    write(path, records)
    read = read_journal(path)
    assert read.header == HEADER and read.records == records and read.problem is None
    assert read.ends[-1] == path.stat().st_size and len(read.ends) == 5
    with pytest.raises(FileNotFoundError):
        read_journal(tmp_path / "none.journal")


def test_a_torn_last_line_at_every_byte_is_dropped_and_nothing_before_it(tmp_path: Path) -> None:
    path = tmp_path / "t.journal"
    records = [{"op": "x", "n": i, "pad": "y" * i} for i in range(3)]
    write(path, records)
    whole = path.read_bytes()
    last_start = read_journal(path).ends[-2]
    for cut in range(last_start, len(whole)):
        path.write_bytes(whole[:cut])
        read = read_journal(path)
        assert read.records == records[:2], cut
        if cut > last_start:
            assert read.torn and read.dropped == 1 and "cut short" in (read.problem or "")
        else:
            assert read.problem is None


def test_a_damaged_line_before_the_last_drops_it_and_all_after_it(tmp_path: Path) -> None:
    path = tmp_path / "t.journal"
    records = [{"op": "x", "n": i} for i in range(5)]
    write(path, records)
    data = bytearray(path.read_bytes())
    second = read_journal(path).ends[1]  # the second record starts here
    data[second + 12] ^= 0x20
    path.write_bytes(bytes(data))
    read = read_journal(path)
    assert read.records == records[:1] and not read.torn and read.dropped == 4
    assert read.problem is not None and "line 3 of 6 is damaged" in read.problem


def test_appending_after_a_torn_tail_cuts_it_off_first(tmp_path: Path) -> None:
    path = tmp_path / "t.journal"
    write(path, [{"n": 1}, {"n": 2}])
    path.write_bytes(path.read_bytes()[:-5])  # the last line torn by a crash
    read = read_journal(path)
    writer = JournalWriter(path)
    writer.keep(read.ends[-1])
    writer.append([{"n": 2, "again": True}, {"n": 3}])
    again = read_journal(path)
    assert again.problem is None and again.records == [{"n": 1}, {"n": 2, "again": True}, {"n": 3}]


def test_starting_afresh_replaces_every_line(tmp_path: Path) -> None:
    path = tmp_path / "t.journal"
    writer = write(path, [{"n": 1}])
    writer.start({"journal": 1, "snapshot": "cd" * 32})
    read = read_journal(path)
    assert read.header == {"journal": 1, "snapshot": "cd" * 32} and read.records == []


def test_moves_and_undos_replay_to_the_same_table() -> None:
    live = new_table()
    records: list[dict[str, Any]] = []
    while not live.is_over():
        before = len(live.log)
        play_moves(live, 1)
        records.append(move_record(live, before))
        seat = live.log[-1].seat
        if live.can_undo(seat):  # a hold: no die was rolled since
            live.undo(seat)
            records.append(undo_record(seat, len(live.log)))
            live.submit(seat, HOLD)
            records.append(move_record(live, len(live.log) - 1))
    assert any(r["op"] == "undo" for r in records)
    replayed = new_table()
    for record in records:
        assert apply_record(replayed, record)
    assert replayed.actions() == live.actions()
    assert GAME.encode_state(replayed.state) == GAME.encode_state(live.state)
    assert apply_record(replayed, {"op": "seat", "n": len(live.log)}) is False  # not its own


def test_a_record_that_is_not_the_next_change_is_refused_and_changes_nothing() -> None:
    table = new_table()
    play_moves(table, 3)
    next_seat = table.to_act()[0]
    roll = GAME.encode_action(ROLL)
    before = table.actions()
    refused = [
        {"op": "move", "n": 3, "seat": next_seat, "action": roll},  # already made
        {"op": "move", "n": 5, "seat": next_seat, "action": roll},  # a gap
        {"op": "move", "n": 4, "seat": 1 - next_seat, "action": roll},  # not their turn
        {"op": "move", "n": 4, "seat": next_seat, "action": {"kind": "fly"}},  # no such move
        {"op": "move", "n": 4, "seat": 9, "action": roll},
        {"op": "move", "n": "4", "seat": next_seat, "action": roll},
        {"op": "move", "n": 4, "seat": next_seat, "action": [1]},
        {"op": "undo", "n": 2, "seat": 0},  # the last move was a roll: an undo barrier
        {"op": "undo", "n": 2, "seat": 5},
    ]
    for record in refused:
        with pytest.raises(JournalError):
            apply_record(table, record)
        assert table.actions() == before, record
