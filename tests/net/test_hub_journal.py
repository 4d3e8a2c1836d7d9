"""A network table's journal (net/hub_saving.py): every change of a running game is one
line beside the table's snapshot, and a hub killed at any moment resumes every change
that was written, at most the one being written missing."""

from __future__ import annotations

import logging
import random
import shutil
from pathlib import Path
from typing import Any, Callable

import pytest

from core.registry import get_game
from core.table import Controller, parse_options
from net import hub_saving
from net.hub import Hub
from net.hub_saving import TableSaving
from net.hub_store import HubStore, SeatInfo, StoreError, TableMeta
from net.hub_tables import NetTable
from saves.journal import JournalWriter, encode_line, read_journal
from saves.resume import open_save
from tests.net import greet, run_hub
from tests.net.test_hub_protocol import council_pair
from tests.net.test_hub_restart import play as play_moves

COUNCIL = get_game("council")
KEYS = ("SHA256:ann", "SHA256:bob")

Picture = tuple[list[tuple[int, Any]], list[Controller], Any]


def new_table(seed: int = 11, game_id: str = "council") -> NetTable:
    """A started two-player table (a Council one: Ann starts), as the hub makes one."""
    game = get_game(game_id)
    options = parse_options(game, {"first_player": "0"} if game is COUNCIL else {}, 2)
    meta = TableMeta(id="t1", game=game_id, options=options,
                     seats=[SeatInfo("player", key) for key in KEYS], creator=KEYS[0], created=1.8e9)
    nt = NetTable(meta, game)
    nt.start(lambda key: key[-3:].title(), seed)
    return nt


def picture(nt: NetTable) -> Picture:
    """What must survive a restart: the moves, who plays each seat, the position."""
    table, game = nt.table, nt.game
    assert table is not None
    return ([(seat, game.encode_action(action)) for seat, action in table.actions()],
            [seat.controller for seat in table.seats], game.encode_state(table.state))


def restored(folder: Path) -> NetTable:
    return TableSaving(HubStore(folder)).restore("t1")


class Play:
    """Changes a table as the hub does (change, then save) and keeps each picture."""

    def __init__(self, folder: Path, seed: int = 11, resume: bool = False, game_id: str = "council") -> None:
        self.folder = folder
        self.saving = TableSaving(HubStore(folder))
        if resume:
            self.nt = self.saving.restore("t1")
        else:
            self.nt = new_table(seed, game_id)
            self.saving.save(self.nt)
        self.history = [picture(self.nt)]
        self.rng = random.Random(seed)

    @property
    def table(self) -> Any:
        return self.nt.table

    def changed(self) -> None:
        self.nt.changed()
        self.saving.save(self.nt)
        self.history.append(picture(self.nt))

    def move(self) -> None:
        seat = self.table.to_act()[0]
        self.table.submit(seat, self.rng.choice(self.table.legal_actions(seat)))
        self.changed()

    def undo(self, seat: int) -> None:
        self.table.undo(seat)
        self.changed()

    def hand(self, seat: int, level: str = "easy") -> None:
        self.nt.hand_to_bot(seat, level)
        self.changed()

    def take_back(self, seat: int) -> None:
        self.nt.take_back(seat)
        self.changed()

    def until_undo(self) -> int:
        """Play until a person may undo; returns that seat."""
        for _ in range(200):
            self.move()
            for seat in (0, 1):
                if self.table.can_undo(seat):
                    return seat
        raise AssertionError("no undo came up")

    def journal(self) -> Path:
        return self.folder / "tables" / "t1.journal"


def ops(play: Play) -> list[str]:
    return [str(record.get("op")) for record in read_journal(play.journal()).records]


def test_resume_from_the_snapshot_and_the_journal_tail_at_many_points(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hub_saving, "SNAPSHOT_MIN_LINES", 10)
    play = Play(tmp_path)
    assert play.saving.snapshots == 1 and ops(play) == []  # the start: a snapshot
    snapshots_at = []
    for moves in range(1, 41):
        play.move()
        if not ops(play):
            snapshots_at.append(moves)
        if moves in (1, 9, 10, 11, 19, 20, 27, 38, 39, 40):
            assert picture(restored(tmp_path)) == play.history[-1], moves
    # Once the journal holds max(10, moves / 2) lines: at 10, 20, then 39 (19 lines).
    assert snapshots_at == [10, 20, 39] and play.saving.snapshots == 4
    assert len(open_save(tmp_path / "tables" / "t1.toml").table.log) == 39  # an ordinary save


