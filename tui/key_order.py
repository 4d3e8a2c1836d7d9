"""Every key acted on once, in the order typed: the app lets one key through at a time.

Textual hands a key from the terminal to the focused widget's queue and goes on to the
next key at once. The first key's own bindings run only when it has bubbled back up to the
app, after later keys were handed out already — to the widget that had the focus before the
first key moved it. Typed fast, an ``m`` (the keys go to the move filter) let the letters
after it reach the board, a Backspace raced the filter box's own typing, and an Enter that
opens a list let the keys after it land in the filter or nowhere.

:class:`KeyOrder` keeps a key waiting until the one before it has been handled all the way
(stopped by a widget, or bubbled to the app and its bindings run) and the focus and screen
changes it asked for are made (the callbacks it queued on the app and on the screen have
run). Keys typed meanwhile wait in order; none is dropped. A key that gets lost on its way
(its widget removed with the key in its queue) holds the others back for at most
:data:`STUCK_AFTER` seconds.

Textual's private ``Message._stop_propagation`` tells whether a widget stopped the key;
``tests/tui/test_key_order.py`` fails on an upgrade that changes it.
"""

from __future__ import annotations

import time
from collections import deque
from typing import TYPE_CHECKING, Any, Awaitable, Callable

from textual import events
from textual.app import ScreenStackError
from textual.dom import NoScreen
from textual.message_pump import MessagePump

if TYPE_CHECKING:
    from textual.app import App

STUCK_AFTER = 2.0
"""Seconds after which a key still not done lets the next one through."""


def stopped(event: events.Key) -> bool:
    """True if a handler stopped ``event`` from bubbling on (Textual's private flag)."""
    return bool(event._stop_propagation)


class KeyOrder:
    """The keys of one app: the one being handled, and those that wait for it.

    The app calls :meth:`admit` for each key from the terminal (False: it waits here), runs
    Textual's handling of an admitted key through ``handle``, then :meth:`sent` with the
    widget it went to (None when a priority binding took it), and :meth:`bubbled_up` once
    the app itself has handled a key that bubbled back to it.
    """

    def __init__(self, app: App[Any], handle: Callable[[events.Key], Awaitable[None]]) -> None:
        self.app = app
        self.handle = handle
        self.current: events.Key | None = None
        self.since = 0.0
        self.waiting: deque[events.Key] = deque()
        self._releasing = False

    def admit(self, event: events.Key) -> bool:
        """True if ``event`` may be handled now; otherwise it waits for the keys before it."""
        if self.current is not None and time.monotonic() - self.since > STUCK_AFTER:
            self._done()  # lost on its way: the keys after it go on
        if self.current is None and not self.waiting and not self._releasing:
            self._start(event)
            return True
        self.waiting.append(event)
        if len(self.waiting) == 1:
            self.app.set_timer(STUCK_AFTER + 0.1, self._check_stuck)
        return False

    def sent(self, event: events.Key, target: MessagePump | None) -> None:
        """``event`` was handed to ``target``'s queue (None: a priority binding took it)."""
        if event is not self.current:
            return
        if target is None:
            self._done()
        else:
            target.call_later(self._hop, event, target)

    def bubbled_up(self, event: events.Key) -> None:
        """The app has handled ``event`` after it bubbled back up: it is done."""
        if event is self.current:
            self._done()

    def _start(self, event: events.Key) -> None:
        self.current = event
        self.since = time.monotonic()

    def _hop(self, event: events.Key, node: MessagePump) -> None:
        """Runs after ``node`` handled ``event``: done, or follow it to the parent."""
        if event is not self.current:
            return
        parent = node._parent
        bubbled = (event.bubble and parent is not None and not stopped(event)
                   and node.is_parent_active and node.is_attached)
        if not bubbled:
            self._done()
        elif parent is not self.app and parent is not None:
            parent.call_later(self._hop, event, parent)
        # else: it is in the app's queue; the app calls bubbled_up once it is handled

    def _done(self) -> None:
        self.current = None
        if self.waiting and not self._releasing:
            # After what the key queued on the app (focus moves) and then on the screen
            # (a new screen's first focus), so the next key goes where the screen now says.
            self._releasing = True
            self.app.call_later(self._via_screen)

    def _via_screen(self) -> None:
        try:
            screen: MessagePump = self.app.screen
        except (NoScreen, ScreenStackError):  # no screen (the app is closing): straight on
            screen = self.app
        screen.call_later(self._next_from_app)

    def _next_from_app(self) -> None:
        self.app.call_later(self._next)

    async def _next(self) -> None:
        self._releasing = False
        if self.current is not None or not self.waiting:
            return
        event = self.waiting.popleft()
        self._start(event)
        await self.handle(event)

    def _check_stuck(self) -> None:
        if self.current is not None and time.monotonic() - self.since > STUCK_AFTER:
            self._done()
        elif self.waiting and self.current is not None:
            self.app.set_timer(STUCK_AFTER + 0.1, self._check_stuck)
