"""A network table as the app sees it: a mirror of what the hub tells this seat.

:class:`RemoteTable` answers the calls the game screens make of a
:class:`~core.table.Table` (``view``, ``to_act``, ``legal_actions``, ``submit``, ``undo``,
``subscribe``...) from the last ``table`` message of the hub (see :mod:`net.protocol`).
It never holds the state, the RNG or another seat's secrets: only this seat's view, the
spectator view, the shared log and this seat's legal moves.

A move is sent to the hub and comes back in the next ``table`` message; its log entry
then reaches the screen as a table event, by the same path as every local move.

A hint is asked of the hub (``hint``, with a ``ref`` unique in this app): the app hands
the hub's answer, ``hint_ok`` or an ``error`` with that ``ref``, to
:meth:`RemoteTable.take_reply`, which calls the request's ``answer`` exactly once. A
table left, or a connection lost, first answers every request still waiting with a
refusal (:meth:`RemoteTable.settle`); the hub's late replies to them are dropped.
"""

from __future__ import annotations

import itertools
import time
from typing import Any, Callable, ClassVar, Hashable

from core.engine import CorruptData, Game, IllegalAction, Result
from core.levels import LEVELS
from core.table import Controller, Listener, LogEntry, Seat, TableEvent, TableEvents
from net.protocol import CHAT_KEPT

Send = Callable[[dict[str, Any]], None]

_now = time.monotonic  # (the tests move it on)

_refs = itertools.count(1)
"""The ``ref`` of each hint request: unique in this app process, whichever table asks."""

Answer = Callable[[str | None], None]
"""A hint request's answer: None (the hub allows it) or the refusal, one line."""

HINTS_OFF = "Hints are off at this table."

HUMAN = Controller()
REMOTE_PLAYER = Controller("remote")