def test_a_torn_last_line_is_dropped_at_every_byte_and_reported_once(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    play = Play(tmp_path)
    for _ in range(4):
        play.move()
    whole = play.journal().read_bytes()
    last = read_journal(play.journal()).ends[-2]
    for cut in range(last + 1, len(whole)):
        play.journal().write_bytes(whole[:cut])
        caplog.clear()
        with caplog.at_level(logging.INFO, logger="meeple.hub"):
            back = restored(tmp_path)
        assert picture(back) == play.history[-2], cut
        assert [r.levelname for r in caplog.records] == ["WARNING"], cut
        assert "cut short" in caplog.records[0].getMessage() and "after move 3" in caplog.records[0].getMessage()
    assert not list(tmp_path.glob("tables/*.broken-*"))
    # Play on from the restored table: the torn bytes are cut off before the next line.
    again = Play(tmp_path, seed=3, resume=True)
    again.move()
    assert read_journal(play.journal()).problem is None
    assert picture(restored(tmp_path)) == again.history[-1]


class Killed(BaseException):
    """The hub killed at this point (not an ``OSError``: nothing catches it)."""


def kill_at(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    def killed(*args: Any) -> None:
        raise Killed

    monkeypatch.setattr(JournalWriter, name, killed)


def test_killed_between_the_snapshot_and_the_fresh_journal_nothing_is_lost_or_applied_twice(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(hub_saving, "SNAPSHOT_MIN_LINES", 1000)
    play = Play(tmp_path)
    for _ in range(3):
        play.move()
    seat = play.until_undo()
    play.undo(seat)  # the last change does not raise the move count
    assert ops(play)[-1] == "undo"
    kill_at(monkeypatch, "start")
    with pytest.raises(Killed):
        play.saving.close(play.nt)  # the hub shutting down: a snapshot, then a fresh journal
    assert read_journal(play.journal()).records  # the old journal is still there
    with caplog.at_level(logging.INFO, logger="meeple.hub"):
        assert picture(restored(tmp_path)) == play.history[-1]
    # Known for what it is (older than the save), not taken for a damaged journal.
    assert [r.levelname for r in caplog.records] == ["INFO"]
    assert "in the save already" in caplog.records[0].getMessage()
    assert not list(tmp_path.glob("tables/*.broken-*"))


def test_undo_and_seats_handed_over_and_taken_back_are_in_the_journal(tmp_path: Path) -> None:
    play = Play(tmp_path, game_id="quadropolis")  # (a Council bot's turn starts with a draw)
    seat = play.until_undo()
    play.undo(seat)
    play.hand(1, "easy")
    for _ in range(6):
        play.move()
    for _ in range(200):  # Ann's move and the bot's after it, taken back together
        play.move()
        if play.table.undo_depth(0) > 1:
            play.undo(0)
            break
    else:
        raise AssertionError("no undo of a move and a bot's came up")
    play.take_back(1)
    play.move()
    play.hand(1, "normal")
    assert {"move", "undo", "seat"} == set(ops(play))
    back = restored(tmp_path)
    assert picture(back) == play.history[-1]
    live_table, back_table = play.table, back.table
    assert back_table is not None
    assert [e.barrier for e in back_table.log] == [e.barrier for e in live_table.log]
    assert [s.kind for s in back.meta.seats] == ["player", "bot"] and back.meta.seats[1].level == "normal"
    assert back_table.can_undo(0) == live_table.can_undo(0)


def test_a_seat_taken_back_is_the_players_even_if_the_metadata_was_not_written(tmp_path: Path) -> None:
    """The journal is written before the metadata: what it says of a seat is newer."""
    play = Play(tmp_path)
    play.move()
    play.hand(1)
    meta = (tmp_path / "tables" / "t1.json").read_bytes()
    play.take_back(1)
    (tmp_path / "tables" / "t1.json").write_bytes(meta)  # killed before the metadata
    back = restored(tmp_path)
    assert back.table is not None and back.table.seats[1].controller.kind == "human"
    assert back.meta.seats[1].kind == "player" and back.meta.seats[1].key == KEYS[1]


def test_a_seat_handed_over_in_the_metadata_only_is_the_bots(tmp_path: Path) -> None:
    """Reconciliation as before journals: the metadata says bot, the game does not (its
    journal could not be written): the seat is the bot's."""
    play = Play(tmp_path)
    play.move()
    journal = play.journal().read_bytes()
    play.hand(1)
    play.journal().write_bytes(journal)
    back = restored(tmp_path)
    assert back.table is not None and back.table.seats[1].controller == Controller("bot", "easy")


def damage(play: Play, line: int, change: Callable[[bytes], bytes]) -> None:
    read = read_journal(play.journal())
    data = play.journal().read_bytes()
    start, end = read.ends[line - 1], read.ends[line]
    play.journal().write_bytes(data[:start] + change(data[start:end]) + data[end:])


@pytest.mark.parametrize("how", ["damaged", "illegal", "gap"])
def test_a_bad_line_before_the_last_drops_the_rest_logged_and_kept_aside(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, how: str) -> None:
    play = Play(tmp_path)
    for _ in range(6):
        play.move()
    if how == "damaged":
        damage(play, 3, lambda line: line[:20] + b"#" + line[21:])
    else:
        record = read_journal(play.journal()).records[2]
        if how == "illegal":
            record["action"] = {"kind": "nonsense"}
        else:
            record["n"] += 1
        damage(play, 3, lambda line: encode_line(record))
    with caplog.at_level(logging.INFO, logger="meeple.hub"):
        back = restored(tmp_path)
    assert picture(back) == play.history[2]  # the moves before the bad line
    errors = [r.getMessage() for r in caplog.records]
    assert len(errors) == 1 and caplog.records[0].levelname == "ERROR"
    assert "the 3 lines after it are dropped" in errors[0] and "after move 2" in errors[0]
    kept = list(tmp_path.glob("tables/t1.journal.broken-*"))
    assert len(kept) == 1 and len(read_journal(kept[0]).records) in (2, 6)


def test_a_closed_hub_leaves_a_whole_save_and_an_empty_journal(tmp_path: Path) -> None:
    play = Play(tmp_path)
    for _ in range(5):
        play.move()
    play.saving.close(play.nt)
    assert ops(play) == [] and len(open_save(tmp_path / "tables" / "t1.toml").table.log) == 5
    snapshots = play.saving.snapshots
    play.saving.close(play.nt)  # nothing new: no second snapshot
    assert play.saving.snapshots == snapshots
    assert picture(restored(tmp_path)) == play.history[-1]


@pytest.mark.parametrize("game_id", ["council", "quadropolis"])
def test_random_kill_points_resume_to_what_was_written_at_most_the_last_change_missing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, game_id: str) -> None:
    """Every write of the game's files is a point where the hub may be killed: a copy of
    the files is taken there (and, for a journal append, copies with the new line cut
    short), each restored later: it must be the game after the changes written so far, or
    with a cut line, without the change being written."""
    monkeypatch.setattr(hub_saving, "SNAPSHOT_MIN_LINES", 5)
    tables = tmp_path / "hub" / "tables"
    captures: list[tuple[Path, int]] = []
    rng = random.Random(2026)
    play: Play | None = None

    def capture(expected_back: int = 0, cut: int = 0) -> None:
        folder = tmp_path / f"kill{len(captures)}"
        shutil.copytree(tables, folder / "tables")
        if cut:
            journal = folder / "tables" / "t1.journal"
            journal.write_bytes(journal.read_bytes()[:-cut])
        captures.append((folder, (len(play.history) if play is not None else 0) - expected_back))

    real_save, real_start, real_append = hub_saving.save_table, JournalWriter.start, JournalWriter.append

    def save_table(*args: Any, **kwargs: Any) -> Any:
        result = real_save(*args, **kwargs)
        capture()
        return result

    def start(self: JournalWriter, header: Any) -> None:
        real_start(self, header)
        capture()

    def append(self: JournalWriter, records: Any) -> None:
        real_append(self, records)
        capture()
        line = len(encode_line(records[-1]))
        capture(expected_back=1, cut=rng.randint(1, line - 1))

    monkeypatch.setattr(hub_saving, "save_table", save_table)
    monkeypatch.setattr(JournalWriter, "start", start)
    monkeypatch.setattr(JournalWriter, "append", append)
    play = Play(tmp_path / "hub", seed=5, game_id=game_id)
    handed = False
    for _ in range(70):
        undoers = [seat for seat in (0, 1) if play.table.can_undo(seat)]
        roll = rng.random()
        if undoers and roll < 0.25:
            play.undo(rng.choice(undoers))
        elif not handed and len(play.history) > 25:
            play.hand(1)
            handed = True
        else:
            play.move()
    # (While change k is saved, history holds k pictures: history[k] is the game after it.)
    assert play.saving.snapshots > 5
    # (A kill before the first metadata leaves no table: the hub skips it, logged.)
    checked = rng.sample([c for c in captures if (c[0] / "tables" / "t1.json").exists()], 60)
    with caplog.at_level(logging.INFO, logger="meeple.hub"):
        for folder, changes in checked:
            assert picture(restored(folder))[:2] == play.history[changes][:2], folder.name
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]  # never taken for damage


def test_the_game_over_takes_a_snapshot(tmp_path: Path) -> None:
    play = Play(tmp_path)
    play.move()
    snapshots = play.saving.snapshots
    seat = play.table.to_act()[0]
    action = play.table.legal_actions(seat)[0]
    play.table.is_over = lambda: True  # (as if this move ended the game)
    play.table.submit(seat, action)
    play.changed()
    assert play.saving.snapshots == snapshots + 1 and ops(play) == []


def test_a_restarted_hub_reports_a_torn_line_once_and_its_players_play_on(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    async def setup(hub: Hub, path: Path) -> None:
        ann, bob, table_id = await council_pair(hub, path)
        await play_moves(hub, {0: ann, 1: bob}, table_id, 5)
        monkeypatch.setattr(hub.saving, "close", lambda nt: None)  # killed: no snapshot at the end

    run_hub(tmp_path, setup, bot_delay=0)
    journal = tmp_path / "tables" / "t1.journal"
    assert len(read_journal(journal).records) == 5
    journal.write_bytes(journal.read_bytes()[:-7])

    async def restarted(hub: Hub, path: Path) -> None:
        table = hub.tables["t1"].table
        assert table is not None and len(table.log) == 4
        ann = await greet(hub, path, "SHA256:ann")
        bob = await greet(hub, path, "SHA256:bob")
        await ann.request({"type": "open", "table": "t1"})
        await bob.request({"type": "open", "table": "t1"})
        await play_moves(hub, {0: ann, 1: bob}, "t1", 2)

    with caplog.at_level(logging.INFO, logger="meeple.hub"):
        run_hub(tmp_path, restarted, bot_delay=0)
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == [
        "table t1: journal: its last line was cut short by a crash (the line is cut short (no "
        "newline)); that line is dropped, the game resumes after move 4"]
    back = restored(tmp_path)  # the hub closed: all in the snapshot, an empty journal
    assert back.table is not None and len(back.table.log) == 6 and ops_of(journal) == []


def ops_of(journal: Path) -> list[str]:
    return [str(record.get("op")) for record in read_journal(journal).records]


def test_a_journal_of_a_newer_meeple_keeps_the_table_waiting_untouched(tmp_path: Path) -> None:
    play = Play(tmp_path)
    play.move()
    read = read_journal(play.journal())
    assert read.header is not None
    newer = encode_line({**read.header, "journal": 2}) + play.journal().read_bytes()[read.ends[0]:]
    play.journal().write_bytes(newer)
    with pytest.raises(StoreError, match="newer version"):
        restored(tmp_path)
    assert play.journal().read_bytes() == newer
