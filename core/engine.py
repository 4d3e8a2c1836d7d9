"""The game contract every Meeple game implements, and the types it shares.

A game is a :class:`Game` subclass instance (one per game module, exported as ``GAME``).
The TUI, saves, tables and bots only ever talk to this interface, so no game is ever
special-cased outside its own package.

Conventions:

* States are mutable objects owned by the game module, with a fast ``clone()``.
  :meth:`Game.apply` never touches its input; :meth:`Game.apply_in_place` mutates (for
  bots and replays, after the action is known to be legal).
* Actions are small immutable, hashable values (``NamedTuple``\\ s or frozen slotted
  dataclasses; two actions of different kinds never compare equal) with a stable
  plain-data encoding.
* Randomness lives in the state (:class:`core.rng.Rng`), so a game is fully determined by
  ``(game id, options, players, seed, action list)``.
* Multi-step turns are sub-decisions inside the state ("take tile, then place it").
* Every position is in a round, :meth:`Game.round_number` (1, 2, ... never going down),
  even in a game of turns (Council of Four: a round is every player having taken a turn):
  score charts and replays go by rounds.

One package shape per game: every game package under ``core/`` has these modules.

* ``content``: the game's data (data files loaded into constants, rule numbers).
* ``state``: the state class, its plain-data ``encode_state``/``decode_state``, and
  ``problems`` (the invariants behind :meth:`Game.problems`); a long one keeps the class
  and moves these to ``encoding`` and ``invariants`` (El Grande, Intendentes).
* ``actions``: the action types and their ``encode_action``/``decode_action``.
* ``rules``: setup, whose turn it is, legal actions and their effects (apply).
* ``explain``: ``why_illegal``, why a move is illegal, in player words.
* ``text``: player words: ``describe``, prompts, progress, log lines and result notes.
* ``scoring``: final scores and breakdown, and the bots' evaluation.
* ``game``: the :class:`Game` subclass wiring them; the package exports it as ``GAME``.

A game may add modules of its own (``board`` geometry for Quadropolis and Council,
Council's ``payments`` and ``helpers``, its read-only views for the screen; every game's
``reasons``, the coach's words for a move, :meth:`Game.coach_reason`). A game may
split its rules into concern modules behind ``rules``, which stays the one public entry
point and re-exports their public names (``__all__``): El Grande's ``legal``, ``rounds``
and ``specials``; Intendentes' ``tables``, ``districts``, ``cards``, ``events``,
``plans``, ``auction``, ``security``, ``balance``, ``phases`` and ``tasks`` (and the final
``bonuses`` that rules and scoring share). Each imports only the modules below it. Where a
game has nothing for a hook, :class:`Game`'s default stands in and no module is added
(Quadropolis has no ``effects`` lines). Drawing helpers belong in
``tui/games/<game>_render.py``, never in ``core``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Hashable, Mapping, Sequence, TypeVar

from core.rng import Rng

S = TypeVar("S")
A = TypeVar("A", bound=Hashable)

PlainData = Any  # str | int | bool | list[PlainData] | dict[str, PlainData]; never None


class IllegalAction(ValueError):
    """Raised by :meth:`Game.apply` for a move that is not legal; ``reason`` is for players."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class CorruptData(ValueError):
    """Raised by the ``decode_*`` methods when encoded data does not describe a valid value."""


@dataclass(frozen=True)
class OptionSpec:
    """One variant option a game offers (shown on the new-game screen, saved in the header).

    ``choices`` lists the allowed values for a choice option; a bool option has
    ``default`` True/False and no choices.
    """

    key: str
    label: str
    default: str | bool | int
    choices: tuple[str, ...] = ()
    help: str = ""
    choice_labels: tuple[str, ...] = ()
    """Player words for ``choices`` (same order); the raw values when empty."""
    seat_choices: bool = False
    """Choices that are digits name seats: only seats of the game at hand are offered."""

    def __post_init__(self) -> None:
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise ValueError(f"option {self.key}: one label per choice")

    def choice_label(self, value: str) -> str:
        """How a choice is shown to players (its value when it has no label)."""
        if self.choice_labels and value in self.choices:
            return self.choice_labels[self.choices.index(value)]
        return value

    def offered(self, players: int) -> list[tuple[str, str]]:
        """``(label, value)`` of the choices that make sense in a ``players``-player game."""
        return [
            (self.choice_label(choice), choice)
            for choice in self.choices
            if not (self.seat_choices and choice.isdigit() and int(choice) >= players)
        ]

    def parse(self, raw: Any) -> str | bool | int:
        """Convert a raw value (from the CLI, a form or a save) or raise ``ValueError``."""
        if isinstance(self.default, bool):
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in ("1", "true", "yes", "on"):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise ValueError(f"option {self.key} takes true or false, not {raw!r}")
        if isinstance(self.default, int):
            try:
                value = int(str(raw))
            except ValueError:
                raise ValueError(f"option {self.key} takes a whole number, not {raw!r}") from None
            if self.choices and str(value) not in self.choices:
                raise ValueError(f"option {self.key} takes one of {', '.join(self.choices)}")
            return value
        text = str(raw)
        if self.choices and text not in self.choices:
            raise ValueError(f"option {self.key} takes one of {', '.join(self.choices)}, not {raw!r}")
        return text


