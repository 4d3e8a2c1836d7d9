"""Screens whose first showing costs one styling and, where the app holds its frames, one
frame.

Textual (pinned) restyles every widget of a screen each time the screen is shown
(``ScreenResume``), so that what changed while it was hidden (the theme, classes) is seen.
The first time a screen is shown its widgets were styled moments before, as they mounted:
that restyle redoes the same work, about a fifth of a game session's start over SSH. A
screen shown again is restyled as before.

A session over SSH holds its frames (``App._begin_batch``) until it knows its first screen.
A new screen is then laid out more than once before it is still (each widget sized, then
what a size changes: a key bar's keys, a list's lines), and Textual sent each pass as a
frame: three frames, 11 KB, for a lobby whose finished picture is 4 KB, each one drawn by
the host and read by the player's terminal. :meth:`StyledScreen.settle` does those passes
while the frames are held, and the first frame sent is the finished screen.
"""

from __future__ import annotations

import asyncio
from typing import TypeVar

from textual import events, on
from textual.screen import Screen

ResultType = TypeVar("ResultType")

SETTLE_PASSES = 4  # layouts at most (a lobby settles in two, a game screen in three)
SETTLE_WAIT = 1.0  # seconds at most for the widgets to handle what a layout sent them


class StyledScreen(Screen[ResultType]):
    """A :class:`~textual.screen.Screen` that skips the restyle of its first showing and
    can be laid out, unseen, until it is still."""

    _shown_once = False

    @on(events.ScreenResume)
    def _keep_mount_styles(self, event: events.ScreenResume) -> None:
        # (runs before Screen's own handler: a subclass's handlers come first)
        if not self._shown_once:
            self._shown_once = True
            event.refresh_styles = False

    def _compositor_refresh(self) -> None:
        # While the app holds its frames Textual still renders one here, then drops it at
        # the door and forgets the regions it had to redraw. Keep them for the next frame
        # sent instead, and spare the render.
        if self.app._batch_count:
            return
        super()._compositor_refresh()

    def _on_timer_update(self) -> None:
        # With a layout and a repaint of the whole screen both pending (a focus change does
        # the latter), Textual sends the layout's frame and then the whole screen again: one
        # frame of the whole screen does.
        if self._layout_required and self._repaint_required and self.is_current and not self.app._batch_count:
            self._repaint_required = False
            self._compositor._dirty_regions.add(self._compositor.size.region)
        super()._on_timer_update()

    async def settle(self) -> None:
        """Lay the screen out until its widgets' sizes stop changing. While the app holds
        its frames nothing is drawn meanwhile: release them, then :meth:`refresh` the
        screen, and the whole screen goes out in one frame."""
        for _ in range(SETTLE_PASSES):
            await self._widgets_idle()
            if not self._layout_required:
                break
            self._layout_required = False
            self._refresh_layout()

    async def _widgets_idle(self) -> None:
        """Until every widget of the screen has handled what was sent to it so far (as
        Textual's test pilot waits for a screen), or SETTLE_WAIT."""
        waiting: set[object] = set()
        done = asyncio.Event()

        def handled(node: object) -> None:
            waiting.discard(node)
            if not waiting:
                done.set()

        for node in self.walk_children(with_self=True):
            if node.call_later(handled, node):
                waiting.add(node)
        if waiting:
            try:
                await asyncio.wait_for(done.wait(), SETTLE_WAIT)
            except asyncio.TimeoutError:
                pass  # (a widget busy elsewhere: the frame is sent as it stands)
