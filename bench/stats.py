"""Statistics over 1,000 saves: ``meeple stats``'s computation cold and warm (issue 32's goal:
at most 300 ms for 1,000 saves), beside baselines timed in the same rounds.

The folder: a handful of real seeded games of every game played to the end by easy bots,
then the same moves replayed for other player names and bot levels (a name is part of a
game's state, so each name set is its own game), each kept finished and cut half way; from
those, 1,000 files written through the real writers (:func:`saves.store.snapshot_table`,
:func:`saves.store.write_save`) under other file names and times. Every file is a valid save.

Every timing is a fresh process (``python -m bench.stats probe WHAT``) on that folder, so no
in-process cache helps; it prints the seconds of the timed call alone (its imports are not
timed), the whole process's wall time is timed around it:

- ``stats cold``: :func:`saves.stats.read_stats` with an empty verdict cache (platformdirs'
  cache dir pointed at an empty folder through ``XDG_CACHE_HOME``): every save is opened
  and replayed, as the first listing of a folder does;
- ``stats warm``: the same with the cache that run left (the verdicts and headers of every
  file, checked again as strictly as a header read from its file);
- baselines: :func:`saves.store.list_saves` warm (the listing statistics are made from), and
  reading every file's bytes (the least any listing of the folder does);
- the whole ``meeple stats`` command warm, beside ``meeple saves`` on the same folder.

Rounds are paired (each round runs every probe once, in turn); ratios are medians of the
rounds' ratios; an untimed round first compiles the bytecode. ``python -m bench.stats``
prints the section on its own (``--quick``: one timed round; ``--saves N``: another count).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Callable

Row = Callable[[str, str], None]
ROOT = Path(__file__).resolve().parent.parent
SAVES = 1000
GOAL_MS = 300

Base = tuple[str, int, tuple[int, ...]]
"""(game, players, seeds): base games played by easy bots, one per seed."""
BASES: tuple[Base, ...] = (
    ("quadropolis", 3, (1, 2)),
    ("council", 2, (1, 2)),
    ("elgrande", 3, (1, 2)),
    ("intendentes", 4, (1,)),
    ("settlement", 2, (1, 2, 3)),
)
NAME_SETS: tuple[tuple[str, ...], ...] = (
    ("Ada", "Brook", "Cyd", "Dee"),
    ("Eve", "Ada", "Finn", "Gus"),
    ("Hana", "Ivo", "Ada", "Brook"),
    ("Juno", "Kit", "Lale", "Eve"),
)
LEVELS = ("easy", "normal", "hard")
DIFFICULTIES = ("easy", "normal", "hard")
T0 = datetime(2026, 1, 1, 12, 0, tzinfo=timezone.utc)


def _seats(names: tuple[str, ...], players: int, variant: int) -> list[Any]:
    """The seats of a saved copy: humans first (one or two), the rest bots of some level."""
    from core.table import Controller, Seat

    humans = 1 if players == 2 else 2
    return [Seat(i, names[i]) if i < humans
            else Seat(i, f"Bot {i}", Controller("bot", LEVELS[(variant + i) % len(LEVELS)]))
            for i in range(players)]


def _base_games(bases: tuple[Base, ...]) -> list[tuple[Any, int, int, dict[str, Any], list[tuple[int, Any]]]]:
    """(game, players, seed, options, moves) of each base game, played to its end by easy bots."""
    from core.ai import make_bot
    from core.registry import get_game
    from core.table import Table

    played = []
    for game_id, players, seeds in bases:
        game = get_game(game_id)
        for seed in seeds:
            options = {"difficulty": DIFFICULTIES[seed % 3]} if game_id == "settlement" else {}
            table = Table.new(game, _seats(NAME_SETS[0], players, 0), seed, options)
            bots = {seat: make_bot("easy", seed * 10 + seat, game=game) for seat in range(players)}
            while not table.is_over():
                seat = table.to_act()[0]
                table.submit(seat, bots[seat].choose(game, table.view(seat), seat))
            played.append((game, players, seed, dict(table.options), list(table.actions())))
    return played


def build_folder(folder: Path, count: int = SAVES, bases: tuple[Base, ...] = BASES) -> dict[str, int]:
    """Write ``count`` valid saves into ``folder``, copies of the games ``bases`` make; what
    was made, in figures."""
    from saves.store import snapshot_table, write_save

    from core.table import Table

    variants = []
    for game, players, seed, options, moves in _base_games(bases):
        for index, names in enumerate(NAME_SETS):
            seats = _seats(names, players, index)
            for cut in (len(moves), len(moves) // 2):
                table = Table.replay(game, seats, seed, options, moves[:cut])
                variants.append(snapshot_table(table, f"{game.info.title} {index}", created=T0, now=T0))
    folder.mkdir(parents=True, exist_ok=True)
    for number in range(count):
        save = variants[number % len(variants)]
        when = T0 + timedelta(minutes=number)
        header = replace(save.header, title=f"{save.header.title} #{number}",
                         created=when.strftime("%Y-%m-%dT%H:%M:%SZ"),
                         updated=(when + timedelta(minutes=30)).strftime("%Y-%m-%dT%H:%M:%SZ"))
        write_save(folder / f"game-{number:04d}.toml", replace(save, header=header))
    finished = sum(1 for number in range(count) if variants[number % len(variants)].header.over)
    return {"saves": count, "finished": finished, "variants": len(variants)}


# --- the probes, each in a fresh process ---------------------------------------------------

def probe(what: str) -> float:
    """Seconds of one timed call on the saves folder (run in its own process)."""
    if what == "stats":
        from saves.stats import read_stats

        start = time.perf_counter()
        read_stats()
        return time.perf_counter() - start
    if what == "list":
        from saves.store import list_saves

        start = time.perf_counter()
        list_saves()
        return time.perf_counter() - start
    if what == "bytes":
        from saves.paths import saves_dir

        start = time.perf_counter()
        for path in sorted(saves_dir().iterdir()):
            path.read_bytes()
        return time.perf_counter() - start
    raise ValueError(f"unknown probe {what!r}")


def _run(args: list[str], env: dict[str, str]) -> tuple[float, str]:
    """Wall time of ``python ARGS`` and its output."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, *args], env=env, cwd=ROOT, capture_output=True,
                          text=True, check=True)
    return time.perf_counter() - start, done.stdout


