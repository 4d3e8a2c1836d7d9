"""Network play over SSH: connect-to-lobby time, hub CPU under load, bytes per key press.

Everything runs on loopback, each server in its own process (started by this module:
``python -m bench.ssh_play server meeple|subprocess|plain``), so its CPU time can be read
from ``/proc`` apart from the clients' (this process):

* ``meeple``: :func:`net.server.serve`, the code ``meeple serve`` runs (hub, zygote, front
  door), on a free port with XDG folders, TMPDIR and the host key in a temporary directory.
  The only additions: it listens to this process on stdin (a session token for a key, the
  number of sessions, the hub's counters, stop) and allows more than 20 sessions, since
  "20 already open" plus one more would be refused by the default ``--max-sessions 20``.
* ``subprocess``: the same with ``zygote=False`` (a fresh Python per session).
* ``plain``: a bare asyncssh server with the same host key and options, whose session
  writes one line ("Tables ...") at once: the cost of the SSH handshake alone.

Figures (nothing is asserted):

1. **connect to the lobby**: from just before ``asyncssh.connect`` (TCP included) to the
   end of authentication ("auth"), to the first byte of the session's output, and to the
   chunk after which a pyte screen shows "Tables" (the lobby's heading; the plain server's
   line has it too). Rounds are paired (plain, zygote, subprocess in turn) and ratios are
   medians of per-round ratios. Then 20 lobby sessions are opened and the plain/zygote
   rounds are run again. The people measured have a name already (else the app asks one
   first); each measured session is closed and its app gone before the next round.
2. **hub CPU**: 5 Council of Four tables, each 3 people (hub protocol clients on the
   hub's Unix socket, no SSH) and one easy bot, plus one spectator per table: 20
   connections. The people play a random move from ``legal`` ``PACE`` seconds after their
   turn comes; CPU time of the server process (the hub; the front door is idle) and of its
   bot workers is read from ``/proc`` over the window, against the same hub with the 20
   connections idle.
   **growth**: a move's hub work (its save, the ``table`` message per viewer) at several
   lengths of one game, in this process: both grow with the game's log.
3. **bytes per key press**: a person with a Council table against a bot (made through the
   protocol, first player seat 0) connects over SSH and lands on the game screen; arrows
   (right, down, left, up, silent ones dropped) and ``m`` (then Escape, not counted) are
   pressed, the answer over after ``QUIET_GAP`` without a byte, as in ``bench.pty_keys``,
   whose local pty figures for the same cases are measured in the same run.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Callable, Sequence

import asyncssh

from bench.pty_keys import percentile

ROOT = Path(__file__).resolve().parent.parent

QUIET_GAP = 0.150  # an answer is over after this long without a byte (as bench.pty_keys)
ANSWER_TIMEOUT = 1.0  # no byte by then: the press was silent
STEP_TIMEOUT = 30.0  # longest wait for any one step (a server start, a lobby, a reply)
PACE = 0.3  # seconds a protocol player waits before playing once its turn has come
BACKGROUND = 20  # sessions already open for the second connect rounds
LOBBY_TEXT = "Tables"
GAME_TEXT = "Moves"
TOAST = "Back at your"
KEYS = {"up": b"\x1b[A", "down": b"\x1b[B", "right": b"\x1b[C", "left": b"\x1b[D",
        "m": b"m", "escape": b"\x1b"}
ARROWS = ("right", "down", "left", "up")
CLK_TCK = os.sysconf("SC_CLK_TCK")

Row = Callable[[str, str], None]


def _print_row(name: str, value: str) -> None:
    print(f"  {name:<52} {value}", flush=True)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f}"


# --- /proc -------------------------------------------------------------------------------
def _proc_stat(pid: int) -> tuple[int, int] | None:
    """(ppid, utime+stime ticks) of a process, None when it is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            data = f.read()
    except OSError:
        return None
    fields = data[data.rfind(b")") + 2:].split()
    return int(fields[1]), int(fields[11]) + int(fields[12])


def _cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode("utf-8", "replace")
    except OSError:
        return ""


def process_tree(root: int) -> dict[int, tuple[str, int]]:
    """``root`` and its descendants: pid -> (role, CPU ticks). Roles: "hub" (root),
    "zygote", "sessions" (the apps), "bots" (the forkserver and its workers), "other"."""
    stats: dict[int, tuple[int, int]] = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            stat = _proc_stat(int(name))
            if stat is not None:
                stats[int(name)] = stat
    children: dict[int, list[int]] = {}
    for pid, (ppid, _) in stats.items():
        children.setdefault(ppid, []).append(pid)
    roles: dict[int, tuple[str, int]] = {}

    def walk(pid: int, role: str) -> None:
        if pid not in stats:
            return
        if pid != root and role not in ("sessions", "bots"):
            line = _cmdline(pid)
            if "net.spawn zygote" in line:
                role = "zygote"
            elif "net.spawn run" in line:
                role = "sessions"
            elif "forkserver" in line or "multiprocessing" in line:
                role = "bots"
            elif role == "zygote":
                role = "sessions"
            else:
                role = "other"
        roles[pid] = (role, stats[pid][1])
        for child in children.get(pid, ()):
            walk(child, "sessions" if role == "zygote" else role)

    walk(root, "hub")
    return roles


