"""Settlement (Osada): nine villagers share one stock and fill a pyramid of contentment together.

Pure rules engine; ``GAME`` is the contract object. Modules: ``content`` (the data of
``seeds/settlement/content.toml``), ``actions`` (one small dataclass per decision kind),
``state`` (the state, its clone, validated encoding, events and invariants), ``rules``
(setup, the round, legal moves, apply), ``scoring`` (the shared result), ``bots`` (the team
evaluation and the scripted teams of Appendix B), ``text`` and ``explain`` (player words) and
``game`` (the contract).
"""

from core.settlement.game import SettlementGame
from core.settlement.state import State

GAME = SettlementGame()

__all__ = ["GAME", "SettlementGame", "State"]
