"""Fixes to Textual 8.2.8 bugs that Meeple's keys run into, in one place.

Each patches a private method of Textual's and is applied once, when :mod:`tui.app` is
imported; ``tests/tui/test_textual_fixes.py`` fails on an upgrade that moves what they
patch (then check whether the bug is fixed upstream and drop the fix).

* ``OptionList._move_page``: PageUp or PageDown in a list not laid out yet (the command
  palette's, in the same burst of keys as the ctrl+p that opened it) looked up the
  highlighted option's row in a table built only at the first layout: ``KeyError: 0``
  stopped the app. Paging before there is a page now does nothing.
* ``CommandPalette._gather_commands``: its search worker looks up the palette's list; a
  palette closed while its search was starting (ctrl+p, a key, Enter in one burst) has
  none, and the worker's ``NoMatches`` stopped the app. A closed palette's search now
  ends quietly.
"""

from __future__ import annotations

from typing import Any, Callable

from textual import work
from textual.command import CommandList, CommandPalette
from textual.css.query import NoMatches
from textual.widgets import OptionList

_original_move_page: Callable[[OptionList, Any], None] = OptionList._move_page


def _move_page(self: OptionList, direction: Any) -> None:
    """Textual's, unless the list has no rows worked out yet (nothing to page over)."""
    if not self.scrollable_content_region or not self._index_to_line:
        return
    _original_move_page(self, direction)


_original_gather: Callable[[CommandPalette, str], Any] = CommandPalette._gather_commands.__wrapped__  # type: ignore[attr-defined]  # set by functools.wraps in @work


async def _gather_commands(self: CommandPalette, search_value: str) -> None:
    """Textual's search, unless the palette has closed (its list gone) meanwhile."""
    try:
        await _original_gather(self, search_value)
    except NoMatches:
        if self.is_attached and self.query(CommandList):
            raise


def apply() -> None:
    """Install the fixes (idempotent)."""
    OptionList._move_page = _move_page  # type: ignore[method-assign]  # the fix above
    CommandPalette._gather_commands = work(  # type: ignore[method-assign]  # the fix above
        exclusive=True, group=CommandPalette._GATHER_COMMANDS_GROUP)(_gather_commands)