SEAT_LETTERS = "ABCDEFGHI"
"""The letter of each seat, as players see it everywhere (no game seats more than nine)."""


def first_player_option(label: str, help: str, max_players: int) -> OptionSpec:
    """The usual "who starts" option: ``random`` or a seat number, shown as Seat A, B, …"""
    return OptionSpec(
        key="first_player",
        label=label,
        default="random",
        choices=("random",) + tuple(str(i) for i in range(max_players)),
        help=help,
        choice_labels=("Random",) + tuple(f"Seat {SEAT_LETTERS[i]}" for i in range(max_players)),
        seat_choices=True,
    )


@dataclass(frozen=True)
class Result:
    """Final scores of a finished game.

    ``breakdown[seat]`` holds one value per entry of ``categories`` (the last category is
    normally the total). ``ranks[seat]`` is 1 for the winner(s); tied seats share a rank.
    ``notes`` explains tie-breaks that were used, in player words.
    """

    categories: tuple[str, ...]
    breakdown: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    ranks: tuple[int, ...]
    notes: tuple[str, ...] = ()

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats ranked first."""
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)

    def plain(self) -> dict[str, Any]:
        """The result as plain data (lists of numbers and text), for game records and the
        network."""
        return {
            "categories": list(self.categories),
            "breakdown": [list(row) for row in self.breakdown],
            "totals": list(self.totals),
            "ranks": list(self.ranks),
            "notes": list(self.notes),
        }


@dataclass(frozen=True)
class Standings:
    """Where every seat stands, by scoring category (the last category is the total).

    ``if_ended[seat]`` is what the final scoring would give if the game ended now (on a
    view: from what that seat may see); ``so_far[seat]`` what is already scored, or None
    for a game that scores nothing before its end. ``unit`` names the points ("VP").
    """

    categories: tuple[str, ...]
    if_ended: tuple[tuple[int, ...], ...]
    so_far: tuple[tuple[int, ...], ...] | None = None
    unit: str = "VP"

    @property
    def now(self) -> tuple[int, ...] | None:
        """Total already scored per seat (None: nothing scores before the end)."""
        return None if self.so_far is None else tuple(row[-1] for row in self.so_far)

    @property
    def projected(self) -> tuple[int, ...]:
        """Total per seat if the game ended now."""
        return tuple(row[-1] for row in self.if_ended)


def standing_change(before: Standings, after: Standings, seat: int) -> str:
    """How ``seat``'s standing moved between two :class:`Standings`, in words: "scores 3 VP
    (Regions +3)", else "+2 VP if the game ended now"; "" when nothing moved."""
    now_before, now_after = before.now, after.now
    if now_before is not None and now_after is not None and now_after[seat] != now_before[seat] \
            and before.so_far is not None and after.so_far is not None:
        gained = now_after[seat] - now_before[seat]
        parts = [f"{name} {after.so_far[seat][i] - before.so_far[seat][i]:+d}"
                 for i, name in enumerate(after.categories[:-1])
                 if i < len(before.categories) - 1 and after.so_far[seat][i] != before.so_far[seat][i]]
        verb = "scores" if gained > 0 else "loses"
        told = f"{verb} {abs(gained)} {after.unit}"
        return f"{told} ({', '.join(parts)})" if parts and len(parts) < 4 else told
    change = after.projected[seat] - before.projected[seat]
    if change:
        return f"{change:+d} {after.unit} if the game ended now"
    return ""