class RemoteTable(TableEvents):
    """One hub table seen from seat ``you`` (-1 for a spectator); ``send`` queues a
    protocol message to the hub. Build it with the first ``table`` message."""

    REMOTE: ClassVar[bool] = True
    """The table lives on the hub: its bots play there, never in this app."""

    seed = 0  # (the seed stays on the hub)

    def __init__(self, game: Game[Any, Any], message: dict[str, Any], send: Send,
                 on_leave: Callable[[RemoteTable], None] | None = None) -> None:
        self.game = game
        self.id = str(message.get("id", ""))
        self.options: dict[str, Any] = {}
        self.seats: tuple[Seat, ...] = ()
        self.log: list[LogEntry] = []
        self.you: int | None = None
        self.presence: dict[int, str] = {}
        """Per seat: "" (here), "away" or "bot"; the status line says whom it waits for."""
        self.chat: list[tuple[str, str]] = []
        self.unread_chat: list[tuple[str, str]] = []
        """Chat lines that came since the app last showed them (``(name, text)``)."""
        self.away_for: dict[int, int] = {}
        """Per seat: seconds its player had been away when the hub last wrote (0: here)."""
        self._received_at = 0.0
        self.spectators = 0
        self.creator = False
        self._send = send
        self._on_leave = on_leave
        self._view: Any = None
        self._public: Any = None
        self._to_act: list[int] = []
        self._legal: list[Any] = []
        self._ends: list[bool] = []
        self._can_undo = False
        self._over = False
        self._result: Result | None = None
        self._listeners: list[Listener] = []
        self._hints = False
        self._asked: dict[int, Answer] = {}
        """Hint requests sent, not yet answered: ref → answer."""
        self._settled: set[int] = set()
        """Refs answered here already (:meth:`settle`): the hub's reply is dropped."""
        self._gone: str | None = None
        """Why no more hints are asked here (left, connection lost), once it is so."""
        self._resend_asked = False
        if _log_from(message) != 0:
            raise CorruptData("the hub sent a table without the start of its log")
        self.receive(message, quiet=True)

    # --- the hub's messages ----------------------------------------------------------
    def receive(self, message: dict[str, Any], *, quiet: bool = False) -> None:
        """Take a ``table`` message; raises :class:`CorruptData` (and keeps the last good
        picture) if it does not describe this game. Emits the events of what changed:
        each new log entry, an undo, the end.

        The message's log starts at entry ``log_from``: this table keeps its entries before
        that and appends the new ones. One that starts past the end of what it holds (a
        message lost: never from a working hub) changes nothing: the hub is asked to
        ``resend`` the table whole, once, and the next message that fits is taken."""
        game = self.game
        log_from = _log_from(message)
        held = len(self.log)
        if log_from > held:
            if not self._resend_asked:
                self._resend_asked = True
                self._send({"type": "resend", "table": self.id})
            return
        try:
            you = int(message["you"])
            seats = tuple(_seat(i, s, you) for i, s in enumerate(message["seats"]))
            new = [_entry(game, e, len(seats)) for e in message["log"]]
            view = game.decode_state(message["view"])
            public = game.decode_state(message["public"])
            to_act = [int(s) for s in message["to_act"]]
            legal = [game.decode_action(a) for a in message["legal"]]
            ends = [bool(e) for e in message["ends_turn"]]
            over = bool(message["over"])
            result = _result(message.get("result") or {}, len(seats)) if over else None
            chat = [(str(c["name"]), str(c["text"])) for c in message.get("chat", [])]
            chat_more = message.get("chat_more", False) is True
            presence = {i: _presence(s) for i, s in enumerate(message["seats"])}
            away_for = {i: int(s.get("away", 0) or 0) for i, s in enumerate(message["seats"])}
            options = dict(message.get("options", {}))
            hints = message.get("hints", False) is True
        except CorruptData:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise CorruptData(f"the hub sent a table this app cannot read ({exc})") from None
        if len(ends) != len(legal) or not all(0 <= s < len(seats) for s in to_act):
            raise CorruptData("the hub sent a table this app cannot read (moves out of step)")
        if log_from == 0:  # the whole log: what changed is what differs
            log, kept = new, 0
            while kept < min(held, len(log)) and self.log[kept] == log[kept]:
                kept += 1
        else:  # the entries before log_from stay as they are (the hub's word)
            log, kept = self.log, log_from
            del log[log_from:]
            log.extend(new)
        self._resend_asked = False
        self.seats, self.log, self.you = seats, log, (you if 0 <= you < len(seats) else None)
        self._view, self._public = view, public
        self._to_act, self._legal, self._ends = to_act, legal, ends
        self._can_undo = bool(message.get("can_undo", False))
        self._over, self._result = over, result
        if chat_more:  # the lines said since the last message
            self.unread_chat += chat
            chat = (self.chat + chat)[-CHAT_KEPT:]
        else:
            self.unread_chat += _new_lines(self.chat, chat)
        self.chat, self.presence, self.options = chat, presence, options
        self.away_for, self._received_at = away_for, _now()
        self.spectators = int(message.get("spectators", 0))
        self.creator = bool(message.get("creator", False))
        self._hints = hints
        if quiet:
            return
        if kept < held:
            self._emit(TableEvent("undo", count=held - kept))
        for entry in log[kept:]:
            self._emit(TableEvent("action", entry=entry))
        if over and not (kept == len(log) == held):
            self._emit(TableEvent("over"))
        if kept == len(log) == held:
            self._emit(TableEvent("refresh"))

    # --- reading (as Table) ----------------------------------------------------------
    def view(self, seat: int | None) -> Any:
        """This seat's view (any other seat, or None: what a spectator sees)."""
        return self._view if seat is not None and seat == self.you else self._public

    def to_act(self) -> list[int]:
        """Seats that must decide now."""
        return [] if self._over else list(self._to_act)

    def legal_actions(self, seat: int) -> list[Any]:
        """This seat's legal moves (none for any other seat: the hub sends only ours)."""
        return list(self._legal) if seat == self.you and seat in self.to_act() else []

    def is_over(self) -> bool:
        """True when the game has ended."""
        return self._over

    def result(self) -> Result:
        """Final result (only when over)."""
        if self._result is None:
            raise IllegalAction("The game is not over.")
        return self._result

    def actions(self) -> list[tuple[int, Any]]:
        """The log as ``(seat, action)`` pairs."""
        return [(e.seat, e.action) for e in self.log]

    def human_seats(self) -> list[int]:
        """The seat played at this app (none for a spectator)."""
        return [] if self.you is None else [self.you]

    def away_seats(self) -> frozenset[int]:
        """Seats whose player is disconnected."""
        return frozenset(seat for seat, state in self.presence.items() if state == "away")

    def away_seconds(self, seat: int) -> float:
        """How long ``seat``'s player has been away now (0 while connected)."""
        if self.presence.get(seat) != "away":
            return 0.0
        return self.away_for.get(seat, 0) + _now() - self._received_at

    def seen(self, index: int, viewer: int | None) -> bool:
        """True if the hub sent the move at ``log[index]``: it leaves out another seat's
        secret choice (this app only ever views as its own seat, or as a spectator)."""
        return 0 <= index < len(self.log) and self.log[index].action is not None

    # --- hints -------------------------------------------------------------------------
    def hints_allowed(self) -> bool:
        """True if the table's creator allows hints (as the last ``table`` message said)."""
        return self._hints

    def request_hint(self, answer: Answer) -> None:
        """Ask the hub whether this seat may have a hint now: ``answer(None)`` on its
        ``hint_ok``, ``answer(reason)`` on its refusal, exactly once, later (at once, with
        the reason, once the table is left or the connection lost)."""
        if self._gone is not None:
            answer(self._gone)
            return
        ref = next(_refs)
        self._asked[ref] = answer
        self._send({"type": "hint", "table": self.id, "ref": ref})

    def take_reply(self, message: dict[str, Any]) -> bool:
        """Take the hub's ``hint_ok`` or ``error`` if it answers a hint request of this
        table (its ``ref``): calls that request's answer; True when the message was ours."""
        kind, ref = message.get("type"), message.get("ref")
        if kind not in ("hint_ok", "error") or not isinstance(ref, int) or isinstance(ref, bool):
            return False
        if ref in self._settled:  # answered here already: the hub's word comes too late
            self._settled.discard(ref)
            return True
        answer = self._asked.pop(ref, None)
        if answer is None:
            return False
        if kind == "hint_ok":
            answer(None)
        else:
            answer(str(message.get("message", "")).strip()[:300] or HINTS_OFF)
        return True

    def settle(self, reason: str) -> None:
        """Answer every hint request still waiting with ``reason`` and refuse later ones
        at once (the table was left, or the connection is gone)."""
        self._gone = reason
        asked, self._asked = self._asked, {}
        self._settled.update(asked)
        for answer in asked.values():
            answer(reason)

    def awaiting_replies(self) -> bool:
        """True while the hub may still answer a hint request of this table."""
        return bool(self._asked or self._settled)

    def leave(self) -> None:
        """Stop showing this table here (a seat stays ours); a hint request still waiting
        is answered with a refusal."""
        self.settle("You left the table.")
        self._send({"type": "leave", "table": self.id})
        if self._on_leave is not None:
            self._on_leave(self)

    # --- acting ----------------------------------------------------------------------
    def submit(self, seat: int, action: Hashable) -> None:
        """Send ``action`` to the hub; it comes back as a log entry. Raises
        :class:`IllegalAction` (nothing sent) for a seat or move that is not ours now."""
        if seat != self.you:
            raise IllegalAction("You can only play for your own seat.")
        if seat not in self.to_act():
            raise IllegalAction("It is not your turn.")
        if action not in self._legal:
            raise IllegalAction("That move is not possible now.")
        self._send({"type": "act", "table": self.id, "action": self.game.encode_action(action)})

    def ends_turn(self, seat: int, action: Hashable) -> bool:
        """True if ``action`` would end ``seat``'s turn (the hub works it out for each move)."""
        try:
            return self._ends[self._legal.index(action)] if seat == self.you else False
        except ValueError:
            raise IllegalAction("That move is not possible now.") from None

    def undo_depth(self, seat: int) -> int:
        """1 when the hub allows this seat an undo now, else 0."""
        return int(seat == self.you and self._can_undo and not self._over)

    def can_undo(self, seat: int) -> bool:
        """True if ``seat`` may undo now."""
        return self.undo_depth(seat) > 0

    def undo(self, seat: int) -> int:
        """Ask the hub to undo this seat's last decision (0: the answer comes later)."""
        if not self.can_undo(seat):
            raise IllegalAction("Nothing of yours can be undone now.")
        self._send({"type": "undo", "table": self.id})
        return 0

    def say(self, text: str) -> None:
        """Send a chat line to this table."""
        self._send({"type": "chat", "table": self.id, "text": text})



