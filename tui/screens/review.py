"""Review: the coach values every decision of a finished game's human players and lists the
costliest, each of which opens its position on the game's own board, read-only.

The valuation (:func:`core.ai.review.review`, one coach hint per decision) runs in a worker
thread, as the bots do on the game screen, with a progress bar. What it values is written
into the game's save as it goes (:func:`saves.review.run_review`, every few decisions and
when it stops): Escape stops it and keeps what is done, and opening the review again goes on
from there. When every decision is valued the screen lists the :data:`~core.ai.review.SHOWN`
costliest — move number, player, the move played, the coach's best and the estimated loss —
and Enter opens the position before that decision, as that player saw it
(:class:`core.replay.ReplayTable`, shown by the app: :class:`tui.navigation.ShowPosition`),
where the arrows step through the game from there.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, ProgressBar, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from core.ai.coach import format_loss, format_spread
from core.ai.review import Decision, Review, costliest
from core.engine import IllegalAction
from core.replay import ReplayTable
from saves import ReviewSource, SaveError, open_review, run_review
from tui.coach_runner import child_hint
from tui.crash import write_crash_log
from tui.navigation import ShowPosition
from tui.text import notify, template
from tui.widgets.key_bar import KeyBar
from tui.widgets.players import player_tag


def loss_text(decision: Decision) -> str:
    """The estimated loss as a player reads it: "−3.5 points" or "−12% chance to win"."""
    return format_loss(decision.loss, decision.unit)


class ReviewScreen(Screen[None]):
    """The review of the finished game saved at ``path``, valued at the coach's ``level``."""

    CSS_PATH = "review.tcss"
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("enter", "open", "Open the position", priority=True),
    ]
    HELP_TITLE = "Review"
    HELP_KEYS = [
        ("escape", "Back; a review not finished stops and keeps what is valued (it goes on "
                   "when opened again)"),
        ("enter", "Open the position before the highlighted decision, read-only, as its "
                  "player saw it (Escape comes back here)"),
    ]

    def __init__(self, path: Path, level: str = "hard") -> None:
        super().__init__()
        self.path = path
        self.level = level
        self.source: ReviewSource | None = None
        self.valued = 0
        self.total: int | None = None
        self.result: Review | None = None
        self.shown: list[Decision] = []
        self.failure: str | None = None

    def compose(self) -> ComposeResult:
        yield Static(template("[b]Review[/b] · $name", name=self.path.stem), id="title")
        yield Static("Opening the save…", id="status")
        yield ProgressBar(id="progress", show_eta=False)
        yield OptionList(id="costliest")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#costliest", OptionList).display = False
        self._value(self.path, self.level)

    # --- the valuation, in a worker thread ----------------------------------------------
    @work(thread=True, exclusive=True, group="review", exit_on_error=False)
    def _value(self, path: Path, level: str) -> None:
        worker = get_current_worker()

        def tell(callback: Callable[..., None], *args: Any) -> None:
            if worker.is_cancelled:
                return  # the screen is gone: nothing to show
            try:
                self.app.call_from_thread(callback, *args)
            except RuntimeError:  # the app has closed meanwhile
                pass

        try:
            source = open_review(path)
        except SaveError as exc:
            tell(self._failed, str(exc))
            return
        except Exception as exc:  # a rules bug while replaying: said, never raised
            tell(self._failed, self._crash("opening the save", exc))
            return
        tell(self._opened, source)
        try:
            result = run_review(source, level, should_stop=lambda: worker.is_cancelled,
                                progress=lambda done, total: tell(self._progress, done, total),
                                failed=lambda text: tell(self._write_failed, text), hinter=child_hint)
        except IllegalAction as exc:
            tell(self._failed, f"The moves of this save no longer replay ({exc.reason}), so it cannot be reviewed.")
            return
        except Exception as exc:  # a rules or coach bug: said, and what is valued is kept
            tell(self._failed, self._crash("valuing the decisions", exc))
            return
        tell(self._done, result)

    def _crash(self, doing: str, error: Exception) -> str:
        path = write_crash_log(error)
        where = f" Details are in {path}." if path is not None else ""
        return f"Something went wrong while {doing} ({type(error).__name__}: {error}).{where}"

    # --- what the worker tells (on the app's thread) ---------------------------------------
    def _opened(self, source: ReviewSource) -> None:
        self.source = source
        table = source.table
        players = Content(" and ").join(player_tag(s, table.seats[s].name) for s in table.human_seats())
        self.query_one("#title", Static).update(Content.assemble(
            template("[b]Review[/b] · $title · ", title=table.game.info.title), players))
        if source.warning:
            notify(self, source.warning, severity="warning", timeout=10)

    def _progress(self, done: int, total: int) -> None:
        self.valued, self.total = done, total
        self.query_one("#progress", ProgressBar).update(total=max(total, 1), progress=done)
        self.query_one("#status", Static).update(template(
            "The coach ($level) is valuing the decisions: $done of $total done.\n"
            "[dim]Escape stops and keeps them; opening the review again goes on.[/]",
            level=self.level, done=done, total=total))

    def _write_failed(self, text: str) -> None:
        notify(self, f"{text} The review goes on; what is valued since may be valued again "
                     "next time.", severity="warning", timeout=10)

    def _failed(self, text: str) -> None:
        self.failure = text
        self.query_one("#progress", ProgressBar).display = False
        self.query_one("#status", Static).update(template("[$error]$text[/]", text=text))

    def _done(self, result: Review) -> None:
        self.result = result
        self.shown = costliest(result.decisions)
        self.query_one("#progress", ProgressBar).update(total=max(result.total, 1), progress=result.total)
        status = self.query_one("#status", Static)
        options = self.query_one("#costliest", OptionList)
        if not result.total:
            status.update("Nothing to value: every move of the human players was forced.")
            return
        if not self.shown:
            status.update(template(
                "All $total decisions valued: every one was the coach's best move.", total=result.total))
            return
        status.update(template(
            "All $total decisions valued. The costliest (Enter opens the position):",
            total=result.total))
        options.clear_options()
        options.add_options([Option(self._entry(d), id=str(d.index)) for d in self.shown])
        options.display = True
        options.highlighted = 0
        options.focus()
        self.refresh_bindings()

    def _entry(self, decision: Decision) -> Content:
        """Three lines: the move, its player and the loss; the move played; the best one."""
        seats = self.source.table.seats if self.source is not None else ()
        name = seats[decision.seat].name if decision.seat < len(seats) else f"Seat {decision.seat + 1}"
        head = Content.assemble(
            template("[b]Move $number[/b] · ", number=decision.move_number),
            player_tag(decision.seat, name),
            template(" · [b]$loss[/b] [dim]$spread[/]", loss=loss_text(decision),
                     spread=format_spread(decision.spread, decision.unit)),
        )
        played = template("\n  [dim]played:[/] $move", move=decision.played_text)
        best = template("\n  [dim]best:[/]   $move", move=decision.best_text)
        return Content.assemble(head, played, best)

    # --- keys --------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter opens a position only once the costliest are listed."""
        if action == "open":
            return bool(self.shown)
        return True

    def action_back(self) -> None:
        """Back (to the game over, or the menu); an unfinished review stops, keeping what is
        valued (the worker writes it into the save as it stops)."""
        self.workers.cancel_group(self, "review")
        self.app.pop_screen()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter on a listed decision opens its position."""
        event.stop()
        self.action_open()

    def action_open(self) -> None:
        """Open the position before the highlighted decision, read-only, as its player saw it."""
        options = self.query_one("#costliest", OptionList)
        index = options.highlighted
        if self.source is None or index is None or not 0 <= index < len(self.shown):
            return
        decision = self.shown[index]
        table = self.source.table
        try:
            position = ReplayTable(table, decision.seat, at=decision.index)
        except Exception as exc:  # the moves no longer replay, or a rules bug: said
            notify(self, self._crash("opening that position", exc), severity="error", timeout=12)
            return
        notify(self, f"Move {decision.move_number}, before {table.seats[decision.seat].name} "
                     f"played “{decision.played_text}”; the coach prefers “{decision.best_text}” "
                     f"({loss_text(decision)}). The arrows step through the game from here; Escape returns.",
               timeout=10)
        self.post_message(ShowPosition(position))
