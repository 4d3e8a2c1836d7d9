"""A table of points: one row per thing scored, one column per seat, the last row bold
(the scores panel and the scoring summary share it)."""

from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual.widgets import DataTable

from core.table import Seat
from tui.text import rich_plain


def points_table(table_id: str, seats: Sequence[Seat], rows: Sequence[tuple[str, Sequence[str]]]) -> DataTable[str | Text]:
    """A read-only :class:`DataTable` of ``rows`` (label, one cell per seat); names and
    labels are plain text, never markup."""
    table: DataTable[str | Text] = DataTable(id=table_id, show_cursor=False, zebra_stripes=True)
    table.add_column("")
    for seat in seats:
        table.add_column(rich_plain(seat.name[:14]))
    last = len(rows) - 1
    for index, (label, cells) in enumerate(rows):
        table.add_row(rich_plain(label, "bold" if index == last else ""), *cells)
    return table
