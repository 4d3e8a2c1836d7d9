"""How the ``normal`` and ``hard`` bot levels search one game: :class:`SearchProfile`.

Both levels are the same SO-ISMCTS search (:class:`core.ai.search.SearchBot`) restricted to
greedy's best few root moves, with greedy rollouts cut off and scored by ``game.evaluate``.
What suits a game depends on how long its turns are and how costly its evaluation is, so a
game may declare its own profile as the class attribute ``ai_profile`` of its
:class:`core.engine.Game`; :data:`DEFAULT_PROFILE` serves the rest. Each profile records the
measurement it was chosen by.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Hashable

RolloutPolicy = Callable[[Any, int], Hashable]
"""A fast default policy: ``policy(full_state, seat)`` returns a legal action for ``seat``."""

QuietTest = Callable[[Any], bool]
"""``quiet(full_state)``: True where a cut-off rollout's evaluation can be trusted (e.g. not
in the middle of an auction), as a chess search plays captures out before it evaluates."""


@dataclass(frozen=True)
class SearchProfile:
    """Search settings of the ``normal`` and ``hard`` levels for one game.

    ``normal_iterations`` / ``hard_iterations``: iterations per decision, sized so that a
    ``hard`` decision takes well under a second on one core. ``rollout_depth``: decisions
    per greedy rollout before the state is scored (None: play to the end).
    ``root_candidates``: how many of greedy's best root moves are searched.
    ``greedy_sample``: moves scored per rollout step (None: every legal move).
    ``greedy_noise``: the chance of a random rollout move instead of greedy's.
    ``place_weight``: the placing's share of a cut-off rollout's reward (the rest is the
    evaluation's margin; :func:`core.ai.base.heuristic_rewards`).
    ``rollout_policy``: a fast default policy of the game (:data:`RolloutPolicy`, e.g. a
    scripted strategy); when set, the levels' search plays it instead of greedy in its
    rollouts, always searches its move at the root, and keeps it unless another candidate's
    mean reward beats it by ``policy_margin`` (:class:`core.ai.search.SearchBot`).
    ``quiet`` / ``quiet_extra``: a rollout that reaches ``rollout_depth`` in a position
    ``quiet`` calls unsettled plays on, at most ``quiet_extra`` more decisions, until it is
    settled (:data:`QuietTest`; None: cut off at the depth).
    ``flat``: search greedy's best root moves flat with common random numbers instead of
    a tree (:class:`core.ai.search.SearchBot`; ignored with a ``rollout_policy``).
    ``coach_batches``: how many sampled futures the coach (:mod:`core.ai.coach`) plays each
    candidate out on, at its ``normal`` and ``hard`` levels.
    """

    normal_iterations: int = 100
    hard_iterations: int = 300
    rollout_depth: int | None = 8
    root_candidates: int = 6
    greedy_sample: int | None = 8
    greedy_noise: float = 0.1
    place_weight: float = 0.8
    rollout_policy: RolloutPolicy | None = None
    policy_margin: float = 0.0
    quiet: QuietTest | None = None
    quiet_extra: int = 0
    flat: bool = False
    coach_batches: tuple[int, int] = (24, 60)

    def __post_init__(self) -> None:
        if not 1 <= self.normal_iterations <= self.hard_iterations:
            raise ValueError("iterations must satisfy 1 <= normal <= hard")
        if self.rollout_depth is not None and self.rollout_depth < 0:
            raise ValueError("rollout_depth must be None or at least 0")
        if self.root_candidates < 1:
            raise ValueError("root_candidates must be at least 1")
        if self.greedy_sample is not None and self.greedy_sample < 1:
            raise ValueError("greedy_sample must be None or at least 1")
        if not 0.0 <= self.greedy_noise <= 1.0 or not 0.0 <= self.place_weight <= 1.0:
            raise ValueError("greedy_noise and place_weight must be between 0 and 1")
        if not 0.0 <= self.policy_margin <= 1.0:
            raise ValueError("policy_margin must be between 0 and 1")
        if not 1 <= self.coach_batches[0] <= self.coach_batches[1]:
            raise ValueError("coach_batches must satisfy 1 <= normal <= hard")
        if self.quiet_extra < 0:
            raise ValueError("quiet_extra must be at least 0")

    def iterations(self, level: str) -> int:
        """Iterations per decision of ``level`` ("normal" or "hard")."""
        return self.hard_iterations if level == "hard" else self.normal_iterations


DEFAULT_PROFILE = SearchProfile()
"""Measured on Quadropolis (2 players, 200 games): plain random-rollout search with 600
iterations won only 33% against the greedy bot; searching greedy's top 6 moves with greedy
rollouts of 8 decisions, each scoring 8 sampled moves, wins about 70%. El Grande uses it too
(hard beats easy 198/200)."""
