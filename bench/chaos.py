"""The chaos bench (issue 33, "Chaos"): a storm of moves on the hub, SIGKILL in the middle
of it, a restart on the same directory; and hostile clients on the hub's socket.

The hub runs in a process of its own (:mod:`bench.chaos_hub`: the real
:class:`net.hub.Hub`, started as ``meeple serve`` starts it). Twenty people (one protocol
connection each) sit at ten tables, two per game, five of them with a bot too, and play a
random legal move the moment the hub shows it is their turn. A game that ends is followed
by a new one at the same seats.

**Confirmed** means: a client received a ``table`` message whose ``log`` holds the move.
The hub sends a table's message only after :meth:`Hub._save` returned for the change it
shows, so every entry of a log a client has seen should survive a kill. After each kill
the hub is restarted on the same directory, every person reconnects and opens their
table, and the bench checks, per table and per viewer, that the resumed log starts with
every entry that viewer saw (seat, text, and action where shown). A move still **in
flight** at the kill (sent, no reply) is either in the resumed game (saved, its reply
never sent) or not (never read, or read and not saved): the latter are counted as lost;
each person has at most one move in flight, and the hub handles one message at a time.

The hub's directory is used only as an opaque place: whatever the hub writes there (a
save per table, or a journal beside a snapshot) is read back by the hub itself.

Hostile clients (:mod:`bench.chaos_hostile`) join a storm without kills: the honest
clients' answered-move rate and latency are compared with the same storm's clean spells.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import shutil
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Awaitable, Callable

from bench.chaos_hub import HubProc, read_trace

STEP = 20.0
"""Longest wait for one reply outside the storm (a hang guard)."""

GROUPS: list[tuple[str, int, int]] = [
    (game, people, bots)
    for game in ("quadropolis", "council", "elgrande", "intendentes", "settlement")
    for people, bots in ((2, 0), (2, 1))
]
"""(game, people, bots) of each table: 20 people, 5 bots."""


def entry_key(entry: dict[str, Any]) -> tuple[Any, Any]:
    """What of a log entry must match after a restart: seat and text."""
    return entry.get("seat"), entry.get("text")


def same_entry(before: dict[str, Any], after: dict[str, Any]) -> bool:
    """The same move: same seat and text, and the same action when both show it."""
    if entry_key(before) != entry_key(after):
        return False
    if "action" in before and "action" in after:
        return bool(before["action"] == after["action"])
    return True


def missing_confirmed(confirmed: list[dict[str, Any]], resumed: list[dict[str, Any]]) -> int:
    """How many confirmed entries the resumed log lacks or contradicts: 0 when the resumed
    log starts with every confirmed entry; else the number from the first difference on."""
    for i, entry in enumerate(confirmed):
        if i >= len(resumed) or not same_entry(entry, resumed[i]):
            return len(confirmed) - i
    return 0


@dataclass
class Flight:
    """A move sent and not yet answered."""

    table: str
    seat: int
    action: Any
    at_log: int
    sent: float
    ref: int
    reply: "asyncio.Future[dict[str, Any]]"

    def answered(self) -> bool:
        """The hub's reply arrived (before the connection ended)."""
        return self.reply.done() and not self.reply.cancelled() and self.reply.exception() is None


