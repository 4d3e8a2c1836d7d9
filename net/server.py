"""The SSH front door of ``meeple serve``: an asyncssh server giving each session an app.

Who may come in: public-key authentication only (no passwords, no keyboard-interactive),
any key unless an authorized-keys file restricts it; the key's SHA256 fingerprint is the
person's identity, for which the hub issues a one-time token (:class:`TokenIssuer`).

What a session gets: a session with a pty and a shell request (plain ``ssh -p PORT HOST``)
gets its own Meeple app process on a *new* pseudo-terminal, made its controlling
terminal (see :mod:`net.spawn`), sized from the client's pty request and resized on each
window change (``TIOCSWINSZ`` on the master: the kernel signals the app). A session
without a pty (``ssh -T``) or asking to run a command gets one line of help and is
closed; subsystems (sftp), agent, X11, TCP/Unix forwarding and tunnels are refused. When
``max_sessions`` apps run, the next session is told the server is full and closed; a
session without input for ``idle_timeout`` seconds is told so and closed.

Bytes are pumped both ways between the SSH channel and the pty master without blocking
the event loop: the master is read by ``loop.add_reader`` (and no longer read while the
channel's send buffer is over its limit, so a slow client slows only its own app), writes
to the master are non-blocking with a buffer (over its limit, the channel stops reading
from that client). When the client goes, the master is closed (the app gets SIGHUP) and
the app is sent SIGTERM, then SIGKILL, a grace period apart, and reaped; its token is
revoked. When the app ends, the channel is closed with its exit status. A client may
leave at any moment (its channel closing, its connection dropping): nothing more is
written to it, and its going is one DEBUG line in the host's log, never a traceback.

:func:`serve` is ``meeple serve``: the hub (:mod:`net.hub`) on a private Unix socket, the
session processes' spawner (:mod:`net.spawn`) and the front door in one event loop, until
SIGINT or SIGTERM; then every session is told and closed and the hub saves its tables.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import logging
import os
import re
import shutil
import signal
import struct
import tempfile
import termios
from dataclasses import dataclass, field
from pathlib import Path
from typing import Awaitable, Callable, Mapping, Protocol, Sequence, Sized

import asyncssh

from net.hostkey import fingerprint
from net.limits import default_max_sessions
from net.spawn import HUB_SOCKET_ENV, TOKEN_ENV, Child, SpawnError, Spawner

log = logging.getLogger("meeple.server")

DEFAULT_SIZE = (80, 24)
MAX_SIZE = (1000, 500)
SESSIONS_PER_KEY = 3
"""Sessions one SSH key may have at once (the server's --max-sessions is for everyone)."""
UNUSED_CONNECTION = 30.0
"""Seconds a connection may stay without a running session before it is closed."""
"""The largest window a session is laid out for (columns, rows)."""
"""Terminal size used when the client's pty request gives none."""

READ_CHUNK = 64 * 1024
OUTPUT_HIGH_WATER = 256 * 1024
"""Bytes queued for one client beyond which its app's output is no longer read."""
INPUT_LIMIT = 64 * 1024
"""Bytes queued for one app beyond which its client's input is no longer read."""

RESTORE_TERMINAL = (
    b"\x1b[?1049l\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?2004l"
    b"\x1b[?25h\x1b[0m\r\n"
)
"""Leaves the alternate screen, mouse and paste modes and shows the cursor: sent before
the server's own last line when it ended the app, in case the app could not."""

# The client may pass these through (ssh's SendEnv); anything else it sends is dropped.
CLIENT_ENV = ("COLORTERM", "LANG", "LC_ALL", "LC_CTYPE")
_ENV_VALUE = re.compile(r"[A-Za-z0-9._@+-]{1,64}")
_TERM_TYPE = re.compile(r"[A-Za-z0-9._+-]{1,64}")
# The server's own terminal and desktop say nothing about the client's.
_HOST_KEPT_ENV = re.compile(
    r"(PATH|HOME|USER|LOGNAME|LANG|LANGUAGE|LC_[A-Z]+|TZ|TMPDIR|XDG_[A-Z_]+|PYTHON[A-Z_]*|VIRTUAL_ENV)")
"""The host's environment variables a session's app keeps (an allow list: the rest, such
as the host's own terminal, display, agent sockets or secrets, is not the player's)."""


class TokenIssuer(Protocol):
    """What the front door needs of the hub: a token per session, revoked when it ends."""

    def issue_token(self, key_fingerprint: str) -> str:
        """A one-time token naming the person with that SSH key."""

    def revoke_token(self, token: str) -> None:
        """The token may no longer be used (its session has ended)."""


@dataclass
class ServerOptions:
    """How the front door behaves; times in seconds."""

    host: str = "127.0.0.1"
    port: int = 2222
    hub_socket: str = ""
    max_sessions: int = field(default_factory=default_max_sessions)
    idle_timeout: float | None = None
    authorized_keys: asyncssh.SSHAuthorizedKeys | None = None
    grace: float = 2.0
    """Time an app is given after SIGHUP, then after SIGTERM, before it is killed."""
    connect_hint: str = "ssh -t -p 2222 127.0.0.1"
    """The command shown to a client that came without a terminal."""
    extra_env: dict[str, str] = field(default_factory=dict)
    """Set in every app's environment (tests)."""


def set_window_size(fd: int, columns: int, rows: int, xpixels: int = 0, ypixels: int = 0) -> None:
    """Give the terminal ``fd`` (either end of a pty) a window size."""
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, xpixels, ypixels))


