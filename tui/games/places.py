"""The board cursor over places to play and places to look at (Council of Four, El Grande):
a new decision starts the cursor on a place where it can be made."""

from __future__ import annotations

from typing import Hashable

from tui.widgets.cursor import TargetCursor


def start_on_moves(cursor: TargetCursor, groups: dict[tuple[int, int], list[Hashable]],
                   before: frozenset[tuple[int, int]]) -> frozenset[tuple[int, int]]:
    """Before the cursor's targets are replaced: when moves can be made again after none
    (``before`` empty: a bot's turn, a curtain), or where moves can be made is not where
    they were and the cursor is on none of those places, it goes to the first target, a
    place of the new moves (found playing: after taking a permit the cursor stayed on it,
    the payment waiting on the hand). Returns the places of the moves now, for the next
    call."""
    places = frozenset(groups)
    here = cursor.current
    moved_on = places != before and (here is None or (here.row, here.col) not in places)
    if places and (not before or moved_on):
        cursor.index = -1  # (no target: set_targets starts on the first)
    return places