@dataclass
class Person:
    """One honest client: a person (SSH key) with one connection to the hub."""

    key: str
    name: str
    group: "Group"
    seat: int
    reader: asyncio.StreamReader | None = None
    writer: asyncio.StreamWriter | None = None
    task: asyncio.Task[None] | None = None
    table: dict[str, Any] | None = None
    ref: int = 0
    waiting: dict[int, asyncio.Future[dict[str, Any]]] = field(default_factory=dict)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    flight: Flight | None = None
    seen: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    """Per table id, the longest log this person was shown (what it saw confirmed)."""
    logs: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    """Per table id, the log as this connection was sent it (whole or in parts)."""
    answered: int = 0
    refused: dict[str, int] = field(default_factory=dict)
    seated: set[str] = field(default_factory=set)
    """Tables where this person was shown a seat of their own."""
    storm: "Storm | None" = None
    dropped: int = 0
    """Connections the hub ended while the storm ran (not killed): must stay 0."""

    async def connect(self, hub: HubProc) -> dict[str, Any]:
        """Connect and say hello; returns the ``welcome``."""
        self.reader, self.writer = await asyncio.open_unix_connection(str(hub.socket), limit=16 << 20)
        self.waiting, self.table, self.flight, self.logs = {}, None, None, {}
        self.task = asyncio.ensure_future(self._read(self.reader))
        return await self.request({"type": "hello", "token": await hub.token(self.key)})

    async def _read(self, reader: asyncio.StreamReader) -> None:
        try:
            while True:
                line = await reader.readline()
                if not line:
                    break
                message = json.loads(line)
                if message.get("type") == "table":
                    self._shown(message)
                ref = message.get("ref")
                future = self.waiting.pop(ref, None) if isinstance(ref, int) else None
                if future is not None and not future.done():
                    future.set_result(message)
                self.changed.set()
        except (ConnectionError, OSError):
            pass
        if self.storm is not None and not self.storm.stopped:
            self.dropped += 1
        for future in self.waiting.values():
            if not future.done():
                future.set_exception(ConnectionError("the hub closed the connection"))
        self.waiting = {}
        self.changed.set()

    def _shown(self, message: dict[str, Any]) -> None:
        table_id = str(message["id"])
        # A hub that sends only the new entries says from which index (log_from); one
        # that sends the whole log says nothing, which is the same as log_from 0.
        start = message.get("log_from", 0)
        held = self.logs.get(table_id, [])
        if not isinstance(start, int) or not 0 <= start <= len(held):
            self.send({"type": "resend", "table": table_id})  # lost track: the whole log again
            return
        message = {**message, "log": held[:start] + list(message.get("log") or [])}
        self.logs[table_id] = message["log"]
        if table_id == self.group.table_id:
            self.table = message
        if isinstance(message.get("you"), int) and message["you"] >= 0:
            self.seated.add(table_id)
        log = message.get("log") or []
        if len(log) >= len(self.seen.get(table_id, ())):
            self.seen[table_id] = log

    def send(self, message: dict[str, Any]) -> int:
        """Send ``message`` with a fresh ref; returns it."""
        assert self.writer is not None
        self.ref += 1
        self.writer.write(json.dumps({**message, "ref": self.ref}).encode() + b"\n")
        return self.ref

    async def request(self, message: dict[str, Any], timeout: float = STEP) -> dict[str, Any]:
        """Send and wait for the reply naming it."""
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.waiting[self.ref + 1] = future
        self.send(message)
        return await asyncio.wait_for(future, timeout)

    async def close(self) -> None:
        """Close the connection (the hub is gone or the bench ends)."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(BaseException):
                await self.task
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.writer.wait_closed(), 2)
        self.reader = self.writer = self.task = None

    async def play(self, storm: "Storm") -> None:
        """Play this person's seat until the storm stops: a random legal move as soon as
        the table shows it is this seat's turn; a finished game's next one is joined."""
        rng = random.Random(f"{self.key}/{storm.seed}")
        self.storm = storm
        while not storm.stopped:
            self.changed.clear()
            table = self.table
            if table is None or table.get("id") != self.group.table_id:
                await self._wait()
                continue
            if table.get("over"):
                await self.group.next_game(self, storm)
                continue
            if self.seat not in table.get("to_act", ()) or table.get("you") != self.seat:
                await self._wait()
                continue
            legal = table.get("legal") or []
            if not legal:
                await self._wait()
                continue
            action = legal[rng.randrange(len(legal))]
            future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
            self.waiting[self.ref + 1] = future
            if storm.stopped:
                return
            sent = time.perf_counter()
            self.flight = Flight(str(table["id"]), self.seat, action, len(table.get("log") or ()), sent,
                                 self.ref + 1, future)
            self.send({"type": "act", "table": table["id"], "action": action})
            try:
                reply = await future
            except ConnectionError:
                return  # the hub went: the move stays in flight for the check
            if storm.stopped:
                return  # (the kill check looks at the flight's reply)
            self.flight = None
            if reply.get("type") == "table":
                self.answered += 1
                storm.answered(time.perf_counter() - sent)
            else:
                reason = str(reply.get("message"))
                self.refused[reason] = self.refused.get(reason, 0) + 1
                if reason == "Slow down.":
                    await asyncio.sleep(0.05)
                else:
                    await self._wait()

    async def _wait(self) -> None:
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self.changed.wait(), 0.5)


class Group:
    """The people of one table (the first creates it) and its bots; a finished game is
    followed by a new table with the same seats."""

    def __init__(self, game: str, people: list[Person], bots: int) -> None:
        self.game, self.people, self.bots = game, people, bots
        self.table_id = ""
        self.tables: list[str] = []
        self._lock = asyncio.Lock()

    async def new_table(self) -> None:
        """The first person creates the table; the others take their seats."""
        leader, *others = self.people
        seats = ([{"kind": "me"}] + [{"kind": "open"}] * len(others)
                 + [{"kind": "bot", "level": "easy"}] * self.bots)
        reply = await leader.request({"type": "create", "game": self.game, "seats": seats})
        if reply.get("type") != "table":
            raise RuntimeError(f"create {self.game} refused: {reply}")
        self.table_id = str(reply["id"])
        self.tables.append(self.table_id)
        leader.table = reply
        for person in others:
            joined = await person.request({"type": "join", "table": self.table_id, "seat": person.seat})
            if joined.get("type") != "table":
                raise RuntimeError(f"join {self.table_id} refused: {joined}")
        for person in self.people:
            person.changed.set()

    async def next_game(self, person: Person, storm: "Storm") -> None:
        """The game over: one new table for the group (whoever sees it over first)."""
        old = self.table_id
        async with self._lock:
            if self.table_id == old and not storm.stopped:
                with contextlib.suppress(ConnectionError, asyncio.TimeoutError):
                    await self.new_table()
                    storm.games += 1
        if self.table_id == old:
            person.changed.clear()
            await person._wait()


class Storm:
    """The running storm's flag and counters."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.stopped = False
        self.games = 0
        self.answers: list[tuple[float, float]] = []
        """(when, seconds from sending) of each honest move answered by its table message."""

    def answered(self, seconds: float) -> None:
        """One honest move answered by its table message."""
        self.answers.append((time.perf_counter(), seconds))