def cpu_by_role(before: dict[int, tuple[str, int]], after: dict[int, tuple[str, int]]) -> dict[str, float]:
    """CPU seconds spent per role between two :func:`process_tree` snapshots."""
    spent: dict[str, float] = {}
    for pid, (role, ticks) in after.items():
        old = before.get(pid)
        delta = ticks - (old[1] if old is not None else 0)
        if old is None and role == "sessions":
            role = "new sessions"  # started between the snapshots
        spent[role] = spent.get(role, 0.0) + delta / CLK_TCK
    return spent


def own_cpu() -> float:
    return time.process_time()


# --- the servers (child processes) -------------------------------------------------------
class ServerProc:
    """One server process and its control channel (JSON lines on stdin/stdout)."""

    def __init__(self, mode: str, process: asyncio.subprocess.Process, log: Path) -> None:
        self.mode = mode
        self.process = process
        self.log = log
        self.port = 0
        self.socket = ""
        self.kind = ""
        self._lock = asyncio.Lock()

    @property
    def pid(self) -> int:
        return self.process.pid

    @classmethod
    async def start(cls, mode: str, home: Path) -> "ServerProc":
        folder = home / mode
        for name in ("data", "config", "tmp"):
            (folder / name).mkdir(parents=True, exist_ok=True)
        env = {k: v for k, v in os.environ.items() if not k.startswith("TEXTUAL_")}
        env.update(XDG_DATA_HOME=str(folder / "data"), XDG_CONFIG_HOME=str(folder / "config"),
                   XDG_STATE_HOME=str(folder / "data"), XDG_CACHE_HOME=str(folder / "data"),
                   TMPDIR=str(folder / "tmp"), TEXTUAL_ANIMATIONS="none",
                   PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
        log = folder / "server.log"
        with open(log, "wb") as err:
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bench.ssh_play", "server", mode, str(home / "host_key"),
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=err,
                cwd=ROOT, env=env, limit=1 << 20)
        server = cls(mode, process, log)
        try:
            ready = await asyncio.wait_for(server._read(), 90)
        except BaseException:
            await server.stop()
            raise
        server.port, server.socket, server.kind = ready["port"], ready.get("socket", ""), ready.get("kind", "")
        return server

    async def _read(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = await self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the {self.mode} server ended: {self.log_tail()}")
        message: dict[str, Any] = json.loads(line)
        return message

    def log_tail(self) -> str:
        try:
            return self.log.read_text(errors="replace")[-600:].strip()
        except OSError:
            return ""

    async def ask(self, **command: Any) -> dict[str, Any]:
        assert self.process.stdin is not None
        async with self._lock:
            self.process.stdin.write(json.dumps(command).encode() + b"\n")
            await self.process.stdin.drain()
            return await asyncio.wait_for(self._read(), STEP_TIMEOUT)

    async def token(self, key: str) -> str:
        return str((await self.ask(cmd="token", key=key))["token"])

    async def sessions(self) -> int:
        return int((await self.ask(cmd="sessions"))["sessions"])

    async def wait_sessions(self, count: int, timeout: float = 15.0) -> None:
        """Until the server runs ``count`` session apps (the closed ones have ended)."""
        deadline = time.monotonic() + timeout
        while await self.sessions() != count:
            if time.monotonic() > deadline:
                raise TimeoutError(f"the {self.mode} server still runs {await self.sessions()} sessions, not {count}")
            await asyncio.sleep(0.05)

    def cpu(self) -> dict[int, tuple[str, int]]:
        return process_tree(self.pid)

    async def stop(self) -> None:
        """Stop the server the way Ctrl+C does (it closes its sessions, hub and zygote);
        kill whatever of its process tree is left after a grace period."""
        if self.process.returncode is not None:
            return
        tree = [pid for pid in process_tree(self.pid) if pid != self.pid]
        with contextlib.suppress(Exception):
            if self.process.stdin is not None:
                self.process.stdin.write(b'{"cmd": "stop"}\n')
                await self.process.stdin.drain()
        with contextlib.suppress(ProcessLookupError):
            self.process.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(self.process.wait(), 15)
        except asyncio.TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()
            await self.process.wait()
        await asyncio.sleep(0.2)
        for pid in tree:  # sessions lead their own sessions: not in our process group
            if _proc_stat(pid) is not None:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)


PROFILE_ENV = "BENCH_SSH_PROFILE"  # (the server passes no MEEPLE_* variable on to the apps)
"""A folder: the servers (``server-MODE.prof``) and session apps (``app-PID.prof``) write
cProfile statistics there (``python -m bench.ssh_play --profile DIR``)."""


