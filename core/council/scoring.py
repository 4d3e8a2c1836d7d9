"""Final scoring, the live scoreboard and the heuristic evaluation for bots.

Rules: "End of the game".

Final score = VP on the track + reward tiles + nobility award (5 to the furthest marker,
or to every player tied there with no second place; otherwise 2 to every player on the
next position) + 3 to every player with the most permit tiles. Tie-break: servants +
politics cards in hand; a remaining tie is shared.
"""

from __future__ import annotations

from typing import Sequence

from core.council import payments as pay
from core.council.content import (
    C,
    PERMIT_BONUS,
    PERMIT_REGION,
    QUEEN_REWARDS,
    REWARD_VP,
    ROYAL_BALCONY,
    Bonus,
)
from core.council.state import STAGE_ACQUIRE, STAGE_NONE, State

CATEGORIES: tuple[str, ...] = (
    "VP track",
    "Reward tiles",
    "Nobility",
    "Most permits",
    "Tie-break: servants + cards",
    "Total",
)


def nobility_awards(positions: Sequence[int]) -> list[int]:
    """End-game nobility VP per seat from the marker positions, as they stand (0 included)."""
    top = max(positions)
    leaders = [p for p in positions if p == top]
    if len(leaders) > 1:
        return [C.nobility_first if p == top else 0 for p in positions]
    below = [p for p in positions if p < top]
    second = max(below) if below else -1
    return [C.nobility_first if p == top else C.nobility_second if p == second else 0 for p in positions]


def permit_awards(counts: Sequence[int]) -> list[int]:
    """End-game VP for the most permit tiles: every tied leader scores (0 included)."""
    top = max(counts)
    return [C.most_permits if c == top else 0 for c in counts]


def reward_vp(state: State, seat: int) -> int:
    """VP of the reward tiles ``seat`` holds."""
    return sum(REWARD_VP[tile] for tile in state.rewards[seat])


def tiebreak(state: State, seat: int) -> int:
    """Servants plus politics cards in hand (the tie-break)."""
    return state.servants[seat] + state.hand_count[seat]


def breakdown(state: State) -> list[tuple[int, ...]]:
    """Per seat, one value per :data:`CATEGORIES` entry, as if the game ended now."""
    n = state.players
    nobility = nobility_awards(state.nobility)
    permits = permit_awards([len(state.unused[s]) + len(state.used[s]) for s in range(n)])
    rows: list[tuple[int, ...]] = []
    for s in range(n):
        track, tiles = state.vp[s], reward_vp(state, s)
        total = track + tiles + nobility[s] + permits[s]
        rows.append((track, tiles, nobility[s], permits[s], tiebreak(state, s), total))
    return rows


def totals(state: State) -> list[int]:
    """Total score per seat as if the game ended now."""
    return [row[-1] for row in breakdown(state)]


# --- evaluation for bots ---------------------------------------------------------------------
# Rough worth, in VP, of resources and progress, picked by greedy-vs-greedy self-play
# (2 players, 80 seeded games per setting; a variant played one seat against the rest).
W_COIN = 0.4
W_SERVANT = 0.6
W_CARD = 0.7
W_CARD_CAP = 10
W_NOBILITY = 0.6
W_UNUSED_PERMIT = 4.0
W_MERCHANT = 1.5
W_REWARD_PROGRESS = 0.6
W_MAIN = 5.0


def bonus_value(bonus: Bonus) -> float:
    """Worth of a bonus in VP for the evaluation."""
    vp, coins, servants, cards, main, nobility = bonus
    return vp + W_COIN * coins + W_SERVANT * servants + W_CARD * cards + W_MAIN * main + W_NOBILITY * nobility


def _value(state: State, seat: int, nob: list[int], permits: list[int]) -> float:
    value = state.vp[seat] + reward_vp(state, seat) + 0.5 * (nob[seat] + permits[seat])
    value += W_COIN * state.coins[seat] + W_SERVANT * state.servants[seat]
    value += W_CARD * min(state.hand_count[seat], W_CARD_CAP)
    value += W_NOBILITY * state.nobility[seat]
    value += W_UNUSED_PERMIT * len(state.unused[seat])
    built = state.built[seat]
    value += W_MERCHANT * built.bit_count()
    left = state.tiles_left
    if left:
        layout = state.layout
        queen = QUEEN_REWARDS[state.queen_taken] if state.queen_taken < len(QUEEN_REWARDS) else 0
        for k, mask in enumerate(layout.tile_mask):
            if left >> k & 1:
                have = (built & mask).bit_count()
                if have:
                    frac = have / mask.bit_count()
                    tile = REWARD_VP[_TILE_IDS[k]]
                    value += W_REWARD_PROGRESS * (tile + queen) * frac * frac
    return value


_TILE_IDS = ("gold", "silver", "bronze", "iron", "coast", "hills", "mountains")


def _stage_value(state: State, seat: int) -> float:
    """Expected gain of finishing the main action waiting for its payment."""
    hand = state.hands[seat]
    if hand is None or state.stage == STAGE_NONE:
        return 0.0
    if state.stage == STAGE_ACQUIRE:
        permit = state.stage_arg
        cost = pay.cheapest(hand, state.balconies[PERMIT_REGION[permit]])
        gain = W_UNUSED_PERMIT + bonus_value(PERMIT_BONUS[permit])
        extra = 0
    else:
        cost = pay.cheapest(hand, state.balconies[ROYAL_BALCONY])
        gain = W_MERCHANT + 2.0
        extra = 2 * state.layout.dist[state.queen][state.stage_arg]
    if cost < 0:
        return 0.0
    return gain - W_COIN * (cost + extra) - W_CARD * 2


def evaluate(state: State, seat: int) -> float:
    """Heuristic worth of ``state`` for ``seat``: its value minus the best opponent's.

    A value counts VP now (track, reward tiles, provisional end awards at half weight),
    resources (coins, servants, up to 10 cards), nobility position, unused permits,
    merchants placed and progress towards untaken reward tiles; for the player to act, the
    main action waiting for its payment. At the end of the game it is the score margin.
    """
    n = state.players
    if state.over:
        scores = totals(state)
        return float(scores[seat] - max(scores[s] for s in range(n) if s != seat))
    nob = nobility_awards(state.nobility)
    permits = permit_awards([len(state.unused[s]) + len(state.used[s]) for s in range(n)])
    values = [_value(state, s, nob, permits) for s in range(n)]
    values[state.current] += _stage_value(state, state.current)
    best = max(values[s] for s in range(n) if s != seat)
    return values[seat] - best


__all__ = [
    "CATEGORIES",
    "breakdown",
    "totals",
    "evaluate",
    "nobility_awards",
    "permit_awards",
    "reward_vp",
    "tiebreak",
    "bonus_value",
]