@dataclass
class KillRound:
    """What one kill did."""

    storm_seconds: float
    confirmed_before: int
    """Log entries confirmed over all tables (every viewer's longest log) at the kill."""
    answered: int
    """Moves the people sent that were answered during this storm."""
    in_flight: int
    """Moves sent and not answered when the hub was killed."""
    unread: int
    """Of those, never read by the hub (nothing to lose)."""
    in_flight_saved: int
    """In the resumed game (saved; the answer was not sent or not read)."""
    refused: int
    """Read and refused by the hub (not a move: nothing to lose)."""
    lost: int
    """Read by the hub and not in the resumed game: at most the one being handled."""
    lost_applied: int
    """Handled to the end (in the hub's log) and still not resumed (must be 0)."""
    missing: int
    """Confirmed entries not in the resumed game (must be 0)."""
    tables_missing: int
    """Tables not resumed (must be 0)."""
    restart_seconds: float
    start_ms: float
    reconnect_seconds: float
    extra: int
    """Entries in the resumed games beyond what was confirmed (saved, not yet shown)."""


class Chaos:
    """The bench: a hub directory, the hub process, the people and their tables."""

    def __init__(self, home: Path, people: int, seed: int, say: Callable[[str], None],
                 storms: tuple[float, float] = (1.0, 4.0)) -> None:
        self.home = home
        self.storms = storms
        """Shortest and longest storm before a kill (seconds)."""
        home.mkdir(parents=True, exist_ok=True)
        self.directory = home / "hub"
        self.socket = Path(tempfile.mkdtemp(prefix="mchaos")) / "hub.sock"
        self.log = home / "hub.log"
        self.trace = home / "acts.trace"
        self.rng = random.Random(seed)
        self.seed = seed
        self.say = say
        self.hub: HubProc | None = None
        self.groups: list[Group] = []
        count = 0
        for game, n, bots in GROUPS:
            if count + n > people:
                break
            group = Group(game, [], bots)
            for seat in range(n):
                count += 1
                group.people.append(Person(f"SHA256:chaos{count:03d}", f"Chaos{count}", group, seat))
            self.groups.append(group)
        self.people = [p for g in self.groups for p in g.people]
        self._tasks: list[asyncio.Task[None]] = []
        self.last_storm: Storm | None = None

    async def start(self) -> None:
        """The first hub, everyone named, every table created and joined."""
        self.hub = await HubProc.start(self.directory, self.socket, self.log, self.trace)
        for person in self.people:
            await person.connect(self.hub)
            await person.request({"type": "set_name", "name": person.name})
        for group in self.groups:
            await group.new_table()

    def confirmed(self) -> int:
        """Entries confirmed over all tables: per table the longest log anyone saw."""
        best: dict[str, int] = {}
        for person in self.people:
            for table_id, log in person.seen.items():
                best[table_id] = max(best.get(table_id, 0), len(log))
        return sum(best.values())

    async def storm(self, seconds: float, storm: Storm,
                    during: Callable[[Storm], Awaitable[None]] | None = None) -> float:
        """Everyone plays for ``seconds``, or while ``during`` runs beside them; returns
        the storm's length with the storm marked stopped and the players' tasks in
        :attr:`_tasks`."""
        began = time.perf_counter()
        self._tasks = [asyncio.ensure_future(p.play(storm)) for p in self.people]
        try:
            await (during(storm) if during is not None else asyncio.sleep(seconds))
        finally:
            storm.stopped = True
        return time.perf_counter() - began

    async def _end_tasks(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(BaseException):
                await task

    async def kill_round(self, seconds: float | None = None,
                         during: Callable[[Storm], Awaitable[None]] | None = None) -> KillRound:
        """One storm (of a random length unless given, or as long as ``during`` runs),
        SIGKILL, restart, reconnect, check."""
        assert self.hub is not None
        seconds = self.rng.uniform(*self.storms) if seconds is None else seconds
        storm = self.last_storm = Storm(self.rng.randrange(1 << 30))
        answered_before = sum(p.answered for p in self.people)
        seconds = await self.storm(seconds, storm, during)
        # No await between the storm's flag and the kill: no move is sent after it.
        children = self.hub.kill()
        await self.hub.reap(children)
        await asyncio.sleep(0.05)  # the readers take in what the hub sent before it died
        await self._end_tasks()
        confirmed_before = self.confirmed()
        flights = {p.key: p.flight for p in self.people if p.flight is not None and not p.flight.answered()}
        seen = {p.key: {t: list(log) for t, log in p.seen.items()} for p in self.people}
        for person in self.people:
            await person.close()
        began = time.perf_counter()
        self.hub = await HubProc.start(self.directory, self.socket, self.log, self.trace)
        restart = time.perf_counter() - began
        began = time.perf_counter()
        resumed: dict[str, dict[str, list[dict[str, Any]]]] = {}
        missing_tables = 0
        for person in self.people:
            welcome = await person.connect(self.hub)
            if welcome.get("type") != "welcome" or welcome.get("name") != person.name:
                raise RuntimeError(f"{person.name} was not welcomed back: {welcome}")
            resumed[person.key] = {}
            current = person.group.table_id  # opened last: the table it is shown
            for table_id in sorted(person.seated & set(seen[person.key]), key=lambda t: t == current):
                reply = await person.request({"type": "open", "table": table_id})
                if reply.get("type") != "table":
                    missing_tables += 1
                    continue
                resumed[person.key][table_id] = reply.get("log") or []
        for group in self.groups:  # killed while a new table was being joined: join now
            for person in group.people:
                if group.table_id not in resumed[person.key]:
                    reply = await person.request({"type": "join", "table": group.table_id, "seat": person.seat})
                    if reply.get("type") != "table":
                        raise RuntimeError(f"{person.name} could not sit at {group.table_id}: {reply}")
        reconnect = time.perf_counter() - began
        missing = 0
        longest: dict[str, tuple[int, int]] = {}
        for person in self.people:
            for table_id, log in resumed[person.key].items():
                confirmed = seen[person.key].get(table_id, [])
                missing += missing_confirmed(confirmed, log)
                old = longest.get(table_id, (0, 0))
                longest[table_id] = (max(old[0], len(confirmed)), max(old[1], len(log)))
        extra = sum(max(0, after - before) for before, after in longest.values())
        trace = read_trace(self.trace)
        saved = unread = refused = lost = lost_applied = 0
        for key, flight in flights.items():
            log = resumed[key].get(flight.table, [])
            handled = trace.get((key, flight.ref))
            if any(e.get("seat") == flight.seat and e.get("action", flight.action) == flight.action
                   for e in log[flight.at_log:]):
                saved += 1
            elif handled is None:
                unread += 1
            elif handled == 0:
                refused += 1
            else:
                lost += 1
                lost_applied += handled == 1
        for person in self.people:
            person.flight, person.storm = None, None
        return KillRound(seconds, confirmed_before, sum(p.answered for p in self.people) - answered_before,
                         len(flights), unread, saved, refused, lost, lost_applied, missing, missing_tables,
                         restart, self.hub.start_ms, reconnect, extra)

    async def close(self) -> None:
        """Everyone leaves; the hub closes the orderly way."""
        for person in self.people:
            await person.close()
        if self.hub is not None:
            await self.hub.stop()
        shutil.rmtree(self.socket.parent, ignore_errors=True)


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of ``values``; nan when empty."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run_kills(kills: int, people: int, seed: int, home: Path,
                    say: Callable[[str], None] = print,
                    storms: tuple[float, float] = (1.0, 4.0)) -> list[KillRound]:
    """``kills`` rounds of storm (of ``storms`` seconds), SIGKILL and restart on one hub
    directory."""
    chaos = Chaos(home, people, seed, say, storms)
    rounds: list[KillRound] = []
    try:
        await chaos.start()
        for i in range(kills):
            result = await chaos.kill_round()
            rounds.append(result)
            say(f"  kill {i + 1:>2}: storm {result.storm_seconds:.1f} s, {result.answered} moves answered, "
                f"{result.confirmed_before} entries confirmed, {result.in_flight} in flight "
                f"({result.unread} unread, {result.in_flight_saved} saved, {result.refused} refused, "
                f"{result.lost} lost), {result.extra} saved unshown, "
                f"missing {result.missing}, tables missing {result.tables_missing}, "
                f"restart {result.restart_seconds * 1000:.0f} ms (start() {result.start_ms:.0f} ms), "
                f"reconnect {result.reconnect_seconds * 1000:.0f} ms")
    finally:
        await chaos.close()
    return rounds


