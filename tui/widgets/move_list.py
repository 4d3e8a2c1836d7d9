"""The list of moves: a line-API widget drawing only the rows that change.

Textual's ``OptionList`` renders every visible option through its generic visual
pipeline each time its options are replaced, which made Enter on a board place (the list
narrowed to that place's moves) the slowest key of the game screens. :class:`MoveList`
keeps each option's wrapped lines, turns a row into a ``Strip`` once per look (plain,
highlighted; focused or not), and on a highlight change repaints only the rows of the old
and new option.

Layout follows the widget's CSS: ``text-wrap: nowrap`` gives one row per option, cut with
an ellipsis (``text-overflow: ellipsis``); otherwise options wrap, their later rows indented
by ``hang`` cells (a numbered option's text then reads as one block). Component classes
``move-list--option`` and ``move-list--highlighted`` style the rows (see game.tcss).
"""

from __future__ import annotations

from typing import ClassVar

from rich.segment import Segment
from textual import events
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip

from tui.widgets.steady import SteadyScrollbars


def shared_starts(texts: list[str], width: int) -> list[int]:
    """For each text wider than ``width``: where the words it shares with another text
    end (0 when it fits, or shares fewer than two words), so that a row cut to ``width``
    can show what tells it apart from its neighbours instead of what they all say.

    >>> shared_starts(["Open the auction for Field (B29)", "Open the auction for Town (B12)", "Pass"], 20)
    [21, 21, 0]
    >>> shared_starts(["Bid $6", "Pass"], 20)
    [0, 0]
    """
    starts = [0] * len(texts)
    order = sorted(range(len(texts)), key=lambda i: texts[i])
    for place, index in enumerate(order):
        text = texts[index]
        if len(text) <= width:
            continue
        best = 0
        for other in (place - 1, place + 1):
            if 0 <= other < len(order):
                best = max(best, _common_words(text, texts[order[other]]))
        if text[:best].count(" ") >= 2:
            starts[index] = best
    return starts


def _common_words(a: str, b: str) -> int:
    """The length of the words (each with the space after it) that ``a`` and ``b`` begin with."""
    end = 0
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            break
        if x == " ":
            end = i + 1
    return end


