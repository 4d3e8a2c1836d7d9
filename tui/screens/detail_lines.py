"""The detail lines under a game's board: what the place under the cursor is, shown
without laying the screen out again at every arrow.

:class:`DetailLinesScreen` is the base of :class:`~tui.screens.game.GameScreen`; the
games call :meth:`~DetailLinesScreen.show_detail` as the cursor moves,
:meth:`~DetailLinesScreen.reserve_detail` when the places it can visit change, and
:meth:`~DetailLinesScreen.fit_legend` where a legend shares the board's column.
"""

from __future__ import annotations

from typing import Iterable

from textual.content import Content, Span
from textual.widgets import Static

from tui.screens.styled import StyledScreen
from tui.widgets.legend import Legend


class DetailLinesScreen(StyledScreen[None]):
    """A screen with detail lines (``Static`` widgets) in a column ``#board``."""

    def __init__(self) -> None:
        super().__init__()
        # The text last shown in each detail line, with its styles (Content's == compares
        # the text only, and a line may change its styles alone).
        self._details: dict[str, tuple[str, list[Span]]] = {}
        self._reserved: dict[str, tuple[int, int]] = {}  # detail line -> (width, rows) reserved

    def show_detail(self, selector: str, text: Content, grow_only: bool = False) -> None:
        """Show ``text`` in a board's detail line; unchanged text is not sent again, and
        the screen is laid out again only when the line needs more or fewer rows (or, once
        :meth:`reserve_detail` gave it the rows of the tallest detail, only for a text
        taller still; or, ``grow_only``, only for more rows: a preview leaves a taller
        line as it is)."""
        widget = self.query_one(selector, Static)
        shown = (text.plain, list(text.spans))
        if self._details.get(selector) == shown:
            return
        self._details[selector] = shown
        widget.update(text, layout=False)
        reserved = self._reserved.get(selector)
        height = widget.styles.height
        if reserved is None and not (height is None or height.is_auto):
            return  # a line of fixed rows: nothing to lay out
        # A layout costs a second frame (the scrolling panels repaint): only when the new
        # text needs another number of rows (for a preview, more rows only).
        width = reserved[0] if reserved is not None else widget.content_region.width
        if not width:
            return
        rows = text.get_height(widget.styles.get_rules(), width)
        if reserved is not None:
            rows = max(rows, reserved[1])
        shown_rows = widget.content_region.height
        if rows > shown_rows or (rows < shown_rows and not grow_only):
            if reserved is not None:
                widget.styles.height = rows
            else:
                widget.refresh(layout=True)

    def reserve_detail(self, selector: str, texts: Iterable[Content]) -> None:
        """Give a detail line the rows of the tallest of ``texts`` (what it says at each
        place the cursor can visit now), so that moving the cursor never lays the screen
        out again: called when the places change, not on every arrow."""
        widget = self.query_one(selector, Static)
        width = widget.content_region.width
        if width <= 0:  # not laid out yet: the first resize draws the board again
            return
        rules = widget.styles.get_rules()
        rows = max((text.get_height(rules, width) for text in texts), default=1)
        # Never more rows than the board column has to spare: on a short screen a place
        # with a taller detail then lays the screen out when the cursor gets there.
        column = self.query_one("#board")
        used = sum(child.outer_size.height for child in column.children if child.display)
        spare = column.content_region.height - used
        if column.content_region.height and spare >= 0:
            rows = min(rows, widget.content_region.height + spare)
        self._reserved[selector] = (width, rows)
        if widget.content_region.height != rows:
            widget.styles.height = rows
            self._details.pop(selector, None)

    def fit_legend(self, legend_selector: str, detail_selector: str, board_rows: int) -> None:
        """Show the legend only where it fits in the board column under ``board_rows`` and
        the detail line (on a short screen the board needs the rows; the help tells the
        codes). The legend is a :class:`tui.widgets.legend.Legend`."""
        column = self.query_one("#board")
        height = column.content_region.height
        if not height:
            return
        legend = self.query_one(legend_selector, Legend)
        detail = self.query_one(detail_selector, Static)
        rows = len(legend.lines(max(1, legend.content_region.width or column.content_region.width - 2)))
        fits = board_rows + detail.outer_size.height + rows <= height
        if legend.display != fits:
            legend.display = fits
