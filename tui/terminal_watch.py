"""Leave when the terminal is gone, even when the app's event loop does not answer.

A closed window or a killed tmux hangs the terminal up. Textual handles neither SIGHUP
nor a hung-up terminal, and a process under a parent such as ``make`` gets no SIGHUP at
all. A timer on the event loop checked the terminal before, but a loop busy with a burst
of keys or stuck never ran it, and the app went on with no terminal. A thread of its own
checks now: once the terminal is gone it asks the app to leave, and ends the process
itself if the app has not left a moment later. Every move is saved as it is made (and a
save is written whole or not at all), so nothing a player made is lost.
"""

from __future__ import annotations

import os
import threading
import time
from typing import Callable

CHECK_EVERY = 0.5
"""Seconds between two looks at the terminal."""
GRACE = 1.0
"""Seconds the app has to leave by itself once told to."""
HUNG_UP = 129
"""The exit code when the process has to end itself (128 + SIGHUP, as a shell reports it)."""


def terminal_gone() -> bool:
    """True when this process's controlling terminal cannot be opened any more."""
    try:
        os.close(os.open("/dev/tty", os.O_RDWR | os.O_NOCTTY))
    except OSError:
        return True
    return False


def watch_terminal(leave: Callable[[], None], gone: Callable[[], bool] = terminal_gone,
                   every: float = CHECK_EVERY, grace: float = GRACE,
                   end: Callable[[int], None] = os._exit) -> threading.Thread:
    """Start a daemon thread that calls ``leave`` (thread-safe) once ``gone()`` is true,
    then ``end(HUNG_UP)`` if the process is still running ``grace`` seconds later."""

    def run() -> None:
        while not gone():
            time.sleep(every)
        leave()
        time.sleep(grace)
        end(HUNG_UP)

    thread = threading.Thread(target=run, name="meeple-terminal-watch", daemon=True)
    thread.start()
    return thread
