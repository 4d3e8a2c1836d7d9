"""El Grande action speed: ``why_illegal`` and action lookup, hard-bot decisions, playouts.

``python -m bench.elgrande_actions`` measures the code on ``sys.path`` and prints a table.
``python -m bench.elgrande_actions --roots OLD NEW ...`` measures several checkouts of the
project (for example a ``git worktree`` of an older commit and this one), taking turns
between them ``--reps`` times in fresh processes so that a shared, noisy machine affects all
alike, and prints the median of each figure with how many times faster each checkout is than
the first (above 1: faster). It also checks that all made the same decisions (same bot
choices, same playout lengths).

Figures: (a) ``GAME.why_illegal(state, seat, action)`` over every legal action of positions
from seeded random games, once with the move generator's shared instances and once with
equal fresh copies (decoded from the plain-data encoding, as a loaded save gives them), and
the raw ``action in legal`` / ``dict[action]`` lookups of those copies; (b) the ``hard``
bot's decision time (fixed iteration budget, no clock) on fixed positions; (c) random
playout decisions per second over a fixed set of games. Times are this process's CPU time,
which a busy machine disturbs less than the wall clock.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

PLAYERS = 3
"""Seats of every sampled game."""


def _positions(count: int, seed: int) -> list[tuple[Any, int]]:
    """``count`` positions (state, deciding seat) spread over seeded random games."""
    from core.elgrande import GAME
    from core.rng import Rng

    rng = Rng(seed)
    out: list[tuple[Any, int]] = []
    game_seed = 0
    while len(out) < count:
        state = GAME.setup([f"P{i}" for i in range(PLAYERS)], game_seed, {})
        game_seed += 1
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            if rng.randbelow(8) == 0:
                out.append((GAME.clone(state), seat))
            actions = GAME.legal_actions(state, seat)
            GAME.apply_in_place(state, seat, actions[rng.randbelow(len(actions))])
    return out[:count]


def _best_of(runs: int, fn: Any) -> float:
    """The fastest of ``runs`` timings of ``fn()`` (seconds)."""
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def measure(quick: bool) -> dict[str, Any]:
    """Every figure for the code on ``sys.path``, plus the decisions made (for comparison)."""
    from core.ai import make_bot
    from core.elgrande import GAME

    figures: dict[str, Any] = {}
    positions = _positions(150 if quick else 400, seed=11)
    cases = []
    for state, seat in positions:
        legal = GAME.legal_actions(state, seat)
        copies = [GAME.decode_action(GAME.encode_action(a)) for a in legal]
        cases.append((state, seat, legal, copies))
    calls = sum(len(legal) for _, _, legal, _ in cases)
    why_illegal = GAME.why_illegal

    def shared() -> None:
        for state, seat, legal, _ in cases:
            for action in legal:
                if why_illegal(state, seat, action) is not None:
                    raise AssertionError("a legal action was refused")

    def fresh() -> None:
        for state, seat, _, copies in cases:
            for action in copies:
                if why_illegal(state, seat, action) is not None:
                    raise AssertionError("a legal action was refused")

    tables = [(legal, dict.fromkeys(legal), copies) for _, _, legal, copies in cases]

    def lookup() -> None:
        for legal, table, copies in tables:
            for action in copies:
                if action not in legal or action not in table:
                    raise AssertionError("lookup failed")

    runs = 3 if quick else 5
    figures["why_illegal shared, us/call"] = _best_of(runs, shared) / calls * 1e6
    figures["why_illegal fresh copy, us/call"] = _best_of(runs, fresh) / calls * 1e6
    figures["lookup list+dict, us/action"] = _best_of(runs, lookup) / calls * 1e6

    bot_positions = _positions(4 if quick else 8, seed=5)
    times = []
    chosen = []
    for index, (state, seat) in enumerate(bot_positions):
        bot = make_bot("hard", index, game=GAME)
        view = GAME.view(state, seat)
        start = time.process_time()
        action: Any = bot.choose(GAME, view, seat)
        times.append(time.process_time() - start)
        chosen.append(GAME.encode_action(action))
    figures["hard decision median, ms"] = statistics.median(times) * 1000
    figures["hard decision total, ms"] = sum(times) * 1000

    from core.rng import Rng

    rng = Rng(7)
    decisions = 0
    start = time.process_time()
    for game_seed in range(4 if quick else 12):
        state = GAME.setup([f"P{i}" for i in range(PLAYERS)], game_seed, {})
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            actions = GAME.legal_actions(state, seat)
            GAME.apply_in_place(state, seat, actions[rng.randbelow(len(actions))])
            decisions += 1
    figures["random playout decisions/s"] = decisions / (time.process_time() - start)
    return {
        "figures": figures,
        "checks": {"bot choices": chosen, "playout decisions": decisions, "calls": calls},
        "source": str(Path(sys.modules["core.elgrande"].__file__ or "").parent),
    }


def compare(roots: list[str], reps: int, quick: bool) -> None:
    """Run :func:`measure` in fresh processes for each root, in turn; print medians and ratios."""
    results: dict[str, list[dict[str, Any]]] = {root: [] for root in roots}
    script = Path(__file__).resolve()
    for rep in range(reps):
        for root in roots if rep % 2 == 0 else roots[::-1]:
            env = dict(os.environ, PYTHONPATH=str(Path(root).resolve()))
            args = [sys.executable, str(script), "--json"] + (["--quick"] if quick else [])
            out = subprocess.run(args, env=env, check=True, capture_output=True, text=True, cwd="/")
            data = json.loads(out.stdout)
            if Path(data["source"]).resolve() != (Path(root) / "core" / "elgrande").resolve():
                raise SystemExit(f"measured {data['source']}, not {root}")
            results[root].append(data)
    first = roots[0]
    print(f"El Grande actions, median of {reps} runs per checkout ({'quick' if quick else 'full'}); "
          "ratio: how many times faster than the first")
    for index, root in enumerate(roots):
        print(f"  [{index}] {root}")
    head = "".join(f"{f'[{i}]':>10}" for i in range(len(roots)))
    ratios = "".join(f"{f'[0]/[{i}]':>9}" for i in range(1, len(roots)))
    print(f"  {'figure':<34}{head}{ratios}")
    for name in results[first][0]["figures"]:
        medians = [statistics.median(r["figures"][name] for r in results[root]) for root in roots]
        faster = [(m / medians[0]) if name.endswith("/s") else (medians[0] / m) for m in medians[1:]]
        print(f"  {name:<34}" + "".join(f"{m:>10.2f}" for m in medians) + "".join(f"{x:>9.2f}" for x in faster))
    print(f"  why_illegal calls per pass: {results[first][0]['checks']['calls']}")
    same = all(results[root][0]["checks"] == results[first][0]["checks"] for root in roots)
    print("  same decisions in every checkout:", "yes" if same else "NO")


def main() -> None:
    """Measure this checkout, or compare two with ``--roots``."""
    parser = argparse.ArgumentParser(prog="python -m bench.elgrande_actions")
    parser.add_argument("--quick", action="store_true", help="smaller samples")
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON")
    parser.add_argument("--roots", nargs="+", metavar="ROOT", help="compare checkouts (the first is the base)")
    parser.add_argument("--reps", type=int, default=3, help="runs per checkout (in turn, order reversed every other)")
    args = parser.parse_args()
    if args.roots:
        compare(args.roots, args.reps, args.quick)
        return
    data = measure(args.quick)
    if args.json:
        print(json.dumps(data))
        return
    for name, value in data["figures"].items():
        print(f"  {name:<36} {value:>10.2f}")


if __name__ == "__main__":
    main()
