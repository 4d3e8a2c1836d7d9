"""How players are told apart: a letter glyph always, and a theme colour on top."""

from __future__ import annotations

from textual.content import Content

from core.engine import SEAT_LETTERS
from themes.loader import MAX_PLAYERS as PLAYER_COLOURS  # the colours a theme gives the seats
from tui.text import plain


def player_glyph(seat: int) -> str:
    """The letter that marks ``seat`` everywhere (never colour alone)."""
    return SEAT_LETTERS[seat]



def player_style(seat: int) -> str:
    """Content markup style for ``seat``'s colour (a theme variable).

    Seats beyond the theme's five colours (Settlement seats up to nine) take the colours
    again from the first; their letters tell them apart, as they always do.

    >>> player_style(0), player_style(5), player_style(8)
    ('bold $player-1', 'bold $player-1', 'bold $player-4')
    """
    return f"bold $player-{seat % PLAYER_COLOURS + 1}"


def player_tag(seat: int, name: str | None = None) -> Content:
    """The glyph in the seat's colour, then the name as plain text: ``A Ada``."""
    glyph = Content.styled(player_glyph(seat), player_style(seat))
    return Content.assemble(glyph, " ", plain(name)) if name else glyph
