"""The SSH front door over loopback: what an SSH client with (or without) a terminal sees.

Each test starts :class:`net.server.FrontDoor` on a port the system picks, with a fake
token issuer and a small session target from ``test_ssh_apps`` in place of the Meeple app;
an asyncssh client's output is fed to a ``pyte`` screen and the tests read its text.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any, Awaitable, Callable

import asyncssh
import pyte
import pytest

from net import server, spawn
from net.hostkey import fingerprint, load_host_key
from net.spawn import FallbackSpawner, SubprocessSpawner, ZygoteSpawner

ROOT = Path(__file__).resolve().parents[2]
SIZE_APP = "tests.net.test_ssh_apps:size_app"
TEXTUAL_APP = "tests.net.test_ssh_apps:textual_app"
FLOOD_APP = "tests.net.test_ssh_apps:flood_app"
WAIT = 30.0  # generous: only a broken server takes this long


class FakeHub:
    """Tokens as the hub issues them, remembered so the tests can see revocations."""

    def __init__(self) -> None:
        self.issued: dict[str, str] = {}
        self.revoked: list[str] = []

    def issue_token(self, key_fingerprint: str) -> str:
        token = f"token-{len(self.issued) + 1}"
        self.issued[token] = key_fingerprint
        return token

    def revoke_token(self, token: str) -> None:
        self.revoked.append(token)


class Terminal(asyncssh.SSHClientSession[bytes]):
    """The client's side: a pyte screen fed with everything the session sends."""

    def __init__(self, columns: int = 80, rows: int = 24) -> None:
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        self.received = 0
        self.keep = True
        """False: only count the bytes (pyte would take seconds over megabytes)."""
        self.changed = asyncio.Event()
        self.closed = asyncio.Event()
        self.exit_status: int | None = None
        self.chan: asyncssh.SSHClientChannel[bytes] | None = None

    def connection_made(self, chan: asyncssh.SSHClientChannel[bytes]) -> None:
        self.chan = chan

    def data_received(self, data: bytes, datatype: int | None) -> None:
        self.received += len(data)
        if self.keep:
            self.raw += data
            self.stream.feed(data)
        self.changed.set()

    def exit_status_received(self, status: int) -> None:
        self.exit_status = status

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()
        self.changed.set()

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    async def wait_for(self, needle: str, timeout: float = WAIT) -> str:
        """The screen's text once it shows ``needle`` (fails after ``timeout``)."""
        async def poll() -> str:
            while needle not in self.text():
                if self.closed.is_set():
                    raise AssertionError(f"closed before {needle!r} showed:\n{self.text()}")
                self.changed.clear()
                await self.changed.wait()
            return self.text()

        try:
            return await asyncio.wait_for(poll(), timeout)
        except asyncio.TimeoutError:
            raise AssertionError(f"{needle!r} never showed:\n{self.text()}") from None

    def resize(self, columns: int, rows: int) -> None:
        self.screen.resize(rows, columns)
        assert self.chan is not None
        self.chan.change_terminal_size(columns, rows)

    def type(self, text: str) -> None:
        assert self.chan is not None
        self.chan.write(text.encode())


@pytest.fixture
def client_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


@pytest.fixture(autouse=True)
def importable_tests(monkeypatch: pytest.MonkeyPatch) -> None:
    """Session processes import the test targets from the checkout."""
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))


Door = Callable[..., Awaitable[server.FrontDoor]]


def run(body: Callable[[Door], Awaitable[None]]) -> None:
    """Run ``body`` with a factory of started front doors, ``await door(**options)``; every
    door is closed at the end."""
    async def main() -> None:
        doors: list[server.FrontDoor] = []

        async def make(target: str = SIZE_APP, spawner: Any = None, **options: Any) -> server.FrontDoor:
            key, _path, _new = load_host_key()
            options.setdefault("port", 0)
            options.setdefault("grace", 1.0)
            front = server.FrontDoor(key, FakeHub(), spawner or SubprocessSpawner(target),
                                     server.ServerOptions(**options))
            await front.start()
            doors.append(front)
            return front

        try:
            await asyncio.wait_for(body(make), 120)
        finally:
            for front in doors:
                await front.close()

    asyncio.run(main())


