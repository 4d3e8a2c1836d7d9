"""El Grande scoring: the tie rule, bonuses, special and general scorings.

Rules: "Scoring a region".

:func:`rank_points` is the pure tie rule; :func:`area_points` adds the King's and Grande
bonuses (+2 for a sole leader) for a region. The ``score_*`` functions change a state: they add
points to the score track and to the per-category breakdown and record a public event
(``("scored", ...)``, ``("castillo", ...)``: see :data:`core.elgrande.state.EVENTS`).
"""

from __future__ import annotations

from typing import Sequence

from core.elgrande.content import (
    BOARD,
    CARDS,
    CASTILLO,
    E_SCORE_CASTILLO,
    E_SCORE_CLASS,
    E_SCORE_FIRST_ONLY,
    E_SCORE_LEAST,
    E_SCORE_MOST,
    NUM_REGIONS,
    PRINTED_VALUES,
)
from core.elgrande.state import CATEGORIES, CAT_CASTILLO, CAT_GRANDE, CAT_KING, CAT_REGIONS, CAT_SPECIAL, State

KING_BONUS = BOARD.king_bonus
GRANDE_BONUS = BOARD.grande_bonus
CASTILLO_VALUES = BOARD.castillo_values
SCOREBOARD_VALUES = BOARD.scoreboard_values


def rank_points(counts: Sequence[int], values: Sequence[int]) -> list[int]:
    """Points per seat for one area by the tie rule (rules: "Scoring a region").

    Only seats with at least one caballero take part. Seats tied for a place all drop one
    place and get that lower place's value; the next group continues two places lower.
    """
    n = len(counts)
    points = [0] * n
    levels = sorted({c for c in counts if c > 0}, reverse=True)
    place = 0  # 0-based place index
    for level in levels:
        if place >= 3:
            break
        group = [s for s in range(n) if counts[s] == level]
        if len(group) == 1:
            points[group[0]] = values[place]
            place += 1
        else:
            if place + 1 < 3:
                value = values[place + 1]
                for s in group:
                    points[s] = value
            place += 2
    return points


def sole_leader(counts: Sequence[int]) -> int:
    """The seat with strictly more caballeros than every other seat, or -1."""
    best, who, tied = 0, -1, False
    for s, c in enumerate(counts):
        if c > best:
            best, who, tied = c, s, False
        elif c == best and c > 0:
            tied = True
    return -1 if tied else who


def region_values(state: State, region: int) -> tuple[int, int, int]:
    """Current 1st/2nd/3rd values of a region (a mobile scoreboard replaces the printed ones)."""
    boards = state.scoreboards
    if boards[0] == region:
        return SCOREBOARD_VALUES[0]
    if boards[1] == region:
        return SCOREBOARD_VALUES[1]
    return PRINTED_VALUES[region]


def area_points(state: State, area: int, first_only: bool = False) -> tuple[list[int], list[int], list[int]]:
    """``(placing points, King's bonus, Grande bonus)`` per seat if ``area`` were scored now.

    ``area`` is a region or :data:`CASTILLO` (no bonuses there). With ``first_only`` only a
    sole leader scores, taking the 1st value (card 3.5).
    """
    n = state.players
    if area == CASTILLO:
        return rank_points(state.castillo, CASTILLO_VALUES), [0] * n, [0] * n
    counts = state.board[area]
    values = region_values(state, area)
    leader = sole_leader(counts)
    if first_only:
        base = [0] * n
        if leader >= 0:
            base[leader] = values[0]
    else:
        base = rank_points(counts, values)
    king = [0] * n
    grande = [0] * n
    if leader >= 0:
        if area == state.king:
            king[leader] = KING_BONUS
        if state.grandes[leader] == area:
            grande[leader] = GRANDE_BONUS
    return base, king, grande


def _award(state: State, area: int, special: bool, first_only: bool = False) -> list[int]:
    base, king, grande = area_points(state, area, first_only)
    points = state.points
    total = [0] * state.players
    for s in range(state.players):
        gained = base[s] + king[s] + grande[s]
        if not gained:
            continue
        total[s] = gained
        state.score[s] += gained
        if special:
            points[s][CAT_SPECIAL] += gained
        else:
            points[s][CAT_CASTILLO if area == CASTILLO else CAT_REGIONS] += base[s]
            points[s][CAT_KING] += king[s]
            points[s][CAT_GRANDE] += grande[s]
    # Only a sole leader gets a bonus: one seat at most for each.
    king_seat = next((s for s, points in enumerate(king) if points), -1)
    grande_seat = next((s for s, points in enumerate(grande) if points), -1)
    state.events.append(("scored", area, tuple(total), king_seat, grande_seat))
    return total


def score_area(state: State, area: int, special: bool = True) -> list[int]:
    """Score one region or the Castillo now; returns the points gained per seat."""
    if area == CASTILLO:
        state.events.append(("castillo", tuple(state.castillo)))
    return _award(state, area, special)


