"""The running app as screens and widgets see it, without importing the app's module.

The app modules (:mod:`tui.app`, :mod:`tui.hub_app`) import the screens, so a screen
never imports them: it reaches what it reads of the app (the settings, and in an SSH
session the player's name, the last lobby and the hub client) through these protocols,
which :class:`~tui.app.MeepleApp` and :class:`~tui.hub_app.HubApp` fulfil, and asks for
another screen with a message of :mod:`tui.navigation`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from textual.dom import DOMNode

    from net.client import HubClient
    from saves import Settings


@runtime_checkable
class MeepleContext(Protocol):
    """What screens use of the Meeple app."""

    settings: Settings
    bot_delay: float

    def update_settings(self, settings: Settings) -> None:
        """Store new settings, apply their theme and keep them (a session: for the session)."""


@runtime_checkable
class HubContext(MeepleContext, Protocol):
    """What the lobby and the new-table form use of an SSH session's app."""

    my_name: str
    last_lobby: dict[str, Any]
    client: HubClient
    lobby_pending: bool
    """The lobby waits for the hub's first word before it builds its tables."""


def meeple_app(node: DOMNode) -> MeepleContext:
    """The running Meeple app of a screen or widget, typed as such.

    ``node.app`` is typed as a plain Textual ``App``; this checks that it is Meeple's app
    (a TypeError otherwise, e.g. for a screen mounted in a bare test app).
    """
    app = node.app
    if not isinstance(app, MeepleContext):
        raise TypeError(f"{node!r} runs in {type(app).__name__}, not in the Meeple app")
    return app


def hub_app(node: DOMNode) -> HubContext:
    """The running app of an SSH session (a TypeError in any other app)."""
    app = node.app
    if not isinstance(app, HubContext):
        raise TypeError(f"{node!r} runs in {type(app).__name__}, not in an SSH session's app")
    return app