async def connect(front: server.FrontDoor, key: asyncssh.SSHKey, **kwargs: Any) -> asyncssh.SSHClientConnection:
    kwargs.setdefault("agent_path", None)
    return await asyncssh.connect(
        "127.0.0.1", front.port, username="ada", client_keys=[key], known_hosts=None,
        config=None, **kwargs)


async def open_terminal(conn: asyncssh.SSHClientConnection, columns: int = 80, rows: int = 24,
                        **kwargs: Any) -> Terminal:
    _chan, terminal = await conn.create_session(
        lambda: Terminal(columns, rows), term_type="xterm-256color", term_size=(columns, rows),
        encoding=None, **kwargs)
    return terminal


def test_a_terminal_session_runs_the_app_on_its_own_controlling_pty(client_key: asyncssh.SSHKey) -> None:
    async def body(door: Door) -> None:
        front = await door()
        async with await connect(front, client_key) as conn:
            terminal = await open_terminal(conn, 90, 30)
            await terminal.wait_for("size 90x30 term xterm-256color token True ctty True")
            terminal.type("hello\r")
            await terminal.wait_for("got hello")
            terminal.type("quit\r")
            await terminal.wait_for("bye")
            await asyncio.wait_for(terminal.closed.wait(), WAIT)
            assert terminal.exit_status == 3  # the app's exit code
        hub = front.issuer
        assert isinstance(hub, FakeHub)
        assert list(hub.issued.values()) == [fingerprint(client_key)]
        for _ in range(100):  # the session's task revokes it right after the exit
            if hub.revoked:
                break
            await asyncio.sleep(0.05)
        assert hub.revoked == list(hub.issued)

    run(body)


def test_a_resize_reaches_the_app(client_key: asyncssh.SSHKey) -> None:
    async def body(door: Door) -> None:
        front = await door()
        async with await connect(front, client_key) as conn:
            terminal = await open_terminal(conn, 80, 24)
            await terminal.wait_for("size 80x24")
            terminal.resize(100, 30)
            await terminal.wait_for("resized 100x30")

    run(body)


PRELOADED: list[str] = []


def _preloaded() -> None:
    PRELOADED.append("called")


def test_a_zygote_preload_imports_modules_calls_functions_and_skips_what_fails() -> None:
    """What the zygote does before its first fork (:func:`net.spawn._preload`): a module is
    imported, a ``module:function`` called, in order; what fails is only a lost head start."""
    PRELOADED.clear()
    spawn._preload(["no.such.module", "json", f"{__name__}:_preloaded", f"{__name__}:missing",
                    f"{__name__}:_preloaded"])
    assert PRELOADED == ["called", "called"]


def test_a_textual_app_from_the_zygote_is_laid_out_again_on_a_resize(client_key: asyncssh.SSHKey) -> None:
    async def body(door: Door) -> None:
        zygote = await ZygoteSpawner.start(TEXTUAL_APP, preload=("textual.app", "textual.widgets"))
        spawner = FallbackSpawner(zygote, SubprocessSpawner(TEXTUAL_APP))
        try:
            front = await door(spawner=spawner)
            async with await connect(front, client_key) as conn:
                terminal = await open_terminal(conn, 80, 24)
                await terminal.wait_for("app size 80x24")
                terminal.resize(100, 30)
                await terminal.wait_for("app size 100x30")
                assert spawner.kind == "zygote"
                # The zygote dies: its running app goes on, the next one is a subprocess.
                zygote._process.kill()
                await zygote._process.wait()
                while spawner.kind == "zygote":
                    await asyncio.sleep(0.01)
                later = await open_terminal(conn, 70, 20)
                await later.wait_for("app size 70x20")
                terminal.resize(90, 25)
                await terminal.wait_for("app size 90x25")
        finally:
            await spawner.close()

    run(body)


def test_a_session_without_a_terminal_gets_one_line_of_help(client_key: asyncssh.SSHKey) -> None:
    async def body(door: Door) -> None:
        front = await door(connect_hint="ssh -t -p 2222 example.org")
        async with await connect(front, client_key) as conn:
            _chan, terminal = await conn.create_session(Terminal, encoding=None)  # ssh -T
            await asyncio.wait_for(terminal.closed.wait(), WAIT)
            assert bytes(terminal.raw) == b"Meeple needs a terminal: connect with ssh -t -p 2222 example.org\r\n"
            assert terminal.exit_status == 1
            result = await conn.run("ls /", term_type="xterm", encoding=None)  # a command, even with a pty
            assert result.stdout == (b"Meeple runs no commands: connect with ssh -p 2222 example.org "
                                     b"and play in the terminal\r\n")
            assert result.exit_status == 1
        assert isinstance(front.issuer, FakeHub) and front.issuer.issued == {}

    run(body)


