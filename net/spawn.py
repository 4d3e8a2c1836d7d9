"""Session processes: one Meeple app per SSH session, each on its own pseudo-terminal.

The server hands over the slave end of a fresh pty and the child's environment; the child
makes that pty its controlling terminal (``setsid`` then ``TIOCSCTTY``, so the kernel's
SIGWINCH and SIGHUP reach it), puts it on fds 0, 1 and 2 and calls the *target*, a
``"module:function"`` taking ``(hub_socket, token)`` from ``MEEPLE_HUB`` and
``MEEPLE_TOKEN`` and returning the exit code. The caller names it: ``meeple serve`` gives
:data:`tui.session.TARGET` (the app in hub-client mode) and its *preload*; tests give
their own. This package imports no app: a target is only a name here.

Two ways to start one:

* :class:`ZygoteSpawner` — a pre-imported "zygote" process, started once by ``meeple
  serve``: it imports the preload up front (for Meeple: Textual, the app and the games;
  no threads, no event loop), then waits on a Unix socket pair for spawn requests, each carrying the pty slave fd
  (``socket.send_fds``). It forks; the child sets up the terminal and runs the target
  with everything already imported, so the first frame comes without a fresh Python's
  start-up. The zygote answers each request with the child's pid, reaps its children
  (SIGCHLD) and reports their exit codes.
* :class:`SubprocessSpawner` — a plain ``python -m net.spawn run TARGET`` per session: the
  fallback when the zygote cannot be started or has died.

:func:`start_spawner` starts the zygote and falls back by itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import gc
import importlib
import io
import json
import os
import select
import signal
import socket
import sys
import termios
import traceback
from typing import Any, Callable, Mapping, Protocol, Sequence

HUB_SOCKET_ENV = "MEEPLE_HUB"
TOKEN_ENV = "MEEPLE_TOKEN"
MAX_MESSAGE = 256 * 1024
"""Largest message on the zygote's socket (a spawn request carries an environment)."""


class SpawnError(Exception):
    """A session process could not be started: ``str(error)`` says why."""


# --- the child's side (both ways) ------------------------------------------------------


def take_terminal(fd: int) -> None:
    """Make the tty ``fd`` this process's controlling terminal and its fds 0, 1 and 2.

    The process must already lead a new session (``os.setsid``); ``fd`` is closed when it
    is not one of 0-2.
    """
    fcntl.ioctl(fd, termios.TIOCSCTTY, 0)
    for target in (0, 1, 2):
        if fd != target:
            os.dup2(fd, target)
    if fd > 2:
        os.close(fd)


def _fresh_std_streams() -> None:
    """``sys.std*`` (and their ``__std*__``) anew on fds 0-2, which now are the terminal."""
    streams = {
        "stdin": io.TextIOWrapper(io.open(0, "rb", closefd=False), encoding="utf-8",
                                  errors="surrogateescape"),
        "stdout": io.TextIOWrapper(io.open(1, "wb", closefd=False), encoding="utf-8",
                                   errors="surrogateescape", line_buffering=True),
        "stderr": io.TextIOWrapper(io.open(2, "wb", closefd=False), encoding="utf-8",
                                   errors="backslashreplace", line_buffering=True),
    }
    for name, stream in streams.items():
        setattr(sys, name, stream)
        setattr(sys, f"__{name}__", stream)


def resolve_target(target: str) -> Callable[[str, str], int]:
    """The function named by ``"module:function"`` (its module is imported)."""
    module_name, sep, name = target.partition(":")
    if not sep or not module_name or not name:
        raise SpawnError(f"a target is 'module:function', not {target!r}")
    function = getattr(importlib.import_module(module_name), name)
    if not callable(function):
        raise SpawnError(f"{target!r} is not a function")
    return function  # type: ignore[no-any-return]  # a user-given callable


def run_target(target: str) -> int:
    """Call the target with the hub socket and token of the environment; its exit code."""
    function = resolve_target(target)
    try:
        result = function(os.environ.get(HUB_SOCKET_ENV, ""), os.environ.get(TOKEN_ENV, ""))
    except SystemExit as exc:
        result = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
    return result if isinstance(result, int) else 0


# --- the zygote ------------------------------------------------------------------------


def _preload(preload: Sequence[str]) -> None:
    """Import each module of ``preload`` in turn and call each ``"module:function"`` (with
    no arguments), skipping what fails: a preload is only a head start."""
    for name in preload:
        module, _, function = name.partition(":")
        with contextlib.suppress(Exception):
            imported = importlib.import_module(module)
            if function:
                getattr(imported, function)()