def _clamp(value: int, limit: int, default: int) -> int:
    """A window size the client asked for, within reason (a huge one only costs the host)."""
    return min(value, limit) if value > 0 else default


def _line(text: str) -> bytes:
    """One line for the client's terminal (printable ASCII text, CRLF)."""
    return text.encode("ascii", "replace") + b"\r\n"


class FrontDoor:
    """The SSH server: its listener, connections and sessions."""

    def __init__(self, host_key: asyncssh.SSHKey, issuer: TokenIssuer, spawner: Spawner,
                 options: ServerOptions) -> None:
        self.host_key = host_key
        self.issuer = issuer
        self.spawner = spawner
        self.options = options
        self.connections: set[_Connection] = set()
        self.sessions: set[AppSession] = set()
        """Sessions that run (or are starting) an app: the ones max_sessions counts."""
        self.also_counted: list[Sized] = []
        """Other doors' sessions that max_sessions counts too (the web door's)."""
        self.tasks: set[asyncio.Task[None]] = set()
        self.closing = False
        self._acceptor: asyncssh.SSHAcceptor | None = None

    @property
    def port(self) -> int:
        """The port listened on (the one the system chose for port 0)."""
        return self._acceptor.get_port() if self._acceptor is not None else 0

    async def start(self) -> None:
        """Listen (OSError if the address cannot be bound)."""
        self._acceptor = await asyncssh.create_server(
            lambda: _Connection(self), self.options.host, self.options.port,
            server_host_keys=[self.host_key], config=None,
            public_key_auth=True, password_auth=False, kbdint_auth=False,
            host_based_auth=False, gss_auth=False, gss_kex=False,
            agent_forwarding=False, x11_forwarding=False, allow_scp=False,
            line_editor=False, encoding=None, login_timeout=60,
            keepalive_interval=60, keepalive_count_max=3,
            reuse_address=True,
        )

    def child_env(self, term_type: str, token: str, client_env: Mapping[str, str]) -> dict[str, str]:
        """The environment of one session's app."""
        env = host_env()
        for name in CLIENT_ENV:
            value = client_env.get(name)
            if value is not None and _ENV_VALUE.fullmatch(value):
                env[name] = value
        env["TERM"] = term_type
        env[HUB_SOCKET_ENV] = self.options.hub_socket
        env[TOKEN_ENV] = token
        env.update(self.options.extra_env)
        return env

    def track(self, task: asyncio.Task[None]) -> None:
        """Keep a session's task until it is done."""
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def close(self, message: str = "The Meeple server is shutting down.") -> None:
        """Stop listening, tell every session ``message`` and close it, then every connection."""
        self.closing = True
        if self._acceptor is not None:
            self._acceptor.close()
        for session in list(self.sessions):
            session.stop(message)
        if self.tasks:
            await asyncio.wait(set(self.tasks), timeout=self.options.grace * 3 + 5)
        for connection in list(self.connections):
            connection.close()
        if self._acceptor is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._acceptor.wait_closed(), 5)


