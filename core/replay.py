"""A replay table: a played game stepped through move by move, shown by its game screen with
nothing playable.

:class:`ReplayTable` answers the calls of the :class:`core.table.GameTable` protocol for the
position after the first :attr:`ReplayTable.at` moves of a game (a :class:`~core.table.Table`
holding every state of it), as one seat saw it then — or with every hand open, once the game
is over. :meth:`ReplayTable.go` moves to another position and tells the screen
(a "refresh" event). Nobody acts here: no move can be submitted, undone or hinted.

What a replay may show (:func:`perspectives`): an unfinished game only as a seat a person
played saw it (its hidden information stays hidden from everyone else); a finished one also
as any other seat, or all open. A game without hidden information is always open.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Hashable

from core.engine import IllegalAction, Result
from core.history import round_starts
from core.table import LogEntry, Seat, Table, TableEvent, TableEvents

READ_ONLY = "This is a position looked back at: no move can be played here."
OPEN = None
"""The perspective with every hand open (only once the game is over, or in a game without
hidden information)."""


def cannot_replay(table: Table[Any]) -> str | None:
    """Why ``table`` cannot be replayed, in a player's words (to follow "cannot replay this
    game:"); None when it can be."""
    if not table.has_every_position():
        return ("its moves no longer replay with these rules, so it cannot be stepped "
                "through (it can still be resumed)")
    if not perspectives(table):
        return ("nobody played this unfinished game here, and what its bots hold stays "
                "hidden until it is over")
    return None


def perspectives(table: Table[Any]) -> list[int | None]:
    """Whose eyes a replay of ``table`` may show the game through: the seats played by people
    (local or remote), then :data:`OPEN` when everything may be shown — a finished game, or a
    game without hidden information (where every seat sees everything anyway, only OPEN)."""
    if not table.game.info.hidden_information:
        return [OPEN]
    people: list[int | None] = [seat.index for seat in table.seats if seat.controller.kind != "bot"]
    if table.is_over():
        return [seat.index for seat in table.seats] + [OPEN]
    return people