def test_forwarding_is_refused(client_key: asyncssh.SSHKey, tmp_path: Path) -> None:
    async def body(door: Door) -> None:
        front = await door()
        async with await connect(front, client_key) as conn:
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", front.port)
            with pytest.raises(asyncssh.ChannelListenError):
                await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", front.port)
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.create_unix_connection(asyncssh.SSHUNIXSession, "/tmp/anything")
            with pytest.raises((asyncssh.ChannelOpenError, asyncssh.ChannelListenError)):
                await conn.start_sftp_client()
        # ssh -A: the request is answered no, and the app's session has no agent socket.
        agent = tmp_path / "agent.sock"
        async with await connect(front, client_key, agent_forwarding=True, agent_path=str(agent)) as conn:
            terminal = await open_terminal(conn)
            await terminal.wait_for("size 80x24")
            [session] = front.sessions
            assert session.chan is not None and session.chan.get_agent_path() is None
            assert "SSH_AUTH_SOCK" not in front.child_env("xterm", "t", {})
            os.environ["HOST_API_TOKEN"] = "s3cret"
            try:
                env = front.child_env("xterm", "t", {})
            finally:
                del os.environ["HOST_API_TOKEN"]
            assert "HOST_API_TOKEN" not in env and env["PATH"] == os.environ["PATH"]

    run(body)


def test_an_idle_session_is_told_and_closed(client_key: asyncssh.SSHKey) -> None:
    async def body(door: Door) -> None:
        front = await door(idle_timeout=0.05 * 60)  # --idle-timeout 0.05
        async with await connect(front, client_key) as conn:
            terminal = await open_terminal(conn)
            await terminal.wait_for("size 80x24")
            terminal.type("still here\r")
            await terminal.wait_for("got still here")
            await terminal.wait_for("No input for 0.05 minutes: the session is closed.")
            await asyncio.wait_for(terminal.closed.wait(), WAIT)

    run(body)


def test_a_full_server_turns_the_next_session_away(client_key: asyncssh.SSHKey) -> None:
    async def body(door: Door) -> None:
        front = await door(max_sessions=1)
        async with await connect(front, client_key) as conn:
            first = await open_terminal(conn)
            await first.wait_for("size 80x24")
            second = await open_terminal(conn)
            await asyncio.wait_for(second.closed.wait(), WAIT)
            assert "The Meeple server is full" in second.text()
            first.type("quit\r")
            await asyncio.wait_for(first.closed.wait(), WAIT)
            for _ in range(100):
                if not front.sessions:
                    break
                await asyncio.sleep(0.05)
            third = await open_terminal(conn)
            await third.wait_for("size 80x24")

    run(body)


def test_authorized_keys_turn_an_unknown_key_away(client_key: asyncssh.SSHKey, tmp_path: Path) -> None:
    async def body(door: Door) -> None:
        known = tmp_path / "authorized_keys"
        known.write_bytes(client_key.export_public_key())
        front = await door(authorized_keys=asyncssh.read_authorized_keys(str(known)))
        stranger = asyncssh.generate_private_key("ssh-ed25519")
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(front, stranger)
        with pytest.raises(asyncssh.PermissionDenied):
            await asyncssh.connect("127.0.0.1", front.port, username="ada", password="secret",
                                   client_keys=None, known_hosts=None, agent_path=None, config=None)
        async with await connect(front, client_key) as conn:
            terminal = await open_terminal(conn)
            await terminal.wait_for("size 80x24")

    run(body)


def test_a_client_gone_hangs_up_its_app_and_revokes_its_token(client_key: asyncssh.SSHKey) -> None:
    async def body(door: Door) -> None:
        front = await door()
        conn = await connect(front, client_key)
        terminal = await open_terminal(conn)
        await terminal.wait_for("size 80x24")
        conn.close()
        await conn.wait_closed()
        for _ in range(200):
            if not front.tasks:
                break
            await asyncio.sleep(0.05)
        assert not front.tasks and not front.sessions
        assert isinstance(front.issuer, FakeHub) and front.issuer.revoked == ["token-1"]

    run(body)