def server_main(mode: str, host_key_path: str) -> None:
    """A server process: ``meeple`` / ``subprocess`` (net.server.serve), ``plain``."""
    folder = os.environ.get(PROFILE_ENV)
    profiler = None
    if folder:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
    try:
        asyncio.run(_plain_server(host_key_path) if mode == "plain" else _meeple_server(mode == "meeple", host_key_path))
    finally:
        if profiler is not None and folder:
            profiler.disable()
            profiler.dump_stats(os.path.join(folder, f"server-{mode}.prof"))


PROFILED_TARGET = "bench.ssh_play:profiled_session"


def profiled_session(hub_socket: str, token: str) -> int:
    """A session target: :func:`tui.session.main` under cProfile (see :data:`PROFILE_ENV`)."""
    import cProfile

    from tui.session import main as session_main

    path = os.path.join(os.environ.get(PROFILE_ENV) or tempfile.gettempdir(), f"app-{os.getpid()}.prof")
    profiler = cProfile.Profile()

    def hung_up(signum: int, frame: Any) -> None:  # the client went: the app is hung up
        profiler.disable()
        profiler.dump_stats(path)
        os._exit(0)

    signal.signal(signal.SIGHUP, hung_up)
    profiler.enable()
    try:
        return session_main(hub_socket, token)
    finally:
        profiler.disable()
        profiler.dump_stats(path)


