"""The coach's hint panel: the best moves for the seat on turn, with values and reasons.

The panel sits in the game screen's side column while it is open (the scoreboard and the
log make room). :meth:`HintPanel.start` asks the table whether a hint is allowed (a
network table asks its hub), then runs :func:`core.ai.coach.hint` in a worker thread: a
progress bar and the best move so far are shown while it thinks, Escape stops it, and the
UI never waits for it. The search runs in a child process
(:mod:`tui.coach_runner`), so keys are answered as quickly while it thinks. The finished hint lists the best :data:`~core.ai.coach.TOP` moves,
each with its value (final margin in points, or the team's chance to win), the spread of
the estimate and why; Enter on one posts :class:`HintPanel.Picked` (the screen puts its
cursor there: playing it stays the player's act). The move under the player's cursor is
compared with the best (:meth:`HintPanel.compare`), valued on the same sampled futures when
the hint did not value it already.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Hashable

from textual import on
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.widget import Widget
from textual.widgets import ProgressBar, Static
from textual.worker import Worker, get_current_worker

from core.ai import coach
from core.engine import Game
from core.table import GameTable
from tui.coach_runner import CoachRequest, CoachRun
from tui.text import plain, template
from tui.widgets.move_list import MoveList

UPDATE_EVERY = 0.1
"""Seconds between progress updates from the worker (each one is a repaint)."""

Describe = Callable[[Hashable], str]


def value_text(move: coach.MoveValue, unit: str) -> str:
    """"+4.2 ±0.8" or "62% ±5%" (the panel's heading names the unit)."""
    return f"{coach.format_value(move.value, unit)} {coach.format_spread(move.spread, unit)}"


def heading(unit: str) -> str:
    """The panel's heading once a hint is in: what its values count."""
    return "Hint: final margin ± spread" if unit == "points" else "Hint: chance to win ± spread"


def comparison(hint: coach.Hint, action: Hashable) -> str | None:
    """The line on the move under the cursor: "Your move is the best.", "Your move: −3.5
    points against the best."; None if the hint did not value it."""
    loss = hint.loss(action)
    if loss is None:
        return None
    best = hint.best
    if best is not None and best.action == action:
        return "Your move is the coach's best."
    if loss < 0.05 if hint.unit == "points" else loss < 0.005:
        return "Your move: as good as the best."
    return f"Your move: {coach.format_loss(loss, hint.unit)} against the best."


class HintPanel(Vertical, can_focus=False):
    """The hint panel (see the module docstring). Hidden until :meth:`start`."""

    BINDINGS = [Binding("escape", "close", "Close hint")]

    class Picked(Message):
        """Enter on a hinted move: the screen shows it under its cursor."""

        def __init__(self, action: Hashable) -> None:
            super().__init__()
            self.action = action

    class Closed(Message):
        """The panel was closed (Escape): the screen gives the keys back to the board."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.hint: coach.Hint | None = None
        self.key: tuple[Any, ...] | None = None
        """What position the panel's hint is for (the screen's key); None: none."""
        self.thinking = False
        self._describe: Describe = str
        self._job: tuple[Game[Any, Any], Any, int, str, int] | None = None
        self._compared: Hashable | None = None
        self._worker: Worker[None] | None = None
        self._focus_at_start: Widget | None = None
        self._built = False

    def build(self) -> None:
        """Mount the panel's lines, once (they can be queried at once; they draw later).
        Not composed with the panel: most games never ask, and a game screen's start over
        SSH is the cost of its widgets."""
        if self._built:
            return
        self._built = True
        self.mount_all([
            Static("Hint", id="hint-head", classes="section-head"),
            ProgressBar(total=1, show_eta=False, id="hint-progress"),
            Static("", id="hint-status"),
            MoveList(id="hint-moves", hang=2),  # under the move, after its rank
            Static("", id="hint-yours"),
        ])

    # --- asking ---------------------------------------------------------------------------
    def start(self, table: GameTable, seat: int, level: str, key: tuple[Any, ...],
              describe: Describe) -> None:
        """Show the panel and think about ``seat``'s move in ``table``'s position ``key``
        (asking the table first); a second call while thinking does nothing."""
        if self.thinking:
            return
        if self.key == key and self.hint is not None and self.hint.complete:
            self.display = True
            self.focus_moves()
            return
        self.build()
        self.cancel()
        self.key = key
        self.hint = None
        self._compared = None
        self._describe = describe
        self.thinking = True
        self.display = True
        self._focus_at_start = self.screen.focused
        self.query_one("#hint-head", Static).update(plain("Hint"))
        self._status("Asking the table…")
        self._job = (table.game, table.view(seat), seat, level, 0)

        def answered(refusal: str | None) -> None:
            if self.key != key or not self.thinking:
                return  # closed or moved on meanwhile
            if refusal is not None:
                self.thinking = False
                self._status(refusal)
                return
            self._begin()

        table.request_hint(answered)

    def _begin(self) -> None:
        assert self._job is not None
        game, view, seat, level, _ = self._job
        seed = coach.hint_seed(game, view)
        self._job = (game, view, seat, level, seed)
        bar = self.query_one("#hint-progress", ProgressBar)
        bar.update(total=coach.batches_for(game, level), progress=0)
        bar.display = True
        self.query_one("#hint-moves", MoveList).set_options([])
        self._yours(Content())
        self._status("Thinking… (Escape stops)")
        key = self.key
        self._worker = self.run_worker(lambda: self._think(game, view, seat, level, seed, key),
                                       thread=True, group="coach", exclusive=True, exit_on_error=False)

    def _think(self, game: Game[Any, Any], view: Any, seat: int, level: str, seed: int,
               key: tuple[Any, ...] | None) -> None:
        worker = get_current_worker()
        last = time.monotonic()
        try:
            run = CoachRun(CoachRequest.hint(game.info.id, view, seat, level))
            for kind, so_far in run.results(lambda: worker.is_cancelled):
                now = time.monotonic()
                if kind == "done":
                    self.app.call_from_thread(self._done, so_far, key)
                elif now - last >= UPDATE_EVERY:
                    last = now
                    self.app.call_from_thread(self._progress, so_far.batches, so_far, key)
        except Exception as exc:  # a coach bug must not end the game: say so in the panel
            if not worker.is_cancelled:
                self.app.call_from_thread(self._failed, exc, key)

    def _progress(self, done: int, so_far: coach.Hint, key: tuple[Any, ...] | None) -> None:
        if key != self.key or not self.thinking:
            return
        self.query_one("#hint-progress", ProgressBar).update(progress=done)
        best = so_far.best
        if best is not None:
            self._status(template("Thinking… best so far: $move, $value",
                                  move=self._describe(best.action),
                                  value=coach.format_value(best.value, so_far.unit)))

    def _failed(self, exc: Exception, key: tuple[Any, ...] | None) -> None:
        if key != self.key:
            return
        self.thinking = False
        self.query_one("#hint-progress", ProgressBar).display = False
        self._status(f"The coach failed ({type(exc).__name__}: {exc}).")

    def _done(self, result: coach.Hint, key: tuple[Any, ...] | None) -> None:
        if key != self.key:
            return
        self.thinking = False
        self.hint = result
        self.query_one("#hint-progress", ProgressBar).display = False
        if not result.moves:
            self._status("Nothing to choose here: there is one move.")
            return
        self._status("")
        self.query_one("#hint-head", Static).update(plain(heading(result.unit)))
        options = []
        for rank, move in enumerate(result.top(), 1):
            text = template("[b]$rank[/b] $move\n[b]$value[/b]", rank=str(rank),
                            move=self._describe(move.action), value=value_text(move, result.unit))
            if move.why:
                text += template(" · [i]$why[/i]", why=move.why)
            options.append(text)
        moves = self.query_one("#hint-moves", MoveList)
        moves.set_options(options)
        moves.refresh(layout=True)  # (its height follows its options)
        moves.show_highlight = True
        if self.screen.focused is self._focus_at_start:  # (keys typed meanwhile stay where they went)
            self.focus_moves()
        if self._compared is not None:
            self.compare(self._compared)

    # --- the move under the cursor --------------------------------------------------------
    def compare(self, action: Hashable | None) -> None:
        """Compare the move under the player's cursor with the best (valuing it on the
        hint's sampled futures when the hint did not)."""
        self._compared = action
        hint = self.hint
        if hint is None or not hint.complete or action is None or self._job is None:
            self._yours(Content())
            return
        told = comparison(hint, action)
        if told is not None:
            self._yours(plain(told))
            return
        self._yours(plain("Your move: valuing it…"))
        game, view, seat, level, seed = self._job
        best = hint.best
        assert best is not None
        key = self.key
        self.run_worker(lambda: self._value_one(game, view, seat, level, seed, best.action, action, key),
                        thread=True, group="coach-yours", exclusive=True, exit_on_error=False)

    def _value_one(self, game: Game[Any, Any], view: Any, seat: int, level: str, seed: int,
                   best: Hashable, action: Hashable, key: tuple[Any, ...] | None) -> None:
        worker = get_current_worker()
        valued: coach.Hint | None = None
        try:
            run = CoachRun(CoachRequest.values(game.info.id, view, seat, level, seed, (best, action)))
            valued = run.answer(lambda: worker.is_cancelled)
        except Exception:  # an illegal or unplayable move under the cursor: nothing to say
            valued = None
        if not worker.is_cancelled:
            self.app.call_from_thread(self._valued_one, valued, action, key)

    def _valued_one(self, valued: coach.Hint | None, action: Hashable, key: tuple[Any, ...] | None) -> None:
        if key != self.key or self.hint is None or action != self._compared:
            return
        if valued is None or not valued.complete:
            self._yours(Content())
            return
        told = comparison(valued, action)
        self._yours(plain(told or ""))

    # --- keys -----------------------------------------------------------------------------
    def focus_moves(self) -> None:
        """Give the keys to the list of hinted moves (when there is one)."""
        if not self._built:
            return
        moves = self.query_one("#hint-moves", MoveList)
        if moves.option_count:
            self.screen.set_focus(moves)

    @on(MoveList.Selected, "#hint-moves")
    def _selected(self, event: MoveList.Selected) -> None:
        event.stop()
        if self.hint is not None and 0 <= event.index < len(self.hint.top()):
            self.post_message(self.Picked(self.hint.top()[event.index].action))

    @on(MoveList.Highlighted, "#hint-moves")
    def _highlighted(self, event: MoveList.Highlighted) -> None:
        event.stop()

    def action_close(self) -> None:
        """Escape: stop thinking and close the panel."""
        self.close()
        self.post_message(self.Closed())

    def cancel(self) -> None:
        """Stop any thinking (its answer is dropped)."""
        self.workers.cancel_group(self, "coach")
        self.workers.cancel_group(self, "coach-yours")
        self.thinking = False

    def close(self) -> None:
        """Stop thinking and hide the panel (the hint is forgotten)."""
        self.cancel()
        self.key = None
        self.hint = None
        self._compared = None
        self.display = False

    def _yours(self, text: Content) -> None:
        """The line on the move under the cursor (no row at all while it says nothing)."""
        if not self._built:
            return
        line = self.query_one("#hint-yours", Static)
        line.update(text)
        line.display = bool(text.plain)

    def _status(self, text: str | Content) -> None:
        """The line under the heading (asking, thinking, a refusal); none once a hint is in."""
        if not self._built:
            return
        status = self.query_one("#hint-status", Static)
        status.update(plain(text) if isinstance(text, str) else text)
        status.display = bool(text.plain if isinstance(text, Content) else text)
