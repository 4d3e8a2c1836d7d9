"""The web door: Meeple in a browser through textual-serve, one app process per visitor.

textual-serve (:mod:`textual_serve.server`) gives the page xterm.js and, per websocket,
runs the app as a subprocess speaking its driver protocol on stdin/stdout. Its
:class:`~textual_serve.server.Server` starts one command line, the same for everyone, with
the server's whole environment; this door needs each visitor's own process:

* **Who is this browser**: a random id in a cookie (``HttpOnly``, ``SameSite=Strict``, and
  ``Secure`` behind a TLS proxy) set with the page and required on the websocket, whose
  ``Origin`` must be the page's own (another site, or another port of this host, cannot
  open a session with the player's cookie).
* **What the visitor's app is**: :class:`WebDoor` asks its ``prepare`` callable for the
  process's extra environment and, when the session ends, calls what it returned:
  ``meeple web`` (:func:`local_prepare`) gives every browser its own data folder,
  ``meeple serve --web`` (:func:`hub_prepare`) a hub token naming the person
  ``"web:" + sha256(cookie id)``, revoked when the tab closes, exactly like an SSH key's.
* **Limits**: ``max_sessions`` counts these sessions together with ``also_counted`` (the
  SSH door's); a browser may have :data:`net.server.SESSIONS_PER_KEY` at once; a session
  without keyboard input for ``idle_timeout`` seconds is told so and closed.

When the tab closes (or the server stops) the app is asked to quit, then sent SIGTERM and
SIGKILL a grace period apart, and reaped.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import re
import secrets
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Awaitable, Callable, Sized
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from net.server import (MAX_SIZE, RESTORE_TERMINAL, SESSIONS_PER_KEY, FrontDoor, ServeError,
                        TokenIssuer, _bind_problem, exposed_note, host_env, idle_message, is_loopback)
from net.spawn import HUB_SOCKET_ENV, TOKEN_ENV
from net.web_page import page

log = logging.getLogger("meeple.web")

COOKIE = "meeple_browser"
"""The cookie holding the browser's random id."""
COOKIE_MAX_AGE = 400 * 24 * 3600
"""Seconds the cookie is kept (400 days: the most browsers accept)."""
_BROWSER_ID = re.compile(r"[A-Za-z0-9_-]{32}")
MAX_MESSAGE = 64 * 1024
"""The largest websocket message a browser may send (bytes)."""

Cleanup = Callable[[], None]
Prepare = Callable[[str], tuple[dict[str, str], Cleanup]]
"""Given a browser id: the app's extra environment, and what to do when its session ends."""


class WebError(Exception):
    """The web door cannot start: ``str(error)`` is one line."""


def new_browser_id() -> str:
    """A fresh random browser id (32 URL-safe characters)."""
    return secrets.token_urlsafe(24)


def is_browser_id(text: str | None) -> bool:
    """True if ``text`` has the shape of an id this server gives out."""
    return text is not None and _BROWSER_ID.fullmatch(text) is not None


def person_of(browser_id: str) -> str:
    """The hub's person id for a browser: ``web:`` and the SHA-256 of its cookie id (the
    hub never sees the cookie itself)."""
    return "web:" + hashlib.sha256(browser_id.encode("ascii")).hexdigest()


def local_prepare(data_root: Path) -> Prepare:
    """``meeple web``: each browser's app keeps its saves, settings and cache under
    ``data_root/<browser id>/`` (its own ``XDG_DATA/CONFIG/CACHE/STATE_HOME`` folders)."""
    def prepare(browser_id: str) -> tuple[dict[str, str], Cleanup]:
        home = data_root / browser_id
        env = {f"XDG_{kind.upper()}_HOME": str(home / kind) for kind in ("data", "config", "cache", "state")}
        return env, lambda: None

    return prepare


def hub_prepare(issuer: TokenIssuer, hub_socket: str) -> Prepare:
    """``meeple serve --web``: each session's app talks to the hub as the browser's person,
    with a one-time token revoked when the session ends."""
    def prepare(browser_id: str) -> tuple[dict[str, str], Cleanup]:
        token = issuer.issue_token(person_of(browser_id))
        return {HUB_SOCKET_ENV: hub_socket, TOKEN_ENV: token}, lambda: issuer.revoke_token(token)

    return prepare


