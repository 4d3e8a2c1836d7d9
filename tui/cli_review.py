"""``meeple review SAVE``: the post-game review, in the app or printed in the terminal.

Without options it opens the app on the review screen of that save. ``--print`` (text) and
``--json`` (a JSON list) value the decisions here, without the app, and print the five
costliest; what is valued is kept in the save as it goes (as the screen keeps it), so a
review stopped with Ctrl+C goes on from there next time. Progress goes to the standard
error when it is a terminal.

A missing or broken save, a game that is not over or has no human player: exit 2 with one
line of reason and the usage, as every command's bad argument. Text from the save (player
names, move words) is printed with its control characters made visible.

:mod:`tui.cli` registers the command (:func:`add_parser`, :func:`run`); this module never
imports it back.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any, Callable, TypeVar

from core.words import visible
from tui.cli_parser import UsageError, file_problem

if TYPE_CHECKING:
    from core.ai.review import Decision, Review
    from saves import ReviewSource

DEFAULT_LEVEL = "hard"
"""The coach's level of a review (the hint panel's, so a review values each position as the
hint there did)."""


P = TypeVar("P", bound=argparse.ArgumentParser)


def add_parser(sub: argparse._SubParsersAction[P]) -> P:
    """Add the ``review`` command to the sub-commands ``sub``; returns its parser."""
    review = sub.add_parser(
        "review", help="review a finished game: the coach values your decisions",
        description="The coach values every decision of the human players of a finished "
                    "game and lists the five costliest. Valued decisions are kept in the "
                    "save, so a review stopped goes on from there.")
    review.add_argument("save", help="save name (see `meeple saves`) or path to a save file")
    review.add_argument("--print", action="store_true", dest="print_",
                        help="value here, without the app, and print the five costliest")
    review.add_argument("--json", action="store_true",
                        help="as --print, as a JSON list")
    review.add_argument("--level", default=DEFAULT_LEVEL, metavar="LEVEL",
                        help=f"the coach's level: normal or hard (default {DEFAULT_LEVEL})")
    return review


def run(parser: UsageError, args: argparse.Namespace, run_app: Callable[[Any], int]) -> int:
    """Run ``meeple review`` with the parsed ``args`` (``run_app`` starts the app)."""
    from core.levels import COACH_LEVELS
    from saves import open_review

    if args.level not in COACH_LEVELS:
        parser.error(f"--level takes {' or '.join(COACH_LEVELS)}, not {visible(str(args.level))!r}")
    try:
        source = open_review(args.save)  # a SaveError (an OSError) for anything amiss
    except OSError as exc:
        parser.fail(file_problem(args.save, exc))
    except Exception as exc:  # a bug in a game's rules while replaying: one line, no traceback
        return _failed("opening the save", exc)
    if not (args.print_ or args.json):
        from tui.app import StartRequest

        return run_app(StartRequest(review=source.path, review_level=args.level))
    if source.warning:
        print(visible(source.warning), file=sys.stderr)
    return _print(parser, source, args.level, args.json)


def _print(parser: UsageError, source: ReviewSource, level: str, as_json: bool) -> int:
    """Value the decisions here and print the costliest (text or JSON)."""
    from core.engine import IllegalAction
    from saves import run_review

    progress = _Progress(sys.stderr)
    try:
        result = run_review(source, level, progress=progress,
                            failed=lambda text: print(visible(text), file=sys.stderr))
    except KeyboardInterrupt:
        progress.end()
        print(f"Stopped: {progress.done} of {progress.total} decisions valued, kept in the save "
              "(the review goes on from there next time).", file=sys.stderr)
        raise
    except IllegalAction as exc:
        progress.end()
        parser.fail(f"the moves of {source.path.name} no longer replay ({visible(exc.reason)})")
    except Exception as exc:  # a rules or coach bug: what is valued is kept, no traceback
        progress.end()
        return _failed("valuing the decisions", exc)
    progress.end()
    names = [seat.name for seat in source.table.seats]
    if as_json:
        print(json.dumps([_record(d, names) for d in result.costliest()], indent=2))
    else:
        print(_text(source, result, level))
    return 0


def _failed(doing: str, error: Exception) -> int:
    """An unexpected error: its details in the crash log, one line for the user; exit 1."""
    from tui.crash import write_crash_log

    path = write_crash_log(error)
    where = f" Details are in {path}." if path is not None else ""
    print(visible(f"meeple review: error: something went wrong while {doing} "
                  f"({type(error).__name__}: {error}).{where}"), file=sys.stderr)
    return 1


def _record(decision: Decision, names: list[str]) -> dict[str, Any]:
    """A decision as JSON data: its fields, the move's number, the player and the loss in words."""
    from core.ai.coach import format_loss

    return {
        "move": decision.move_number,
        "player": names[decision.seat],
        **decision.to_data(),
        "loss_text": format_loss(decision.loss, decision.unit),
    }


def _text(source: ReviewSource, result: Review, level: str) -> str:
    """The review as text: what was valued, then the costliest, three lines each."""
    from core.ai.coach import format_loss, format_spread

    table = source.table
    names = [seat.name for seat in table.seats]
    humans = " and ".join(names[s] for s in table.human_seats())
    lines = [f"Review of {source.path.name}: {table.game.info.title}, {humans}; "
             f"{result.total} decisions valued by the coach ({level})."]
    costly = result.costliest()
    if not result.total:
        lines.append("Nothing to value: every move of the human players was forced.")
    elif not costly:
        lines.append("Every decision was the coach's best move.")
    else:
        lines.append(f"The {len(costly)} costliest:" if len(costly) > 1 else "The costliest:")
    for rank, decision in enumerate(costly, start=1):
        loss = format_loss(decision.loss, decision.unit)
        spread = format_spread(decision.spread, decision.unit)
        lines += [
            "",
            f"{rank}. Move {decision.move_number}, {names[decision.seat]}: {loss} ({spread})",
            f"   played: {decision.played_text}",
            f"   best:   {decision.best_text}",
        ]
    return "\n".join(visible(line) for line in lines)


class _Progress:
    """``progress(done, total)`` for a review, drawn on one line of ``stream`` when it is a
    terminal (and remembered for the message when it is stopped)."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.live = bool(getattr(stream, "isatty", lambda: False)())
        self.done = 0
        self.total = 0
        self.drawn = False

    def __call__(self, done: int, total: int) -> None:
        self.done, self.total = done, total
        if self.live:
            self.stream.write(f"\rValuing decisions: {done} of {total}")
            self.stream.flush()
            self.drawn = True

    def end(self) -> None:
        """End the progress line."""
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()
            self.drawn = False
