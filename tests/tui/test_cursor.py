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


def _scattered() -> list[Target]:
    """Places where the nearest one back is not where an arrow came from (as on the maps)."""
    spots = [(10, 16), (14, 11), (10, 11), (2, 30), (6, 3), (6, 40), (18, 20), (1, 1)]
    return [Target(i, r, c) for i, (r, c) in enumerate(spots)]


def test_the_opposite_arrow_always_goes_back() -> None:
    from tui.widgets.cursor import OPPOSITE

    targets = _scattered()
    for start in range(len(targets)):
        for direction, back in OPPOSITE.items():
            cursor = TargetCursor()
            cursor.set_targets(targets)
            cursor.index = start
            if cursor.move(direction):
                assert cursor.move(back) and cursor.index == start, (start, direction)


def test_going_back_is_forgotten_when_the_places_change() -> None:
    cursor = TargetCursor()
    cursor.set_targets(_scattered())
    cursor.index = 0
    assert cursor.move("down")
    cursor.set_targets(_scattered()[:5] + [Target("new", 30, 30)])
    assert cursor.back is None


def test_left_and_right_keep_to_the_line() -> None:
    """A place on the same line beats a nearer one two lines up (Intendentes' district row
    under its penalty cards): Right goes along the line."""
    candidates = [("cards", (3, 22)), ("next block", (5, 32))]
    assert nearest((5, 16), candidates, (0, 1)) == "next block"
    assert nearest((5, 16), [("cards", (3, 22))], (0, 1)) == "cards", "still reachable when alone"
    assert nearest((5, 16), candidates, (-1, 0)) == "cards"
