"""Board pictures: rows of styled cells, drawn through Textual's line API (shared by all games).

A game's render function fills a :class:`Picture` — text put at (row, col) with a style
(Textual style text such as ``"bold $player-1"``, never markup, so no text on a board is
ever read as a tag) — and knows nothing of cursors. The screen then calls
:meth:`Picture.mark` on the places under the cursor and where moves can be made; how a
mark looks is the ``board-picture--<mark>`` component class in ``game.tcss``, one look for
every game and theme.

:class:`BoardPicture` shows a picture. It keeps one :class:`~textual.strip.Strip` per row
and, when shown a new picture of the same size, repaints only the rows that differ: a
cursor move redraws two rows, without a layout.
"""

from __future__ import annotations

from typing import Iterable, Sequence, Union

from rich.cells import get_character_cell_size
from rich.segment import Segment
from rich.style import Style as RichStyle
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.style import Style
from textual.widget import Widget

from core.words import visible

MARKS = ("target", "aim", "flash", "cursor")
"""Marks a place can carry, weakest first: a stronger mark's style is laid over a weaker one."""

Parts = Union[str, Sequence[tuple[str, str]]]
"""What :meth:`Picture.put` draws: plain text, or (text, style) parts side by side."""

Run = tuple[str, str, tuple[str, ...]]
"""A run of cells sharing one style and marks: (text, style, marks)."""


class Picture:
    """A board picture being drawn: cells of (character, style), and marks on placed items.

    Rows grow as text is put on them; a row's unused cells are blank. Put text overwrites
    what was there, so a background (borders, roads) is drawn first and labels on top.
    """

    def __init__(self, width: int = 0, height: int = 0) -> None:
        self.width = width
        self._chars: list[list[str]] = [[" "] * width for _ in range(height)]
        self._styles: list[list[str]] = [[""] * width for _ in range(height)]
        self._items: dict[tuple[int, int], int] = {}  # (row, col) -> length of what was put
        self._marks: dict[tuple[int, int], set[str]] = {}  # cell -> marks

    @property
    def height(self) -> int:
        """Rows drawn so far."""
        return len(self._chars)

    def _grow(self, row: int, end: int) -> None:
        while len(self._chars) <= row:
            self._chars.append([" "] * self.width)
            self._styles.append([""] * self.width)
        if end > self.width:
            for chars, styles in zip(self._chars, self._styles):
                chars.extend(" " * (end - self.width))
                styles.extend([""] * (end - self.width))
            self.width = end

    def put(self, row: int, col: int, parts: Parts, style: str = "") -> int:
        """Draw ``parts`` at (row, col); returns the number of cells used.

        ``style`` applies under each part's own style. Text is made visible first (no
        control characters reach the terminal); a wide character takes two cells.
        """
        pieces = [(parts, "")] if isinstance(parts, str) else list(parts)
        cells: list[tuple[str, str]] = []
        for text, own in pieces:
            combined = f"{style} {own}".strip() if style and own else (own or style)
            for char in visible(text):
                size = get_character_cell_size(char)
                if size <= 0:
                    continue
                cells.append((char, combined))
                if size == 2:
                    cells.append(("", combined))  # the right half of a wide character
        self._grow(row, col + len(cells))
        chars, styles = self._chars[row], self._styles[row]
        for offset, (char, cell_style) in enumerate(cells):
            chars[col + offset] = char
            styles[col + offset] = cell_style
        if cells:
            self._items[(row, col)] = len(cells)
        return len(cells)

    def mark(self, row: int, col: int, mark: str) -> bool:
        """Mark the item put at (row, col) (``mark`` one of :data:`MARKS`); False if none."""
        length = self._items.get((row, col), 0)
        for x in range(col, col + length):
            self._marks.setdefault((row, x), set()).add(mark)
        return bool(length)

    def cover(self, top: int, rows: list[Parts], style: str = "") -> None:
        """Draw ``rows`` over whole rows from ``top`` on (a panel laid over the picture,
        such as a card's text): what was there, its items and marks, is gone."""
        for offset, parts in enumerate(rows):
            row = top + offset
            self._grow(row, self.width)
            self._chars[row] = [" "] * self.width
            self._styles[row] = [style] * self.width
            for x in range(self.width):
                self._marks.pop((row, x), None)
            for key in [key for key in self._items if key[0] == row]:
                del self._items[key]
            self.put(row, 0, parts, style)

    def lines(self) -> list[str]:
        """Every row's plain text (for tests)."""
        return ["".join(chars).rstrip() for chars in self._chars]

    def runs(self, row: int) -> tuple[Run, ...]:
        """A row as runs of cells sharing a style and marks (trailing blanks dropped)."""
        chars, styles = self._chars[row], self._styles[row]
        end = len(chars)
        while end and chars[end - 1] == " " and not styles[end - 1] and (row, end - 1) not in self._marks:
            end -= 1
        out: list[Run] = []
        text = ""
        key: tuple[str, tuple[str, ...]] | None = None
        for x in range(end):
            marks = self._marks.get((row, x))
            cell_key = (styles[x], tuple(m for m in MARKS if marks and m in marks))
            if cell_key != key:
                if key is not None:
                    out.append((text, key[0], key[1]))
                text, key = "", cell_key
            text += chars[x]
        if key is not None and text:
            out.append((text, key[0], key[1]))
        return tuple(out)

    def all_runs(self) -> list[tuple[Run, ...]]:
        """Every row as runs."""
        return [self.runs(row) for row in range(self.height)]


