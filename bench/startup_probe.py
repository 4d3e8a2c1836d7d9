"""Start an app headless, wait for its first screen, exit. Used by the start-up benchmark.

``python -m bench.startup_probe meeple`` runs the ``meeple`` command (``tui.cli.main``,
the console script's entry point) to its menu; ``python -m bench.startup_probe play [ARGS]``
runs ``meeple play ARGS`` (default :data:`PLAY_ARGS`) to the game screen;
``python -m bench.startup_probe bare`` starts an empty Textual app, for comparison.
Meeple's own code runs unchanged: only ``App.run`` is made headless, with an auto-pilot
that exits once the expected screen is on top and has processed all it was sent.
"""

from __future__ import annotations

import sys
from functools import partialmethod
from typing import TYPE_CHECKING, Any, Callable, Coroutine

if TYPE_CHECKING:  # at run time each branch imports only what it times
    from textual.app import App
    from textual.pilot import Pilot
    from textual.screen import Screen

PLAY_ARGS = ["quadropolis", "--players", "2", "--ai", "1", "--seed", "1", "--option", "first_player=0"]
"""The default game of ``play``: seat 0 a human who moves first, so no bot is thinking."""


def _quit_when_showing(
    screen: type[Screen[Any]] | None,
) -> Callable[[Pilot[object]], Coroutine[Any, Any, None]]:
    """An auto-pilot that exits once a ``screen`` (any screen if None) is on top and idle."""

    async def pilot(pilot: Pilot[object]) -> None:
        await pilot.pause()
        while screen is not None and not isinstance(pilot.app.screen, screen):
            await pilot.pause()
        await pilot.pause()  # the screen now on top has handled its messages
        pilot.app.exit()

    return pilot


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
        app.run(headless=True, auto_pilot=_quit_when_showing(None))
        return
    from textual.app import App as TextualApp

    from tui import cli

    if which == "play":
        from tui.screens.game import GameScreen

        argv = ["play", *(sys.argv[2:] or PLAY_ARGS)]
        shown: type[Screen[Any]] = GameScreen
    else:
        from tui.screens.menu import MenuScreen

        argv = []
        shown = MenuScreen
    TextualApp.run = partialmethod(  # type: ignore[method-assign, assignment]
        TextualApp.run, headless=True, auto_pilot=_quit_when_showing(shown))
    sys.exit(cli.main(argv))


if __name__ == "__main__":
    main()
