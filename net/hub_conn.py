"""One connection to the hub (:class:`Client`): who it is, what it is shown, its rate
limits, and its queue of outgoing lines, drained by its own writer task.

Queuing never awaits, so the hub's code handling one client never waits on another's
socket. A newer ``table`` or ``lobby`` message replaces one of the same kind still waiting
(a client that falls behind skips to the latest), and a connection whose unsent bytes pass
the bound is dropped.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from net import protocol

log = logging.getLogger("meeple.hub")

REPLY_TYPES = ("welcome", "table", "lobby")
"""Messages that carry the ``ref`` of the request they answer."""


def short_key(key: str) -> str:
    """A fingerprint short enough to show ("SHA256:Ab3dE5gH")."""
    kind, _, digest = key.partition(":")
    return f"{kind}:{digest[:8]}" if digest else key[:16]


class Bucket:
    """A token bucket: ``rate`` tokens a second, at most ``burst`` saved up."""

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate, self.burst, self.tokens, self.last = rate, burst, burst, now

    def take(self, now: float) -> bool:
        """Spend a token if there is one."""
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Client:
    """One connection: who it is, what it is shown, and its queue of outgoing messages."""

    MESSAGE_RATE, MESSAGE_BURST = 30.0, 60.0
    CHAT_RATE, CHAT_BURST = 1.0, 5.0
    MAX_SLOWED = 60
    """Messages refused with "Slow down." (beyond one a second, which is forgiven) before the
    connection is closed: an app that keeps sending past the rate is not a person's."""

    def __init__(self, writer: asyncio.StreamWriter, now: float, stats: dict[str, int]) -> None:
        self.writer = writer
        self.stats = stats
        """The hub's counters: ``messages_out`` and ``bytes_out`` grow as lines are sent."""
        self.key = ""
        """The person's SSH key fingerprint, once the ``hello`` was good."""
        self.token = ""
        self.showing: str | None = None
        """What the connection is shown: the lobby, a table id, or nothing yet."""
        self.ref: int | None = None
        """The ``ref`` of the request being handled (echoed in its replies)."""
        self.out: list[tuple[str, bytes, int | None]] = []
        """Waiting lines: (coalesce key or "", encoded line, the ref it answers)."""
        self.backlog = 0
        self.last_lobby = b""
        """The last lobby queued (without its ``ref``); cleared when the lobby is left."""
        self.log_held: Any = None
        """What the app holds of the shown table's log once its queued lines arrive (a
        :class:`net.hub_tables.LogMark`; None: nothing, the next ``table`` carries it whole)."""
        self.log_before: Any = None
        """``log_held`` as it was before the ``table`` message still queued, if one is: a
        newer one replacing it is sent from there."""
        self.wake = asyncio.Event()
        self.closing = False
        self.messages = Bucket(self.MESSAGE_RATE, self.MESSAGE_BURST, now)
        self.chats = Bucket(self.CHAT_RATE, self.CHAT_BURST, now)
        self.patience = Bucket(1.0, self.MAX_SLOWED, now)
        """One token per refusal for the message rate (see :attr:`MAX_SLOWED`)."""
        self.exhausted = False
        """Refused too often: the connection is to be closed."""

    def over_rate(self, now: float) -> bool:
        """Is this message one too many (after ``hello``)? A refusal also spends patience:
        a flood paced by the hub's fairness gets a message through now and then, so
        counting refusals in a row would never end it."""
        if not self.key or self.messages.take(now):
            return False
        if not self.patience.take(now):
            self.exhausted = True
        return True

    def send(self, message: dict[str, Any], coalesce: str, max_backlog: int) -> None:
        """Queue ``message``; one waiting under the same ``coalesce`` key ("" for none) is
        replaced (its ``ref`` kept if the new one has none: coalesced replies carry the
        newest ref). Past ``max_backlog`` unsent bytes the connection is dropped."""
        if self.closing:
            return
        if self.ref is not None and message.get("type") in REPLY_TYPES:
            message = {**message, "ref": self.ref}
        bare: bytes | None = None  # the lobby's line without a ref
        if coalesce == "lobby":
            # A lobby exactly as last sent is not sent again unless it answers a request:
            # people coming and going who sit at no table change no one's lobby.
            bare = protocol.encode({k: v for k, v in message.items() if k != "ref"})
            if "ref" not in message and bare == self.last_lobby:
                return
            self.last_lobby = bare
        if coalesce:
            for i, (key, old, old_ref) in enumerate(self.out):
                if key == coalesce:
                    self.backlog -= len(old)
                    del self.out[i]
                    if old_ref is not None and "ref" not in message:
                        message = {**message, "ref": old_ref}
                    break
        data = bare if bare is not None and "ref" not in message else protocol.encode(message)
        ref = message.get("ref")
        self.out.append((coalesce, data, ref if isinstance(ref, int) and not isinstance(ref, bool) else None))
        self.backlog += len(data)
        unsent = self.backlog + self.writer.transport.get_write_buffer_size()
        if unsent > max_backlog:
            log.warning("dropping client %s: %d bytes not read", short_key(self.key), unsent)
            self.out, self.backlog, self.closing = [], 0, True
            self.writer.transport.abort()
        self.wake.set()

    def finish(self) -> None:
        """Close once what is queued has been sent."""
        self.closing = True
        self.wake.set()

    async def write_loop(self) -> None:
        """Send queued lines until the connection closes (the client's own task)."""
        writer = self.writer
        try:
            while True:
                while not self.out:
                    if self.closing or writer.is_closing():
                        return
                    self.wake.clear()
                    await self.wake.wait()
                data = b"".join(line for _, line, _ in self.out)
                self.stats["messages_out"] += len(self.out)
                self.stats["bytes_out"] += len(data)
                self.out, self.backlog = [], 0
                writer.write(data)
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            self.closing = True
            writer.close()