def score_first_only(state: State) -> None:
    """Card 3.5: every region, sole leaders only (with their bonuses)."""
    for region in range(NUM_REGIONS):
        _award(state, region, True, first_only=True)


def class_regions(state: State, firsts: Sequence[int], printed: bool) -> list[int]:
    """Regions whose 1st-place value (current, or printed if ``printed``) is in ``firsts``."""
    out = []
    for region in range(NUM_REGIONS):
        first = PRINTED_VALUES[region][0] if printed else region_values(state, region)[0]
        if first in firsts:
            out.append(region)
    return out


def extreme_regions(state: State, most: bool) -> list[int]:
    """Regions holding the most (or fewest, ignoring empty ones) caballeros of all colours."""
    totals = [sum(state.board[r]) for r in range(NUM_REGIONS)]
    filled = [t for t in totals if t > 0]
    if not filled:
        return []
    target = max(filled) if most else min(filled)
    return [r for r in range(NUM_REGIONS) if totals[r] == target]


def card_areas(state: State, card: int) -> tuple[list[int], bool] | None:
    """What scoring card ``card`` scores if played now: ``(areas, first_only)``, the areas
    in scoring order (a region or :data:`CASTILLO`) and whether only sole leaders score
    (card 3.5); None for a card that scores no fixed areas (the chosen region's card
    names its area in its :class:`~core.elgrande.actions.Score` moves)."""
    info = CARDS[card]
    if info.effect == E_SCORE_CLASS:
        return class_regions(state, info.firsts, state.printed_classes), False
    if info.effect == E_SCORE_CASTILLO:
        return [CASTILLO], False
    if info.effect == E_SCORE_FIRST_ONLY:
        return list(range(NUM_REGIONS)), True
    if info.effect in (E_SCORE_MOST, E_SCORE_LEAST):
        return extreme_regions(state, info.effect == E_SCORE_MOST), False
    return None


def gains(state: State, areas: Sequence[int], first_only: bool = False) -> list[int] | None:
    """Points per seat (bonuses included) if ``areas`` were scored now, as a move's preview;
    None when the Castillo is among them and ``state`` is a view that hides its caballeros."""
    if CASTILLO in areas and state.castillo_totals() is None:
        return None
    total = [0] * state.players
    for area in areas:
        for part in area_points(state, area, first_only):
            for seat, points in enumerate(part):
                total[seat] += points
    return total


_PLACING_CACHE: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[tuple[int, ...], int]] = {}
_PLACING_CACHE_LIMIT = 200_000


def placing(counts: Sequence[int], values: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """``(rank_points(counts, values), sole_leader(counts))``, memoized.

    Bots evaluate millions of positions whose regions repeat the same few count patterns,
    so this pure function is cached (bounded: cleared when it grows past the limit).
    """
    key = (tuple(counts), values)
    hit = _PLACING_CACHE.get(key)
    if hit is None:
        if len(_PLACING_CACHE) >= _PLACING_CACHE_LIMIT:
            _PLACING_CACHE.clear()
        hit = _PLACING_CACHE[key] = (tuple(rank_points(counts, values)), sole_leader(counts))
    return hit


def regions_value(state: State) -> list[int]:
    """Points per seat if all nine regions were scored now (bonuses included).

    Equal to summing :func:`area_points` over the regions; this is the bots' hot path.
    """
    total = [0] * state.players
    king = state.king
    grandes = state.grandes
    cache = _PLACING_CACHE
    for region, counts in enumerate(state.board):
        values = region_values(state, region)
        # A direct cache hit skips a call to placing(): worth ~10% of this function.
        hit = cache.get((tuple(counts), values))
        base, leader = hit if hit is not None else placing(counts, values)
        for s, value in enumerate(base):
            total[s] += value
        if leader >= 0:
            if region == king:
                total[leader] += KING_BONUS
            if grandes[leader] == region:
                total[leader] += GRANDE_BONUS
    return total


def scoring_now(state: State) -> list[list[int]]:
    """Per seat, one value per :data:`CATEGORIES` entry: what a general scoring would give
    now (the Castillo as it stands, where its totals may be seen, then every region with
    the King's and Grande bonuses) — the game's last scoring, were it held now."""
    rows = [[0] * len(CATEGORIES) for _ in range(state.players)]
    areas = list(range(NUM_REGIONS))
    if state.castillo_totals() is not None:
        areas.append(CASTILLO)
    for area in areas:
        base, king, grande = area_points(state, area)
        for seat, row in enumerate(rows):
            row[CAT_CASTILLO if area == CASTILLO else CAT_REGIONS] += base[seat]
            row[CAT_KING] += king[seat]
            row[CAT_GRANDE] += grande[seat]
    return rows
