"""Quadropolis (Classic mode): pure rules engine. ``GAME`` is the contract object.

Modules: ``content`` (data files), ``board`` (geometry tables), ``actions``, ``state``,
``rules`` (setup, legal moves, apply), ``explain`` (why a move is illegal), ``text``
(descriptions, prompts, progress, tie notes, board views in player terms), ``scoring``
(final allocation and breakdown), ``game``.
"""

from core.quadropolis.actions import Build, Discard, Place
from core.quadropolis.game import QuadropolisGame
from core.quadropolis.scoring import CATEGORIES, Allocation
from core.quadropolis.state import State

GAME = QuadropolisGame()

__all__ = ["GAME", "QuadropolisGame", "State", "Place", "Build", "Discard", "Allocation", "CATEGORIES"]