def _tell(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


async def _stdin_lines() -> asyncio.StreamReader:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    return reader


async def _meeple_server(zygote: bool, host_key_path: str) -> None:
    from net import hub as hub_module
    from net import server
    from net.hostkey import load_host_key
    from tui.session import PRELOAD, TARGET

    captured: dict[str, Any] = {}

    class BenchHub(hub_module.Hub):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            captured["hub"] = self

        async def serve(self, path: Path) -> None:
            await super().serve(path)
            captured["socket"] = str(path)

    class BenchDoor(server.FrontDoor):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            captured["door"] = self

    hub_module.Hub = BenchHub  # type: ignore[misc]  # serve() imports it at call time
    server.FrontDoor = BenchDoor  # type: ignore[misc]
    key, path, new = load_host_key(Path(host_key_path) if os.path.exists(host_key_path) else None)
    setup = server.ServeSetup(host="127.0.0.1", port=0, host_key=key, host_key_path=path,
                              host_key_new=new, authorized_keys=None, authorized_keys_path=None,
                              max_sessions=BACKGROUND + 10, idle_timeout=None, zygote=zygote,
                              target=PROFILED_TARGET if os.environ.get(PROFILE_ENV) else TARGET,
                              preload=PRELOAD)
    stopped = asyncio.Event()
    serving = asyncio.ensure_future(server.serve(setup, lambda line: print(line, file=sys.stderr, flush=True), stopped))
    while "door" not in captured or not captured["door"].port:
        if serving.done():
            serving.result()
            return
        await asyncio.sleep(0.02)
    door = captured["door"]
    hub = captured["hub"]
    _tell({"port": door.port, "socket": captured["socket"], "kind": door.spawner.kind})
    reader = await _stdin_lines()
    while not serving.done():
        line = await reader.readline()
        if not line:
            break
        command = json.loads(line)
        cmd = command.get("cmd")
        if cmd == "token":
            _tell({"token": hub.issue_token(str(command["key"]))})
        elif cmd == "sessions":
            _tell({"sessions": len(door.sessions)})
        elif cmd == "stats":
            _tell(hub.stats())
        elif cmd == "stop":
            break
    stopped.set()
    await serving


async def _plain_server(host_key_path: str) -> None:
    import asyncssh

    from net.hostkey import load_host_key

    class Session(asyncssh.SSHServerSession):  # type: ignore[type-arg]
        def connection_made(self, chan: Any) -> None:
            self.chan = chan

        def pty_requested(self, *args: Any) -> bool:
            return True

        def shell_requested(self) -> bool:
            return True

        def session_started(self) -> None:
            self.chan.write(b"Tables: the plain asyncssh server's one line\r\n")

        def data_received(self, data: bytes, datatype: Any) -> None:
            pass

    class Server(asyncssh.SSHServer):
        def begin_auth(self, username: str) -> bool:
            return True

        def password_auth_supported(self) -> bool:
            return False

        def kbdint_auth_supported(self) -> bool:
            return False

        def public_key_auth_supported(self) -> bool:
            return True

        def validate_public_key(self, username: str, key: Any) -> bool:
            return True

        def session_requested(self) -> Any:
            return Session()

    key, _, _ = load_host_key(Path(host_key_path) if os.path.exists(host_key_path) else None)
    acceptor = await asyncssh.create_server(
        Server, "127.0.0.1", 0, server_host_keys=[key], config=None, public_key_auth=True,
        password_auth=False, kbdint_auth=False, host_based_auth=False, gss_auth=False,
        gss_kex=False, agent_forwarding=False, x11_forwarding=False, allow_scp=False,
        line_editor=False, encoding=None, login_timeout=60, reuse_address=True)
    _tell({"port": acceptor.get_port(), "kind": "plain"})
    reader = await _stdin_lines()
    while True:
        line = await reader.readline()
        if not line or json.loads(line).get("cmd") == "stop":
            break
        _tell({"sessions": 0})
    acceptor.close()


# --- clients -----------------------------------------------------------------------------
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

    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def data_received(self, data: bytes, datatype: Any) -> None:
        now = time.perf_counter()
        self.arrivals.append((now, len(data)))
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


# --- 1. connect to the lobby -------------------------------------------------------------
@dataclass
class ConnectRounds:
    """Timed connects per server in paired rounds (None: that server skipped the round)."""

    runs: dict[str, list[Connect | None]] = field(default_factory=dict)

    def add(self, name: str, index: int, value: Connect | None) -> None:
        runs = self.runs.setdefault(name, [])
        while len(runs) <= index:
            runs.append(None)
        runs[index] = value

    def values(self, name: str, attr: str) -> list[float]:
        return [getattr(c, attr) for c in self.runs.get(name, []) if c is not None]

    def ratio(self, name: str, base: str, attr: str) -> float:
        pairs = [getattr(a, attr) / getattr(b, attr)
                 for a, b in zip(self.runs.get(name, []), self.runs.get(base, []))
                 if a is not None and b is not None]
        return statistics.median(pairs) if pairs else float("nan")


async def timed_connect(server: ServerProc, key: Any, base_sessions: int) -> Connect:
    before = server.cpu()
    conn, _term, result = await open_session(server.port, key, 80, 24, LOBBY_TEXT)
    result.app_cpu = cpu_by_role(before, server.cpu()).get("new sessions", 0.0)
    await close_conn(conn)
    if server.mode != "plain":
        await server.wait_sessions(base_sessions)
        await asyncio.sleep(0.1)  # the others' answer to the person's going
    spent = cpu_by_role(before, server.cpu())
    result.server_cpu = spent.get("hub", 0.0)
    result.others_cpu = spent.get("sessions", 0.0)
    return result


def report_connects(row: Row, rounds: ConnectRounds, names: Sequence[tuple[str, str]], base: str) -> None:
    for name, label in names:
        if not rounds.values(name, "lobby"):
            continue
        cells = []
        for attr in ("auth", "first", "lobby"):
            values = rounds.values(name, attr)
            cells.append(f"{ms(percentile(values, 50))}/{ms(percentile(values, 90))}")
        ratio = "" if name == base else f", lobby x{rounds.ratio(name, base, 'lobby'):.1f} {base}"
        cpu = statistics.median(rounds.values(name, "server_cpu")) * 1000
        app = statistics.median(rounds.values(name, "app_cpu")) * 1000
        others = statistics.median(rounds.values(name, "others_cpu")) * 1000
        row(f"  {label} (n={len(rounds.values(name, 'lobby'))})",
            f"{cells[0]} / {cells[1]} / {cells[2]} ms{ratio}; CPU: server {cpu:.0f} ms"
            + (f", its app to the lobby {app:.0f} ms" if name != "plain" else "")
            + (f", the other apps {others:.0f} ms" if others > 0 else ""))


async def bench_connect(row: Row, servers: dict[str, ServerProc], rounds: int, sub_rounds: int,
                        quiet_seconds: float, background: int = BACKGROUND) -> None:
    import asyncssh

    from net.hostkey import fingerprint

    zygote, plain = servers["meeple"], servers["plain"]
    sub = servers.get("subprocess")
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(rounds)]
    background_keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(background)]
    await name_people(zygote, [(fingerprint(k), f"Meas{i}") for i, k in enumerate(keys)]
                      + [(fingerprint(k), f"Back{i}") for i, k in enumerate(background_keys)])
    if sub is not None:
        await name_people(sub, [(fingerprint(k), f"Meas{i}") for i, k in enumerate(keys[:sub_rounds])])
    row("SSH connect to the lobby at 80x24, p50/p90 of auth / first byte / lobby frame", "")
    row("  (CPU: medians per connect, server and other apps until the session has ended)", "")
    # Untimed warm-up: the first session of each server (imports, caches).
    for server in (plain, zygote, *(s for s in [sub] if s is not None)):
        await timed_connect(server, keys[0], 0)

    idle = ConnectRounds()
    for i in range(rounds):
        idle.add("plain", i, await timed_connect(plain, keys[i], 0))
        idle.add("zygote", i, await timed_connect(zygote, keys[i], 0))
        if sub is not None and i < sub_rounds:
            idle.add("subprocess", i, await timed_connect(sub, keys[i], 0))
    row(" no other session open:", "")
    report_connects(row, idle, [("plain", "plain asyncssh, one line (handshake only)"),
                                ("zygote", "meeple serve, zygote"),
                                ("subprocess", "meeple serve, subprocess per session")], "plain")
    if idle.values("subprocess", "lobby"):
        row("  subprocess / zygote, lobby frame (paired median)",
            f"x{idle.ratio('subprocess', 'zygote', 'lobby'):.2f}")

    # 20 lobby sessions stay open.
    opened: list[Any] = []
    opening: list[Connect] = []
    try:
        for key in background_keys:
            conn, _term, result = await open_session(zygote.port, key, 80, 24, LOBBY_TEXT)
            opened.append(conn)
            opening.append(result)
        await asyncio.sleep(0.5)
        before, own = zygote.cpu(), own_cpu()
        start = time.perf_counter()
        await asyncio.sleep(quiet_seconds)
        wall = time.perf_counter() - start
        spent = cpu_by_role(before, zygote.cpu())
        lobby_times = [c.lobby for c in opening]
        row(f" opening {background} sessions one after another, lobby frame p50/p90",
            f"{ms(percentile(lobby_times, 50))}/{ms(percentile(lobby_times, 90))} ms "
            f"(first {ms(lobby_times[0])}, last {ms(lobby_times[-1])})")
        row(f" {background} lobby sessions idle for {wall:.0f} s, CPU % of one core",
            f"server {spent.get('hub', 0) / wall:.1%}, {background} apps {spent.get('sessions', 0) / wall:.1%}, "
            f"zygote {spent.get('zygote', 0) / wall:.1%}, clients (this process) {(own_cpu() - own) / wall:.1%}")
        busy = ConnectRounds()
        for i in range(rounds):
            busy.add("plain", i, await timed_connect(plain, keys[i], 0))
            busy.add("zygote", i, await timed_connect(zygote, keys[i], background))
        row(f" with {background} lobby sessions open on the meeple server (goal: lobby p50 <= 300 ms):", "")
        report_connects(row, busy, [("plain", "plain asyncssh, one line"),
                                    ("zygote", "meeple serve, zygote")], "plain")
        pairs = [b.lobby / a.lobby for a, b in zip(idle.runs["zygote"], busy.runs["zygote"])
                 if a is not None and b is not None]
        row(f"  zygote lobby frame, {background} open / none open (median of pairs)",
            f"x{statistics.median(pairs):.2f}" if pairs else "nan")
    finally:
        for conn in opened:
            conn.close()
        with contextlib.suppress(Exception):
            await zygote.wait_sessions(0, 20)