def zygote_main(sock_fd: int, target: str, preload: Sequence[str]) -> int:
    """The zygote's loop: preload (see :func:`_preload`), say ready, then fork a child per
    spawn request.

    Messages are JSON objects, one per SOCK_SEQPACKET datagram. Requests ``{"id", "env"}``
    carry the pty slave fd; answers are ``{"ready": true}`` once, ``{"id", "pid"}`` or
    ``{"id", "error"}`` per request, ``{"exit": pid, "code": c}`` per child reaped, and
    ``{"fatal": reason}`` if the preload fails. The loop ends when the server's end closes.
    """
    sock = socket.socket(fileno=sock_fd)
    _preload(preload)
    try:
        resolve_target(target)
    except BaseException as exc:  # noqa: BLE001 - reported, then the zygote ends
        _send(sock, {"fatal": f"{type(exc).__name__}: {exc}"})
        return 1
    # What the preload made is kept by every child and never freed: out of the collector's
    # sight, a child's collections no longer walk it (nor write to its pages, which then
    # stay shared with the zygote instead of being copied into each child).
    gc.collect()
    gc.freeze()
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_r, False)
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda signum, frame: None)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the server's to handle
    _send(sock, {"ready": True})
    while True:
        _reap(sock)
        readable, _, _ = select.select([sock.fileno(), wake_r], [], [])
        if wake_r in readable:
            with contextlib.suppress(BlockingIOError):
                while os.read(wake_r, 512):
                    pass
        if sock.fileno() in readable:
            try:
                data, fds, _flags, _addr = socket.recv_fds(sock, MAX_MESSAGE, 4)
            except OSError:
                return 0
            if not data:
                return 0  # the server is gone
            _spawn_request(sock, data, fds, target, (wake_r, wake_w))


def _send(sock: socket.socket, message: dict[str, Any]) -> None:
    with contextlib.suppress(OSError):
        sock.send(json.dumps(message).encode())


def _reap(sock: socket.socket) -> None:
    """Wait for every child that has ended and report its exit code."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        _send(sock, {"exit": pid, "code": os.waitstatus_to_exitcode(status)})


def _spawn_request(sock: socket.socket, data: bytes, fds: list[int], target: str,
                   private: tuple[int, int]) -> None:
    """Fork one session process for a request; the zygote keeps none of its fds."""
    request_id: Any = None
    try:
        request = json.loads(data)
        request_id = request["id"]
        env = {str(k): str(v) for k, v in dict(request["env"]).items()}
        if len(fds) != 1:
            raise ValueError(f"a spawn request carries one fd, not {len(fds)}")
    except (ValueError, KeyError, TypeError) as exc:
        for fd in fds:
            os.close(fd)
        _send(sock, {"id": request_id, "error": f"bad request ({exc})"})
        return
    slave = fds[0]
    try:
        pid = os.fork()
    except OSError as exc:
        os.close(slave)
        _send(sock, {"id": request_id, "error": f"fork failed ({exc.strerror})"})
        return
    if pid == 0:  # the child: never returns
        code = 1
        try:
            signal.set_wakeup_fd(-1)
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            signal.signal(signal.SIGINT, signal.default_int_handler)  # as in any Python
            sock.close()
            for fd in private:
                os.close(fd)
            os.setsid()
            try:
                take_terminal(slave)
            except OSError:
                # The pty hung up before the child took it (the client left while its
                # session started): nobody to tell, and the host's log is no place for it.
                os._exit(1)
            _fresh_std_streams()
            os.environ.clear()
            os.environ.update(env)
            code = run_target(target)
        except BaseException:  # noqa: BLE001 - the child's last word, on its terminal
            with contextlib.suppress(Exception):
                traceback.print_exc()
                sys.stderr.flush()
        finally:
            os._exit(code & 0xFF if code >= 0 else 1)
    os.close(slave)
    _send(sock, {"id": request_id, "pid": pid})


# --- the server's side -----------------------------------------------------------------


class Child(Protocol):
    """A session process as the server sees it."""

    pid: int

    async def wait(self) -> int:
        """Its exit code once it has ended (negative: killed by that signal)."""

    def send_signal(self, signum: int) -> None:
        """Signal its process group (it leads its own session); nothing if it has ended."""


class Spawner(Protocol):
    """Starts session processes."""

    @property
    def kind(self) -> str:
        """How it starts them: "zygote" or "subprocess"."""

    async def spawn(self, slave_fd: int, env: Mapping[str, str]) -> Child:
        """A new session process on the pty ``slave_fd`` (the caller still closes it)."""

    async def close(self) -> None:
        """Stop starting processes (running ones are left to their sessions)."""


def _signal_group(pid: int, signum: int) -> None:
    try:
        os.killpg(pid, signum)
    except ProcessLookupError:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signum)
    except PermissionError:
        pass


class _Subprocess:
    """A session process started by :class:`SubprocessSpawner`."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.pid = process.pid

    async def wait(self) -> int:
        return await self.process.wait()

    def send_signal(self, signum: int) -> None:
        if self.process.returncode is None:
            _signal_group(self.pid, signum)


