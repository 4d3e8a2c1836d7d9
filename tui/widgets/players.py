"""How players are told apart: a letter glyph always, and a theme colour on top."""

from __future__ import annotations

from core.engine import SEAT_LETTERS
from tui.text import esc


def player_glyph(seat: int) -> str:
    """The letter that marks ``seat`` everywhere (never colour alone)."""
    return SEAT_LETTERS[seat]


def player_style(seat: int) -> str:
    """Content markup style for ``seat``'s colour (a theme variable)."""
    return f"bold $player-{seat + 1}"


def player_tag(seat: int, name: str | None = None) -> str:
    """Markup such as ``[bold $player-1]A[/] Ada`` (glyph in colour, name plain)."""
    text = f"[{player_style(seat)}]{player_glyph(seat)}[/]"
    return f"{text} {esc(name)}" if name else text
