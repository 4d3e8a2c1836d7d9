"""The web door without a browser: its cookie, who may open a session, its limits, and the
``meeple web`` / ``meeple serve --web`` command lines (one line and exit 2 when bad).

aiohttp's client stands in for the browser (loopback, a port the system picks); the app
behind the door is a tiny script that prints textual-serve's ready line and waits, so
these tests need neither Chromium nor Textual's start-up.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from yarl import URL

from net.web import (COOKIE, WebDoor, WebOptions, hub_prepare, is_browser_id, local_prepare,
                     new_browser_id, person_of)
from tests.cli.helpers import assert_one_line_error, assert_usage_error, run_cli

ROOT = Path(__file__).resolve().parents[2]
APP = (sys.executable, "-c", "import sys, time; print('__GANGLION__', flush=True); time.sleep(60)")
"""Stands in for the app: says it is ready, then waits to be ended."""


class Issuer:
    """A hub's token desk, remembering what it was asked."""

    def __init__(self) -> None:
        self.issued: list[str] = []
        self.revoked: list[str] = []

    def issue_token(self, key_fingerprint: str) -> str:
        self.issued.append(key_fingerprint)
        return f"token-{len(self.issued)}"

    def revoke_token(self, token: str) -> None:
        self.revoked.append(token)


def test_a_browser_id_and_the_person_it_makes() -> None:
    ids = {new_browser_id() for _ in range(50)}
    assert len(ids) == 50 and all(is_browser_id(i) for i in ids)
    assert not is_browser_id(None) and not is_browser_id("../../etc") and not is_browser_id("a" * 31)
    one = next(iter(ids))
    assert person_of(one) == person_of(one) and person_of(one).startswith("web:")
    assert one not in person_of(one)  # the hub never sees the cookie itself
    assert len({person_of(i) for i in ids}) == 50


def test_each_browser_gets_its_own_folders(tmp_path: Path) -> None:
    prepare = local_prepare(tmp_path / "web")
    a, _ = prepare("A" * 32)
    b, _ = prepare("B" * 32)
    for kind in ("DATA", "CONFIG", "CACHE", "STATE"):
        assert a[f"XDG_{kind}_HOME"].startswith(str(tmp_path / "web" / ("A" * 32)))
        assert b[f"XDG_{kind}_HOME"].startswith(str(tmp_path / "web" / ("B" * 32)))


def test_a_hub_session_gets_a_token_for_the_browser_s_person_revoked_at_the_end() -> None:
    issuer = Issuer()
    env, cleanup = hub_prepare(issuer, "/run/hub.sock")("C" * 32)
    assert issuer.issued == [person_of("C" * 32)]
    assert env["MEEPLE_TOKEN"] == "token-1" and env["MEEPLE_HUB"] == "/run/hub.sock"
    cleanup()
    assert issuer.revoked == ["token-1"]


async def _with_door(options: WebOptions, check: Any, prepare: Any = None) -> Any:
    door = WebDoor(prepare or local_prepare(Path(os.environ["XDG_DATA_HOME"]) / "web"), options)
    await door.start()
    try:
        # (unsafe: the jar keeps cookies of an IP address, as a browser does)
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
            return await check(door, http, f"http://127.0.0.1:{door.port}")
    finally:
        await door.close()


def test_the_page_sets_a_private_cookie_and_keeps_it(tmp_path: Path) -> None:
    async def check(door: WebDoor, http: aiohttp.ClientSession, base: str) -> None:
        async with http.get(base + "/") as response:
            assert response.status == 200
            header = response.headers["Set-Cookie"]
            page = await response.text()
        assert "HttpOnly" in header and "SameSite=Strict" in header and "Secure" not in header
        assert "googleapis" not in page and f"ws://127.0.0.1:{door.port}/ws" in page
        first = http.cookie_jar.filter_cookies(URL(base))[COOKIE].value
        assert is_browser_id(first)
        async with http.get(base + "/") as response:  # a reload keeps the same id
            assert COOKIE in response.headers["Set-Cookie"]
        assert http.cookie_jar.filter_cookies(URL(base))[COOKIE].value == first
        async with http.get(base + "/", headers={"X-Forwarded-Proto": "https"}) as response:
            assert "Secure" in response.headers["Set-Cookie"]  # behind a TLS proxy
            assert "wss://" in await response.text()

    asyncio.run(_with_door(WebOptions(port=0, command=APP), check))


