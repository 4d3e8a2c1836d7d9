"""`make bench`: start-up, key latency (in-process, through a pty and in a browser), playout
speed, bot timing, save/load, statistics over 1,000 saves, memory, network play over SSH,
and the hub's chaos run (killed in a storm of moves, hostile clients on its socket:
bench/chaos.py).

Prints a small table of figures. Nothing is asserted: compare runs by eye or by script.
``python -m bench --quick`` uses smaller samples; ``--strength N`` plays N bot games per
pairing for the win-rate rows (default 200; 0 skips them). Co-operative games have no
pairings; Settlement's balance and bot levels have their own section (bench/settlement.py).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from core.ai import make_bot
from core.registry import game_ids, get_game
from core.rng import Rng
from core.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent


def row(name: str, value: str) -> None:
    """Print one figure."""
    print(f"  {name:<52} {value}")


# --- start-up --------------------------------------------------------------------------------
def startup_commands() -> list[tuple[str, list[str]]]:
    """(name, arguments of python) of each command timed as a whole new process."""
    from bench.startup_probe import PLAY_ARGS

    return [
        ("`meeple` to the menu", ["-m", "bench.startup_probe", "meeple"]),
        (f"`meeple play {PLAY_ARGS[0]} ...` to the game", ["-m", "bench.startup_probe", "play"]),
        ("bare Textual app, same probe", ["-m", "bench.startup_probe", "bare"]),
        ("`meeple --help`", ["-m", "tui.cli", "--help"]),
        ("`meeple games`", ["-m", "tui.cli", "games"]),
        ("`meeple saves` (one save)", ["-m", "tui.cli", "saves"]),
        ("python -c pass", ["-c", "pass"]),
    ]


def with_bytecode(env: dict[str, str], home: str) -> dict[str, str]:
    """``env`` with bytecode written to (and read from) a private cache in ``home``.

    An installed Meeple has its modules compiled, as the installed Textual has. Run from a
    checkout with PYTHONDONTWRITEBYTECODE, every run would compile all of Meeple's modules,
    which no player's start-up does. The cache is filled by an untimed first round.
    """
    env = {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = os.path.join(home, "pycache")
    return env


def process_run(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall time (s) and peak RSS (MiB) of one whole ``python ARGS`` process."""
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, *args], env=env, cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise subprocess.CalledProcessError(process.returncode, [sys.executable, *args])
    return seconds, usage.ru_maxrss / 1024


def pty_first_screen(args: list[str], env: dict[str, str]) -> tuple[float, int, int]:
    """``python ARGS`` in an 80x24 pseudo-terminal: seconds to the last byte of its first
    screen (after which nothing comes for ``SETTLE_GAP``), bytes, and frames (bursts)."""
    from bench import pty_keys

    start = last = time.perf_counter()
    size = frames = 0
    with pty_keys.PtyChild([sys.executable, *args], 80, 24, env) as child:
        while chunk := child.read(pty_keys.SETTLE_GAP if size else pty_keys.START_TIMEOUT):
            now = time.perf_counter()
            if not size or now - last > pty_keys.BURST_GAP:
                frames += 1
            last, size = now, size + len(chunk)
    return last - start, size, frames