def rank_by(keys: Sequence[tuple[Any, ...]]) -> tuple[int, ...]:
    """Competition ranks (1, 2, 2, 4) from per-seat sort keys, higher keys ranking first.

    >>> rank_by([(30, 2), (41, 0), (30, 2), (12, 5)])
    (2, 1, 2, 4)
    >>> rank_by([(7, 1), (7, 3)])
    (2, 1)
    """
    ranks = []
    for key in keys:
        ranks.append(1 + sum(1 for other in keys if other > key))
    return tuple(ranks)


@dataclass(frozen=True)
class Scoring:
    """A scoring the latest move set off (a round's, a card's), to show as it happened.

    ``rows`` are ``(what was scored, points per seat)`` in the order scored; ``notes`` are
    plain sentences about it (what a revealed Castillo held, where the disks went).
    """

    title: str
    players: int
    rows: tuple[tuple[str, tuple[int, ...]], ...]
    notes: tuple[str, ...] = ()

    @property
    def totals(self) -> tuple[int, ...]:
        """Points per seat from this scoring."""
        return tuple(sum(points[s] for _, points in self.rows) for s in range(self.players))


@dataclass(frozen=True)
class GameInfo:
    """What the registry and menus show about a game."""

    id: str
    title: str
    min_players: int
    max_players: int
    blurb: str
    options: tuple[OptionSpec, ...] = field(default=())
    hidden_information: bool = False


