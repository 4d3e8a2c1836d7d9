"""The list of playable games. Only games that really work are listed here."""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from core.engine import Game, GameInfo

# id -> module that exports ``GAME``; imported lazily so start-up stays fast.
_MODULES: dict[str, str] = {
    "quadropolis": "core.quadropolis",
    "council": "core.council",
    "elgrande": "core.elgrande",
}


class UnknownGame(KeyError):
    """Raised for a game id that is not in the registry."""

    def __init__(self, game_id: str) -> None:
        super().__init__(game_id)
        self.game_id = game_id

    def __str__(self) -> str:
        return f"unknown game {self.game_id!r} (games: {', '.join(game_ids())})"


def game_ids() -> list[str]:
    """Ids of all playable games, in menu order."""
    return list(_MODULES)


@cache
def get_game(game_id: str) -> Game[Any, Any]:
    """The game object for an id; raises :class:`UnknownGame`."""
    if game_id not in _MODULES:
        raise UnknownGame(game_id)
    game = importlib.import_module(_MODULES[game_id]).GAME
    if not isinstance(game, Game):
        raise TypeError(f"{_MODULES[game_id]}.GAME is not a Game")
    return game


def all_info() -> list[GameInfo]:
    """Menu information for every playable game."""
    return [get_game(game_id).info for game_id in game_ids()]
