"""Scrolling panels that repaint their scrollbars only when something about them changed.

Textual (8.2) hands a line-API scrolling widget (``ScrollView``: the move list's
``OptionList``, the log's ``RichLog``) a virtual size at every screen layout that is never
the one the widget keeps itself, so each layout — a board line that grew, a panel shown —
refreshes both panels' scrollbars, and they repaint in one to three extra frames after the
one that answered the key. :class:`SteadyScrollbars` lets the update through only when the
widget's size, its container's size or its own virtual size is new.
"""

from __future__ import annotations

from textual.geometry import Size
from textual.scroll_view import ScrollView


class SteadyScrollbars(ScrollView):
    """A ``ScrollView`` whose scrollbars are updated only on a real change of size."""

    _steady_sizes: tuple[Size, Size, Size] | None = None

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        # Textual's private hook, overridden on purpose (textual is pinned exactly): the
        # virtual size passed in is ignored by ScrollView anyway, which uses its own.
        sizes = (size, self.virtual_size, container_size)
        if sizes == self._steady_sizes:
            return False
        self._steady_sizes = sizes
        return super()._size_updated(size, virtual_size, container_size, layout)
