"""`make bench`: start-up, key latency (in-process and through a pty), playout speed, bot timing,
save/load, memory.

Prints a small table of figures. Nothing is asserted: compare runs by eye or by script.
``python -m bench --quick`` uses smaller samples; ``--strength N`` plays N bot games per
pairing for the win-rate rows (default 200; 0 skips them).
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


def median_process_seconds(args: list[str], runs: int) -> float:
    """Median wall time of a whole Python process started ``runs`` times."""
    times = []
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with tempfile.TemporaryDirectory() as home:
        env["XDG_DATA_HOME"] = env["XDG_CONFIG_HOME"] = home
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run([sys.executable, *args], env=env, check=True, cwd=ROOT,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def bench_startup(runs: int) -> None:
    """Process start to first screen, Meeple vs a bare Textual app."""
    meeple = median_process_seconds(["-m", "bench.startup_probe", "meeple"], runs)
    bare = median_process_seconds(["-m", "bench.startup_probe", "bare"], runs)
    row(f"start to first screen, median of {runs}", f"{meeple * 1000:.0f} ms")
    row("bare Textual app, same probe", f"{bare * 1000:.0f} ms")
    row("ratio Meeple / bare", f"{meeple / bare:.2f}")


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
    states = []
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


def bench_strength(games: int) -> None:
    """Win rates of 2-player bot pairings (a shared win counts half)."""
    pairings = [("hard", "random"), ("hard", "easy"), ("easy", "random")]
    for game_id in game_ids():
        game = get_game(game_id)
        for a, b in pairings:
            start = time.perf_counter()
            report = simulate(game, 2, games, [a, b], seed=1000)
            spent = time.perf_counter() - start
            rate = report["wins"][a] / max(1, games - report["errors"])
            row(f"{game_id}: {a} vs {b}, {games} games ({spent:.0f} s)",
                f"{a} wins {rate:.1%}, errors {report['errors']}")


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


def peak_rss() -> None:
    """Peak resident memory of this process and of the start-up probes."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    row("peak RSS, benchmark process", f"{own:.0f} MiB")
    row("peak RSS, app start-up probe", f"{children:.0f} MiB")


def section(title: str, fn: Callable[..., None], *args: Any) -> None:
    """Run one benchmark under a heading."""
    print(title)
    fn(*args)


def main() -> None:
    """Run every benchmark and print the table."""
    parser = argparse.ArgumentParser(prog="python -m bench")
    parser.add_argument("--quick", action="store_true", help="small samples")
    parser.add_argument("--strength", type=int, default=None, help="games per bot pairing (0 skips)")
    args = parser.parse_args()
    quick = args.quick
    strength = args.strength if args.strength is not None else (20 if quick else 200)
    print("Meeple benchmarks" + ("" if quick else
          f" (bot strength plays {strength} games per pairing: long; --quick for a short run)"))
    section("Start-up", bench_startup, 3 if quick else 5)
    section("Key latency", bench_key_latency, 50 if quick else 200)
    section("Random playouts", bench_playouts, 1.0 if quick else 3.0)
    section("Bot decision time", bench_bot_times, 5 if quick else 20)
    section("Saves", bench_saves)
    if strength:
        section("Bot strength (2 players)", bench_strength, strength)
    section("Memory", peak_rss)
    # Last: its children (the apps in the pseudo-terminal) would count in Memory's
    # peak RSS of child processes, which is meant for the start-up probe.
    section("Key latency through a pseudo-terminal", bench_pty_keys, 15 if quick else 60)


if __name__ == "__main__":
    main()
