"""A headless Chromium driven through the DevTools protocol (aiohttp's websocket client).

:class:`Browser` starts ``chromium --headless`` on a private profile with a DevTools port
the system picks, and opens :class:`Tab` s; a tab loads a page, types keys
(``Input.dispatchKeyEvent``), takes screenshots (``Page.captureScreenshot``) and reads the
text of the terminal from xterm.js's own buffer. textual-serve's bundle keeps its
``Terminal`` out of reach, so :data:`FIND_TERMINAL` runs before the page's scripts and
catches it when an xterm add-on is given it (``addon._terminal = terminal``).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium"
WAIT = 30.0
"""Seconds a test waits for something the page should show (only a broken page takes it)."""
ARTEFACTS = Path(__file__).resolve().parents[2] / "test-artefacts" / "web"
"""Where the screenshots of each step go (git-ignored)."""

FIND_TERMINAL = """
Object.defineProperty(Object.prototype, "_terminal", {
  configurable: true,
  get() { return undefined; },
  set(value) {
    Object.defineProperty(this, "_terminal", {value, writable: true, configurable: true});
    if (value && value.buffer && value.buffer.active && !window.__meepleTerminal) {
      window.__meepleTerminal = value;
    }
  },
});
"""

SCREEN_TEXT = """(() => {
  const t = window.__meepleTerminal;
  if (!t) return "";
  const b = t.buffer.active, rows = [];
  for (let i = 0; i < t.rows; i++) {
    const line = b.getLine(b.viewportY + i);
    rows.push(line ? line.translateToString(true) : "");
  }
  return rows.join("\\n");
})()"""

KEYS: dict[str, tuple[str, str, int, str]] = {
    # name: (key, code, virtual key code, text)
    "enter": ("Enter", "Enter", 13, "\r"),
    "escape": ("Escape", "Escape", 27, ""),
    "tab": ("Tab", "Tab", 9, ""),
    "up": ("ArrowUp", "ArrowUp", 38, ""),
    "down": ("ArrowDown", "ArrowDown", 40, ""),
    "left": ("ArrowLeft", "ArrowLeft", 37, ""),
    "right": ("ArrowRight", "ArrowRight", 39, ""),
    "backspace": ("Backspace", "Backspace", 8, ""),
}


def available() -> bool:
    """True if a Chromium can be started here."""
    return os.access(CHROMIUM, os.X_OK)


class Browser:
    """One headless Chromium process and its DevTools connection."""

    def __init__(self, width: int = 1280, height: int = 800) -> None:
        self.width, self.height = width, height
        self.profile = Path(tempfile.mkdtemp(prefix="meeple-chromium-"))
        self.process: subprocess.Popen[bytes] | None = None
        self.http: aiohttp.ClientSession | None = None
        self.base = ""

    async def start(self) -> None:
        """Start Chromium and wait until its DevTools port is known."""
        self.process = subprocess.Popen(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--use-gl=swiftshader",
             "--enable-unsafe-swiftshader", "--no-first-run", "--no-default-browser-check",
             "--disable-extensions", "--disable-background-networking", "--disable-sync",
             "--disable-dev-shm-usage", "--mute-audio", "--remote-debugging-address=127.0.0.1",
             "--remote-debugging-port=0", f"--user-data-dir={self.profile}",
             f"--window-size={self.width},{self.height}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        port_file = self.profile / "DevToolsActivePort"
        deadline = time.monotonic() + WAIT
        while not port_file.exists() or not port_file.read_text().strip():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("chromium did not start")
            await asyncio.sleep(0.05)
        port = int(port_file.read_text().split()[0])
        self.base = f"http://127.0.0.1:{port}"
        self.http = aiohttp.ClientSession()

    async def new_tab(self) -> Tab:
        """A new blank tab, connected."""
        assert self.http is not None
        async with self.http.put(f"{self.base}/json/new?about:blank") as response:
            info = await response.json()
        tab = Tab(self, info["id"])
        await tab.connect(info["webSocketDebuggerUrl"])
        return tab

    async def close(self) -> None:
        """Close the DevTools connection and end Chromium."""
        if self.http is not None:
            await self.http.close()
        if self.process is not None and self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            try:
                await asyncio.to_thread(self.process.wait, 10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


class Tab:
    """One page: commands, keys, screenshots and the terminal's text."""

    def __init__(self, browser: Browser, target_id: str) -> None:
        self.browser = browser
        self.target_id = target_id
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._events: dict[str, list[asyncio.Future[dict[str, Any]]]] = {}
        self._reader: asyncio.Task[None] | None = None

    async def connect(self, url: str) -> None:
        """Connect to the tab's DevTools websocket; enable what the tests use."""
        assert self.browser.http is not None
        self.ws = await self.browser.http.ws_connect(url, max_msg_size=0)
        self._reader = asyncio.ensure_future(self._read())
        await self.send("Page.enable")
        await self.send("Runtime.enable")
        await self.send("Emulation.setFocusEmulationEnabled", enabled=True)
        await self.send("Page.addScriptToEvaluateOnNewDocument", source=FIND_TERMINAL)

    async def _read(self) -> None:
        assert self.ws is not None
        async for message in self.ws:
            data = json.loads(message.data)
            if "id" in data:
                future = self._waiting.pop(data["id"], None)
                if future is not None and not future.done():
                    if "error" in data:
                        future.set_exception(RuntimeError(str(data["error"])))
                    else:
                        future.set_result(data.get("result", {}))
            else:
                for future in self._events.pop(data.get("method", ""), []):
                    if not future.done():
                        future.set_result(data.get("params", {}))

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        """Run one DevTools command; its result."""
        assert self.ws is not None
        number = next(self._ids)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[number] = future
        await self.ws.send_json({"id": number, "method": method, "params": params})
        return await asyncio.wait_for(future, WAIT)

    def event(self, method: str) -> asyncio.Future[dict[str, Any]]:
        """A future for the next event ``method``."""
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._events.setdefault(method, []).append(future)
        return future

    async def open(self, url: str) -> None:
        """Load ``url`` and wait for its load event."""
        loaded = self.event("Page.loadEventFired")
        await self.send("Page.navigate", url=url)
        await asyncio.wait_for(loaded, WAIT)

    async def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page."""
        result = await self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        return result.get("result", {}).get("value")

    async def text(self) -> str:
        """The terminal's text, row by row (trailing spaces dropped)."""
        return str(await self.evaluate(SCREEN_TEXT) or "")

    async def wait_for(self, needle: str, timeout: float = WAIT) -> str:
        """The terminal's text once it shows ``needle`` (fails after ``timeout``)."""
        deadline = time.monotonic() + timeout
        while True:
            text = await self.text()
            if needle in text:
                return text
            if time.monotonic() > deadline:
                raise AssertionError(f"{needle!r} not shown in the browser:\n{text}")
            await asyncio.sleep(0.03)

    async def wait_gone(self, needle: str, timeout: float = WAIT) -> str:
        """The terminal's text once it no longer shows ``needle``."""
        deadline = time.monotonic() + timeout
        while True:
            text = await self.text()
            if needle not in text:
                return text
            if time.monotonic() > deadline:
                raise AssertionError(f"{needle!r} still shown in the browser:\n{text}")
            await asyncio.sleep(0.03)

    async def focus(self) -> None:
        """Give the terminal the keyboard."""
        await self.send("Page.bringToFront")
        await self.evaluate("document.querySelector('.xterm-helper-textarea').focus()")

    async def press(self, *names: str) -> None:
        """Press keys: names of :data:`KEYS`, or single characters."""
        for name in names:
            modifiers = 0
            if name.startswith("ctrl+"):
                letter = name[5:]
                await self._key("rawKeyDown", letter, f"Key{letter.upper()}", ord(letter.upper()), "", 2)
                await self._key("keyUp", letter, f"Key{letter.upper()}", ord(letter.upper()), "", 2)
                continue
            if name in KEYS:
                key, code, vk, text = KEYS[name]
            else:
                key, code, vk, text = name, f"Key{name.upper()}" if name.isalpha() else "", ord(name.upper()), name
            await self._key("keyDown" if text else "rawKeyDown", key, code, vk, text, modifiers)
            await self._key("keyUp", key, code, vk, "", modifiers)

    async def _key(self, kind: str, key: str, code: str, vk: int, text: str, modifiers: int) -> None:
        event: dict[str, Any] = {"type": kind, "key": key, "code": code,
                                 "windowsVirtualKeyCode": vk, "modifiers": modifiers}
        if text:
            event["text"] = text
        await self.send("Input.dispatchKeyEvent", **event)

    async def type(self, text: str) -> None:
        """Type ``text`` one character at a time."""
        await self.press(*text)

    async def screenshot(self, name: str) -> Path:
        """Save a PNG of the page as ``ARTEFACTS/<name>.png``; its path."""
        ARTEFACTS.mkdir(parents=True, exist_ok=True)
        result = await self.send("Page.captureScreenshot", format="png")
        path = ARTEFACTS / f"{name}.png"
        path.write_bytes(base64.b64decode(result["data"]))
        return path

    async def close(self) -> None:
        """Close the tab (its websockets close as when a player closes it)."""
        assert self.browser.http is not None
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            self._reader.cancel()
        async with self.browser.http.get(f"{self.browser.base}/json/close/{self.target_id}") as response:
            await response.read()
