"""End to end over SSH: the real hub, the real session app, two players and a spectator.

``meeple serve``'s pieces run in the test's event loop (the hub on a Unix socket, the front
door on a loopback port, session processes forked from the zygote); each person is an
asyncssh client with a pty whose output feeds a ``pyte`` screen.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path
from typing import Any, AsyncIterator

import asyncssh
import pytest

from core.council.helpers import player_info
from net import server
from net.hostkey import fingerprint, load_host_key
from net.hub import Hub
from net.spawn import start_spawner
from tests.net.test_ssh_server import WAIT, Terminal, open_terminal
from tui.games.council_render import COLOUR_LETTER
from tui.session import PRELOAD, TARGET

ROOT = Path(__file__).resolve().parents[2]
COLUMNS, ROWS = 120, 40


async def hub_request(socket_path: str, token: str, *messages: dict[str, Any]) -> list[dict[str, Any]]:
    """Send ``hello`` and ``messages`` to the hub as one client; its answers (each message's
    are read until the hub has been quiet a moment)."""
    reader, writer = await asyncio.open_unix_connection(socket_path)
    answers: list[dict[str, Any]] = []
    for message in ({"type": "hello", "token": token}, *messages):
        writer.write(json.dumps(message).encode() + b"\n")
        await writer.drain()
        while True:
            try:
                line = await asyncio.wait_for(reader.readline(), 0.3)
            except asyncio.TimeoutError:
                break
            answers.append(json.loads(line))
    writer.close()
    return answers


async def open_council_table(hub: Hub, socket_path: str, person: Person) -> None:
    """``person`` names themselves and creates a two-seat Council table with a free seat,
    through the hub's protocol (no errors)."""
    answers = await hub_request(
        socket_path, hub.issue_token(fingerprint(person.key)),
        {"type": "set_name", "name": person.name},
        {"type": "create", "game": "council", "options": {},
         "seats": [{"kind": "me"}, {"kind": "open"}], "password": ""})
    assert not [a for a in answers if a["type"] == "error"], answers


async def wait_gone(terminal: Terminal, needle: str, timeout: float = WAIT) -> None:
    """Wait until the screen no longer shows ``needle``."""
    async def poll() -> None:
        while needle in terminal.text():
            terminal.changed.clear()
            await terminal.changed.wait()

    try:
        await asyncio.wait_for(poll(), timeout)
    except asyncio.TimeoutError:
        raise AssertionError(f"{needle!r} still shows:\n{terminal.text()}") from None


class Person:
    """One player (or spectator): a key, a connection, a terminal."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.key = asyncssh.generate_private_key("ssh-ed25519")
        self.conn: asyncssh.SSHClientConnection | None = None
        self.terminal: Terminal | None = None

    async def connect(self, front: server.FrontDoor) -> Terminal:
        self.conn = await asyncssh.connect(
            "127.0.0.1", front.port, username=self.name.lower(), client_keys=[self.key],
            known_hosts=None, agent_path=None, config=None)
        self.terminal = await open_terminal(self.conn, COLUMNS, ROWS)
        return self.terminal

    async def leave(self) -> None:
        assert self.conn is not None
        self.conn.close()
        await self.conn.wait_closed()


def hand_line(state: Any, seat: int) -> str:
    """The hand line a seat's own screen draws ("Hand: B2 K V3  (6)")."""
    info = player_info(state, seat)
    assert info.hand is not None
    cards = " ".join(COLOUR_LETTER[name] + (str(count) if count > 1 else "")
                     for name, count in info.hand.items())
    return f"Hand: {cards}  ({info.hand_size})"


async def until(check: Any, timeout: float = WAIT) -> None:
    """Wait until ``check()`` is true (the hub runs in this loop: give it turns)."""
    async def poll() -> None:
        while not check():
            await asyncio.sleep(0.02)

    await asyncio.wait_for(poll(), timeout)


