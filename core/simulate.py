"""Headless bot-vs-bot games for `meeple simulate` and the benchmarks (no clock here)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from core.ai import make_bot, play_game
from core.engine import Game


def seat_bots(bots: Sequence[str], players: int, game_index: int) -> list[str]:
    """Bot kind per seat: bots in rotation over seats, shifted by one seat every game."""
    return [bots[(seat + game_index) % len(bots)] for seat in range(players)]


def simulate(
    game: Game[Any, Any],
    players: int,
    games: int,
    bots: Sequence[str],
    seed: int,
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games and return the report fields of `meeple simulate --json`.

    A win shared by k players counts 1/k for each; in a co-operative game
    (:attr:`Game.cooperative`) a team win counts 1 for every bot kind at the table, so a
    kind's win rate is the share of its games the team won. Games that raise are counted in
    ``errors`` and skipped. Timing fields are added by the caller.
    """
    kinds = list(dict.fromkeys(bots))
    wins = {kind: 0.0 for kind in kinds}
    score_sum = {kind: 0.0 for kind in kinds}
    score_n = {kind: 0 for kind in kinds}
    errors = 0
    decisions_total = 0
    finished = 0
    names = [f"P{i + 1}" for i in range(players)]
    for index in range(games):
        game_seed = (seed + index) % (2**63)
        assignment = seat_bots(bots, players, index)
        seat_bots_objs = [make_bot(kind, game_seed * 7 + seat, game=game) for seat, kind in enumerate(assignment)]
        try:
            state, decisions = play_game(game, names, game_seed, seat_bots_objs, options)
            result = game.result(state)
        except Exception:  # a crashing game is what simulate exists to find: count it
            errors += 1
            continue
        finished += 1
        decisions_total += decisions
        winners = result.winners
        if game.cooperative:
            for kind in dict.fromkeys(assignment):
                wins[kind] += 1 if winners else 0
                score_sum[kind] += result.totals[0]
                score_n[kind] += 1
            continue
        for seat, kind in enumerate(assignment):
            if seat in winners:
                wins[kind] += 1 / len(winners)
            score_sum[kind] += result.totals[seat]
            score_n[kind] += 1
    return {
        "game": game.info.id,
        "players": players,
        "games": games,
        "errors": errors,
        "mean_decisions": round(decisions_total / finished, 2) if finished else 0.0,
        "decisions": decisions_total,
        "wins": {kind: round(value, 3) for kind, value in wins.items()},
        "win_rate": {
            kind: round(wins[kind] / max(1, score_n[kind] if game.cooperative else finished), 4)
            for kind in kinds
        },
        "mean_score": {
            kind: round(score_sum[kind] / score_n[kind], 2) if score_n[kind] else 0 for kind in kinds
        },
    }
