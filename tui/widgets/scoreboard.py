"""The scoreboard: one line per seat with glyph, name, kind, score and whose turn it is."""

from __future__ import annotations

from textual.widgets import Static

from core.table import Seat
from tui.widgets.players import player_tag


class Scoreboard(Static):
    """Markup lines; ``extra[seat]`` adds a game's own short figure (e.g. "Mayor")."""

    def show(
        self,
        seats: tuple[Seat, ...],
        scores: list[int],
        acting: list[int],
        viewer: int | None,
        extra: dict[int, str] | None = None,
    ) -> None:
        """Redraw the board of scores."""
        lines = []
        for seat in seats:
            turn = "▶" if seat.index in acting else " "
            controller = seat.controller
            kind = "" if controller.is_human else f" [dim]{'remote' if controller.is_remote else controller.level}[/]"
            you = " [dim](you)[/]" if seat.index == viewer else ""
            note = f" {extra[seat.index]}" if extra and seat.index in extra else ""
            lines.append(
                f"{turn}{player_tag(seat.index, seat.name[:10])}{kind}{you}"
                f" [b]{scores[seat.index]:>3}[/]{note}"
            )
        self.update("\n".join(lines))