@dataclass
class WebOptions:
    """How the web door behaves; times in seconds."""

    host: str = "127.0.0.1"
    port: int = 8000
    command: tuple[str, ...] = (sys.executable, "-m", "tui.cli")
    """The visitor's app process."""
    title: str = "Meeple"
    max_sessions: int = 20
    idle_timeout: float | None = None
    grace: float = 2.0
    """Time the app is given to quit, then after SIGTERM, before it is killed."""
    also_counted: list[Sized] = field(default_factory=list)
    """Other doors' sessions that ``max_sessions`` counts too (the SSH door's)."""
    extra_env: dict[str, str] = field(default_factory=dict)
    """Set in every app's environment (tests)."""


class _Service(AppService):
    """textual-serve's app service with this visitor's own process and environment."""

    def __init__(self, door: WebDoor, env: dict[str, str], **kwargs: Any) -> None:
        super().__init__(" ".join(door.options.command), **kwargs)
        self.door = door
        self.extra_env = env

    async def _open_app_process(self, width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
        served = self._build_environment(width=width, height=height)
        env = host_env()
        env.update({k: v for k, v in served.items() if k.startswith(("TEXTUAL_", "TERM_PROGRAM"))
                    or k in ("COLUMNS", "ROWS")})
        env.update(self.extra_env)
        env.update(self.door.options.extra_env)
        self._process = process = await asyncio.create_subprocess_exec(
            *self.door.options.command, stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env=env,
            start_new_session=True)
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def end(self, grace: float) -> None:
        """Ask the app to quit; SIGTERM, then SIGKILL, if it does not; wait until reaped."""
        process = self._process
        if self._task is None or process is None:
            return
        with contextlib.suppress(Exception):
            await self.send_meta({"type": "quit"})
        for signal_it in (None, process.terminate, process.kill):
            if process.returncode is not None:
                break
            if signal_it is not None:
                with contextlib.suppress(ProcessLookupError):
                    signal_it()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(process.wait(), grace)
        await process.wait()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._task, grace)
        self._task = None