def _log_from(message: dict[str, Any]) -> int:
    """The index of the message's first log entry (0 when left out); raises
    :class:`CorruptData` for anything but a whole number from 0 up."""
    value = message.get("log_from", 0)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise CorruptData("the hub sent a table this app cannot read (log_from)")
    return value


def _new_lines(old: list[tuple[str, str]], new: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The lines of ``new`` after those of ``old`` (the hub keeps only the last lines, so
    the old ones may have scrolled off its front)."""
    for start in range(len(old) + 1):
        kept = old[start:]
        if new[:len(kept)] == kept:
            return new[len(kept):]
    return new


def _seat(index: int, data: dict[str, Any], you: int) -> Seat:
    name = str(data["name"])
    kind = str(data.get("kind", "human"))
    if index == you:
        return Seat(index, name, HUMAN)
    level = str(data.get("level", ""))
    if kind == "bot" and level in LEVELS:
        return Seat(index, name, Controller("bot", level))
    return Seat(index, name, REMOTE_PLAYER)


def _presence(data: dict[str, Any]) -> str:
    if data.get("kind") == "bot":
        return "bot"
    return "" if data.get("connected", False) else "away"


def _entry(game: Game[Any, Any], data: dict[str, Any], seats: int) -> LogEntry:
    seat = int(data["seat"])
    if not 0 <= seat < seats:
        raise ValueError(f"log seat {seat}")
    # (no action: another seat's secret choice, of which the hub sends only the log line)
    action = game.decode_action(data["action"]) if "action" in data else None
    return LogEntry(seat=seat, action=action, text=str(data["text"]),
                    barrier=bool(data.get("barrier", False)),
                    effects=tuple(str(e) for e in data.get("effects", [])))


def _result(data: dict[str, Any], seats: int) -> Result:
    def ints(values: Any) -> tuple[int, ...]:
        return tuple(int(v) for v in values)

    result = Result(
        categories=tuple(str(c) for c in data["categories"]),
        breakdown=tuple(ints(row) for row in data["breakdown"]),
        totals=ints(data["totals"]),
        ranks=ints(data["ranks"]),
        notes=tuple(str(n) for n in data.get("notes", [])),
    )
    if not len(result.totals) == len(result.ranks) == len(result.breakdown) == seats:
        raise ValueError("result of another table size")
    return result
