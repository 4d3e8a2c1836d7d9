"""Start an app headless, wait for its first screen, exit. Used by the start-up benchmark.

``python -m bench.startup_probe meeple`` starts the Meeple app on its menu;
``python -m bench.startup_probe bare`` starts an empty Textual app, for comparison.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # at run time each branch imports only what it times
    from textual.app import App
    from textual.pilot import Pilot


async def _quit_when_ready(pilot: Pilot[object]) -> None:
    await pilot.pause()
    pilot.app.exit()


def main() -> None:
    """Run the probe for the app named on the command line."""
    which = sys.argv[1] if len(sys.argv) > 1 else "meeple"
    if which == "bare":
        from textual.app import App, ComposeResult
        from textual.widgets import Static

        class Bare(App[None]):
            def compose(self) -> ComposeResult:
                yield Static("hello")

        app: App[None] = Bare()
    else:
        from tui.app import MeepleApp

        app = MeepleApp()
    app.run(headless=True, auto_pilot=_quit_when_ready)


if __name__ == "__main__":
    main()