class _Connection(asyncssh.SSHServer):
    """One SSH connection: authentication and what its channels may be."""

    def __init__(self, door: FrontDoor) -> None:
        self.door = door
        self.conn: asyncssh.SSHServerConnection | None = None
        self.key_fingerprint = ""
        self._peer = ("", "")

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("", 0)
        self._peer = (str(peer[0]), str(peer[0]))
        self.door.connections.add(self)
        # A connection that has not started a session within a while is closed: holding
        # connections open would use up the server's file descriptors.
        self._unused = asyncio.get_running_loop().call_later(UNUSED_CONNECTION, self._close_if_unused)

    def _close_if_unused(self) -> None:
        if not any(session.connection is self for session in self.door.sessions):
            self.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self._unused.cancel()
        self.door.connections.discard(self)

    def close(self) -> None:
        """Close the connection (its sessions see the client gone)."""
        if self.conn is not None:
            self.conn.close()

    def begin_auth(self, username: str) -> bool:
        return True  # every person authenticates, whatever user name they give

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """Any key, or only the authorized ones; the last one accepted is the identity.

        asyncssh asks again, with the signature, right before authentication succeeds, so
        the key remembered last is the one the person proved they hold.
        """
        allowed = self.door.options.authorized_keys
        if allowed is not None and allowed.validate(key, *self._peer) is None:
            return False
        self.key_fingerprint = fingerprint(key)
        return True

    def session_requested(self) -> AppSession:
        return AppSession(self.door, self)

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str,
                             orig_port: int) -> bool:
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                                        "Meeple allows no port forwarding")

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                                        "Meeple allows no socket forwarding")

    def unix_server_requested(self, listen_path: str) -> bool:
        return False

    def tun_requested(self, unit: int | None) -> bool:
        return False

    def tap_requested(self, unit: int | None) -> bool:
        return False


