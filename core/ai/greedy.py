"""The greedy bot: one ply of look-ahead scored by the game's own ``evaluate``."""

from __future__ import annotations

from typing import Any, Hashable

from core.ai.base import bot_choices_or_raise, pick_best
from core.engine import Game
from core.rng import Rng


class GreedyBot:
    """One-ply search on a single determinization of the view.

    The view is determinized once (hidden parts sampled with the bot's own RNG); every legal
    action is applied to a clone and scored with ``game.evaluate(after, seat)``. The best
    score wins; ties are broken with the seeded RNG, so the bot is deterministic per seed.
    """

    kind = "greedy"

    def __init__(self, seed: int) -> None:
        """Create the bot; the same seed and views give the same choices."""
        self.rng = Rng(seed, stream=202)

    def choose(self, game: Game[Any, Any], view: Any, seat: int) -> Hashable:
        """The legal action with the best one-ply evaluation for ``seat``."""
        legal = bot_choices_or_raise(game, view, seat)
        if len(legal) == 1:
            return legal[0]
        state = game.determinize(view, seat, self.rng)
        scores = []
        for action in legal:
            after = game.clone(state)
            game.apply_in_place(after, seat, action)
            scores.append(game.evaluate(after, seat))
        return legal[pick_best(scores, self.rng.choice)]