# --- 2. hub CPU under play ---------------------------------------------------------------
async def play_seat(client: HubClient, rng: random.Random, pace: float, counts: list[int]) -> None:
    """Play a random legal move ``pace`` s after each turn of this client's seat."""
    while True:
        message = client.table
        if (message is not None and not message.get("over") and message.get("legal")
                and message.get("you") in message.get("to_act", ())):
            await asyncio.sleep(pace)
            latest = client.table
            if latest is not None and latest is not message and len(latest.get("log", ())) != len(message.get("log", ())):
                continue  # the table moved meanwhile: look again
            errors = len(client.errors)
            client.send({"type": "act", "table": message["id"], "action": rng.choice(message["legal"])})
            counts[0] += 1
            deadline = time.monotonic() + STEP_TIMEOUT
            while (client.table is message or client.table is None) and len(client.errors) == errors:
                client.changed.clear()
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(client.changed.wait(), max(0.01, deadline - time.monotonic()))
                if time.monotonic() > deadline:
                    break
            continue
        client.changed.clear()
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(client.changed.wait(), 1.0)


async def bench_hub_cpu(row: Row, server: ServerProc, tables: int, seconds: float, warmup: float,
                        idle_seconds: float) -> None:
    humans_per_table, level = 3, "easy"
    clients: list[HubClient] = []
    tasks: list[asyncio.Task[None]] = []
    try:
        groups: list[list[HubClient]] = []
        for t in range(tables):
            group = [await HubClient.open(server, f"bench-player-{t}-{s}", f"T{t}P{s}")
                     for s in range(humans_per_table + 1)]  # the last one watches
            clients += group
            groups.append(group)
        await asyncio.sleep(0.3)
        before, start = server.cpu(), time.perf_counter()
        await asyncio.sleep(idle_seconds)
        idle_wall = time.perf_counter() - start
        idle = cpu_by_role(before, server.cpu())

        table_ids = []
        for group in groups:
            creator, *others = group
            seats = [{"kind": "me"}] + [{"kind": "open"}] * (humans_per_table - 1) + [{"kind": "bot", "level": level}]
            reply = await creator.request({"type": "create", "game": "council", "options": {}, "seats": seats})
            if reply.get("type") != "table":
                raise RuntimeError(f"create refused: {reply}")
            table_ids.append(reply["id"])
            for seat, other in enumerate(others[:-1], start=1):
                joined = await other.request({"type": "join", "table": reply["id"], "seat": seat})
                if joined.get("type") != "table":
                    raise RuntimeError(f"join refused: {joined}")
            await others[-1].request({"type": "watch", "table": reply["id"]})
        rng = random.Random(14)
        acts = [0]
        for group in groups:
            for client in group[:-1]:
                tasks.append(asyncio.ensure_future(play_seat(client, random.Random(rng.random()), PACE, acts)))
        await asyncio.sleep(warmup)  # the bot workers start on their first decision

        def moves() -> int:
            return sum(len((g[-1].table or {}).get("log", ())) for g in groups)

        stats0, moves0, acts0, own0 = await server.ask(cmd="stats"), moves(), acts[0], own_cpu()
        before, start = server.cpu(), time.perf_counter()
        await asyncio.sleep(seconds)
        wall = time.perf_counter() - start
        spent = cpu_by_role(before, server.cpu())
        stats1, moves1, acts1, own1 = await server.ask(cmd="stats"), moves(), acts[0], own_cpu()
        made = moves1 - moves0
        hub = spent.get("hub", 0.0)
        over = sum(1 for g in groups if (g[-1].table or {}).get("over"))
        errors = sum(len(c.errors) for c in clients)
        row(f"{tables} Council tables x ({humans_per_table} people + 1 {level} bot) + {tables} spectators "
            f"= {len(clients)} connections, {wall:.0f} s", "")
        row("  hub process CPU, % of one core (goal < 25%)",
            f"{hub / wall:.1%} playing, {idle.get('hub', 0) / idle_wall:.1%} idle "
            f"({len(clients)} connected, no table)")
        row("  bot workers CPU, % of one core", f"{spent.get('bots', 0) / wall:.1%}")
        row("  moves (people + bots) / s, hub CPU per move",
            f"{made / wall:.1f}/s ({(acts1 - acts0) / wall:.1f}/s people), "
            f"{hub / max(1, made) * 1000:.1f} ms")
        row("  hub messages in / out / bytes out per s",
            f"{(stats1['messages_in'] - stats0['messages_in']) / wall:.0f} / "
            f"{(stats1['messages_out'] - stats0['messages_out']) / wall:.0f} / "
            f"{(stats1['bytes_out'] - stats0['bytes_out']) / wall / 1024:.0f} KiB")
        row("  protocol clients (this process) CPU", f"{(own1 - own0) / wall:.1%}"
            + (f"; {over} games over" if over else "") + (f"; {errors} refusals" if errors else ""))
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for client in clients:
            await client.close()