def report_kills(rounds: list[KillRound], row: Callable[[str, str], None]) -> None:
    """The kill rounds' figures as bench rows."""
    answered = sum(r.answered for r in rounds)
    storm = sum(r.storm_seconds for r in rounds)
    row("kills", f"{len(rounds)}")
    row("moves answered (people; bots' moves not counted)", f"{answered} ({answered / storm:.0f}/s)")
    row("log entries confirmed at the last kill (all tables)", f"{rounds[-1].confirmed_before if rounds else 0}")
    row("confirmed entries missing after a restart (must be 0)", f"{sum(r.missing for r in rounds)}")
    row("tables not resumed (must be 0)", f"{sum(r.tables_missing for r in rounds)}")
    flights = [r.in_flight for r in rounds]
    row("moves in flight per kill (min/median/max)",
        f"{min(flights, default=0)}/{statistics.median(flights) if flights else 0:g}/{max(flights, default=0)}")
    row("  never read by the hub / refused by it (total)",
        f"{sum(r.unread for r in rounds)} / {sum(r.refused for r in rounds)}")
    row("  in the resumed game (saved, answer not seen; total)", f"{sum(r.in_flight_saved for r in rounds)}")
    lost = [r.lost for r in rounds]
    row("moves lost per kill: read, not resumed (max must be <= 1)",
        f"total {sum(lost)}, max {max(lost, default=0)} (kills losing one: {sum(1 for n in lost if n)})")
    row("  handled to the end yet not resumed (must be 0)", f"{sum(r.lost_applied for r in rounds)}")
    row("entries saved but not yet shown at a kill (total)", f"{sum(r.extra for r in rounds)}")
    restarts = [r.restart_seconds * 1000 for r in rounds]
    row("restart: new process to listening, p50/max", f"{quantile(restarts, 0.5):.0f}/{max(restarts, default=0):.0f} ms")
    starts = [r.start_ms for r in rounds]
    row("  of which Hub.start() (reading the tables), p50/max", f"{quantile(starts, 0.5):.0f}/{max(starts, default=0):.0f} ms")
    reconnects = [r.reconnect_seconds * 1000 for r in rounds]
    row("everyone reconnected and tables opened, p50/max",
        f"{quantile(reconnects, 0.5):.0f}/{max(reconnects, default=0):.0f} ms")


