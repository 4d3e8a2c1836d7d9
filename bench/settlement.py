"""Settlement (Osada) balance and bot strength: the spec's Appendix B.5 bands and issue 16's bars.

``python -m bench.settlement`` prints the section on its own (``--quick``: small samples;
``--games N``: games per balance row; ``--level-games N`` / ``--hard-games N``: games of the
easy / hard rows; ``--jobs N``: processes that play them). Nothing is asserted.

- **Balance** (B.5): the scripted teams of Appendix B (``reference`` on Easy, Normal and Hard,
  ``careless`` and ``random`` on Normal), each over the same seeded games: won / starved /
  lost on time in %, the band B.5 expects and whether it is met.
- **Speed**: decisions per second of random playouts and of the reference team.
- **Bot levels** on Normal (``easy``, ``hard``): games, win % with a 95% Wilson interval, the
  median and 90th percentile of one decision's time, and the reference team on the same seeds
  with the paired difference (bot − reference) and its 95% interval.

All games are solo (one seat holds all nine characters): the spec's model has no player
count, since the stock is shared and every character always plays. Game ``i`` uses seed
``SEED + i`` for every team, so the rows are paired.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Sequence

from core.ai import make_bot, play_game
from core.rng import Rng
from core.settlement import GAME

Row = Callable[[str, str], None]
SEED = 16_000
"""Seed of the first game of every row (the rows are paired game by game)."""

BANDS: dict[tuple[str, str], tuple[float, float]] = {
    ("reference", "easy"): (0.85, 1.0),
    ("reference", "normal"): (0.50, 0.70),
    ("reference", "hard"): (0.0, 1.0),
    ("careless", "normal"): (0.0, 0.02),
    ("random", "normal"): (0.0, 0.005),
}
"""Spec B.5: the win share each team must reach (Hard has no band; B.4 says about 38%)."""


@dataclass(frozen=True)
class Sizes:
    """Games per row."""

    balance: int
    easy: int
    hard: int
    playout_seconds: float


FULL = Sizes(balance=2000, easy=200, hard=10, playout_seconds=3.0)
QUICK = Sizes(balance=200, easy=20, hard=2, playout_seconds=1.0)


def _print_row(name: str, value: str) -> None:
    print(f"  {name:<52} {value}")


@dataclass
class Outcomes:
    """What a row's games ended in, game by game, and the bots' decision times."""

    outcomes: list[str] = field(default_factory=list)
    decisions: int = 0
    seconds: float = 0.0
    times: list[float] = field(default_factory=list)

    def share(self, outcome: str) -> float:
        return self.outcomes.count(outcome) / max(1, len(self.outcomes))

    def won(self) -> list[int]:
        return [1 if o == "won" else 0 for o in self.outcomes]


class _Timed:
    """A bot whose every decision is timed (the wall clock of ``choose``)."""

    def __init__(self, bot: Any, times: list[float]) -> None:
        self.bot = bot
        self.times = times

    def choose(self, game: Any, view: Any, seat: int) -> Hashable:
        start = time.perf_counter()
        action: Hashable = self.bot.choose(game, view, seat)
        self.times.append(time.perf_counter() - start)
        return action


def _one_game(kind: str, difficulty: str, game_seed: int, timed: bool) -> tuple[str, int, list[float]]:
    """One solo game: its outcome, its decisions and (``timed``) each decision's time."""
    times: list[float] = []
    bot: Any = make_bot(kind, game_seed * 7, game=GAME)
    if timed:
        bot = _Timed(bot, times)
    state, decisions = play_game(GAME, ["P1"], game_seed, [bot], {"difficulty": difficulty})
    return state.outcome, decisions, times


def _one_game_star(args: tuple[str, str, int, bool]) -> tuple[str, int, list[float]]:
    return _one_game(*args)