async def bench_hub_growth(row: Row, lengths: Sequence[int], repeats: int) -> None:
    """What one move costs the hub as a Council game goes on: its save (whole game, fsync)
    and the ``table`` message sent whole to each viewer. A hub in this process; four
    people on its socket create and fill the table, then random moves are played straight
    on the table (no messages) up to each log length."""
    from net import protocol
    from net.hub import Hub

    with tempfile.TemporaryDirectory(prefix="meeple-hub-growth-") as folder:
        hub = Hub(Path(folder) / "hub", bot_delay=0.0)
        await hub.start()
        path = Path(folder) / "hub.sock"
        await hub.serve(path)
        writers: list[asyncio.StreamWriter] = []

        async def person(key: str, name: str, *messages: dict[str, Any]) -> dict[str, Any]:
            reader, writer = await asyncio.open_unix_connection(str(path), limit=16 << 20)
            writers.append(writer)
            reply: dict[str, Any] = {}
            for ref, message in enumerate(({"type": "hello", "token": hub.issue_token(key)},
                                           {"type": "set_name", "name": name}, *messages), start=1):
                writer.write(protocol.encode({**message, "ref": ref}))
                while reply.get("ref") != ref:
                    reply = json.loads(await asyncio.wait_for(reader.readline(), STEP_TIMEOUT))
            return reply

        try:
            seats = [{"kind": "me"}] + [{"kind": "open"}] * 3
            created = await person("growth-0", "G0", {"type": "create", "game": "council", "seats": seats})
            for seat in (1, 2, 3):
                await person(f"growth-{seat}", f"G{seat}", {"type": "join", "table": created["id"], "seat": seat})
            nt = hub.tables[created["id"]]
            table = nt.table
            assert table is not None
            rng = random.Random(5)
            row(f"hub work per move as a 4-player Council game goes on (mean of {repeats})", "")
            for length in lengths:
                while len(table.log) < length and not table.is_over():
                    seat = table.to_act()[0]
                    table.submit(seat, rng.choice(table.legal_actions(seat)))
                    nt.changed()
                start = time.perf_counter()
                for _ in range(repeats):
                    hub._save(nt)
                save = (time.perf_counter() - start) / repeats
                start = time.perf_counter()
                for _ in range(repeats):
                    message = protocol.encode(hub.table_message(nt.id, "growth-0"))
                build = (time.perf_counter() - start) / repeats
                row(f"  at {len(table.log)} moves",
                    f"save {save * 1000:.1f} ms; table message {len(message) / 1024:.0f} KiB, "
                    f"built and encoded in {build * 1000:.2f} ms (once per viewer)")
                if table.is_over():
                    break
        finally:
            for writer in writers:
                writer.close()
            await hub.close()


