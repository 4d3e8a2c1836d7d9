"""Council of Four: pure rules engine. ``GAME`` is the contract object.

Modules: ``content`` (data file), ``board`` (the 8 map layouts), ``actions``, ``state``,
``payments`` (paying a council), ``rules`` (setup, legal moves, apply), ``explain`` (why a
move is illegal), ``scoring`` (final scores, evaluation), ``text`` (descriptions, prompts,
progress, log and result wording), ``helpers`` (read-only views for the UI), ``game``.
"""

from core.council.actions import (
    Acquire,
    Action,
    Build,
    Change,
    Elect,
    ElectQuick,
    EndTurn,
    Extra,
    FreePermit,
    Hire,
    Pay,
    Rebonus,
    Royal,
    Token,
)
from core.council.game import CouncilGame
from core.council.helpers import payment_preview, route_cost, shortest_route
from core.council.scoring import CATEGORIES
from core.council.state import State

GAME = CouncilGame()

__all__ = [
    "GAME",
    "CouncilGame",
    "State",
    "Action",
    "Elect",
    "Acquire",
    "Build",
    "Royal",
    "Pay",
    "Hire",
    "Change",
    "ElectQuick",
    "Extra",
    "EndTurn",
    "Token",
    "FreePermit",
    "Rebonus",
    "CATEGORIES",
    "shortest_route",
    "route_cost",
    "payment_preview",
]
