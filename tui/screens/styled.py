"""A screen shown for the first time keeps the styles its widgets got when they mounted.

Textual (pinned) restyles every widget of a screen each time the screen is shown
(``ScreenResume``), so that what changed while it was hidden (the theme, classes) is seen.
The first time a screen is shown its widgets were styled moments before, as they mounted:
that restyle redoes the same work, about a fifth of a game session's start over SSH. A
screen shown again is restyled as before.
"""

from __future__ import annotations

from typing import TypeVar

from textual import events, on
from textual.screen import Screen

ResultType = TypeVar("ResultType")


class StyledScreen(Screen[ResultType]):
    """A :class:`~textual.screen.Screen` that skips the restyle of its first showing."""

    _shown_once = False

    @on(events.ScreenResume)
    def _keep_mount_styles(self, event: events.ScreenResume) -> None:
        # (runs before Screen's own handler: a subclass's handlers come first)
        if not self._shown_once:
            self._shown_once = True
            event.refresh_styles = False
