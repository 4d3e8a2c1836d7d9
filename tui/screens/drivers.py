"""Seat drivers: what the game screen does when a seat must act, by who plays it.

The screen asks each acting seat's driver to take its turn instead of branching on the
kind of controller: a local human gets the keyboard (behind the hot-seat curtain when
hands are hidden), a bot gets a search in a worker thread, and a remote player needs
nothing here — their move arrives at the table through the hub and reaches the screen as
a :class:`~tui.screens.game.GameScreen.MoveApplied` message, like every other move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Protocol

from core.table import Controller

if TYPE_CHECKING:
    from tui.screens.game import GameScreen


class SeatDriver(Protocol):
    """Plays one seat's part when it must act.

    ``at_keyboard`` is True for seats played at this keyboard: the screen asks those first
    (when several seats act at once), one at a time, before any other seat's driver.
    """

    at_keyboard: ClassVar[bool]

    def take_turn(self, screen: GameScreen, seat: int) -> bool:
        """Start ``seat``'s turn; True if the screen was handed on to that seat's player.

        After a hand-off the screen asks no other driver now: it moves on again once the
        new player has the keyboard.
        """
        ...


class LocalHuman:
    """A player at this keyboard: hand them the board (curtain first in hot-seat games).

    A turn with one legal move is theirs to make too (what forces it may be their secret:
    the engine asks rather than passing for them), unless their settings say "Play my only
    move for me".
    """

    at_keyboard: ClassVar[bool] = True

    def take_turn(self, screen: GameScreen, seat: int) -> bool:
        if screen.play_only_move(seat):
            return True  # made for them; it reaches the screen as any move does
        viewer = screen.viewer
        table = screen.table
        if viewer is not None and viewer in table.to_act() and table.seats[viewer].controller.is_human:
            return False  # whoever has the keyboard still decides; the others wait for it
        screen._hand_to(seat)
        return True


class BotDriver:
    """A bot: start its search in a worker thread, one search at a time."""

    at_keyboard: ClassVar[bool] = False

    def take_turn(self, screen: GameScreen, seat: int) -> bool:
        if not screen._bot_busy:
            screen._start_bot(seat)
        return False


class RemoteDriver:
    """A player at another app: nothing to do here; the status says whom we wait for.

    Their move is applied to the table by the hub's side and reaches the screen as a
    ``MoveApplied`` message, which draws it and moves the game on.
    """

    at_keyboard: ClassVar[bool] = False

    def take_turn(self, screen: GameScreen, seat: int) -> bool:
        return False


LOCAL_HUMAN = LocalHuman()
BOT = BotDriver()
REMOTE = RemoteDriver()


def driver_for(controller: Controller) -> SeatDriver:
    """The driver of a seat with ``controller``."""
    if controller.is_remote:
        return REMOTE
    if controller.is_human:
        return LOCAL_HUMAN
    return BOT
