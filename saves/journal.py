"""Append-only journals: a game's changes since its last save, one checked line each.

A journal lives beside a snapshot (an ordinary save, :mod:`saves.store`) and holds what
happened since: saving a change costs one appended line and one ``fdatasync`` instead of
rewriting the whole game, so it costs the same at move 500 as at move 0. Nothing here is
specific to the hub; :mod:`net.hub_saving` decides when to take a snapshot and what the
header says.

File format (UTF-8 text, one record a line)::

    1f6a0c3e {"journal":1,"snapshot":"9c1e..."}
    0b77d2a1 {"action":{"kind":"take","card":3},"n":1,"op":"move","seat":0}
    55e0c9f2 {"n":0,"op":"undo","seat":0}

Each line is the CRC-32 (8 hex digits) of the JSON text after the space, then that JSON
object, then a newline. The first line is the journal's header (what it follows); the
others are records, each with ``n``, the number of moves in the game's log once the
change is made. A line counts only whole: ending in a newline, its checksum matching and
its JSON an object. A crash while appending can leave a last line cut short (torn): it is
dropped (:attr:`JournalRead.torn`), since its change was never confirmed to anyone (the
line is synced before the change is answered). A bad line before the last one is damage,
not a crash: it and every line after it are dropped and reported
(:attr:`JournalRead.problem`).

Moves are written in the save format's own action encoding
(:func:`saves.store.encode_logged_action`) and read back through the same checks as a
save's log (:func:`saves.format.log_record_from`, then the game's ``decode_action`` and
:meth:`core.table.Table.submit`), so a journal's moves are exactly as trusted as a save's.
"""

from __future__ import annotations

import json
import os
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from core.engine import IllegalAction
from core.table import Table
from saves.atomic import atomic_write, read_capped
from saves.format import Invalid, PlainChecks, log_record_from, to_plain
from saves.store import encode_logged_action

MAX_JOURNAL_BYTES = 8 * 1024 * 1024
"""Largest journal read (a snapshot is taken long before one grows near it)."""

JOURNAL_VERSION = 1
"""The header's ``journal`` field: the version of this line format."""


class JournalError(ValueError):
    """A journal line that cannot be used; ``str(error)`` says why."""


_CHECKS = PlainChecks(JournalError, "an object")


def encode_line(record: Mapping[str, Any]) -> bytes:
    """One journal line (checksum, space, JSON object, newline) for plain-data ``record``."""
    text = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)
    data = text.encode("ascii")
    return b"%08x %s\n" % (zlib.crc32(data) & 0xFFFFFFFF, data)


def _no_constants(name: str) -> Any:
    raise JournalError(f"the line holds {name}, which is not plain data")


def decode_line(line: bytes) -> dict[str, Any]:
    """The record of one whole journal line (with its newline); raises :class:`JournalError`."""
    if not line.endswith(b"\n"):
        raise JournalError("the line is cut short (no newline)")
    if len(line) < 11 or line[8:9] != b" ":
        raise JournalError("the line has no checksum")
    try:
        expected = int(line[:8], 16)
    except ValueError:
        raise JournalError("the line's checksum is not a number") from None
    data = line[9:-1]
    if zlib.crc32(data) & 0xFFFFFFFF != expected:
        raise JournalError("the line does not match its checksum")
    try:
        record = json.loads(data.decode("ascii"), parse_constant=_no_constants)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise JournalError("the line is not a JSON object") from None
    if not isinstance(record, dict):
        raise JournalError("the line is not a JSON object")
    return record


@dataclass
class JournalRead:
    """What a journal file holds: its ``header`` (None when not even it is whole), its
    ``records`` in order, and ``ends[i]``, the file offset just after line ``i`` (the
    header is line 0), so a caller that stops at a record knows where the good lines end.

    ``problem`` says why lines were dropped (None: none were); ``torn`` is True when only
    the last line was, cut short by a crash; ``dropped`` counts the lines dropped."""

    header: dict[str, Any] | None
    records: list[dict[str, Any]] = field(default_factory=list)
    ends: list[int] = field(default_factory=list)
    problem: str | None = None
    torn: bool = False
    dropped: int = 0