def test_closing_the_server_tells_the_sessions(client_key: asyncssh.SSHKey) -> None:
    async def body(door: Door) -> None:
        front = await door()
        async with await connect(front, client_key) as conn:
            terminal = await open_terminal(conn)
            await terminal.wait_for("size 80x24")
            await front.close("The Meeple server is shutting down.")
            await terminal.wait_for("The Meeple server is shutting down.")
            await asyncio.wait_for(terminal.closed.wait(), WAIT)

    run(body)


def test_a_client_that_reads_nothing_holds_up_only_its_own_app(client_key: asyncssh.SSHKey) -> None:
    async def body(door: Door) -> None:
        flood = await door(spawner=SubprocessSpawner(FLOOD_APP))
        calm = await door()
        async with await connect(flood, client_key) as slow_conn, \
                await connect(calm, client_key) as conn:
            slow = await open_terminal(slow_conn)
            slow.keep = False
            assert slow.chan is not None
            slow.chan.pause_reading()  # the client stops reading: its SSH window fills up
            [session] = flood.sessions
            for _ in range(2000):
                if session._output_paused:
                    break
                await asyncio.sleep(0.01)
            assert session._output_paused  # the app's output is no longer read...
            assert session.chan is not None
            assert session.chan.get_write_buffer_size() <= server.OUTPUT_HIGH_WATER + server.READ_CHUNK
            terminal = await open_terminal(conn)  # ...and another session goes on as ever
            await terminal.wait_for("size 80x24")
            terminal.type("hello\r")
            await terminal.wait_for("got hello")
            seen = slow.received
            slow.chan.resume_reading()
            for _ in range(2000):
                if slow.received > seen + 1_000_000:
                    break
                await asyncio.sleep(0.01)
            assert slow.received > seen + 1_000_000  # and the flood flows again

    run(body)


def test_serve_runs_the_hub_and_the_door_until_stopped(client_key: asyncssh.SSHKey, user_dirs: Path) -> None:
    """``meeple serve``'s coroutine: it says how to connect, serves, and on stop tells the
    sessions, closes them and the hub (which writes its folder in the user data dir)."""
    async def main() -> None:
        key, path, new = load_host_key()
        setup = server.ServeSetup(
            host="127.0.0.1", port=0, host_key=key, host_key_path=path, host_key_new=new,
            authorized_keys=None, authorized_keys_path=None, max_sessions=5, idle_timeout=None,
            target=SIZE_APP, zygote=False)
        said: list[str] = []
        stopped = asyncio.Event()
        task = asyncio.ensure_future(server.serve(setup, said.append, stopped))
        while not any(line.startswith("Players connect with:") for line in said):
            assert not task.done(), said
            await asyncio.sleep(0.02)
        assert f"  fingerprint {fingerprint(key)}: players see it when they first connect." in said
        port = int(next(line for line in said if line.startswith("Players connect")).split()[5])
        async with asyncssh.connect("127.0.0.1", port, client_keys=[client_key], known_hosts=None,
                                    agent_path=None, config=None) as conn:
            terminal = await open_terminal(conn)
            await terminal.wait_for("size 80x24 term xterm-256color token True ctty True")
            stopped.set()
            await terminal.wait_for("The Meeple server is shutting down.")
            await asyncio.wait_for(terminal.closed.wait(), WAIT)
        await asyncio.wait_for(task, WAIT)
        assert said[-1] == "Stopping: closing the sessions and saving the tables…"
        assert server.hub_directory().is_relative_to(user_dirs)

    asyncio.run(main())


def test_one_key_has_at_most_a_few_sessions_and_an_unused_connection_is_closed(
        client_key: asyncssh.SSHKey, monkeypatch: pytest.MonkeyPatch) -> None:
    import net.server

    monkeypatch.setattr(net.server, "UNUSED_CONNECTION", 0.3)

    async def body(door: Door) -> None:
        front = await door(max_sessions=10)
        async with await connect(front, client_key) as conn:
            opened = [await open_terminal(conn) for _ in range(net.server.SESSIONS_PER_KEY)]
            for terminal in opened:
                await terminal.wait_for("size 80x24")
            extra = await open_terminal(conn)
            await asyncio.wait_for(extra.closed.wait(), WAIT)
            assert "sessions open already" in extra.text()
        idle = await connect(front, client_key)  # authenticated, and then nothing
        await asyncio.wait_for(idle.wait_closed(), WAIT)

    run(body)
