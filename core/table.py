"""A table: one game in progress with its seats, controllers, action log and undo.

The TUI, the saves and the CLI talk only to a :class:`Table`; they never edit game state.
A game is fully determined by ``(game, options, seats, seed, log)``: :meth:`Table.replay`
rebuilds the same state from those, always.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Generic, Hashable, Mapping, Protocol, Sequence, TypeVar

from core.engine import Game, IllegalAction, Result
from core.levels import LEVELS

A = TypeVar("A", bound=Hashable)

KINDS: tuple[str, ...] = ("human", "bot", "remote")


@dataclass(frozen=True)
class Controller:
    """Who decides for a seat: ``kind`` is "human", "bot" or "remote"; bots have a ``level``.

    A "remote" seat is a player at another app whose moves arrive through the hub; this
    app never decides, undoes or saves for it (network tables are the hub's to save).
    """

    kind: str = "human"
    level: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown controller kind {self.kind!r}")
        if self.kind == "bot" and self.level not in LEVELS:
            raise ValueError(f"unknown bot level {self.level!r}")
        if self.kind == "remote" and self.level:
            raise ValueError(f"a remote player has no level, not {self.level!r}")

    @property
    def is_human(self) -> bool:
        """True for a local human player."""
        return self.kind == "human"

    @property
    def is_remote(self) -> bool:
        """True for a player at another app, whose moves arrive through the hub."""
        return self.kind == "remote"

    def label(self) -> str:
        """Short text such as "human", "bot (hard)" or "remote"."""
        return f"bot ({self.level})" if self.kind == "bot" else self.kind


HUMAN = Controller()


@dataclass(frozen=True)
class Seat:
    """A seat at the table: its index, the player's name and controller."""

    index: int
    name: str
    controller: Controller = HUMAN


@dataclass(frozen=True)
class LogEntry:
    """One applied action: who, what, its text, and whether undo may not cross it."""

    seat: int
    action: Any
    text: str
    barrier: bool
    effects: tuple[str, ...] = ()


@dataclass(frozen=True)
class TableEvent:
    """Something that happened at a table, for subscribers (the UI, the autosaver).

    ``kind`` is "action" (``entry`` set), "undo" (``count`` entries removed), "over", or
    "refresh" (a network table: something besides the moves changed, such as who is
    connected).
    """

    kind: str
    entry: LogEntry | None = None
    count: int = 0


Listener = Callable[[TableEvent], None]


class TableEvents:
    """The event stream of a table (local or network): subscribers and emitting."""

    _listeners: list[Listener]

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` on every event; returns a function that unsubscribes."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _emit(self, event: TableEvent) -> None:
        for listener in list(self._listeners):
            listener(event)


class GameTable(Protocol):
    """What the screens use of a table: a local :class:`Table`, or a network table whose
    game lives on the hub (:class:`net.remote_table.RemoteTable`, ``REMOTE`` True: its
    bots play there and its moves come back from there)."""

    REMOTE: ClassVar[bool]
    game: Game[Any, Any]
    seats: tuple[Seat, ...]
    seed: int
    log: list[LogEntry]

    def view(self, seat: int | None) -> Any: ...
    def to_act(self) -> list[int]: ...
    def legal_actions(self, seat: int) -> list[Any]: ...
    def is_over(self) -> bool: ...
    def result(self) -> Result: ...
    def actions(self) -> list[tuple[int, Any]]: ...
    def human_seats(self) -> list[int]: ...
    def submit(self, seat: int, action: Any) -> object: ...
    def ends_turn(self, seat: int, action: Any) -> bool: ...
    def undo_depth(self, seat: int) -> int: ...
    def can_undo(self, seat: int) -> bool: ...
    def undo(self, seat: int) -> int: ...
    def subscribe(self, listener: Listener) -> Callable[[], None]: ...
    def away_seats(self) -> frozenset[int]: ...
    def leave(self) -> None: ...
    def seen(self, index: int, viewer: int | None) -> bool: ...
    def hints_allowed(self) -> bool: ...
    def request_hint(self, answer: Callable[[str | None], None]) -> None: ...


@dataclass
class Table(TableEvents, Generic[A]):
    """Owns one game in progress. Create with :meth:`new` or :meth:`replay`."""

    REMOTE: ClassVar[bool] = False
    """A local table: the game and its bots are in this process."""

    game: Game[Any, A]
    seats: tuple[Seat, ...]
    seed: int
    options: dict[str, Any]
    _states: list[Any] = field(default_factory=list, repr=False)
    log: list[LogEntry] = field(default_factory=list)
    _listeners: list[Listener] = field(default_factory=list, repr=False)
    # The last move looked at by ends_turn: (state it was applied to, seat, move, result).
    # Submitting that move next reuses the result instead of applying the move again.
    _preview: tuple[Any, int, Any, Any] | None = field(default=None, repr=False, compare=False)
    # Log index -> who could not tell that move from another (Game.unseen_by), worked out
    # when first asked: loading a long save costs nothing more.
    _unseen: dict[int, frozenset[int | None]] = field(default_factory=dict, repr=False, compare=False)

    # --- construction ----------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game: Game[Any, A],
        seats: Sequence[Seat],
        seed: int,
        options: Mapping[str, Any] | None = None,
    ) -> "Table[A]":
        """Start a new game. Options are parsed against the game's option specs."""
        info = game.info
        if not info.min_players <= len(seats) <= info.max_players:
            raise ValueError(
                f"{info.title} takes {info.min_players}–{info.max_players} players, not {len(seats)}"
            )
        if any(seat.index != i for i, seat in enumerate(seats)):
            raise ValueError("seats must be numbered 0, 1, 2, ... in order")
        parsed = parse_options(game, options or {}, len(seats))
        state = game.setup([s.name for s in seats], seed, parsed)
        return cls(game=game, seats=tuple(seats), seed=seed, options=parsed, _states=[state])

    @classmethod
    def replay(
        cls,
        game: Game[Any, A],
        seats: Sequence[Seat],
        seed: int,
        options: Mapping[str, Any],
        actions: Sequence[tuple[int, A]],
    ) -> "Table[A]":
        """Rebuild a table by replaying ``actions`` from the seed; raises IllegalAction."""
        table = cls.new(game, seats, seed, options)
        for seat, action in actions:
            table.submit(seat, action)
        return table

    # --- reading -----------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The true current state. Only the table itself and tests should read it."""
        return self._states[-1]

    def history(self) -> list[Any]:
        """Every true state this table holds: index ``i`` is the position after the first
        ``i`` moves of :attr:`log` (0: the setup) — for a table built by replaying its moves.
        A save whose moves no longer replay is resumed from its saved position alone: then
        there are fewer states than moves + 1. For replays and score charts; the states must
        not be changed."""
        return list(self._states)

    def has_every_position(self) -> bool:
        """True if :meth:`history` holds every position from the setup on: False for a
        table resumed from its saved position alone."""
        return len(self._states) == len(self.log) + 1

    def view(self, seat: int | None) -> Any:
        """What ``seat`` may see now (``None`` for a spectator)."""
        return self.game.view(self.state, seat)

    def to_act(self) -> list[int]:
        """Seats that must decide now."""
        return [] if self.is_over() else self.game.to_act(self.state)

    def legal_actions(self, seat: int) -> list[A]:
        """Legal actions of ``seat`` now (empty if it need not act)."""
        if seat not in self.to_act():
            return []
        return self.game.legal_actions(self.state, seat)

    def is_over(self) -> bool:
        """True when the game has ended."""
        return self.game.is_over(self.state)

    def result(self) -> Result:
        """Final result (only when over)."""
        return self.game.result(self.state)

    def actions(self) -> list[tuple[int, A]]:
        """The action log as ``(seat, action)`` pairs."""
        return [(e.seat, e.action) for e in self.log]

    def human_seats(self) -> list[int]:
        """Seats played by local humans (never a remote seat: its player is at another app)."""
        return [s.index for s in self.seats if s.controller.is_human]

    def away_seats(self) -> frozenset[int]:
        """Seats whose player is disconnected: none at a local table."""
        return frozenset()

    def leave(self) -> None:
        """The screen showing this table closes: a local table has no one to tell."""

    def hints_allowed(self) -> bool:
        """True: at a local table the player's own settings decide about hints."""
        return True

    def request_hint(self, answer: Callable[[str | None], None]) -> None:
        """Ask whether the coach may give a hint now; ``answer(None)`` allows it, a string
        tells why not. A local table allows it at once."""
        answer(None)

    def seen(self, index: int, viewer: int | None) -> bool:
        """True if ``viewer`` (a seat, or None for a spectator) could tell the move at
        ``log[index]`` when it was made: its maker always could; nobody else could tell a
        secret choice (see :meth:`Game.unseen_by`), of which only the log line is shown."""
        entry = self.log[index]
        if viewer == entry.seat:
            return True
        unseen = self._unseen.get(index)
        if unseen is None:
            before, after = self._states[index], self._states[index + 1]
            unseen = self._unseen[index] = self.game.unseen_by(before, entry.seat, entry.action, after)
        return viewer not in unseen

    # --- acting ------------------------------------------------------------------------
    def submit(self, seat: int, action: A) -> LogEntry:
        """Apply ``action`` for ``seat``; raises :class:`IllegalAction` and changes nothing."""
        before = self.state
        after = self._apply(before, seat, action)
        # Worded from the spectator's views: the shared log must not leak secrets.
        public_before, public_after = self.game.view(before, None), self.game.view(after, None)
        entry = LogEntry(
            seat=seat,
            action=action,
            text=self.game.narrate(action, seat, public_before, public_after),
            barrier=self.game.is_undo_barrier(before, after),
            effects=tuple(self.game.effects(public_after)),
        )
        self._states.append(after)
        self.log.append(entry)
        self._emit(TableEvent("action", entry=entry))
        if self.game.is_over(after):
            self._emit(TableEvent("over"))
        return entry

    def ends_turn(self, seat: int, action: A) -> bool:
        """True if ``action`` would end ``seat``'s turn (for a confirm-before-end-turn prompt)."""
        after = self._apply(self.state, seat, action)
        self._preview = (self.state, seat, action, after)
        return self.game.is_over(after) or seat not in self.game.to_act(after)

    def _apply(self, state: Any, seat: int, action: A) -> Any:
        """``game.apply``, or the result :meth:`ends_turn` got for this very move (the game
        is pure: the same move on the same state object gives the same result)."""
        preview, self._preview = self._preview, None
        if preview is not None and preview[0] is state and preview[1] == seat and preview[2] == action:
            return preview[3]
        return self.game.apply(state, seat, action)

    # --- undo --------------------------------------------------------------------------
    def undo_depth(self, seat: int) -> int:
        """How many log entries :meth:`undo` would remove for ``seat`` (0: none allowed).

        A player undoes only their own latest decision, together with bot moves made since;
        never another human's move (local or remote), and never across a random draw or a
        reveal. Only a local human's seat can undo here: a remote seat undoes at its own app.
        """
        if not 0 <= seat < len(self.seats) or not self.seats[seat].controller.is_human:
            return 0
        if self.is_over():
            return 0
        for back, entry in enumerate(reversed(self.log), start=1):
            if entry.barrier:
                return 0
            if entry.seat == seat:
                return back
            if self._is_player(entry.seat):
                return 0
        return 0

    def can_undo(self, seat: int) -> bool:
        """True if ``seat`` may undo now."""
        return self.undo_depth(seat) > 0

    def undo(self, seat: int) -> int:
        """Undo ``seat``'s latest decision (and bot moves after it); returns entries removed.

        Raises :class:`IllegalAction` with the reason when undo is not allowed.
        """
        depth = self.undo_depth(seat)
        if depth == 0:
            raise IllegalAction(self._why_no_undo(seat))
        del self.log[-depth:]
        del self._states[-depth:]
        for index in [i for i in self._unseen if i >= len(self.log)]:
            del self._unseen[index]
        self._emit(TableEvent("undo", count=depth))
        return depth

    def _is_player(self, seat: int) -> bool:
        """True for a person's seat (local or remote): undo never takes back their moves."""
        return self.seats[seat].controller.kind != "bot"

    def _why_no_undo(self, seat: int) -> str:
        if not 0 <= seat < len(self.seats) or not self.seats[seat].controller.is_human:
            return "Only a human player's own moves can be undone."
        if self.is_over():
            return "The game is over: its moves can no longer be undone."
        if not self.log:
            return "Nothing to undo yet."
        for entry in reversed(self.log):
            if entry.barrier:
                return "Cannot undo past a random draw or a reveal."
            if entry.seat == seat:
                break
            if self._is_player(entry.seat):
                return "Cannot undo another player's move."
        else:
            return "You have no move to undo."
        return "Nothing to undo."



def parse_options(
    game: Game[Any, Any], raw: Mapping[str, Any], players: int | None = None
) -> dict[str, Any]:
    """Options with defaults filled in; unknown keys or bad values raise ``ValueError``.

    With ``players``, a seat choice (an option with ``seat_choices``, such as who starts)
    must also name a seat of a ``players``-player game: ``first_player=3`` is refused for
    two players. Without it, any of the option's choices is accepted.
    """
    specs = {spec.key: spec for spec in game.info.options}
    unknown = sorted(set(raw) - set(specs))
    if unknown:
        known = ", ".join(specs) or "none"
        raise ValueError(f"unknown option {unknown[0]!r} for {game.info.id} (options: {known})")
    parsed = {key: spec.parse(raw[key]) if key in raw else spec.default for key, spec in specs.items()}
    if players is not None:
        for key, spec in specs.items():
            if not spec.seat_choices:
                continue
            allowed = [value for _, value in spec.offered(players)]
            if str(parsed[key]) not in allowed:
                raise ValueError(
                    f"option {key} takes one of {', '.join(allowed)} in a {players}-player game, "
                    f"not {raw.get(key, parsed[key])!r}"
                )
    return parsed
