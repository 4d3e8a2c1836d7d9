"""One SSH session's app process: Meeple in hub-client mode, the lobby first.

``meeple serve`` (:func:`net.server.serve`) starts :data:`TARGET` on each session's
pseudo-terminal, forked from a zygote that imported :data:`PRELOAD` (see
:mod:`net.spawn`), or as ``python -m tui.session``, with the hub's socket and the
session's one-time token from the arguments or the ``MEEPLE_HUB`` and ``MEEPLE_TOKEN``
variables. The network package knows no app: the command line hands it these names.
"""

from __future__ import annotations

import gc
import os
import sys
from typing import Sequence

from tui import startup_profile

TARGET = "tui.session:main"
"""What a session process runs: :func:`main`."""

PRELOAD = (
    "textual.app",
    "textual.drivers.linux_driver",
    "tui.app",
    "tui.screens.menu",
    "tui.screens.game",
    "core.registry",
    "core.quadropolis.game",
    "core.council.game",
    "core.elgrande.game",
    "tui.games",
    "tui.games.quadropolis",
    "tui.games.council",
    "tui.games.elgrande",
    "tui.screens.lobby",
    "tui.hub_app",
    "net.client",
    "net.remote_table",
    # Last, once the rest is imported (no hub, no threads left behind): the session app's
    # stylesheet is parsed in the zygote once instead of in every session (-100 ms).
    "tui.hub_app:warm_up",
)
"""What the zygote imports (and calls, for ``module:function``) before its first fork."""


def main(hub_socket: str, token: str) -> int:
    """Run the session's app on this process's terminal until the player leaves."""
    # No garbage collection until the first screen is drawn (HubApp turns it on again): a
    # start makes many objects and few cycles, and the collector took 5% of it.
    gc.disable()
    profile = startup_profile.start()
    from tui.hub_app import HubApp

    app = HubApp(hub_socket, token)
    app.profile = profile
    if profile is not None:
        profile.mark("app constructed")
    app.run()
    return int(app.return_code or 0)


def _cli(argv: Sequence[str]) -> int:
    hub = argv[0] if argv else os.environ.get("MEEPLE_HUB", "")
    token = argv[1] if len(argv) > 1 else os.environ.get("MEEPLE_TOKEN", "")
    if not hub or not token:
        print("usage: python -m tui.session HUB_SOCKET TOKEN (or MEEPLE_HUB, MEEPLE_TOKEN)", file=sys.stderr)
        return 2
    return main(hub, token)


if __name__ == "__main__":
    sys.exit(_cli(sys.argv[1:]))
