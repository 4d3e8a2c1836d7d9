"""The ``meeple`` command: the menu, direct play/resume, listings, rules and bot simulations.

Bad arguments give a one-line reason plus the usage of the command at fault, good arguments
naming something unusable (a missing or broken save) the reason alone; both exit with code
2, never a traceback (:mod:`tui.cli_parser`). Text that comes from files or players (save
names, player names, progress, error messages quoting them) is printed with its control
characters made visible (:func:`core.words.visible`), so nothing printed can act on the
terminal.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import warnings
from pathlib import Path
from typing import Any, Sequence

from core import __version__
from core.registry import UnknownGame, get_game, listings
from core.words import visible
from net.limits import default_max_sessions
from tui import cli_records, cli_review, cli_stats, cli_web
from tui.cli_parser import Parser, dash_names, file_problem, quoted


def build_parser() -> Parser:
    """The argument parser for every command."""
    parser = Parser(
        prog="meeple",
        description="Board games in your terminal. With no command, opens the menu.",
    )
    parser.add_argument("--version", action="version", version=f"meeple {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    play = sub.add_parser("play", help="start a new game directly",
                          description="Start a new game; the last K seats are bots.")
    play.add_argument("game", help="game id (see `meeple games`)")
    play.add_argument("--players", type=int, help="number of players (default: the game's minimum, at least 2)")
    play.add_argument("--ai", type=int, default=None, metavar="K", help="the last K seats are bots (default: all but one)")
    play.add_argument("--level", choices=("easy", "normal", "hard"), default=None, help="bot level (default: from settings)")
    play.add_argument("--seed", type=int, default=None, help="seed for a reproducible game")
    play.add_argument("--names", default=None, help="comma-separated player names")
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option (repeatable)")

    resume = sub.add_parser("resume", help="resume the newest save, or the named one")
    resume.add_argument("save", nargs="?", help="save name (see `meeple saves`) or path to a save file")

    replay = sub.add_parser("replay", help="replay a saved game move by move",
                            description="Open a saved game's replay on its own board: the arrows "
                                        "step through the moves. An unfinished game shows only "
                                        "what a seat played here saw.")
    replay.add_argument("save", help="save name (see `meeple saves`) or path to a save file")

    saves = sub.add_parser("saves", help="list saved games")
    saves.add_argument("--json", action="store_true", help="print a JSON array")

    games = sub.add_parser("games", help="list the games")
    games.add_argument("--json", action="store_true", help="print a JSON array")

    rules = sub.add_parser("rules", help="print the rules help of a game")
    rules.add_argument("game", help="game id")

    sim = sub.add_parser("simulate", help="play headless bot games and report results",
                         description="Bots are given to seats in rotation; seats rotate across games.")
    sim.add_argument("game", help="game id")
    sim.add_argument("--players", type=int, required=True, help="players per game")
    sim.add_argument("--games", type=int, required=True, help="number of games")
    sim.add_argument("--bots", required=True, help="comma-separated bot kinds: random, greedy, search, easy, normal, hard "
                     "(Settlement also: reference, careless)")
    sim.add_argument("--seed", type=int, required=True, help="seed of the first game")
    sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option (repeatable)")
    sim.add_argument("--json", action="store_true", help="print one JSON object")

    serve = sub.add_parser("serve", help="host network play: players connect with ssh",
                           description="Run the SSH server and the hub of network tables. "
                                       "Players connect with `ssh -p PORT HOST`; their SSH key "
                                       "is who they are. Ctrl+C stops it (tables are saved).")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1: this machine only)")
    serve.add_argument("--port", type=int, default=2222, help="port to listen on (default 2222)")
    serve.add_argument("--host-key", metavar="FILE", default=None,
                       help="the server's private host key (default: one made on first start "
                            "in the user data folder)")
    serve.add_argument("--authorized-keys", metavar="FILE", default=None,
                       help="only these public keys may connect (default: any key)")
    serve.add_argument("--max-sessions", type=int, default=default_max_sessions(), metavar="N",
                       help="most sessions at once (default here %(default)s: 50 per core, at most "
                            "what half the memory holds at 32 MiB a session)")
    cli_web.add_idle_option(serve, "session")
    cli_web.add_serve_option(serve)
    from tui.cli_coach import add_hint_parser

    hint = add_hint_parser(sub)
    parser.commands = {"play": play, "resume": resume, "replay": replay, "saves": saves, "games": games,
                       "rules": rules, "simulate": sim, "serve": serve, "hint": hint}
    parser.commands["review"] = cli_review.add_parser(sub)
    parser.commands["stats"] = cli_stats.add_parser(sub)
    parser.commands["web"] = cli_web.add_parser(sub)
    parser.commands.update(cli_records.add_parsers(sub))
    return parser


def run() -> int:
    """The console script ``meeple`` (and ``python -m tui.cli``): :func:`main`, quietly."""
    quiet_python_warnings()
    return main()


def quiet_python_warnings() -> None:
    """Keep Python's own warnings (a dependency's deprecation notice) off the terminal.

    A player's screen and a host's log show Meeple's lines only. Someone who asks for
    warnings (``python -W ...`` or ``PYTHONWARNINGS``) still gets them. The setting goes into
    the environment too, so each process Meeple starts (a session's app, a browser
    visitor's) inherits it before its first import.
    """
    if sys.warnoptions:
        return
    warnings.simplefilter("ignore")
    os.environ["PYTHONWARNINGS"] = "ignore"


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command line (``argv``, else the process's own) and return its exit code."""
    parser = build_parser()
    args = parser.parse_args(dash_names(sys.argv[1:] if argv is None else argv, parser))
    command = args.command
    # Errors found after parsing belong to the sub-command: print its usage, not meeple's.
    sub = parser.commands.get(command, parser) if command else parser
    try:
        if command is None:
            return _run_app(None)
        if command == "play":
            return _play(sub, args)
        if command == "resume":
            return _resume(sub, args)
        if command == "replay":
            return _replay(sub, args)
        if command == "saves":
            return _saves(sub, args)
        if command == "games":
            return _games(args)
        if command == "rules":
            return _rules(sub, args)
        if command == "simulate":
            return _simulate(sub, args)
        if command == "serve":
            return _serve(sub, args)
        if command == "hint":
            from tui.cli_coach import hint_command

            return hint_command(sub, args)
        if command == "review":
            return cli_review.run(sub, args, _run_app)
        if command == "stats":
            return cli_stats.run(sub, args, format_table)
        if command == "web":
            return cli_web.run(sub, args)
        if command in ("export", "import"):
            return (cli_records.run_export if command == "export" else cli_records.run_import)(sub, args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader (e.g. `| head`) went away: stop quietly, as Unix tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    parser.error(f"unknown command {command!r}")


def _game_or_error(parser: Parser, game_id: str) -> Any:
    """The game with this id in any case ("Council", "ELGRANDE"); else a usage error."""
    try:
        return get_game(game_id.lower())
    except UnknownGame:
        parser.error(str(UnknownGame(game_id)))


def _run_app(start: Any) -> int:
    from tui.app import MeepleApp

    app = MeepleApp(start=start)
    app.run()
    return app.return_code or 0


def _play(parser: Parser, args: argparse.Namespace) -> int:
    import secrets  # here, not at the top: it loads hashlib, ~15 ms of `meeple --help`

    from core.table import Controller, Seat, parse_options
    from saves import check_player_name, load_settings
    from tui.app import StartRequest

    game = _game_or_error(parser, args.game)
    info = game.info
    players = args.players if args.players is not None else max(2, info.min_players)
    if not info.min_players <= players <= info.max_players:
        parser.error(f"{info.title} takes {info.min_players}-{info.max_players} players, not {players}")
    bots = players - 1 if args.ai is None else args.ai
    if not 0 <= bots <= players:
        parser.error(f"--ai must be between 0 and {players}")
    settings, _ = load_settings()
    level = args.level or settings.bot_level
    if args.names is not None:
        names = [n.strip() for n in args.names.split(",")]
        if len(names) != players or not all(names):
            parser.error(f"--names needs exactly {players} non-empty names")
        if len({n.casefold() for n in names}) != len(names):
            parser.error("--names must all differ")
        if any(len(n) > 16 for n in names):
            parser.error("names are at most 16 characters")
        for name in names:
            problem = check_player_name(name)
            if problem:
                parser.error(problem)
    else:
        names = default_names(settings.default_names, players)
    parsed = _options(parser, game, args.option, players)
    seats = [
        Seat(i, names[i], Controller("bot", level) if i >= players - bots else Controller())
        for i in range(players)
    ]
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    if not 0 <= seed < 2**63:
        parser.error("--seed must be between 0 and 2^63-1")
    return _run_app(StartRequest(game=info.id, seats=seats, seed=seed, options=parsed))


def default_names(preferred: Sequence[str], players: int) -> list[str]:
    """``players`` distinct names: the preferred ones first, then "Player N" fill-ins."""
    names: list[str] = []
    for name in preferred:
        if len(names) < players and name and name not in names:
            names.append(name)
    number = 1
    while len(names) < players:
        candidate = f"Player {number}"
        if candidate not in names:
            names.append(candidate)
        number += 1
    return names


def _listings(parser: Parser) -> list[Any]:
    """Every save, as ``list_saves`` gives them; a usage error if the folder cannot be read.

    ``list_saves`` gives an empty list for an unreadable folder, so an empty list is
    checked with ``folder_problem`` before it is taken for "no saved games".
    """
    from saves import folder_problem, list_saves

    try:
        listings = list_saves()
    except OSError as exc:
        parser.fail(file_problem(None, exc))
    if not listings:
        problem = folder_problem()
        if problem is not None:
            parser.fail(problem)
    return listings


def _resume(parser: Parser, args: argparse.Namespace) -> int:
    from saves import read_header, resolve_save

    # Any OS error while finding or reading the save (a SaveError is one) is said in one line.
    if args.save:
        try:
            path = resolve_save(args.save)  # an existing regular file, or a SaveError
            read_header(path)
        except OSError as exc:
            parser.fail(file_problem(args.save, exc))
    else:
        good = [s for s in _listings(parser) if s.error is None and s.header is not None and not s.header.over]
        if not good:
            parser.fail("there is no unfinished saved game to resume")
        path = good[0].path
    from tui.app import StartRequest

    return _run_app(StartRequest(resume=Path(path)))


def _replay(parser: Parser, args: argparse.Namespace) -> int:
    from saves import open_save, resolve_save

    try:  # the whole game is replayed here already: a save that cannot be is said now
        path = resolve_save(args.save)
        table = open_save(path).table
    except OSError as exc:  # (a SaveError is one)
        parser.fail(file_problem(args.save, exc))
    from core.replay import cannot_replay

    problem = cannot_replay(table)
    if problem is not None:
        parser.fail(f"{quoted(str(args.save))}: {problem}")
    from tui.app import StartRequest

    return _run_app(StartRequest(replay=Path(path)))


def format_table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A plain text table: ``headers`` then ``rows``, columns two spaces apart.

    Each column is as wide as its widest cell, measured in terminal cells (a wide
    character counts two), so nothing is ever cut. A row with fewer cells than
    ``headers`` lets its last cell run on across the remaining columns without widening
    them (an unreadable save's problem). Lines carry no trailing spaces. The cells must
    already be safe to print (see :func:`core.words.visible`).
    """
    from rich.cells import cell_len

    widths = [cell_len(h) for h in headers]
    for row in rows:
        spanning = len(row) < len(headers)
        for i, cell in enumerate(row[:-1] if spanning else row):
            widths[i] = max(widths[i], cell_len(cell))
    lines = []
    for row in [list(headers), *rows]:
        cells = [
            cell + " " * (widths[i] - cell_len(cell)) if i < len(row) - 1 else cell
            for i, cell in enumerate(row)
        ]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def _saves(parser: Parser, args: argparse.Namespace) -> int:
    listings = _listings(parser)
    if args.json:
        records = []
        for s in listings:
            h = s.header
            records.append({
                "name": s.name,
                "path": str(s.path),
                "game": h.game_id if h else None,
                "title": h.title if h else None,
                "players": [p.name for p in h.players] if h else [],
                "progress": h.progress if h else None,
                "over": h.over if h else None,
                "created": h.created if h else None,
                "updated": h.updated if h else None,
                "error": s.error,
            })
        print(json.dumps(records, indent=2))
        return 0
    if not listings:
        print("No saved games.")
        return 0
    rows: list[list[str]] = []
    for s in listings:
        h = s.header
        if s.error or h is None:
            rows.append([visible(s.name), f"unreadable: {visible(s.error or 'unknown problem')}"])
        else:
            state = "finished" if h.over else h.progress
            fields = [s.name, h.game_id, state, h.updated.replace("T", " ")[:16],
                      ", ".join(p.name for p in h.players)]
            rows.append([visible(text) for text in fields])
    print(format_table(("NAME", "GAME", "PROGRESS", "LAST PLAYED", "PLAYERS"), rows))
    return 0


def _games(args: argparse.Namespace) -> int:
    games = listings()  # no engine is imported to list the games
    if args.json:
        print(json.dumps([
            {"id": g.id, "title": g.title, "min_players": g.min_players,
             "max_players": g.max_players, "blurb": g.blurb}
            for g in games
        ], indent=2))
        return 0
    for g in games:
        print(f"{g.id:12} {g.title:18} {g.min_players}-{g.max_players} players  {g.blurb}")
    return 0


def _rules(parser: Parser, args: argparse.Namespace) -> int:
    from tui.screens.rules import rules_text

    game = _game_or_error(parser, args.game)
    text = rules_text(game.info.id)
    if sys.stdout.isatty():
        from rich.console import Console
        from rich.markdown import Markdown

        Console().print(Markdown(text))
    else:
        print(text)
    return 0


def _options(parser: Parser, game: Any, items: list[str], players: int) -> dict[str, Any]:
    """The ``--option KEY=VALUE`` arguments parsed for ``game`` (a usage error if bad)."""
    from core.table import parse_options

    options: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            parser.error(f"--option takes KEY=VALUE, not {item!r}")
        options[key.strip()] = value.strip()
    try:
        return parse_options(game, options, players)
    except ValueError as exc:
        parser.error(str(exc))


def _simulate(parser: Parser, args: argparse.Namespace) -> int:
    from core.ai import kinds_for
    from core.simulate import simulate

    game = _game_or_error(parser, args.game)
    info = game.info
    if not info.min_players <= args.players <= info.max_players:
        parser.error(f"{info.title} takes {info.min_players}-{info.max_players} players, not {args.players}")
    if args.games < 1 or args.games > 1_000_000:
        parser.error("--games must be between 1 and 1000000")
    bots = [b.strip() for b in args.bots.split(",")]
    kinds = kinds_for(game)
    bad = [b for b in bots if b not in kinds]
    if bad or not bots:
        parser.error(f"unknown bot {bad[0] if bad else ''!r} (bots: {', '.join(kinds)})")
    if not 0 <= args.seed < 2**63:
        parser.error("--seed must be between 0 and 2^63-1")
    started = time.perf_counter()
    options = _options(parser, game, args.option, args.players)
    report = simulate(game, args.players, args.games, bots, args.seed, options)
    seconds = max(time.perf_counter() - started, 1e-9)
    report["seconds"] = round(seconds, 3)
    report["games_per_s"] = round(args.games / seconds, 3)
    report["decisions_per_s"] = round(report["decisions"] / seconds, 1)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(f"{info.title}: {args.games} games, {args.players} players, {report['seconds']} s, "
              f"{report['errors']} errors")
        print(f"decisions/game {report['mean_decisions']}, decisions/s {report['decisions_per_s']}")
        for bot in report["wins"]:
            print(f"  {bot:8} wins {report['wins'][bot]:>6}  mean score {report['mean_score'][bot]}")
    return 0


def _serve(parser: Parser, args: argparse.Namespace) -> int:
    """``meeple serve``: check every argument, then run until Ctrl+C or SIGTERM."""
    import asyncio

    import asyncssh

    from net.hostkey import HostKeyError, load_host_key
    from net.server import ServeError, ServeSetup, serve
    from tui.session import PRELOAD, TARGET

    host, idle = cli_web.check_door(parser, args)
    try:
        key, key_path, key_new = load_host_key(Path(args.host_key) if args.host_key else None)
    except HostKeyError as exc:
        parser.fail(str(exc))
    authorized = None
    authorized_path = None
    if args.authorized_keys is not None:
        authorized_path = Path(args.authorized_keys)
        shown = quoted(args.authorized_keys, 200)
        try:
            text = authorized_path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            parser.fail(f"the authorized keys {shown} could not be read ({reason})")
        if not any(line.strip() and not line.lstrip().startswith("#") for line in text.splitlines()):
            parser.fail(f"the authorized keys {shown} hold no key: nobody could connect")
        try:
            authorized = asyncssh.import_authorized_keys(text)
        except (asyncssh.KeyImportError, ValueError) as exc:
            parser.fail(f"the authorized keys {shown} are not valid ({exc})")
    setup = ServeSetup(host=host, port=args.port, host_key=key, host_key_path=key_path,
                       host_key_new=key_new, authorized_keys=authorized,
                       authorized_keys_path=authorized_path, max_sessions=args.max_sessions,
                       idle_timeout=idle, target=TARGET, preload=PRELOAD,
                       more_doors=cli_web.serve_doors(parser, args))
    try:
        asyncio.run(serve(setup, lambda line: print(line, flush=True)))
    except ServeError as exc:
        print(f"meeple serve: error: {visible(str(exc))}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(run())
