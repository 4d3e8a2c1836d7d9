"""The clients of the SSH bench (:mod:`bench.ssh_play`): an SSH terminal read through a
``pyte`` screen, and a connection on the hub's Unix socket."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import asyncssh

from bench.ssh_servers import STEP_TIMEOUT, ServerProc


class Term(asyncssh.SSHClientSession):  # type: ignore[type-arg]
    """An SSH client session with a pty whose output feeds a pyte screen."""

    def __init__(self, columns: int, rows: int, needle: str = "") -> None:
        import pyte

        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.needle = needle
        self.found_at: float | None = None
        self.arrivals: list[tuple[float, int]] = []
        self.changed = asyncio.Event()
        self.closed = False
        self.chan: Any = None
        self.feed = True
        """False: arrivals are only counted, not drawn (a client machine's work, not the
        host's: a bench holding many sessions open spares its own CPU)."""

    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def data_received(self, data: bytes, datatype: Any) -> None:
        now = time.perf_counter()
        self.arrivals.append((now, len(data)))
        if not self.feed:
            self.changed.set()
            return
        self.stream.feed(data)
        if self.needle and self.found_at is None and self.needle in self.text():
            self.found_at = now
        self.changed.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self.changed.set()

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def until(self, check: Callable[[], bool], timeout: float = STEP_TIMEOUT, what: str = "") -> None:
        async def poll() -> None:
            while not check():
                if self.closed:
                    raise RuntimeError(f"the session closed before {what or 'the screen'} showed")
                self.changed.clear()
                await self.changed.wait()

        try:
            await asyncio.wait_for(poll(), timeout)
        except asyncio.TimeoutError:
            raise TimeoutError(f"{what or 'the screen'} did not show in {timeout:g} s") from None

    async def quiet(self, gap: float, timeout: float = STEP_TIMEOUT) -> None:
        """Until nothing has arrived for ``gap`` seconds."""
        deadline = time.perf_counter() + timeout
        while True:
            last = self.arrivals[-1][0] if self.arrivals else 0.0
            remaining = last + gap - time.perf_counter()
            if remaining <= 0 or time.perf_counter() > deadline:
                return
            await asyncio.sleep(remaining)


@dataclass
class Connect:
    """One timed connect, seconds from just before ``asyncssh.connect``."""

    auth: float
    first: float
    lobby: float
    server_cpu: float = float("nan")  # the server process (SSH, hub)
    app_cpu: float = float("nan")  # the new session's app process
    others_cpu: float = float("nan")  # the other sessions' apps


async def open_session(port: int, key: Any, columns: int, rows: int, needle: str,
                       timeout: float = STEP_TIMEOUT) -> tuple[Any, Term, Connect]:
    """Connect, open a pty session, wait for ``needle`` on its screen."""
    import asyncssh

    start = time.perf_counter()
    conn = await asyncio.wait_for(asyncssh.connect(
        "127.0.0.1", port, username="bench", client_keys=[key], known_hosts=None,
        agent_path=None, config=None), timeout)
    auth = time.perf_counter()
    try:
        _chan, session = await asyncio.wait_for(conn.create_session(
            lambda: Term(columns, rows, needle), term_type="xterm-256color",
            term_size=(columns, rows), encoding=None, env={"COLORTERM": "truecolor"}), timeout)
        assert isinstance(session, Term)
        term = session
        await term.until(lambda: term.found_at is not None, timeout, repr(needle))
    except BaseException:
        conn.close()
        raise
    assert term.found_at is not None
    return conn, term, Connect(auth - start, term.arrivals[0][0] - start, term.found_at - start)


async def close_conn(conn: Any) -> None:
    conn.close()
    with contextlib.suppress(Exception):
        await asyncio.wait_for(conn.wait_closed(), 5)


class HubClient:
    """One connection on the hub's Unix socket (the protocol of :mod:`net.protocol`)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.ref = 0
        self.waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.table: dict[str, Any] | None = None
        self.changed = asyncio.Event()
        self.received = 0
        self.bytes = 0
        self.errors: list[str] = []
        self.task = asyncio.ensure_future(self._read())

    @classmethod
    async def open(cls, server: ServerProc, key: str, name: str = "") -> "HubClient":
        reader, writer = await asyncio.open_unix_connection(server.socket, limit=16 << 20)
        client = cls(reader, writer)
        welcome = await client.request({"type": "hello", "token": await server.token(key)})
        if welcome.get("type") != "welcome":
            raise RuntimeError(f"hello refused: {welcome}")
        if name and welcome.get("name") != name:
            reply = await client.request({"type": "set_name", "name": name})
            if reply.get("type") != "welcome":
                raise RuntimeError(f"set_name refused: {reply}")
        return client

    async def _read(self) -> None:
        while True:
            line = await self.reader.readline()
            if not line:
                break
            self.received += 1
            self.bytes += len(line)
            message = json.loads(line)
            kind = message.get("type")
            if kind == "table":
                self.table = message
            elif kind == "error":
                self.errors.append(str(message.get("message")))
            ref = message.get("ref")
            future = self.waiting.pop(ref, None) if isinstance(ref, int) else None
            if future is not None and not future.done():
                future.set_result(message)
            self.changed.set()
        for future in self.waiting.values():
            if not future.done():
                future.set_exception(ConnectionError("the hub closed the connection"))

    def send(self, message: dict[str, Any]) -> None:
        self.writer.write(json.dumps(message).encode() + b"\n")

    async def request(self, message: dict[str, Any]) -> dict[str, Any]:
        self.ref += 1
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.waiting[self.ref] = future
        self.send({**message, "ref": self.ref})
        return await asyncio.wait_for(future, STEP_TIMEOUT)

    async def close(self) -> None:
        self.task.cancel()
        self.writer.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.writer.wait_closed(), 2)


async def name_people(server: ServerProc, people: Sequence[tuple[str, str]]) -> None:
    """Give each (key fingerprint, name) its name on the hub, so the app shows the lobby."""
    for key, name in people:
        client = await HubClient.open(server, key, name)
        await client.close()
