"""The chaos bench's hostile clients (:mod:`bench.chaos`): garbage on the hub's socket.

``python -m bench.chaos_hostile SOCKET SECONDS`` (a process of its own, so its CPU is not
the honest clients'; session tokens come as one JSON line on stdin) runs every attack at
once for SECONDS and prints what it did as one JSON line:

* ``garbage``: random bytes (newlines among them), before and after ``hello``;
* ``half``: a line without its end, then silence, on several connections held open;
* ``huge``: a line of many megabytes (the hub allows :data:`net.protocol.MAX_CLIENT_LINE`);
* ``flood``: valid messages as fast as the socket takes them, replies read;
* ``deaf``: the same, replies never read (the hub's backlog bound drops it);
* ``json``: invalid JSON (cut, not an object, bytes that are not UTF-8, nesting 60,000
  deep, a 10,000-digit number);
* ``types``: valid JSON with wrong types in every field.

:func:`run` (the ``make bench`` section) plays a storm (:class:`bench.chaos.Chaos`) with
clean and hostile spells in turn, compares the honest clients' answered moves per second
and latency between them, then kills the hub and checks that nothing confirmed was lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any, Awaitable, Callable

from bench.ssh_servers import CLK_TCK

KINDS = ("garbage", "half", "huge", "flood", "deaf", "json", "types")

BAD_JSON = [
    b'{"type": "act", "table": "t1"', b"[1, 2", b"\xff\xfe\xfd", b"NaN", b'"text"', b"{}",
    b"[" * 60_000, b'{"type": "act", "table": "t1", "action": ' + b"[" * 5_000,
    b'{"type": "lobby", "ref": ' + b"9" * 10_000 + b"}", b"\x00\x01\x02\x1b[2J", b"",
]


def wrong_types(tables: list[str]) -> list[dict[str, Any]]:
    """Messages of valid JSON whose fields have the wrong types or shapes."""
    t = tables[0] if tables else "t1"
    deep: Any = "x"
    for _ in range(200):
        deep = {"a": [deep]}
    return [
        {"type": 5}, {"type": None}, {"type": ["act"]}, {"type": "no such type"},
        {"type": "act", "table": ["t1"]}, {"type": "act", "table": t, "action": deep},
        {"type": "act", "table": t, "action": {"kind": 1e308}}, {"type": "act", "table": t, "action": None},
        {"type": "act", "table": "x" * 10_000}, {"type": "join", "table": t, "seat": "0"},
        {"type": "join", "table": t, "seat": 10**30}, {"type": "join", "table": t, "seat": True},
        {"type": "create", "game": "council", "seats": "me"},
        {"type": "create", "game": "council", "seats": [{"kind": "bot", "level": ["easy"]}, {"kind": "me"}]},
        {"type": "create", "game": ["council"], "seats": []}, {"type": "create", "game": "council",
                                                                 "seats": [{"kind": "me"}, 7], "options": []},
        {"type": "create", "game": "council", "seats": [{"kind": "me"}, {"kind": "open"}],
         "options": {"first_player": {"x": 1}}},
        {"type": "chat", "table": "", "text": 123}, {"type": "chat", "table": 0, "text": "hi"},
        {"type": "set_name", "name": {"first": "x"}}, {"type": "set_name", "name": "\u202e\u0000"},
        {"type": "hello", "token": {}}, {"type": "watch", "table": t, "password": 5},
        {"type": "hand_to_bot", "table": t, "seat": -1, "level": "easy"},
        {"type": "undo", "table": None}, {"type": "hint", "table": t, "ref": "1"},
        {"type": "lobby", "ref": 1.5}, {"type": "open", "table": {"id": t}},
    ]


class Attacks:
    """Every attack of one hostile spell and its counters."""

    def __init__(self, socket: str, tokens: list[str], tables: list[str], seconds: float) -> None:
        self.socket, self.tokens, self.tables = socket, tokens, tables
        self.deadline = time.monotonic() + seconds
        self.counts: dict[str, dict[str, int]] = {kind: {"connections": 0, "bytes": 0, "lines": 0,
                                                         "closed_by_hub": 0, "replies": 0} for kind in KINDS}
        self.rng = random.Random(33)

    def running(self) -> bool:
        """Until the spell's end."""
        return time.monotonic() < self.deadline

    async def connect(self, kind: str, greet: bool = True) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        """A new connection, greeted with a token while there are any."""
        reader, writer = await asyncio.open_unix_connection(self.socket, limit=64 << 20)
        self.counts[kind]["connections"] += 1
        if greet and self.tokens:
            await self.write(kind, writer, json.dumps({"type": "hello", "token": self.tokens.pop()}).encode() + b"\n")
        return reader, writer

    async def write(self, kind: str, writer: asyncio.StreamWriter, data: bytes) -> None:
        """Send ``data`` (raises ConnectionError once the hub closed the connection)."""
        writer.write(data)
        self.counts[kind]["bytes"] += len(data)
        self.counts[kind]["lines"] += data.count(b"\n")
        await writer.drain()
        await asyncio.sleep(0)  # drain() need not yield: the attacks take turns

    async def drain_replies(self, kind: str, reader: asyncio.StreamReader, ours: asyncio.Event) -> None:
        """Read and count replies until the connection closes (``ours``: closed by us)."""
        with contextlib.suppress(ConnectionError, OSError, asyncio.LimitOverrunError, ValueError):
            while True:
                line = await reader.readline()
                if not line:
                    break
                self.counts[kind]["replies"] += 1
        if not ours.is_set():
            self.counts[kind]["closed_by_hub"] += 1

    async def session(self, kind: str, body: Callable[[asyncio.StreamWriter], Awaitable[None]],
                      read: bool = True, greet: bool = True) -> None:
        """Connections of one attack, one after another until the spell ends (a deaf one
        never reads: it learns it was closed only when a write fails)."""
        while self.running():
            try:
                reader, writer = await self.connect(kind, greet)
            except (ConnectionError, OSError):
                await asyncio.sleep(0.05)
                continue
            ours = asyncio.Event()
            replies = asyncio.ensure_future(self.drain_replies(kind, reader, ours)) if read else None
            try:
                await asyncio.wait_for(body(writer), max(0.01, self.deadline - time.monotonic()))
                ours.set()
            except asyncio.TimeoutError:  # (before OSError: TimeoutError is one)
                ours.set()
            except (ConnectionError, OSError):
                if not read:
                    self.counts[kind]["closed_by_hub"] += 1
            writer.close()
            if replies is not None:
                with contextlib.suppress(BaseException):
                    await asyncio.wait_for(replies, 1)
            await asyncio.sleep(0)

    async def garbage(self, writer: asyncio.StreamWriter) -> None:
        while self.running():
            await self.write("garbage", writer, os.urandom(4096))

    async def half(self, writer: asyncio.StreamWriter) -> None:
        await self.write("half", writer, b'{"type": "act", "table": "t1", "action": {"kind"')
        while self.running():
            await asyncio.sleep(0.1)

    async def huge(self, writer: asyncio.StreamWriter) -> None:
        chunk = b'{"type": "chat", "table": "", "text": "' + b"x" * 65_000
        for _ in range(256):  # 16 MiB, no newline
            await self.write("huge", writer, chunk)

    def _valid(self) -> bytes:
        t = self.rng.choice(self.tables) if self.tables else "t1"
        message = self.rng.choice([
            {"type": "lobby"}, {"type": "hint", "table": t}, {"type": "watch", "table": t},
            {"type": "act", "table": t, "action": {"kind": "pass"}}, {"type": "chat", "table": "", "text": "hi"},
            {"type": "undo", "table": t}, {"type": "leave", "table": t},
        ])
        return json.dumps(message).encode() + b"\n"

    async def flood(self, writer: asyncio.StreamWriter) -> None:
        while self.running():
            await self.write("flood", writer, b"".join(self._valid() for _ in range(50)))

    async def deaf(self, writer: asyncio.StreamWriter) -> None:
        while self.running():
            await self.write("deaf", writer, b"".join(self._valid() for _ in range(50)))

    async def bad_json(self, writer: asyncio.StreamWriter) -> None:
        while self.running():
            for line in BAD_JSON:
                await self.write("json", writer, line + b"\n")

    async def types(self, writer: asyncio.StreamWriter) -> None:
        messages = [json.dumps(m).encode() + b"\n" for m in wrong_types(self.tables)]
        while self.running():
            for line in messages:
                await self.write("types", writer, line)

    async def run(self) -> dict[str, dict[str, int]]:
        """Every attack at once until the spell ends."""
        jobs = [
            self.session("garbage", self.garbage),
            self.session("garbage", self.garbage, greet=False),
            *(self.session("half", self.half) for _ in range(5)),
            self.session("huge", self.huge),
            self.session("flood", self.flood),
            self.session("deaf", self.deaf, read=False),
            self.session("json", self.bad_json),
            self.session("types", self.types),
        ]
        await asyncio.gather(*jobs)
        return self.counts


