"""Plain text of several lines for the card viewer and the detail lines: :func:`tui.text.plain`
makes a newline visible ("␊"), as any control character from outside."""

from __future__ import annotations

from textual.content import Content

from tui.text import plain


def paragraphs(text: str) -> Content:
    """``text`` as plain Content, each of its lines (split at newlines) a line of its own."""
    return Content("\n").join(plain(line) for line in text.split("\n"))