class WebSession:
    """One browser tab: its websocket and its app."""

    def __init__(self, door: WebDoor, browser_id: str, websocket: web.WebSocketResponse) -> None:
        self.door = door
        self.browser_id = browser_id
        self.websocket = websocket
        self.loop = asyncio.get_running_loop()
        self.last_input = self.loop.time()
        self.service: _Service | None = None
        self.stop_message = ""
        self.stopped = asyncio.Event()

    def stop(self, message: str) -> None:
        """End the session, telling the browser ``message``."""
        if not self.stopped.is_set():
            self.stop_message = message
            self.stopped.set()

    async def run(self, width: int, height: int) -> None:
        """Run the app until the tab closes, the app ends or the session is stopped."""
        door = self.door
        try:
            env, cleanup = door.prepare(self.browser_id)
        except Exception as exc:  # noqa: BLE001 - the hub refused: tell the browser why
            await self._say(f"Meeple could not start a session ({exc}).")
            return
        try:
            self.service = _Service(
                door, env, write_bytes=self._write_bytes, write_str=self._write_str,
                close=self.websocket.close, download_manager=door.downloads)
            await self.service.start(width, height)
            messages = asyncio.ensure_future(self._messages())
            stopped = asyncio.ensure_future(self.stopped.wait())
            idle = asyncio.ensure_future(self._watch_idle())
            ended = self.service._task
            waited: set[asyncio.Future[Any]] = {messages, stopped, idle}
            if ended is not None:
                waited.add(ended)
            try:
                await asyncio.wait(waited, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for task in (messages, stopped, idle):
                    task.cancel()
            await self.service.end(door.options.grace)
            if self.stop_message and not self.websocket.closed:
                await self._say(self.stop_message, restore=True)
        finally:
            cleanup()
            if not self.websocket.closed:
                with contextlib.suppress(Exception):
                    await self.websocket.close()

    async def _write_bytes(self, data: bytes) -> None:
        if not self.websocket.closed:
            with contextlib.suppress(ConnectionResetError):
                await self.websocket.send_bytes(data)

    async def _write_str(self, data: str) -> None:
        if not self.websocket.closed:
            with contextlib.suppress(ConnectionResetError):
                await self.websocket.send_str(data)

    async def _say(self, text: str, restore: bool = False) -> None:
        line = text.encode("ascii", "replace") + b"\r\n"
        await self._write_bytes((RESTORE_TERMINAL if restore else b"\r\n") + line)

    async def _messages(self) -> None:
        """The browser's keys, resizes, focus changes and pings, passed on to the app."""
        service = self.service
        assert service is not None
        async for message in self.websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
                kind = envelope[0]
                if kind == "stdin" and isinstance(envelope[1], str):
                    self.last_input = self.loop.time()
                    await service.send_bytes(envelope[1].encode("utf-8"))
                elif kind == "resize":
                    width, height = int(envelope[1]["width"]), int(envelope[1]["height"])
                    await service.set_terminal_size(max(1, min(width, MAX_SIZE[0])),
                                                    max(1, min(height, MAX_SIZE[1])))
                elif kind == "ping" and isinstance(envelope[1], str):
                    await self._write_str(json.dumps(["pong", envelope[1][:32]]))
                elif kind == "blur":
                    await service.blur()
                elif kind == "focus":
                    await service.focus()
            except (ValueError, TypeError, KeyError, IndexError):
                continue  # a malformed message changes nothing

    async def _watch_idle(self) -> None:
        timeout = self.door.options.idle_timeout
        if timeout is None:
            await asyncio.Event().wait()
            return
        while True:
            remaining = self.last_input + timeout - self.loop.time()
            if remaining <= 0:
                break
            await asyncio.sleep(remaining)
        self.stop(idle_message(timeout))


class WebDoor:
    """The web server: the page, its static files and a session per websocket."""

    def __init__(self, prepare: Prepare, options: WebOptions) -> None:
        from textual_serve.server import Server

        self.prepare = prepare
        self.options = options
        self.sessions: set[WebSession] = set()
        """Sessions that run (or are starting) an app."""
        self.closing = False
        self.downloads = DownloadManager()
        self.statics = Path(sys.modules[Server.__module__].__file__ or "").parent / "static"
        self._runner: web.AppRunner | None = None
        self._tasks: set[asyncio.Task[Any]] = set()

    @property
    def port(self) -> int:
        """The port listened on (the one the system chose for port 0)."""
        if self._runner is None or not self._runner.addresses:
            return 0
        return int(self._runner.addresses[0][1])

    def count(self) -> int:
        """Sessions that ``max_sessions`` counts: this door's and ``also_counted``'s."""
        return len(self.sessions) + sum(len(other) for other in self.options.also_counted)

    async def start(self) -> None:
        """Listen (:class:`WebError` if the address cannot be bound)."""
        app = web.Application(client_max_size=MAX_MESSAGE)
        app.add_routes([
            web.get("/", self._index),
            web.get("/ws", self._websocket),
            web.static("/static", self.statics),
        ])
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.options.host, self.options.port, reuse_address=True)
        try:
            await site.start()
        except OSError as exc:
            await self._runner.cleanup()
            self._runner = None
            raise WebError(_bind_problem(self.options.host, self.options.port, exc)) from None

    def welcome(self) -> list[str]:
        """What ``meeple serve --web`` / ``meeple web`` print once it listens."""
        host = self.options.host
        lines = [f"Browser players open:  {web_url(host, self.port)}"]
        if not is_loopback(host):
            lines.append(exposed_note(host, self.port))
            lines.append("Put the web port behind a TLS proxy (https) before it leaves this machine.")
        return lines

    async def close(self, message: str = "The Meeple server is shutting down.") -> None:
        """Tell every session ``message`` and end it, then stop listening."""
        self.closing = True
        for session in list(self.sessions):
            session.stop(message)
        if self._tasks:
            await asyncio.wait(set(self._tasks), timeout=self.options.grace * 3 + 5)
        if self._runner is not None:
            await self._runner.cleanup()

    async def _index(self, request: web.Request) -> web.StreamResponse:
        browser_id = request.cookies.get(COOKIE)
        if not is_browser_id(browser_id):
            browser_id = new_browser_id()
        secure = _is_https(request)
        scheme = "wss" if secure else "ws"
        try:
            font_size = max(6, min(int(request.query.get("fontsize", "16")), 64))
        except ValueError:
            font_size = 16
        html = page(self.options.title, "/static/", f"{scheme}://{request.host}/ws", font_size)
        response = web.Response(text=html, content_type="text/html")
        response.headers["Cache-Control"] = "no-store"
        response.headers["Content-Security-Policy"] = (
            "default-src 'self'; connect-src 'self' ws: wss:; style-src 'self' 'unsafe-inline'; "
            "script-src 'self'; frame-ancestors 'none'")
        response.set_cookie(COOKIE, str(browser_id), max_age=COOKIE_MAX_AGE, path="/",
                            httponly=True, samesite="Strict", secure=secure)
        return response

    async def _websocket(self, request: web.Request) -> web.StreamResponse:
        browser_id = request.cookies.get(COOKIE)
        if not is_browser_id(browser_id) or not _same_origin(request):
            raise web.HTTPForbidden(text="Open the page first.")
        assert browser_id is not None
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        await websocket.prepare(request)
        session = WebSession(self, browser_id, websocket)
        refusal = self._refusal(browser_id)
        if refusal is not None:
            await session._say(refusal)
            await websocket.close()
            return websocket
        width = _size(request.query.get("width"), 80, MAX_SIZE[0])
        height = _size(request.query.get("height"), 24, MAX_SIZE[1])
        self.sessions.add(session)
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        try:
            await session.run(width, height)
        except Exception as exc:  # noqa: BLE001 - one visitor's failure must not stop the door
            log.error("a web session failed: %s", exc)
        finally:
            self.sessions.discard(session)
            if task is not None:
                self._tasks.discard(task)
        return websocket

    def _refusal(self, browser_id: str) -> str | None:
        if self.closing:
            return "The Meeple server is shutting down."
        if self.count() >= self.options.max_sessions:
            return "The Meeple server is full; try again later."
        if sum(1 for s in self.sessions if s.browser_id == browser_id) >= SESSIONS_PER_KEY:
            return f"You have {SESSIONS_PER_KEY} Meeple sessions open already; close one first."
        return None