class Game(ABC, Generic[S, A]):
    """The contract. Subclasses implement the abstract methods; the rest have defaults."""

    info: GameInfo
    final_scoring_subtracts: bool = False
    """True when the final scoring can take points away (Intendentes' district size and
    happiness), so a seat's points so far may exceed what it would have if the game ended
    now; for the other games the final scoring only adds."""

    cooperative: bool = False
    """True for a game the seats play as one team (Settlement): every seat gets the same
    result row, all ranked 1 when the team wins and all 2 (no winner) when it loses;
    ``evaluate`` gives the team's prospects in [0, 1] (1: won), the same for every seat, and
    bots take it as every seat's reward."""

    # --- lifecycle -------------------------------------------------------------------
    @abstractmethod
    def setup(self, players: Sequence[str], seed: int, options: Mapping[str, Any]) -> S:
        """Return the initial state for seats ``0..len(players)-1`` (options already parsed)."""

    @abstractmethod
    def to_act(self, state: S) -> list[int]:
        """Seats that must decide now: usually one; several for simultaneous secret choices."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[A]:
        """Every legal action for ``seat`` now, and nothing else (empty if it need not act)."""

    @abstractmethod
    def apply_in_place(self, state: S, seat: int, action: A) -> None:
        """Perform a legal action on ``state`` (mutating it). Callers guarantee legality."""

    @abstractmethod
    def is_over(self, state: S) -> bool:
        """True once the game has ended."""

    @abstractmethod
    def result(self, state: S) -> Result:
        """Final scores with breakdown and ranking (only valid when :meth:`is_over`)."""

    @abstractmethod
    def clone(self, state: S) -> S:
        """A deep, independent copy of the state (fast: explicit copies, no ``deepcopy``)."""

    # --- information -----------------------------------------------------------------
    @abstractmethod
    def view(self, state: S, seat: int | None) -> S:
        """A state-shaped copy holding only what ``seat`` may see (``None``: a spectator).

        Views have no usable RNG: anything random about the future is hidden.
        """

    @abstractmethod
    def determinize(self, view: S, seat: int, rng: Rng) -> S:
        """A full state consistent with ``view``, hidden parts sampled with ``rng``."""

    # --- text and encoding -----------------------------------------------------------
    @abstractmethod
    def describe(self, action: A, state: S | None = None) -> str:
        """Short human text for an action (menus, the log); ``state`` adds context if given."""

    def narrate(self, action: A, seat: int, before: S, after: S) -> str:
        """The shared log's words for ``action`` made by ``seat`` in ``before`` (``after``
        is the state it led to): about that player, never "you" or "your".

        Both states are the spectator's view, so nothing secret can leak. The default is
        :meth:`describe`, for games whose move texts never address the reader.
        """
        return self.describe(action, before)

    @abstractmethod
    def encode_state(self, state: S) -> dict[str, PlainData]:
        """Plain data (str/int/bool/list/dict, no None) that :meth:`decode_state` inverts."""

    @abstractmethod
    def decode_state(self, data: Any) -> S:
        """Rebuild a state; raises :class:`CorruptData` with a readable reason if invalid."""

    def decode_full_state(self, data: Any) -> S:
        """Rebuild a whole game's state, refusing a seat's view (saves must never resume one).

        Raises :class:`CorruptData` like :meth:`decode_state`, and also when ``data`` decodes
        to a view (see :meth:`is_view`).
        """
        state = self.decode_state(data)
        if self.is_view(state):
            raise CorruptData("the state is one seat's view of a game, not the whole game")
        return state

    @abstractmethod
    def encode_action(self, action: A) -> dict[str, PlainData]:
        """Plain-data form of an action."""

    @abstractmethod
    def decode_action(self, data: Any) -> A:
        """Rebuild an action; raises :class:`CorruptData` if invalid."""

    # --- defaults --------------------------------------------------------------------
    def apply(self, state: S, seat: int, action: A) -> S:
        """Validate and perform an action, returning a new state; ``state`` is untouched.

        Raises :class:`IllegalAction` with a player-readable reason.
        """
        reason = self.why_illegal(state, seat, action)
        if reason is not None:
            raise IllegalAction(reason)
        new = self.clone(state)
        self.apply_in_place(new, seat, action)
        return new

    def bot_actions(self, state: S, seat: int) -> list[A]:
        """The moves a bot weighs for ``seat``: :meth:`legal_actions` unless a game narrows it.

        A game whose legal list holds long runs of near-alike moves (every whole bid from
        $7 to $60) returns a few representative ones instead, so that greedy and search bots
        spend their time on real choices. The list must be a non-empty subset of the legal
        moves whenever those are non-empty; :meth:`apply` still accepts any legal move.
        """
        return self.legal_actions(state, seat)

    def scripted_bots(self) -> Mapping[str, Callable[[int], Any]]:
        """Bot kinds only this game has, by name: a factory taking a seed (Settlement's
        scripted reference and careless teams, for its balance check). ``meeple simulate``
        and the benchmarks offer them beside the shared kinds; the default has none."""
        return {}

    def why_illegal(self, state: S, seat: int, action: A) -> str | None:
        """The reason ``action`` is illegal for ``seat`` now, or None if it is legal."""
        if self.is_over(state):
            return "The game is over."
        if seat not in self.to_act(state):
            return "It is not your turn."
        # Compare types too: NamedTuples of different action types can be equal as tuples.
        if not any(type(legal) is type(action) and legal == action
                   for legal in self.legal_actions(state, seat)):
            return f"That move is not allowed now: {self.describe(action)}."
        return None

    def turn_holder(self, state: S) -> int | None:
        """The seat whose turn it is (for the status line); defaults to the first to act."""
        seats = self.to_act(state)
        return seats[0] if seats else None

    def prompt(self, state: S, seat: int) -> str:
        """What ``seat`` has to decide now, in a few words (status line)."""
        return "Choose an action."

    def effects(self, state: S) -> list[str]:
        """What the last action caused beyond itself (draws, forced moves), in player words.

        ``state`` is the spectator's view right after the action, so nothing secret can leak
        into the shared log. The default is no extra lines.
        """
        return []

    def coach_reason(self, before: S, seat: int, action: A, after: S) -> str:
        """Why the coach suggests ``action``, in a few player words ("wins the majority in
        Aragón"); ``before`` and ``after`` are ``seat``'s views around the move (``after`` on
        one sampled future: speak only of what the move itself does, never of a draw).

        The default tells how the seat's standing changed: points scored now, else what the
        final scoring would give if the game ended now; "" when neither moved. Every game
        overrides it from its ``reasons`` module, working from ``before`` and the move alone
        where the rules run on through hidden draws, in a line that fits the hint panel
        (:func:`core.words.fit`); ``tests/core/test_coach_reasons.py`` checks them all.
        """
        return standing_change(self.standings(before), self.standings(after), seat)

    def progress(self, state: S) -> str:
        """A short progress summary such as "Round 2/4" (save listings, status line)."""
        return ""

    def round_number(self, state: S) -> int:
        """The round ``state`` (a state or a view) is in, counting the rounds played from 1.

        It starts at 1 and never goes down along a game; the final position keeps the last
        round's number. Score charts take a point per round from it, and replays step by
        rounds. A game without rounds says what one is (Council of Four: every player
        having taken one turn); one that skips rounds of its board (El Grande's short game)
        still counts 1, 2, 3... Every registered game overrides this; the default, one
        round for the whole game, is for games that have none.
        """
        return 1

    def scores(self, state: S) -> list[int]:
        """Current score (or estimate) per seat for the scoreboard."""
        return [0] * self.num_players(state)

    def standings(self, state: S) -> Standings:
        """Each seat's points by category, so far and if the game ended now (scoreboard
        labels, the breakdown panel). The default knows only :meth:`scores`."""
        return Standings(("Score",), tuple((score,) for score in self.scores(state)))

    def rules_appendix(self) -> str:
        """Markdown the rules help adds after ``seeds/<game>/rules.md``, made from the
        game's content (El Grande: every action card's whole text); "" by default."""
        return ""

    def scoring(self, state: S) -> Scoring | None:
        """The scoring the latest move set off, if it did (from public events only: any view
        gives the same); None for games that score only at the end, as the default."""
        return None

    def evaluate(self, state: S, seat: int) -> float:
        """Heuristic value of ``state`` for ``seat`` (higher is better), for greedy bots.

        The default is the score margin over the best opponent.
        """
        scores = self.scores(state)
        others = [s for i, s in enumerate(scores) if i != seat]
        return float(scores[seat] - (max(others) if others else 0))

    @abstractmethod
    def num_players(self, state: S) -> int:
        """Number of seats in the game."""

    def is_view(self, state: S) -> bool:
        """True if ``state`` is what one seat (or a spectator) sees rather than the whole game.

        The default says a state without an ``rng`` is a view, since views have no usable
        RNG. Games whose states hold no RNG must override this.
        """
        return getattr(state, "rng", None) is None

    def snapshot_options(self, state: S) -> dict[str, Any]:
        """The variant options ``state`` records, by key, as :meth:`OptionSpec.parse` gives them.

        Saves compare these with their header's options to refuse a snapshot of a different
        set-up. Options a state does not record are left out; the default, ``{}``, means
        there is nothing to compare.
        """
        return {}

    def problems(self, state: S) -> list[str]:
        """What is wrong with ``state`` (a state or a view), in plain sentences; [] if nothing.

        The game's invariants (pieces conserved, no negative stocks...), checked when a
        state is decoded and by the conformance and fuzz tests. Every game overrides this
        with its state module's ``problems``; the default knows of no invariant.
        """
        return []

    def unseen_by(self, before: S, seat: int, action: A, after: S) -> frozenset[int | None]:
        """Who could not tell ``action`` (made by ``seat`` in ``before``, giving ``after``)
        from another move ``seat`` had: the other seats, and ``None`` for a spectator, whose
        view after some other legal move that changes the game is the same as after this one.

        A secret choice (El Grande's disk before the reveal, a sealed bid) is unseen by everyone but its maker; the screens and the hub show such a move
        only as its log line, never where it was made. Worked out from the views alone, so a
        new secret choice in any game is covered without a word of its own. A seat's view
        holds at least what a spectator's does: a move the spectator tells from every other
        is seen by all, and so is one whose log line (said from the spectator's views, for
        everyone to read) differs from every other's.
        """
        others = [other for other in self.legal_actions(before, seat) if other != action]
        if not others:
            return frozenset()
        viewers: list[int | None] = [None]
        viewers += [s for s in range(self.num_players(before)) if s != seat]
        views = {viewer: self.view(after, viewer) for viewer in viewers}
        unseen: set[int | None] = set()
        true_after: dict[str, PlainData] | None = None
        public_before = self.view(before, None)
        line: tuple[str, list[str]] | None = None
        for other in others:
            # (legal by construction: apply's check would list the legal moves again)
            alternative = self.clone(before)
            self.apply_in_place(alternative, seat, other)
            public = self.view(alternative, None)
            if public != views[None]:
                continue  # everyone tells these two apart
            if line is None:
                line = (self.narrate(action, seat, public_before, views[None]), self.effects(views[None]))
            if (self.narrate(other, seat, public_before, public), self.effects(public)) != line:
                continue  # the log tells them apart (a payment made face up, say)
            if true_after is None:
                true_after = self.encode_state(after)
            if self.encode_state(alternative) == true_after:
                continue  # the same game either way: nothing to keep secret
            unseen.update(viewer for viewer in viewers
                          if viewer not in unseen and self.view(alternative, viewer) == views[viewer])
            if len(unseen) == len(viewers):
                break
        return frozenset(unseen)

    def is_undo_barrier(self, before: S, after: S) -> bool:
        """True if going from ``before`` to ``after`` drew randomness or revealed secrets.

        Undo never crosses such a step. The default compares the states' ``rng`` attribute;
        games with simultaneous secret choices also return True when choices are revealed.
        """
        return getattr(before, "rng", None) != getattr(after, "rng", None)
