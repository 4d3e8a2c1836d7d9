"""Intendentes: mayors grow their districts block by block, bidding, planning and weathering events.

Pure rules engine; ``GAME`` is the contract object. Modules: ``content`` (the data of
``seeds/intendentes/content.toml``), ``actions`` (one small dataclass per decision kind),
``state`` (the state, its clone, validated encoding and invariants), ``rules`` (setup, the
round flow, legal moves, apply), ``scoring`` (final bonuses, result, standings, the bots'
evaluation), ``text`` and ``explain`` (player words) and ``game`` (the contract).
"""

from core.intendentes.game import IntendentesGame
from core.intendentes.state import State

GAME = IntendentesGame()

__all__ = ["GAME", "IntendentesGame", "State"]
