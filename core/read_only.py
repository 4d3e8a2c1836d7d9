"""A read-only table: a past position of a game, shown by its game screen with nothing playable.

A review opens a decision on the game's own screen: :class:`ReadOnlyTable` answers the
calls of the :class:`core.table.GameTable` protocol from a :class:`~core.table.Table`
replayed up to that position, as the seat ``viewer`` saw it. Only that seat counts as a
player here and only it acts (so the screen drives no bot and raises no hand-off curtain),
it has no legal move, and submitting, undoing and hints are refused with a reason a player
can read.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Hashable, Mapping, Sequence

from core.engine import Game, IllegalAction, Result
from core.table import Listener, LogEntry, Seat, Table, TableEvents

READ_ONLY = "This is a position looked back at: no move can be played here."


class ReadOnlyTable(TableEvents):
    """A past position of a game (``table``, replayed to it) seen by the seat ``viewer``."""

    REMOTE: ClassVar[bool] = False

    def __init__(self, table: Table[Any], viewer: int) -> None:
        if not 0 <= viewer < len(table.seats):
            raise ValueError(f"no seat {viewer} at this table")
        self._table = table
        self._listeners: list[Listener] = []
        self.viewer = viewer
        self.game: Game[Any, Any] = table.game
        self.seats: tuple[Seat, ...] = table.seats
        self.seed: int = table.seed
        self.log: list[LogEntry] = table.log

    @classmethod
    def at(cls, game: Game[Any, Any], seats: Sequence[Seat], seed: int, options: Mapping[str, Any],
           actions: Sequence[tuple[int, Hashable]], moves: int, viewer: int) -> "ReadOnlyTable":
        """The position after the first ``moves`` of ``actions`` (before the move numbered
        ``moves + 1``), seen by ``viewer``; raises :class:`IllegalAction` if they do not replay."""
        if not 0 <= moves <= len(actions):
            raise ValueError(f"the game has no position after {moves} moves")
        return cls(Table.replay(game, seats, seed, options, actions[:moves]), viewer)

    # --- reading: the position as it was -------------------------------------------------
    def view(self, seat: int | None) -> Any:
        """What ``seat`` could see then."""
        return self._table.view(seat)

    def to_act(self) -> list[int]:
        """The viewer, if it had to decide then (no other seat is asked to act here)."""
        return [self.viewer] if self.viewer in self._table.to_act() else []

    def legal_actions(self, seat: int) -> list[Any]:
        """None: nothing can be played here."""
        return []

    def is_over(self) -> bool:
        """True if the position is the game's end."""
        return self._table.is_over()

    def result(self) -> Result:
        """The result (only for a finished game)."""
        return self._table.result()

    def actions(self) -> list[tuple[int, Any]]:
        """The moves up to this position."""
        return self._table.actions()

    def human_seats(self) -> list[int]:
        """The viewer: the player whose decision is looked at."""
        return [self.viewer]

    def away_seats(self) -> frozenset[int]:
        """Nobody is away from a past position."""
        return frozenset()

    def seen(self, index: int, viewer: int | None) -> bool:
        """Whether ``viewer`` could tell the move at ``log[index]`` (see :meth:`Table.seen`)."""
        return self._table.seen(index, viewer)

    def hints_allowed(self) -> bool:
        """False: the position is looked at, not played."""
        return False

    def request_hint(self, answer: Callable[[str | None], None]) -> None:
        """Refused: nothing is played here."""
        answer(READ_ONLY)

    def leave(self) -> None:
        """The screen closes: nobody to tell."""

    # --- acting: refused -----------------------------------------------------------------
    def submit(self, seat: int, action: Any) -> object:
        """Refused with :class:`IllegalAction`."""
        raise IllegalAction(READ_ONLY)

    def ends_turn(self, seat: int, action: Any) -> bool:
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
