"""The hub: one asyncio object owning every network table, the only authority over them.

App processes (one per SSH session, one person each) connect over a Unix socket and speak
the JSON-lines protocol of :mod:`net.protocol`. A person is their SSH key's fingerprint
(the front door hands it over with :meth:`Hub.issue_token`); their display name is kept in
``people.json``. Tables, their seats, chat and games are saved after every change (a
game as one line appended to its journal, :mod:`net.hub_saving`), so a killed hub resumes
every table.

Every message is handled synchronously on the loop (no await between checking and
changing), so two clients never race. Each connection has its own outgoing queue drained
by its own writer task: a newer ``table`` or ``lobby`` message replaces one still waiting,
and a client whose backlog grows past :attr:`Hub.MAX_BACKLOG` is dropped, so a frozen
client never slows the others (:mod:`net.hub_conn`). Bots think in worker processes
(:mod:`net.hub_bots`). A table's seats and messages are :class:`net.hub_tables.NetTable`'s.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import time
from collections import deque
from pathlib import Path
from typing import Any, Callable

from core.engine import SEAT_LETTERS, IllegalAction
from core.levels import LEVELS
from core.registry import UnknownGame, get_game
from core.table import parse_options
from net import protocol
from net.hub_bots import BotSeats
from net.hub_conn import Client, short_key
from net.hub_saving import TableSaving, save_meta
from net.hub_store import HubStore, SeatInfo, StoreError, TableMeta, check_password, hash_password
from net.hub_tables import NetTable
from net.protocol import ProtocolError, bool_field, int_field, text_field
from saves.format import check_player_name

log = logging.getLogger("meeple.hub")

LOBBY = "\0lobby"
"""``Client.showing`` for a connection shown the lobby."""

MAX_PASSWORD = 100
"""Longest table password (characters)."""

MAX_WAITING_PER_PERSON = 8
MAX_OPEN_PER_PERSON = 12
"""Tables not over that one person may have created (waiting or running)."""
MAX_OPEN_TABLES = 200
"""Tables not over on the whole server: every lobby lists them all."""
"""Tables not yet started a person may have created at once."""


class Hub:
    """Owns every network table; see the module docstring."""

    MAX_BACKLOG = 1024 * 1024
    """Bytes a connection may have waiting to be sent before it is dropped."""
    HELLO_WITHIN = protocol.HELLO_WITHIN
    """Seconds a connection has for its ``hello`` (a half line and silence hold nothing)."""

    def __init__(self, directory: Path, *, bot_delay: float = 0.4,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.directory = Path(directory)
        self.bot_delay = bot_delay
        self.clock = clock
        self.store = HubStore(self.directory)
        self.saving = TableSaving(self.store)
        self.tables: dict[str, NetTable] = {}
        self.people: dict[str, str] = {}
        self.clients: set[Client] = set()
        self._tokens: dict[str, str] = {}
        self._online: dict[str, int] = {}
        self._left_at: dict[str, float] = {}
        self._started_at = clock()
        self._next_id = 1
        self._lobby_chat: deque[dict[str, str]] = deque(maxlen=protocol.CHAT_KEPT)
        self._servers: list[asyncio.AbstractServer] = []
        self._tasks: set[asyncio.Task[None]] = set()
        self._bots = BotSeats(bot_delay, self._moved)
        self._closing = False
        self._stats = {"messages_in": 0, "messages_out": 0, "bytes_out": 0}

    # --- life cycle ------------------------------------------------------------------------
    async def start(self) -> None:
        """Restore people and tables from the directory; a broken file is logged and skipped."""
        self._started_at = self.clock()
        self.store.tidy()
        try:
            self.people = self.store.load_people()
        except StoreError as exc:
            # Kept aside, not overwritten by the next name chosen: its names are not lost.
            kept = self.store.directory / f"people.json.broken-{int(time.time())}"
            with contextlib.suppress(OSError):
                (self.store.directory / "people.json").replace(kept)
            log.error("people.json skipped (kept as %s): %s", kept.name, exc)
        ids = self.store.table_ids()
        self._next_id = max((int(i[1:]) for i in ids), default=0) + 1
        for table_id in ids:
            try:
                nt = self.saving.restore(table_id)
            except Exception as exc:  # any broken file: skip the table, keep the hub up
                log.error("table %s skipped: %s", table_id, exc)
                continue
            self.tables[table_id] = nt
            if not nt.started and not nt.open_seats():
                self._start_game(nt)  # killed between taking the last seat and starting
                self._save(nt)
        for nt in list(self.tables.values()):
            self._bots.kick(nt)

    async def serve(self, path: Path) -> None:
        """Listen on a Unix socket at ``path`` (its folder made private); returns once listening."""
        path = Path(path)
        if not path.parent.exists():
            path.parent.mkdir(parents=True, mode=0o700)
            os.chmod(path.parent, 0o700)  # whatever the umask: only this user may connect
        if path.is_socket():
            path.unlink()
        server = await asyncio.start_unix_server(
            self._serve_client, path=str(path), limit=protocol.MAX_CLIENT_LINE - 1
        )
        os.chmod(path, 0o600)
        self._servers.append(server)

    def issue_token(self, key: str) -> str:
        """A one-connection secret for the session of SSH key ``key`` (its fingerprint)."""
        token = secrets.token_urlsafe(24)
        self._tokens[token] = key
        return token

    def revoke_token(self, token: str) -> None:
        """The SSH session of ``token`` ended: forget it and close its connection."""
        self._tokens.pop(token, None)
        for client in list(self.clients):
            if client.token == token:
                self._bye(client, "Your session ended.")

    async def close(self) -> None:
        """Save everything, say ``bye`` to every client, close the sockets, stop the bots."""
        self._closing = True
        for nt in self.tables.values():
            self.saving.close(nt)
        for server in self._servers:
            server.close()
        for client in list(self.clients):
            self._bye(client, "The hub is closing.")
        self._bots.stop()
        tasks = list(self._tasks)
        if tasks:
            # Writers flush their last bytes; a frozen client is cut off after a second.
            _, pending = await asyncio.wait(tasks, timeout=1.0)
            for task in pending:
                task.cancel()
        for client in list(self.clients):
            client.writer.transport.abort()
        await self._bots.close()

    def stats(self) -> dict[str, int]:
        """Counters for the bench: tables, clients, messages in/out, bytes out."""
        return {"tables": len(self.tables), "clients": len(self.clients), **self._stats}

    # --- connections -------------------------------------------------------------------------
    def _spawn(self, coro: Any) -> None:
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _serve_client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        client = Client(writer, self.clock(), self._stats)
        self.clients.add(client)
        self._spawn(client.write_loop())
        try:
            while not client.closing and not self._closing:
                try:
                    if client.key:
                        line = await reader.readuntil(b"\n")
                    else:
                        line = await asyncio.wait_for(reader.readuntil(b"\n"), self.HELLO_WITHIN)
                except asyncio.TimeoutError:
                    self._error(client, "No hello: the connection is closed.")
                    client.finish()
                    break
                except asyncio.LimitOverrunError:
                    self._error(client, "message too long")
                    client.finish()
                    break
                except (asyncio.IncompleteReadError, ConnectionError, OSError):
                    break
                self._stats["messages_in"] += 1
                self._handle_line(client, line)
                # readuntil() returns lines already buffered without yielding: without
                # this, one client's flood would hold the loop for thousands of lines.
                await asyncio.sleep(0)
        finally:
            self._gone(client)

    def _send(self, client: Client, message: dict[str, Any], coalesce: str = "") -> None:
        """Queue ``message`` for ``client`` (see :meth:`Client.send`); never awaits."""
        client.send(message, coalesce, self.MAX_BACKLOG)

    def _error(self, client: Client, message: str) -> None:
        self._send(client, {"type": "error", "message": message, "ref": client.ref})

    def _bye(self, client: Client, message: str) -> None:
        self._send(client, {"type": "bye", "message": message})
        client.finish()

    def _gone(self, client: Client) -> None:
        """A connection ended: update presence and what others are shown."""
        client.finish()
        if client not in self.clients:
            return
        self.clients.discard(client)
        if not client.key:
            return
        self._online[client.key] -= 1
        if self._online[client.key] <= 0:
            del self._online[client.key]
            self._left_at[client.key] = self.clock()
        if not self._closing:
            self._refresh_person(client.key, also=client.showing)

    # --- handling ----------------------------------------------------------------------------
    def _handle_line(self, client: Client, line: bytes) -> None:
        client.ref = None
        limited = client.over_rate(self.clock())
        if client.exhausted:
            log.info("closing client %s: too many messages", short_key(client.key))
            self._bye(client, "Too many messages: the connection is closed.")
            return
        try:
            message = protocol.decode(line)
        except (ProtocolError, RecursionError) as exc:  # RecursionError: JSON nested too deep
            self._error(client, "Slow down." if limited else
                        str(exc) if isinstance(exc, ProtocolError) else "not a JSON line")
            if not client.key:
                client.finish()
            return
        ref = message.get("ref")
        client.ref = ref if isinstance(ref, int) and not isinstance(ref, bool) else None
        try:
            if not client.key:
                self._hello(client, message)
                return
            if limited:
                self._error(client, "Slow down.")
                return
            kind = message["type"]
            handler = self._handlers.get(kind)
            if handler is None:
                raise ProtocolError(f"unknown message type {kind[:40]!r}")
            handler(self, client, message)
        except ProtocolError as exc:
            self._error(client, str(exc))
        except Exception:  # a bug must answer this client, never take the hub down
            log.exception("handling a %r message", message.get("type"))
            self._error(client, "Something went wrong on the hub.")
        finally:
            client.ref = None

    def _hello(self, client: Client, message: dict[str, Any]) -> None:
        if message["type"] != "hello":
            self._error(client, "The first message must be hello.")
            client.finish()
            return
        token = message.get("token")
        key = self._tokens.pop(token, None) if isinstance(token, str) else None
        if key is None:
            self._error(client, "That session token is not valid.")
            client.finish()
            return
        client.key, client.token = key, token if isinstance(token, str) else ""
        self._online[key] = self._online.get(key, 0) + 1
        self._left_at.pop(key, None)
        self._welcome(client)
        self._refresh_person(key)

    def _welcome(self, client: Client) -> None:
        self._send(client, {"type": "welcome", "name": self.people.get(client.key, ""),
                            "key": short_key(client.key)})

    def _set_name(self, client: Client, message: dict[str, Any]) -> None:
        name = text_field(message, "name", protocol.MAX_NAME).strip()
        if not name:
            raise ProtocolError("A name cannot be empty.")
        problem = check_player_name(name)
        if problem is not None:
            raise ProtocolError(problem[0].upper() + problem[1:] + ".")
        folded = name.casefold()
        if any(other.casefold() == folded for key, other in self.people.items() if key != client.key):
            raise ProtocolError("That name belongs to another player.")
        self.people[client.key] = name
        try:
            self.store.save_people(self.people)
        except OSError as exc:
            log.error("people.json not written: %s", exc)
        for other in self.clients:
            if other.key == client.key:
                self._welcome(other)
        self._refresh_person(client.key)

    def _lobby(self, client: Client, message: dict[str, Any]) -> None:
        self._show(client, LOBBY)

    def _need_name(self, client: Client) -> str:
        name = self.people.get(client.key, "")
        if not name:
            raise ProtocolError("Choose a name first.")
        return name

    def _table_of(self, message: dict[str, Any]) -> NetTable:
        table_id = text_field(message, "table", 16)
        nt = self.tables.get(table_id)
        if nt is None:
            raise ProtocolError(f"There is no table {table_id!r}.")
        return nt

    def _create(self, client: Client, message: dict[str, Any]) -> None:
        self._need_name(client)
        game_id = text_field(message, "game", 40)
        try:
            game = get_game(game_id)
        except UnknownGame as exc:
            raise ProtocolError(str(exc)) from None
        seats_raw = message.get("seats")
        info = game.info
        if not isinstance(seats_raw, list) or not info.min_players <= len(seats_raw) <= info.max_players:
            raise ProtocolError(f"{info.title} takes {info.min_players}–{info.max_players} seats.")
        seats: list[SeatInfo] = []
        for raw in seats_raw:
            kind = raw.get("kind") if isinstance(raw, dict) else None
            if kind == "me":
                seats.append(SeatInfo("player", client.key))
            elif kind == "open":
                seats.append(SeatInfo("open"))
            elif kind == "bot":
                level = raw.get("level")
                if level not in LEVELS:
                    raise ProtocolError(f"A bot's level is one of {', '.join(LEVELS)}.")
                seats.append(SeatInfo("bot", level=str(level)))
            else:
                raise ProtocolError('Each seat is {"kind": "me"}, {"kind": "open"} or {"kind": "bot", "level": ...}.')
        if sum(1 for seat in seats if seat.kind == "player") != 1:
            raise ProtocolError('Exactly one seat must be "me".')
        options = message.get("options", {})
        if not isinstance(options, dict):
            raise ProtocolError("options must be an object")
        try:
            parsed = parse_options(game, options, len(seats))
        except ValueError as exc:
            raise ProtocolError(str(exc)) from None
        password = text_field(message, "password", MAX_PASSWORD, required=False)
        hints = bool_field(message, "hints")
        waiting = sum(1 for nt in self.tables.values() if nt.meta.creator == client.key and not nt.started)
        if waiting >= MAX_WAITING_PER_PERSON:
            raise ProtocolError(f"You already have {waiting} tables waiting for players.")
        running = [nt for nt in self.tables.values() if not nt.is_over()]
        if sum(1 for nt in running if nt.meta.creator == client.key) >= MAX_OPEN_PER_PERSON:
            raise ProtocolError(f"You already have {MAX_OPEN_PER_PERSON} tables not finished: "
                                "finish one (or let it be) before starting another.")
        if len(running) >= MAX_OPEN_TABLES:
            raise ProtocolError("The server has as many tables as it takes; try again later.")
        table_id = f"t{self._next_id}"
        self._next_id += 1
        meta = TableMeta(id=table_id, game=game_id, options=parsed, seats=seats, creator=client.key,
                         password=hash_password(password), created=time.time(), hints=hints)
        nt = NetTable(meta, game)
        self.tables[table_id] = nt
        if not nt.open_seats():
            self._start_game(nt)
        self._save(nt)
        client.showing, client.last_lobby = table_id, b""
        self._table_changed(nt)

    def _start_game(self, nt: NetTable) -> None:
        nt.start(lambda key: self.people.get(key, "Player"), secrets.randbits(31))

    def _join(self, client: Client, message: dict[str, Any]) -> None:
        nt = self._table_of(message)
        seat = int_field(message, "seat", 0, len(nt.meta.seats) - 1)
        own = nt.seat_of(client.key)
        if own is not None:
            self._show(client, nt.id)
            return
        back = nt.handed_over(client.key)
        if back is not None:  # a bot played for them while they were away
            nt.take_back(back)
            self._save(nt)
            client.showing, client.last_lobby = nt.id, b""
            self._table_changed(nt)
            return
        self._need_name(client)
        if nt.meta.seats[seat].kind != "open":
            raise ProtocolError(f"Seat {SEAT_LETTERS[seat]} is taken.")
        password = text_field(message, "password", MAX_PASSWORD, required=False)
        if not check_password(nt.meta.password, password):
            raise ProtocolError("Wrong password.")
        nt.meta.seats[seat] = SeatInfo("player", client.key)
        if not nt.open_seats():
            self._start_game(nt)
        else:
            nt.changed()
        self._save(nt)
        client.showing, client.last_lobby = nt.id, b""
        self._table_changed(nt)

    def _watch(self, client: Client, message: dict[str, Any]) -> None:
        nt = self._table_of(message)
        if nt.seat_of(client.key) is None and nt.meta.creator != client.key:
            # A table with a password is for those who know it, watchers too.
            password = text_field(message, "password", MAX_PASSWORD, required=False)
            if not check_password(nt.meta.password, password):
                raise ProtocolError("Wrong password." if password else "This table has a password.")
        self._show(client, nt.id)

    def _open(self, client: Client, message: dict[str, Any]) -> None:
        nt = self._table_of(message)
        if nt.seat_of(client.key) is None:
            raise ProtocolError("You have no seat at that table (watch it instead).")
        self._show(client, nt.id)

    def _leave(self, client: Client, message: dict[str, Any]) -> None:
        nt = self._table_of(message)
        if client.showing != nt.id:
            raise ProtocolError("You are not at that table.")
        self._show(client, LOBBY)

    def _my_seat(self, client: Client, nt: NetTable) -> int:
        seat = nt.seat_of(client.key)
        if seat is None:
            raise ProtocolError("You have no seat at that table.")
        if nt.table is None:
            raise ProtocolError("The game has not started: seats are still open.")
        return seat

    def _act(self, client: Client, message: dict[str, Any]) -> None:
        nt = self._table_of(message)
        seat = self._my_seat(client, nt)
        table = nt.table
        assert table is not None
        if table.is_over():
            raise ProtocolError("The game is over.")
        if seat not in table.to_act():
            raise ProtocolError("It is not your turn.")
        try:
            action = nt.game.decode_action(message.get("action"))
            reason = nt.game.why_illegal(table.state, seat, action)
        except Exception as exc:  # CorruptData, or a decoder tripping over odd data
            raise ProtocolError(f"That is not a move of this game ({str(exc)[:120]}).") from None
        if reason is not None:
            raise ProtocolError(reason)
        try:
            table.submit(seat, action)
        except IllegalAction as exc:
            raise ProtocolError(exc.reason) from None
        self._moved(nt, client)

    def _undo(self, client: Client, message: dict[str, Any]) -> None:
        nt = self._table_of(message)
        seat = self._my_seat(client, nt)
        assert nt.table is not None
        try:
            nt.table.undo(seat)
        except IllegalAction as exc:
            raise ProtocolError(exc.reason) from None
        self._moved(nt, client)

    def _chat(self, client: Client, message: dict[str, Any]) -> None:
        name = self._need_name(client)
        table_id = text_field(message, "table", 16)
        text = text_field(message, "text", protocol.MAX_CHAT).strip()
        nt = self.tables.get(table_id) if table_id else None
        if table_id and nt is None:
            raise ProtocolError(f"There is no table {table_id!r}.")
        if nt is not None and nt.seat_of(client.key) is None and client.showing != nt.id:
            raise ProtocolError("Open or watch that table to talk there.")
        if not text:
            raise ProtocolError("Say something.")
        if not client.chats.take(self.clock()):
            raise ProtocolError("Slow down.")
        line = {"name": name, "text": text}
        if nt is None:
            self._lobby_chat.append(line)
            if client.showing != LOBBY:
                self._show(client, LOBBY)  # a lobby chat line shows the lobby, its reply
            self._refresh_lobby()
            return
        nt.meta.chat = (nt.meta.chat + [line])[-protocol.CHAT_KEPT:]
        self._save_meta(nt)
        self._bring(client, nt)
        self._refresh_table(nt)

    def _hand_to_bot(self, client: Client, message: dict[str, Any]) -> None:
        nt = self._table_of(message)
        seat = int_field(message, "seat", 0, len(nt.meta.seats) - 1)
        level = message.get("level")
        if level not in LEVELS:
            raise ProtocolError(f"A bot's level is one of {', '.join(LEVELS)}.")
        # An open seat of a waiting table is the creator's to fill; an away player's seat
        # in a running game may be handed over by anyone seated there (the creator may be
        # the one who is away).
        if nt.meta.creator != client.key and (nt.table is None or nt.seat_of(client.key) is None):
            raise ProtocolError("Only the table's creator (or, in a running game, a player "
                                "seated there) may hand a seat to a bot.")
        if nt.is_over():
            raise ProtocolError("The game is over.")
        info = nt.meta.seats[seat]
        if nt.table is None:
            if info.kind != "open":
                raise ProtocolError(f"Seat {SEAT_LETTERS[seat]} is not open.")
        else:
            if info.kind != "player":
                raise ProtocolError(f"Seat {SEAT_LETTERS[seat]} is not a player's.")
            connected, away = self._presence(info.key)
            if connected or away < protocol.HAND_OVER_AFTER:
                raise ProtocolError(
                    f"A seat goes to a bot once its player has been away {int(protocol.HAND_OVER_AFTER)} s."
                )
        nt.hand_to_bot(seat, str(level))
        if nt.table is None and not nt.open_seats():
            self._start_game(nt)
        self._moved(nt, client)

    def _hint(self, client: Client, message: dict[str, Any]) -> None:
        """May the sender's app show its coach's hint now? The hint itself is worked out
        in the app, from the seat's own view: the hub only says yes or why not."""
        nt = self._table_of(message)
        refusal = nt.hint_refusal(client.key)
        if refusal is not None:
            raise ProtocolError(refusal)
        self._send(client, {"type": "hint_ok", "table": nt.id, "ref": client.ref})

    def _resend(self, client: Client, message: dict[str, Any]) -> None:
        """The app lost track of the table's log: send the table it is shown whole again."""
        nt = self._table_of(message)
        if client.showing != nt.id:
            raise ProtocolError("You are not at that table.")
        client.log_held = client.log_before = None
        self._send_table(client, nt, self._spectators(nt))

    _handlers: dict[str, Callable[["Hub", Client, dict[str, Any]], None]] = {
        "hello": lambda hub, client, message: hub._error(client, "Already greeted."),
        "set_name": _set_name,
        "lobby": _lobby,
        "create": _create,
        "join": _join,
        "watch": _watch,
        "open": _open,
        "leave": _leave,
        "act": _act,
        "undo": _undo,
        "chat": _chat,
        "hand_to_bot": _hand_to_bot,
        "hint": _hint,
        "resend": _resend,
    }

    # --- what clients are shown --------------------------------------------------------------
    def _presence(self, key: str) -> tuple[bool, float]:
        if key in self._online:
            return True, 0.0
        return False, max(0.0, self.clock() - self._left_at.get(key, self._started_at))

    def _name(self, key: str) -> str:
        return self.people.get(key, "")

    def _spectators(self, nt: NetTable) -> int:
        return sum(1 for c in self.clients if c.showing == nt.id and nt.seat_of(c.key) is None)

    def _spectator_counts(self) -> dict[str, int]:
        """Spectators per table id, in one pass over the connections."""
        counts: dict[str, int] = {}
        for client in self.clients:
            nt = self.tables.get(client.showing or "")
            if nt is not None and client.key and nt.seat_of(client.key) is None:
                counts[nt.id] = counts.get(nt.id, 0) + 1
        return counts

    def _show(self, client: Client, showing: str) -> None:
        before = self.tables.get(client.showing or "")
        if showing != client.showing:
            client.last_lobby = b""  # (back in the lobby later: it is sent whole again)
        client.showing = showing
        client.log_held = client.log_before = None  # (a table opened is sent whole)
        if before is not None and before.id != showing:
            self._refresh_table(before)
        nt = self.tables.get(showing)
        if nt is None:
            self._send_lobby(client)
        else:
            self._refresh_table(nt)
        if before is not None or nt is not None:
            self._refresh_lobby(skip=client)

    def _bring(self, client: Client, nt: NetTable) -> None:
        """Acting at a table shows it (the reply is its new state); the caller refreshes it."""
        previous = self.tables.get(client.showing or "")
        if client.showing != nt.id:
            client.last_lobby = b""
            client.log_held = client.log_before = None
        client.showing = nt.id
        if previous is not None and previous is not nt:
            self._refresh_table(previous)  # one spectator fewer there

    def _send_table(self, client: Client, nt: NetTable, spectators: int) -> None:
        # Only the log entries and chat lines the app does not hold yet; a table
        # message still queued is replaced by this one, so this starts where that one did.
        if not any(key == "table" for key, _, _ in client.out):
            client.log_before = client.log_held
        you = nt.seat_of(client.key)
        held = client.log_before
        message = nt.message(client.key, you, self._name, self._presence, spectators,
                             log_from=nt.log_start(you, held), chat_from=nt.chat_start(held))
        client.log_held = nt.log_mark(you)
        self._send(client, message, coalesce="table")

    def table_message(self, table_id: str, key: str, spectators: int | None = None) -> dict[str, Any]:
        """The ``table`` message the person of ``key`` is sent for table ``table_id`` when
        they open it: their own seat's view (a spectator's if they have no seat there), the
        whole log and chat; raises ``KeyError``. (A connection is sent, after that, only
        what it does not hold yet: :meth:`_send_table`.)"""
        nt = self.tables[table_id]
        count = self._spectators(nt) if spectators is None else spectators
        return nt.message(key, nt.seat_of(key), self._name, self._presence, count)

    def _send_lobby(self, client: Client, spectators: dict[str, int] | None = None) -> None:
        counts = self._spectator_counts() if spectators is None else spectators
        entries = []
        for nt in self.tables.values():
            if nt.is_over() and nt.seat_of(client.key) is None:
                continue
            entries.append(nt.lobby_entry(client.key, self._name, self._presence, counts.get(nt.id, 0)))
        self._send(client, {"type": "lobby", "tables": entries, "chat": list(self._lobby_chat)},
                   coalesce="lobby")

    def _refresh_table(self, nt: NetTable) -> None:
        spectators = self._spectators(nt)
        for client in list(self.clients):
            if client.key and client.showing == nt.id:
                self._send_table(client, nt, spectators)

    def _refresh_lobby(self, skip: Client | None = None) -> None:
        counts: dict[str, int] | None = None
        for client in list(self.clients):
            if client.key and client.showing == LOBBY and client is not skip:
                counts = self._spectator_counts() if counts is None else counts
                self._send_lobby(client, counts)

    def _table_changed(self, nt: NetTable) -> None:
        self._refresh_table(nt)
        self._refresh_lobby()
        self._bots.kick(nt)

    def _refresh_person(self, key: str, also: str | None = None) -> None:
        """``key``'s presence or name changed: refresh tables where it sits, and the lobby."""
        for nt in self.tables.values():
            if nt.seat_of(key) is not None or nt.id == also:
                self._refresh_table(nt)
        self._refresh_lobby()

    # --- moves, saves and bots ---------------------------------------------------------------
    def _moved(self, nt: NetTable, by: Client | None = None) -> None:
        if by is not None:
            self._bring(by, nt)
        nt.changed()
        self._save(nt)
        self._table_changed(nt)

    def _save(self, nt: NetTable) -> None:
        self.saving.save(nt)

    def _save_meta(self, nt: NetTable) -> None:
        save_meta(self.store, nt)
