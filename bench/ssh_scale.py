"""100 players over SSH on one host: bursts of connections, arrivals, and the host with all
of them open.

One ``meeple serve`` (:func:`net.server.serve`, hub, zygote, front door) runs in its own
process on loopback, started from a checkout (``--code DIR``, default this one; give two
to compare an old and a new version in one run: each runs the whole section in turn). It
listens to this process on stdin as :mod:`bench.ssh_servers`'s servers do (a token for a
key, the number of sessions, the hub's counters, stop) and allows ``--max-sessions``
(default 110) sessions. The clients are asyncssh connections with a pty, their output fed
to ``pyte`` screens (:mod:`bench.ssh_clients`), one SSH key per player.

The players: 100 people with names; 25 Council of Four tables are made through the hub
protocol, each with three of them and an easy bot, and the 25 others watch nothing (they
stay in the lobby). Over SSH a seated player lands on the game screen ("Moves"), the
others on the lobby ("Tables"): that screen is a session's *first screen*.

Figures (nothing is asserted):

0. **to the lobby**: before any table is made (as the issue measured it), the 100 connect
   at the same moment, then 5 a second, and all land in the lobby; the same figures as
   1. and 2.
1. **burst**: the 100 connect at the same moment; seconds from each one's
   ``asyncssh.connect`` to its first byte and to its first screen, p50/p95/max; CPU of the
   host's processes over the burst (front door + hub, zygote, the apps) per session. All
   are closed again.
2. **arrivals**: the 100 connect one every ``1/RATE`` s (5 a second); the same times.
   They stay open.
3. **with all 100 open**: the seated players' moves are played at ``PACE`` s after their
   turn comes through a hub protocol connection per player (the SSH screens redraw on
   every move of their table, as when people play); then, over a window:
   the hub process's CPU (% of one core; also the apps', the bots'), a new person's
   session to the lobby (p50/p95, each closed before the next), key → frame on a Council
   game screen (arrows; first byte and last byte p50) against the same screen played
   locally in a pty (:mod:`bench.pty_keys`) in the same window, memory per session app as
   PSS (``/proc/PID/smaps_rollup``; the hub's and the zygote's too), sessions refused or
   failed below ``--max-sessions``, and tracebacks in the server's log.
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
from pathlib import Path
from typing import Any, Callable, Sequence

ROOT = Path(__file__).resolve().parent.parent
LOBBY_TEXT = "Tables"
GAME_TEXT = "Moves"
Row = Callable[[str, str], None]


_BEGAN = time.perf_counter()


def note(text: str) -> None:
    """Progress, on stderr (the figures go to stdout)."""
    print(f"[{time.perf_counter() - _BEGAN:6.1f} s] {text}", file=sys.stderr, flush=True)


def _print_row(name: str, value: str) -> None:
    print(f"  {name:<52} {value}", flush=True)


@dataclass(frozen=True)
class Sizes:
    players: int = 100
    tables: int = 25
    rate: float = 5.0  # arrivals per second
    pace: float = 10.0  # seconds a seated player thinks once its turn came (a person's pace;
    # at 2 s, 75 game screens redrawing at every move of their table took more than both cores)
    window: float = 15.0  # seconds of hub CPU with all open
    newcomers: int = 10  # new sessions to the lobby with all open
    presses: int = 20  # counted key presses over SSH and locally
    max_sessions: int = 110
    timeout: float = 900.0


FULL = Sizes()
QUICK = Sizes(window=8.0, newcomers=6, presses=10)


# --- the server (its own process, run from the checkout under test) -----------------------
def server_main(host_key_path: str, max_sessions: int) -> None:
    """``python bench/ssh_scale.py server KEYFILE MAX``, with PYTHONPATH the code's checkout:
    ``meeple serve``'s :func:`net.server.serve` with a stdin control channel. Imports only
    the code under test (net, tui), so an older checkout runs here too."""
    asyncio.run(_serve(host_key_path, max_sessions))


def _tell(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


async def _serve(host_key_path: str, max_sessions: int, **options: Any) -> None:
    """``meeple serve``'s code (hub, zygote, front door) on a free port, answering the
    bench on stdin (a token for a key, the number of sessions, the hub's counters, stop).
    ``options`` go to :class:`net.server.ServeSetup` (``zygote``, ``target``): also the
    server of :mod:`bench.ssh_servers`. Only names every checkout measured has are used."""
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
                              max_sessions=max_sessions, idle_timeout=None,
                              **({"target": TARGET, "preload": PRELOAD} | options))
    stopped = asyncio.Event()
    serving = asyncio.ensure_future(server.serve(setup, lambda line: print(line, file=sys.stderr, flush=True), stopped))
    while "door" not in captured or not captured["door"].port:
        if serving.done():
            serving.result()
            return
        await asyncio.sleep(0.02)
    door, hub = captured["door"], captured["hub"]
    _tell({"port": door.port, "socket": captured["socket"], "kind": door.spawner.kind})
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
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


async def start_server(code: Path, home: Path, name: str, max_sessions: int) -> Any:
    """The server of checkout ``code``, as a :class:`bench.ssh_servers.ServerProc`."""
    from bench.ssh_servers import ServerProc

    args = [str(Path(__file__).resolve()), "server", str(home / "host_key"), str(max_sessions)]
    return await ServerProc.launch(name, home, args, code, str(code))


# --- measuring ------------------------------------------------------------------------------
def pss_kib(pid: int) -> int | None:
    """The proportional set size of a process (KiB), None when it is gone."""
    try:
        with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def pct(values: Sequence[float], q: float) -> float:
    from bench.pty_keys import percentile

    return percentile(list(values), q) if values else float("nan")


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f}"


@dataclass
class Opened:
    """Sessions opened in one phase: their connections and timings, and what failed."""

    conns: list[Any] = field(default_factory=list)
    terms: list[Any] = field(default_factory=list)
    first: list[float] = field(default_factory=list)
    screen: list[float] = field(default_factory=list)
    sent: list[int] = field(default_factory=list)  # bytes received up to the first screen
    failed: list[str] = field(default_factory=list)

    def summary(self) -> str:
        return (f"first screen p50 {ms(pct(self.screen, 50))}, p95 {ms(pct(self.screen, 95))}, "
                f"max {ms(max(self.screen, default=float('nan')))} ms; first byte p50 {ms(pct(self.first, 50))} ms; "
                f"{pct(self.sent, 50) / 1024:.1f} KB to it"
                + (f"; {len(self.failed)} failed ({self.failed[0][:80]})" if self.failed else ""))


@dataclass
class Player:
    key: Any
    fingerprint: str
    name: str
    needle: str = LOBBY_TEXT


async def _open_one(port: int, player: Player, opened: Opened) -> None:
    from bench.ssh_clients import open_session

    try:
        conn, term, timing = await open_session(port, player.key, 80, 24, player.needle, timeout=120)
    except (Exception, asyncio.TimeoutError) as exc:  # counted as failed
        opened.failed.append(f"{type(exc).__name__}: {exc}")
        return
    term.feed = False  # (once its first screen has shown: see Term.feed)
    opened.sent.append(sum(size for at, size in term.arrivals if at <= (term.found_at or 0.0)))
    term.arrivals.clear()
    opened.conns.append(conn)
    opened.terms.append(term)
    opened.first.append(timing.first)
    opened.screen.append(timing.lobby)


async def open_players(port: int, players: Sequence[Player], rate: float | None) -> Opened:
    """Open a session per player: all at once (``rate`` None) or ``rate`` a second."""
    opened = Opened()
    tasks = []
    for i, player in enumerate(players):
        if rate is not None and i:
            await asyncio.sleep(1 / rate)
        tasks.append(asyncio.ensure_future(_open_one(port, player, opened)))
    await asyncio.gather(*tasks)
    return opened


async def close_all(server: Any, opened: Opened, remaining: int) -> None:
    """Close the sessions; until the server runs ``remaining`` (at most 30 s)."""
    for conn in opened.conns:
        conn.close()
    try:
        await server.wait_sessions(remaining, 30)
    except (TimeoutError, asyncio.TimeoutError) as exc:
        note(str(exc))


def cpu_row(spent: dict[str, float], per: int) -> str:
    front = spent.get("hub", 0.0)
    apps = spent.get("new sessions", 0.0) + spent.get("sessions", 0.0)
    return (f"front door + hub {front * 1000 / per:.0f} ms, zygote {spent.get('zygote', 0.0) * 1000 / per:.0f} ms, "
            f"apps {apps * 1000 / per:.0f} ms per session"
            + (f"; the bench's clients {spent['clients'] * 1000 / per:.0f} ms" if "clients" in spent else ""))


async def make_tables(server: Any, players: Sequence[Player], tables: int) -> list[tuple[str, list[str]]]:
    """``tables`` Council tables of three players each and an easy bot, made through the
    protocol: (table id, the seated players' keys) per table."""
    from bench.ssh_clients import HubClient

    seated: list[tuple[str, list[str]]] = []
    for t in range(tables):
        group = players[t * 3:(t + 1) * 3]
        creator = await HubClient.open(server, group[0].fingerprint)
        reply = await creator.request({"type": "create", "game": "council", "options": {},
                                       "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "open"},
                                                 {"kind": "bot", "level": "easy"}]})
        await creator.close()
        if reply.get("type") != "table":
            raise RuntimeError(f"create refused: {reply}")
        for seat, other in enumerate(group[1:], start=1):
            client = await HubClient.open(server, other.fingerprint)
            joined = await client.request({"type": "join", "table": reply["id"], "seat": seat})
            await client.close()
            if joined.get("type") != "table":
                raise RuntimeError(f"join refused: {joined}")
        for player in group:
            player.needle = GAME_TEXT
        seated.append((str(reply["id"]), [p.fingerprint for p in group]))
    return seated


async def run_one(row: Row, code: Path, sizes: Sizes, home: Path, label: str) -> None:
    import asyncssh

    from bench.ssh_clients import HubClient, name_people
    from bench.ssh_servers import cpu_by_role
    from net.hostkey import fingerprint

    server = await start_server(code, home, label, sizes.max_sessions)
    drivers: list[HubClient] = []
    tasks: list[asyncio.Task[None]] = []
    opened = Opened()
    try:
        row(f"{label}: {code} (sessions start from a {server.kind}; --max-sessions {sizes.max_sessions})", "")
        players = []
        for i in range(sizes.players):
            key = asyncssh.generate_private_key("ssh-ed25519")
            players.append(Player(key, fingerprint(key), f"P{i}"))
        newcomers = []
        for i in range(sizes.newcomers + 1):
            key = asyncssh.generate_private_key("ssh-ed25519")
            newcomers.append(Player(key, fingerprint(key), f"New{i}"))
        await name_people(server, [(p.fingerprint, p.name) for p in players + newcomers])
        warm = Opened()
        await _open_one(server.port, newcomers[-1], warm)  # untimed: the first session
        await close_all(server, warm, 0)
        refused = 0

        async def phase(name: str, rate: float | None, what: str, keep: bool = False) -> Opened:
            """Open every player's session (at once, or ``rate`` a second): its rows; closed
            again unless ``keep``."""
            nonlocal refused
            note(name)
            before, mine = server.cpu(), time.process_time()
            opened = await open_players(server.port, players, rate)
            spent = cpu_by_role(before, server.cpu())
            spent["clients"] = time.process_time() - mine
            row(f"  {name}: {sizes.players} {what}", opened.summary())
            row(f"    CPU over the {name}", cpu_row(spent, sizes.players))
            refused += len(opened.failed)
            if not keep:
                await close_all(server, opened, 0)
                await asyncio.sleep(1.0)
            return opened

        # 0. as the issue measured: nobody has a table yet, all go to the lobby
        await phase("burst", None, "at once, all to the lobby (goal p95 <= 10 s)")
        await phase("arrivals", sizes.rate, f"at {sizes.rate:g} a second, all to the lobby (goal p50 <= 300 ms)")
        seated = await make_tables(server, players, sizes.tables)
        back = f"{sizes.tables * 3} back to a game"
        # 1. the burst, 2. arrivals (which stay open), with players back at their tables
        await phase("burst", None, f"at once ({back}, the rest to the lobby)")
        opened = await phase("arrivals", sizes.rate, f"at {sizes.rate:g} a second ({back})", keep=True)

        note("all open")
        # 3. all open, the seated players playing
        tables_of: list[str] = []
        for table_id, fingerprints in seated:
            for seated_key in fingerprints:
                drivers.append(await HubClient.open(server, seated_key))
                tables_of.append(table_id)
        await asyncio.sleep(0.5)
        before, start = server.cpu(), time.perf_counter()
        await asyncio.sleep(min(5.0, sizes.window / 2))
        idle_wall = time.perf_counter() - start
        idle = cpu_by_role(before, server.cpu())
        rng = random.Random(33)
        acts = [0]
        for client, table_id in zip(drivers, tables_of):
            tasks.append(asyncio.ensure_future(_drive(client, table_id, random.Random(rng.random()), sizes.pace, acts)))
        await asyncio.sleep(3.0)
        stats0 = await server.ask(cmd="stats")
        before, start, acts0 = server.cpu(), time.perf_counter(), acts[0]
        note("newcomers")
        lobby = Opened()
        for newcomer in newcomers[:-1]:
            base = await server.sessions()
            await _open_one(server.port, newcomer, lobby)
            await close_all(server, Opened(conns=lobby.conns[-1:]), base)
        note("keys")
        key_figures, local = await _keys(row, server, sizes.presses)
        rest = sizes.window - (time.perf_counter() - start)
        if rest > 0:
            await asyncio.sleep(rest)
        wall = time.perf_counter() - start
        spent = cpu_by_role(before, server.cpu())
        stats1 = await server.ask(cmd="stats")
        refused += len(lobby.failed)
        row(f"  with {len(opened.conns)} open, {len(drivers)} seated players playing ({sizes.pace:g} s a move), "
            f"{wall:.0f} s:", "")
        row("    hub process CPU, % of one core (goal < 25%)",
            f"{spent.get('hub', 0.0) / wall:.1%} playing ({(acts[0] - acts0) / wall:.1f} people's moves/s), "
            f"{idle.get('hub', 0.0) / idle_wall:.1%} all open, nobody playing")
        row("    the apps, bots, zygote, % of one core",
            f"{(spent.get('sessions', 0.0) + spent.get('new sessions', 0.0)) / wall:.1%}, "
            f"{spent.get('bots', 0.0) / wall:.1%}, {spent.get('zygote', 0.0) / wall:.1%}; idle apps "
            f"{idle.get('sessions', 0.0) / idle_wall:.1%}")
        row("    hub messages out / s",
            f"{(stats1['messages_out'] - stats0['messages_out']) / wall:.0f}")
        row("    a new session to the lobby (goal p50 <= 300 ms)", lobby.summary())
        if key_figures is not None:
            line = (f"first byte p50 {ms(pct(key_figures.first, 50))} ms, last byte p50 "
                    f"{ms(pct(key_figures.last, 50))} ms")
            if local is not None:
                line += (f"; locally {ms(local.first_p50)} / {ms(local.last_p50)} ms: "
                         f"x{pct(key_figures.first, 50) / local.first_p50:.2f} first, "
                         f"x{pct(key_figures.last, 50) / local.last_p50:.2f} last (goal within 2x)")
            row(f"    key -> frame, Council arrows at 80x24 ({len(key_figures.first)} presses)", line)
        pss = _pss(server)
        row("    memory (PSS): per session app median / hub / zygote",
            f"{pss[0] / 1024:.1f} MiB ({pss[3]} apps) / {pss[1] / 1024:.1f} MiB / {pss[2] / 1024:.1f} MiB")
        row(f"    sessions refused or failed below --max-sessions {sizes.max_sessions}", str(refused))
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for client in drivers:
            await client.close()
        for conn in opened.conns:
            conn.close()
        await server.stop()
        log = server.log.read_text(errors="replace") if server.log.exists() else ""
        row("    tracebacks in the server's log", f"{log.count('Traceback')} "
            f"({len(log.splitlines())} lines)")


async def _drive(client: Any, table_id: str, rng: random.Random, pace: float, acts: list[int]) -> None:
    """Open the seated player's table on its protocol connection and play its moves
    (:func:`bench.ssh_play.play_seat`)."""
    from bench.ssh_play import play_seat

    await client.request({"type": "open", "table": table_id})
    await play_seat(client, rng, pace, acts)


async def _keys(row: Row, server: Any, presses: int) -> tuple[Any, Any]:
    """Key -> frame over SSH on a Council game screen against an easy bot, and the same
    screen locally in a pty (bench.pty_keys), in the same window."""
    from bench import pty_keys, ssh_play
    from bench.ssh_clients import close_conn

    conn, term = await ssh_game_session(server)
    try:
        with contextlib.suppress(TimeoutError):
            await term.until(lambda: ssh_play.TOAST not in term.text(), 15, "the toast's end")
        await term.quiet(0.5)
        note("keys over SSH")
        figures = await ssh_play.press_case(term, "council arrows", "80x24", ssh_play.ARROWS,
                                            set(ssh_play.ARROWS), presses)
    finally:
        await close_conn(conn)
    note("keys locally")
    case = next(c for c in pty_keys.cases() if c.name == "council")
    local = await asyncio.to_thread(pty_keys.measure, case, 80, 24, presses)
    return figures, local


async def ssh_game_session(server: Any) -> tuple[Any, Any]:
    from bench import ssh_play

    return await ssh_play.ssh_game_session(server, 80, 24, 99)


def _pss(server: Any) -> tuple[float, float, float, int]:
    """Median PSS of the session apps, the hub's and the zygote's (KiB), number of apps."""
    roles = server.cpu()
    apps = [p for p, (role, _) in roles.items() if role in ("sessions", "new sessions")]
    zygote = [p for p, (role, _) in roles.items() if role == "zygote"]
    app_pss = [v for v in (pss_kib(p) for p in apps) if v is not None]
    return (statistics.median(app_pss) if app_pss else float("nan"), float(pss_kib(server.pid) or 0),
            float(pss_kib(zygote[0]) or 0) if zygote else 0.0, len(app_pss))


def run(codes: Sequence[Path] = (ROOT,), quick: bool = False, row: Row = _print_row,
        sizes: Sizes | None = None) -> None:
    """The section for each checkout in turn, under one time limit per checkout."""
    chosen = sizes or (QUICK if quick else FULL)

    async def main() -> None:
        with tempfile.TemporaryDirectory(prefix="meeple-ssh-scale-") as folder:
            for index, code in enumerate(codes):
                label = "code" if len(codes) == 1 else f"code {index + 1}"
                try:
                    await asyncio.wait_for(run_one(row, code, chosen, Path(folder), label), chosen.timeout)
                except asyncio.TimeoutError:
                    row(f"  (stopped: more than {chosen.timeout:.0f} s)", "")
                except Exception as exc:  # noqa: BLE001 - never take `make bench` down
                    row(f"  (stopped: {type(exc).__name__}: {exc})", "")

    asyncio.run(main())


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.ssh_scale", description=__doc__.split("\n")[0])
    parser.add_argument("--code", action="append", type=Path, metavar="DIR",
                        help="a checkout whose server is measured (again for another; default this one)")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--players", type=int, default=None)
    args = parser.parse_args(argv)
    sizes = QUICK if args.quick else FULL
    if args.players:
        sizes = Sizes(**{**sizes.__dict__, "players": args.players, "tables": max(1, args.players // 4),
                         "max_sessions": args.players + 10})
    print("100 players over SSH")
    run(args.code or [ROOT], row=_print_row, sizes=sizes)


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "server":
        # Run as a file by the bench: the code under test comes from PYTHONPATH, not from
        # this file's folder.
        if sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
            sys.path.pop(0)
        server_main(sys.argv[2], int(sys.argv[3]))
    else:
        main()
