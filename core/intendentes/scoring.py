"""Intendentes scoring: the breakdown with the final bonuses of §11, the result, standings and
the bots' evaluation.

Splendor is the score all game long; after phase 8 of round 8 every mayor adds the final
bonuses (:func:`~core.intendentes.bonuses.final_bonuses`, categories
:data:`~core.intendentes.state.BONUS_CATEGORIES`), which the rules store in ``state.final``
and add to ``state.splendor``.
"""

from __future__ import annotations

from core.engine import Result, Standings, rank_by
from core.intendentes import bots
from core.intendentes.bonuses import final_bonuses
from core.intendentes.state import BONUS_CATEGORIES, S_OVER, State

CATEGORIES: tuple[str, ...] = ("Splendor before scoring",) + BONUS_CATEGORIES + ("Total",)
"""The result's and the standings' categories: splendor before the final scoring, each
bonus of §11, and the total."""


def breakdown(state: State) -> list[tuple[int, ...]]:
    """Rows of :data:`CATEGORIES` per seat: at the end the final scoring, before it the
    scoring as if the game ended now."""
    rows = []
    if state.step == S_OVER and state.final:
        for s in range(state.players):
            bonus = tuple(state.final[s])
            rows.append((state.splendor[s] - sum(bonus),) + bonus + (state.splendor[s],))
        return rows
    for s, bonus in enumerate(final_bonuses(state)):
        rows.append((state.splendor[s],) + bonus + (state.splendor[s] + sum(bonus),))
    return rows


def result(state: State) -> Result:
    """The final result: highest splendor wins; ties are shared (no tie-break, §11)."""
    rows = breakdown(state)
    totals = tuple(row[-1] for row in rows)
    ranks = rank_by([(t,) for t in totals])
    notes = []
    for total in sorted(set(totals), reverse=True):
        group = [s for s in range(state.players) if totals[s] == total]
        if len(group) > 1:
            names = " and ".join(state.names[s] for s in group)
            notes.append(f"{names} tie on {total} splendor and share their place (no tie-break).")
    return Result(
        categories=CATEGORIES,
        breakdown=tuple(rows),
        totals=totals,
        ranks=ranks,
        notes=tuple(notes),
    )


def standings(state: State) -> Standings:
    """Splendor so far, and with the final bonuses as if the game ended now."""
    n = state.players
    rows = breakdown(state)
    if state.step == S_OVER:
        return Standings(CATEGORIES, tuple(rows), tuple(rows), unit="splendor")
    so_far = tuple((state.splendor[s],) + (0,) * len(BONUS_CATEGORIES) + (state.splendor[s],) for s in range(n))
    return Standings(CATEGORIES, tuple(rows), so_far, unit="splendor")


# --- the bots' evaluation --------------------------------------------------------------------------
def evaluate(state: State, seat: int) -> float:
    """Estimated final splendor margin of ``seat`` over the best opponent (the bots'
    evaluation, :func:`core.intendentes.bots.evaluate`)."""
    return bots.evaluate(state, seat)
