"""The search bot: single-observer information-set MCTS (SO-ISMCTS) over ``determinize``.

Algorithm (Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search", 2012):

1. **Determinize**: each iteration samples a full state consistent with the bot's view,
   ``game.determinize(view, seat, rng)`` — hidden hands, decks, other seats' sealed
   choices and the future RNG are all re-sampled, so the tree averages over what the bot
   cannot know.
2. **Select**: from the root, descend a tree whose edges are actions. Only actions legal
   in this determinization are considered; each such edge's *availability* count is
   increased and edges are compared with UCB1 using availability instead of the parent's
   visits: ``mean + c * sqrt(ln(avail) / visits)``.
3. **Expand** one untried legal action (chosen at random), then
4. **Roll out**: play on with a cheap policy (``"random"``, or ``"greedy"``: one ply scored
   with ``game.evaluate`` on a few sampled actions or on all of them, with a little noise)
   until the game ends or ``rollout_depth`` decisions were played (and, with a game's
   ``quiet`` test, on past the depth while the position is unsettled, within a limit).
5. **Backpropagate** a reward in ``[0, 1]`` *per seat*: at the end of a game from the
   ranking and score margin (:func:`core.ai.base.terminal_rewards`), at a cut-off from
   ``game.evaluate`` normalised (:func:`core.ai.base.heuristic_rewards`). Each edge is
   credited with the reward of the seat that chose it, so the bot is correct for any
   number of players (a "max-n" style tree; shared wins count half per opponent tied).

Who chooses at a node: at the root, the bot's own seat; below it, ``game.to_act(state)[0]``
of the determinized state. When several seats must act at once (simultaneous secret
choices), they therefore pick one after another in seat order. So that a seat picking
later in such a *simultaneous step* does not learn the earlier sealed picks through the
tree, its statistics are kept at the node where the step began and are shared by all
branches of the earlier picks ("decoupled" selection, as in decoupled UCT for
simultaneous-move games); the tree structure below still follows the actual picks. A
step is the run of decisions that starts when ``to_act`` lists several seats and lasts
while every acting seat is one of that list that has not picked yet.

Budget: at most ``iterations`` iterations, and an optional ``should_stop()`` callable
checked before every iteration after the first (core has no clock: the TUI passes a
wall-clock check). Final choice: the most visited root action (ties: higher mean reward,
then the seeded RNG).

**Policy rollouts** (a game with a fast default policy). A game may name one in its search
profile, ``ai_profile.rollout_policy`` (:class:`core.ai.profile.SearchProfile`): a function
``policy(state, seat)`` returning a legal action on a full state, e.g. a scripted strategy
much cheaper than a one-ply evaluation. A bot made with ``rollout="greedy"`` (the ``normal``
and ``hard`` levels) then looks it up (an explicit ``rollout_policy`` argument wins) and
searches differently: a flat Monte-Carlo policy improvement at the root. The candidates are
the policy's own move and greedy's best ``root_candidates - 1`` others; every batch samples
one determinization and plays each candidate on a copy of it, then determinizes each
result's view again from one seed shared by the batch (the same hidden cards and the same
dice from then on: common random numbers, so the candidates are compared on equal luck, only
the move's own dice differing), then plays the policy to the end of the game (or ``rollout_depth`` decisions, scored by ``game.evaluate``).
The budget ``iterations`` counts rollouts, so ``iterations // candidates`` batches. The
policy's move is kept unless another candidate's mean reward beats it by more than
``policy_margin``. With a single legal move, or when greedy's best move is the policy's
(two independent judgements agree), nothing is searched and the policy's move is played.
Games without a policy are searched as above, or, with ``flat`` (a profile's ``flat``),
flat in the same way: greedy's best ``root_candidates`` moves each played on the batch's
determinization and rolled out with greedy from the same re-determinized future and the
same rollout RNG, the best total reward winning. Where a tree of a few dozen iterations
cannot grow deep enough to matter, comparing the candidates on equal luck spends the budget
better than UCB1 over independent samples.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Hashable

from core.ai.base import bot_choices_or_raise, heuristic_rewards, pick_best, terminal_rewards
from core.ai.profile import QuietTest, RolloutPolicy
from core.engine import Game
from core.rng import Rng

ROLLOUTS: tuple[str, ...] = ("random", "greedy")


class _Stats:
    """Statistics of one edge (an action chosen by ``seat``)."""

    __slots__ = ("visits", "total", "avail")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.avail = 1


class _Node(_Stats):
    """A tree node: the edge statistics leading to it plus its children by action."""

    __slots__ = ("children", "sim")

    def __init__(self) -> None:
        super().__init__()
        self.children: dict[Any, _Node] = {}
        # Decoupled statistics of the later pickers of a simultaneous step anchored here.
        self.sim: dict[int, dict[Any, _Stats]] | None = None


class SearchBot:
    """SO-ISMCTS bot (see the module docstring); deterministic for a given seed and budget."""

    kind = "search"

    def __init__(
        self,
        seed: int,
        iterations: int = 300,
        should_stop: Callable[[], bool] | None = None,
        rollout: str = "random",
        rollout_depth: int | None = 40,
        exploration: float = 0.7,
        greedy_sample: int | None = 6,
        greedy_noise: float = 0.1,
        decouple: bool = True,
        root_candidates: int | None = None,
        place_weight: float = 0.8,
        rollout_policy: RolloutPolicy | None = None,
        policy_margin: float | None = None,
        quiet: QuietTest | None = None,
        quiet_extra: int = 0,
        flat: bool = False,
    ) -> None:
        """Configure the bot.

        ``iterations``: maximum iterations per decision (≥ 1). ``should_stop``: optional
        callable; when it returns True the search ends early. ``rollout``: ``"random"`` or
        ``"greedy"``. ``rollout_depth``: decisions played in a rollout before the state is
        scored with ``game.evaluate`` (None: play to the end). ``exploration``: the UCB1
        constant. ``greedy_sample``: actions scored per greedy rollout step (None: all);
        ``greedy_noise``: probability of a random rollout move instead. ``decouple``: share
        statistics within simultaneous steps (see the module docstring).
        ``root_candidates``: when set, only the best this many root actions by one-ply
        ``game.evaluate`` are searched (the search then refines the greedy choice).
        ``place_weight``: the placing's share of a cut-off rollout's reward
        (:func:`core.ai.base.heuristic_rewards`). ``rollout_policy`` / ``policy_margin``:
        search with policy rollouts (see the module docstring); with ``rollout="greedy"``
        and no policy given, the game's ``ai_profile.rollout_policy`` and
        ``ai_profile.policy_margin`` are used when it declares them. ``quiet`` /
        ``quiet_extra``: a rollout at ``rollout_depth`` in a position ``quiet`` calls
        unsettled plays on until it is settled, at most ``quiet_extra`` more decisions
        (:class:`core.ai.profile.SearchProfile`). ``flat``: with greedy rollouts and no
        policy, search the root moves flat with common random numbers instead of a tree
        (see the module docstring).
        """
        if iterations < 1:
            raise ValueError("iterations must be at least 1")
        if rollout not in ROLLOUTS:
            raise ValueError(f"unknown rollout {rollout!r} (rollouts: {', '.join(ROLLOUTS)})")
        if rollout_depth is not None and rollout_depth < 0:
            raise ValueError("rollout_depth must be None or at least 0")
        self.rng = Rng(seed, stream=303)
        self.iterations = iterations
        self.should_stop = should_stop
        self.rollout = rollout
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.greedy_sample = None if greedy_sample is None else max(1, greedy_sample)
        self.greedy_noise = greedy_noise
        self.decouple = decouple
        self.root_candidates = root_candidates
        self.place_weight = place_weight
        self.rollout_policy = rollout_policy
        self.policy_margin = policy_margin
        self.quiet = quiet
        self.quiet_extra = max(0, quiet_extra)
        self.flat = flat
        self._root_only: set[Any] | None = None
        self.last_iterations = 0
        """Iterations run by the latest :meth:`choose` (0 when there was a single option)."""

    # --- public ----------------------------------------------------------------------
    def choose(self, game: Game[Any, Any], view: Any, seat: int) -> Hashable:
        """The most visited root action after the search; see the module docstring."""
        legal = bot_choices_or_raise(game, view, seat)
        self.last_iterations = 0
        if len(legal) == 1:
            return legal[0]
        policy, margin = self.policy_of(game)
        if policy is not None:
            return self._choose_by_policy(game, view, seat, legal, policy, margin)
        if self.flat:
            return self._choose_flat(game, view, seat, legal)
        root = _Node()
        self._root_only = None
        if self.root_candidates is not None and len(legal) > self.root_candidates:
            self._root_only = set(self.ranked_by_evaluation(game, view, seat, legal))
        for done in range(self.iterations):
            if done and self.should_stop is not None and self.should_stop():
                break
            self._iterate(game, game.determinize(view, seat, self.rng), seat, root)
            self.last_iterations = done + 1
        counts: list[float] = []
        if self._root_only is not None:
            legal = [a for a in legal if a in self._root_only]
        for action in legal:
            child = root.children.get(action)
            if child is None or child.visits == 0:
                counts.append(0.0)
            else:  # visits first; the mean reward (< 1) only separates equal counts
                counts.append(child.visits + 0.5 * child.total / child.visits)
        return legal[pick_best(counts, self.rng.choice)]

    def policy_of(self, game: Game[Any, Any]) -> tuple[RolloutPolicy | None, float]:
        """The rollout policy and its margin: given, else the game profile's (greedy rollouts)."""
        profile = getattr(game, "ai_profile", None)
        margin = self.policy_margin
        if margin is None:
            margin = float(getattr(profile, "policy_margin", 0.0) or 0.0)
        if self.rollout_policy is not None:
            return self.rollout_policy, margin
        if self.rollout != "greedy":
            return None, margin
        return getattr(profile, "rollout_policy", None), margin

    def _choose_by_policy(self, game: Game[Any, Any], view: Any, seat: int, legal: list[Any],
                          policy: RolloutPolicy, margin: float) -> Hashable:
        """Flat policy improvement at the root with common random numbers (module docstring)."""
        first = game.determinize(view, seat, self.rng)
        own = policy(first, seat)
        if own not in legal:  # not a move bots weigh here: greedy's best stands in for it
            own = self.ranked_by_evaluation(game, view, seat, legal)[0]
        candidates = [own]
        if self.root_candidates is None or self.root_candidates > 1:
            ranked = self.ranked_by_evaluation(game, view, seat, legal) if self.root_candidates else legal
            if ranked[0] == own:  # greedy agrees with the policy: nothing to search
                return own
            candidates += [a for a in ranked if a != own][: (self.root_candidates or len(legal)) - 1]
        if len(candidates) == 1:
            return own
        totals, done = self._compare(game, view, seat, candidates, first,
                                     lambda state, rng: self.policy_rollout(game, state, policy))
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        if (totals[best] - totals[0]) / done > margin:
            return candidates[best]
        return own

    def _choose_flat(self, game: Game[Any, Any], view: Any, seat: int, legal: list[Any]) -> Hashable:
        """Flat search of greedy's best ``root_candidates`` moves with common random numbers
        and greedy rollouts (module docstring): the best total reward wins, ties the better
        ranked by greedy."""
        candidates: list[Hashable] = self.ranked_by_evaluation(game, view, seat, legal) if self.root_candidates else legal
        if len(candidates) == 1:
            return candidates[0]
        totals, _ = self._compare(game, view, seat, candidates, game.determinize(view, seat, self.rng),
                                  lambda state, rng: self.play_out(game, state, rng))
        return candidates[max(range(len(candidates)), key=lambda i: (totals[i], -i))]

    def _compare(self, game: Game[Any, Any], view: Any, seat: int, candidates: list[Any], first: Any,
                 rollout: Callable[[Any, Rng], list[float]]) -> tuple[list[float], int]:
        """Each candidate's total reward for ``seat`` over ``iterations // len(candidates)``
        batches (fewer when ``should_stop`` says so), and the number of batches played.

        Every batch samples one determinization (``first`` for the first batch), plays each
        candidate on a copy of it, then determinizes each result's view again from one seed
        shared by the batch and rolls out with an RNG of the same seed: the candidates meet
        the same hidden cards, dice and rollout choices, only the move's own dice differing.
        """
        batches = max(1, self.iterations // len(candidates))
        totals = [0.0] * len(candidates)
        done = 0
        for batch in range(batches):
            if batch and self.should_stop is not None and self.should_stop():
                break
            state = first if batch == 0 else game.determinize(view, seat, self.rng)
            future = self.rng.next_u32()
            for index, action in enumerate(candidates):
                after = game.clone(state)
                game.apply_in_place(after, seat, action)
                if not game.is_over(after):  # the same future for every candidate
                    after = game.determinize(game.view(after, seat), seat, Rng(future, stream=304))
                totals[index] += rollout(after, Rng(future, stream=305))[seat]
            done = batch + 1
            self.last_iterations = done * len(candidates)
        return totals, done

    def policy_rollout(self, game: Game[Any, Any], state: Any, policy: RolloutPolicy) -> list[float]:
        """Play ``policy`` on until the end (or ``rollout_depth`` decisions); per-seat rewards."""
        steps = 0
        limit = self.rollout_depth
        while not game.is_over(state):
            if limit is not None and steps >= limit and self._settled(state, steps - limit):
                return heuristic_rewards(game, state, self.place_weight)
            acting = game.to_act(state)
            if not acting:
                break
            who = acting[0]
            game.apply_in_place(state, who, policy(state, who))
            steps += 1
        if game.is_over(state):
            return terminal_rewards(game, state)
        return heuristic_rewards(game, state, self.place_weight)

    def _settled(self, state: Any, extra: int) -> bool:
        """Whether a rollout ``extra`` decisions past its depth may be cut off here."""
        return self.quiet is None or extra >= self.quiet_extra or self.quiet(state)

    def ranked_by_evaluation(self, game: Game[Any, Any], view: Any, seat: int, legal: list[Any]) -> list[Any]:
        """The ``root_candidates`` best actions by one-ply evaluation on one determinization."""
        state = game.determinize(view, seat, self.rng)
        scored = []
        for index, action in enumerate(legal):
            after = game.clone(state)
            game.apply_in_place(after, seat, action)
            # The random tie-break keeps equal actions in a seeded, unbiased order.
            scored.append((game.evaluate(after, seat), self.rng.random(), index))
        scored.sort(reverse=True)
        return [legal[index] for _, _, index in scored[: self.root_candidates]]

    # --- one iteration -----------------------------------------------------------------
    def _iterate(self, game: Game[Any, Any], state: Any, seat: int, root: _Node) -> None:
        node = root
        updates: list[tuple[_Stats, int]] = []
        anchor: _Node | None = None
        pending: set[int] = set()
        chooser = seat
        while not game.is_over(state):
            acting = game.to_act(state)
            if not acting:
                break
            if node is not root:
                chooser = acting[0]
            legal = game.bot_actions(state, chooser)
            if not legal:
                break
            if node is root and self._root_only is not None:
                legal = [a for a in legal if a in self._root_only] or legal
            shared: dict[Any, _Stats] | None = None
            if anchor is not None and chooser in pending and pending.issuperset(acting):
                if self.decouple:
                    if anchor.sim is None:
                        anchor.sim = {}
                    shared = anchor.sim.setdefault(chooser, {})
            else:
                anchor = node if len(acting) > 1 else None
                pending = set(acting) if anchor is not None else set()
            pending.discard(chooser)

            if shared is not None:
                action = self._select(shared, legal, _Stats)
                child = node.children.get(action)
                expanded = child is None
                if child is None:
                    child = node.children[action] = _Node()
                updates.append((shared[action], chooser))
            else:
                before = len(node.children)
                action = self._select(node.children, legal, _Node)
                child = node.children[action]
                expanded = len(node.children) != before
            updates.append((child, chooser))
            game.apply_in_place(state, chooser, action)
            node = child
            if expanded:
                break

        rewards = self.play_out(game, state)
        for stats, who in updates:
            stats.visits += 1
            stats.total += rewards[who]

    def _select(self, table: dict[Any, Any], legal: list[Any], make: Callable[[], _Stats]) -> Any:
        """Expand a random untried action, else pick by UCB1 with availability counts."""
        untried = []
        for action in legal:
            stats = table.get(action)
            if stats is None:
                untried.append(action)
            else:
                stats.avail += 1
        if untried:
            action = untried[0] if len(untried) == 1 else self.rng.choice(untried)
            table[action] = make()
            return action
        c = self.exploration
        best_value = -1.0
        best: list[Any] = []
        for action in legal:
            stats = table[action]
            if stats.visits == 0:  # created but never backed up (cannot happen normally)
                return action
            value = stats.total / stats.visits + c * math.sqrt(math.log(stats.avail) / stats.visits)
            if value > best_value + 1e-12:
                best_value = value
                best = [action]
            elif value >= best_value - 1e-12:
                best.append(action)
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def play_out(self, game: Game[Any, Any], state: Any, rng: Rng | None = None) -> list[float]:
        """Play on with the rollout policy (its choices drawn from ``rng``, by default the
        bot's); return the per-seat rewards."""
        steps = 0
        limit = self.rollout_depth
        greedy = self.rollout == "greedy"
        rng = rng or self.rng
        while not game.is_over(state):
            if limit is not None and steps >= limit and self._settled(state, steps - limit):
                return heuristic_rewards(game, state, self.place_weight)
            acting = game.to_act(state)
            if not acting:
                break
            who = acting[0]
            legal = game.bot_actions(state, who)
            if not legal:
                break
            if greedy and len(legal) > 1 and rng.random() >= self.greedy_noise:
                action = self._greedy_move(game, state, who, legal, rng)
            else:
                action = legal[rng.randbelow(len(legal))]
            game.apply_in_place(state, who, action)
            steps += 1
        if game.is_over(state):
            return terminal_rewards(game, state)
        return heuristic_rewards(game, state, self.place_weight)

    def _greedy_move(self, game: Game[Any, Any], state: Any, who: int, legal: list[Any], rng: Rng) -> Any:
        """Best of a few sampled actions (drawn with ``rng``) by one-ply ``game.evaluate``."""
        if self.greedy_sample is not None and len(legal) > self.greedy_sample:
            legal = legal[:]
            rng.shuffle(legal)
            legal = legal[: self.greedy_sample]
        values = []
        for action in legal:
            after = game.clone(state)
            game.apply_in_place(after, who, action)
            values.append(game.evaluate(after, who))
        return legal[pick_best(values, rng.choice)]
