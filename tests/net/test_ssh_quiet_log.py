"""A client that leaves at any moment leaves no traceback in the host's log.

``meeple serve`` configures no logging: what reaches its stderr is Python's last-resort
handler, WARNING and above (asyncio's "Exception in callback", "Task exception was never
retrieved", ...). Clients here leave at many moments — before the SSH handshake, after
authentication, while their app starts, while a flood of output is pending for them — and
every log record of the run is captured: none may carry a traceback or be above DEBUG,
except asyncssh's own INFO chatter about connections (never shown by ``meeple serve``).
"""

from __future__ import annotations

import asyncio
import logging
import socket

import asyncssh
import pytest

from net import server
from net.spawn import FallbackSpawner, SubprocessSpawner, ZygoteSpawner
from tests.net.test_ssh_server import (
    FLOOD_APP,
    TEXTUAL_APP,
    Door,
    connect,
    open_terminal,
    run,
)
from tests.net.test_ssh_server import client_key as client_key  # noqa: F401 - a fixture
from tests.net.test_ssh_server import importable_tests as importable_tests  # noqa: F401 - a fixture


async def _all_ended(front: server.FrontDoor, what: str = "") -> None:
    for _ in range(400):
        if not front.tasks and not front.sessions:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"{len(front.sessions)} sessions still run {what}")


def _loud(records: list[logging.LogRecord]) -> list[str]:
    """The records that would reach the host's log, or carry a traceback."""
    loud = []
    for record in records:
        allowed = logging.INFO if record.name.startswith("asyncssh") else logging.DEBUG
        if record.levelno > allowed or record.exc_info or "Traceback" in record.getMessage():
            loud.append(f"{record.name} {record.levelname}: {record.getMessage()}")
    return loud


async def _leave_before_handshake(front: server.FrontDoor) -> None:
    for wait in (0.0, 0.01, 0.05):
        reader, writer = await asyncio.open_connection("127.0.0.1", front.port)
        await asyncio.sleep(wait)
        if wait:
            writer.write(b"SSH-2.0-half\r\n")
        sock = writer.get_extra_info("socket")
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        writer.close()  # (linger 0: a reset, not a goodbye)


async def _leave_after_auth(front: server.FrontDoor, key: asyncssh.SSHKey) -> None:
    conn = await connect(front, key)
    conn.abort()


def _leave(conn: asyncssh.SSHClientConnection, chan: asyncssh.SSHClientChannel[bytes] | None, how: str) -> None:
    """The client goes: ``abort`` (the TCP connection drops), ``close`` (the connection
    says goodbye), ``channel`` (only the session's channel is closed), ``eof`` (its input
    ends), each with the connection closed after the channel's way."""
    if how == "abort":
        conn.abort()
    elif how == "close":
        conn.close()
    else:
        assert chan is not None
        chan.close() if how == "channel" else chan.write_eof()


LEAVINGS = ("abort", "close", "channel", "eof")


async def _leave_while_starting(front: server.FrontDoor, key: asyncssh.SSHKey, waits: list[float]) -> None:
    for wait in waits:
        for how in LEAVINGS:
            conn = await connect(front, key)
            terminal = await open_terminal(conn)
            await asyncio.sleep(wait)
            _leave(conn, terminal.chan, how)
            await _all_ended(front, f"after {how} at {wait}")
            conn.close()


async def _leave_mid_flood(front: server.FrontDoor, key: asyncssh.SSHKey) -> None:
    for reading, how in [(reading, how) for reading in (True, False) for how in LEAVINGS]:
        conn = await connect(front, key)
        terminal = await open_terminal(conn)
        terminal.keep = False
        while terminal.received < 100_000:
            terminal.changed.clear()
            await asyncio.wait_for(terminal.changed.wait(), 30)
        if not reading:  # the client stops reading: output piles up for it
            assert terminal.chan is not None
            terminal.chan.pause_reading()
            [session] = front.sessions
            for _ in range(2000):
                if session._output_paused:
                    break
                await asyncio.sleep(0.01)
        _leave(conn, terminal.chan, how)
        await _all_ended(front)
        conn.close()


def test_clients_leaving_at_any_moment_leave_the_log_quiet(
        client_key: asyncssh.SSHKey, caplog: pytest.LogCaptureFixture) -> None:  # noqa: F811
    caplog.set_level(logging.DEBUG)

    async def body(door: Door) -> None:
        zygote = await ZygoteSpawner.start(TEXTUAL_APP, preload=("textual.app", "textual.widgets"))
        spawner = FallbackSpawner(zygote, SubprocessSpawner(TEXTUAL_APP))
        try:
            textual = await door(spawner=spawner)
            await _leave_before_handshake(textual)
            await _leave_after_auth(textual, client_key)
            await _leave_while_starting(textual, client_key, [0.0, 0.0, 0.02, 0.1, 0.3])
            await _all_ended(textual)
        finally:
            await spawner.close()
        flood = await door(spawner=SubprocessSpawner(FLOOD_APP))
        await _leave_mid_flood(flood, client_key)

    run(body)
    assert any(r.name.startswith("asyncssh") for r in caplog.records)  # the capture works
    assert _loud(caplog.records) == []
