"""Meeple in a browser against the same app in a local pseudo-terminal: one run, two figures.

* **page load → menu drawn**: a headless Chromium opens ``meeple web``'s page (the door in
  this process, loopback, its own data folder) until xterm.js's buffer shows the menu;
  against ``python -m tui.cli`` in a 120x34 pseudo-terminal until the last byte of its
  first screen (:func:`bench.__main__.pty_first_screen`'s measure).
* **key → frame**: Down and Up in turn on the menu (each moves the highlight and redraws).
  In the browser, from the page's ``keydown`` to the first byte of the answer reaching the
  page's websocket (both on the page's clock: what the player's browser waits for); in the
  pseudo-terminal, from writing the key to the first byte back (``bench.pty_keys.press``).

The ratio is browser / pseudo-terminal, medians. Skipped, with the reason, without
Chromium (tests/web/cdp.py drives it). Not run by the test suite: ``make bench`` runs it.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

COLS, ROWS = 120, 34
MENU = "Resume last game"

FRAME_PROBE = """(() => {
  const Native = window.WebSocket;
  function Probe(url, protocols) {
    const ws = protocols === undefined ? new Native(url) : new Native(url, protocols);
    ws.addEventListener("message", (e) => {
      if (typeof e.data !== "string" && window.__keyAt && !window.__frameAt) {
        window.__frameAt = performance.now();
      }
    });
    return ws;
  }
  Probe.prototype = Native.prototype;
  Object.assign(Probe, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
  window.WebSocket = Probe;
  document.addEventListener("keydown", () => {
    window.__keyAt = performance.now();
    window.__frameAt = 0;
  }, true);
})();"""


async def browser_figures(presses: int, home: Path) -> tuple[float, list[float]]:
    """Seconds from navigation to the menu, and each key's milliseconds to its frame."""
    from net.web import WebDoor, WebOptions, local_prepare
    from tests.web import cdp

    door = WebDoor(local_prepare(home / "web"), WebOptions(port=0, command=(sys.executable, "-m", "tui.cli")))
    await door.start()
    browser = cdp.Browser(1100, 700)
    try:
        await browser.start()
        tab = await browser.new_tab()
        await tab.send("Page.addScriptToEvaluateOnNewDocument", source=FRAME_PROBE)
        start = time.perf_counter()
        await tab.send("Page.navigate", url=f"http://127.0.0.1:{door.port}/")
        while MENU not in await tab.text():
            await asyncio.sleep(0.005)
            if time.perf_counter() - start > cdp.WAIT:
                raise RuntimeError("the menu did not show in the browser")
        load = time.perf_counter() - start
        await tab.focus()
        await asyncio.sleep(0.5)
        latencies: list[float] = []
        for index in range(presses):
            await tab.press("down" if index % 2 == 0 else "up")
            deadline = time.perf_counter() + 2
            while not await tab.evaluate("window.__frameAt") and time.perf_counter() < deadline:
                await asyncio.sleep(0.005)
            frame = await tab.evaluate("window.__frameAt ? window.__frameAt - window.__keyAt : null")
            if frame is not None:
                latencies.append(float(frame))
            await asyncio.sleep(0.15)  # the rest of the answer, as bench.pty_keys waits
        return load, latencies
    finally:
        await browser.close()
        await door.close()


def pty_figures(presses: int, home: Path) -> tuple[float, list[float]]:
    """Seconds to the menu's first screen, and each key's milliseconds to its first byte."""
    from bench import pty_keys

    env = pty_keys.child_env(str(home))
    env.update(COLUMNS=str(COLS), LINES=str(ROWS))
    start = last = time.perf_counter()
    latencies: list[float] = []
    with pty_keys.PtyChild([sys.executable, "-m", "tui.cli"], COLS, ROWS, env) as child:
        size = 0
        while chunk := child.read(pty_keys.SETTLE_GAP if size else pty_keys.START_TIMEOUT):
            last, size = time.perf_counter(), size + len(chunk)
        load = last - start
        for index in range(presses):
            press = pty_keys.press(child, "down" if index % 2 == 0 else "up")
            if press.first is not None:
                latencies.append(press.first * 1000)
    return load, latencies


def run(quick: bool, row: Callable[[str, str], None]) -> None:
    """Print the figures (``row(name, value)``)."""
    from tests.web import cdp

    if not cdp.available():
        row("browser", f"skipped: chromium is not installed ({cdp.CHROMIUM})")
        return
    presses = 10 if quick else 40
    with tempfile.TemporaryDirectory(prefix="meeple-bench-web-") as folder:
        home = Path(folder)
        (home / "pty").mkdir()
        browser_load, browser_keys = asyncio.run(browser_figures(presses, home))
        pty_load, pty_keys = pty_figures(presses, home / "pty")
    row("page load → menu drawn, browser (s)", f"{browser_load:.3f}")
    row(f"menu drawn, local pty {COLS}x{ROWS} (s)", f"{pty_load:.3f}")
    row("  ratio browser / pty", f"{browser_load / pty_load:.2f}")
    if browser_keys and pty_keys:
        web_median, pty_median = statistics.median(browser_keys), statistics.median(pty_keys)
        row(f"key → frame, browser, median of {len(browser_keys)} (ms)", f"{web_median:.1f}")
        row(f"key → first byte, local pty, median of {len(pty_keys)} (ms)", f"{pty_median:.1f}")
        row("  ratio browser / pty", f"{web_median / pty_median:.2f}")
    else:
        row("key → frame", "no answers measured")


if __name__ == "__main__":
    run("--quick" in sys.argv, lambda name, value: print(f"  {name:<52} {value}"))
