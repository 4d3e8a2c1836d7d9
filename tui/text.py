"""Text from the rules, save files, players or the network, shown as plain text.

Meeple's own panels are written in Textual markup; anything else that goes into them (a
player's name, a move's description, a file name) is never part of a markup string, so it
can never be read as markup, and it never reaches the terminal with its control
characters. The ways to show it:

- :func:`template`: our own markup with ``$name`` holes, filled with outside values as
  plain text (Content, never parsed). Pieces that are styled already (a player's tag)
  are joined to it with :meth:`Content.assemble` or :meth:`Content.join`, not put in holes.
- :func:`plain`: outside text alone as :class:`~textual.content.Content`.
- :func:`rich_plain`: the same as Rich :class:`~rich.text.Text`, for widgets that take
  Rich text (DataTable).
- :func:`notify`: a notification, always plain text.
"""

from __future__ import annotations

from typing import Protocol

from rich.text import Text
from textual.content import Content
from textual.notifications import SeverityLevel

from core.words import visible

def template(markup: str, /, **values: object) -> Content:
    """Our own ``markup`` with its ``$name`` (or ``${name}``) holes filled by ``values``.

    Textual parses the template first and only then puts each value (``str()`` of it,
    control characters made visible) into the text as it is: a value is never read as
    markup, and a ``$`` in it is never a hole. Holes are filled in text only; inside a
    tag such as ``[b $warning]`` a ``$`` names a theme variable, as in any markup.

    >>> template("[b]$name[/b] · $note", name="[@click=app.quit()]Bo", note="$warning").plain
    '[@click=app.quit()]Bo · $warning'
    >>> template("[b $warning]Veto?[/] $question", question="[b]x\\x1b").spans
    [Span(0, 5, style='b $warning')]
    """
    for name, value in values.items():
        if isinstance(value, (Content, Text)):
            raise TypeError(f"{name}: styled text is joined with Content.assemble, not put in a hole")
    return Content.from_markup(markup, **{name: visible(str(value)) for name, value in values.items()})


def plain(text: object, style: str = "") -> Content:
    """``text`` as Content that is never parsed as markup (control characters visible)."""
    content = Content(visible(str(text)))
    return content.stylize(style) if style else content


def paragraphs(text: str) -> Content:
    """``text`` as plain Content, each of its lines (split at newlines) a line of its own:
    :func:`plain` would show a newline as a visible control character (card texts, details).

    >>> paragraphs(chr(10).join(["one", "two [b]x[/b]"])).plain.splitlines()
    ['one', 'two [b]x[/b]']
    """
    return Content("\n").join(plain(line) for line in text.split("\n"))


def rich_plain(text: object, style: str = "") -> Text:
    """``text`` as a Rich :class:`~rich.text.Text` for widgets that parse strings as Rich markup."""
    return Text(visible(str(text)), style=style)


class Notifier(Protocol):
    """Anything with Textual's ``notify`` (an App, a Screen, a Widget)."""

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None: ...


def notify(
    target: Notifier,
    message: object,
    *,
    title: str = "",
    severity: SeverityLevel = "information",
    timeout: float | None = None,
) -> None:
    """Show ``message`` in a notification as plain text (control characters visible).

    Textual reads a notification's message as markup unless told otherwise; Meeple's
    notifications carry no markup of their own, so every one is sent with ``markup=False``
    and outside text can be put in the message as it is. Thread-safe, as ``notify`` is.
    """
    target.notify(visible(str(message)), title=title, severity=severity, timeout=timeout, markup=False)
