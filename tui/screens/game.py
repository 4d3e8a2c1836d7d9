"""The game screen every game uses: board (from the game), status, moves, log, scoreboard.

Subclasses provide the board (:meth:`compose_board`, :meth:`update_board`) and may add
board-specific keys; everything else — turn flow, bots in a worker thread, hot-seat
curtains, undo, autosave, save-as, game over — lives here, so every game feels the same.
"""

from __future__ import annotations

import time
from pathlib import PurePath
from typing import Any, ClassVar, Hashable, Iterable

from textual import events, on, work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.reactive import Reactive
from textual.widget import Widget
from textual.widgets import Static
from textual.worker import get_current_worker

from core.ai import make_bot
from core.engine import IllegalAction, Scoring
from core.replay import ReplayTable
from core.table import GameTable, LogEntry, TableEvent
from saves import Autosaver
from tui.crash import write_crash_log
from tui.navigation import ShowGameOver, escape_says_lobby
from tui.screens.card_viewer import CardText, CardViewerScreen
from tui.screens.coaching import Coaching
from tui.screens.detail_lines import DetailLinesScreen
from tui.screens.drivers import REMOTE, SeatDriver, driver_for
from tui.screens.replaying import Replaying
from tui.text import notify, plain, template
from tui.widgets.action_list import ActionList
from tui.widgets.board import BoardView
from tui.widgets.cursor import Target, TargetCursor
from tui.widgets.game_log import GameLog
from tui.widgets.hint_panel import HintPanel
from tui.widgets.key_bar import KeyBar
from tui.widgets.picture import Picture
from tui.widgets.replay_moves import ReplayMoves
from tui.widgets.players import player_tag
from tui.widgets.scoreboard import Scoreboard, score_label
from tui.widgets.status import StatusLine

# Wall-clock limit per bot decision by level (the search bots also have iteration budgets).
THINK_SECONDS = {"easy": 0.5, "normal": 0.8, "hard": 1.0}