class BoardPicture(Widget):
    """Shows a :class:`Picture`; a new picture repaints only the rows that changed."""

    COMPONENT_CLASSES = {f"board-picture--{mark}" for mark in MARKS}

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._rows: list[tuple[Run, ...]] = []
        self._width = 0
        self._strips: dict[int, Strip] = {}
        self._styles: dict[tuple[str, tuple[str, ...]], RichStyle] = {}

    def plain_lines(self) -> list[str]:
        """The text shown, a string per row (for tests)."""
        return ["".join(text for text, _, _ in row) for row in self._rows]

    def show(self, picture: Picture) -> None:
        """Show ``picture``: rows equal to the ones shown are not sent again."""
        rows = picture.all_runs()
        if len(rows) != len(self._rows) or picture.width != self._width:
            self._rows, self._width = rows, picture.width
            self._strips.clear()
            self.refresh(layout=True)
            return
        width = max(self.size.width, self._width)
        for y, (old, new) in enumerate(zip(self._rows, rows)):
            if old != new:
                self._rows[y] = new
                self._strips.pop(y, None)
                self.refresh(Region(0, y, width, 1))

    # --- Textual's line API -----------------------------------------------------------------
    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self._width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._rows)

    def notify_style_update(self) -> None:
        """A theme or CSS change: styles are resolved again, rows drawn again."""
        super().notify_style_update()
        self._styles.clear()
        self._strips.clear()

    def _rich_style(self, style: str, marks: tuple[str, ...]) -> RichStyle:
        key = (style, marks)
        found = self._styles.get(key)
        if found is None:
            combined: Style = self.visual_style
            if style:
                combined = combined + self.app.stylesheet.parse_style(style)
            for mark in marks:
                combined = combined + self._mark_style(mark)
            found = self._styles[key] = combined.rich_style
        return found

    def _mark_style(self, mark: str) -> Style:
        """A mark's component style; Textual's visual style leaves out ``reverse``, which
        the Rich style of the same component keeps."""
        name = f"board-picture--{mark}"
        style = self.get_visual_style(name, partial=True)
        if self.get_component_rich_style(name, partial=True).reverse:
            style = style + Style(reverse=True)
        return style

    def render_line(self, y: int) -> Strip:
        strip = self._strips.get(y)
        if strip is None:
            runs: Iterable[Run] = self._rows[y] if y < len(self._rows) else ()
            segments = [Segment(text, self._rich_style(style, marks)) for text, style, marks in runs]
            strip = self._strips[y] = Strip(segments)
        # Always exactly as wide as the widget is now (a row cached at another width
        # would otherwise be drawn with stale blanks after it).
        return strip.adjust_cell_length(self.size.width, self.visual_style.rich_style)