def attack_main(argv: list[str]) -> None:
    """The hostile process: ``SOCKET SECONDS``; tokens and table ids on stdin."""
    config = json.loads(sys.stdin.readline())
    attacks = Attacks(argv[0], list(config["tokens"]), list(config["tables"]), float(argv[1]))
    counts = asyncio.run(attacks.run())
    sys.stdout.write(json.dumps(counts) + "\n")


async def attack(socket: Path, tokens: list[str], tables: list[str], seconds: float,
                 nice: int = 0) -> dict[str, Any]:
    """Run the hostile process for ``seconds`` (at niceness ``nice``); returns its counters."""
    from bench.chaos_hub import ROOT

    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bench.chaos_hostile", str(socket), str(seconds),
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, cwd=ROOT, env=env,
        preexec_fn=(lambda: os.nice(nice)) if nice else None)
    out, _ = await process.communicate(json.dumps({"tokens": tokens, "tables": tables}).encode() + b"\n")
    if process.returncode:
        raise RuntimeError(f"the hostile process failed ({process.returncode})")
    counts: dict[str, Any] = json.loads(out)
    return counts


def hub_ticks(pid: int) -> int:
    """CPU ticks (user + system) of the hub process so far."""
    with open(f"/proc/{pid}/stat", "rb") as f:
        data = f.read()
    fields = data[data.rfind(b")") + 2:].split()
    return int(fields[11]) + int(fields[12])


