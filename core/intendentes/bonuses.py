"""Intendentes' final bonuses (§11): what each mayor adds to their splendor after phase 8 of
round 8, per category of :data:`~core.intendentes.state.BONUS_CATEGORIES`.

The rules add them at the end of the game (``state.final``); :mod:`core.intendentes.scoring`
shows them, before the end as if the game ended now.
"""

from __future__ import annotations

from core.intendentes.content import (
    CENSUS_PER,
    FIRE,
    FLOOD,
    HAPPINESS_POINTS,
    INSECURITY,
    MONEY_PER,
    RISK_SHARED_LOWEST,
    RISK_UNIQUE_LOWEST,
    WAREHOUSE_PER,
    WAREHOUSE_POINTS,
    district_points,
)
from core.intendentes.state import State


def risk_points(values: list[int]) -> list[int]:
    """Overall-risk points for one index (§11): the only lowest +5, each tied lowest +2.

    >>> risk_points([2, 4, 5]), risk_points([3, 3, 5]), risk_points([1, 1])
    ([5, 0, 0], [2, 2, 0], [2, 2])
    """
    low = min(values)
    tied = values.count(low)
    award = RISK_UNIQUE_LOWEST if tied == 1 else RISK_SHARED_LOWEST
    return [award if v == low else 0 for v in values]


def final_bonuses(state: State) -> list[tuple[int, ...]]:
    """Each seat's final-scoring points per category of ``BONUS_CATEGORIES`` if the game
    ended now (§11). Hidden money (another seat's, in a view) counts as $0."""
    n = state.players
    risks = [risk_points([state.risk[s][index] for s in range(n)]) for index in (FIRE, FLOOD, INSECURITY)]
    rows: list[tuple[int, ...]] = []
    for s in range(n):
        money = max(0, state.money[s])
        rows.append(
            (
                district_points(len(state.blocks[s])),
                sum(state.people[s]) // CENSUS_PER,
                HAPPINESS_POINTS[state.discontent[s]],
                risks[0][s],
                risks[1][s],
                risks[2][s],
                WAREHOUSE_POINTS * (state.warehouse[s] // WAREHOUSE_PER),
                money // MONEY_PER,
            )
        )
    return rows
