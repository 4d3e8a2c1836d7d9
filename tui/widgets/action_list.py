"""Every legal action as a keyboard list; typing filters it, Enter chooses."""

from __future__ import annotations

import re
from typing import Any, Hashable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Input, Static

from tui.text import plain
from tui.widgets.move_list import MoveList


def _words(text: str) -> list[str]:
    return re.findall(r"[^\W_]+", text.lower())


def matches(words: list[str], text: str) -> bool:
    """Whether a move's ``text`` matches the filter's ``words``: they begin words of the
    text one after another ("row 4" finds "Row 4, col 1" but not "Row 1, col 4";
    "architect 4 s3" finds "Architect 4 → S3 …"; punctuation is ignored)."""
    if not words:
        return True
    have = _words(text)
    last = len(have) - len(words)
    return any(all(have[at + i].startswith(word) for i, word in enumerate(words))
               for at in range(last + 1))


class ActionList(Vertical):
    """A heading row (title with how many moves are shown, filter box) above an option
    list of ``(text, action)`` pairs. Down in the filter box goes to the next move in the
    list; Up on its first move goes back to the filter box."""

    BINDINGS = [Binding("escape", "clear_filter", "Clear filter", show=False)]

    class Chosen(Message):
        """The player picked an action."""

        def __init__(self, action: Any) -> None:
            super().__init__()
            self.action = action

    class Highlighted(Message):
        """The highlight moved to ``action`` while the list has the keyboard (a preview)."""

        def __init__(self, action: Any) -> None:
            super().__init__()
            self.action = action

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._items: list[tuple[str, Hashable]] = []
        self._shown: list[Hashable] = []
        self._only: list[Hashable] | None = None  # a board choice narrowed the list

    def compose(self) -> ComposeResult:
        with Horizontal(id="action-head", classes="section-head"):
            yield Static("Moves", id="action-title")
            yield Input(placeholder="type to filter", compact=True, id="action-filter")
        # (the highlight is drawn while the keys are in the list or its filter box)
        yield MoveList(id="action-options", show_highlight=False)
        # The highlighted move whole, when its row had to be cut to the list's width.
        yield Static("", id="action-whole")

    def _show_whole(self) -> None:
        """Show the highlighted move whole under the list while the keys are in it and its
        row is cut; hide the line otherwise."""
        found = self.query("#action-whole")
        if not found or not self.is_attached:  # (focus moves while the list is put up or taken down)
            return
        options = self.query_one("#action-options", MoveList)
        whole = found.first(Static)
        index = options.highlighted
        cut = (self.has_focus_within and index is not None and index < options.option_count
               and options.is_cut(index))
        if cut and index is not None:
            whole.update(Content.assemble(("▸ ", "bold"), options.prompt_at(index)))
        if whole.display != cut:
            whole.display = cut

    def set_actions(self, items: list[tuple[str, Hashable]]) -> None:
        """Replace the list (keeps the filter text; drops a narrowing that no longer fits)."""
        self._items = items
        if self._only is not None:
            keys = {action for _, action in items}
            if not all(action in keys for action in self._only):
                self._only = None
        self._refill()

    def narrow(self, actions: list[Hashable]) -> None:
        """Show only ``actions`` (several moves on one board square) and focus the list."""
        self._only = list(actions)
        box = self.query_one("#action-filter", Input)
        if box.value:
            box.value = ""  # (its Changed message refills the list again, harmlessly)
        self._refill()
        # Focused now, not after this message (as Widget.focus does): the list's new look,
        # its preview and the key bar's keys then go out in the same frame as its moves.
        options = self.query_one("#action-options", MoveList)
        options.show_highlight = True
        self.screen.set_focus(options)

    def widen(self) -> None:
        """Show every move again."""
        if self._only is not None:
            self._only = None
            self._refill()

    def highlight(self, action: Hashable) -> bool:
        """Put the list's highlight on ``action`` (shown whole: the filter is emptied when
        it hides it); False if the list does not hold it."""
        if action not in self._shown:
            box = self.query_one("#action-filter", Input)
            if box.value:
                box.value = ""
                self._refill()
            if action not in self._shown:
                return False
        self.query_one("#action-options", MoveList).highlighted = self._shown.index(action)
        return True

    @property
    def narrowed(self) -> bool:
        """True while only a board square's moves are listed."""
        return self._only is not None

    @property
    def filter_text(self) -> str:
        """The current filter."""
        return self.query_one("#action-filter", Input).value

    def _refill(self) -> None:
        words = _words(self.filter_text)
        options = self.query_one("#action-options", MoveList)
        only = self._only
        shown = [(text, action) for text, action in self._items
                 if (only is None or action in only) and matches(words, text)]
        self._shown = [action for _, action in shown]
        options.set_options([plain(text) for text, _ in shown])  # (the first highlighted)
        # "Moves 57", or "Moves 8/57" while a filter or a board place narrows the list.
        count = f" {len(shown)}/{len(self._items)}" if len(shown) < len(self._items) else (
            f" {len(shown)}" if shown else "")
        self.query_one("#action-title", Static).update(plain("Moves" + count), layout=False)

    @property
    def highlighted_action(self) -> Hashable | None:
        """The move under the list's highlight, or None."""
        index = self.query_one("#action-options", MoveList).highlighted
        return self._shown[index] if index is not None and 0 <= index < len(self._shown) else None

    @on(MoveList.Highlighted, "#action-options")
    def _highlighted(self, event: MoveList.Highlighted) -> None:
        event.stop()
        self._show_whole()
        if self.has_focus_within and 0 <= event.index < len(self._shown):
            self.post_message(self.Highlighted(self._shown[event.index]))

    @on(Input.Changed, "#action-filter")
    def _filter_changed(self) -> None:
        self._refill()

    @on(Input.Submitted, "#action-filter")
    def _filter_submitted(self) -> None:
        if len(self._shown) >= 1:
            options = self.query_one("#action-options", MoveList)
            self._choose(self._shown[options.highlighted or 0])

    @on(MoveList.Selected, "#action-options")
    def _selected(self, event: MoveList.Selected) -> None:
        event.stop()
        if 0 <= event.index < len(self._shown):
            self._choose(self._shown[event.index])

    def _choose(self, action: Hashable) -> None:
        # The filter found its move: the next decision's list starts whole, not filtered
        # by words that (usually) match none of its moves.
        self.query_one("#action-filter", Input).value = ""
        self.post_message(self.Chosen(action))

    def on_key(self, event: Any) -> None:
        """In the filter box the first move is already the highlighted one (Enter plays
        it), so Down goes on to the next and enters the list; Up on the list's first
        move goes back to the filter box."""
        options = self.query_one("#action-options", MoveList)
        box = self.query_one("#action-filter", Input)
        if box.has_focus and event.key == "down" and self._shown:
            options.focus()
            options.action_cursor_down()
            event.stop()
        elif options.has_focus and event.key == "up" and (options.highlighted or 0) == 0:
            box.focus()
            event.stop()

    def on_descendant_blur(self, event: Any) -> None:
        """The keys left the list and its filter box: its highlight is not drawn then."""
        self.query_one("#action-options", MoveList).show_highlight = self.has_focus_within
        self._show_whole()

    def on_descendant_focus(self, event: Any) -> None:
        """Entering the list previews the move under its highlight."""
        self.query_one("#action-options", MoveList).show_highlight = True
        self._show_whole()
        action = self.highlighted_action
        if action is not None:
            self.post_message(self.Highlighted(action))

    def action_clear_filter(self) -> None:
        """Empty the filter box; when it is already empty, hand the keys back to the board."""
        box = self.query_one("#action-filter", Input)
        if box.value:
            box.value = ""
            return
        self.widen()
        focus_board = getattr(self.screen, "focus_board", None)
        if focus_board is not None:
            focus_board()

    def focus_filter(self) -> None:
        """Put the cursor in the filter box (at once: see :meth:`narrow`)."""
        self.query_one("#action-options", MoveList).show_highlight = True
        self.screen.set_focus(self.query_one("#action-filter", Input))
