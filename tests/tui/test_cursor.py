"""The shared board cursor: nearest target in a direction, stable across refreshes."""

from __future__ import annotations

from tui.widgets.cursor import Target, TargetCursor, nearest


def test_nearest_prefers_straight_lines() -> None:
    candidates = [("a", (0, 5)), ("b", (3, 1)), ("c", (2, 9))]
    assert nearest((0, 0), candidates, (0, 1)) == "a"
    assert nearest((0, 0), candidates, (1, 0)) == "b"
    assert nearest((0, 0), candidates, (-1, 0)) is None


def test_cursor_moves_and_keeps_its_key() -> None:
    cursor = TargetCursor()
    cursor.set_targets([Target("x", 0, 0), Target("y", 0, 4), Target("z", 2, 0)])
    assert cursor.current.key == "x"
    assert cursor.move("right") and cursor.current.key == "y"
    assert not cursor.move("right")
    cursor.set_targets([Target("z", 2, 0), Target("y", 0, 4)])
    assert cursor.current.key == "y"
    cursor.set_targets([Target("q", 1, 1)])
    assert cursor.current.key == "q"
    cursor.set_targets([])
    assert cursor.current is None and not cursor.move("up")
