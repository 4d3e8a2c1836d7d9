"""Text from the rules, save files, players or the network, shown as plain text.

Meeple's own panels are written in Textual markup; anything else that goes into them (a
player's name, a move's description, a file name) must never be read as markup or reach
the terminal with its control characters. :func:`esc` makes such text safe to put inside
our markup, :func:`plain` turns it into :class:`~textual.content.Content` with no markup
at all, and :func:`rich_plain` does the same for widgets that take Rich text (DataTable).
"""

from __future__ import annotations

from rich.text import Text
from textual.content import Content

from core.words import visible

# A trailing backslash would escape the "[" of the markup tag that follows it; a zero-width
# space between them keeps the backslash literal and the tag a tag.
_ZERO_WIDTH_SPACE = "\u200b"


def esc(text: object) -> str:
    """``text`` made visible and escaped for use inside Textual markup.

    Every ``[`` is escaped (Textual's own ``escape`` leaves ``[$var]`` and ``[B]`` alone,
    which Textual still reads as tags), and control characters are made visible.

    >>> esc("[@click=app.quit()]Bo")
    '\\\\[@click=app.quit()]Bo'
    """
    shown = visible(str(text)).replace("[", "\\[")
    return shown + _ZERO_WIDTH_SPACE if shown.endswith("\\") else shown


def plain(text: object, style: str = "") -> Content:
    """``text`` as Content that is never parsed as markup (control characters visible)."""
    content = Content(visible(str(text)))
    return content.stylize(style) if style else content


def rich_plain(text: object, style: str = "") -> Text:
    """``text`` as a Rich :class:`~rich.text.Text` for widgets that parse strings as Rich markup."""
    return Text(visible(str(text)), style=style)
