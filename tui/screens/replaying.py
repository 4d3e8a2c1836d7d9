"""The game screen's side of a replay: stepping through a played game on its own board.

A game screen showing a :class:`core.replay.ReplayTable` has one :class:`Replaying`. It puts
the replay's keys on the screen (← → one move, PgUp/PgDn one round, Home/End, ``v`` whose
eyes, ``p`` play on from here), fills the replay's move list
(:class:`tui.widgets.replay_moves.ReplayMoves`) and keeps it in step with the board, and
words the status line. The table tells the screen of every step (a "refresh"), so the board,
the scores and the log follow by the path every move takes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding
from textual.content import Content

from core.replay import OPEN, ReplayTable, perspectives
from tui.navigation import PlayFrom, WatchReplay
from tui.text import notify, plain
from tui.widgets.players import player_tag
from tui.widgets.board import BoardView
from tui.widgets.replay_moves import ReplayMoves

if TYPE_CHECKING:
    from tui.screens.game import GameScreen

KEYS = [
    Binding("left", "replay('back')", "Back", key_display="←", priority=True),
    Binding("right", "replay('next')", "Next", key_display="→", priority=True),
    Binding("pageup", "replay('round_back')", "Round", key_display="PgUp", priority=True, show=False),
    Binding("pagedown", "replay('round_next')", "Round", key_display="PgDn", priority=True),
    Binding("home", "replay('start')", "Start", priority=True, show=False),
    Binding("end", "replay('end')", "End", priority=True, show=False),
    Binding("shift+left", "replay('cursor_left')", "Cursor", priority=True, show=False),
    Binding("shift+right", "replay('cursor_right')", "Cursor", priority=True, show=False),
    Binding("m", "replay('moves')", "Moves"),
    # (the board's Enter would choose a move: here it goes to the move list and back)
    Binding("enter", "replay('moves')", "Moves", priority=True, show=False),
    Binding("v", "replay('watch')", "View as"),
    Binding("p", "replay('play')", "Play on"),
    Binding("c", "replay('chart')", "Chart"),
]
"""The replay's keys, before the screen's own (the key bar shows them first)."""

HELP = [
    ("← →", "One move back or on"),
    ("PgUp PgDn", "One round back or on"),
    ("Home End", "The start or the end of the game"),
    ("↑ ↓ shift+← →", "Move the board's cursor (i: what is there)"),
    ("i", "Describe the place under the cursor, as it is at the move shown"),
    ("s", "Every player's points by category at the move shown"),
    ("m", "The list of every move: moving in it moves the board (Enter or Escape returns)"),
    ("v", "Whose eyes: a seat's (only what it saw then) or, once the game is over, all open"),
    ("p", "Play on from here: a new game (a new save) from this position, same seats"),
    ("c", "Each player's score by round, up to the move shown"),
]


class Replaying:
    """The replay keys and hooks of one game screen (see the module docstring)."""

    LOG_ENTRIES = 4
    """The log shows the latest moves only: written again at every step, the whole log of a
    long game cost more than all the rest of a step."""

    def __init__(self, screen: GameScreen, table: ReplayTable) -> None:
        self.screen = screen
        self.table = table
        screen.HELP_FIRST = HELP
        keys = screen._bindings.key_to_bindings
        mine = {binding.key: [binding] for binding in KEYS}
        # New lists in a new dict: Textual shares the screen class's lists between screens.
        screen._bindings.key_to_bindings = mine | {k: v for k, v in keys.items() if k not in mine}

    def mounted(self) -> None:
        """List the moves, show the position and give the keys to the board."""
        moves = self.screen.query_one(ReplayMoves)
        moves.fill(self.table.entries, self.table.seats)
        moves.show(self.table.at)
        self.screen.query_one("#actions").display = False
        for board in self.screen.query(BoardView):
            board.replaying = True
        self.screen.refresh_all()
        self.screen.focus_board()

    def status(self) -> Content:
        """The status line's message: which move, whose eyes, who was to move then."""
        table = self.table
        seats = table.seats
        where = f"Replay · move {table.at}/{len(table.entries)}" if table.at else "Replay · start"
        eyes: Content = (plain("all open · ") if table.viewer is OPEN
                         else Content.assemble("as ", player_tag(table.viewer, seats[table.viewer].name), " · "))
        if not self.screen.game.info.hidden_information:
            eyes = Content()  # (everyone sees everything: no eyes to tell)
        if table.is_over():
            now = Content("game over")
        else:
            acting = table.to_act()
            now = Content.assemble(Content(", ").join(player_tag(s, seats[s].name) for s in acting),
                                   " to move" if len(acting) == 1 else " to decide")
        return Content.assemble(f"{where} · ", eyes, now)

    def refreshed(self) -> None:
        """The position changed: the move list follows."""
        self.screen.query_one(ReplayMoves).show(self.table.at)

    def go(self, where: str) -> None:
        """A replay key: step (``back``, ``next``, ``round_back``, ``round_next``, ``start``,
        ``end``), open the move list (``moves``), choose whose eyes (``watch``), or play on
        from here (``play``)."""
        table = self.table
        if where == "moves":
            moves = self.screen.query_one(ReplayMoves)
            if moves.has_focus:
                self.screen.focus_board()
            else:
                moves.focus()
            return
        if where == "watch":
            self.watch()
            return
        if where == "play":
            self.play_on()
            return
        if where == "chart":
            self.chart()
            return
        if where.startswith("cursor_"):
            self.screen.board_move(where.removeprefix("cursor_"))
            return
        rounds = table.round_starts()
        target = {
            "back": table.at - 1,
            "next": table.at + 1,
            "start": 0,
            "end": len(table.entries),
            "round_back": max((r for r in rounds if r < table.at), default=0),
            "round_next": min((r for r in rounds if r > table.at), default=len(table.entries)),
        }[where]
        self.picked(target)

    def picked(self, at: int) -> None:
        """Show the position after ``at`` moves (clamped to the game)."""
        at = max(0, min(at, len(self.table.entries)))
        if at != self.table.at:
            self.table.go(at)

    def watch(self) -> None:
        """``v``: choose whose eyes the replay shows the game through."""
        choices = perspectives(self.table.base)
        if len(choices) < 2:
            why = ("everything is open in this game" if not self.table.game.info.hidden_information
                   else "until the game is over, only your own seat's view can be shown")
            notify(self.screen, f"Nobody else's view to choose: {why}.")
            return
        self.screen.post_message(WatchReplay(self.table.base, self.table.at, replace=True))

    def chart(self) -> None:
        """``c``: each player's score by round up to the position shown (public scores)."""
        # Imported here: the plotting library costs every game screen's start-up 40 ms.
        from tui.screens.chart import ChartScreen
        from tui.widgets.score_chart import history_lines

        table = self.table
        lines = history_lines(table.game, table.history(), [seat.name for seat in table.seats])
        unit = table.game.standings(table.view(None)).unit
        moment = f"after move {table.at}" if table.at else "at the start"
        self.screen.app.push_screen(ChartScreen(lines, f"Score by round, {moment}", "Round", unit))

    def play_on(self) -> None:
        """``p``: a new game from this position (only once the whole game is over)."""
        if not self.table.finished:
            notify(self.screen, "Play on from a position is for finished games: this game itself "
                                "can still be resumed from the Load screen.", severity="warning")
            return
        if self.table.is_over():
            notify(self.screen, "This is the end of the game: step back to a position to play on from.",
                   severity="warning")
            return
        if not self.table.at:
            notify(self.screen, "This is the start of the game: step on to a position to play on "
                                "from (a new game is started from the menu).", severity="warning")
            return
        self.screen.post_message(PlayFrom(self.table.from_here()))
