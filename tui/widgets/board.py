"""The focusable board area: its keys become messages that the game screen handles.

Messages go up and attributes come down, as in Textual's own widgets: the board never
calls into its screen. Arrows post :class:`BoardView.Moved`, Enter posts
:class:`BoardView.Chosen`; a game's own board adds messages for its own keys.
"""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.reactive import reactive


PLAYING_ACTIONS = frozenset({"choose", "discard", "done", "end_turn", "architect"})
"""The board keys' actions that make a move (or a step of one)."""


class BoardView(Vertical, can_focus=True):
    """A board that turns arrows and Enter into :class:`Moved` and :class:`Chosen`."""

    BINDINGS = [
        Binding("up", "move('up')", "Up", show=False),
        Binding("down", "move('down')", "Down", show=False),
        Binding("left", "move('left')", "Left", show=False),
        Binding("right", "move('right')", "Right", show=False),
        Binding("enter", "choose", "Choose"),
    ]

    # Set by the screen when the game has ended: only Enter (the final scores) stays offered.
    finished: reactive[bool] = reactive(False, init=False)

    def watch_finished(self) -> None:
        self.refresh_bindings()

    replaying = False
    """Set by a replay's screen: the board is looked at (its cursor, other cities), never
    played from, so the keys that make a move leave the key bar."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """After the end no move can be made: the board's move keys leave the key bar."""
        if self.replaying:
            return action not in PLAYING_ACTIONS
        return action == "choose" or not self.finished

    class Moved(Message):
        """The player moved the board cursor (``direction``: up, down, left or right)."""

        def __init__(self, direction: str) -> None:
            super().__init__()
            self.direction = direction

    class Chosen(Message):
        """The player chose what is under the board cursor (Enter)."""

    # Textual repaints a widget when it gains or loses focus, and works out the styles of
    # all it holds again. Nothing on a board looks different with focus (the move list's
    # heading shows where the keys go): both would only cost time when Enter opens the
    # move list, so the focus is noted without them.
    def _on_focus(self, event: events.Focus) -> None:
        event.prevent_default()  # Textual's own handler would repaint
        self.set_reactive(BoardView.has_focus, True)
        if self.parent is not None:
            self.parent.post_message(events.DescendantFocus(self))

    def _on_blur(self, event: events.Blur) -> None:
        event.prevent_default()
        self.set_reactive(BoardView.has_focus, False)
        if self.parent is not None:
            self.parent.post_message(events.DescendantBlur(self))

    async def _on_key(self, event: events.Key) -> None:
        """Keys typed faster than the focus moved ("m" and a filter word in one go, or Enter
        and Down) reach the board after it handed the keyboard on: they go where the
        keyboard is now, instead of being read as board keys (or lost)."""
        focused = self.screen.focused
        if focused is not None and focused is not self:
            event.stop()
            event.prevent_default()
            focused.post_message(events.Key(event.key, event.character))
            return
        active = self.screen.active_bindings.get(event.key)
        if active is not None and active.node is self.screen and active.enabled:
            # A key of the screen (m, l, s, escape...), run now rather than when the key has
            # bubbled up to the app: the keys typed after it then find the keyboard where
            # it sent it.
            event.stop()
            event.prevent_default()
            await self.screen.run_action(active.binding.action)
            return
        await super()._on_key(event)

    def action_move(self, direction: str) -> None:
        """Move the board cursor."""
        self.post_message(self.Moved(direction))

    def action_choose(self) -> None:
        """Choose what is under the cursor."""
        self.post_message(self.Chosen())