def bench_startup(rounds: int) -> None:
    """Meeple's menu, a game started from the command line and the commands without UI,
    against a bare Textual app: whole processes, then first screens through a
    pseudo-terminal (where each byte drawn counts).

    Runs are paired: each round runs every command once, in turn, so a slow spell of a
    shared machine hits all of them; ratios are medians of the rounds' ratios. Round 0 is
    not timed (it compiles the bytecode). The games started save into their own folder, so
    ``meeple saves`` always lists the one save made before the rounds.
    """
    from bench import pty_keys
    from bench.startup_probe import PLAY_ARGS

    with tempfile.TemporaryDirectory() as home:
        env = with_bytecode(dict(os.environ, PYTHONPATH=str(ROOT)), home)
        for name in ("DATA", "CONFIG", "STATE", "CACHE"):
            env[f"XDG_{name}_HOME"] = os.path.join(home, name.lower())
        process_run(["-m", "bench.startup_probe", "play"], env)  # the save `meeple saves` lists
        games = os.path.join(home, "games")  # where the timed games save theirs

        commands = startup_commands()
        times: dict[str, list[float]] = {name: [] for name, _ in commands}
        rss: dict[str, float] = {}
        for round_ in range(rounds + 1):
            for name, args in commands:
                wall, peak = process_run(args, dict(env, XDG_DATA_HOME=games) if "play" in args else env)
                if round_:
                    times[name].append(wall)
                    rss[name] = max(rss.get(name, 0.0), peak)
        bare = times["bare Textual app, same probe"]
        row(f"whole process, median of {rounds} paired rounds (play: {' '.join(PLAY_ARGS)})", "")
        for name, _ in commands:
            ratio = statistics.median(t / b for t, b in zip(times[name], bare))
            row(f"  {name}", f"{statistics.median(times[name]) * 1000:.0f} ms, x{ratio:.2f} bare, "
                             f"peak RSS {rss[name]:.0f} MiB")

        pty_env = with_bytecode(pty_keys.child_env(home), home)  # the same user folders
        targets = [
            ("bare Textual app (bench.pty_keys bare)", ["-m", "bench.pty_keys", "bare"]),
            ("`meeple` (the menu)", ["-m", "tui.cli"]),
            (f"`meeple play {PLAY_ARGS[0]} ...`", ["-m", "tui.cli", "play", *PLAY_ARGS]),
        ]
        screens: dict[str, list[tuple[float, int, int]]] = {name: [] for name, _ in targets}
        for round_ in range(rounds + 1):
            for name, args in targets:
                screen = pty_first_screen(args, dict(pty_env, XDG_DATA_HOME=games) if "play" in args else pty_env)
                if round_:
                    screens[name].append(screen)
        row("through a pseudo-terminal at 80x24, to the last byte of the first screen", "")
        bare = [seconds for seconds, _, _ in screens[targets[0][0]]]
        for name, _ in targets:
            runs = screens[name]
            ratio = statistics.median(s / b for (s, _, _), b in zip(runs, bare))
            row(f"  {name}", f"{statistics.median(s for s, _, _ in runs) * 1000:.0f} ms, x{ratio:.2f} bare, "
                             f"{statistics.median(b for _, b, _ in runs):.0f} B in "
                             f"{statistics.median(f for _, _, f in runs):g} frames")


