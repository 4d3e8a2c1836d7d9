"""The coach's figures: how long a hint takes, and how good its first move is.

``python -m bench.coach [--positions N] [--games N] [--jobs J] [--only GAME] [--record FILE]``

* **Latency**: :func:`core.ai.coach.hint` at the ``normal`` and ``hard`` levels on positions
  from games of two easy bots (every fourth decision with a choice), per game: median, 90th
  percentile and maximum, one core, no wall-clock cap (the app has none either: the same
  position and seed always give the same hint).
* **Quality**: a seat that plays the coach's first hint (``hard``) at every decision against
  the ``normal`` bot, 2 players, seats rotating, beside the ``hard`` bot in the same seats on
  the same seeds (1000, 1001, ... as the strength rows of ``make bench``); a shared win
  counts half. Settlement is co-operative: solo games on Normal (one seat holds every
  character, as its own benchmark), a team that follows the hints beside the hard team, on
  seeds from 16000. Each row gives the win rate and its 95% Wilson interval; the paired
  difference (coach − hard) and its 95% interval come last.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Callable, Hashable, Sequence

from core.ai import coach, make_bot, play_game
from core.levels import COACH_LEVELS
from core.registry import game_ids, get_game
from core.rng import Rng
from bench.settlement import paired_difference, percentile, wilson
from core.simulate import seat_bots

Row = Callable[[str, str], None]
SEED = 1000
"""First seed of the 2-player quality games (the strength rows' seeds)."""
TEAM_SEED = 16000
"""First seed of the co-operative quality games (Settlement's benchmark's seeds)."""


def _print_row(name: str, value: str) -> None:
    print(f"  {name:<52} {value}")


class CoachBot:
    """Plays the coach's first hint (``level``) from its seat's view."""

    def __init__(self, level: str = "hard") -> None:
        self.level = level

    def choose(self, game: Any, view: Any, seat: int) -> Hashable:
        """The best move of :func:`core.ai.coach.hint`; the only move when there is one."""
        best = coach.hint(game, view, seat, self.level).best
        if best is None:
            return game.legal_actions(view, seat)[0]
        return best.action


def positions(game_id: str, count: int) -> list[tuple[Any, int]]:
    """``count`` positions (state, seat to decide) from games of two easy bots."""
    game = get_game(game_id)
    picker = Rng(23)
    found: list[tuple[Any, int]] = []
    seed = 500
    players = ["P1", "P2"] if not game.cooperative else ["P1"]
    while len(found) < count:
        state = game.setup(players, seed, {})
        bots = [make_bot("easy", seed * 7 + seat) for seat in range(len(players))]
        while not game.is_over(state) and len(found) < count:
            seat = game.to_act(state)[0]
            view = game.view(state, seat)
            if len(game.bot_actions(view, seat)) > 1 and picker.randbelow(4) == 0:
                found.append((game.clone(state), seat))
            game.apply_in_place(state, seat, bots[seat].choose(game, view, seat))
        seed += 1
    return found


def bench_latency(count: int, row: Row = _print_row, only: str | None = None) -> None:
    """Median / p90 / max of a hint per game and level."""
    for game_id in game_ids():
        if only and game_id != only:
            continue
        game = get_game(game_id)
        found = positions(game_id, count)
        for level in COACH_LEVELS:
            times = []
            for state, seat in found:
                view = game.view(state, seat)
                start = time.perf_counter()
                coach.hint(game, view, seat, level)
                times.append(time.perf_counter() - start)
            row(f"{game_id}: hint at {level}, median / p90 / max ({len(times)})",
                f"{statistics.median(times):.2f} / {percentile(times, 0.9):.2f} / {max(times):.2f} s")


def _duel(game_id: str, hero: str, index: int) -> float:
    """Game ``index`` of ``hero`` ("coach" or "hard") against the normal bot: the hero's
    share of the win (seats and seeds as :func:`core.simulate.simulate` gives them)."""
    game = get_game(game_id)
    seed = SEED + index
    kinds = seat_bots([hero, "normal"], 2, index)
    bots = [CoachBot() if kind == "coach" else make_bot(kind, seed * 7 + seat, game=game)
            for seat, kind in enumerate(kinds)]
    state, _ = play_game(game, ["P1", "P2"], seed, bots)
    winners = game.result(state).winners
    hero_seat = kinds.index(hero)
    return 1 / len(winners) if hero_seat in winners else 0.0


def _team(game_id: str, hero: str, index: int) -> float:
    """Solo co-operative game ``index`` on Normal played by ``hero``: 1 if the team won."""
    game = get_game(game_id)
    seed = TEAM_SEED + index
    bot = CoachBot() if hero == "coach" else make_bot(hero, seed * 7, game=game)
    state, _ = play_game(game, ["P1"], seed, [bot], {"difficulty": "normal"})
    return 1.0 if game.result(state).winners else 0.0


def _one(task: tuple[str, str, int]) -> float:
    game_id, hero, index = task
    return (_team if get_game(game_id).cooperative else _duel)(game_id, hero, index)


def _recorded(path: Path | None) -> dict[tuple[str, str, int], float]:
    """The outcomes a record file holds (none without a file)."""
    found: dict[tuple[str, str, int], float] = {}
    if path is not None and path.exists():
        for line in path.read_text().splitlines():
            game_id, hero, index, outcome = json.loads(line)
            found[game_id, hero, int(index)] = float(outcome)
    return found


def bench_quality(games: int, row: Row = _print_row, jobs: int = 1, only: str | None = None,
                  record: Path | None = None) -> None:
    """Hard bot and coach-following seat on the same seeds, per game. With ``record``, every
    game's outcome is appended to that file as it ends and games already in it are not
    played again (a long sample can be gathered over several runs)."""
    done = _recorded(record)
    for game_id in game_ids():
        if only and game_id != only:
            continue
        cooperative = get_game(game_id).cooperative
        results: dict[str, list[float]] = {}
        for hero in ("hard", "coach"):
            tasks = [(game_id, hero, index) for index in range(games) if (game_id, hero, index) not in done]
            start = time.perf_counter()
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                for task, outcome in zip(tasks, pool.map(_one, tasks)):
                    done[task] = outcome
                    if record is not None:
                        with record.open("a") as out:
                            out.write(json.dumps([*task, outcome]) + "\n")
            results[hero] = [done[game_id, hero, index] for index in range(games)]
            wins = sum(results[hero])
            low, high = wilson(wins, games)
            against = "solo on Normal" if cooperative else "vs normal"
            row(f"{game_id}: {hero} {against}, {games} games ({time.perf_counter() - start:.0f} s)",
                f"wins {wins / games:.1%} (95% CI {low:.1%}-{high:.1%})")
        mean, half = paired_difference(results["coach"], results["hard"])
        verdict = "met" if mean >= 0 else ("not met" if mean + half < 0 else "within noise")
        row(f"{game_id}: coach − hard, same seeds", f"{mean:+.1%} (95% CI ±{half:.1%}; bar: ≥ 0, {verdict})")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.coach", description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=20, help="positions per game for the latency rows")
    parser.add_argument("--games", type=int, default=100, help="games per quality row (0 skips)")
    parser.add_argument("--jobs", type=int, default=1, help="processes that play the quality games")
    parser.add_argument("--only", default=None, help="one game id")
    parser.add_argument("--record", type=Path, default=None,
                        help="a file of game outcomes: appended to, and games in it are not played again")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    print("Coach")
    if args.positions:
        bench_latency(args.positions, _print_row, args.only)
    if args.games:
        bench_quality(args.games, _print_row, args.jobs, args.only, args.record)


if __name__ == "__main__":
    main()
