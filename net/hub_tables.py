"""One hub table (:class:`NetTable`): who sits where, the game once it runs, and what
each viewer may be sent of it (the ``table`` and lobby messages of :mod:`net.protocol`).

A table waits until every seat is taken (a game is set up with its players' names), then
holds a :class:`~core.table.Table`. People play "human" seats of that table (the hub is
their one authority; undo follows the table's rules for humans), bots "bot" seats.
Nothing here touches a socket or a file: :mod:`net.hub` does.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable

from core.engine import SEAT_LETTERS, Game
from core.table import Controller, LogEntry, Seat, Table
from net.hub_store import SeatInfo, TableMeta

Presence = Callable[[str], tuple[bool, float]]
"""Key → (connected, seconds away) of a person."""


@dataclasses.dataclass(frozen=True, eq=False)
class LogMark:
    """What one connection's app holds of a table's log once the messages queued for it
    arrive: the log of ``table`` (the very object: a new game at the table is another) up
    to ``count`` entries, the last of them ``last``, as seat ``you`` may see it; and its
    chat up to the line ``chat_last`` (the very line: None, none yet)."""

    table: Table[Any]
    you: int | None
    count: int
    last: LogEntry | None
    chat_last: dict[str, str] | None


def bot_name(index: int, level: str) -> str:
    """The name a bot plays under at seat ``index``."""
    return f"{level.title()} bot {SEAT_LETTERS[index]}"


def result_plain(game: Game[Any, Any], state: Any) -> dict[str, Any]:
    """A finished game's result as plain data."""
    return game.result(state).plain()


