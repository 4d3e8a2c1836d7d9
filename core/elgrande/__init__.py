"""El Grande (classic base game): pure rules engine. ``GAME`` is the contract object.

Modules: ``content`` (data files in ``seeds/elgrande``: regions, map layout, values, power
cards, action cards), ``actions`` (one NamedTuple per decision kind), ``state`` (the state,
its clone and its validated encoding), ``rules`` (setup, round flow, legal moves, apply),
``scoring`` (tie rule, bonuses, special scorings), ``text`` (descriptions, prompts, the Veto
question), ``explain`` (why a move is illegal) and ``game`` (the contract).
"""

from core.elgrande.game import ElGrandeGame
from core.elgrande.state import CATEGORIES, State
from core.elgrande.text import veto_prompt

GAME = ElGrandeGame()

__all__ = ["GAME", "ElGrandeGame", "State", "CATEGORIES", "veto_prompt"]