def bench_key_latency(presses: int) -> None:
    """Key press to rendered frame on a Quadropolis game screen at 120x40."""
    from core.table import Controller, Seat, Table
    from saves import Autosaver
    from tui.app import MeepleApp
    from tui.games import screen_for

    async def run() -> list[float]:
        with tempfile.TemporaryDirectory() as home:
            os.environ["XDG_DATA_HOME"] = os.environ["XDG_CONFIG_HOME"] = home
            app = MeepleApp(bot_delay=0)
            async with app.run_test(size=(120, 40)) as pilot:
                game = get_game("quadropolis")
                seats = [Seat(0, "Ada"), Seat(1, "Bot", Controller("bot", "easy"))]
                table = Table.new(game, seats, seed=1, options={"first_player": "0"})
                autosaver = Autosaver.start(table, "bench")
                screen = screen_for("quadropolis")(table, autosaver)
                await app.push_screen(screen)
                await pilot.pause()
                view = screen.current_view()
                start = time.perf_counter()
                for _ in range(100):
                    screen.update_board(view)
                redraw.append((time.perf_counter() - start) / 100)
                samples = []
                keys = ["right", "right", "down", "left", "up"]
                for i in range(presses):
                    start = time.perf_counter()
                    await pilot.press(keys[i % len(keys)])
                    await pilot.pause()
                    samples.append(time.perf_counter() - start)
                return samples

    redraw: list[float] = []
    samples = sorted(asyncio.run(run()))
    p50 = samples[len(samples) // 2]
    p99 = samples[min(len(samples) - 1, int(len(samples) * 0.99))]
    row(f"key to render at 120x40 ({presses} presses) p50 / p99",
        f"{p50 * 1000:.1f} ms / {p99 * 1000:.1f} ms")
    row("  of which the board redraw itself (mean of 100)", f"{redraw[0] * 1000:.1f} ms")
    row("  (the rest is the test pilot's own press-and-wait round trip)", "")


def bench_pty_keys(presses: int) -> None:
    """Arrow keys (and Enter on the Council board) typed into a real pseudo-terminal,
    Meeple's game screens against a bare Textual app; see bench/pty_keys.py."""
    from bench import pty_keys

    row("write of a key to its answer, " + f"{presses} presses per case:", "")
    row("  first byte / end of first frame / last byte, p50 (p99)", "")

    def report(s: pty_keys.Summary, ratio: float) -> None:
        row(f"{s.case} at {s.size}",
            f"{s.first_p50 * 1000:.0f} ({s.first_p99 * 1000:.0f}) / {s.frame_p50 * 1000:.0f} / "
            f"{s.last_p50 * 1000:.0f} ({s.last_p99 * 1000:.0f}) ms, x{ratio:.2f} bare, "
            f"{s.bytes_per_press:.0f} B in {s.bursts_per_press:g} frames per key"
            + (f", {s.silent} silent" if s.silent else "")
            + (f", {s.stray_bytes} stray bytes" if s.stray_bytes else "")
            + (f" (stopped: {s.stopped})" if s.stopped else ""))

    pty_keys.compare(presses, report=report)


def bench_ssh_play(quick: bool) -> None:
    """Network play on loopback: SSH connect to the lobby (against a bare asyncssh server),
    hub CPU with 20 players in 5 Council games, bytes per key press; see bench/ssh_play.py."""
    from bench import ssh_play

    ssh_play.run(quick, row=row)


def bench_ssh_scale(quick: bool) -> None:
    """100 players over SSH on 25 Council tables with bots: a burst of 100, arrivals at 5 a
    second, then with all open and the seated playing: hub CPU, a new session to the lobby,
    key -> frame against the same screen locally, memory per app; see bench/ssh_scale.py."""
    from bench import ssh_scale

    ssh_scale.run(quick=quick, row=row)


def bench_web(quick: bool) -> None:
    """``meeple web`` in a headless Chromium against the same app in a local pty: page load
    to the menu, key to frame, ratios; see bench/web.py."""
    from bench import web

    web.run(quick, row=row)


def random_playouts(game_id: str, seconds: float) -> tuple[float, int]:
    """Decisions per second of uniformly random play (legal_actions + apply_in_place)."""
    game = get_game(game_id)
    info = game.info
    rng = Rng(7)
    decisions = 0
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.setup([f"P{i}" for i in range(info.max_players)], games, {})
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            actions = game.legal_actions(state, seat)
            game.apply_in_place(state, seat, actions[rng.randbelow(len(actions))])
            decisions += 1
        games += 1
    return decisions / (time.perf_counter() - start), games


def bench_playouts(seconds: float) -> None:
    """Random playout speed per game."""
    for game_id in game_ids():
        rate, games = random_playouts(game_id, seconds)
        row(f"{game_id}: random playout decisions/s ({games} games)", f"{rate:,.0f}")


def sample_states(game_id: str, count: int) -> list[tuple[Any, int]]:
    """Positions from random 2-player games, spread over the whole game."""
    game = get_game(game_id)
    rng = Rng(11)
    states: list[tuple[Any, int]] = []
    seed = 0
    while len(states) < count:
        state = game.setup(["P1", "P2"], seed, {})
        seed += 1
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            if rng.randbelow(6) == 0:
                states.append((game.clone(state), seat))
            actions = game.legal_actions(state, seat)
            game.apply_in_place(state, seat, actions[rng.randbelow(len(actions))])
    return states[:count]


def bench_bot_times(decisions: int) -> None:
    """Median and max decision time per bot level, with the TUI's wall-clock caps."""
    from tui.screens.game import THINK_SECONDS

    for game_id in game_ids():
        game = get_game(game_id)
        positions = sample_states(game_id, decisions)
        for level in ("easy", "normal", "hard"):
            times = []
            for index, (state, seat) in enumerate(positions):
                deadline = time.monotonic() + THINK_SECONDS[level]
                bot = make_bot(level, index, should_stop=lambda: time.monotonic() > deadline, game=game)
                view = game.view(state, seat)
                start = time.perf_counter()
                bot.choose(game, view, seat)
                times.append(time.perf_counter() - start)
            row(f"{game_id}: {level} decision median / max ({len(times)})",
                f"{statistics.median(times) * 1000:.0f} ms / {max(times) * 1000:.0f} ms")


def strength_row(game_id: str, players: int, games: int, bots: list[str], seed: int,
                 label: str, note: str = "") -> None:
    """Play ``games`` games of ``bots`` (seats rotating) and print the first kind's win rate
    (a shared win counts half)."""
    start = time.perf_counter()
    report = simulate(get_game(game_id), players, games, bots, seed=seed)
    spent = time.perf_counter() - start
    hero = bots[0]
    rate = report["wins"][hero] / max(1, games - report["errors"])
    row(f"{game_id}: {label}, {games} games ({spent:.0f} s)",
        f"{hero} wins {rate:.1%}{note}, errors {report['errors']}")


def bench_strength(games: int) -> None:
    """Win rates of 2-player bot pairings (a shared win counts half)."""
    pairings = [("hard", "random"), ("hard", "easy"), ("easy", "random")]
    for game_id in game_ids():
        if get_game(game_id).cooperative:  # a team game has no pairings (see its own section)
            continue
        for a, b in pairings:
            strength_row(game_id, 2, games, [a, b], 1000, f"{a} vs {b}")


FOUR_PLAYER_BARS: tuple[str, ...] = ("intendentes",)
"""Games whose issue sets a 4-player bar: hard must win >= 40% against three easy bots."""


def bench_strength_four(games: int) -> None:
    """Win rate of one hard bot against three easy ones, seat rotating (fair share: 25%)."""
    for game_id in game_ids():
        if game_id in FOUR_PLAYER_BARS:
            strength_row(game_id, 4, games, ["hard", "easy", "easy", "easy"], 4000, "hard vs 3 easy",
                         " (fair share 25%)")


def bench_saves() -> None:
    """Save and load+replay time of a complete game."""
    from core.table import Seat, Table
    from saves import Autosaver, load_table

    for game_id in game_ids():
        game = get_game(game_id)
        table = Table.new(game, [Seat(0, "A"), Seat(1, "B")], 5, {})
        rng = Rng(5)
        while not table.is_over():
            seat = table.to_act()[0]
            actions = table.legal_actions(seat)
            table.submit(seat, actions[rng.randbelow(len(actions))])
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "bench.toml"
            saver = Autosaver(table, path, title="bench")
            start = time.perf_counter()
            for _ in range(20):
                saver.save_now()
            save_ms = (time.perf_counter() - start) / 20 * 1000
            start = time.perf_counter()
            for _ in range(5):
                load_table(path)
            load_ms = (time.perf_counter() - start) / 5 * 1000
        row(f"{game_id}: save a full game ({len(table.log)} actions)", f"{save_ms:.1f} ms")
        row(f"{game_id}: load + replay + verify a full game", f"{load_ms:.1f} ms")


def bench_stats(quick: bool) -> None:
    """`meeple stats` over 1,000 saves, cold and warm, beside listing them and reading their
    bytes; see bench/stats.py."""
    from bench import stats

    stats.run(quick, row=row)


def peak_rss() -> None:
    """Peak resident memory of this process and of the start-up probes."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    row("peak RSS, benchmark process", f"{own:.0f} MiB")
    row("peak RSS, app start-up probe", f"{children:.0f} MiB")


def bench_settlement(quick: bool) -> None:
    """Settlement's balance (spec B.5) and its bot levels against the reference team; see
    bench/settlement.py."""
    from bench import settlement

    settlement.run(quick, row=row)


def bench_coach(quick: bool, games: int) -> None:
    """The coach's hint latency per game and level, and a seat following its first hint
    against the normal bot beside the hard bot on the same seeds; see bench/coach.py."""
    from bench import coach

    coach.bench_latency(4 if quick else 20, row)
    if games:
        coach.bench_quality(games, row, jobs=os.cpu_count() or 1)


def bench_replay(quick: bool) -> None:
    """One move on in a replay, on each game's largest save here; see bench/replay.py."""
    from bench import replay
    from core.registry import game_ids

    replay.run(["council", "intendentes"] if quick else game_ids(), row=row)


def bench_chaos(quick: bool) -> None:
    """The hub SIGKILLed in a storm of moves and restarted (20 times; 4 with --quick), and
    hostile clients on its socket; see bench/chaos.py."""
    from bench import chaos

    chaos.run(quick, row=row)


def section(title: str, fn: Callable[..., None], *args: Any) -> None:
    """Run one benchmark under a heading."""
    print(title)
    fn(*args)


def main() -> None:
    """Run every benchmark and print the table."""
    parser = argparse.ArgumentParser(prog="python -m bench")
    parser.add_argument("--quick", action="store_true", help="small samples")
    parser.add_argument("--strength", type=int, default=None, help="games per bot pairing (0 skips)")
    parser.add_argument("--coach-games", type=int, default=None,
                        help="games per coach quality row (default 100, quick 4; 0 skips)")
    args = parser.parse_args()
    quick = args.quick
    strength = args.strength if args.strength is not None else (20 if quick else 200)
    coach_games = args.coach_games if args.coach_games is not None else (4 if quick else 100)
    print("Meeple benchmarks" + ("" if quick else
          f" (bot strength plays {strength} games per pairing: long; --quick for a short run)"))
    section("Start-up", bench_startup, 3 if quick else 5)
    section("Key latency", bench_key_latency, 50 if quick else 200)
    section("Random playouts", bench_playouts, 1.0 if quick else 3.0)
    section("Bot decision time", bench_bot_times, 5 if quick else 20)
    section("Saves", bench_saves)
    section("Statistics over 1,000 saves", bench_stats, quick)
    if strength:
        section("Bot strength (2 players)", bench_strength, strength)
        section("Bot strength (4 players)", bench_strength_four, max(1, strength // 2))
    section("Settlement balance and bots", bench_settlement, quick)
    section("Coach: hint latency and the quality of its first hint", bench_coach, quick, coach_games)
    section("Replay: one move on", bench_replay, quick)
    section("Memory", peak_rss)
    # Last: its children (the apps in the pseudo-terminal) would count in Memory's
    # peak RSS of child processes, which is meant for the start-up probe.
    section("Key latency through a pseudo-terminal", bench_pty_keys, 15 if quick else 60)
    section("Network play over SSH", bench_ssh_play, quick)
    section("100 players over SSH", bench_ssh_scale, quick)
    section("In a web browser (textual-serve) against a local pty", bench_web, quick)
    section("Chaos: the hub killed in a storm of moves, hostile clients", bench_chaos, quick)


if __name__ == "__main__":
    main()