# --- 3. bytes per key press --------------------------------------------------------------
@dataclass
class KeyFigures:
    case: str
    size: str
    first: list[float]
    last: list[float]
    sizes: list[int]
    silent: int = 0
    stray: int = 0


async def press(term: Term, key: str) -> tuple[float, float, int] | None:
    """Write one key; (first byte, last byte, bytes) of its answer, None when silent."""
    base = len(term.arrivals)
    start = time.perf_counter()
    term.chan.write(KEYS[key])
    try:
        await term.until(lambda: len(term.arrivals) > base, ANSWER_TIMEOUT, "an answer")
    except TimeoutError:
        return None
    await term.quiet(QUIET_GAP, ANSWER_TIMEOUT * 5)
    answer = term.arrivals[base:]
    return answer[0][0] - start, answer[-1][0] - start, sum(n for _, n in answer)


async def press_case(term: Term, name: str, size: str, keys: Sequence[str], counted: set[str],
                     presses: int) -> KeyFigures:
    figures = KeyFigures(name, size, [], [], [])
    cycle = list(keys)
    index = 0
    guard = presses * 4
    await term.quiet(QUIET_GAP)
    settled = len(term.arrivals)
    while len(figures.sizes) < presses and guard:
        guard -= 1
        key = cycle[index]
        figures.stray += sum(n for _, n in term.arrivals[settled:])  # came after the last answer
        result = await press(term, key)
        settled = len(term.arrivals)
        if result is None:
            if key in counted:
                figures.silent += 1
            if len(cycle) > 1 and key in ARROWS:
                cycle.remove(key)
                index %= len(cycle)
                continue
        elif key in counted:
            figures.first.append(result[0])
            figures.last.append(result[1])
            figures.sizes.append(result[2])
        index = (index + 1) % len(cycle)
    return figures


async def ssh_game_session(server: ServerProc, columns: int, rows: int, index: int) -> tuple[Any, Term]:
    """A person with a Council table against a bot, connected over SSH: on the game screen."""
    import asyncssh

    from net.hostkey import fingerprint

    key = asyncssh.generate_private_key("ssh-ed25519")
    client = await HubClient.open(server, fingerprint(key), f"Keys{index}")
    reply = await client.request({"type": "create", "game": "council", "options": {"first_player": "0"},
                                  "seats": [{"kind": "me"}, {"kind": "bot", "level": "easy"}]})
    await client.close()
    if reply.get("type") != "table":
        raise RuntimeError(f"create refused: {reply}")
    conn, term, _ = await open_session(server.port, key, columns, rows, GAME_TEXT)
    return conn, term


async def bench_key_bytes(row: Row, server: ServerProc, sizes: Sequence[tuple[int, int]],
                          presses: int, local: str) -> None:
    sessions: list[tuple[Any, Term, str]] = []
    results: list[KeyFigures] = []
    try:
        for i, (columns, rows) in enumerate(sizes):
            conn, term = await ssh_game_session(server, columns, rows, i)
            sessions.append((conn, term, f"{columns}x{rows}"))
        # "Back at your table ..." is shown for a few seconds: let it go first.
        for _conn, term, _size in sessions:
            with contextlib.suppress(TimeoutError):
                await term.until(partial(lambda t: TOAST not in t.text(), term), 15, "the toast's end")
            await term.quiet(0.5)
        for _conn, term, size in sessions:
            results.append(await press_case(term, "council arrows", size, ARROWS, set(ARROWS), presses))
            results.append(await press_case(term, "council m", size, ("m", "escape"), {"m"}, presses))
    finally:
        for conn, _term, _size in sessions:
            await close_conn(conn)
    local_figures: dict[tuple[str, str], Any] = {}
    if local:
        from bench import pty_keys

        def measure_local() -> None:
            for case in pty_keys.cases():
                if case.name not in ("council", "council m")[:2 if local == "all" else 1]:
                    continue
                for columns, rows in sizes:
                    summary = pty_keys.measure(case, columns, rows, presses)
                    local_figures[("council arrows" if case.name == "council" else case.name,
                                   f"{columns}x{rows}")] = summary

        await asyncio.to_thread(measure_local)
    row(f"key press on the Council board over SSH, {presses} counted presses per case", "")
    row("  first byte / last byte p50 (p90), bytes per key (median)", "")
    for figures in results:
        line = (f"{ms(percentile(figures.first, 50))} ({ms(percentile(figures.first, 90))}) / "
                f"{ms(percentile(figures.last, 50))} ({ms(percentile(figures.last, 90))}) ms, "
                f"{statistics.median(figures.sizes) if figures.sizes else float('nan'):.0f} B")
        summary = local_figures.get((figures.case, figures.size))
        if summary is not None and figures.sizes:
            line += (f"; local pty {summary.bytes_per_press:.0f} B, {ms(summary.last_p50)} ms last: "
                     f"x{statistics.median(figures.sizes) / summary.bytes_per_press:.2f} bytes, "
                     f"x{percentile(figures.last, 50) / summary.last_p50:.2f} time")
        if figures.silent:
            line += f", {figures.silent} silent"
        if figures.stray:
            line += f", {figures.stray} stray B"
        row(f"  {figures.case} at {figures.size}", line)


