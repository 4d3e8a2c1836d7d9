"""Settlement result (§13.3): the shared outcome, the team score and its breakdown.

The game is co-operative: every seat gets the same row. All seats share rank 1 when the town
is won; when it is lost nobody wins and every seat is ranked 2.
"""

from __future__ import annotations

from core.engine import Result, Standings
from core.settlement.content import BUILDINGS, INVENTIONS
from core.settlement.state import State

CATEGORIES: tuple[str, ...] = ("Tokens", "Smiles", "Buildings", "Inventions", "Team score")
WIN_BASE = 100
PER_ROUND_LEFT = 10
PER_TOKEN = 10


def team_score(s: State) -> int:
    """§13.3: won 100 + 10 × the rounds left; lost on time 10 × tokens; starved 0.

    Before the end, the score the team would get if the game stopped now (lost on time).
    """
    if s.outcome == "won":
        return WIN_BASE + PER_ROUND_LEFT * (s.limit - s.end_round)
    if s.outcome == "starved":
        return 0
    return PER_TOKEN * s.tokens


def _row(s: State) -> tuple[int, ...]:
    built = sum(1 for i in BUILDINGS if s.owned[i])
    made = sum(1 for i in INVENTIONS if s.owned[i])
    return (s.tokens, s.pool, built, made, team_score(s))


def result(s: State) -> Result:
    """The shared result: one identical row per seat, ranks all 1 (won) or all 2 (lost)."""
    row = _row(s)
    n = s.players
    rank = 1 if s.outcome == "won" else 2
    if s.outcome == "won":
        note = f"The town is content: all ten tokens in round {s.end_round} of {s.limit}."
    elif s.outcome == "starved":
        note = f"Lost: the settlement starved in round {s.end_round}."
    else:
        note = f"Lost on time: round {s.limit} ended with {s.tokens} of 10 tokens."
    return Result(CATEGORIES, tuple(row for _ in range(n)), tuple(row[-1] for _ in range(n)),
                  tuple(rank for _ in range(n)), (note,))


def standings(s: State) -> Standings:
    """The team's figures now, the same for every seat (if it ended now: lost on time)."""
    row = _row(s)
    return Standings(CATEGORIES, tuple(row for _ in range(s.players)), unit="points")
