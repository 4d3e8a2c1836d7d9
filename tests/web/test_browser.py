"""``meeple web`` in a real headless Chromium: the page, the menu, a Council board.

The door runs in this process on a port the system picks (loopback); each step's
screenshot is kept in ``test-artefacts/web/`` (git-ignored). Skipped, with the reason,
only when Chromium is not installed (``.ci/run`` installs it).
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from net.web import COOKIE, WebDoor, WebOptions, local_prepare
from tests.web import cdp

pytestmark = [
    pytest.mark.xdist_group("browser"),
    pytest.mark.skipif(not cdp.available(), reason=f"chromium is not installed ({cdp.CHROMIUM}): "
                                                  "apt-get install chromium"),
]


async def open_menu(tab: cdp.Tab, url: str) -> None:
    """Load the page and wait for the menu; give the terminal the keyboard."""
    await tab.open(url)
    await tab.wait_for("Resume last game")
    await tab.focus()


def test_menu_then_a_council_board_in_the_browser(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The page shows the menu; New game, Council of Four, Start: the Council board; what
    the app keeps lands in this browser's own folder."""
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    data = tmp_path / "web"

    async def main() -> None:
        door = WebDoor(local_prepare(data), WebOptions(port=0, command=(sys.executable, "-m", "tui.cli"),
                                                      grace=1.0))
        await door.start()
        browser = cdp.Browser(1100, 700)
        try:
            await browser.start()
            tab = await browser.new_tab()
            await open_menu(tab, f"http://127.0.0.1:{door.port}/")
            await tab.screenshot("local-1-menu")
            cookie = await tab.evaluate("document.cookie")
            assert COOKIE not in cookie  # HttpOnly: the page's scripts cannot read it
            await tab.press("n")
            await tab.wait_for("Start game")
            await tab.press("enter")  # the game list opens
            await tab.wait_for("Settlement (Osada)")
            await tab.press("down", "enter")
            await tab.wait_for("Map layout")  # Council's own option
            await tab.screenshot("local-2-new-game")
            await tab.press("ctrl+n")
            text = await tab.wait_for("Hand:")
            assert "Council" in text or "balcon" in text.lower()
            await tab.screenshot("local-3-council-board")
            folders = [p for p in data.iterdir() if p.is_dir()]
            assert len(folders) == 1  # one browser, one folder named by its cookie
            # The new-game form's choices are remembered in this browser's own settings.
            assert "council" in (folders[0] / "config" / "meeple" / "settings.toml").read_text()
        finally:
            await browser.close()
            await door.close()

    asyncio.run(main())
