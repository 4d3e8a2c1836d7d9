"""One SSH session's app process: Meeple in hub-client mode, the lobby first.

``meeple serve`` starts this on the session's pseudo-terminal (forked from a pre-imported
process, or as ``python -m net.session``) with the hub's socket and the session's one-time
token, from the arguments or the ``MEEPLE_HUB`` and ``MEEPLE_TOKEN`` variables.
"""

from __future__ import annotations

import os
import sys
from typing import Sequence


def main(hub_socket: str, token: str) -> int:
    """Run the session's app on this process's terminal until the player leaves."""
    from tui.hub_app import HubApp

    app = HubApp(hub_socket, token)
    app.run()
    return int(app.return_code or 0)


def _cli(argv: Sequence[str]) -> int:
    hub = argv[0] if argv else os.environ.get("MEEPLE_HUB", "")
    token = argv[1] if len(argv) > 1 else os.environ.get("MEEPLE_TOKEN", "")
    if not hub or not token:
        print("usage: python -m net.session HUB_SOCKET TOKEN (or MEEPLE_HUB, MEEPLE_TOKEN)", file=sys.stderr)
        return 2
    return main(hub, token)


if __name__ == "__main__":
    sys.exit(_cli(sys.argv[1:]))