def read_journal(path: Path | str) -> JournalRead:
    """Read and check every line of the journal at ``path``; stops at the first bad line.

    Raises ``OSError`` when the file cannot be read (``FileNotFoundError`` when there is
    none; :class:`saves.atomic.FileTooLarge` over :data:`MAX_JOURNAL_BYTES`)."""
    data = read_capped(path, MAX_JOURNAL_BYTES)
    pieces = data.split(b"\n")
    if pieces[-1] == b"":
        pieces.pop()  # the file ends with a newline: no partial line after it
    lines = [piece + b"\n" for piece in pieces]
    if lines and not data.endswith(b"\n"):
        lines[-1] = lines[-1][:-1]  # the last piece had no newline: keep it as it is
    read = JournalRead(header=None)
    offset = 0
    for index, line in enumerate(lines):
        try:
            record = decode_line(line)
        except JournalError as exc:
            read.dropped = len(lines) - index
            read.torn = index == len(lines) - 1
            read.problem = (f"its last line was cut short by a crash ({exc})" if read.torn
                            else f"line {index + 1} of {len(lines)} is damaged ({exc})")
            break
        offset += len(line)
        read.ends.append(offset)
        if index == 0:
            read.header = record
        else:
            read.records.append(record)
    return read


class JournalWriter:
    """Appends records to one journal file, each batch synced before :meth:`append`
    returns. :meth:`start` begins the file afresh with a header; :meth:`keep` continues a
    file that was read, first cutting off whatever followed its last good line."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._trim_to: int | None = None

    def start(self, header: Mapping[str, Any]) -> None:
        """Replace the file, atomically, with just ``header``; raises ``OSError``."""
        atomic_write(self.path, encode_line(header))
        self._trim_to = None

    def keep(self, good_bytes: int) -> None:
        """Continue the file as read: the next append first cuts it to ``good_bytes``
        (dropping a torn or rejected tail), so no new line is glued to a broken one."""
        self._trim_to = good_bytes

    def append(self, records: Sequence[Mapping[str, Any]]) -> None:
        """Append ``records`` (one write, one sync); raises ``OSError``, after which the
        file may end in a cut-short line: :meth:`start` it afresh before appending again."""
        data = b"".join(encode_line(record) for record in records)
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_CLOEXEC", 0))
        try:
            if self._trim_to is not None:
                if os.fstat(fd).st_size > self._trim_to:
                    os.ftruncate(fd, self._trim_to)
                self._trim_to = None
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            # fdatasync: the data and the file's new length, without its times.
            getattr(os, "fdatasync", os.fsync)(fd)
        finally:
            os.close(fd)


# --- a table's moves and undos --------------------------------------------------------------


def move_record(table: Table[Any], index: int) -> dict[str, Any]:
    """The record of the move at ``table.log[index]``, in the save format's encoding."""
    entry = table.log[index]
    action = to_plain(encode_logged_action(table.game, entry.action), f"move {index + 1}")
    return {"op": "move", "n": index + 1, "seat": entry.seat, "action": action}


def undo_record(seat: int, moves: int) -> dict[str, Any]:
    """The record of ``seat`` undoing, which left ``moves`` moves in the log."""
    return {"op": "undo", "n": moves, "seat": seat}


def record_moves(record: Mapping[str, Any]) -> int:
    """A record's ``n`` (moves in the log once it is made); raises :class:`JournalError`."""
    return _CHECKS.whole(record.get("n"), "n", 0, MAX_JOURNAL_BYTES)


def record_seat(record: Mapping[str, Any], seats: int) -> int:
    """A record's ``seat``, one of a ``seats``-seat game; raises :class:`JournalError`."""
    return _CHECKS.whole(record.get("seat"), "seat", 0, seats - 1)


def apply_record(table: Table[Any], record: Mapping[str, Any]) -> bool:
    """Make the change of a ``move`` or ``undo`` record at ``table``, through the checked
    path a save's moves take; False (nothing done) for any other ``op``. Raises
    :class:`JournalError`, changing nothing, when the record is not the table's next
    change: a move whose ``n`` is not the next move, an action that does not decode or is
    illegal, an undo that is not allowed or would not leave ``n`` moves."""
    op = record.get("op")
    if op not in ("move", "undo"):
        return False
    moves = record_moves(record)
    if op == "move":
        if moves != len(table.log) + 1:
            raise JournalError(f"it is move {moves}, but the game has {len(table.log)} moves")
        try:
            logged = log_record_from(dict(record), "the move", len(table.seats))
        except Invalid as exc:
            raise JournalError(str(exc)) from None
        try:
            action = table.game.decode_action(logged.action)
        except Exception as exc:  # CorruptData, or a decoder tripping over odd data
            raise JournalError(f"move {moves} cannot be read ({str(exc)[:120]})") from None
        try:
            table.submit(logged.seat, action)
        except IllegalAction as exc:
            raise JournalError(f"move {moves} is not legal ({exc.reason[:120]})") from None
        return True
    seat = record_seat(record, len(table.seats))
    depth = table.undo_depth(seat)
    if depth == 0 or len(table.log) - depth != moves:
        raise JournalError(f"seat {seat} cannot undo back to move {moves} here")
    try:
        table.undo(seat)
    except IllegalAction as exc:
        raise JournalError(exc.reason[:120]) from None
    return True