async def play_first_move(terminal: Terminal, letter: str, name: str, table: Any) -> None:
    """The person to act plays the first move of the list: ``m`` then Enter."""
    await terminal.wait_for(f"{letter} {name}: ")  # the status line asks them
    before = len(table.log)
    terminal.type("m")
    await wait_gone(terminal, "⏎ Choose")  # the keys are in the move list
    terminal.type("\r")
    await until(lambda: len(table.log) > before)
    await terminal.wait_for("⏎ Choose")  # back on the board


@contextlib.asynccontextmanager
async def ssh_host(tmp_path: Path) -> AsyncIterator[tuple[Hub, str, server.FrontDoor]]:
    """A hub on a socket under ``tmp_path``, the session zygote and an SSH front door on a
    free port, as ``meeple serve`` runs them: (hub, its socket, the door); closed after."""
    hub = Hub(tmp_path / "hub", bot_delay=0.0)
    await hub.start()
    socket_path = str(tmp_path / "s" / "hub.sock")
    await hub.serve(Path(socket_path))
    spawner = await start_spawner(TARGET, PRELOAD)
    key, _, _ = load_host_key()
    front = server.FrontDoor(key, hub, spawner, server.ServerOptions(
        port=0, hub_socket=socket_path, grace=1.0))
    await front.start()
    try:
        yield hub, socket_path, front
    finally:
        await front.close()
        await hub.close()
        await spawner.close()


def test_two_players_and_a_spectator_play_council_over_ssh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ada's table (made through the hub), Bea joins from the lobby, Cleo watches; they play,
    each sees only their own hand; Bea drops and comes back to her seat."""
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    monkeypatch.setenv("PYTHONPATH", str(ROOT))

    async def main() -> None:
        async with ssh_host(tmp_path) as (hub, socket_path, front):
            ada, bea, cleo = Person("Ada"), Person("Bea"), Person("Cleo")
            await open_council_table(hub, socket_path, ada)
            b = await bea.connect(front)
            await b.wait_for("Your name at the tables")
            b.type("Bea\r")
            await wait_gone(b, "Your name at the tables")
            await b.wait_for("t1 Council of Four")
            b.type("\r")  # join the highlighted table: the game starts
            await b.wait_for("B Bea (you)")
            a = await ada.connect(front)
            await a.wait_for("A Ada (you)")  # her table is opened for her
            c = await cleo.connect(front)
            await c.wait_for("Your name at the tables")
            c.type("Cleo\r")
            await wait_gone(c, "Your name at the tables")
            await c.wait_for("t1 Council of Four")
            c.type("w")
            await c.wait_for("B Bea")  # (the scoreboard of the game)
            nt = hub.tables["t1"]
            terminals = {0: (a, "A", "Ada"), 1: (b, "B", "Bea")}
            played = [0, 0]
            while min(played) < 3:  # at least three moves each
                seat = nt.table.to_act()[0]
                await play_first_move(*terminals[seat], nt.table)
                played[seat] += 1
                # The hub has told everyone: each screen shows its own hand, never another's.
                ada_hand, bea_hand = hand_line(nt.table.state, 0), hand_line(nt.table.state, 1)
                await a.wait_for(ada_hand)
                await b.wait_for(bea_hand)
                if ada_hand != bea_hand:  # (the hub's seed is random: they could be alike)
                    assert bea_hand not in a.text() and ada_hand not in b.text()
                letter, name = terminals[nt.table.to_act()[0]][1:]
                await c.wait_for(f"▶{letter} {name}")  # Cleo follows the game
                assert "Hand:" not in c.text()
            # Bea drops; her seat waits for her, and the same key brings her back to it.
            await bea.leave()
            await until(lambda: len(front.sessions) == 2)  # her app has ended
            b = await bea.connect(front)
            await b.wait_for("B Bea (you)")
            await b.wait_for(hand_line(nt.table.state, 1))
            terminals[1] = (b, "B", "Bea")
            seat = nt.table.to_act()[0]
            await play_first_move(*terminals[seat], nt.table)
            assert "Hand:" not in c.text()

    asyncio.run(main())
