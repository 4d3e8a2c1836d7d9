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
   lengths of one game, in this process: the whole save it wrote before journals and the
   ``table`` message with the whole log, sent after every move until ``log_from``, grow
   with the game's log; the journal line and the message with only the new entries do not.
3. **bytes per key press**: a person with a Council table against a bot (made through the
   protocol, first player seat 0) connects over SSH and lands on the game screen; arrows
   (right, down, left, up, silent ones dropped) and ``m`` (then Escape, not counted) are
   pressed, the answer over after ``QUIET_GAP`` without a byte, as in ``bench.pty_keys``,
   whose local pty figures for the same cases are measured in the same run.

The servers and their CPU time from ``/proc`` are in :mod:`bench.ssh_servers`, the SSH and
hub-socket clients in :mod:`bench.ssh_clients`; this module measures and prints.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Callable, Sequence

from bench.pty_keys import percentile
from bench.ssh_clients import Connect, HubClient, Term, close_conn, name_people, open_session
from bench.ssh_servers import (
    BACKGROUND,
    PROFILE_ENV,
    STEP_TIMEOUT,
    ServerProc,
    cpu_by_role,
    own_cpu,
    server_main,
)

QUIET_GAP = 0.150  # an answer is over after this long without a byte (as bench.pty_keys)
ANSWER_TIMEOUT = 1.0  # no byte by then: the press was silent
PACE = 0.3  # seconds a protocol player waits before playing once its turn has come
LOBBY_TEXT = "Tables"
GAME_TEXT = "Moves"
TOAST = "Back at your"
KEYS = {"up": b"\x1b[A", "down": b"\x1b[B", "right": b"\x1b[C", "left": b"\x1b[D",
        "m": b"m", "escape": b"\x1b"}
ARROWS = ("right", "down", "left", "up")

Row = Callable[[str, str], None]


def _print_row(name: str, value: str) -> None:
    print(f"  {name:<52} {value}", flush=True)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f}"


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


GROWTH_WINDOW = 40
"""Moves timed one by one at each length of the growth part."""


def long_game(game: Any, seats: Any, options: dict[str, Any], moves: int) -> tuple[int, list[tuple[int, Any]]]:
    """A table seed and random moves of a game that lasts over ``moves`` moves (the first
    seed from 0 whose game does), so every run times the same game."""
    from core.table import Table

    for seed in range(1000):
        table = Table.new(game, seats, seed, options)
        rng = random.Random(seed)
        while len(table.log) < moves and not table.is_over():
            seat = table.to_act()[0]
            table.submit(seat, rng.choice(table.legal_actions(seat)))
        if len(table.log) >= moves:
            return seed, table.actions()
    raise RuntimeError(f"no game of over {moves} moves")