def _timed(what: str, env: dict[str, str]) -> float:
    """The seconds a probe process reports."""
    _, out = _run(["-m", "bench.stats", "probe", what], env)
    return float(out.strip())


def run(quick: bool, row: Row, count: int = SAVES) -> None:
    """Build the folder, time every probe in paired rounds and print the rows."""
    rounds = 1 if quick else 3
    with tempfile.TemporaryDirectory() as home:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(PYTHONPATH=str(ROOT), PYTHONPYCACHEPREFIX=os.path.join(home, "pycache"))
        for name in ("DATA", "CONFIG", "STATE"):
            env[f"XDG_{name}_HOME"] = os.path.join(home, name.lower())
        folder = Path(home, "data", "meeple", "saves")
        start = time.perf_counter()
        made = build_folder(folder, count)
        size = sum(path.stat().st_size for path in folder.iterdir())
        row(f"folder: {made['saves']} saves ({made['finished']} finished, copies of "
            f"{made['variants']} games), {size / 2**20:.1f} MiB", f"built in {time.perf_counter() - start:.0f} s")

        times: dict[str, list[float]] = {key: [] for key in
                                         ("cold", "warm", "list", "bytes", "cmd", "saves_cmd")}
        for round_ in range(rounds + 1):  # round 0 compiles the bytecode and is not timed
            cache = dict(env, XDG_CACHE_HOME=os.path.join(home, f"cache-{round_}"))
            figures = {
                "cold": _timed("stats", cache),  # an empty cache: every save replayed
                "warm": _timed("stats", cache),  # the cache the cold run left
                "list": _timed("list", cache),
                "bytes": _timed("bytes", cache),
                "cmd": _run(["-m", "tui.cli", "stats"], cache)[0],
                "saves_cmd": _run(["-m", "tui.cli", "saves"], cache)[0],
            }
            if round_:
                for key, value in figures.items():
                    times[key].append(value)

        def ms(key: str) -> str:
            return f"{statistics.median(times[key]) * 1000:.0f} ms"

        def ratio(key: str, base: str) -> str:
            return f"x{statistics.median(a / b for a, b in zip(times[key], times[base])):.1f}"

        row(f"median of {rounds} paired round{'s' if rounds > 1 else ''}, a fresh process each "
            f"(goal <= {GOAL_MS} ms)", "")
        row("  read_stats warm (verdicts remembered)",
            f"{ms('warm')}, {ratio('warm', 'list')} list_saves, {ratio('warm', 'bytes')} the bytes")
        row("  read_stats cold (no cache: every save replayed)", f"{ms('cold')}, {ratio('cold', 'warm')} warm")
        row("  baseline: list_saves warm", ms("list"))
        row(f"  baseline: read the {count} files' bytes", ms("bytes"))
        row("  whole `meeple stats` process, warm",
            f"{ms('cmd')}, {ratio('cmd', 'saves_cmd')} `meeple saves`")
        row("  baseline: whole `meeple saves` process, warm", ms("saves_cmd"))


def main() -> None:
    """``python -m bench.stats [--quick] [--saves N]``, or a probe: ``probe WHAT``."""
    if len(sys.argv) == 3 and sys.argv[1] == "probe":
        print(f"{probe(sys.argv[2]):.6f}")
        return
    parser = argparse.ArgumentParser(prog="python -m bench.stats")
    parser.add_argument("--quick", action="store_true", help="one timed round instead of three")
    parser.add_argument("--saves", type=int, default=SAVES, help=f"saves in the folder (default {SAVES})")
    args = parser.parse_args()
    print("Statistics")
    run(args.quick, lambda name, value: print(f"  {name:<52} {value}"), args.saves)


if __name__ == "__main__":
    main()