class GameScreen(DetailLinesScreen):
    """Base class of the per-game screens.

    A move reaches the screen by one path, whoever made it (a key, a bot, later a remote
    player): the table tells its listener, which posts :class:`MoveApplied`, and that
    handler draws the move and moves the game on.
    """

    class MoveApplied(Message):
        """A move was made at the table (``entry``: who made it, what, and what it caused)."""

        def __init__(self, entry: LogEntry) -> None:
            super().__init__()
            self.entry = entry

    # Textual repaints the whole screen whenever the focus moves (``Screen.focused`` is a
    # repainting reactive): Enter opening the move list sent every cell again. The widgets
    # whose look depends on focus repaint themselves (their focus events and :focus styles).
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
    # Typed wide enough for the game screens, which list this sheet and then their own.
    CSS_PATH: ClassVar[str | list[str | PurePath]] = "game.tcss"
    # In the key bar's order, which leaves keys out from the end where the line is full
    # (at 80 columns, the log, the scores and Save as): the keys a newcomer looks for
    # first — the moves, what a place is, taking a move back, the way out.
    BINDINGS = [
        Binding("m", "focus_moves", "Moves"),
        Binding("i", "describe", "Info"),
        Binding("h", "hint", "Hint"),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("escape", "menu", "Menu"),
        Binding("s", "standings", "Scores"),
        Binding("l", "focus_log", "Log"),
        Binding("ctrl+s", "save_as", "Save as"),
    ]
    HELP_TITLE = "Game"
    HELP_FIRST: list[tuple[str, str]] = []  # (a replay's keys: instead of the game's own)
    # Help lines every game screen shows after its own (the marks and panels they share).
    SHARED_HELP_KEYS: ClassVar[list[tuple[str, str]]] = [
        ("marks", "underlined: a move can be made there · reversed: the cursor · shaded: what "
                  "the move at the cursor takes or where it goes"),
        ("last turn", "The others' moves since yours: their places are shaded (italic) on the board "
                      "and the log lists them under “Last turn”"),
        ("i", "Describe the place under the cursor: its whole card text (cost, effect, when it "
              "applies) and its state now"),
        ("h", "Hint: the coach's best moves for you now, each with its value (the final margin "
              "in points, or the team's chance to win) ± the spread of the estimate, and why; "
              "Enter on one puts the cursor on it; the move under your cursor is compared with "
              "the best; Escape stops the thinking or closes the hint"),
        ("l", "Scroll the log (arrows, page keys; Escape returns to the board)"),
    ]
    # Games whose moves are all made on the board or in the move list (no keys of their own
    # for moves without a place): the status line then points to the list when needed.
    USES_BOARD_CURSOR = False
    # True when the scoreboard already tells everything the private panel says: on short
    # screens the panel is then left out, so the move list and log keep their room.
    PRIVATE_IN_SCOREBOARD = False
    # The game's detail line (a Static under the board) where a move highlighted in the
    # list is previewed; empty: no preview there.
    DETAIL_LINE = ""

    def __init__(self, table: GameTable, autosaver: Autosaver | None) -> None:
        """``autosaver`` is None for a network table (the hub saves it after every move)."""
        super().__init__()
        self.table = table
        self.autosaver = autosaver
        self.game = table.game
        self.game_id = table.game.info.id
        self.viewer: int | None = self._first_viewer()
        self._epoch = 0  # bumped on undo/leave so a stale bot answer is dropped
        self._bot_busy = False
        self._curtain_up = False
        self._unsubscribe = table.subscribe(self._on_table_event)
        self._redraw_queued = False
        self._drawn_key: tuple[Any, ...] | None = None
        self.coach = Coaching(self)
        self.replay = Replaying(self, table) if isinstance(table, ReplayTable) else None
        self.board_cursor = TargetCursor()
        self.board_actions: dict[tuple[int, int], list[Hashable]] = {}
        self._laid_out_width = -1  # the width the log was last wrapped to
        self._log_key: tuple[Any, ...] = ()  # what the log was last written for
        if table.REMOTE:
            escape_says_lobby(self)

    # --- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield StatusLine(id="status")
        with Horizontal(id="main"):
            with Vertical(id="board"):
                yield from self.compose_board()
            with Vertical(id="side"):
                yield Static("", id="seats-head", classes="section-head")
                with VerticalScroll(id="seats"):
                    yield Scoreboard(id="scoreboard")
                    yield Static("", id="private")
                yield HintPanel(id="hint")
                yield ActionList(id="actions")
                if self.replay is not None:
                    yield ReplayMoves(id="replay-moves")
                with Vertical(id="log-box"):
                    yield Static("Log", id="log-head", classes="section-head")
                    yield GameLog(id="log", auto_scroll=True)
        yield KeyBar()

    def compose_board(self) -> ComposeResult:
        """The game's board widgets (override)."""
        yield Static("")

    def update_board(self, view: Any) -> None:
        """Redraw the board from ``view`` for ``self.viewer`` (override)."""

    def private_text(self, view: Any) -> Content:
        """The private panel of the viewing seat (override; empty hides it)."""
        return Content()

    def scoreboard_extra(self, view: Any) -> dict[int, Content]:
        """Short per-seat notes for the scoreboard (override)."""
        return {}

    def scoreboard_heading(self, view: Any) -> Content:
        """A line above the scoreboard's seats, e.g. naming the columns of the notes
        (override; empty shows none)."""
        return Content()

    def game_over_extra(self) -> Content:
        """An extra panel for the game-over screen (override; empty shows none)."""
        return Content()

    def show_bot_move(self, seat: int, action: Hashable) -> None:
        """Highlight a bot's move on the board (override)."""

    def place_card(self, view: Any) -> CardText | None:
        """What the card viewer (``i``) shows of the place under the board's cursor: its
        whole text from the game's content and its state now (override); None: nothing
        there to describe."""
        return None

    def action_describe(self) -> None:
        """``i``: open the card viewer on the place under the cursor."""
        try:
            card = self.place_card(self.current_view())
        except Exception as exc:  # a screen bug: say so, keep the game
            self.table_failed("describing the place", exc)
            return
        if card is None:
            notify(self, "Nothing to describe here: move the cursor onto a place first.", timeout=4)
            return
        self.app.push_screen(CardViewerScreen(card))

    def show_hinted(self, action: Hashable) -> bool:
        """Put a move the coach hinted under the game's own cursor, where the board's
        cursor and the move list cannot show it (Intendentes' bid entry); True when done
        (override). By default the shared cursor and the list show it."""
        return False

    def own_cursor_move(self) -> Hashable | None:
        """The move under a cursor of the game's own (a bid entry with the keys), which the
        hint panel compares with the best; None: the board's cursor or the list (override)."""
        return None

    def board_position(self, action: Hashable, view: Any) -> tuple[int, int] | None:
        """Where ``action`` is chosen on the board picture (row, col), or None (list only).

        Games that use the shared board cursor override this; actions sharing a position
        are offered together in the move list when Enter is pressed there.
        """
        return None

    # --- the shared board cursor ----------------------------------------------------------
    def _update_targets(self, view: Any, legal: list[Hashable]) -> None:
        groups: dict[tuple[int, int], list[Hashable]] = {}
        for action in legal:
            where = self.board_position(action, view)
            if where is not None:
                groups.setdefault(where, []).append(action)
        self.board_actions = groups
        self.board_cursor.set_targets(self.board_targets(view, groups))

    def board_targets(self, view: Any, groups: dict[tuple[int, int], list[Hashable]]) -> list[Target]:
        """The places the board cursor visits: by default where moves can be made (``groups``
        maps each such position to its moves); a game may add places to inspect."""
        return [Target(pos, pos[0], pos[1]) for pos in sorted(groups)]

    @property
    def cursor_position(self) -> tuple[int, int] | None:
        """Board position under the shared cursor (None when nothing can be chosen there)."""
        target = self.board_cursor.current
        return None if target is None else (target.row, target.col)

    def _last_turn_start(self) -> int:
        """Where the last turn begins in the log: after the viewer's own last move (for a
        spectator, the last move)."""
        log = self.table.log
        if self.viewer is None:
            return max(0, len(log) - 1)
        start = len(log)
        while start > 0 and log[start - 1].seat != self.viewer:
            start -= 1
        return start

    def recent_moves(self) -> list[LogEntry]:
        """The last turn: what the other players did since the viewer's own last move,
        oldest first (for a spectator, the last move), leaving out the moves the viewer
        could not tell from another (a secret choice: only its log line is shown, never
        its place). Everything drawn from the others' moves goes through here."""
        log, viewer = self.table.log, self.viewer
        return [log[i] for i in range(self._last_turn_start(), len(log)) if self.table.seen(i, viewer)]

    def _seen(self, entry: LogEntry) -> bool:
        """True if the viewer could tell ``entry``'s move from the others its maker had."""
        log = self.table.log
        for index in range(len(log) - 1, -1, -1):
            if log[index] is entry:
                return self.table.seen(index, self.viewer)
        return False

    def last_move_places(self, entry: LogEntry, view: Any) -> list[tuple[int, int]]:
        """Where on the board picture a move of the last turn is marked (override to leave
        out moves drawn in the viewer's own hand, or to mark where a taken thing was): by
        default the move's board place, if it still has one."""
        where = self.board_position(entry.action, view)
        return [] if where is None else [where]

    def mark_board(self, picture: Picture, view: Any) -> Picture:
        """Mark the places of the last turn's moves, where moves can be made and the place
        under the cursor (the one look of marks on every board: ``board-picture--*`` in
        ``game.tcss``); ``view`` is the one the picture was drawn from."""
        for entry in self.recent_moves():
            try:
                places = self.last_move_places(entry, view)
            except (KeyError, ValueError, IndexError):  # the place is gone from the board
                places = []
            for place in places:
                picture.mark(*place, "flash")
        for row, col in self.board_actions:
            picture.mark(row, col, "target")
        cursor = self.cursor_position
        if cursor is not None:
            picture.mark(*cursor, "cursor")
        return picture

    def board_move(self, direction: str) -> None:
        """Arrows on a board that uses the shared cursor."""
        if self.board_cursor.move(direction):
            self.update_board(self.current_view())
            self.coach.compare_cursor_move()

    def board_choose(self) -> None:
        """Enter: play the only move at the cursor, or list the moves there to pick from."""
        position = self.cursor_position
        actions = self.board_actions.get(position, []) if position is not None else []
        if not self.board_actions:
            # This decision has no place on the board (e.g. how many caballeros): use the list.
            self.action_focus_moves()
        elif len(actions) == 1:
            self.submit_action(actions[0])
        elif actions:
            moves = self.query_one("#actions", ActionList)
            moves.narrow(actions)
            # Previewed now, in the same frame as the list (its focus message would be later).
            if moves.highlighted_action is not None:
                self.preview_move(moves.highlighted_action)

    # --- lifecycle ------------------------------------------------------------------------
    def on_mount(self) -> None:
        # (Textual calls each class's on_mount, a game's first: it must not call this one)
        self._size_classes(self.app.size.width, self.app.size.height)  # before the first draw
        if self.replay is not None:  # nobody plays a replay: it is stepped through
            self.replay.mounted()
            return
        if self.viewer is not None and self.shares_keyboard() and not self.table.is_over():
            # A new, resumed or loaded game: whoever sits at the keyboard now may not be the
            # player whose hand is about to appear.
            self._raise_curtain(self.viewer)
            return
        self.refresh_all()
        self.call_after_refresh(self.advance)

    def focus_mounted_board(self, selector: str) -> None:
        """Give the keys to the board widget ``selector`` once the screen is mounted.

        A remote table can close or replace this screen while its mount is still being
        handled (a slow terminal, a busy hub); the board is then gone and nothing is focused.
        """
        found = self.query(selector)
        if found:
            found.first().focus()

    def _size_classes(self, width: int, height: int) -> bool:
        """Set the size classes for a terminal of ``width`` x ``height``; True if they changed."""
        before = (self.has_class("-wide"), self.has_class("-tall"))
        self.set_class(width >= 120, "-wide")
        self.set_class(height >= 34, "-tall")
        return before != (self.has_class("-wide"), self.has_class("-tall"))

    def on_resize(self, event: events.Resize) -> None:
        """Use the room of a large terminal: wider board cells, a wider side panel.

        Textual sends a Resize of the same size again when idle: nothing is redrawn then.
        The boards' geometry follows the size classes; the log wraps to its width.
        """
        width, height = event.size
        if self._size_classes(width, height):
            self.refresh_all()
        if width != self._laid_out_width:
            self._laid_out_width = width
            # The log and the detail lines wrap to their width: once the new size is laid
            # out, the log is written again and the board drawn again.
            self.call_after_refresh(self._rebuild_log)
            self.call_after_refresh(self._redraw_board)

    def _redraw_board(self) -> None:
        if self.is_attached:
            self.update_board(self.current_view())

    def moves_made(self) -> int:
        """The moves made so far, for the boards' keys of what changes with each move (the
        rows a detail line reserves); 0 in a replay: reserved once, not at every step."""
        return 0 if self.replay is not None else len(self.table.log)

    def _rebuild_log(self) -> None:
        """Write the log again if the moves, the viewer (whose last turn is marked) or the
        width it wraps to changed since it was last written."""
        log = self.table.log
        widget = self.query_one("#log", GameLog)
        key = (len(log), log[-1] if log else None, self.viewer, widget.size.width)
        if key == self._log_key:
            return
        before, self._log_key = self._log_key, key
        if self.replay is not None:  # the latest moves (every move is in the replay's list)
            if before[2:] == key[2:] and len(log) == before[0] + 1 and log[-2:-1] == [before[1]]:
                widget.add_entry(log[-1], self.table.seats)  # one step on: one entry more
            else:
                widget.show_entries(log[-self.replay.LOG_ENTRIES:], self.table.seats)
            return
        start = self._last_turn_start() if self.viewer is not None else len(log)
        since = start if start < len(log) else None
        widget.show_entries(log, self.table.seats, since)

    def on_unmount(self) -> None:
        self._epoch += 1
        self._unsubscribe()

    def _first_viewer(self) -> int | None:
        humans = self.table.human_seats()
        acting = [s for s in self.table.to_act() if s in humans]
        return acting[0] if acting else (humans[0] if humans else None)

    # --- drawing --------------------------------------------------------------------------
    def current_view(self) -> Any:
        """The view of the viewing seat (spectator view when no human plays)."""
        return self.table.view(self.viewer)

    def refresh_all(self) -> None:
        """Redraw every panel from the table (a failure in the game's code is reported)."""
        try:
            self._draw()
        except Exception as exc:  # a rules or screen bug: keep the app and the save usable
            self.table_failed("drawing the game", exc)

    def _draw_key(self) -> tuple[Any, ...]:
        """What a move or a hand-off changes of a draw (equal keys: nothing new to draw)."""
        table = self.table
        return (len(table.log), tuple(table.to_act()), table.is_over(), self.viewer, self._curtain_up,
                table.away_seats(), self.has_class("-wide"), self.has_class("-tall"))

    def _draw(self) -> None:
        key = self._draw_key()
        view = self.current_view()
        table = self.table
        acting = table.to_act()
        seats = table.seats
        progress = self.game.progress(view)
        lead = template("[b]$progress[/b] · ", progress=progress) if progress else Content()
        over = table.is_over()
        for board in self.query(BoardView):
            board.finished = over
        if over:
            self.refresh_bindings()
            message = Content("Game over — Enter shows the scores")  # (the progress says it too)
        elif self.viewer is not None and self.viewer in acting:
            you = player_tag(self.viewer, seats[self.viewer].name)
            message = Content.assemble(you, ": ", plain(self.game.prompt(view, self.viewer)))
            if self.USES_BOARD_CURSOR and self._list_only(view):
                message += template(" [dim](in the move list: m)[/]")
        else:
            waiting = Content(", ").join(
                Content.assemble(player_tag(s, seats[s].name), self.seat_note(s)) for s in acting)
            message = Content.assemble("Waiting for ", waiting)
        if self.replay is not None:
            message = self.replay.status()
        # (the lead, the progress, is left out where the rest needs both rows)
        self.query_one("#status", StatusLine).show(message, None if over else lead)
        self._rebuild_log()
        standings = self.game.standings(view)
        self.query_one("#seats-head", Static).update(plain(score_label(standings)))  # s: the breakdown
        self.query_one("#scoreboard", Scoreboard).show(
            seats, standings, acting, self.viewer, self.scoreboard_extra(view),
            self.scoreboard_heading(view), self.table.away_seats(), self.game.cooperative,
        )
        private = self.query_one("#private", Static)
        text = self.private_text(view)
        private.update(text)
        private.display = bool(text) and (self.has_class("-tall") or not self.PRIVATE_IN_SCOREBOARD)
        actions = self.query_one("#actions", ActionList)
        legal: list[Hashable] = []
        if self.viewer is not None and self.viewer in acting and not self._curtain_up:
            legal = self.table.legal_actions(self.viewer)
        actions.set_actions([(self.action_label(a, view), a) for a in self.list_order(legal, view)])
        self._update_targets(view, legal)
        self.coach.drop_stale()
        self.update_board(view)
        if self.replay is not None:
            self.replay.refreshed()
        self._drawn_key = key

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """After the end, undo and the move list leave the key bar (nothing can be played)."""
        if action in ("undo", "focus_moves", "hint") and self.table.is_over():
            return False
        if self.replay is not None and action in ("undo", "hint", "save_as"):
            return False
        if action == "hint" and not (self.coach.hints_on() and self.table.hints_allowed()):
            return False
        if action == "save_as" and self.autosaver is None:
            return False  # a network table: the host saves it
        return True

    def _list_only(self, view: Any) -> bool:
        """True when the viewer must decide but none of the moves has a place on the board."""
        legal = self.table.legal_actions(self.viewer) if self.viewer is not None else []
        return bool(legal) and all(self.board_position(a, view) is None for a in legal)

    def list_order(self, legal: list[Hashable], view: Any) -> list[Hashable]:
        """The legal moves in the order the move list shows them (override where the
        rules' order is not the one a player reads best): by default the rules' order."""
        return legal

    def action_label(self, action: Hashable, view: Any) -> str:
        """Text of a move in the move list (override to add previews such as costs)."""
        return self.game.describe(action, view)

    def _on_table_event(self, event: TableEvent) -> None:
        if event.kind == "action" and event.entry is not None:
            self.post_message(self.MoveApplied(event.entry))
        elif event.kind in ("refresh", "undo") and self.table.REMOTE:
            # (news comes in bunches when the host is busy, and may come before the mount:
            # drawn once, after what is queued; the log is written with the rest)
            if not self._redraw_queued:
                self._redraw_queued = True
                self.call_later(self._queued_redraw)
            if event.kind == "undo":
                self.call_later(self.advance)  # (a local undo moves the game on itself)
        elif event.kind == "undo":
            self._rebuild_log()
        elif event.kind == "refresh":
            self.refresh_all()
        if self.autosaver is not None and self.autosaver.last_error:
            notify(self, self.autosaver.last_error, severity="error", title="Autosave failed")

    def _queued_redraw(self) -> None:
        self._redraw_queued = False
        if self.is_attached:
            self.refresh_all()

    @on(MoveApplied)
    def _move_applied(self, event: MoveApplied) -> None:
        """Draw a move and move the game on; another player's move is shown for a moment."""
        if not self.is_attached:
            return
        self._rebuild_log()
        seat, action = event.entry.seat, event.entry.action
        at_keyboard = self.driver(seat).at_keyboard  # made here: nothing to point out
        if not at_keyboard and self._seen(event.entry):
            self.show_bot_move(seat, action)  # (never a secret choice the viewer cannot see)
        # (a network table's message may bring several moves at once: the table's view is
        # that of the last, so only the last one looks for a scoring to show)
        latest = not self.table.log or self.table.log[-1] == event.entry
        scoring = self._scoring_to_show() if latest else None
        if scoring is not None:
            # Everyone looks at the scoring before the game goes on, as at a real table.
            from tui.screens.scoring import ScoringScreen

            self.refresh_all()
            self.app.push_screen(ScoringScreen(scoring, self.table.seats), lambda _: self.advance())
            return
        if at_keyboard:
            self.advance()
            return
        self.refresh_all()
        delay = getattr(self.app, "bot_delay", 0.0)
        if delay > 0:
            self.set_timer(delay, self.advance)
        else:
            self.advance()

    def _scoring_to_show(self) -> Scoring | None:
        """The scoring the move just made set off, unless the settings skip them or the game
        is over (the final scores are shown then)."""
        settings = getattr(self.app, "settings", None)
        if self.table.is_over() or (settings is not None and not settings.stop_at_scorings):
            return None
        try:
            return self.game.scoring(self.table.view(None))
        except Exception as exc:  # a scoring-text bug: the game goes on without the panel
            self.table_failed("summing up the scoring", exc)
            return None

    # --- turn flow ------------------------------------------------------------------------
    def advance(self) -> None:
        """After any change: game over, or ask the driver of each seat to act (keyboard,
        bot or remote player) to take its turn."""
        if not self.is_attached or self._curtain_up:
            return
        try:
            self._advance()
        except Exception as exc:  # a rules bug: keep the app and the save usable
            self.table_failed("moving the game on", exc)

    def _advance(self) -> None:
        table = self.table
        if table.is_over():
            self.refresh_all()
            self._show_game_over()
            return
        turns = [(seat, self.driver(seat)) for seat in table.to_act()]
        # Seats played at this keyboard first, one at a time: after a hand-off the screen
        # moves on again once the new player has the keyboard (the curtain lifted).
        at_keyboard = [(seat, driver) for seat, driver in turns if driver.at_keyboard]
        if at_keyboard and at_keyboard[0][1].take_turn(self, at_keyboard[0][0]):
            return
        if self._draw_key() != self._drawn_key:  # (most callers have just drawn this very state)
            self.refresh_all()
        for seat, driver in turns:
            if not driver.at_keyboard:
                driver.take_turn(self, seat)

    def driver(self, seat: int) -> SeatDriver:
        """The driver of ``seat``: what to do when it must act (keyboard, bot, remote)."""
        controller = self.table.seats[seat].controller
        if self.table.REMOTE and not controller.is_human:
            return REMOTE  # bots and the other players play on the hub
        return driver_for(controller)

    def shares_keyboard(self) -> bool:
        """True when hidden hands must be covered between turns: several humans, one keyboard."""
        return self.game.info.hidden_information and len(self.table.human_seats()) > 1

    def _hand_to(self, seat: int) -> None:
        if self.viewer is None or not self.shares_keyboard():
            self.viewer = seat
            self.refresh_all()
            self.advance()
            return
        self._raise_curtain(seat)

    def _raise_curtain(self, seat: int) -> None:
        """Cover the screen until ``seat``'s player is at the keyboard, then show their view.

        Until the curtain is lifted the board shows only what a spectator may see, so no
        hand is ever drawn before its player has taken the keyboard.
        """
        from tui.screens.curtain import HandOffScreen

        self._curtain_up = True
        self.viewer = None
        self.refresh_all()

        def lifted(_: None) -> None:
            self._curtain_up = False
            self.viewer = seat
            self.refresh_all()
            self.advance()

        self.app.push_screen(HandOffScreen(seat, self.table.seats[seat].name), lifted)

    def _start_bot(self, seat: int) -> None:
        controller = self.table.seats[seat].controller
        view = self.table.view(seat)
        self._bot_busy = True
        self.query_one("#status", StatusLine).thinking = self.table.seats[seat].name
        seed = (self.table.seed * 1_000_003 + len(self.table.log) * 31 + seat) & 0x7FFFFFFF
        self._think(seat, controller.level, view, seed, self._epoch)

    @work(thread=True, exclusive=True, group="bot", exit_on_error=False)
    def _think(self, seat: int, level: str, view: Any, seed: int, epoch: int) -> None:
        worker = get_current_worker()
        deadline = time.monotonic() + THINK_SECONDS.get(level, 1.0)

        def should_stop() -> bool:
            return worker.is_cancelled or time.monotonic() > deadline

        try:
            action = make_bot(level, seed, should_stop=should_stop, game=self.game).choose(self.game, view, seat)
        except Exception as exc:  # a bot bug must not kill the game: report and stop the bot
            self.app.call_from_thread(self._bot_failed, seat, exc, epoch)
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self._bot_done, seat, action, epoch)

    def _bot_failed(self, seat: int, exc: Exception, epoch: int) -> None:
        self._bot_busy = False
        self.query_one("#status", StatusLine).thinking = ""
        if epoch == self._epoch:
            notify(self, f"The bot for seat {seat + 1} failed: {exc}", severity="error")

    def _bot_done(self, seat: int, action: Hashable, epoch: int) -> None:
        self._bot_busy = False
        self.query_one("#status", StatusLine).thinking = ""
        if epoch != self._epoch or not self.is_attached:
            return
        self._submit(seat, action, "The bot chose an illegal move: ", "playing the bot's move")

    def submit_action(self, action: Hashable) -> None:
        """Submit a human move for the viewing seat (asking first if the settings say so)."""
        seat = self.viewer
        if seat is None or seat not in self.table.to_act():
            notify(self, "It is not your turn.", severity="warning")
            return
        settings = getattr(self.app, "settings", None)
        try:
            ends = settings is not None and settings.confirm_end_turn and self.table.ends_turn(seat, action)
        except IllegalAction as exc:
            notify(self, exc.reason, severity="error")
            return
        except Exception as exc:  # a rules bug: the move is not made, the save is kept
            self.table_failed("checking that move", exc)
            return
        if ends:
            from tui.screens.confirm import ConfirmScreen

            def answered(yes: bool | None) -> None:
                if yes:
                    self._submit_now(seat, action)

            text = template("End your turn with: $move?", move=self.game.describe(action, self.current_view()))
            self.app.push_screen(ConfirmScreen(text, yes="End turn", no="Not yet"), answered)
            return
        self._submit_now(seat, action)

    def play_only_move(self, seat: int) -> bool:
        """Make ``seat``'s move for its player when it has a single legal one and the
        settings ask for that ("Play my only move for me"); True if it was made."""
        settings = getattr(self.app, "settings", None)
        if settings is None or not settings.play_only_move:
            return False
        try:
            legal = self.table.legal_actions(seat)
        except Exception as exc:  # a rules bug: the player is asked as usual
            self.table_failed("listing the moves", exc)
            return False
        if len(legal) != 1:
            return False
        self._submit_now(seat, legal[0])
        return True

    def _submit_now(self, seat: int, action: Hashable) -> None:
        self._submit(seat, action, "", "playing that move")

    def _submit(self, seat: int, action: Hashable, illegal: str, doing: str) -> None:
        """Submit to the table; the move then reaches the screen as :class:`MoveApplied`.

        An illegal move is told (after ``illegal``), any other failure is reported by
        :meth:`table_failed` as happening while ``doing``; neither changes the table.
        """
        try:
            self.table.submit(seat, action)
        except IllegalAction as exc:
            notify(self, f"{illegal}{exc.reason}", severity="error")
        except Exception as exc:  # a rules bug: the move is not made, the save is kept
            self.table_failed(doing, exc)

    def table_failed(self, doing: str, error: Exception) -> None:
        """A table call raised something unexpected: log it, tell the player, carry on.

        The table changes nothing when a call fails, and the autosave only ever writes
        after a move was made, so the save on disk still holds the game as it was.
        """
        path = write_crash_log(error)
        where = f" Details are in {path}." if path is not None else ""
        notify(
            self,
            f"Something went wrong while {doing} ({type(error).__name__}: {error}). "
            f"Nothing was changed and the game is still saved.{where}",
            severity="error",
            title="Unexpected error",
            timeout=12,
        )

    @on(BoardView.Moved)
    def _board_moved(self, event: BoardView.Moved) -> None:
        event.stop()
        self.board_move(event.direction)

    @on(BoardView.Chosen)
    def _board_chosen(self, event: BoardView.Chosen) -> None:
        event.stop()
        if self.replay is not None:
            return  # (nothing is played in a replay)
        if self.table.is_over():  # as the status line says: Enter shows the scores
            self._show_game_over()
            return
        self.board_choose()

    @on(ActionList.Chosen)
    def _chosen(self, event: ActionList.Chosen) -> None:
        self.submit_action(event.action)
        # Back to the board, whose keys the footer shows: left in the filter box, the next
        # "m" for the move list would be typed into the filter instead.
        self.query_one("#actions", ActionList).widen()
        self.focus_board()

    # --- commands -------------------------------------------------------------------------
    def action_undo(self) -> None:
        """Undo your last decision (and the bot moves after it)."""
        seat = self.viewer
        if seat is None:
            notify(self, "Nothing to undo: no human player here.", severity="warning")
            return
        try:
            self.table.undo(seat)
        except IllegalAction as exc:
            notify(self, exc.reason, severity="warning")
            return
        except Exception as exc:  # a rules bug: nothing was undone, the save is kept
            self.table_failed("undoing", exc)
            return
        self._epoch += 1
        self.workers.cancel_group(self, "bot")
        self._bot_busy = False
        self.query_one("#status", StatusLine).thinking = ""
        if not self.table.REMOTE:  # (a network undo is told by the table coming back)
            notify(self, "Move undone.")
        self.advance()

    def seat_note(self, seat: int) -> str:
        """A note after a seat's name where the status line waits for it: a network table
        says when its player is disconnected."""
        return " (disconnected)" if seat in self.table.away_seats() else ""

    def action_save_as(self) -> None:
        """Save a copy under a new name."""
        from tui.screens.prompt import TextPromptScreen

        autosaver = self.autosaver
        if autosaver is None:
            return
        def chosen(name: str | None) -> None:
            if not name:
                return
            before = autosaver.path
            kept = before.exists()
            try:
                path = autosaver.save_as(name)
            except (OSError, ValueError) as exc:
                notify(self, f"Could not save: {exc}", severity="error")
                return
            moves = len(self.table.log)
            told = f"Saved a copy as '{autosaver.name}': the game goes on in it."
            if kept and path != before:
                stem = before.name.removesuffix(".toml")
                told += f" '{stem}' stays as it was after move {moves}."
            notify(self, told, timeout=8)

        # The suggestion differs from the running save's name (suggesting that name made a
        # "-2" twin that looked the same as the original in the Load list).
        suggestion = f"{autosaver.name} copy"
        self.app.push_screen(TextPromptScreen("Save a copy as (the game goes on in the copy):",
                                              suggestion), chosen)

    def action_menu(self) -> None:
        """Back to the menu (a network game: the lobby); the game stays saved and can be resumed.
        While the hint panel is open, Escape closes it instead (and stops its thinking)."""
        if self.query_one("#hint").display:
            self.coach.closed_by_escape()
            return
        self._epoch += 1
        self.workers.cancel_group(self, "bot")
        self.coach.close()
        if self.autosaver is not None:
            self.autosaver.save_now()
        self.table.leave()
        self.app.pop_screen()

    def focus_board(self) -> None:
        """Give the keyboard back to the board, whose detail line tells again of the place
        under its cursor (not of a move highlighted in the list)."""
        board = self.query_one("#board")
        target = next((w for w in board.query("*") if w.focusable), None)
        if target is not None:
            target.focus()
        self._redraw_board()

    def action_standings(self) -> None:
        """Every seat's points by category, so far and if the game ended now."""
        from tui.screens.standings import StandingsScreen

        try:
            standings = self.game.standings(self.current_view())
        except Exception as exc:  # a scoring bug: the game goes on
            self.table_failed("adding up the scores", exc)
            return
        self.app.push_screen(StandingsScreen(standings, self.table.seats))

    def action_focus_moves(self) -> None:
        """Jump to the move list's filter box; its first move is previewed at once (in the
        same frame, not after the focus message)."""
        moves = self.query_one("#actions", ActionList)
        if moves.highlighted_action is not None:
            self.preview_move(moves.highlighted_action)
        moves.focus_filter()

    def action_focus_log(self) -> None:
        """Put the keyboard on the log, to scroll back through it (Escape returns)."""
        self.query_one("#log", GameLog).focus()

    @on(ActionList.Highlighted)
    def _move_highlighted(self, event: ActionList.Highlighted) -> None:
        """A move highlighted in the list is previewed: the board cursor goes to its place
        and the detail line tells the whole move (the list may cut it short)."""
        event.stop()
        self.preview_move(event.action)

    def preview_move(self, action: Hashable) -> None:
        """Show ``action`` on the board and tell it whole in the detail line."""
        view = self.current_view()
        if self.show_on_board(action, view):
            self.update_board(view)
        if self.DETAIL_LINE:
            try:
                self.show_detail(self.DETAIL_LINE, self.move_preview(action, view), grow_only=True)
            except Exception as exc:  # a text bug must not stop the choice
                self.table_failed("previewing that move", exc)
        self.coach.compare_cursor_move()

    def show_on_board(self, action: Hashable, view: Any) -> bool:
        """Put the board's cursor where ``action`` is made (override for a game with its own
        cursors); True if the board must be drawn again."""
        where = self.board_position(action, view)
        return where is not None and self.board_cursor.select(where)

    def move_preview(self, action: Hashable, view: Any) -> Content:
        """What the detail line says of a move highlighted in the list (override to add
        what the place under the board cursor tells): by default the whole move text."""
        return plain(self.action_label(action, view))

    def _show_game_over(self) -> None:
        save = self.autosaver.path if self.autosaver is not None else None
        self.post_message(ShowGameOver(self.table, self.game_over_extra(), self.table_failed, save))

    def action_hint(self) -> None:
        """``h``: the coach's best moves for the seat on turn (:class:`Coaching`)."""
        self.coach.ask()

    @on(HintPanel.Picked)
    def _hint_picked(self, event: HintPanel.Picked) -> None:
        event.stop()
        self.coach.picked(event.action)

    @on(HintPanel.Closed)
    def _hint_closed(self, event: HintPanel.Closed) -> None:
        event.stop()
        self.coach.closed()

    def action_replay(self, where: str) -> None:
        """A replay's key (:meth:`Replaying.go`)."""
        if self.replay is not None:
            self.replay.go(where)

    @on(ReplayMoves.Picked)
    def _replay_picked(self, event: ReplayMoves.Picked) -> None:
        event.stop()
        if self.replay is not None:
            self.replay.picked(event.at)

    def palette_commands(self) -> Iterable[SystemCommand]:
        """This screen's commands for the command palette."""
        yield SystemCommand("Undo", "Undo your last decision", self.action_undo)
        yield SystemCommand("Save as", "Save a copy of this game under a name", self.action_save_as)
        yield SystemCommand("Menu", "Back to the menu (the game stays saved)", self.action_menu)
        yield SystemCommand("Moves", "Jump to the list of legal moves", self.action_focus_moves)
        yield SystemCommand("Hint", "The coach's best moves for you now, with values and why (h)",
                            self.action_hint)
        yield SystemCommand("Describe", "The whole card text of the place under the cursor (i)",
                            self.action_describe)
