"""A board cursor over a set of positioned targets, moved with arrows (shared by all games).

A screen lists what can be chosen on its board as :class:`Target`\\ s (a key — usually an
action — and a row/column on the board picture); arrows jump to the nearest target in that
direction, so every board gets the same keyboard feel. The opposite arrow always goes back
where the last one came from (Down then Up returns), even where the places are scattered
and the nearest one that way would be another.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Sequence, TypeVar

K = TypeVar("K", bound=Hashable)

OPPOSITE = {"up": "down", "down": "up", "left": "right", "right": "left"}

DIRECTIONS: dict[str, tuple[int, int]] = {
    "up": (-1, 0),
    "down": (1, 0),
    "left": (0, -1),
    "right": (0, 1),
}


def nearest(
    position: tuple[int, int],
    candidates: Sequence[tuple[K, tuple[int, int]]],
    direction: tuple[int, int],
) -> K | None:
    """The candidate nearest ``position`` in ``direction`` (sideways distance costs double),
    preferring those within 45° of that direction (27° for Left and Right): Right goes to
    the next permit along the row, not to a closer city further down."""
    best: tuple[bool, int, K] | None = None
    dy, dx = direction
    for item, (row, col) in candidates:
        along = (row - position[0]) * dy + (col - position[1]) * dx
        if along <= 0:
            continue
        across = abs(row - position[0]) if dx else abs(col - position[1])
        # (rows are about twice as tall as columns are wide on screen: the cone is
        # measured in screen distance)
        # Left/Right keep to a narrower cone (about 27°): on a board of lines, Right goes
        # along the line, not to a place one or two lines off that happens to be nearer.
        outside = across * (4 if dx else 1) > along * (1 if dx else 2)
        key = (outside, along + 2 * across, item)
        if best is None or key[:2] < best[:2]:
            best = key
    return None if best is None else best[2]


@dataclass(frozen=True)
class Target:
    """Something choosable on a board: ``key`` (often an action) drawn at ``(row, col)``."""

    key: Hashable
    row: int
    col: int
    label: str = ""


class TargetCursor:
    """Which target is under the cursor; survives refreshes while its key stays available."""

    def __init__(self) -> None:
        self.targets: list[Target] = []
        self.index = 0
        # (the arrow that goes back, the key of the target the last arrow left)
        self.back: tuple[str, Hashable] | None = None

    def set_targets(self, targets: Sequence[Target]) -> None:
        """Replace the targets, keeping the cursor on the same key when it is still there."""
        current = self.current
        before = [t.key for t in self.targets]
        self.targets = list(targets)
        keys = [t.key for t in self.targets]
        if keys != before:
            self.back = None
        if current is not None and current.key in keys:
            self.index = keys.index(current.key)
        else:
            self.index = 0

    @property
    def current(self) -> Target | None:
        """The target under the cursor (None when there are none)."""
        return self.targets[self.index] if 0 <= self.index < len(self.targets) else None

    def move_to(self, key: Hashable) -> bool:
        """Put the cursor on the target with ``key``; False (and no move) if there is none."""
        for index, target in enumerate(self.targets):
            if target.key == key:
                self.index = index
                self.back = None
                return True
        return False

    def select(self, position: tuple[int, int]) -> bool:
        """Put the cursor on the target drawn at ``position``; True if it moved there."""
        for index, target in enumerate(self.targets):
            if (target.row, target.col) == position:
                moved = index != self.index
                if moved:
                    self.index = index
                    self.back = None
                return moved
        return False

    def move(self, direction: str) -> bool:
        """Move to the nearest target in ``direction``; False if there is none that way."""
        here = self.current
        if here is None:
            return False
        found: int | None = None
        if self.back is not None and self.back[0] == direction:
            keys = [t.key for t in self.targets]
            if self.back[1] in keys:
                found = keys.index(self.back[1])
        if found is None:
            found = nearest(
                (here.row, here.col),
                [(i, (t.row, t.col)) for i, t in enumerate(self.targets)],
                DIRECTIONS[direction],
            )
        if found is None:
            return False
        self.back = (OPPOSITE[direction], here.key)
        self.index = found
        return True