def test_a_session_needs_the_cookie_and_the_page_s_own_origin() -> None:
    async def check(door: WebDoor, http: aiohttp.ClientSession, base: str) -> None:
        origin = {"Origin": base}
        with pytest.raises(aiohttp.WSServerHandshakeError) as no_cookie:
            await http.ws_connect(base + "/ws", headers=origin)
        assert no_cookie.value.status == 403
        async with http.get(base + "/"):
            pass
        for other in ({"Origin": "http://evil.example"}, {"Origin": "http://127.0.0.1:1"}, {}):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(base + "/ws", headers=other)
            assert refused.value.status == 403
        ws = await http.ws_connect(base + "/ws", headers=origin)
        await _until(lambda: len(door.sessions) == 1)
        await ws.close()
        await _until(lambda: not door.sessions)

    asyncio.run(_with_door(WebOptions(port=0, command=APP, grace=0.5), check))


async def _until(condition: Any, timeout: float = 20.0) -> None:
    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.02)

    await asyncio.wait_for(poll(), timeout)


async def _said(ws: aiohttp.ClientWebSocketResponse) -> str:
    """Everything the door writes to the terminal until it closes the socket."""
    text = b""
    async for message in ws:
        if message.type == aiohttp.WSMsgType.BINARY:
            text += message.data
    return text.decode()


def test_sessions_are_counted_with_the_ssh_ones_and_closed_when_idle() -> None:
    ssh_sessions: set[object] = {object()}  # one SSH session already runs
    issuer = Issuer()

    async def check(door: WebDoor, http: aiohttp.ClientSession, base: str) -> None:
        origin = {"Origin": base}
        async with http.get(base + "/"):
            pass
        first = await http.ws_connect(base + "/ws", headers=origin)
        await _until(lambda: len(door.sessions) == 1)
        full = await http.ws_connect(base + "/ws", headers=origin)
        assert "The Meeple server is full" in await _said(full)
        # The first one types nothing: after the idle timeout it is told and closed, and
        # its token revoked (its seat is then a disconnected one).
        assert "No input for" in await _said(first)
        await _until(lambda: not door.sessions)
        assert issuer.revoked == ["token-1"]

    options = WebOptions(port=0, command=APP, max_sessions=2, idle_timeout=1.0, grace=0.5,
                         also_counted=[ssh_sessions])
    asyncio.run(_with_door(options, check, hub_prepare(issuer, "/run/hub.sock")))


@pytest.mark.parametrize("args, reason", [
    (["--port", "0"], "--port must be between 1 and 65535, not 0"),
    (["--port", "70000"], "--port must be between 1 and 65535, not 70000"),
    (["--host", " "], "--host must be an address or a host name"),
    (["--max-sessions", "0"], "--max-sessions must be between 1 and 1000, not 0"),
    (["--idle-timeout", "0"], "--idle-timeout must be more than 0"),
    (["--idle-timeout", "nan"], "--idle-timeout must be more than 0"),
])
def test_meeple_web_bad_arguments(capsys: pytest.CaptureFixture[str], args: list[str], reason: str) -> None:
    assert reason in assert_usage_error(*run_cli(["web", *args], capsys))


def test_meeple_web_on_an_address_it_cannot_use(capsys: pytest.CaptureFixture[str]) -> None:
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    try:
        reason = assert_one_line_error(*run_cli(["web", "--port", str(port)], capsys))
    finally:
        taken.close()
    assert reason == f"port {port} on 127.0.0.1 is in use (is another server running? try --port)"
    reason = assert_one_line_error(*run_cli(["web", "--host", "no-such-host.invalid"], capsys))
    assert reason.startswith("cannot listen on no-such-host.invalid port 8000")


@pytest.mark.parametrize("args, reason", [
    (["--web", "0"], "--web must be between 1 and 65535, not 0"),
    (["--web", "2222"], "--web must be another port than --port"),
])
def test_meeple_serve_bad_web_port(capsys: pytest.CaptureFixture[str], args: list[str], reason: str) -> None:
    assert reason in assert_usage_error(*run_cli(["serve", *args], capsys))


def test_meeple_web_warns_off_loopback_and_stops_quietly_on_ctrl_c(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "tui.cli", "web", "--host", "0.0.0.0", "--port", str(port)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            stdin=subprocess.DEVNULL)
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline() for _ in range(4)]
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    text = "".join(lines) + out
    assert f"Browser players open:  http://HOST:{port}/" in text
    assert f"Note: 0.0.0.0 is not a loopback address: anyone who can reach this machine on port {port}" in text
    assert "TLS proxy" in text
    assert proc.returncode == 0 and err == ""
