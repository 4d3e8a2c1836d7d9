"""The list of playable games. Only games that really work are listed here.

Listing the games (the menu's line of titles, ``meeple games``) reads :data:`_LISTINGS`
and imports no engine: a game's package is imported by :func:`get_game`, when the game
is set up, played or loaded. ``tests/core/test_registry.py`` checks that each listing
says what its engine's :class:`~core.engine.GameInfo` says.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:  # imported with the first engine, not by a listing
    from core.engine import Game, GameInfo

# id -> module that exports ``GAME``; imported lazily so start-up stays fast.
_MODULES: dict[str, str] = {
    "quadropolis": "core.quadropolis",
    "council": "core.council",
    "elgrande": "core.elgrande",
    "intendentes": "core.intendentes",
    "settlement": "core.settlement",
}


class Listing(NamedTuple):
    """What a list of games shows about one: its :class:`GameInfo` minus the options, and
    whether the seats play as one team (:attr:`Game.cooperative`: statistics keep a team
    record for it without importing its engine)."""

    id: str
    title: str
    min_players: int
    max_players: int
    blurb: str
    cooperative: bool = False


# id -> listing, in the order of _MODULES; each equal to its engine's info.
_LISTINGS: dict[str, Listing] = {
    "quadropolis": Listing(
        "quadropolis", "Quadropolis", 2, 4,
        "Send numbered architects to a shared building site, then fit towers, shops, harbors "
        "and parks into your own 4x4 city so that they power each other.",
    ),
    "council": Listing(
        "council", "Council of Four", 2, 4,
        "Sway the four councils with politics cards, win building permits and spread your "
        "merchants along the roads of a kingdom, cashing in every city your network links.",
    ),
    "elgrande": Listing(
        "elgrande", "El Grande", 2, 5,
        "Bid power cards for turn order, then send caballeros across medieval Spain around the "
        "King to win majorities in its regions and the secret Castillo.",
    ),
    "intendentes": Listing(
        "intendentes", "Intendentes", 2, 4,
        "Mayors of Buenos Aires Province bid for towns, fields, factories and police posts, "
        "then weather fires, floods, protests and famine: the most splendid district wins.",
    ),
    "settlement": Listing(
        "settlement", "Settlement (Osada)", 1, 9,
        "Nine villagers share one stock: hunt, farm, mine, smelt and trade round the track, "
        "build and invent, and fill the pyramid of contentment before time or food runs out.",
        cooperative=True,
    ),
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
    """The game object for an id (importing its engine); raises :class:`UnknownGame`."""
    from core.engine import Game

    if game_id not in _MODULES:
        raise UnknownGame(game_id)
    game = importlib.import_module(_MODULES[game_id]).GAME
    if not isinstance(game, Game):
        raise TypeError(f"{_MODULES[game_id]}.GAME is not a Game")
    return game


def listing(game_id: str) -> Listing:
    """Id, title, player counts and blurb of a game, without importing its engine.

    A game registered without a listing (as tests register theirs) is asked for its info.
    Raises :class:`UnknownGame`.
    """
    known = _LISTINGS.get(game_id)
    if known is not None and game_id in _MODULES:
        return known
    game = get_game(game_id)
    info = game.info
    return Listing(info.id, info.title, info.min_players, info.max_players, info.blurb,
                   game.cooperative)


def listings() -> list[Listing]:
    """The listing of every playable game, in menu order; no engine is imported."""
    return [listing(game_id) for game_id in game_ids()]


def all_info() -> list[GameInfo]:
    """Full information (options included) for every playable game: imports every engine."""
    return [get_game(game_id).info for game_id in game_ids()]
