"""Checks that a game screen tells a newcomer everything whole at 80x24: the detail under
the board, the move list's rows, the card viewer (``i``). Shared by the readability tests
of every game (tests/tui/test_readable.py)."""

from __future__ import annotations

from typing import Any

from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from tui.screens.card_viewer import CardViewerScreen
from tui.widgets.move_list import MoveList


def text_of(widget: Static) -> Content:
    """What a Static shows, as Content."""
    content = widget.content
    return content if isinstance(content, Content) else Content(str(content))


def clipped(widget: Static) -> str | None:
    """Why ``widget``'s text is not all on screen (a row cut off by its height, by the
    scrolling panel it sits in, or by the screen), or None when it is shown whole."""
    if not widget.display:
        return None if not text_of(widget).plain else "hidden"
    text = text_of(widget)
    width = widget.content_region.width
    if width <= 0:
        return "not laid out"
    rows = text.get_height(widget.styles.get_rules(), width)
    if rows > widget.content_region.height:
        return f"{rows} rows of text in {widget.content_region.height}: {text.plain!r}"
    region = widget.region
    node: Widget | None = widget.parent if isinstance(widget.parent, Widget) else None
    while node is not None:
        if node.region and not node.region.contains_region(region):
            return f"outside {node!r} ({region} not in {node.region}): {text.plain!r}"
        node = node.parent if isinstance(node.parent, Widget) else None
    if not widget.screen.region.contains_region(region):
        return f"off the screen: {text.plain!r}"
    return None


async def walk_places(pilot: Any, screen: Any) -> list[str]:
    """Put the board's cursor on every place it can reach, check the detail line is whole
    there and that ``i`` opens the viewer with the place's whole text; the problems found."""
    problems: list[str] = []
    detail = screen.query_one(screen.DETAIL_LINE, Static)
    count = len(screen.board_cursor.targets)
    assert count, "the board has places for its cursor"
    for index in range(count):
        targets = screen.board_cursor.targets
        if index >= len(targets):
            break
        screen.board_cursor.index = index
        screen.update_board(screen.current_view())
        await pilot.pause()
        where = f"place {index} {targets[index].key!r}"
        problem = clipped(detail)
        if problem:
            problems.append(f"{where}: detail {problem}")
        card = screen.place_card(screen.current_view())
        if card is None:
            problems.append(f"{where}: nothing for the card viewer")
            continue
        await pilot.press("i")
        await pilot.pause()
        viewer = pilot.app.screen
        if not isinstance(viewer, CardViewerScreen):
            problems.append(f"{where}: i opened {viewer!r}")
            continue
        shown = "\n".join(text_of(w).plain for w in viewer.query(Static) if w.id in ("card-title", "card-text", "card-state"))
        if shown.split() != card.plain_text().split():
            problems.append(f"{where}: the viewer shows {shown!r}, not {card.plain_text()!r}")
        await pilot.press("escape")
        await pilot.pause()
    return problems


def cut_rows(screen: Any) -> list[str]:
    """Rows of the move list that read the same once cut to its width (a newcomer could
    not tell them apart)."""
    options = screen.query_one("#action-options", MoveList)
    rows: dict[str, int] = {}
    problems = []
    for index in range(options.option_count):
        shown = "".join(line.plain for line in options._wrapped[index])
        if shown in rows and options.prompt_at(index).plain != options.prompt_at(rows[shown]).plain:
            problems.append(f"rows {rows[shown]} and {index} both read {shown!r}")
        rows.setdefault(shown, index)
    return problems
