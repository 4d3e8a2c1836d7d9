"""A hub table's files, table by table: restore one (:meth:`TableSaving.restore`) and save
one after every change (:meth:`TableSaving.save`) at a cost that does not grow with the
game, on top of :mod:`net.hub_store` (the files' formats), :mod:`saves.journal` and
:mod:`saves` (the game itself, an ordinary Meeple save).

A started table ``t7`` has, besides its metadata ``t7.json``, a **snapshot** ``t7.toml``
(an ordinary Meeple save a person could open) and a **journal** ``t7.journal``: one
checked line per change of the game since the snapshot — a move, an undo, a seat handed
to a bot or taken back (the hub's every change of a running game; starting a game takes
a snapshot). A change costs one appended line and one sync. The snapshot is written again
when the journal is long enough (:func:`snapshot_due`) and when the table closes (game
over, hub shutdown); the journal then starts afresh, its header naming the snapshot it
follows by the SHA-256 of the snapshot file.

Order of writes: the game (journal or snapshot) before the metadata, so a hub killed
between the two leaves a game one step ahead of its metadata, never behind:
:meth:`TableSaving.restore` reconciles the seats.

Resuming reads the snapshot and replays the journal through the save's own checks
(:func:`saves.journal.apply_record`). What can be found there after a crash:

* A journal naming another snapshot: the hub was killed between writing a snapshot and
  starting the journal afresh. Every line of it is in the snapshot already, so none is
  replayed: nothing is lost and nothing applied twice. (The snapshot's move count could
  not tell this: an undo or a seat change leaves it as it was. A new snapshot the same
  byte for byte as the one the journal follows loads as the same table, so replaying the
  journal on it ends where it ended before.)
* A last line cut short: the change being written when the hub was killed, never
  confirmed to anyone. It is dropped with one warning in the log; every line before it
  counts.
* A line before the last that is damaged, or a line that is not the game's next change
  (a gap in the move numbers, an illegal move, an undo not allowed): that line and all
  after it are dropped, with one error in the log, and the journal as found is kept
  aside (``t7.journal.broken-<time>``). The table resumes at its last good change. This
  loses least: refusing the table (a :class:`StoreError`) would keep every player from
  every move of it until someone mends the file by hand, and what is dropped is still on
  disk.
"""

from __future__ import annotations

import hashlib
import logging
import shutil
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Mapping

from core.levels import LEVELS
from core.registry import get_game
from core.table import Controller, LogEntry, Table, parse_options
from net.hub_store import HubStore, SeatInfo, StoreError
from net.hub_tables import NetTable
from saves.atomic import read_capped
from saves.format import MAX_FILE_SIZE
from saves.journal import (
    JOURNAL_VERSION,
    JournalError,
    JournalWriter,
    apply_record,
    move_record,
    read_journal,
    record_moves,
    record_seat,
    undo_record,
)
from saves.resume import open_save
from saves.store import save_table

log = logging.getLogger("meeple.hub")

SNAPSHOT_MIN_LINES = 64
"""A journal of fewer lines never calls for a snapshot (see :func:`snapshot_due`)."""


