"""The game screen's side of the coach: ``h`` opens the hint panel for the seat on turn.

Every :class:`tui.screens.game.GameScreen` has one :class:`Coaching`, so every game gets
the same hints: the panel (:class:`tui.widgets.hint_panel.HintPanel`) thinks from the
seat's own view, a hinted move picked with Enter is put under the screen's cursor (never
played), the move under the cursor is compared with the best, and a hint is dropped as soon
as the position changes (a move, an undo, another seat at the keyboard).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Hashable

from tui.text import notify
from tui.widgets.action_list import ActionList
from tui.widgets.hint_panel import HintPanel

if TYPE_CHECKING:
    from tui.screens.game import GameScreen

HINT_LEVEL = "hard"
"""The search level of the panel's hints (``meeple hint`` defaults to it too)."""


class Coaching:
    """The hint keys and hooks of one game screen (see the module docstring)."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen

    def hints_on(self) -> bool:
        """True where hints may be asked for: the settings allow them (a network table
        asks its hub besides), a human plays here and the game is not over."""
        settings = getattr(self.screen.app, "settings", None)
        if settings is not None and not settings.hints:
            return False
        return bool(self.screen.table.human_seats()) and not self.screen.table.is_over()

    def hint_key(self) -> tuple[Any, ...]:
        """The position a hint is for: the moves so far (their number and the last one: a
        network table may bring an undo and a new move at once) and who is looking."""
        log = self.screen.table.log
        return (len(log), log[-1] if log else None, self.screen.viewer)

    def ask(self) -> None:
        """``h``: the coach's best moves for the seat on turn (a second ``h`` while it
        thinks does nothing; on a finished hint it goes back to the hinted moves)."""
        settings = getattr(self.screen.app, "settings", None)
        if settings is not None and not settings.hints:
            notify(self.screen, "Hints are off: turn them on in Settings.", severity="warning")
            return
        seat = self.screen.viewer
        if self.screen.table.is_over() or seat is None or seat not in self.screen.table.to_act() or self.screen._curtain_up:
            notify(self.screen, "Hints are for your own turn.", severity="warning")
            return
        if not self.screen.table.hints_allowed():
            notify(self.screen, "Hints are off at this table.", severity="warning")
            return
        view = self.screen.current_view()
        self.screen.set_class(True, "-hinting")
        try:
            self.screen.query_one("#hint", HintPanel).start(
                self.screen.table, seat, HINT_LEVEL, self.hint_key(),
                lambda action: self.screen.game.describe(action, view))
        except Exception as exc:  # a coach bug: the game goes on without the hint
            self.screen.table_failed("asking for a hint", exc)
            return
        self.compare_cursor_move()

    def cursor_move(self) -> Hashable | None:
        """The move under the player's cursor: the one highlighted in the move list while
        it has the keys, else the only move at the board cursor's place."""
        own = self.screen.own_cursor_move()
        if own is not None:
            return own
        moves = self.screen.query_one("#actions", ActionList)
        highlighted = moves.highlighted_action
        if moves.has_focus_within and highlighted is not None:
            return highlighted
        position = self.screen.cursor_position
        at = self.screen.board_actions.get(position, []) if position is not None else []
        only: Hashable | None = at[0] if len(at) == 1 else None
        return only

    def compare_cursor_move(self) -> None:
        """Tell the open hint panel which move is under the cursor now."""
        panel = self.screen.query_one("#hint", HintPanel)
        if panel.display:
            panel.compare(self.cursor_move())

    def drop_stale(self) -> None:
        """Close the hint panel when the position it was for is gone."""
        panel = self.screen.query_one("#hint", HintPanel)
        if panel.key is not None and panel.key != self.hint_key():
            panel.close()
            self.screen.set_class(False, "-hinting")

    def close(self) -> None:
        """Stop thinking and close the panel (leaving the screen)."""
        found = self.screen.query("#hint")
        if found:
            found.first(HintPanel).close()
        self.screen.set_class(False, "-hinting")

    def picked(self, action: Hashable) -> None:
        """Enter on a hinted move: put it under the cursor (the board's, and the move
        list's highlight); the player still chooses to play it."""
        if self.screen.show_hinted(action):
            self.screen.query_one("#hint", HintPanel).compare(action)
            return
        view = self.screen.current_view()
        moves = self.screen.query_one("#actions", ActionList)
        where = self.screen.board_position(action, view)
        shared = where is not None and len(self.screen.board_actions.get(where, [])) > 1
        if where is not None and shared:  # the list of that place's moves takes the keys
            self.screen.board_cursor.select(where)
            moves.narrow(self.screen.board_actions[where])
        else:
            moves.widen()
        moves.highlight(action)
        self.screen.preview_move(action)
        if where is not None and not shared:  # Enter on the board plays it
            self.screen.focus_board()
        elif where is None:  # Enter in the list plays it
            moves.query_one("#action-options").focus()
        self.screen.query_one("#hint", HintPanel).compare(action)

    def closed_by_escape(self) -> None:
        """Escape with the keys outside the panel (on the board while it thinks): close it."""
        self.close()
        self.screen.focus_board()

    def closed(self) -> None:
        """Escape in the panel: the keys go back to the board."""
        self.screen.set_class(False, "-hinting")
        self.screen.focus_board()
