"""``meeple web`` and ``meeple serve --web PORT``: Meeple in a browser (:mod:`net.web`).

``meeple web`` serves the whole app (menu, local games, saves) to browsers, an app process
per tab; each browser keeps its own saves and settings in the host's data folder, under
``web/<browser id>/``, chosen by a cookie. ``meeple serve --web PORT`` opens the same kind
of door into the hub of network tables, next to the SSH one.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tui.cli_parser import Parser, quoted

SESSION_TARGET = "tui.session"
"""The module a hub player's browser tab runs (``python -m``)."""
APP_TARGET = "tui.cli"
"""The module a ``meeple web`` browser tab runs (``python -m``, no arguments: the menu)."""


def add_parser(sub: Any) -> Parser:
    """Add ``meeple web`` to the sub-commands."""
    web = sub.add_parser("web", help="serve the app to web browsers",
                         description="Serve Meeple to web browsers: each tab gets its own app; "
                                     "each browser keeps its own saves on this machine. "
                                     "Ctrl+C stops it.")
    web.add_argument("--host", default="127.0.0.1",
                     help="address to listen on (default 127.0.0.1: this machine only)")
    web.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    from net.limits import default_max_sessions

    web.add_argument("--max-sessions", type=int, default=default_max_sessions(), metavar="N",
                     help="most browser tabs at once (default here %(default)s, as for meeple serve)")
    add_idle_option(web, "tab")
    result: Parser = web
    return result


def add_idle_option(parser: argparse.ArgumentParser, what: str) -> None:
    """The ``--idle-timeout MIN`` option of ``meeple serve`` and ``meeple web``."""
    parser.add_argument("--idle-timeout", type=float, default=60.0, metavar="MIN",
                        help=f"close a {what} after MIN minutes without input (default 60)")


def check_idle_timeout(parser: Parser, minutes: float) -> float:
    """``--idle-timeout`` in seconds; a usage error outside (0, a week]."""
    if not 0 < minutes <= 7 * 24 * 60:  # NaN fails too
        parser.error("--idle-timeout must be more than 0 and at most 10080 minutes (a week)")
    return minutes * 60


def add_serve_option(serve: argparse.ArgumentParser) -> None:
    """Add ``--web PORT`` to ``meeple serve``."""
    serve.add_argument("--web", type=int, default=None, metavar="PORT",
                       help="also let browser players in on this port (same address as --host)")


def check_host(parser: Parser, host: str) -> str:
    """The ``--host`` value stripped, or a usage error."""
    shown = host.strip()
    if not shown or any(c.isspace() for c in shown):
        parser.error(f"--host must be an address or a host name, not {quoted(host)}")
    return shown


def check_port(parser: Parser, option: str, port: int) -> None:
    """A usage error unless ``port`` is a TCP port."""
    if not 1 <= port <= 65535:
        parser.error(f"{option} must be between 1 and 65535, not {port}")


def serve_doors(parser: Parser, args: argparse.Namespace) -> list[Any]:
    """The extra doors ``meeple serve`` opens: the web one with ``--web``."""
    if args.web is None:
        return []
    check_port(parser, "--web", args.web)
    if args.web == args.port:
        parser.error("--web must be another port than --port")
    from net.web import hub_web_door

    return [hub_web_door(args.host.strip(), args.web)]


def check_door(parser: Parser, args: argparse.Namespace) -> tuple[str, float]:
    """The door options ``meeple serve`` and ``meeple web`` share (``--port``,
    ``--max-sessions``, ``--idle-timeout``, ``--host``), checked in that order: the host
    stripped and the idle timeout in seconds, or a usage error."""
    check_port(parser, "--port", args.port)
    if not 1 <= args.max_sessions <= 1000:
        parser.error(f"--max-sessions must be between 1 and 1000, not {args.max_sessions}")
    idle = check_idle_timeout(parser, args.idle_timeout)
    return check_host(parser, args.host), idle


def run(parser: Parser, args: argparse.Namespace) -> int:
    """``meeple web``: check the arguments, serve until Ctrl+C or SIGTERM."""
    host, idle = check_door(parser, args)
    import asyncio
    import signal

    import platformdirs

    from net.web import WebDoor, WebError, WebOptions, local_prepare
    from saves.paths import APP_NAME

    data_root = Path(platformdirs.user_data_dir(APP_NAME)) / "web"
    options = WebOptions(host=host, port=args.port, max_sessions=args.max_sessions, idle_timeout=idle,
                         command=(sys.executable, "-m", APP_TARGET))
    door = WebDoor(local_prepare(data_root), options)

    async def main() -> None:
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
        try:
            await door.start()
            for line in door.welcome():
                print(line, flush=True)
            print(f"Each browser's saves are kept in {data_root}. Ctrl+C stops the server.", flush=True)
            await stop.wait()
            print("Stopping…", flush=True)
        finally:
            await door.close()
            for signum in (signal.SIGINT, signal.SIGTERM):
                loop.remove_signal_handler(signum)

    try:
        asyncio.run(main())
    except WebError as exc:
        parser.fail(str(exc))
    return 0
