"""El Grande (classic base game): pure rules engine. ``GAME`` is the contract object.

Modules: ``content`` (data files in ``seeds/elgrande``), ``actions``, ``state``, ``rules``
(setup, flow, legal moves, apply), ``scoring``, ``text`` (descriptions and prompts),
``explain`` (why a move is illegal), ``game`` (the contract).
"""

from core.elgrande.game import ElGrandeGame
from core.elgrande.state import CATEGORIES, State

GAME = ElGrandeGame()

__all__ = ["GAME", "ElGrandeGame", "State", "CATEGORIES"]