async def spells(chaos: Any, storm: Any, rounds: int, seconds: float,
                 windows: list[tuple[str, float, float, float]], counts: list[dict[str, Any]],
                 nice: int = 0) -> None:
    """``rounds`` times: a clean spell, then a hostile one, each ``seconds`` long; records
    (kind, start, end, hub CPU share) per spell."""
    await asyncio.sleep(1.0)  # the storm gets going
    for _ in range(rounds):
        for kind in ("clean", "hostile"):
            hub = chaos.hub
            ticks, start = hub_ticks(hub.process.pid), time.perf_counter()
            if kind == "clean":
                await asyncio.sleep(seconds)
            else:
                tokens = await hub.tokens("SHA256:hostile", 200)
                tables = [g.table_id for g in chaos.groups]
                counts.append(await attack(hub.socket, tokens, tables, seconds, nice))
            end = time.perf_counter()
            cpu = (hub_ticks(hub.process.pid) - ticks) / CLK_TCK / (end - start)
            windows.append((kind, start, end, cpu))


def run(quick: bool, home: Path, row: Callable[[str, str], None], nice: int = 0) -> None:
    """Clean and hostile spells in one storm, then a kill; prints the comparison. ``nice``:
    the hostile process's niceness (19 leaves the CPU to the hub and the honest clients,
    to tell the hub's own slowdown from the attack's CPU on a small machine)."""
    from bench.chaos import Chaos, quantile

    rounds, seconds = (2, 4.0) if quick else (4, 8.0)
    windows: list[tuple[str, float, float, float]] = []
    counts: list[dict[str, Any]] = []

    async def main() -> tuple[Any, Any, int]:
        chaos = Chaos(home, 20, 34, say=lambda line: None)
        try:
            await chaos.start()
            result = await chaos.kill_round(during=lambda storm: spells(chaos, storm, rounds, seconds,
                                                                         windows, counts, nice))
            return chaos.last_storm, result, sum(p.dropped for p in chaos.people)
        finally:
            await chaos.close()

    storm, result, dropped = asyncio.run(main())
    figures: dict[str, list[float]] = {}
    for kind in ("clean", "hostile"):
        spans = [(a, b, cpu) for k, a, b, cpu in windows if k == kind]
        lat = [s * 1000 for when, s in storm.answers if any(a <= when < b for a, b, _ in spans)]
        length = sum(b - a for a, b, _ in spans)
        rate = len(lat) / length if length else float("nan")
        cpu = sum(c * (b - a) for a, b, c in spans) / length if length else float("nan")
        figures[kind] = [rate, quantile(lat, 0.5), quantile(lat, 0.95), cpu]
        label = f"{kind} spells ({len(spans)} x {seconds:g} s{', attack at nice ' + str(nice) if nice and kind == 'hostile' else ''})"
        row(f"{label}: moves answered/s", f"{rate:.0f}/s")
        row(f"  latency p50 / p95", f"{figures[kind][1]:.1f} / {figures[kind][2]:.1f} ms")
        row(f"  hub CPU", f"{cpu * 100:.0f}% of a core")
    clean, hostile = figures["clean"], figures["hostile"]
    row("hostile / clean: rate, p50, p95", f"{hostile[0] / clean[0]:.2f}x, {hostile[1] / clean[1]:.2f}x, "
        f"{hostile[2] / clean[2]:.2f}x")
    total: dict[str, dict[str, int]] = {}
    for spell in counts:
        for kind, numbers in spell.items():
            mine = total.setdefault(kind, {})
            for name, value in numbers.items():
                mine[name] = mine.get(name, 0) + value
    for kind in KINDS:
        c = total.get(kind, {})
        row(f"  hostile {kind}", f"{c.get('connections', 0)} conns, {c.get('bytes', 0) / 1e6:.1f} MB, "
            f"{c.get('lines', 0)} lines, {c.get('replies', 0)} replies, closed by hub {c.get('closed_by_hub', 0)}")
    row("honest connections dropped by the hub (must be 0)", f"{dropped}")
    row("confirmed entries missing after the kill (must be 0)", f"{result.missing}")
    row("tables not resumed after the kill (must be 0)", f"{result.tables_missing}")
    row("moves lost at the kill (read, not resumed; at most 1)", f"{result.lost}")


if __name__ == "__main__":
    attack_main(sys.argv[1:])
