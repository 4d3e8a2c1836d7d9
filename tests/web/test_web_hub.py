"""A browser player and an SSH player at one Council table of the same hub.

``meeple serve --web``'s pieces in this process, on loopback ports the system picks: the
hub, the SSH door (asyncssh, sessions forked from the zygote) and the web door (its
sessions run ``python -m tui.session``). Ada plays over SSH (read with pyte), Bea in a
headless Chromium; each sees only their own hand; Bea closes her tab, her seat waits, and
opening the page again brings her back to it. Screenshots of Bea's steps go to
``test-artefacts/web/``.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from net.web import WebDoor, hub_web_door, person_of
from tests.net.test_ssh_play import ROOT, Person, hand_line, open_council_table, play_first_move, ssh_host, until
from tests.web import cdp

pytestmark = [
    pytest.mark.xdist_group("browser"),
    pytest.mark.skipif(not cdp.available(), reason=f"chromium is not installed ({cdp.CHROMIUM}): "
                                                  "apt-get install chromium"),
]


async def browser_move(tab: cdp.Tab, letter: str, name: str, table: Any) -> None:
    """Bea, to act, plays the first move of the list: ``m`` then Enter."""
    await tab.wait_for(f"{letter} {name}: ")
    before = len(table.log)
    await tab.press("m")
    await tab.wait_gone("⏎ Choose")
    await tab.press("enter")
    await until(lambda: len(table.log) > before)
    await tab.wait_for("⏎ Choose")


def test_browser_and_ssh_players_share_a_council_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ada (SSH) makes a table, Bea (browser) names herself and joins; they play, each sees
    only their own hand; Bea closes the tab and comes back to her seat."""
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    monkeypatch.setenv("PYTHONPATH", str(ROOT))

    async def main() -> None:
        async with ssh_host(tmp_path) as (hub, socket_path, front):
            web: WebDoor = await hub_web_door("127.0.0.1", 0)(hub, socket_path, front)
            browser = cdp.Browser(1100, 700)
            ada = Person("Ada")
            try:
                await browser.start()
                await open_council_table(hub, socket_path, ada)
                url = f"http://127.0.0.1:{web.port}/"
                tab = await browser.new_tab()
                await tab.open(url)
                await tab.wait_for("Your name at the tables")
                await tab.focus()
                await tab.screenshot("hub-1-name")
                await tab.type("Bea")
                await tab.press("enter")
                await tab.wait_gone("Your name at the tables")
                await tab.wait_for("t1 Council of Four")
                await tab.screenshot("hub-2-lobby")
                await tab.press("enter")  # join the highlighted table: the game starts
                await tab.wait_for("B Bea (you)")
                bea_person = next(k for k, name in hub.people.items() if name == "Bea")
                assert bea_person.startswith("web:") and len(bea_person) == 4 + 64
                a = await ada.connect(front)
                await a.wait_for("A Ada (you)")
                assert len(front.sessions) + len(web.sessions) == 2
                nt = hub.tables["t1"]
                played = [0, 0]
                while min(played) < 2:  # two moves each
                    seat = nt.table.to_act()[0]
                    if seat == 0:
                        await play_first_move(a, "A", "Ada", nt.table)
                    else:
                        await browser_move(tab, "B", "Bea", nt.table)
                    played[seat] += 1
                    ada_hand, bea_hand = hand_line(nt.table.state, 0), hand_line(nt.table.state, 1)
                    await a.wait_for(ada_hand)
                    bea_text = await tab.wait_for(bea_hand)
                    if ada_hand != bea_hand:  # (the hub's seed is random: they could be alike)
                        assert bea_hand not in a.text() and ada_hand not in bea_text
                await tab.screenshot("hub-3-playing")
                # Bea closes her tab: a disconnected seat, as a dropped SSH session.
                await tab.close()
                await until(lambda: not web.sessions)
                await until(lambda: not hub._presence(bea_person)[0])
                tab = await browser.new_tab()
                await tab.open(url)
                await tab.wait_for("B Bea (you)")  # the same cookie: the same person, her seat
                await tab.wait_for(hand_line(nt.table.state, 1))
                await tab.focus()
                await tab.screenshot("hub-4-back")
                seat = nt.table.to_act()[0]
                if seat == 0:
                    await play_first_move(a, "A", "Ada", nt.table)
                else:
                    await browser_move(tab, "B", "Bea", nt.table)
            finally:
                await browser.close()
                await web.close()

    asyncio.run(main())
