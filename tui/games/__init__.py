"""Per-game screens, each built around its board; looked up by game id."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tui.screens.game import GameScreen

_SCREENS: dict[str, str] = {
    "quadropolis": "tui.games.quadropolis:QuadropolisScreen",
    "council": "tui.games.council:CouncilScreen",
    "elgrande": "tui.games.elgrande:ElGrandeScreen",
    "intendentes": "tui.games.intendentes:IntendentesScreen",
    "settlement": "tui.games.settlement:SettlementScreen",
}


def screen_for(game_id: str) -> "type[GameScreen]":
    """The game screen class for a game id (every registered game has one)."""
    module, _, name = _SCREENS[game_id].partition(":")
    screen = getattr(importlib.import_module(module), name)
    from tui.screens.game import GameScreen

    if not (isinstance(screen, type) and issubclass(screen, GameScreen)):
        raise TypeError(f"{_SCREENS[game_id]} is not a game screen")
    return screen
