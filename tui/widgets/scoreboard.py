"""The scoreboard: one line per seat with glyph, name, kind, points (so far and if the
game ended now) and whose turn it is; :func:`score_label` heads it, saying what the
numbers are. A co-operative game's seats share one score: it stands once, on a Team line
above the seats, and the seats' lines carry none."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from core.engine import Standings
from core.table import Seat
from tui.text import template
from tui.widgets.players import player_tag


def score_label(standings: Standings) -> str:
    """What the scores are ("VP now → if it ended now"), for the scoreboard and the panel."""
    if standings.now is None:
        return f"{standings.unit} if the game ended now"
    return f"{standings.unit} now → if it ended now"


def score_text(standings: Standings, seat: int) -> str:
    """A seat's points in :func:`score_label`'s order ("  3→12", or " 12" when nothing
    scores before the end).

    >>> from core.engine import Standings
    >>> score_text(Standings(("Total",), ((12,), (9,)), ((3,), (4,))), 0)
    '  3→12'
    >>> score_text(Standings(("Total",), ((12,), (9,))), 1)
    '  9'
    """
    now, projected = standings.now, standings.projected
    return f"{projected[seat]:>3}" if now is None else f"{now[seat]:>3}→{projected[seat]}"


class Scoreboard(Static):
    """One line per seat; ``extra[seat]`` adds a game's own short figure (e.g. "Mayor"),
    and ``heading`` a line above them all (e.g. the names of the extras' columns). With
    ``team`` (a co-operative game) the shared score is on one Team line above the seats."""

    def show(
        self,
        seats: tuple[Seat, ...],
        standings: Standings,
        acting: list[int],
        viewer: int | None,
        extra: dict[int, Content] | None = None,
        heading: Content | None = None,
        away: frozenset[int] = frozenset(),
        team: bool = False,
    ) -> None:
        """Redraw the board of scores (``away``: players of a network table who are
        disconnected, labelled so; ``team``: the seats play as one team, every seat's
        standings the same, shown once)."""
        lines: list[Content] = []
        if team and seats:
            lines.append(template(" [b]Team[/] [b]$score[/]", score=score_text(standings, seats[0].index)))
        if heading:
            lines.append(heading)
        for seat in seats:
            controller = seat.controller
            # (a player at another app is a person like any other: only bots are labelled)
            kind = "" if controller.is_human or controller.is_remote else controller.level
            if seat.index in away:
                kind = "away"
            lines.append(Content.assemble(
                "▶" if seat.index in acting else " ",
                player_tag(seat.index, seat.name[:10]),
                template(" [dim]$kind[/]", kind=kind) if kind else "",
                template(" [dim](you)[/]") if seat.index == viewer else "",
                "" if team else template(" [b]$score[/]", score=score_text(standings, seat.index)),
                Content.assemble(" ", extra[seat.index]) if extra and seat.index in extra else "",
            ))
        self.update(Content("\n").join(lines))