async def bench_hub_growth(row: Row, lengths: Sequence[int], repeats: int) -> None:
    """What one move costs the hub as a Council game goes on: saving it, and the ``table``
    message sent to each viewer. A hub in this process; four people on its socket
    create and fill one table per length, each then set to the same long game's seed and
    played with that game's moves straight on the table (no messages sent) up to its
    length, saved after each move as the hub does. The tables are then timed in turn, one
    move (or write) each per round, so a busy disk slows every length alike (a sync ends
    at the file system's next commit: its wall time comes in steps of a few ms).

    **before**: the whole save the hub wrote after every move until journals
    (``saves.store.save_table`` on the same table, to a file of its own). **after**: the
    hub's save of a move (``Hub._save``: one journal line), over the ``GROWTH_WINDOW``
    moves after each length that wrote no snapshot; the snapshot the hub writes every
    ``snapshot_due`` lines, timed at that length, spread over its lines gives the
    amortized cost. Medians, wall time and CPU time (a sync's wait for the disk is not
    CPU). The ``table`` message a viewer is sent after each of those moves is timed too,
    built and encoded: **before**, with the whole log, every entry encoded afresh (as the
    hub sent it until ``log_from``: its size and cost grew with the game); **after**, as
    the hub sends it now to a viewer who holds the log up to the move (``log_from``: the
    new entry only, the entries encoded once and kept). Both pay for the spectator view,
    encoded once per move for every viewer."""
    from core.table import Table
    from net import protocol
    from net.hub import Hub
    from net.hub_saving import SNAPSHOT_MIN_LINES
    from net.hub_tables import NetTable
    from saves.store import save_table

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

        def timed(work: Callable[[], Any]) -> tuple[float, float]:
            """Wall and CPU seconds of ``work()``."""
            wall, cpu = time.perf_counter(), time.process_time()
            work()
            return time.perf_counter() - wall, time.process_time() - cpu

        try:
            nts: list[NetTable] = []
            seats = [{"kind": "me"}] + [{"kind": "open"}] * 3
            for _ in lengths:
                created = await person("growth-0", "G0", {"type": "create", "game": "council", "seats": seats})
                for seat in (1, 2, 3):
                    await person(f"growth-{seat}", f"G{seat}", {"type": "join", "table": created["id"], "seat": seat})
                nts.append(hub.tables[created["id"]])
            first_table = nts[0].table
            assert first_table is not None
            seed, moves = long_game(nts[0].game, first_table.seats, first_table.options,
                                    max(lengths) + GROWTH_WINDOW)
            builds: dict[int, list[float]] = {i: [] for i in range(len(nts))}
            sizes: dict[int, int] = {}
            deltas: dict[int, list[float]] = {i: [] for i in range(len(nts))}
            delta_sizes: dict[int, list[int]] = {i: [] for i in range(len(nts))}
            nexts: dict[int, list[float]] = {i: [] for i in range(len(nts))}  # after, each further viewer
            next_builds: dict[int, list[float]] = {i: [] for i in range(len(nts))}  # before, each further viewer

            def move(index: int) -> tuple[float, float] | None:
                """Play the next move at table ``index``; (wall, CPU) of its save, None if
                it was a snapshot. Then the first viewer's ``table`` message is built."""
                nt = nts[index]
                table = nt.table
                assert table is not None
                you = nt.seat_of("growth-0")
                held = nt.log_mark(you)  # (the viewer's app holds the log up to this move)
                seat, action = moves[len(table.log)]
                table.submit(seat, action)
                nt.changed()
                snapshots = hub.saving.snapshots
                took = timed(lambda: hub._save(nt))

                def build(log_from: int) -> tuple[float, int]:
                    began = time.perf_counter()
                    chat_from = None if log_from == 0 else nt.chat_start(held)
                    message = protocol.encode(nt.message("growth-0", you, hub._name, hub._presence, 0,
                                                         log_from=log_from, chat_from=chat_from))
                    return time.perf_counter() - began, len(message)

                # The first viewer after a move also does the move's shared work (the
                # spectator view, its own seat's ends_turn, who could tell the new move):
                # the same work before and after.
                start = nt.log_start(you, held)
                first, size = build(start)
                deltas[index].append(first)
                delta_sizes[index].append(size)
                nexts[index].append(build(start)[0])
                next_builds[index].append(build(0)[0])  # (until log_from: the whole log, to each)
                # Before log_from, the first viewer encoded every entry afresh, and the rest.
                nt._shared, nt._encoded = None, (None, [])
                nt._ends.clear()
                table._unseen.pop(len(table.log) - 1, None)
                first, sizes[index] = build(0)
                builds[index].append(first)
                return None if hub.saving.snapshots != snapshots else took

            for index, (nt, length) in enumerate(zip(nts, lengths)):
                nt.table = Table.new(nt.game, first_table.seats, seed, first_table.options)
                nt.changed()
                hub._save(nt)  # (a new game at the table: its first snapshot)
                while len(nt.table.log) < length:
                    move(index)
            olds = [Path(folder) / f"whole-{i}.toml" for i in range(len(nts))]
            before: dict[int, list[tuple[float, float]]] = {i: [] for i in range(len(nts))}
            snapshot: dict[int, list[tuple[float, float]]] = {i: [] for i in range(len(nts))}
            after: dict[int, list[tuple[float, float]]] = {i: [] for i in range(len(nts))}
            def turns(rounds: int) -> list[int]:
                """Table indices, each once a round, each round starting one further on: a
                sync waits for the disk's next commit, and where a table's turn falls among
                the others' must not decide its figure."""
                count = len(nts)
                return [(start + step) % count for start in range(rounds) for step in range(count)]

            for index in turns(repeats):
                table = nts[index].table
                assert table is not None
                before[index].append(timed(lambda: save_table(table, olds[index], "growth")))
            for index in turns(repeats):  # (what the hub writes every few hundred moves)
                snapshot[index].append(timed(lambda: hub.saving.snapshot(nts[index])))
            for index in builds:
                builds[index].clear()
                deltas[index].clear()
                delta_sizes[index].clear()
                nexts[index].clear()
                next_builds[index].clear()
            for index in turns(GROWTH_WINDOW):
                took = move(index)
                if took is not None:
                    after[index].append(took)

            def median(samples: Sequence[tuple[float, float]], part: int) -> float:
                return statistics.median(sample[part] for sample in samples) if samples else float("nan")

            row(f"hub save per move, 4-player Council games (seed {seed}); medians, wall (CPU): "
                f"before, the whole save ({repeats} writes); after, the journal line ({GROWTH_WINDOW} moves)", "")
            figures: list[tuple[float, ...]] = []
            messages: list[tuple[float, ...]] = []  # before: size, first, next; after: the same
            for index, length in enumerate(lengths):
                every = max(SNAPSHOT_MIN_LINES, length // 2)
                shot = median(snapshot[index], 0)
                figure = (median(before[index], 0), median(before[index], 1), median(after[index], 0),
                          median(after[index], 1), median(after[index], 0) + shot / every)
                figures.append(figure)
                row(f"  at {length} moves",
                    f"before {figure[0] * 1000:.2f} ms ({figure[1] * 1000:.2f}); after {figure[2] * 1000:.2f} ms "
                    f"({figure[3] * 1000:.2f}), + snapshot {shot * 1000:.1f} ms every {every} lines: "
                    f"{figure[4] * 1000:.2f} ms amortized")
                messages.append((sizes[index], statistics.median(builds[index]), statistics.median(next_builds[index]),
                                 statistics.median(delta_sizes[index]), statistics.median(deltas[index]),
                                 statistics.median(nexts[index])))
                b_size, b_first, b_next, a_size, a_first, a_next = messages[-1]
                row("", f"table message before (whole log) {b_size / 1024:.1f} KiB, {b_first * 1000:.2f} ms "
                        f"(first viewer), {b_next * 1000:.2f} ms (each other); after (log_from) "
                        f"{a_size / 1024:.1f} KiB, {a_first * 1000:.2f} ms, {a_next * 1000:.2f} ms")
            if len(figures) > 1:
                r = [figures[-1][i] / figures[0][i] for i in range(5)]
                row(f"  move {lengths[-1]} / move {lengths[0]}",
                    f"before {r[0]:.2f}x ({r[1]:.2f}x CPU); after {r[2]:.2f}x ({r[3]:.2f}x CPU), "
                    f"{r[4]:.2f}x amortized with snapshots")
                m = [messages[-1][i] / messages[0][i] for i in range(6)]
                row("", f"table message before {m[0]:.2f}x size, {m[1]:.2f}x / {m[2]:.2f}x time; "
                        f"after {m[3]:.2f}x size, {m[4]:.2f}x / {m[5]:.2f}x time")
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
    growth: tuple[int, ...] = (0, 150, 300, 500)  # log lengths at which a move's hub work is timed


FULL = Sizes(rounds=20, sub_rounds=8, idle_seconds=3.0, tables=5, play_seconds=20.0, warmup=3.0,
             key_sizes=((80, 24), (120, 40)), presses=30, local="all", timeout=420.0)
QUICK = Sizes(rounds=4, sub_rounds=2, idle_seconds=1.5, tables=5, play_seconds=5.0, warmup=2.0,
              key_sizes=((80, 24), (120, 40)), presses=6, local="arrows", timeout=150.0,
              growth=(0, 500))


async def run_async(sizes: Sizes, row: Row, parts: Sequence[str] = ("connect", "hub", "growth", "keys")) -> None:
    with tempfile.TemporaryDirectory(prefix="meeple-ssh-bench-") as folder:
        home = Path(folder)
        servers: dict[str, ServerProc] = {}
        try:
            modes: list[str] = []
            if {"connect", "hub", "keys"} & set(parts):  # (growth runs a hub in this process)
                modes = ["meeple", "plain"] + (["subprocess"] if "connect" in parts and sizes.sub_rounds else [])
            started = await asyncio.gather(*(ServerProc.start(m, home) for m in modes), return_exceptions=True)
            for mode, server in zip(modes, started):
                if isinstance(server, BaseException):
                    raise RuntimeError(f"the {mode} server did not start: {server}")
                servers[mode] = server
            if "meeple" in servers and servers["meeple"].kind != "zygote":
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
                    tail = servers["meeple"].log_tail() if "meeple" in servers else ""
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