class SubprocessSpawner:
    """A fresh Python per session: ``command`` (default ``python -m net.spawn run TARGET``).

    The command runs in a new session with the pty on fds 0-2; it must take the terminal
    itself (``python -m net.spawn run`` does, with :func:`take_terminal`).
    """

    kind = "subprocess"

    def __init__(self, target: str, command: Sequence[str] | None = None) -> None:
        self.command = list(command) if command is not None else [
            sys.executable, "-m", "net.spawn", "run", target]

    async def spawn(self, slave_fd: int, env: Mapping[str, str]) -> Child:
        try:
            process = await asyncio.create_subprocess_exec(
                *self.command, stdin=slave_fd, stdout=slave_fd, stderr=slave_fd,
                env=dict(env), start_new_session=True, close_fds=True)
        except OSError as exc:
            raise SpawnError(f"could not start {self.command[0]} ({exc.strerror or exc})") from None
        return _Subprocess(process)

    async def close(self) -> None:
        return None


class _ZygoteChild:
    """A session process forked by the zygote; the zygote reports its end."""

    def __init__(self, pid: int, ended: asyncio.Future[int]) -> None:
        self.pid = pid
        self._ended = ended

    async def wait(self) -> int:
        return await asyncio.shield(self._ended)

    def send_signal(self, signum: int) -> None:
        if not self._ended.done():
            _signal_group(self.pid, signum)


async def _watch_orphan(pid: int, ended: asyncio.Future[int]) -> None:
    """Wait for a process that is no longer the zygote's child; its exit code is unknown (0)."""
    while not ended.done():
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            ended.set_result(0)
            return
        except PermissionError:  # reaped, and the pid already someone else's
            ended.set_result(0)
            return
        await asyncio.sleep(0.5)


class ZygoteSpawner:
    """Session processes forked from one pre-imported zygote (see the module's docstring)."""

    kind = "zygote"

    def __init__(self, process: asyncio.subprocess.Process, sock: socket.socket) -> None:
        self._process = process
        self._sock = sock
        self._loop = asyncio.get_running_loop()
        self._next_id = 0
        self._pending: dict[int, asyncio.Future[int]] = {}
        self._ended: dict[int, asyncio.Future[int]] = {}
        self._ready: asyncio.Future[None] = self._loop.create_future()
        self._orphans: set[asyncio.Future[None]] = set()
        self.alive = True
        self._loop.add_reader(sock.fileno(), self._readable)

    @classmethod
    async def start(cls, target: str, preload: Sequence[str] = (),
                    ready_timeout: float = 60.0) -> ZygoteSpawner:
        """Start the zygote and wait until it has imported everything (SpawnError if not)."""
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "net.spawn", "zygote", str(theirs.fileno()), target,
                *preload, pass_fds=(theirs.fileno(),), stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.DEVNULL, start_new_session=True)
        except OSError as exc:
            ours.close()
            raise SpawnError(f"the zygote could not start ({exc.strerror or exc})") from None
        finally:
            theirs.close()
        ours.setblocking(False)
        spawner = cls(process, ours)
        try:
            await asyncio.wait_for(asyncio.shield(spawner._ready), ready_timeout)
        except (SpawnError, asyncio.TimeoutError) as exc:
            await spawner.close()
            raise SpawnError(str(exc) or "the zygote did not get ready in time") from None
        return spawner

    def _readable(self) -> None:
        while True:
            try:
                data = self._sock.recv(MAX_MESSAGE)
            except BlockingIOError:
                return
            except OSError:
                data = b""
            if not data:
                self._lost("the zygote has ended")
                return
            try:
                message = json.loads(data)
            except ValueError:
                continue
            self._handle(message)

    def _handle(self, message: dict[str, Any]) -> None:
        if "ready" in message and not self._ready.done():
            self._ready.set_result(None)
        elif "fatal" in message:
            self._lost(f"the zygote could not import the app ({message['fatal']})")
        elif "exit" in message:
            ended = self._ended.pop(int(message["exit"]), None)
            if ended is None:  # reported before its pid was taken: keep the code
                ended = self._loop.create_future()
                self._ended[int(message["exit"])] = ended
            if not ended.done():
                ended.set_result(int(message["code"]))
        elif "id" in message:
            pending = self._pending.pop(message["id"], None)
            if pending is None or pending.done():
                return
            if "pid" in message:
                pending.set_result(int(message["pid"]))
            else:
                pending.set_exception(SpawnError(str(message.get("error", "spawn refused"))))

    def _lost(self, reason: str) -> None:
        """The zygote is gone: nothing more can be started or learnt through it."""
        if not self.alive:
            return
        self.alive = False
        with contextlib.suppress(Exception):
            self._loop.remove_reader(self._sock.fileno())
        error = SpawnError(reason)
        if not self._ready.done():
            self._ready.set_exception(error)
            self._ready.exception()  # retrieved: nobody else may wait on it
        for pending in self._pending.values():
            if not pending.done():
                pending.set_exception(error)
        self._pending.clear()
        for pid, ended in self._ended.items():
            if not ended.done():  # orphaned: init reaps it now; watch it end
                self._orphans.add(asyncio.ensure_future(_watch_orphan(pid, ended)))
        self._sock.close()

    async def spawn(self, slave_fd: int, env: Mapping[str, str]) -> Child:
        if not self.alive:
            raise SpawnError("the zygote has ended")
        self._next_id += 1
        request_id = self._next_id
        pending: asyncio.Future[int] = self._loop.create_future()
        self._pending[request_id] = pending
        payload = json.dumps({"id": request_id, "env": dict(env)}).encode()
        try:
            socket.send_fds(self._sock, [payload], [slave_fd])
        except OSError as exc:
            self._pending.pop(request_id, None)
            raise SpawnError(f"the zygote did not take the request ({exc.strerror or exc})") from None
        pid = await pending
        ended = self._ended.pop(pid, None) or self._loop.create_future()
        child = _ZygoteChild(pid, ended)
        if not ended.done():
            self._ended[pid] = ended
        return child

    async def close(self) -> None:
        """Stop the zygote (its running children are not touched, and still watched)."""
        if self.alive:
            self._lost("the zygote was stopped")
        if self._process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self._process.terminate()
            try:
                await asyncio.wait_for(self._process.wait(), 5)
            except asyncio.TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    self._process.kill()
                await self._process.wait()


