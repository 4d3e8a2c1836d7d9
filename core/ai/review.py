"""The post-game review: the coach's value of every decision the human seats made.

:func:`positions` walks a finished (or any) game's log from its setup (``game.setup`` and
``game.apply``, as :meth:`core.table.Table.replay` does) and lists the decisions worth
valuing: a human seat's move where it had more than one legal move. For each one,
:func:`review` asks the coach (:func:`core.ai.coach.hint`) about the seat's view before the
move (never the true state), with the move played always among the valued ones
(``extra``) and the coach's own seed rule (:func:`core.ai.coach.hint_seed`), and keeps a
:class:`Decision`: the move played and the best move (encoded and in words), their values,
the spread, the loss (best minus played, 0 when the played move is the best) and the unit.

Reviews are long (one hint per decision), so they are cancellable and resumable: the
caller passes ``should_stop`` and ``progress(done, total)`` callables (core has no clock),
and the decisions already valued (``done``: kept in the save by :mod:`saves.review`), which
are not valued again when their coach version and level are this review's.
:func:`costliest` picks the decisions that cost the most.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any, Callable, Hashable, Iterable, Iterator, Mapping, Sequence

from core.ai import coach
from core.engine import Game, IllegalAction

SHOWN = 5
"""How many of the costliest decisions a review lists."""


@dataclass(frozen=True)
class Decision:
    """One valued decision of a human seat: plain data (text, numbers, encoded actions).

    ``index`` is the move's place in the log (0-based: the position before it is the one
    after ``index`` moves), ``played``/``best`` are :meth:`Game.encode_action` output with
    their words (``played_text``/``best_text``, from the seat's view), the values are in
    ``unit`` ("points": the final margin; "chance": the team's chance to win, 0 to 1),
    ``spread`` is the larger standard error of the two values and ``loss`` is
    ``best_value - played_value`` (0 when the move played is the best one).
    """

    index: int
    seat: int
    played: dict[str, Any]
    played_text: str
    best: dict[str, Any]
    best_text: str
    played_value: float
    best_value: float
    spread: float
    loss: float
    unit: str
    level: str
    coach_version: int = coach.COACH_VERSION

    @property
    def move_number(self) -> int:
        """The move's number as players count them (the first move is 1)."""
        return self.index + 1

    @property
    def best_played(self) -> bool:
        """True when the move played is the one the coach values best (no loss)."""
        return self.loss <= 0.0

    def to_data(self) -> dict[str, Any]:
        """The decision as a plain dict (its fields by name)."""
        return asdict(self)

    def current(self, level: str) -> bool:
        """True if this decision was valued by this coach version at ``level``."""
        return self.coach_version == coach.COACH_VERSION and self.level == level


@dataclass(frozen=True)
class Position:
    """A decision to value: the seat's view before the move (``view``), the move played
    (``action``) and where it is in the log (``index``)."""

    index: int
    seat: int
    view: Any
    action: Hashable


@dataclass(frozen=True)
class Review:
    """A review's outcome: every decision valued so far (``decisions``, in log order) out of
    ``total`` to value; ``complete`` is False when it was stopped before the end."""

    decisions: tuple[Decision, ...]
    total: int
    complete: bool

    def costliest(self, count: int = SHOWN) -> list[Decision]:
        """The ``count`` decisions that cost the most (see :func:`costliest`)."""
        return costliest(self.decisions, count)


Stop = Callable[[], bool]
"""``should_stop()``: True to stop the review (asked before each decision and between batches)."""

Progress = Callable[[int, int], None]
"""``progress(done, total)``: how many of the decisions to value are valued."""


def positions(
    game: Game[Any, Any],
    players: Sequence[str],
    seed: int,
    options: Mapping[str, Any],
    log: Sequence[tuple[int, Hashable]],
    humans: Iterable[int],
) -> Iterator[Position]:
    """The decisions of the ``humans`` seats in the game ``log`` worth valuing: every move
    of theirs where they had more than one legal move (a forced move decides nothing).

    ``options`` are parsed (:func:`core.table.parse_options`). The game is replayed from
    its setup; a move that does not apply raises :class:`IllegalAction`.
    """
    seats = frozenset(humans)
    state = game.setup(list(players), seed, options)
    for index, (seat, action) in enumerate(log):
        if seat in seats:
            view = game.view(state, seat)
            if len(game.legal_actions(view, seat)) > 1:
                yield Position(index, seat, view, action)
        state = game.apply(state, seat, action)


def value(game: Game[Any, Any], position: Position, level: str,
          should_stop: Stop | None = None, hinter: Callable[..., coach.Hint] = coach.hint) -> Decision | None:
    """The coach's value of one decision at ``level``; None when stopped before the end.

    The hint is the one the player would have got there (:func:`core.ai.coach.hint` on the
    seat's view, seeded by :func:`core.ai.coach.hint_seed`), with the move played valued too.
    ``hinter`` works it out (``coach.hint``'s arguments; the app's runs it in a child process).
    """
    view, seat, action = position.view, position.seat, position.action
    hint = hinter(game, view, seat, level, extra=[action], should_stop=should_stop)
    played, best = hint.find(action), hint.best
    if not hint.complete:
        return None
    if played is None or best is None:  # a bug, not a stop: the review must not look complete
        raise RuntimeError(f"the coach did not value the move played at move {position.index + 1}")
    loss = hint.loss(action) or 0.0
    if best.action == action or loss <= 0.0:
        best, loss = played, 0.0
    return Decision(
        index=position.index,
        seat=seat,
        played=game.encode_action(action),
        played_text=game.describe(action, view),
        best=game.encode_action(best.action),
        best_text=game.describe(best.action, view),
        played_value=_finite(played.value),
        best_value=_finite(best.value),
        spread=_finite(max(played.spread, best.spread)),
        loss=_finite(loss),
        unit=hint.unit,
        level=level,
    )


def review(
    game: Game[Any, Any],
    players: Sequence[str],
    seed: int,
    options: Mapping[str, Any],
    log: Sequence[tuple[int, Hashable]],
    humans: Iterable[int],
    level: str = "normal",
    done: Iterable[Decision] = (),
    should_stop: Stop | None = None,
    progress: Progress | None = None,
    valued: Callable[[Decision], None] | None = None,
    hinter: Callable[..., coach.Hint] = coach.hint,
) -> Review:
    """Value every decision of the ``humans`` seats (:func:`positions`) at ``level``.

    Decisions in ``done`` valued by this coach version at this level (and for the same move
    by the same seat) are kept, not valued again. ``progress(done, total)`` is told at the
    start and after each decision; ``valued(decision)`` gets each newly valued one (to keep
    it, e.g. in the save); ``should_stop`` is asked before each decision and between the
    coach's batches: a stopped review returns what it has, with ``complete`` False.
    ``hinter``: see :func:`value`.
    """
    coach.batches_for(game, level)  # an unknown level fails before anything is replayed
    todo = list(positions(game, players, seed, options, log, humans))
    kept = _reusable(game, todo, done, level)
    decisions: dict[int, Decision] = dict(kept)
    total = len(todo)
    if progress is not None:
        progress(len(decisions), total)
    for position in todo:
        if position.index in decisions:
            continue
        if should_stop is not None and should_stop():
            break
        decision = value(game, position, level, should_stop, hinter)
        if decision is None:  # stopped in the middle of this decision: not kept
            break
        decisions[position.index] = decision
        if valued is not None:
            valued(decision)
        if progress is not None:
            progress(len(decisions), total)
    ordered = tuple(decisions[i] for i in sorted(decisions))
    return Review(ordered, total, len(ordered) == total)


def _reusable(game: Game[Any, Any], todo: Sequence[Position], done: Iterable[Decision],
              level: str) -> dict[int, Decision]:
    """The decisions of ``done`` that value one of ``todo`` as this review would: the same
    seat's same move, by this coach version at this level."""
    wanted = {position.index: position for position in todo}
    kept: dict[int, Decision] = {}
    for decision in done:
        position = wanted.get(decision.index)
        if position is None or not decision.current(level) or decision.seat != position.seat:
            continue
        try:
            same = game.encode_action(position.action) == decision.played
        except (IllegalAction, KeyError, ValueError, TypeError):
            same = False
        if same:
            kept[decision.index] = decision
    return kept


def costliest(decisions: Iterable[Decision], count: int = SHOWN) -> list[Decision]:
    """The ``count`` decisions with the largest loss (the earliest first among equal ones),
    leaving out those that lost nothing (the best move was played)."""
    costly = [d for d in decisions if d.loss > 0.0]
    return sorted(costly, key=lambda d: (-d.loss, d.index))[:count]


def _finite(number: float) -> float:
    """``number`` as a finite float (a value is an average of finite outcomes; a NaN or an
    infinity would not survive a save file), to four decimals."""
    return round(float(number), 4) if math.isfinite(number) else 0.0
