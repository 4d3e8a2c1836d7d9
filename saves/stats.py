"""Players' records, computed from the saves folder (the one source of truth, no second store).

:func:`read_source` lists the saves folder (:func:`saves.store.list_saves`, whose verdicts
are remembered, so reading it again is quick) and keeps what statistics need of each
readable save: its header and, once the game is over, its result (totals and ranks per
seat, kept in the header; for a save written before headers kept it, the listing gives the
result of its replayed game). :func:`compute_stats` adds them up per player name and game:

- games, finished, wins (a first place shared among k seats counts 1/k), the win rate
  (of finished games), the average and best final score, and how many games they played
  against each bot level;
- for a co-operative game (:attr:`core.registry.Listing.cooperative`: Settlement) the
  team's record by its difficulty option: won, lost and the best score. Its players' rows
  count the team's wins and scores; their bots are teammates, so no "against" there.

Only human seats have records (bots are opponents or teammates, not players; the remote
players of a network game are saved as human seats). A name seated twice in one save counts
once, at its first seat. Unfinished games count as games, not in wins, rates or scores.
Saves with no human seat count in nothing but :attr:`Stats.saves`. A save that cannot be
read is skipped and counted in :attr:`Stats.broken`, never an error.

:func:`scores_over_time` gives a player's final scores game by game, for a chart.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from core.registry import UnknownGame, game_ids, listing
from saves.format import SaveHeader, SaveResult, parse_time
from saves.store import list_saves

TEAM_OPTION = "difficulty"
"""The option a co-operative game's team record is kept by (Settlement's difficulty)."""

_USUAL_ORDER = ("easy", "normal", "hard")


@dataclass(frozen=True)
class Played:
    """One readable save as statistics see it: its name and header."""

    name: str
    header: SaveHeader

    @property
    def result(self) -> SaveResult | None:
        """The final scores and ranks; None while the game goes on."""
        return self.header.result

    @property
    def when(self) -> datetime:
        """When the game was last played (for a finished game: when it ended)."""
        return self.header.updated_at


@dataclass(frozen=True)
class StatsSource:
    """What statistics are computed from: every readable save (newest first) and the
    problems of those that cannot be read, as ``(save name, problem)``."""

    played: tuple[Played, ...]
    broken: tuple[tuple[str, str], ...] = ()


def read_source(directory: Path | str | None = None) -> StatsSource:
    """The saves of ``directory`` (default: the saves folder) for statistics; never raises
    for a bad file (it goes to ``broken``), and a missing folder gives no saves."""
    played: list[Played] = []
    broken: list[tuple[str, str]] = []
    for entry in list_saves(directory):
        header = entry.header
        if header is None or entry.error is not None:
            broken.append((entry.name, entry.error or "it cannot be read"))
            continue
        problem = _game_problem(header)
        if problem is None and header.over and header.result is None:
            problem = "its final scores cannot be added up"
        if problem is not None:
            broken.append((entry.name, problem))
        else:
            played.append(Played(entry.name, header))
    return StatsSource(tuple(played), tuple(broken))


def _game_problem(header: SaveHeader) -> str | None:
    """Why a header cannot count (its game is unknown, or its result not the game's kind)."""
    try:
        team = listing(header.game_id).cooperative
    except UnknownGame:
        return f"it is a game of '{header.game_id}', which this version of Meeple does not have"
    except Exception as exc:  # a broken game module must not break statistics
        return f"the game '{header.game_id}' could not be loaded ({str(exc)[:160]})"
    if header.result is not None and header.result.cooperative != team:
        kind = "a team" if header.result.cooperative else "a competitive"
        return f"its result is {kind} result, which a game of '{header.game_id}' does not have"
    return None


@dataclass
class PlayerStats:
    """One player's record in one game."""

    game_id: str
    name: str
    games: int = 0
    finished: int = 0
    wins: float = 0.0
    """A first place shared among k seats counts 1/k (in a team game, a team win is 1)."""
    score_sum: int = 0
    best: int | None = None
    against: dict[str, int] = field(default_factory=dict)
    """Bot level -> games played against at least one bot of that level (easy first)."""
    last_played: str = ""
    """When their latest game was last played (ISO-8601 UTC text, as in save headers)."""

    @property
    def win_rate(self) -> float | None:
        """Wins per finished game; None before any game is finished."""
        return self.wins / self.finished if self.finished else None

    @property
    def average(self) -> float | None:
        """The average final score of finished games; None before any."""
        return self.score_sum / self.finished if self.finished else None

    def to_data(self) -> dict[str, Any]:
        """The record as plain JSON data."""
        return {
            "name": self.name,
            "games": self.games,
            "finished": self.finished,
            "wins": _wins(self.wins),
            "win_rate": None if self.win_rate is None else round(self.win_rate, 4),
            "average": None if self.average is None else round(self.average, 2),
            "best": self.best,
            "against": dict(self.against),
            "last_played": self.last_played,
        }


@dataclass
class TeamStats:
    """A co-operative game's team record at one difficulty."""

    game_id: str
    difficulty: str
    games: int = 0
    finished: int = 0
    won: int = 0
    best: int | None = None

    @property
    def lost(self) -> int:
        """Finished games the team lost."""
        return self.finished - self.won

    def to_data(self) -> dict[str, Any]:
        """The record as plain JSON data."""
        return {"difficulty": self.difficulty, "games": self.games, "finished": self.finished,
                "won": self.won, "lost": self.lost, "best": self.best}


@dataclass(frozen=True)
class GameStats:
    """Every record of one game: its players' (most games first) and, for a co-operative
    game, the team's by difficulty."""

    game_id: str
    title: str
    cooperative: bool
    players: tuple[PlayerStats, ...]
    teams: tuple[TeamStats, ...] = ()

    def player(self, name: str) -> PlayerStats | None:
        """The record of the player called ``name`` (exactly), if any."""
        return next((record for record in self.players if record.name == name), None)

    def to_data(self) -> dict[str, Any]:
        """The game's records as plain JSON data."""
        return {"game": self.game_id, "title": self.title, "cooperative": self.cooperative,
                "players": [record.to_data() for record in self.players],
                "teams": [record.to_data() for record in self.teams]}


@dataclass(frozen=True)
class Stats:
    """The records of every game with a human player, in menu order, how many saves were
    counted (``saves``: of the game asked for, if one was) and those skipped as unreadable
    (``broken``: name and problem; any game's, as an unreadable file names none)."""

    games: tuple[GameStats, ...]
    saves: int
    broken: tuple[tuple[str, str], ...] = ()

    def game(self, game_id: str) -> GameStats | None:
        """The records of one game, if anyone played it."""
        return next((entry for entry in self.games if entry.game_id == game_id), None)

    def to_data(self) -> dict[str, Any]:
        """Everything as plain JSON data."""
        return {
            "saves": self.saves,
            "broken": len(self.broken),
            "broken_saves": [{"name": name, "problem": problem} for name, problem in self.broken],
            "games": [entry.to_data() for entry in self.games],
        }


def compute_stats(source: StatsSource, game: str | None = None) -> Stats:
    """Every player's record per game (only ``game``'s, when given) from ``source``."""
    players: dict[tuple[str, str], PlayerStats] = {}
    teams: dict[tuple[str, str], TeamStats] = {}
    count = 0
    for entry in source.played:
        header = entry.header
        if game is not None and header.game_id != game:
            continue
        count += 1
        team = listing(header.game_id).cooperative
        seats = _human_seats(header)
        if not seats:
            continue
        levels = sorted({p.level for p in header.players if p.kind == "bot"}, key=_level_key)
        for seat in seats:
            name = header.players[seat].name
            record = players.setdefault((header.game_id, name), PlayerStats(header.game_id, name))
            record.games += 1
            if entry.when > _when(record.last_played):
                record.last_played = header.updated
            if not team:
                for level in levels:
                    record.against[level] = record.against.get(level, 0) + 1
            if entry.result is not None:
                score = entry.result.totals[seat]
                record.finished += 1
                record.wins += entry.result.win_share(seat)
                record.score_sum += score
                record.best = score if record.best is None else max(record.best, score)
        if team:
            difficulty = str(header.options.get(TEAM_OPTION, "")) or "-"
            record_t = teams.setdefault((header.game_id, difficulty), TeamStats(header.game_id, difficulty))
            record_t.games += 1
            if entry.result is not None:
                record_t.finished += 1
                record_t.won += entry.result.team_won
                score = entry.result.totals[0]
                record_t.best = score if record_t.best is None else max(record_t.best, score)
    return Stats(_by_game(players, teams), count, source.broken)


def _human_seats(header: SaveHeader) -> list[int]:
    """The human seats of a save, each name once (its first seat)."""
    seen: set[str] = set()
    seats = []
    for seat, player in enumerate(header.players):
        if player.kind == "human" and player.name not in seen:
            seen.add(player.name)
            seats.append(seat)
    return seats


def _by_game(players: dict[tuple[str, str], PlayerStats],
             teams: dict[tuple[str, str], TeamStats]) -> tuple[GameStats, ...]:
    """The records grouped by game in menu order (players with most games first)."""
    order = {game_id: index for index, game_id in enumerate(game_ids())}
    played = sorted({game_id for game_id, _ in players} | {game_id for game_id, _ in teams},
                    key=lambda game_id: (order.get(game_id, len(order)), game_id))
    games = []
    for game_id in played:
        entry = listing(game_id)
        rows = sorted((r for (g, _), r in players.items() if g == game_id),
                      key=lambda r: (-r.games, r.name.casefold(), r.name))
        for record in rows:
            record.against = dict(sorted(record.against.items(), key=lambda item: _level_key(item[0])))
        team_rows = sorted((r for (g, _), r in teams.items() if g == game_id),
                           key=lambda r: _level_key(r.difficulty))
        games.append(GameStats(game_id, entry.title, entry.cooperative, tuple(rows), tuple(team_rows)))
    return tuple(games)


def scores_over_time(source: StatsSource, player: str, game: str,
                     last: int | None = None) -> list[tuple[datetime, int]]:
    """``player``'s final score in each finished game of ``game`` they played at a human
    seat, as ``(when it ended, score)``, oldest first; only the ``last`` ones when given.
    In a co-operative game the score is the team's."""
    points: list[tuple[datetime, int]] = []
    for entry in source.played:
        header = entry.header
        if header.game_id != game or entry.result is None:
            continue
        seat = next((s for s in _human_seats(header) if header.players[s].name == player), None)
        if seat is not None:
            points.append((entry.when, entry.result.totals[seat]))
    points.sort(key=lambda point: point[0])
    return points if last is None else points[max(0, len(points) - last):]


def read_stats(directory: Path | str | None = None, game: str | None = None) -> Stats:
    """:func:`compute_stats` of :func:`read_source`: the records from the saves folder."""
    return compute_stats(read_source(directory), game)


# --- the figures as players read them (the command's tables and the screen's) -------------


def wins_text(wins: float) -> str:
    """Wins as text: whole, or to two places when a first place was shared ("1.33").

    >>> wins_text(3.0), wins_text(0.5), wins_text(4 / 3), wins_text(0.1 * 3), wins_text(0.3 * 3 + 0.1)
    ('3', '0.5', '1.33', '0.3', '1')
    """
    return f"{wins:.2f}".rstrip("0").rstrip(".")


def percent_text(rate: float | None) -> str:
    """A rate as a whole percentage ("67%"), "-" when there is none yet."""
    return "-" if rate is None else f"{rate * 100:.0f}%"


def average_text(value: float | None) -> str:
    """An average to one place ("27.5"), "-" when there is none yet."""
    return "-" if value is None else f"{value:.1f}"


def whole_text(value: int | None) -> str:
    """A whole figure, "-" when there is none yet."""
    return "-" if value is None else str(value)


def player_figures(record: PlayerStats) -> list[str]:
    """A player's figures as text: games, finished, wins, win rate, average, best."""
    return [str(record.games), str(record.finished), wins_text(record.wins),
            percent_text(record.win_rate), average_text(record.average), whole_text(record.best)]


def team_figures(record: TeamStats) -> list[str]:
    """A team record's figures as text: games, finished, won, lost, best."""
    return [str(record.games), str(record.finished), str(record.won), str(record.lost),
            whole_text(record.best)]


def _when(text: str) -> datetime:
    """An ISO time from a header as a datetime; the earliest one for none yet."""
    return parse_time(text) if text else datetime.min.replace(tzinfo=timezone.utc)


def _level_key(level: str) -> tuple[int, str]:
    """Sort key of a bot level or difficulty: easy, normal, hard, then any other by name."""
    return (_USUAL_ORDER.index(level) if level in _USUAL_ORDER else len(_USUAL_ORDER), level)


def _wins(value: float) -> float | int:
    """Wins for JSON: a whole number when no win was shared, else rounded to 3 places."""
    rounded = round(value, 3)
    return int(rounded) if rounded == int(rounded) else rounded