def play(kind: str, difficulty: str, games: int, seed: int = SEED, timed: bool = False,
         jobs: int = 1) -> Outcomes:
    """``games`` solo games of bot ``kind`` on ``difficulty``, seeds ``seed``, ``seed + 1``, ...

    ``jobs`` > 1 plays them in that many processes; the games and their order are the same.
    """
    out = Outcomes()
    start = time.perf_counter()
    tasks = [(kind, difficulty, seed + index, timed) for index in range(games)]
    if jobs > 1 and games > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(_one_game_star, tasks, chunksize=max(1, min(8, games // (jobs * 4)))))
    else:
        results = [_one_game(*task) for task in tasks]
    for outcome, decisions, times in results:
        out.outcomes.append(outcome)
        out.decisions += decisions
        out.times.extend(times)
    out.seconds = time.perf_counter() - start
    return out


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win share."""
    if not n:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def paired_difference(a: Sequence[float], b: Sequence[float], z: float = 1.96) -> tuple[float, float]:
    """Mean of ``a[i] - b[i]`` and the half width of its 95% (normal) interval."""
    n = len(a)
    diffs = [x - y for x, y in zip(a, b)]
    mean = sum(diffs) / max(1, n)
    if n < 2:
        return mean, float("nan")
    return mean, z * statistics.stdev(diffs) / math.sqrt(n)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def bench_balance(games: int, row: Row = _print_row, jobs: int = 1) -> dict[tuple[str, str], Outcomes]:
    """The B.5 table."""
    row(f"balance, {games} solo games per row (seeds {SEED}..{SEED + games - 1})", "won / starved / time")
    results: dict[tuple[str, str], Outcomes] = {}
    for (kind, difficulty), (low, high) in BANDS.items():
        out = play(kind, difficulty, games, jobs=jobs)
        results[kind, difficulty] = out
        won = out.share("won")
        if (low, high) == (0.0, 1.0):
            band = "no band"
        else:
            band = f"band {low:.0%}-{high:.1%}" if high < 0.05 else f"band {low:.0%}-{high:.0%}"
            band += ": met" if low <= won <= high else ": NOT MET"
        row(f"  {kind} on {difficulty.title()} ({out.seconds:.0f} s)",
            f"{won:.1%} / {out.share('starved'):.1%} / {out.share('time'):.1%}  ({band})")
    return results


def random_playouts(seconds: float) -> tuple[float, int]:
    """Decisions per second of uniformly random solo play (legal_actions + apply_in_place)."""
    rng = Rng(7)
    decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = GAME.setup(["P1"], games, {})
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            actions = GAME.legal_actions(state, seat)
            GAME.apply_in_place(state, seat, actions[rng.randbelow(len(actions))])
            decisions += 1
        games += 1
    return decisions / (time.perf_counter() - start), games


def bench_speed(seconds: float, reference: Outcomes | None, row: Row = _print_row) -> None:
    """Random playouts and the reference team, in decisions per second."""
    rate, games = random_playouts(seconds)
    row(f"random playout decisions/s ({games} games)", f"{rate:,.0f}")
    if reference is not None and reference.seconds:
        row(f"reference team decisions/s ({len(reference.outcomes)} games, views and bot calls, all processes)",
            f"{reference.decisions / reference.seconds:,.0f}")


def level_row(level: str, games: int, reference: Outcomes | None, row: Row = _print_row,
              jobs: int = 1) -> None:
    """One bot level on Normal against the reference team on the same seeds."""
    out = play(level, "normal", games, timed=True, jobs=jobs)
    won = out.won()
    low, high = wilson(sum(won), games)
    times = out.times
    row(f"{level} on Normal, {games} games ({out.seconds:.0f} s, {out.decisions / games:.0f} decisions a game)",
        f"won {sum(won) / games:.1%} (95% CI {low:.1%}-{high:.1%}), "
        f"starved {out.share('starved'):.1%}")
    row(f"  {level} decision median / p90 / max ({len(times)})",
        f"{statistics.median(times) * 1000:.1f} / {percentile(times, 0.9) * 1000:.1f} / "
        f"{max(times) * 1000:.0f} ms")
    ref = reference.won()[:games] if reference is not None and len(reference.outcomes) >= games else None
    if ref is None:
        ref = play("reference", "normal", games, jobs=jobs).won()
    diff, half = paired_difference(won, ref)
    row(f"  reference on the same {games} seeds",
        f"won {sum(ref) / games:.1%}; {level} − reference {diff:+.1%} (95% CI ±{half:.1%})")


def run(quick: bool = False, row: Row = _print_row, sizes: Sizes | None = None, jobs: int = 1) -> None:
    """The whole section (``jobs``: processes that play the games)."""
    chosen = sizes or (QUICK if quick else FULL)
    results = bench_balance(chosen.balance, row, jobs)
    reference = results.get(("reference", "normal"))
    bench_speed(chosen.playout_seconds, reference, row)
    row("bot levels (the bar: hard wins at least as often as the reference, median ≤ 1 s)", "")
    if chosen.easy:
        level_row("easy", chosen.easy, reference, row, jobs)
    if chosen.hard:
        level_row("hard", chosen.hard, reference, row, jobs)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.settlement", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="small samples")
    parser.add_argument("--games", type=int, default=None, help="games per balance row")
    parser.add_argument("--level-games", type=int, default=None, help="games of the easy row")
    parser.add_argument("--hard-games", type=int, default=None, help="games of the hard row")
    parser.add_argument("--jobs", type=int, default=1, help="processes that play the games (default 1)")
    args = parser.parse_args(argv)
    base = QUICK if args.quick else FULL
    sizes = Sizes(
        balance=args.games if args.games is not None else base.balance,
        easy=args.level_games if args.level_games is not None else base.easy,
        hard=args.hard_games if args.hard_games is not None else base.hard,
        playout_seconds=base.playout_seconds,
    )
    print("Settlement balance and bots")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    run(row=_print_row, sizes=sizes, jobs=args.jobs)


if __name__ == "__main__":
    main()