# --- the whole section -------------------------------------------------------------------
@dataclass(frozen=True)
class Sizes:
    rounds: int
    sub_rounds: int
    idle_seconds: float
    tables: int
    play_seconds: float
    warmup: float
    key_sizes: tuple[tuple[int, int], ...]
    presses: int
    local: str  # the local pty bench for comparison: "all" cases, "arrows" only, "" none
    timeout: float
    background: int = BACKGROUND
    growth: tuple[int, ...] = (0, 150, 300)  # log lengths at which a move's hub work is timed


FULL = Sizes(rounds=20, sub_rounds=8, idle_seconds=3.0, tables=5, play_seconds=20.0, warmup=3.0,
             key_sizes=((80, 24), (120, 40)), presses=30, local="all", timeout=420.0)
QUICK = Sizes(rounds=4, sub_rounds=2, idle_seconds=1.5, tables=5, play_seconds=5.0, warmup=2.0,
              key_sizes=((80, 24), (120, 40)), presses=6, local="arrows", timeout=150.0,
              growth=(0, 300))


async def run_async(sizes: Sizes, row: Row, parts: Sequence[str] = ("connect", "hub", "growth", "keys")) -> None:
    with tempfile.TemporaryDirectory(prefix="meeple-ssh-bench-") as folder:
        home = Path(folder)
        servers: dict[str, ServerProc] = {}
        try:
            modes = ["meeple", "plain"] + (["subprocess"] if "connect" in parts and sizes.sub_rounds else [])
            started = await asyncio.gather(*(ServerProc.start(m, home) for m in modes), return_exceptions=True)
            for mode, server in zip(modes, started):
                if isinstance(server, BaseException):
                    raise RuntimeError(f"the {mode} server did not start: {server}")
                servers[mode] = server
            if servers["meeple"].kind != "zygote":
                row("note: the meeple server starts sessions as", servers["meeple"].kind)
            steps: list[tuple[str, Callable[[], Any]]] = [
                ("connect", lambda: bench_connect(row, servers, sizes.rounds, sizes.sub_rounds, sizes.idle_seconds,
                                                      sizes.background)),
                ("hub", lambda: bench_hub_cpu(row, servers["meeple"], sizes.tables, sizes.play_seconds,
                                              sizes.warmup, sizes.idle_seconds)),
                ("growth", lambda: bench_hub_growth(row, sizes.growth, 3 if sizes.growth[-1] < 300 else 5)),
                ("keys", lambda: bench_key_bytes(row, servers["meeple"], sizes.key_sizes, sizes.presses, sizes.local)),
            ]
            for name, step in steps:
                if name not in parts:
                    continue
                began = time.perf_counter()
                try:
                    await step()
                    row(f"  ({name}: {time.perf_counter() - began:.0f} s)", "")
                except (Exception, asyncio.TimeoutError) as exc:  # one part failing ends only that part
                    row(f"  ({name} stopped: {type(exc).__name__}: {exc})", "")
                    tail = servers["meeple"].log_tail()
                    if tail:
                        row("  (meeple server log: " + tail.replace("\n", " | ")[-300:] + ")", "")
        finally:
            await asyncio.gather(*(s.stop() for s in servers.values()), return_exceptions=True)


def run(quick: bool = False, row: Row = _print_row, sizes: Sizes | None = None,
        parts: Sequence[str] = ("connect", "hub", "growth", "keys")) -> None:
    """The section: every part, under one time limit that ends it with a message."""
    chosen = sizes or (QUICK if quick else FULL)

    async def main() -> None:
        try:
            await asyncio.wait_for(run_async(chosen, row, parts), chosen.timeout)
        except asyncio.TimeoutError:
            row(f"  (stopped: the section took more than {chosen.timeout:.0f} s)", "")
        except Exception as exc:  # noqa: BLE001 - never take `make bench` down
            row(f"  (stopped: {type(exc).__name__}: {exc})", "")

    asyncio.run(main())


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.ssh_play", description=__doc__.split("\n")[0])
    parser.add_argument("what", nargs="*", help="parts to run: connect, hub, growth, keys (default all); "
                                                "or 'server MODE KEYFILE' (internal)")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--profile", metavar="DIR", help="write cProfile statistics of the servers and apps there")
    args = parser.parse_args(argv)
    if args.profile:
        os.makedirs(args.profile, exist_ok=True)
        os.environ[PROFILE_ENV] = os.path.abspath(args.profile)
    if args.what[:1] == ["server"] and len(args.what) == 3:
        server_main(args.what[1], args.what[2])
        return
    print("Network play over SSH")
    run(args.quick, parts=args.what or ("connect", "hub", "growth", "keys"))


if __name__ == "__main__":
    main()
