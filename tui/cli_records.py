"""``meeple export SAVE [--out FILE]`` and ``meeple import FILE``: game records.

``export`` writes a save's record (:mod:`saves.records`, described in ``docs/records.md``)
to the standard output, or atomically to ``--out FILE``. ``import`` reads a record from a
file, or from the standard input for ``-``, replays every move with the rules and stores
the game as a new save, then prints its name. A missing or broken save, and a record that
is not one or does not replay, is one line and exit 2 (as every command's bad argument),
and nothing is created. Text from files is printed with its control characters made
visible.

:mod:`tui.cli` registers the commands (:func:`add_parsers`, :func:`run_export`,
:func:`run_import`); this module never imports it back.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TypeVar

from core.words import visible
from tui.cli_parser import UsageError, file_problem

P = TypeVar("P", bound=argparse.ArgumentParser)


def add_parsers(sub: argparse._SubParsersAction[P]) -> dict[str, P]:
    """Add the ``export`` and ``import`` commands to ``sub``; returns their parsers by name."""
    export = sub.add_parser(
        "export", help="write a saved game's record (JSON) for other programs",
        description="Write the game record of a save as JSON (format described in "
                    "docs/records.md): game, options, seats, seed, every move and the result.")
    export.add_argument("save", help="save name (see `meeple saves`) or path to a save file")
    export.add_argument("--out", metavar="FILE", default=None,
                        help="write to FILE (replaced atomically) instead of the standard output")
    imp = sub.add_parser(
        "import", help="check a game record by replaying it, and store it as a save",
        description="Read a game record (JSON, see docs/records.md), replay every move with "
                    "the rules and store the game as a new save (listed by `meeple saves` "
                    "and the Load screen). A record that does not replay is refused.")
    imp.add_argument("file", help="the record file, or - for the standard input")
    return {"export": export, "import": imp}


def run_export(parser: UsageError, args: argparse.Namespace) -> int:
    """Run ``meeple export`` with the parsed ``args``."""
    from saves.atomic import atomic_write
    from saves.records import MAX_RECORD_SIZE, RecordError, export_record, record_json

    try:
        record = export_record(args.save)
    except (RecordError, OSError) as exc:  # a SaveError is an OSError
        parser.fail(file_problem(args.save, exc))
    data = record_json(record).encode("utf-8")
    if len(data) > MAX_RECORD_SIZE:
        parser.fail(f"the record of {visible(args.save)!r} would be over "
                     f"{MAX_RECORD_SIZE // (1024 * 1024)} MiB, more than an import takes")
    if args.out is None or args.out == "-":
        sys.stdout.flush()
        out = getattr(sys.stdout, "buffer", None)
        if out is None:
            sys.stdout.write(data.decode("utf-8"))
        else:
            out.write(data)
            out.flush()
        return 0
    target = Path(args.out).expanduser()
    if target.is_dir():
        parser.error(f"--out {visible(args.out)!r} is a folder: give a file name")
    try:
        atomic_write(target, data)
    except (OSError, ValueError) as exc:
        from saves.checks import os_problem

        parser.fail(f"the record could not be written to {visible(args.out)!r}: "
                     f"{os_problem(exc, 'write the file')}")
    print(visible(f"Wrote the record of {record['title']} ({len(record['moves'])} moves) to {target}."),
          file=sys.stderr)
    return 0


def run_import(parser: UsageError, args: argparse.Namespace) -> int:
    """Run ``meeple import`` with the parsed ``args``."""
    from saves.records import RecordError, import_record, read_record_file, read_record_stream

    shown = "the standard input" if args.file == "-" else repr(args.file)
    try:
        if args.file == "-":
            data = read_record_stream(sys.stdin.buffer)
        else:
            data = read_record_file(Path(args.file).expanduser())
        imported = import_record(data)
    except RecordError as exc:
        parser.fail(f"{visible(shown)} is not a record Meeple can import: {exc}")
    except OSError as exc:  # the save could not be written (a SaveError)
        parser.fail(file_problem(args.file, exc, "the file"))
    table = imported.table
    state = "finished" if table.is_over() else table.game.progress(table.state)
    then = (f"Replay it with `meeple replay {imported.name}`" if table.is_over()
            else f"Resume it with `meeple resume {imported.name}`")
    print(visible(f"Imported {imported.title} ({len(table.log)} moves, {state}) as the save "
                  f"'{imported.name}'."))
    print(f"{then} or from the Load screen.")
    return 0
