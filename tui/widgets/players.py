"""How players are told apart: a letter glyph always, and a theme colour on top."""

from __future__ import annotations

from textual.content import Content

from core.engine import SEAT_LETTERS
from tui.text import plain


def player_glyph(seat: int) -> str:
    """The letter that marks ``seat`` everywhere (never colour alone)."""
    return SEAT_LETTERS[seat]


def player_style(seat: int) -> str:
    """Content markup style for ``seat``'s colour (a theme variable)."""
    return f"bold $player-{seat + 1}"


def player_tag(seat: int, name: str | None = None) -> Content:
    """The glyph in the seat's colour, then the name as plain text: ``A Ada``."""
    glyph = Content.styled(player_glyph(seat), player_style(seat))
    return Content.assemble(glyph, " ", plain(name)) if name else glyph