class AppSession(asyncssh.SSHServerSession[bytes]):
    """One SSH session: its app process, its pty and the pumps between them."""

    def __init__(self, door: FrontDoor, connection: _Connection) -> None:
        self.door = door
        self.connection = connection
        self.loop = asyncio.get_running_loop()
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term_type: str | None = None
        self.size = (*DEFAULT_SIZE, 0, 0)
        self.shell = False
        self.command = False  # a command was asked for (ssh host ls)
        self.master: int | None = None
        self.child: Child | None = None
        self.token: str | None = None
        self._input = bytearray()
        self._writing = False
        self._reading = False
        self._output_paused = False
        self._input_paused = False
        self._last_input = self.loop.time()
        self._idle_handle: asyncio.TimerHandle | None = None
        self._gone = asyncio.Event()
        self._stop = asyncio.Event()
        self._stop_message = ""

    # --- asyncssh's callbacks ----------------------------------------------------------
    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: Mapping[int, int]) -> bool:
        self.term_type = term_type if _TERM_TYPE.fullmatch(term_type) else "xterm-256color"
        self._resize(*term_size)
        return True

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self._resize(width, height, pixwidth, pixheight)

    def shell_requested(self) -> bool:
        self.shell = True
        return True

    def exec_requested(self, command: str) -> bool:
        self.command = True
        return True  # answered with the help line: Meeple runs no commands

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        assert self.chan is not None
        options = self.door.options
        if self.command:
            hint = options.connect_hint.replace("ssh -t ", "ssh ")
            self._refuse(f"Meeple runs no commands: connect with {hint} and play in the terminal")
        elif self.term_type is None or not self.shell:
            self._refuse(f"Meeple needs a terminal: connect with {options.connect_hint}")
        elif self.door.closing:
            self._refuse("The Meeple server is shutting down.")
        elif len(self.door.sessions) + sum(map(len, self.door.also_counted)) >= options.max_sessions:
            self._refuse("The Meeple server is full; try again later.")
        elif sum(1 for other in self.door.sessions
                 if other.connection.key_fingerprint == self.connection.key_fingerprint) >= SESSIONS_PER_KEY:
            self._refuse(f"You have {SESSIONS_PER_KEY} Meeple sessions open already; close one first.")
        else:
            self.door.sessions.add(self)
            self.door.track(asyncio.ensure_future(self._run()))

    def data_received(self, data: bytes, datatype: int | None) -> None:
        self._last_input = self.loop.time()
        self._input += data
        self._flush_input()

    def eof_received(self) -> bool:
        self._client_left()  # the client's input has ended: so has the session
        return False

    def break_received(self, msec: int) -> bool:
        return False

    def pause_writing(self) -> None:
        self._output_paused = True
        self._watch_output(False)

    def resume_writing(self) -> None:
        self._output_paused = False
        self._watch_output(True)

    def connection_lost(self, exc: Exception | None) -> None:
        self._client_left()

    # --- the session's life ------------------------------------------------------------
    def stop(self, message: str) -> None:
        """End the app (SIGHUP, SIGTERM, SIGKILL), then tell the client ``message`` and close."""
        if not self._stop.is_set():
            self._stop_message = message
            self._stop.set()

    def _refuse(self, text: str) -> None:
        if self._send(_line(text)):
            assert self.chan is not None
            self.chan.exit(1)

    def _send(self, data: bytes) -> bool:
        """Write ``data`` to the client; False when it has gone (or is going: its channel is
        closing), which ends the session as the client's leaving does."""
        chan = self.chan
        if chan is not None and not chan.is_closing():
            try:
                chan.write(data)
                return True
            except OSError as exc:  # (closed under us: the connection dropped)
                log.debug("session %x: the client left while being written to (%s)", id(self), exc)
        self._client_left()
        return False

    def _client_left(self) -> None:
        """The client is gone or going: its app's terminal hangs up (the app gets SIGHUP)."""
        if self._gone.is_set():
            return
        self._gone.set()
        if self in self.door.sessions:
            self._close_master()

    async def _run(self) -> None:
        try:
            await self._serve()
        finally:
            self.door.sessions.discard(self)
            self._close_master()
            if self.chan is not None and self._gone.is_set():
                self.chan.close()  # (half-open after the client's EOF: finish closing)
            if self._idle_handle is not None:
                self._idle_handle.cancel()
            if self.token is not None:
                with contextlib.suppress(Exception):
                    self.door.issuer.revoke_token(self.token)

    async def _serve(self) -> None:
        chan = self.chan
        assert chan is not None and self.term_type is not None
        chan.set_write_buffer_limits(high=OUTPUT_HIGH_WATER)
        try:
            self.token = self.door.issuer.issue_token(self.connection.key_fingerprint)
        except Exception as exc:  # noqa: BLE001 - the hub refused: tell the client why
            self._refuse(f"Meeple could not start a session ({exc}).")
            return
        child = await self._spawn(chan)
        if child is not None:
            await self._attend(chan, child)

    async def _spawn(self, chan: asyncssh.SSHServerChannel[bytes]) -> Child | None:
        """The session's app on a new pty (None, the client told why, if it cannot start)."""
        assert self.term_type is not None and self.token is not None
        master, slave = os.openpty()
        self.master = master
        try:
            os.set_blocking(master, False)
            set_window_size(master, *self._window())
            env = self.door.child_env(self.term_type, self.token, chan.get_environment())
            child = await self.door.spawner.spawn(slave, env)
        except (SpawnError, OSError) as exc:
            self._close_master()
            self._refuse(f"Meeple could not start a session ({exc}).")
            return None
        finally:
            os.close(slave)
        self.child = child
        if self._gone.is_set():
            self._close_master()
        else:
            self._watch_output(True)
            self._flush_input()
            self._arm_idle()
        return child

    async def _attend(self, chan: asyncssh.SSHServerChannel[bytes], child: Child) -> None:
        """Until the app ends, the client leaves or the session is stopped; then the end."""
        ended = asyncio.ensure_future(child.wait())
        gone = asyncio.ensure_future(self._gone.wait())
        stop = asyncio.ensure_future(self._stop.wait())
        try:
            await asyncio.wait({ended, gone, stop}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            gone.cancel()
            stop.cancel()
        if ended.done():
            code = ended.result()
            self._drain()
            if not self._gone.is_set():
                self._close_master()
                self._exit(code)
            return
        if self._gone.is_set():
            self._close_master()  # the app's terminal hangs up: SIGHUP
            await self._end_child(child, ended, (None, signal.SIGTERM, signal.SIGKILL))
            return
        # Asked to stop (idle, shutdown): the app may still restore the terminal.
        await self._end_child(child, ended, (signal.SIGHUP, signal.SIGTERM, signal.SIGKILL))
        self._drain()
        self._close_master()
        if self._send(RESTORE_TERMINAL + _line(self._stop_message)):
            chan.exit(0)
            # The line must reach the client before a shutdown closes the connection
            # (closing it at once dropped the line now and then).
            with contextlib.suppress(Exception):
                await asyncio.wait_for(chan.wait_closed(), 2)

    async def _end_child(self, child: Child, ended: asyncio.Future[int],
                         steps: tuple[int | None, ...]) -> None:
        """Send the app each signal of ``steps`` (None: none) a grace period apart, until it
        has ended; then wait for it to be reaped."""
        grace = self.door.options.grace
        for signum in steps:
            if ended.done():
                break
            if signum is not None:
                child.send_signal(signum)
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(asyncio.shield(ended), grace)
        await ended

    def _exit(self, code: int) -> None:
        assert self.chan is not None
        if self.chan.is_closing():
            return
        if code < 0:
            try:
                name = signal.Signals(-code).name.removeprefix("SIG")
            except ValueError:
                name = "KILL"
            self.chan.exit_with_signal(name)
        else:
            self.chan.exit(code & 0xFF)

    # --- the pumps ---------------------------------------------------------------------
    def _window(self) -> tuple[int, int, int, int]:
        return self.size

    def _resize(self, width: int, height: int, pixwidth: int = 0, pixheight: int = 0) -> None:
        self.size = (_clamp(width, MAX_SIZE[0], DEFAULT_SIZE[0]), _clamp(height, MAX_SIZE[1], DEFAULT_SIZE[1]),
                     max(0, min(pixwidth, 65535)), max(0, min(pixheight, 65535)))
        if self.master is not None:
            with contextlib.suppress(OSError):
                set_window_size(self.master, *self.size)

    def _watch_output(self, on: bool) -> None:
        on = on and not self._output_paused and self.master is not None
        if on and not self._reading:
            assert self.master is not None
            self.loop.add_reader(self.master, self._from_app)
        elif not on and self._reading and self.master is not None:
            self.loop.remove_reader(self.master)
        self._reading = on

    def _from_app(self) -> None:
        assert self.master is not None and self.chan is not None
        try:
            data = os.read(self.master, READ_CHUNK)
        except BlockingIOError:
            return
        except OSError:
            data = b""  # EIO: every process has closed the slave (the app has ended)
        if not data:
            self._watch_output(False)
            return
        self._send(data)

    def _drain(self) -> None:
        """Send the client what the app wrote before it ended."""
        if self.master is None or self.chan is None or self._gone.is_set():
            return
        while True:
            try:
                data = os.read(self.master, READ_CHUNK)
            except OSError:
                return
            if not data or not self._send(data):
                return

    def _flush_input(self) -> None:
        master = self.master
        if master is None:
            return
        while self._input:
            try:
                written = os.write(master, self._input)
            except BlockingIOError:
                break
            except OSError:
                self._input.clear()  # the app is gone
                break
            del self._input[:written]
        if self._input and not self._writing:
            self.loop.add_writer(master, self._flush_input)
            self._writing = True
        elif not self._input and self._writing:
            self.loop.remove_writer(master)
            self._writing = False
        chan = self.chan
        if chan is not None:
            if len(self._input) > INPUT_LIMIT and not self._input_paused:
                chan.pause_reading()
                self._input_paused = True
            elif len(self._input) <= INPUT_LIMIT and self._input_paused:
                chan.resume_reading()
                self._input_paused = False

    def _close_master(self) -> None:
        master = self.master
        if master is None:
            return
        self._watch_output(False)
        if self._writing:
            self.loop.remove_writer(master)
            self._writing = False
        self.master = None
        self._input.clear()
        with contextlib.suppress(OSError):
            os.close(master)

    def _arm_idle(self) -> None:
        timeout = self.door.options.idle_timeout
        if timeout is None:
            return
        remaining = self._last_input + timeout - self.loop.time()
        if remaining > 0:
            self._idle_handle = self.loop.call_later(remaining, self._arm_idle)
            return
        self.stop(idle_message(timeout))


# --- meeple serve ----------------------------------------------------------------------


def connect_hint(host: str, port: int, terminal: bool = True) -> str:
    """The command a player types to connect: ``ssh -t -p PORT HOST`` (``terminal``: with
    ``-t``, which a client that came without a terminal needs)."""
    shown = "HOST" if host in ("0.0.0.0", "::", "") else host
    return f"ssh {'-t ' if terminal else ''}-p {port} {shown}"


def is_loopback(host: str) -> bool:
    """True for an address only this machine can reach (``127.x``, ``::1``, localhost)."""
    import ipaddress

    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def idle_message(timeout: float) -> str:
    """What a session closed after ``timeout`` seconds without input is told."""
    minutes = timeout / 60
    shown = f"{minutes:g} minute" + ("" if minutes == 1 else "s")
    return f"No input for {shown}: the session is closed."


def host_env() -> dict[str, str]:
    """The host's environment variables a session's app keeps (an allow list: paths,
    locale, time zone, XDG folders, Python's own), whichever door it came in by."""
    return {k: v for k, v in os.environ.items() if _HOST_KEPT_ENV.fullmatch(k)}


def exposed_note(host: str, port: int) -> str:
    """The warning printed when a server listens on an address that is not loopback."""
    return (f"Note: {host} is not a loopback address: anyone who can reach this "
            f"machine on port {port} can connect.")


def hub_directory() -> Path:
    """Where the hub keeps its people and tables (looked up at call time)."""
    import platformdirs

    from saves.paths import APP_NAME

    return Path(platformdirs.user_data_dir(APP_NAME)) / "hub"


@dataclass
class ServeSetup:
    """What ``meeple serve`` checked before starting: the key, the keys allowed, the limits."""

    host: str
    port: int
    host_key: asyncssh.SSHKey
    host_key_path: Path
    host_key_new: bool
    authorized_keys: asyncssh.SSHAuthorizedKeys | None
    authorized_keys_path: Path | None
    max_sessions: int
    idle_timeout: float | None
    target: str
    """What each session process runs, ``"module:function"`` (see :mod:`net.spawn`)."""
    preload: Sequence[str] = ()
    """What the zygote imports first (``meeple serve``: :data:`tui.session.PRELOAD`)."""
    zygote: bool = True
    more_doors: Sequence[Callable[[TokenIssuer, str, FrontDoor], Awaitable[OtherDoor]]] = ()
    """Opened once the SSH door listens, given the hub, its socket and the SSH door (the
    web door of ``--web``); they may raise :class:`ServeError`."""


class OtherDoor(Protocol):
    """Another way into the same hub (the web door): what ``serve`` needs of it."""

    def welcome(self) -> list[str]:
        """Lines ``meeple serve`` prints about it once it listens."""

    async def close(self, message: str = ...) -> None:
        """Tell its sessions and end them; stop listening."""


class ServeError(Exception):
    """``meeple serve`` cannot go on: ``str(error)`` is one line for stderr."""


async def serve(setup: ServeSetup, say: Callable[[str], None],
                stopped: asyncio.Event | None = None) -> None:
    """Run the hub and the front door until SIGINT/SIGTERM (or ``stopped`` is set).

    On the way out every session is told and closed and the hub saves its tables.
    Raises :class:`ServeError` when the server cannot start.
    """
    from net.hub import Hub
    from net.spawn import FallbackSpawner, start_spawner

    loop = asyncio.get_running_loop()
    stop = stopped or asyncio.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    socket_dir = Path(tempfile.mkdtemp(prefix="meeple-hub-"))
    hub = Hub(hub_directory())
    spawner: FallbackSpawner | None = None
    door: FrontDoor | None = None
    others: list[OtherDoor] = []
    try:
        spawner_task = asyncio.ensure_future(start_spawner(
            setup.target, setup.preload, zygote=setup.zygote, warn=lambda text: say(f"warning: {text}")))
        try:
            await hub.start()
            socket_path = socket_dir / "hub.sock"
            await hub.serve(socket_path)
        except OSError as exc:
            raise ServeError(f"the hub could not start ({exc.strerror or exc})") from None
        finally:
            spawner = await spawner_task  # (closed below, whatever happens)
        options = ServerOptions(
            host=setup.host, port=setup.port, hub_socket=str(socket_path),
            max_sessions=setup.max_sessions, idle_timeout=setup.idle_timeout,
            authorized_keys=setup.authorized_keys,
            connect_hint=connect_hint(setup.host, setup.port))
        door = FrontDoor(setup.host_key, hub, spawner, options)
        try:
            await door.start()
        except OSError as exc:
            raise ServeError(_bind_problem(setup.host, setup.port, exc)) from None
        door.options.connect_hint = connect_hint(setup.host, door.port)
        for open_door in setup.more_doors:
            others.append(await open_door(hub, str(socket_path), door))
        for line in _welcome(setup, door.port, spawner.kind) + [x for o in others for x in o.welcome()]:
            say(line)
        await stop.wait()
        say("Stopping: closing the sessions and saving the tables…")
    finally:
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(signum)
        for other in others:
            await other.close()
        if door is not None:
            await door.close()
        await hub.close()
        if spawner is not None:
            await spawner.close()
        shutil.rmtree(socket_dir, ignore_errors=True)


def _bind_problem(host: str, port: int, exc: OSError) -> str:
    if exc.errno == errno.EADDRINUSE:
        return f"port {port} on {host} is in use (is another server running? try --port)"
    if exc.errno == errno.EACCES:
        return f"port {port} on {host} may not be used by this user (try a port above 1023)"
    return f"cannot listen on {host} port {port} ({exc.strerror or exc})"


def _welcome(setup: ServeSetup, port: int, spawn_kind: str) -> list[str]:
    """What ``meeple serve`` prints once it listens."""
    new = " (made now)" if setup.host_key_new else ""
    lines = [
        f"Meeple is serving on {setup.host} port {port}.",
        f"Players connect with:  {connect_hint(setup.host, port, terminal=False)}",
        f"Host key{new}: {setup.host_key_path}",
        f"  fingerprint {fingerprint(setup.host_key)}: players see it when they first connect.",
    ]
    if setup.authorized_keys_path is not None:
        lines.append(f"Only the keys in {setup.authorized_keys_path} may come in.")
    else:
        lines.append("Any SSH key may come in (--authorized-keys FILE restricts that); "
                     "the key is the player's identity.")
    if not is_loopback(setup.host):
        lines.append(exposed_note(setup.host, port))
    lines.append(f"Tables are saved in {hub_directory()}.")
    lines.append(f"Sessions start from a {'pre-imported process' if spawn_kind == 'zygote' else 'new Python each'}."
                 " Ctrl+C stops the server.")
    return lines
