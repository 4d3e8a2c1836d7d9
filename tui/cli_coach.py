"""``meeple hint SAVE``: the coach's hint for the seat on turn of a saved game, printed.

It is what the hint panel shows (:mod:`core.ai.coach`, seeded from the seat's view): the
best moves as text with their values, or as JSON with ``--json``. A missing, broken or
finished save is one line (exit 2).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from core.words import visible
from tui.cli_parser import UsageError, file_problem


def add_hint_parser(sub: Any) -> Any:
    """Register the ``hint`` sub-command on ``sub`` (argparse sub-parsers); its parser."""
    from core.levels import COACH_LEVELS

    hint = sub.add_parser("hint", help="print the coach's hint for the seat on turn of a save",
                          description="Print the coach's best moves for the seat on turn of a "
                                      "saved game: each with its value (final margin in points, "
                                      "or the team's chance to win), its spread and why.")
    hint.add_argument("save", help="save name (see `meeple saves`) or path to a save file")
    hint.add_argument("--json", action="store_true",
                      help='print {"seat": int, "moves": [{"move", "value", "why"}, ...]}')
    hint.add_argument("--level", choices=COACH_LEVELS, default="hard",
                      help="how hard the coach thinks (default hard, as the game's hint panel)")
    return hint


def hint_command(parser: UsageError, args: argparse.Namespace) -> int:
    """Print the hint of ``args.save`` (``parser.error`` for a save that cannot be hinted)."""
    from core.ai import coach
    from saves import load_table

    try:
        loaded = load_table(args.save)
    except OSError as exc:
        parser.fail(file_problem(args.save, exc))
    table = loaded.table
    if table.is_over():
        parser.fail(f"the game in '{visible(loaded.name)}' is over: there is no move to hint")
    acting = table.to_act()
    if not acting:
        parser.fail(f"nobody is to move in '{visible(loaded.name)}': there is no move to hint")
    humans = [seat for seat in acting if seat in table.human_seats()]
    seat = (humans or acting)[0]
    game = table.game
    view = table.view(seat)
    try:
        result = coach.hint(game, view, seat, args.level)
    except Exception as exc:  # a rules or coach bug: one line, the details in the crash log
        from tui.crash import write_crash_log

        path = write_crash_log(exc)
        where = f" Details are in {path}." if path is not None else ""
        print(visible(f"meeple hint: error: something went wrong while the coach thought "
                      f"({type(exc).__name__}: {exc}).{where}"), file=sys.stderr)
        return 1
    moves = result.top()
    if args.json:
        print(json.dumps({
            "seat": seat,
            "unit": result.unit,
            "level": result.level,
            "moves": [{"move": game.describe(m.action, view), "value": round(m.value, 4),
                       "spread": round(m.spread, 4), "why": m.why} for m in moves],
        }))
        return 0
    name = table.seats[seat].name
    progress = game.progress(view)
    print(visible(f"Hint for {name} (seat {seat + 1}) · {game.info.title}"
                  + (f", {progress}" if progress else "") + f" · {result.level}"))
    unit = "margin at the end, in points" if result.unit == "points" else "the team's chance to win"
    print(f"Values: {unit}, ± the spread of the estimate ({result.batches} sampled futures).")
    if not moves:
        print("Nothing to choose: there is no move.")
    for rank, move in enumerate(moves, 1):
        value = f"{coach.format_value(move.value, result.unit)} {coach.format_spread(move.spread, result.unit)}"
        print(visible(f"{rank}. {game.describe(move.action, view)}  {value}"))
        if move.why:
            print(visible(f"   {move.why}"))
    return 0
