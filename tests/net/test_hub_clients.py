"""One client never slows the others: a frozen client's replies wait in its own queue, a
client that floods without reading is dropped, and every other client is still served."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

from net.hub import Client, Hub
from tests.net import Conn, greet, run_hub
from tests.net.test_hub_protocol import COUNCIL, council_pair


def hub_side(hub: Hub, key: str) -> Client:
    """The hub's end of ``key``'s connection."""
    return next(c for c in hub.clients if c.key == key)


def test_a_frozen_spectator_does_not_hold_up_the_players(tmp_path: Path) -> None:
    async def scenario(hub: Hub, path: Path) -> None:
        ann, bob, table_id = await council_pair(hub, path)
        # A plain socket, never read (an asyncio reader would buffer on the test's side).
        frozen = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        frozen.connect(str(path))
        token = hub.issue_token("SHA256:ice")
        frozen.sendall(f'{{"type": "hello", "token": "{token}"}}\n{{"type": "watch", "table": "{table_id}"}}\n'.encode())
        for _ in range(2000):  # until the hub has read the frozen client's lines
            if any(c.key == "SHA256:ice" and c.showing == table_id for c in hub.clients):
                break
            await asyncio.sleep(0.005)
        ice = hub_side(hub, "SHA256:ice")
        conns = {0: ann, 1: bob}
        blocked_at = None
        for move in range(150):
            table = hub.tables[table_id].table
            assert table is not None
            if table.is_over():
                break
            seat = table.to_act()[0]
            action = COUNCIL.encode_action(table.legal_actions(seat)[-1])
            reply = await conns[seat].request({"type": "act", "table": table_id, "action": action})
            assert reply["type"] == "table" and len(conns[seat].logs[table_id]) == move + 1
            if blocked_at is None and ice.writer.transport.get_write_buffer_size() > 0:
                blocked_at = move  # the frozen client's socket is full: the hub waits on it...
            if blocked_at is not None and move >= blocked_at + 10:
                break  # ...and ten more moves were answered all the same
        assert blocked_at is not None, "the frozen client's socket never filled"
        assert ice in hub.clients and len(ice.out) <= 2  # coalesced: at most a table and a lobby
        frozen.close()

    run_hub(tmp_path, scenario, bot_delay=0)


def test_a_client_that_floods_without_reading_is_dropped(tmp_path: Path) -> None:
    async def scenario(hub: Hub, path: Path) -> None:
        ann = await greet(hub, path, "SHA256:ann", "Ann")
        flood = await Conn.open(path)
        await flood.send({"type": "hello", "token": hub.issue_token("SHA256:fld")})
        try:
            for _ in range(40):
                await flood.send_raw(b"x\n" * 2000)  # each line earns an error never read
        except (ConnectionError, OSError):
            pass  # dropped while still sending
        assert await flood.closed()
        reply = await ann.request({"type": "lobby"})
        assert reply["type"] == "lobby"
        assert not any(c.key == "SHA256:fld" for c in hub.clients)

    run_hub(tmp_path, scenario, bot_delay=0)


def test_people_coming_and_going_who_sit_nowhere_resend_no_one_the_lobby(tmp_path: Path) -> None:
    async def scenario(hub: Hub, path: Path) -> None:
        ann = await greet(hub, path, "SHA256:ann", "Ann")
        first = await ann.request({"type": "lobby"})
        assert first["type"] == "lobby"
        for key in ("SHA256:bob", "SHA256:cat"):
            other = await greet(hub, path, key, key[-3:].title())
            await other.request({"type": "lobby"})
            other.close()
        # Something that does change the lobby, then a request: Ann got exactly those two.
        await ann.request({"type": "chat", "table": "", "text": "hi"})
        seen = len(ann.seen)
        reply = await ann.request({"type": "lobby"})
        unsolicited = [m for m in ann.seen[1:seen] if m["type"] == "lobby" and "ref" not in m]
        assert unsolicited == [], unsolicited
        assert reply["chat"][-1]["text"] == "hi"

    run_hub(tmp_path, scenario)
