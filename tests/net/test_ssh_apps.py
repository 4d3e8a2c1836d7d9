"""Small session targets for the SSH tests (``"tests.net.test_ssh_apps:NAME"``).

They run in the session process in place of the Meeple app and show what the front door
gave them: the terminal's size (again on every SIGWINCH, which reaches them only through
a controlling terminal), TERM, whether the token came, and the keys typed. No tests here.
"""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType


def _show(text: str) -> None:
    sys.stdout.write(text + "\r\n")
    sys.stdout.flush()


def size_app(hub_socket: str, token: str) -> int:
    """Print the size and TERM, then the size after each resize, and echo each line typed.

    The terminal is left in its cooked mode, so a line ends with Enter; "quit" ends the
    app with exit code 3.
    """
    def resized(signum: int, frame: FrameType | None) -> None:
        columns, rows = os.get_terminal_size(1)
        _show(f"resized {columns}x{rows}")

    signal.signal(signal.SIGWINCH, resized)
    columns, rows = os.get_terminal_size(1)
    tty = os.open("/dev/tty", os.O_RDONLY)  # fails without a controlling terminal
    ctty = os.tcgetpgrp(tty) == os.getpgrp() == os.tcgetpgrp(1)
    os.close(tty)
    _show(f"size {columns}x{rows} term {os.environ.get('TERM')} token {bool(token)} ctty {ctty}")
    for line in sys.stdin:
        text = line.strip()
        if text == "quit":
            _show("bye")
            return 3
        _show(f"got {text}")
    return 0


def textual_app(hub_socket: str, token: str) -> int:
    """A Textual app showing its own size, so a resize shows as a new layout."""
    from textual import events
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    class SizeApp(App[None]):
        def compose(self) -> ComposeResult:
            yield Static(id="size")

        def on_resize(self, event: events.Resize) -> None:
            self.query_one("#size", Static).update(f"app size {event.size.width}x{event.size.height}")

    SizeApp().run()
    return 0


def flood_app(hub_socket: str, token: str) -> int:
    """Write numbered lines as fast as the terminal takes them, until it hangs up."""
    number = 0
    out = os.fdopen(1, "wb", buffering=0, closefd=False)
    while True:
        chunk = b"".join(b"flood %08d\r\n" % (number + i) for i in range(1000))
        number += 1000
        out.write(chunk)
