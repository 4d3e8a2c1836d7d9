"""The random bot: a uniformly random legal action (the baseline every level must beat)."""

from __future__ import annotations

from typing import Any, Hashable

from core.ai.base import legal_or_raise
from core.engine import Game
from core.rng import Rng


class RandomBot:
    """Picks uniformly among ``game.legal_actions(view, seat)`` with its own seeded RNG."""

    kind = "random"

    def __init__(self, seed: int) -> None:
        """Create the bot; the same seed and views give the same choices."""
        self.rng = Rng(seed, stream=101)

    def choose(self, game: Game[Any, Any], view: Any, seat: int) -> Hashable:
        """A uniformly random legal action for ``seat``."""
        return self.rng.choice(legal_or_raise(game, view, seat))
