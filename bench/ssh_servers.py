"""The servers of the SSH bench (:mod:`bench.ssh_play`), each in a process of its own, and
the reading of their CPU time from ``/proc``.

``python -m bench.ssh_play server MODE KEYFILE`` runs :func:`server_main`: ``meeple``
(:func:`net.server.serve` with a zygote), ``subprocess`` (the same, a fresh Python per
session) or ``plain`` (a bare asyncssh server writing one line). Each listens to the bench
on stdin (JSON lines: a session token for a key, the number of sessions, the hub's
counters, stop) and answers on stdout; :class:`ServerProc` is the bench's side.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

STEP_TIMEOUT = 30.0  # longest wait for any one step (a server start, a lobby, a reply)
BACKGROUND = 20  # sessions already open for the second connect rounds
CLK_TCK = os.sysconf("SC_CLK_TCK")


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
        """The ``mode`` server (meeple, subprocess, plain) of this checkout."""
        pythonpath = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
        return await cls.launch(mode, home, ["-m", "bench.ssh_play", "server", mode, str(home / "host_key")],
                                ROOT, pythonpath)

    @classmethod
    async def launch(cls, name: str, home: Path, args: list[str], cwd: Path, pythonpath: str) -> "ServerProc":
        """``python ARGS`` in ``cwd`` with ``PYTHONPATH`` and folders of its own under
        ``home/name`` (data, config, tmp; its stderr in ``server.log``), once it has said
        where it listens."""
        folder = home / name
        for sub in ("data", "config", "tmp"):
            (folder / sub).mkdir(parents=True, exist_ok=True)
        env = {k: v for k, v in os.environ.items() if not k.startswith("TEXTUAL_")}
        env.update(XDG_DATA_HOME=str(folder / "data"), XDG_CONFIG_HOME=str(folder / "config"),
                   XDG_STATE_HOME=str(folder / "data"), XDG_CACHE_HOME=str(folder / "data"),
                   TMPDIR=str(folder / "tmp"), TEXTUAL_ANIMATIONS="none", PYTHONPATH=pythonpath)
        log = folder / "server.log"
        with open(log, "wb") as err:
            process = await asyncio.create_subprocess_exec(
                sys.executable, *args, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                stderr=err, cwd=cwd, env=env, limit=1 << 20)
        server = cls(name, process, log)
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


PROFILED_TARGET = "bench.ssh_servers:profiled_session"


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
    from bench.ssh_scale import _serve
    from tui.session import TARGET

    target = PROFILED_TARGET if os.environ.get(PROFILE_ENV) else TARGET
    await _serve(host_key_path, BACKGROUND + 10, zygote=zygote, target=target)


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