class MoveList(SteadyScrollbars, can_focus=True):
    """Options (plain :class:`Content`) under a highlight moved by the keyboard; Enter or a
    click selects one. The highlight stops at both ends (wrapping round made players pick
    a move they had not looked at)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "cursor_down", "Down", show=False),
        Binding("up", "cursor_up", "Up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("home", "first", "First", show=False),
        Binding("end", "last", "Last", show=False),
        Binding("enter", "select", "Select", show=False),
    ]
    COMPONENT_CLASSES: ClassVar[set[str]] = {"move-list--option", "move-list--highlighted"}

    highlighted: reactive[int | None] = reactive(None, init=False, always_update=True, repaint=False)
    """Index of the highlighted option (None when the list is empty); a change repaints
    only the rows of the old and the new option (not the whole list)."""

    show_highlight: reactive[bool] = reactive(True, init=False, repaint=False)
    """Whether the highlight is drawn: its owner turns it off while the keys are elsewhere
    (a highlighted move there read as the one the board's cursor would play)."""

    class Highlighted(Message):
        """The highlight moved to option ``index``."""

        def __init__(self, move_list: MoveList, index: int) -> None:
            super().__init__()
            self.move_list = move_list
            self.index = index

        @property
        def control(self) -> MoveList:
            """The list (what ``@on(..., selector)`` matches)."""
            return self.move_list

    class Selected(Highlighted):
        """Option ``index`` was chosen (Enter or a click)."""

    def __init__(self, *, id: str | None = None, classes: str | None = None,
                 show_highlight: bool = True, hang: int = 0) -> None:
        super().__init__(id=id, classes=classes)
        self.set_reactive(MoveList.show_highlight, show_highlight)
        self.hang = hang
        """Cells a wrapped option's later rows are indented by."""
        self._options: list[Content] = []
        self._wrapped: list[list[Content]] = []  # each option's rows at the laid-out width
        self._first_row: list[int] = []  # each option's first row
        self._rows: list[tuple[int, int]] = []  # (option, row within it) per list row
        self._wrap_key: tuple[int, bool] | None = None
        self._strips: dict[tuple[int, int, bool, bool, int], Strip] = {}

    # --- options ---------------------------------------------------------------------------
    @property
    def option_count(self) -> int:
        """How many options the list holds."""
        return len(self._options)

    def prompt_at(self, index: int) -> Content:
        """The text of option ``index``."""
        return self._options[index]

    def is_cut(self, index: int) -> bool:
        """True if option ``index`` is not shown whole in its row (cut or led by "…")."""
        self._lay_out()
        if not 0 <= index < len(self._wrapped):
            return False
        return "".join(line.plain for line in self._wrapped[index]).replace(" ", "") != \
            self._options[index].plain.replace(" ", "")

    def set_options(self, options: list[Content]) -> None:
        """Replace every option; the highlight goes to the first one (None if empty)."""
        self._options = list(options)
        self._wrap_key = None
        self._strips.clear()
        self._lay_out()
        self.scroll_to(y=0, animate=False, immediate=True)
        self.refresh()
        self.highlighted = 0 if self._options else None

    def _lay_out(self) -> None:
        """Split the options into rows for the current width (once per width and options)."""
        width = self.scrollable_content_region.width
        nowrap = self.styles.text_wrap == "nowrap"
        key = (width, nowrap)
        if key == self._wrap_key:
            return
        self._wrap_key = key
        self._strips.clear()
        ellipsis = self.styles.text_overflow == "ellipsis"
        self._wrapped = []
        self._first_row = []
        self._rows = []
        # A row too wide for one line leads with what tells it apart from the rows that
        # begin with the same words ("…Field (B29)"); the whole row is shown under the list.
        starts = shared_starts([option.plain for option in self._options], width) if nowrap else []
        for index, option in enumerate(self._options):
            if width <= 0:
                lines = [option]
            elif nowrap:
                if starts[index]:
                    option = Content.assemble("…", option[starts[index]:])
                lines = [option.truncate(width, ellipsis=ellipsis)]
            else:
                lines = self._wrap(option, width)
            self._first_row.append(len(self._rows))
            self._rows.extend((index, row) for row in range(len(lines)))
            self._wrapped.append(lines)
        # No width: rows are cut or wrapped to the view, so it never scrolls sideways, and
        # a scrollbar shown or hidden by new options (the rows one cell narrower or wider)
        # changes no size, so it takes no second layout.
        size = Size(0, len(self._rows))
        if size != self.virtual_size:
            self.set_reactive(MoveList.virtual_size, size)
            self._scroll_update(size)  # scrollbars now, not in a second frame (as OptionList)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """Rows of every option at ``width`` (a list of ``height: auto``: the hint panel's)."""
        if self.styles.text_wrap == "nowrap":
            return len(self._options)
        return sum(len(self._wrap(option, width)) for option in self._options)

    def _wrap(self, option: Content, width: int) -> list[Content]:
        """``option``'s rows at ``width``, the later ones indented by :attr:`hang` (all are
        wrapped ``hang`` cells narrower, so the rows line up)."""
        hang = min(self.hang, width - 1)
        if hang <= 0:
            return option.wrap(width) or [Content()]
        lines = option.wrap(width - hang) or [Content()]
        indent = Content(" " * hang)
        return [lines[0], *(indent + line for line in lines[1:])]

    def on_resize(self, event: events.Resize) -> None:
        self._lay_out()
        self._scroll_to_highlight()

    def notify_style_update(self) -> None:
        """A new theme or CSS: rows are drawn again with the new looks."""
        super().notify_style_update()
        self._strips.clear()
        self._wrap_key = None

    # --- drawing ---------------------------------------------------------------------------
    def render_lines(self, crop: Region) -> list[Strip]:
        """The rows in ``crop`` (the options laid out once for them all)."""
        self._lay_out()
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        """Row ``y`` of the view: a cached strip of its option's row in its current look."""
        width = self._wrap_key[0] if self._wrap_key else 0
        row = y + self.scroll_offset.y
        if not 0 <= row < len(self._rows):
            return Strip.blank(width, self.get_visual_style("move-list--option").rich_style)
        index, line = self._rows[row]
        lit = index == self.highlighted and self.show_highlight
        key = (index, line, lit, self.has_focus, width)
        strip = self._strips.get(key)
        if strip is None:
            names = ("move-list--option", "move-list--highlighted") if lit else ("move-list--option",)
            style = self.get_visual_style(*names)
            text = self._wrapped[index][line]
            segments = text.render_segments(style)
            spare = width - text.cell_length  # (rows are cut to the width when laid out)
            if spare > 0:
                segments.append(Segment(" " * spare, style.rich_style))
            strip = self._strips[key] = Strip(segments, max(width, text.cell_length))
        return strip

    def _refresh_option(self, index: int | None) -> None:
        if index is None or not 0 <= index < len(self._wrapped):
            return
        top = self._first_row[index] - self.scroll_offset.y
        self.refresh(Region(0, top, self.size.width, len(self._wrapped[index])))

    def watch_show_highlight(self) -> None:
        self._refresh_option(self.highlighted)

    def watch_highlighted(self, old: int | None, new: int | None) -> None:
        if old != new:
            self._refresh_option(old)
        self._refresh_option(new)
        if new is not None:
            self._scroll_to_highlight()
            self.post_message(self.Highlighted(self, new))

    def _scroll_to_highlight(self) -> None:
        index = self.highlighted
        if index is None or not self.is_mounted or index >= len(self._wrapped):
            return
        region = Region(0, self._first_row[index], self.scrollable_content_region.width,
                        len(self._wrapped[index]))
        self.scroll_to_region(region, animate=False, force=True, immediate=True)

    # --- keys and mouse --------------------------------------------------------------------
    def action_cursor_down(self) -> None:
        """The next option, if there is one."""
        if self._options:
            self.highlighted = min((self.highlighted or 0) + (self.highlighted is not None), len(self._options) - 1)

    def action_cursor_up(self) -> None:
        """The previous option, if there is one."""
        if self._options:
            self.highlighted = max((self.highlighted or 0) - 1, 0)

    def action_first(self) -> None:
        """The first option."""
        if self._options:
            self.highlighted = 0

    def action_last(self) -> None:
        """The last option."""
        if self._options:
            self.highlighted = len(self._options) - 1

    def action_page(self, direction: int) -> None:
        """About a screenful down (1) or up (-1)."""
        if not self._options:
            return
        current = self._first_row[self.highlighted or 0]
        row = max(0, min(len(self._rows) - 1, current + direction * max(1, self.size.height)))
        self.highlighted = self._rows[row][0]

    def action_select(self) -> None:
        """Choose the highlighted option."""
        if self.highlighted is not None:
            self.post_message(self.Selected(self, self.highlighted))

    def on_click(self, event: events.Click) -> None:
        """A click highlights the option under the mouse and chooses it."""
        row = event.y + self.scroll_offset.y
        if 0 <= row < len(self._rows):
            event.stop()
            self.highlighted = self._rows[row][0]
            self.post_message(self.Selected(self, self._rows[row][0]))
