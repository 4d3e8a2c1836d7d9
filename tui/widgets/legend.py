"""A legend of entries ("T Tower Block", "S Shop", …) laid out to its width entry by entry."""

from __future__ import annotations

from typing import Sequence

from textual.content import Content
from textual.geometry import Size
from textual.widget import Widget


class Legend(Widget):
    """Entries ("T Tower Block", "ie gives 1 inhabitant and 1 energy") laid out line by line
    to the width: a line breaks between two entries, never inside one (unless an entry is
    wider than the whole line)."""

    GAP = "  "

    def __init__(self, entries: Sequence[Content] = (), *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._entries: tuple[Content, ...] = tuple(entries)

    @property
    def entries(self) -> tuple[Content, ...]:
        """The entries, in order."""
        return self._entries

    def set_entries(self, entries: Sequence[Content]) -> None:
        """Show other entries (nothing is laid out again when they are the same)."""
        entries = tuple(entries)
        if [(e.plain, list(e.spans)) for e in entries] != [(e.plain, list(e.spans)) for e in self._entries]:
            self._entries = entries
            self.refresh(layout=True)

    def lines(self, width: int) -> list[Content]:
        """The entries as lines at most ``width`` cells wide, as many to a line as fit."""
        lines: list[Content] = []
        for entry in self._entries:
            if lines and lines[-1].cell_length + len(self.GAP) + entry.cell_length <= width:
                lines[-1] = Content.assemble(lines[-1], self.GAP, entry)
            else:
                lines.append(entry)
        return lines

    def _text(self, width: int) -> Content:
        return Content("\n").join(self.lines(width))

    def render(self) -> Content:
        """The lines at the widget's width."""
        return self._text(self.content_region.width)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """All entries on one line (a width of ``auto`` takes that, or the room there is)."""
        return self._text(10**6).cell_length

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """Rows of the lines laid out to ``width``."""
        return self._text(width).get_height(self.styles.get_rules(), width) if width else 0
