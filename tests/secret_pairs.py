"""Positions with a secret choice, for the tests that nothing shown depends on it.

A *pair* is a position where one seat had two moves that another seat (the viewer) cannot
tell apart: the viewer's view is the same after either, but the game is not. Found by
playing seeded random games, so every game is searched the same way.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from core.registry import get_game
from core.rng import Rng
from core.table import Seat, Table

# Per game: (players, options) whose seeded games are searched for secret choices.
SEARCHED: dict[str, tuple[int, dict[str, Any]]] = {
    "elgrande": (2, {"castillo_visible": False}),
    "council": (3, {}),
    "quadropolis": (2, {}),
    "intendentes": (3, {}),
    "settlement": (2, {}),
}
# Games with a secret choice among their moves (El Grande's disks, and its special scorings
# chosen by secret disk): the search must find some. (Intendentes' plans kept from a hidden
# draw are not: the log names the plan thrown away, so no two keeps read the same.)
WITH_SECRETS = ("elgrande",)


class Pair(NamedTuple):
    """``moves`` lead to a position where ``seat`` chose ``made`` and could have chosen
    ``other``, which ``viewer`` cannot tell from it."""

    game_id: str
    players: int
    options: dict[str, Any]
    seed: int
    moves: list[tuple[int, Any]]
    seat: int
    made: Any
    other: Any
    viewer: int


def secret_pairs(game_id: str, seeds: range = range(4), limit: int = 2, max_moves: int = 400) -> list[Pair]:
    """Up to ``limit`` pairs from seeded random games of ``game_id`` (one per game at most)."""
    game = get_game(game_id)
    players, options = SEARCHED[game_id]
    pairs: list[Pair] = []
    for seed in seeds:
        table = Table.new(game, [Seat(i, f"P{i}") for i in range(players)], seed, options)
        rng = Rng(seed)
        for _ in range(max_moves):
            if table.is_over() or len(pairs) >= limit:
                break
            acting = table.to_act()
            seat = acting[rng.randbelow(len(acting))]
            legal = table.legal_actions(seat)
            made = legal[rng.randbelow(len(legal))]
            before = table.state
            found = _confusable(game, before, seat, made, legal, players)
            if found is not None:
                other, viewer = found
                pairs.append(Pair(game_id, players, options, seed, table.actions(), seat, made, other, viewer))
                break  # one pair per game: the next seed gives another position
            table.submit(seat, made)
    return pairs


def _log_line(game: Any, before: Any, seat: int, action: Any, after: Any) -> tuple[str, list[str]]:
    """What the shared log says of ``action``: its line and effects, from public views."""
    public_after = game.view(after, None)
    return game.narrate(action, seat, game.view(before, None), public_after), game.effects(public_after)


def _confusable(game: Any, before: Any, seat: int, made: Any, legal: list[Any],
                players: int) -> tuple[Any, int] | None:
    """Another legal move of ``seat`` and a seat that cannot tell it from ``made``: the same
    view and the same log line after either, but not the same game; None if there is none.
    (Worked out here without ``Game.unseen_by``, which the tests check against it.)"""
    after = game.apply(before, seat, made)
    line = _log_line(game, before, seat, made, after)
    true_after = game.encode_state(after)
    for other in legal:
        if other == made:
            continue
        alternative = game.apply(before, seat, other)
        if _log_line(game, before, seat, other, alternative) != line:
            continue
        if game.encode_state(alternative) == true_after:
            continue
        for viewer in range(players):
            if viewer != seat and game.view(alternative, viewer) == game.view(after, viewer):
                return other, viewer
    return None