class NetTable:
    """A table the hub owns: its metadata, and the running game once every seat is taken."""

    def __init__(self, meta: TableMeta, game: Game[Any, Any], table: Table[Any] | None = None) -> None:
        self.meta = meta
        self.game = game
        self.table = table
        self.version = 0
        """Bumped on every change of the game or its seats (move, undo, seat taken, start,
        hand-over; not chat or presence): a bot's answer for an older version is stale."""
        self._ends: dict[tuple[int, int], list[bool]] = {}
        self._ends_state: Any = None
        self._shared: tuple[Any, dict[str, Any]] | None = None
        """(state, public view) of the latest message: shared by every viewer."""
        self._encoded: tuple[Table[Any] | None, list[tuple[LogEntry, dict[str, Any]]]] = (None, [])
        """The log's entries as sent (each with the entry it encodes), kept from move to
        move: a move encodes only its own entry, never the whole log again."""
        self.written_meta: dict[str, Any] | None = None
        """The metadata as last written to its file (None: not yet)."""

    @property
    def id(self) -> str:
        """The table's id ("t1")."""
        return self.meta.id

    @property
    def started(self) -> bool:
        """True once the game runs (every seat taken)."""
        return self.table is not None

    def changed(self) -> None:
        """Mark a change: cached answers and thinking bots become stale."""
        self.version += 1
        self._ends.clear()

    def is_over(self) -> bool:
        """True when the game has ended."""
        return self.table is not None and self.table.is_over()

    def seat_of(self, key: str) -> int | None:
        """The seat ``key``'s person holds here, or None."""
        for index, seat in enumerate(self.meta.seats):
            if seat.kind == "player" and seat.key == key:
                return index
        return None

    def handed_over(self, key: str) -> int | None:
        """The seat ``key``'s person held before it went to a bot (theirs to take back)."""
        if self.table is None or self.is_over() or self.seat_of(key) is not None:
            return None
        for index, seat in enumerate(self.meta.seats):
            if seat.kind == "bot" and seat.key == key:
                return index
        return None

    def take_back(self, index: int) -> None:
        """Seat ``index``, a bot's since its player was away, is that player's again."""
        old = self.meta.seats[index]
        self.meta.seats[index] = SeatInfo("player", old.key, "", old.name)
        if self.table is not None:
            seats = list(self.table.seats)
            seats[index] = dataclasses.replace(seats[index], controller=Controller())
            self.table.seats = tuple(seats)
            self._undo_barrier()
        self.changed()

    def _undo_barrier(self) -> None:
        """No undo reaches back past a change of who plays a seat: the moves of a player who
        went away stay theirs (a bot's seat is not a player's, so undo would take them back),
        and a player back at their seat does not undo the bot's."""
        table = self.table
        if table is not None and table.log:
            table.log[-1] = dataclasses.replace(table.log[-1], barrier=True)

    def open_seats(self) -> list[int]:
        """Seats nobody holds yet."""
        return [i for i, seat in enumerate(self.meta.seats) if seat.kind == "open"]

    def start(self, names: Callable[[str], str], seed: int) -> None:
        """Set up the game (every seat taken): people under their names now, bots as bots."""
        seats = []
        for index, info in enumerate(self.meta.seats):
            if info.kind == "bot":
                info.name = bot_name(index, info.level)
                seats.append(Seat(index, info.name, Controller("bot", info.level)))
            else:
                info.name = names(info.key)
                seats.append(Seat(index, info.name, Controller("human")))
        self.table = Table.new(self.game, seats, seed, self.meta.options)
        self.meta.started = True
        self.changed()

    def hand_to_bot(self, index: int, level: str) -> None:
        """Give seat ``index`` to a bot of ``level`` (an open seat, or a running game's)."""
        old = self.meta.seats[index]
        # The bot keeps the seat's former player (``key``): they may take it back.
        self.meta.seats[index] = SeatInfo("bot", old.key, level, old.name)
        if self.table is not None:
            seats = list(self.table.seats)
            seats[index] = dataclasses.replace(seats[index], controller=Controller("bot", level))
            self.table.seats = tuple(seats)
            self._undo_barrier()
        self.changed()

    def hint_refusal(self, key: str) -> str | None:
        """Why the person of ``key`` may not have a hint now, in one line; None when they
        may: the table allows hints, they hold a seat, the game runs and they must act."""
        if not self.meta.hints:
            return "Hints are off at this table."
        seat = self.seat_of(key)
        if seat is None:
            return "Spectators get no hints."
        if self.table is None:
            return "The game has not started: seats are still open."
        if self.table.is_over():
            return "The game is over."
        if seat not in self.table.to_act():
            return "It is not your turn."
        return None

    def bot_seats_to_act(self) -> list[int]:
        """Bot seats that must decide now."""
        if self.table is None:
            return []
        return [s for s in self.table.to_act() if self.meta.seats[s].kind == "bot"]

    # --- messages --------------------------------------------------------------------------
    def seat_rows(self, names: Callable[[str], str], presence: Presence) -> list[dict[str, Any]]:
        """Each seat as the messages show it: name, kind, level, connected, away."""
        rows = []
        for index, info in enumerate(self.meta.seats):
            if info.kind == "player":
                connected, away = presence(info.key)
                name = names(info.key) or info.name
                rows.append({"name": name, "kind": "player", "level": "", "connected": connected,
                             "away": 0 if connected else int(away)})
            elif info.kind == "bot":
                rows.append({"name": info.name or bot_name(index, info.level), "kind": "bot",
                             "level": info.level, "connected": True, "away": 0})
            else:
                rows.append({"name": "", "kind": "open", "level": "", "connected": False, "away": 0})
        return rows

    def ends_turn(self, seat: int) -> list[bool]:
        """Per legal action of ``seat``: whether it ends the seat's turn (cached per version)."""
        table = self.table
        if table is not None and self._ends_state is not table.state:
            self._ends.clear()  # keyed by the state itself, not only the version
            self._ends_state = table.state
        cached = self._ends.get((self.version, seat))
        if cached is not None:
            return cached
        answers: list[bool] = []
        if table is not None:
            state = table.state
            for action in table.legal_actions(seat):
                # Legal by construction: apply_in_place on a clone skips apply's check, which
                # lists the legal moves again for every move.
                after = self.game.clone(state)
                self.game.apply_in_place(after, seat, action)
                answers.append(self.game.is_over(after) or seat not in self.game.to_act(after))
        self._ends[(self.version, seat)] = answers
        return answers

    def log_mark(self, you: int | None) -> LogMark | None:
        """What a viewer at seat ``you`` holds of the log once sent the latest message."""
        table = self.table
        if table is None:
            return None
        chat = self.meta.chat
        return LogMark(table, you, len(table.log), table.log[-1] if table.log else None,
                       chat[-1] if chat else None)

    def chat_start(self, held: LogMark | None) -> int | None:
        """The first chat line to send a viewer who holds ``held``: the lines said since
        (all those kept, if theirs scrolled off); None: the whole chat, held or not."""
        if held is None or held.table is not self.table:
            return None
        chat = self.meta.chat
        for index in range(len(chat) - 1, -1, -1):
            if chat[index] is held.chat_last:
                return index + 1
        return 0

    def log_start(self, you: int | None, held: LogMark | None) -> int:
        """The first log entry to send a viewer at seat ``you`` who holds ``held`` (None:
        nothing): past what they hold, or 0 (the whole log) if what they hold is not the
        start of the log as they may see it now: another game, another seat (a seat given
        to a bot or taken back shows other secrets), an undo since (entries gone or
        replaced), or a last entry changed (an undo barrier set when a seat changed hands)."""
        table = self.table
        if held is None or table is None or held.table is not table or held.you != you:
            return 0
        if held.count > len(table.log) or (held.count and table.log[held.count - 1] is not held.last):
            return 0
        return held.count

    def _encoded_log(self, table: Table[Any]) -> list[tuple[LogEntry, dict[str, Any]]]:
        """The encoded entries of ``table``'s log, brought up to date: entries undone (or
        replaced) are dropped from the end, new ones encoded once."""
        game, log = self.game, table.log
        owner, encoded = self._encoded
        if owner is not table:
            encoded = []
            self._encoded = (table, encoded)
        del encoded[len(log):]
        while encoded and encoded[-1][0] is not log[len(encoded) - 1]:
            encoded.pop()
        for e in log[len(encoded):]:
            encoded.append((e, {"seat": e.seat, "action": game.encode_action(e.action), "text": e.text,
                                "barrier": e.barrier, "effects": list(e.effects)}))
        return encoded

    def message(self, viewer: str, you: int | None, names: Callable[[str], str], presence: Presence,
                spectators: int, log_from: int = 0, chat_from: int | None = None) -> dict[str, Any]:
        """The ``table`` message for ``viewer`` (a key) at seat ``you`` (None: a spectator);
        see net.protocol. Its log holds the entries from ``log_from`` on (0: the whole log;
        see :meth:`log_start`), its chat the lines from ``chat_from`` on, to add to those
        sent before (None: the whole chat; see :meth:`chat_start`)."""
        game = self.game
        seat = -1 if you is None else you
        message: dict[str, Any] = {
            "type": "table",
            "id": self.id,
            "game": self.meta.game,
            "title": game.info.title,
            "options": dict(self.meta.options),
            "seats": self.seat_rows(names, presence),
            "you": seat,
            "creator": viewer == self.meta.creator,
            "started": self.started,
            "free": self.open_seats(),
            "log_from": 0, "log": [], "view": {}, "public": {}, "to_act": [], "legal": [], "ends_turn": [],
            "can_undo": False, "over": False, "result": {},
            "progress": "",
            "chat": [dict(line) for line in self.meta.chat[chat_from or 0:]],
            "chat_more": chat_from is not None,
            "spectators": spectators,
            "password": bool(self.meta.password),
            "hints": self.meta.hints,
        }
        table = self.table
        if table is None:
            return message
        state = table.state
        if self._shared is None or self._shared[0] is not state:
            self._shared = (state, game.encode_state(table.view(None)))
        public = self._shared[1]  # the same for every viewer: built once per change
        encoded = self._encoded_log(table)
        log_from = min(max(0, log_from), len(encoded))
        log = []
        for index in range(log_from, len(encoded)):
            entry = encoded[index][1]
            # A secret choice of another seat (a disk before the reveal) goes without its
            # move: the client never holds another seat's secrets, only the log line.
            if not table.seen(index, you):
                entry = {key: value for key, value in entry.items() if key != "action"}
            log.append(entry)
        to_act = table.to_act()
        message.update(
            log_from=log_from,
            log=log,
            view=public if you is None else game.encode_state(table.view(you)),
            public=public,
            to_act=to_act,
            over=table.is_over(),
            progress=game.progress(state),
        )
        if you is not None:
            if you in to_act:
                message["legal"] = [game.encode_action(a) for a in table.legal_actions(you)]
                message["ends_turn"] = self.ends_turn(you)
            message["can_undo"] = table.can_undo(you)
        if table.is_over():
            message["result"] = result_plain(game, state)
        return message

    def lobby_entry(self, viewer: str, names: Callable[[str], str], presence: Presence,
                    spectators: int) -> dict[str, Any]:
        """This table's line in the lobby as ``viewer`` sees it."""
        rows = self.seat_rows(names, presence)
        return {
            "id": self.id,
            "game": self.meta.game,
            "title": self.game.info.title,
            "players": len(rows),
            "seats": [{"name": r["name"], "kind": r["kind"], "connected": r["connected"]} for r in rows],
            "free": self.open_seats(),
            "progress": self.game.progress(self.table.state) if self.table is not None else "",
            "spectators": spectators,
            "password": bool(self.meta.password),
            "hints": self.meta.hints,
            "mine": self.seat_of(viewer) is not None,
            "back": -1 if (back := self.handed_over(viewer)) is None else back,
            "over": self.is_over(),
            "started": self.started,
        }
