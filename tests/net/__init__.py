"""Tests of network play; the helpers below drive a real :class:`net.hub.Hub` over a Unix
socket: :class:`Conn` is one client connection, :func:`run_hub` runs a scenario."""

from __future__ import annotations

import asyncio
import json
import tempfile
from pathlib import Path
from typing import Any, Awaitable, Callable

from net import protocol
from net.hub import Hub

GUARD = 20.0
"""Seconds a test waits for a reply before failing (a hang guard, never an assertion)."""


class FakeClock:
    """A clock the test moves by hand (presence, rate limits)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def socket_path(directory: Path) -> Path:
    """A Unix socket path under ``directory``, or a short temporary one (108-byte limit)."""
    path = directory / "hub.sock"
    if len(str(path)) < 100:
        return path
    return Path(tempfile.mkdtemp(prefix="mh")) / "hub.sock"


class Conn:
    """One client connection to the hub."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self._ref = 0
        self.seen: list[dict[str, Any]] = []
        self.logs: dict[str, list[dict[str, Any]]] = {}
        """Per table id: its log as this connection's messages built it (``log_from``)."""
        self.chats: dict[str, list[dict[str, Any]]] = {}
        """Per table id: its chat as this connection's messages built it (``chat_more``)."""

    @classmethod
    async def open(cls, path: Path) -> "Conn":
        """Connect to the hub's socket."""
        reader, writer = await asyncio.open_unix_connection(str(path), limit=16 * 1024 * 1024)
        return cls(reader, writer)

    async def send_raw(self, data: bytes) -> None:
        """Send bytes as they are."""
        self.writer.write(data)
        await self.writer.drain()

    async def send(self, message: dict[str, Any]) -> None:
        """Send one message (no waiting for the answer)."""
        await self.send_raw(json.dumps(message).encode() + b"\n")

    async def recv(self) -> dict[str, Any]:
        """The next message (fails the test on a closed connection)."""
        line = await asyncio.wait_for(self.reader.readline(), GUARD)
        assert line, "the hub closed the connection"
        message: dict[str, Any] = json.loads(line)
        self.seen.append(message)
        if message.get("type") == "table":
            held = self.logs.get(message["id"], [])
            start = message["log_from"]
            assert 0 <= start <= len(held), f"log_from {start} past the {len(held)} entries held"
            self.logs[message["id"]] = held[:start] + message["log"]
            said = self.chats.get(message["id"], []) if message["chat_more"] else []
            self.chats[message["id"]] = (said + message["chat"])[-protocol.CHAT_KEPT:]
        return message

    async def until(self, check: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """Read messages until one passes ``check``."""
        while True:
            message = await self.recv()
            if check(message):
                return message

    async def request(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send ``message`` with a fresh ref and return the reply naming it."""
        self._ref += 1
        ref = self._ref
        await self.send({**message, "ref": ref})
        return await self.until(lambda m: m.get("ref") == ref)

    async def closed(self) -> bool:
        """True once the hub has closed this connection (reading what is left)."""
        while True:
            try:
                line = await asyncio.wait_for(self.reader.readline(), GUARD)
            except (ConnectionError, OSError):
                return True
            if not line:
                return True

    def close(self) -> None:
        """Close this end."""
        self.writer.close()


async def greet(hub: Hub, path: Path, key: str, name: str = "") -> Conn:
    """A connection that said hello as ``key`` (and chose ``name``, if given)."""
    conn = await Conn.open(path)
    welcome = await conn.request({"type": "hello", "token": hub.issue_token(key)})
    assert welcome["type"] == "welcome", welcome
    if name:
        reply = await conn.request({"type": "set_name", "name": name})
        assert reply["type"] == "welcome" and reply["name"] == name, reply
    return conn


def run_hub(directory: Path, scenario: Callable[[Hub, Path], Awaitable[None]], *,
            close: bool = True, **options: Any) -> None:
    """Start a hub on ``directory``, serve it on a socket, run ``scenario(hub, socket)``."""

    async def main() -> None:
        hub = Hub(directory, **options)
        await hub.start()
        path = socket_path(directory)
        await hub.serve(path)
        try:
            await scenario(hub, path)
        finally:
            if close:
                await hub.close()

    asyncio.run(main())
