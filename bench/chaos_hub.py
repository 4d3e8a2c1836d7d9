"""The chaos bench's hub process and its handle (:mod:`bench.chaos`).

``python -m bench.chaos_hub DIRECTORY SOCKET`` starts the real :class:`net.hub.Hub` the way
``meeple serve`` starts it (``Hub(directory)``, ``start()``, ``serve(socket)``), with no SSH
front door: the bench stands in for it and asks for session tokens on stdin (JSON lines:
``{"cmd": "token", "key": K}``, ``{"cmd": "tokens", "key": K, "count": N}`` for
N people ``K0``, ``K1``..., ``{"cmd": "stats"}``, ``{"cmd": "stop"}``); answers go to stdout. The process
holding the tables is exactly this one, so SIGKILL on it is a killed hub.
:class:`HubProc` is the bench's side.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

from bench.ssh_servers import process_tree

ROOT = Path(__file__).resolve().parent.parent
READY_TIMEOUT = 60.0


def _tell(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


TRACE_ENV = "MEEPLE_CHAOS_TRACE"
"""A file the hub process appends a line to as it reads each ``act`` and once it has
handled it (see :func:`read_trace`): what a killed hub had read is known after its death."""


def _traced_hub(trace: str) -> Any:
    """The real :class:`net.hub.Hub` whose handling of ``act`` lines is traced to ``trace``."""
    from net.hub import Hub
    from net.hub_conn import Client

    fd = os.open(trace, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)

    class TracedHub(Hub):
        def _handle_line(self, client: Client, line: bytes) -> None:
            act = _act_of(line) if client.key else None
            if act is None:
                super()._handle_line(client, line)
                return
            ref, table_id = act
            nt = self.tables.get(table_id)
            before = len(nt.table.log) if nt is not None and nt.table is not None else -1
            # Written before handling, unbuffered: in the kernel's hands even if the
            # process is killed the next instant.
            os.write(fd, f"read\t{client.key}\t{ref}\n".encode())
            super()._handle_line(client, line)
            after = len(nt.table.log) if nt is not None and nt.table is not None else -1
            os.write(fd, f"done\t{client.key}\t{ref}\t{int(after > before)}\n".encode())

    return TracedHub


def _act_of(line: bytes) -> tuple[int, str] | None:
    """(ref, table id) of an ``act`` line; None for anything else."""
    if b'"act"' not in line:
        return None
    try:
        message = json.loads(line)
    except ValueError:
        return None
    if not isinstance(message, dict) or message.get("type") != "act":
        return None
    ref, table_id = message.get("ref"), message.get("table")
    return (ref, table_id) if isinstance(ref, int) and isinstance(table_id, str) else None


def read_trace(path: Path) -> dict[tuple[str, int], int]:
    """(key, ref) of each ``act`` a hub read -> -1 (killed while handling it), 0 (handled,
    the log did not grow: refused) or 1 (handled, the move is in the table's log)."""
    seen: dict[tuple[str, int], int] = {}
    if not path.exists():
        return seen
    for line in path.read_text().splitlines():
        parts = line.split("\t")
        if parts[0] == "read" and len(parts) == 3:
            seen[(parts[1], int(parts[2]))] = -1
        elif parts[0] == "done" and len(parts) == 4:
            seen[(parts[1], int(parts[2]))] = int(parts[3])
    return seen


async def _hub_main(directory: Path, socket: Path) -> None:
    from net.hub import Hub

    trace = os.environ.get(TRACE_ENV)
    began = time.perf_counter()
    hub = (_traced_hub(trace) if trace else Hub)(directory)
    await hub.start()
    started = time.perf_counter()
    await hub.serve(socket)
    _tell({"ready": True, "start_ms": (started - began) * 1000, "tables": len(hub.tables)})
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    while True:
        line = await reader.readline()
        if not line:
            break
        command = json.loads(line)
        if command.get("cmd") == "token":
            _tell({"token": hub.issue_token(str(command["key"]))})
        elif command.get("cmd") == "tokens":
            _tell({"tokens": [hub.issue_token(f"{command['key']}{i}") for i in range(int(command["count"]))]})
        elif command.get("cmd") == "stats":
            _tell(hub.stats())
        elif command.get("cmd") == "stop":
            break
    await hub.close()
    _tell({"stopped": True})


def hub_main(argv: list[str]) -> None:
    """The hub process: ``DIRECTORY SOCKET``; its log (``meeple.hub``) goes to stderr."""
    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    asyncio.run(_hub_main(Path(argv[0]), Path(argv[1])))


class HubProc:
    """One hub process, its control channel and its log file."""

    def __init__(self, process: asyncio.subprocess.Process, socket: Path, log: Path,
                 ready: dict[str, Any], spawn_seconds: float) -> None:
        self.process = process
        self.socket = socket
        self.log = log
        self.start_ms = float(ready["start_ms"])
        """``Hub.start()`` alone: reading the directory back (milliseconds)."""
        self.tables = int(ready["tables"])
        self.spawn_seconds = spawn_seconds
        """From starting the process to the hub listening (imports included)."""
        self._lock = asyncio.Lock()

    @classmethod
    async def start(cls, directory: Path, socket: Path, log: Path, trace: Path | None = None) -> "HubProc":
        """Start a hub on ``directory`` (tracing its ``act`` lines to ``trace``, if given);
        returns once it listens on ``socket``."""
        env = dict(os.environ)
        if trace is not None:
            env[TRACE_ENV] = str(trace)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
        began = time.perf_counter()
        with open(log, "ab") as err:
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bench.chaos_hub", str(directory), str(socket),
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=err,
                cwd=ROOT, env=env)
        try:
            ready = await asyncio.wait_for(cls._line(process, log), READY_TIMEOUT)
        except BaseException:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()
            raise
        return cls(process, socket, log, ready, time.perf_counter() - began)

    @staticmethod
    async def _line(process: asyncio.subprocess.Process, log: Path) -> dict[str, Any]:
        assert process.stdout is not None
        line = await process.stdout.readline()
        if not line:
            tail = log.read_text(errors="replace")[-800:].strip() if log.exists() else ""
            raise RuntimeError(f"the hub process ended: {tail}")
        message: dict[str, Any] = json.loads(line)
        return message

    async def ask(self, **command: Any) -> dict[str, Any]:
        """One command on the control channel and its answer."""
        assert self.process.stdin is not None
        async with self._lock:
            self.process.stdin.write(json.dumps(command).encode() + b"\n")
            await self.process.stdin.drain()
            return await asyncio.wait_for(self._line(self.process, self.log), 30)

    async def token(self, key: str) -> str:
        """A session token for the person of ``key`` (what the front door would hand over)."""
        return str((await self.ask(cmd="token", key=key))["token"])

    async def tokens(self, key: str, count: int) -> list[str]:
        """Tokens for ``count`` people whose keys start with ``key``."""
        return [str(t) for t in (await self.ask(cmd="tokens", key=key, count=count))["tokens"]]

    def kill(self) -> list[int]:
        """SIGKILL the hub process itself, now; returns its children's pids (bot workers),
        which :meth:`reap` ends once the hub is gone."""
        children = [pid for pid in process_tree(self.process.pid) if pid != self.process.pid]
        os.kill(self.process.pid, signal.SIGKILL)
        return children

    async def reap(self, children: list[int]) -> None:
        """Wait for the killed hub and end what is left of its bot workers (a second's
        grace, then SIGKILL): they hold the hub's stdout, and the wait ends only when it
        is closed."""
        for _ in range(20):
            if not any(os.path.exists(f"/proc/{pid}") for pid in children):
                break
            await asyncio.sleep(0.05)
        for pid in children:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        await self.process.wait()

    async def stop(self) -> None:
        """Close the hub the orderly way (it saves every table); kill it if it hangs."""
        if self.process.returncode is not None:
            return
        children = [pid for pid in process_tree(self.process.pid) if pid != self.process.pid]
        try:
            await asyncio.wait_for(self.ask(cmd="stop"), 20)
            await asyncio.wait_for(self.process.wait(), 20)
        except (asyncio.TimeoutError, RuntimeError, ConnectionError):
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()
            await self.reap(children)


if __name__ == "__main__":
    hub_main(sys.argv[1:])
