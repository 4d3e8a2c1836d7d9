"""Replay step time: one move on in a replay, on each game's largest save here.

``python -m bench.replay [--games ID ...]``

For each game, :func:`bench.pty_keys.longest_game` (the longest of three finished games of
greedy bots at the most seats the game takes) is opened as ``meeple replay`` opens it, headless at 80x24 and 120x40,
all open. Its replay is stepped from the start to the end, one move at a time; each step is
timed from the call (:meth:`tui.screens.replaying.Replaying.picked`) until every widget of
the screen holds the new position (the table's "refresh" reaches the screen synchronously;
what Textual then sends the terminal is in ``bench.pty_keys``'s "GAME replay" cases).

Beside it, in the same run and on the same screen:

* **redraw**: the screen drawn again at the same position (``refresh_all``): what any
  change costs the game screen, the floor of a step;
* **step and its frame**: the step and then the test pilot's pause, in which Textual lays
  out and draws the frame (headless), beside an **idle frame**: a pause with nothing new;
* **from scratch**: the position built by replaying its moves from the seed, as a
  read-only position was before the replay table kept every state (shown for the
  position halfway through the game, without drawing).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time
from typing import Any, Callable, Sequence

from core.table import Table

Row = Callable[[str, str], None]


def _print_row(name: str, value: str) -> None:
    print(f"  {name:<52} {value}")


def _ms(values: Sequence[float]) -> str:
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]
    return f"{statistics.median(ordered) * 1000:.1f} ms (p90 {p90 * 1000:.1f})"


async def _steps(table: Table[Any], size: tuple[int, int]) -> dict[str, list[float]]:
    """Times stepping ``table``'s replay through at ``size``: "step" (the call, until every
    widget holds the new position), "frame" (the step and the headless frame drawn after it),
    "idle" (a frame with nothing changed), "redraw" (the screen drawn again, same position)."""
    from core.replay import OPEN, ReplayTable
    from tui.app import MeepleApp
    from tui.games import screen_for

    app = MeepleApp(bot_delay=0)
    times: dict[str, list[float]] = {"step": [], "frame": [], "idle": [], "redraw": []}
    async with app.run_test(size=size) as pilot:
        screen = screen_for(table.game.info.id)(ReplayTable(table, OPEN, 0), None)
        await app.push_screen(screen)
        await pilot.pause()
        replay = screen.replay
        assert replay is not None
        for at in range(1, len(table.log) + 1):
            start = time.perf_counter()
            replay.picked(at)
            stepped = time.perf_counter()
            await pilot.pause()
            drawn = time.perf_counter()
            times["step"].append(stepped - start)
            times["frame"].append(drawn - start)
            await pilot.pause()
            times["idle"].append(time.perf_counter() - drawn)
            if at % 4 == 0:
                start = time.perf_counter()
                screen.refresh_all()
                times["redraw"].append(time.perf_counter() - start)
                await pilot.pause()
    return times


def from_scratch(table: Table[Any], moves: int, rounds: int = 5) -> float:
    """Median time to build the position after ``moves`` moves by replaying them."""
    actions = table.actions()[:moves]
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        Table.replay(table.game, table.seats, table.seed, table.options, actions)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def run(game_ids: Sequence[str], row: Row = _print_row) -> None:
    """Print the rows of every game in ``game_ids``."""
    from bench.pty_keys import longest_game

    with tempfile.TemporaryDirectory() as home:
        for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
            os.environ[name] = home
        for game_id in game_ids:
            table = longest_game(game_id)
            moves = len(table.log)
            for size in ((80, 24), (120, 40)):
                times = asyncio.run(_steps(table, size))
                step, frame = statistics.median(times["step"]), statistics.median(times["frame"])
                row(f"{game_id} ({moves} moves) at {size[0]}x{size[1]}: step", _ms(times["step"]))
                row("  redraw at the same position", f"{_ms(times['redraw'])}, step "
                    f"x{step / statistics.median(times['redraw']):.2f}")
                row("  step and its frame drawn (headless)", f"{_ms(times['frame'])}, "
                    f"x{frame / statistics.median(times['idle']):.2f} an idle frame "
                    f"({statistics.median(times['idle']) * 1000:.1f} ms)")
            scratch = from_scratch(table, moves // 2)
            row(f"  from scratch to move {moves // 2} (no drawing)", f"{scratch * 1000:.1f} ms")


def main(argv: Sequence[str] | None = None) -> None:
    """Command line: ``--games`` limits the games."""
    from core.registry import game_ids

    parser = argparse.ArgumentParser(prog="python -m bench.replay", description=__doc__.split("\n")[0])
    parser.add_argument("--games", nargs="*", default=None, help="game ids (default: all)")
    args = parser.parse_args(argv)
    print("Replay")
    run(args.games or game_ids())


if __name__ == "__main__":
    main()