def snapshot_due(lines: int, moves: int) -> bool:
    """True when a journal of ``lines`` lines beside a game of ``moves`` moves calls for a
    new snapshot: once it holds max(:data:`SNAPSHOT_MIN_LINES`, ``moves`` / 2) lines.

    Why not a fixed N: a snapshot (the whole save, then a fresh journal) costs about
    a + b·moves (bench ``ssh_play growth``, a 4-player Council game: a ≈ 24 ms, most of
    it the disk's syncs, b ≈ 0.03 ms). Taken every N lines it adds (a + b·moves) / N to
    each move, which grows with the game for any fixed N. Taken when the journal reaches
    half the log, it adds at most a / 64 + 2b ≈ 0.45 ms to a move at any length (a line
    costs 0.2 ms of CPU and one sync), as a growing array's doubling does; and resuming replays at most half as
    many journal lines as the snapshot's log already makes it replay (it replays every
    move from the seed), so a restart costs at most 1.5 times a save's. The floor of 64
    keeps a young game from writing its whole save every other move.
    """
    return lines >= max(SNAPSHOT_MIN_LINES, moves // 2)


def file_key(path: Any) -> str:
    """The SHA-256 of a snapshot file: what a journal's header names; raises ``OSError``."""
    return hashlib.sha256(read_capped(path, MAX_FILE_SIZE)).hexdigest()


@dataclass
class _Journaled:
    """What a started table's files hold: the journal's writer, the snapshot it follows
    (``started``: the journal file names it; else the next change starts it afresh), the
    lines since, and the log and seats as the files have them (to see what changed)."""

    table: Table[Any]
    writer: JournalWriter
    snapshot: str
    started: bool
    lines: int
    entries: list[LogEntry]
    controllers: tuple[Controller, ...]


def _seat_record(index: int, controller: Controller, moves: int) -> dict[str, Any]:
    return {"op": "seat", "n": moves, "seat": index, "kind": controller.kind, "level": controller.level}


def _changes(done: _Journaled, table: Table[Any]) -> list[dict[str, Any]] | None:
    """The records of what changed at ``table`` since ``done`` was written; None for a
    change they cannot say (the caller then takes a snapshot instead).

    Every hub change of a running game is one of: moves added, one undo, seats changing
    hands (a hand-over also marks the last move as an undo barrier)."""
    log_now, entries = table.log, done.entries
    records: list[dict[str, Any]] = []
    seats = [i for i, seat in enumerate(table.seats) if seat.controller != done.controllers[i]]
    if seats:
        if len(log_now) != len(entries):
            return None
        if entries:
            last, was = log_now[-1], entries[-1]
            if (last.seat, last.action) != (was.seat, was.action):
                return None
            entries[-1] = last  # the same move, now an undo barrier
        records = [_seat_record(i, table.seats[i].controller, len(log_now)) for i in seats]
    known = len(entries)
    if len(log_now) >= known and (known == 0 or log_now[known - 1] is entries[-1]):
        records.extend(move_record(table, index) for index in range(known, len(log_now)))
    elif len(log_now) < known and (not log_now or log_now[-1] is entries[len(log_now) - 1]):
        # An undo takes back the undoing seat's own move and the bots' moves after it.
        records.append(undo_record(entries[len(log_now)].seat, len(log_now)))
    else:
        return None
    return records


def _mirror(done: _Journaled, table: Table[Any]) -> None:
    """``done`` now holds what ``table`` holds (after its changes were written)."""
    known = len(done.entries)
    if len(table.log) >= known:
        done.entries.extend(table.log[known:])
    else:
        del done.entries[len(table.log):]
    done.controllers = tuple(seat.controller for seat in table.seats)


class TableSaving:
    """Saves and restores the hub's tables (see the module docstring)."""

    def __init__(self, store: HubStore) -> None:
        self.store = store
        self._journals: dict[str, _Journaled] = {}
        self.snapshots = 0
        """Snapshots written (for the bench)."""

    def _journal_of(self, table_id: str, table: Table[Any], snapshot: str) -> _Journaled:
        """A journal for ``table``, following the snapshot of key ``snapshot``, nothing
        written to it yet (the next change, or a replay of the file, starts it)."""
        return _Journaled(table, JournalWriter(self.store.journal_path(table_id)), snapshot, False, 0, [], ())

    # --- restoring ---------------------------------------------------------------------------
    def restore(self, table_id: str) -> NetTable:
        """The table ``table_id`` as its files left it; raises on any problem (the save's
        own :class:`~saves.format.SaveError`, :class:`StoreError`, an unknown game...)."""
        store = self.store
        meta = store.load_meta(table_id)
        game = get_game(meta.game)
        meta.options = parse_options(game, meta.options, len(meta.seats))
        nt = NetTable(meta, game)
        nt.written_meta = meta.to_plain()
        if not meta.started:
            return nt
        path = store.save_path(table_id)
        loaded = open_save(path)
        if loaded.warning:
            log.warning("table %s: %s", table_id, loaded.warning)
        try:
            key = file_key(path)
        except OSError as exc:
            raise StoreError(f"{path.name} cannot be read ({exc})") from None
        table = loaded.table
        if table.game is not game or len(table.seats) != len(meta.seats):
            raise StoreError("the save does not match the table's seats or game")
        nt.table = table
        done = self._journal_of(table_id, table, key)
        self._replay(nt, done)
        _mirror(done, table)
        self._journals[table_id] = done
        for index, seat in enumerate(table.seats):
            # A seat handed to a bot in either file is a bot's (the game is written first).
            if seat.controller.kind == "bot" and meta.seats[index].kind != "bot":
                meta.seats[index] = SeatInfo("bot", meta.seats[index].key, seat.controller.level, seat.name)
            elif meta.seats[index].kind == "bot" and seat.controller.kind != "bot":
                nt.hand_to_bot(index, meta.seats[index].level)
            elif meta.seats[index].kind == "open":
                raise StoreError("a running game has an open seat")
        return nt

    def _replay(self, nt: NetTable, done: _Journaled) -> None:
        """Replay the journal that follows the snapshot ``done.snapshot`` onto ``nt``."""
        path = done.writer.path
        try:
            read = read_journal(path)
        except FileNotFoundError:
            return  # (a table saved by a hub before journals, or no change since its start)
        except OSError as exc:
            raise StoreError(f"{path.name} cannot be read ({exc})") from None
        header = read.header or {}
        version = header.get("journal", JOURNAL_VERSION)
        if not isinstance(version, int) or isinstance(version, bool) or version > JOURNAL_VERSION:
            # Written by a newer Meeple: its lines may mean what this one cannot tell, and
            # dropping them would lose moves. The table waits, its files untouched.
            raise StoreError(f"{path.name} was written by a newer version of Meeple")
        if header.get("snapshot") != done.snapshot:
            if read.records:
                log.info("table %s: journal older than the save (killed between the two): "
                         "its %d lines are in the save already", nt.id, len(read.records))
            return
        table = nt.table
        assert table is not None
        problem, dropped, good = read.problem, read.dropped, len(read.records)
        for index, record in enumerate(read.records):
            try:
                self._apply(nt, record)
            except JournalError as exc:
                problem = f"line {index + 2} is not the game's next change ({exc})"
                dropped, good = read.dropped + len(read.records) - index, index
                break
        done.started, done.lines = True, good
        done.writer.keep(read.ends[good])
        if problem is None:
            return
        moves = f"the game resumes after move {len(table.log)}"
        if good == len(read.records) and read.torn:
            log.warning("table %s: journal: %s; that line is dropped, %s", nt.id, problem, moves)
            return
        kept = path.with_name(f"{path.name}.broken-{int(time.time())}")
        try:
            shutil.copyfile(path, kept)
        except OSError as exc:
            kept_note = f"not kept aside ({exc})"
        else:
            kept_note = f"kept as {kept.name}"
        log.error("table %s: journal: %s; it and the %d lines after it are dropped (%s), %s",
                  nt.id, problem, dropped - 1, kept_note, moves)

    def _apply(self, nt: NetTable, record: Mapping[str, Any]) -> None:
        """Make one journal record's change at ``nt``; raises :class:`JournalError`."""
        table = nt.table
        assert table is not None
        if apply_record(table, record):
            return
        if record.get("op") != "seat":
            raise JournalError(f"unknown change {str(record.get('op'))[:40]!r}")
        if record_moves(record) != len(table.log):
            raise JournalError(f"a seat change after move {record_moves(record)}, but the game has "
                               f"{len(table.log)} moves")
        seat, kind, level = record_seat(record, len(table.seats)), record.get("kind"), record.get("level")
        now = table.seats[seat].controller
        if kind == "bot" and level in LEVELS and now != Controller("bot", str(level)):
            nt.hand_to_bot(seat, str(level))
        elif kind == "human" and now.kind == "bot" and nt.meta.seats[seat].key:
            nt.take_back(seat)
        else:
            raise JournalError(f"seat {seat} cannot become {str(kind)[:20]!r} here")

    # --- saving ------------------------------------------------------------------------------
    def save(self, nt: NetTable) -> None:
        """Write what changed at the table: its game (once started), then its metadata.
        Failures are logged (the game goes on)."""
        if nt.table is not None:
            self._save_game(nt, nt.table)
        save_meta(self.store, nt)

    def close(self, nt: NetTable) -> None:
        """The hub shuts down: a table whose journal holds anything gets a snapshot."""
        table = nt.table
        if table is not None:
            done = self._journals.get(nt.id)
            try:
                pending = done is None or done.table is not table or done.lines > 0 or _changes(done, table) != []
            except Exception:  # a move that cannot be encoded: the snapshot says why
                pending = True
            if pending:
                self.snapshot(nt)
        save_meta(self.store, nt)

    def _save_game(self, nt: NetTable, table: Table[Any]) -> None:
        done = self._journals.get(nt.id)
        if done is None or done.table is not table:
            self.snapshot(nt)
            return
        try:
            records = _changes(done, table)
        except Exception as exc:  # a game failing to encode a move: the snapshot says why
            log.debug("table %s: change not journaled (%s)", nt.id, exc)
            records = None
        if records is None:
            self.snapshot(nt)
            return
        if records:
            try:
                if not done.started:
                    done.writer.start(self._header(done))
                    done.started = True
                done.writer.append(records)
            except OSError as exc:
                log.error("table %s: journal not written (%s); the whole game is saved instead", nt.id, exc)
                done.started = False  # (it may end in a cut-short line now)
                self.snapshot(nt)
                return
            done.lines += len(records)
            _mirror(done, table)
        if done.lines and (table.is_over() or snapshot_due(done.lines, len(table.log))):
            self.snapshot(nt)

    def _header(self, done: _Journaled) -> dict[str, Any]:
        return {"journal": JOURNAL_VERSION, "snapshot": done.snapshot}

    def snapshot(self, nt: NetTable) -> None:
        """Write the table's whole game (its snapshot), then start its journal afresh.
        A failure is logged; a journal that still follows the last good snapshot goes on."""
        table = nt.table
        if table is None:
            return
        path = self.store.save_path(nt.id)
        created = datetime.fromtimestamp(nt.meta.created, timezone.utc)
        try:
            save_table(table, path, f"{nt.game.info.title} {nt.id}", created=created)
            key = file_key(path)
        except Exception as exc:  # SaveError, OSError, or a game failing to encode itself
            log.error("table %s not saved: %s", nt.id, exc)
            return
        self.snapshots += 1
        done = self._journals.get(nt.id)
        if done is None or done.table is not table:
            done = self._journal_of(nt.id, table, key)
            self._journals[nt.id] = done
        done.snapshot, done.lines, done.started = key, 0, False
        done.entries = list(table.log)
        done.controllers = tuple(seat.controller for seat in table.seats)
        try:
            done.writer.start(self._header(done))
        except OSError as exc:  # (the next change tries again)
            log.error("table %s: journal not started (%s)", nt.id, exc)
        else:
            done.started = True


def save_meta(store: HubStore, nt: NetTable) -> None:
    """Write the table's metadata if it changed since last written; a failure is logged."""
    plain = nt.meta.to_plain()
    if plain == nt.written_meta:
        return  # most moves change only the game: one fsync saved per move
    try:
        store.save_meta(nt.meta)
    except OSError as exc:
        log.error("table %s metadata not saved: %s", nt.id, exc)
    else:
        nt.written_meta = plain