class FallbackSpawner:
    """The zygote while it lives, then a subprocess per session."""

    def __init__(self, zygote: ZygoteSpawner | None, fallback: SubprocessSpawner,
                 warn: Callable[[str], None] | None = None) -> None:
        self.zygote = zygote
        self.fallback = fallback
        self._warn = warn

    @property
    def kind(self) -> str:
        """Which way the next session process will be started."""
        return "zygote" if self.zygote is not None and self.zygote.alive else "subprocess"

    async def spawn(self, slave_fd: int, env: Mapping[str, str]) -> Child:
        if self.zygote is not None and self.zygote.alive:
            try:
                return await self.zygote.spawn(slave_fd, env)
            except SpawnError as exc:
                if self._warn is not None:
                    self._warn(f"{exc}; starting sessions as subprocesses from now on")
        return await self.fallback.spawn(slave_fd, env)

    async def close(self) -> None:
        if self.zygote is not None:
            await self.zygote.close()


async def start_spawner(target: str, preload: Sequence[str] = (),
                        zygote: bool = True, command: Sequence[str] | None = None,
                        warn: Callable[[str], None] | None = None) -> FallbackSpawner:
    """A spawner for ``target``: the zygote if it starts (and ``zygote``), else subprocesses.

    ``warn`` is told, in one line, why the zygote is not used.
    """
    fallback = SubprocessSpawner(target, command)
    started: ZygoteSpawner | None = None
    if zygote:
        try:
            started = await ZygoteSpawner.start(target, preload)
        except SpawnError as exc:
            if warn is not None:
                warn(f"{exc}; starting sessions as subprocesses")
    return FallbackSpawner(started, fallback, warn)


def _main(argv: Sequence[str]) -> int:
    """``python -m net.spawn zygote FD TARGET [MODULE...]`` or ``... run TARGET``."""
    if len(argv) >= 3 and argv[0] == "zygote":
        return zygote_main(int(argv[1]), argv[2], argv[3:])
    if len(argv) == 2 and argv[0] == "run":
        with contextlib.suppress(OSError):
            # A new session already (start_new_session); fd 0 is the pty.
            take_terminal(0)
        return run_target(argv[1])
    print("usage: python -m net.spawn zygote FD TARGET [MODULE...] | run TARGET", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