class ReplayTable(TableEvents):
    """The game ``table`` after its first ``at`` moves (default: all of them), seen by the seat
    ``viewer`` (:data:`OPEN`: all open). Raises ``ValueError`` for a perspective
    :func:`perspectives` does not allow or a position the game does not have."""

    REMOTE: ClassVar[bool] = False
    REPLAY: ClassVar[bool] = True
    """Read by the screens: a replay is stepped through, never played."""

    def __init__(self, table: Table[Any], viewer: int | None, at: int | None = None) -> None:
        if viewer not in perspectives(table) and (viewer is OPEN or table.game.info.hidden_information
                                                  or not 0 <= viewer < len(table.seats)):
            raise ValueError("that seat's view of this game cannot be shown" if viewer is not None
                             else "this game's hidden information cannot be shown before it ends")
        if not table.has_every_position():
            raise ValueError(cannot_replay(table))
        self._table = table
        self._states = table.history()
        self._listeners: list[Any] = []
        self.viewer = viewer
        self.game = table.game
        self.seats: tuple[Seat, ...] = table.seats
        self.seed: int = table.seed
        self.options = table.options
        self.entries: tuple[LogEntry, ...] = tuple(table.log)
        """Every move of the game, also those after the position shown."""
        self.log: list[LogEntry] = []
        self.at = 0
        self._rounds: list[int] | None = None
        self.go(len(self.entries) if at is None else at, tell=False)

    # --- stepping ----------------------------------------------------------------------
    @property
    def base(self) -> Table[Any]:
        """The whole game (every state), as it was played."""
        return self._table

    def round_starts(self) -> list[int]:
        """The positions where a round begins (0 first), for stepping a round at a time."""
        if self._rounds is None:
            self._rounds = round_starts(self.game, self._states)
        return self._rounds

    @property
    def finished(self) -> bool:
        """True if the whole game (not just the position shown) is over."""
        return self._table.is_over()

    def go(self, at: int, tell: bool = True) -> None:
        """Show the position after the first ``at`` moves and tell the screen (``tell``).
        Raises ``ValueError`` for a position the game does not have."""
        if not 0 <= at <= len(self.entries):
            raise ValueError(f"the game has no position after {at} moves")
        self.at = at
        self.log[:] = self.entries[:at]
        if tell:
            self._emit(TableEvent("refresh"))

    def history(self) -> list[Any]:
        """The true states from the setup to the position shown (for its score chart)."""
        return self._states[: self.at + 1]

    def from_here(self) -> Table[Any]:
        """A new table at the position shown, with the same seats, seed and options, to play
        on from there (only once the whole game is over: before, the game itself goes on)."""
        if not self.finished:
            raise IllegalAction("Only a finished game can be played again from a position.")
        return Table.replay(self.game, self.seats, self.seed, self.options,
                            [(entry.seat, entry.action) for entry in self.log])

    # --- reading: the position as it was -------------------------------------------------
    def view(self, seat: int | None) -> Any:
        """What the viewer could see then (everything, with the perspective open); ``seat``
        is the screen's viewer, which is always this replay's."""
        state = self._states[self.at]
        if self.viewer is OPEN:
            # Every hand, once the game is over; before, a game without hidden information
            # shows all there is to see, and its future (its seed, a shuffled pile) stays out.
            return self.game.clone(state) if self.finished else self.game.view(state, None)
        return self.game.view(state, self.viewer)

    def to_act(self) -> list[int]:
        """Who had to decide then (the screen marks them; nobody decides here)."""
        state = self._states[self.at]
        return [] if self.game.is_over(state) else self.game.to_act(state)

    def legal_actions(self, seat: int) -> list[Any]:
        """None: nothing can be played here."""
        return []

    def is_over(self) -> bool:
        """True if the position shown is the game's end."""
        return self.game.is_over(self._states[self.at])

    def result(self) -> Result:
        """The result (only at the game's end)."""
        return self.game.result(self._states[self.at])

    def actions(self) -> list[tuple[int, Any]]:
        """The moves up to the position shown."""
        return [(entry.seat, entry.action) for entry in self.log]

    def human_seats(self) -> list[int]:
        """The viewer (none with the perspective open): the seat whose eyes the replay uses."""
        return [] if self.viewer is OPEN else [self.viewer]

    def away_seats(self) -> frozenset[int]:
        """Nobody is away from a past position."""
        return frozenset()

    def seen(self, index: int, viewer: int | None) -> bool:
        """Whether the replay's viewer could tell the move at ``log[index]`` (see
        :meth:`Table.seen`); with the perspective open, every move is told."""
        return self.viewer is OPEN or self._table.seen(index, self.viewer)

    def hints_allowed(self) -> bool:
        """False: the position is looked at, not played."""
        return False

    def request_hint(self, answer: Callable[[str | None], None]) -> None:
        """Refused: nothing is played here."""
        answer(READ_ONLY)

    def leave(self) -> None:
        """The screen closes: nobody to tell."""

    # --- acting: refused -----------------------------------------------------------------
    def submit(self, seat: int, action: Hashable) -> object:
        """Refused with :class:`IllegalAction`."""
        raise IllegalAction(READ_ONLY)

    def ends_turn(self, seat: int, action: Hashable) -> bool:
        """Refused with :class:`IllegalAction`."""
        raise IllegalAction(READ_ONLY)

    def undo_depth(self, seat: int) -> int:
        """0: nothing can be undone here."""
        return 0

    def can_undo(self, seat: int) -> bool:
        """False: nothing can be undone here."""
        return False

    def undo(self, seat: int) -> int:
        """Refused with :class:`IllegalAction`."""
        raise IllegalAction(READ_ONLY)
