"""The app's connection to the hub: sends protocol messages, hands each answer on.

:class:`HubClient` runs on the app's own event loop. It never blocks a key press: a
message is queued on the socket's buffer at once and written as the socket takes it;
whatever the hub sends is parsed line by line and given to ``on_message``. When the hub
goes away (or sends something unreadable) ``on_message`` gets a ``bye`` message.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Callable

from net.protocol import encode

MAX_HUB_LINE = 16 * 1024 * 1024
"""Longest line the app reads from the hub (a whole table with its log)."""


class HubClient:
    """One connection to the hub's Unix socket at ``path``; ``token`` is the session's
    one-time token (sent in ``hello``)."""

    def __init__(self, path: str, token: str, on_message: Callable[[dict[str, Any]], object]) -> None:
        self.path = path
        self.token = token
        self.on_message = on_message
        self._writer: asyncio.StreamWriter | None = None
        self._reader_task: asyncio.Task[None] | None = None
        self.sent = 0
        self.received = 0

    async def connect(self) -> None:
        """Open the socket, say hello and start reading; raises ``OSError`` if the hub
        cannot be reached."""
        reader, writer = await asyncio.open_unix_connection(self.path, limit=MAX_HUB_LINE)
        self._writer = writer
        self.send({"type": "hello", "token": self.token})
        self._reader_task = asyncio.create_task(self._read(reader))

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for the hub (dropped if the connection is gone)."""
        writer = self._writer
        if writer is None or writer.is_closing():
            return
        data = encode(message)
        self.sent += len(data)
        writer.write(data)

    async def _read(self, reader: asyncio.StreamReader) -> None:
        reason = "The server closed the connection."
        try:
            while True:
                line = await reader.readline()
                if not line:
                    break
                self.received += len(line)
                try:
                    message = json.loads(line)
                except ValueError:
                    reason = "The server sent something this app cannot read."
                    break
                if isinstance(message, dict) and isinstance(message.get("type"), str):
                    self.on_message(message)
        except (OSError, ValueError, asyncio.LimitOverrunError):
            reason = "The connection to the server was lost."
        self.on_message({"type": "bye", "message": reason, "lost": True})

    async def close(self) -> None:
        """Close the connection."""
        writer, self._writer = self._writer, None
        if self._reader_task is not None:
            self._reader_task.cancel()
        if writer is not None:
            writer.close()
            try:
                await writer.wait_closed()
            except OSError:
                pass