def _size(text: str | None, default: int, limit: int) -> int:
    try:
        value = int(text or "")
    except ValueError:
        return default
    return min(value, limit) if value > 0 else default


def _is_https(request: web.Request) -> bool:
    """True when the browser came over TLS (here, or to a proxy that says so)."""
    return request.secure or request.headers.get("X-Forwarded-Proto", "").lower() == "https"


def _same_origin(request: web.Request) -> bool:
    """True if the websocket was opened by this server's own page (its Origin names the
    host the request was sent to)."""
    origin = request.headers.get("Origin")
    if origin is None:
        return False
    return urlsplit(origin).netloc.lower() == request.host.lower()


def web_url(host: str, port: int) -> str:
    """The address a player opens (``HOST`` stands for an any-address listen)."""
    shown = "HOST" if host in ("0.0.0.0", "::", "") else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def hub_web_door(host: str, port: int) -> Callable[[TokenIssuer, str, FrontDoor], Awaitable[WebDoor]]:
    """For ``meeple serve --web PORT``: opens the web door into the hub once the SSH door
    listens, sharing its session limit, idle timeout and grace period."""
    async def open_door(issuer: TokenIssuer, hub_socket: str, ssh: FrontDoor) -> WebDoor:
        options = WebOptions(host=host, port=port, command=(sys.executable, "-m", "tui.session"),
                             max_sessions=ssh.options.max_sessions,
                             idle_timeout=ssh.options.idle_timeout, grace=ssh.options.grace,
                             also_counted=[ssh.sessions])
        door = WebDoor(hub_prepare(issuer, hub_socket), options)
        try:
            await door.start()
        except WebError as exc:
            raise ServeError(f"the web door: {exc}") from None
        ssh.also_counted.append(door.sessions)
        return door

    return open_door
