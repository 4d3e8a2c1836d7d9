"""``meeple stats [--json] [--game GAME]``: each player's record per game, from the saves.

The records are :mod:`saves.stats`'s, computed from the saves folder each time (its
listing's verdicts are remembered, so this is quick once the saves have been listed). The
text is one table per game (players with most games first), and for a co-operative game
the team's record by difficulty under it; ``--json`` prints :meth:`saves.stats.Stats.to_data`.
Unreadable saves are skipped and counted. Player names come from files: they are printed
with their control characters made visible. An unknown game, or a saves folder that cannot
be read, is one line and exit 2, as every command's bad argument.

:mod:`tui.cli` registers the command (:func:`add_parser`, :func:`run`); this module never
imports it back: the table layout is given to :func:`run`.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Callable, Sequence, TypeVar

from core.words import visible
from tui.cli_parser import UsageError

if TYPE_CHECKING:
    from saves.stats import GameStats, PlayerStats, Stats, TeamStats

P = TypeVar("P", bound=argparse.ArgumentParser)
Layout = Callable[[Sequence[str], Sequence[Sequence[str]]], str]
"""Lays out a plain text table: headers, then rows (:func:`tui.cli.format_table`)."""


def add_parser(sub: argparse._SubParsersAction[P]) -> P:
    """Add the ``stats`` command to the sub-commands ``sub``; returns its parser."""
    stats = sub.add_parser(
        "stats", help="each player's record per game, from the saved games",
        description="Games, finished games, wins (a shared first place counts as shared), "
                    "win rate, average and best score and the bot levels played against, per "
                    "player and game, computed from the saved games; for a co-operative game "
                    "also the team's record by difficulty. Only human seats have records.")
    stats.add_argument("--json", action="store_true", help="print one JSON object")
    stats.add_argument("--game", metavar="GAME", default=None,
                       help="only this game's records (see `meeple games`)")
    return stats


def run(parser: UsageError, args: argparse.Namespace, layout: Layout) -> int:
    """Run ``meeple stats`` with the parsed ``args``; ``layout`` draws the text tables."""
    from core.registry import UnknownGame, game_ids
    from saves import folder_problem
    from saves.stats import read_stats

    game = None
    if args.game is not None:
        game = args.game.strip().lower()
        if game not in game_ids():
            parser.error(str(UnknownGame(args.game)))
    stats = read_stats(game=game)
    if not stats.saves and not stats.broken:
        problem = folder_problem()
        if problem is not None:
            parser.fail(problem)
    if args.json:
        print(json.dumps(stats.to_data(), indent=2))
    else:
        print(stats_text(stats, layout))
    return 0


def stats_text(stats: Stats, layout: Layout) -> str:
    """The records as text: a table per game, then what was read and skipped."""
    blocks = [game_text(entry, layout) for entry in stats.games]
    if not blocks:
        blocks.append("No games with a human player in the saves yet.")
    read = f"{stats.saves} saved game{'' if stats.saves == 1 else 's'} counted"
    if stats.broken:
        count = len(stats.broken)
        read += (f"; {count} unreadable save{'' if count == 1 else 's'} skipped "
                 "(`meeple saves` says why)")
    blocks.append(read + ".")
    return "\n\n".join(blocks)


PLAYER_HEADERS = ("PLAYER", "GAMES", "FINISHED", "WINS", "WIN RATE", "AVERAGE", "BEST")
TEAM_HEADERS = ("DIFFICULTY", "GAMES", "FINISHED", "WON", "LOST", "BEST")


def game_text(entry: GameStats, layout: Layout) -> str:
    """One game's records: its title, the players' table and, for a co-operative game, the
    team's by difficulty (its players' bots are teammates: no "against" column there)."""
    headers = PLAYER_HEADERS if entry.cooperative else (*PLAYER_HEADERS, "AGAINST BOTS")
    rows = [player_cells(record, against=not entry.cooperative) for record in entry.players]
    lines = [visible(entry.title), layout(headers, rows)]
    if entry.cooperative and entry.teams:
        lines += ["", "The team, by difficulty:",
                  layout(TEAM_HEADERS, [team_cells(record) for record in entry.teams])]
    return "\n".join(lines)


def player_cells(record: PlayerStats, against: bool = True) -> list[str]:
    """A player's row: name (control characters visible), then the figures as text."""
    from saves.stats import player_figures

    cells = [visible(record.name), *player_figures(record)]
    if against:
        cells.append(against_text(record.against))
    return cells


def team_cells(record: TeamStats) -> list[str]:
    """A team record's row."""
    from saves.stats import team_figures

    return [visible(record.difficulty), *team_figures(record)]


def against_text(against: dict[str, int]) -> str:
    """Games against each bot level ("easy 3, hard 1"), "-" for none."""
    return ", ".join(f"{visible(level)} {count}" for level, count in against.items()) or "-"