def _row(name: str, value: str) -> None:
    print(f"  {name:<52} {value}")


def run(quick: bool, row: Callable[[str, str], None] = _row) -> None:
    """The chaos section of ``make bench``: kills, then hostile clients."""
    from bench import chaos_hostile

    with tempfile.TemporaryDirectory(prefix="meeple-chaos-") as folder:
        rounds = asyncio.run(run_kills(4 if quick else 20, 20, 33, Path(folder) / "kills",
                                       say=lambda line: None))
        report_kills(rounds, row)
        chaos_hostile.run(quick, Path(folder) / "hostile", row)


def main() -> None:
    """``python -m bench.chaos [--kills N] [--people N] [--quick] [--no-hostile | --hostile-only] [--hostile-nice N]``."""
    parser = argparse.ArgumentParser(prog="python -m bench.chaos")
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--people", type=int, default=20)
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument("--quick", action="store_true", help="4 kills, short hostile spells")
    parser.add_argument("--no-hostile", action="store_true")
    parser.add_argument("--hostile-only", action="store_true")
    parser.add_argument("--hostile-nice", type=int, default=0,
                        help="run the hostile clients at this niceness (19: the CPU is the hub's)")
    args = parser.parse_args()
    from bench import chaos_hostile

    with tempfile.TemporaryDirectory(prefix="meeple-chaos-") as folder:
        if not args.hostile_only:
            print("Chaos: SIGKILL in a storm of moves")
            rounds = asyncio.run(run_kills(4 if args.quick else args.kills, args.people, args.seed,
                                           Path(folder) / "kills"))
            report_kills(rounds, _row)
        if not args.no_hostile:
            print("Chaos: hostile clients on the hub's socket")
            chaos_hostile.run(args.quick, Path(folder) / "hostile", _row, args.hostile_nice)


if __name__ == "__main__":
    main()
