"""Hostile clients on the hub's socket (issue 33, "Chaos"): a flood, garbage, half lines,
huge lines and wrong types from one connection never stop the others' play."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from net.hub import Hub
from net.hub_conn import Client
from tests.net import Conn, FakeClock, greet, run_hub
from tests.net.test_hub_protocol import COUNCIL, council_pair


async def one_move(hub: Hub, ann: Conn, bob: Conn, table_id: str) -> None:
    """The seat to act plays its first legal move; the reply is the table with it."""
    table = hub.tables[table_id].table
    assert table is not None
    seat = table.to_act()[0]
    before = len(table.log)
    action = COUNCIL.encode_action(table.legal_actions(seat)[0])
    reply = await (ann, bob)[seat].request({"type": "act", "table": table_id, "action": action})
    assert reply["type"] == "table", reply
    assert reply.get("log_from", 0) + len(reply["log"]) == before + 1, reply  # (only new entries)


def test_a_flood_is_told_to_slow_down_then_closed_and_the_others_play_on(tmp_path: Path) -> None:
    clock = FakeClock()  # never moves: only the burst's tokens are there

    async def scenario(hub: Hub, path: Path) -> None:
        ann, bob, table_id = await council_pair(hub, path)
        flood = await greet(hub, path, "SHA256:fld", "Fld")
        sent = Client.MESSAGE_BURST + Client.MAX_SLOWED + 50
        await flood.send_raw(b'{"type": "lobby"}\n' * int(sent))
        answers = []
        while True:
            line = await asyncio.wait_for(flood.reader.readline(), 20)
            if not line:
                break
            answers.append(json.loads(line))
        kinds = [a["type"] for a in answers]
        assert kinds[-1] == "bye" and "Too many messages" in answers[-1]["message"]
        slowed = [a for a in answers if a["type"] == "error"]
        assert len(slowed) == Client.MAX_SLOWED and all(a["message"] == "Slow down." for a in slowed)
        assert not any(c.key == "SHA256:fld" for c in hub.clients)
        await one_move(hub, ann, bob, table_id)

    run_hub(tmp_path, scenario, bot_delay=0, clock=clock)


def test_a_flood_that_gets_a_message_through_now_and_then_is_closed_too(tmp_path: Path) -> None:
    clock = FakeClock()

    async def scenario(hub: Hub, path: Path) -> None:
        flood = await greet(hub, path, "SHA256:fld", "Fld")
        answers: list[str] = []
        for ref in range(1, 2000):  # 50 a second: every other one or so gets through
            clock.now += 0.02
            await flood.send({"type": "lobby", "ref": ref})
            reply = await flood.until(lambda m: m.get("ref") == ref or m["type"] == "bye")
            answers.append(reply["type"])
            if reply["type"] == "bye":
                break
        assert answers[-1] == "bye" and "lobby" in answers[int(Client.MESSAGE_BURST):-1]
        assert await flood.closed()

    run_hub(tmp_path, scenario, bot_delay=0, clock=clock)


def test_a_sender_that_slows_down_in_time_is_not_closed(tmp_path: Path) -> None:
    clock = FakeClock()

    async def scenario(hub: Hub, path: Path) -> None:
        ann = await greet(hub, path, "SHA256:ann", "Ann")
        for _ in range(3):
            answers = [await ann.request({"type": "lobby"}) for _ in range(int(Client.MESSAGE_BURST) + 20)]
            assert answers[-1]["message"] == "Slow down."
            clock.now += 10  # it waits: its patience comes back, one refusal a second
        assert (await ann.request({"type": "lobby"}))["type"] == "lobby"

    run_hub(tmp_path, scenario, bot_delay=0, clock=clock)


def test_one_clients_buffered_lines_do_not_hold_the_loop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Client, "MAX_SLOWED", 10**9)
    lines = 10_000

    async def scenario(hub: Hub, path: Path) -> None:
        ann, bob, table_id = await council_pair(hub, path)
        flood = await greet(hub, path, "SHA256:fld", "Fld")
        start = hub.stats()["messages_in"]
        await flood.send_raw(b"x\n" * lines)  # every one of them answered: not a JSON line
        while hub.stats()["messages_in"] == start:
            await asyncio.sleep(0)
        await one_move(hub, ann, bob, table_id)
        # Ann's move was handled between the flood's lines, not after all of them.
        assert hub.stats()["messages_in"] - start < lines

    run_hub(tmp_path, scenario, bot_delay=0)


def test_a_connection_that_never_says_hello_is_closed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Hub, "HELLO_WITHIN", 0.2)

    async def scenario(hub: Hub, path: Path) -> None:
        silent = await Conn.open(path)
        await silent.send_raw(b'{"type": "hello", "tok')  # half a line, then silence
        answer = await silent.recv()
        assert answer["type"] == "error" and "No hello" in answer["message"]
        assert await silent.closed()
        ann = await greet(hub, path, "SHA256:ann", "Ann")
        assert (await ann.request({"type": "lobby"}))["type"] == "lobby"

    run_hub(tmp_path, scenario, bot_delay=0)


def test_half_a_line_after_hello_holds_nothing_and_may_be_finished(tmp_path: Path) -> None:
    async def scenario(hub: Hub, path: Path) -> None:
        ann, bob, table_id = await council_pair(hub, path)
        half = await greet(hub, path, "SHA256:hlf", "Hlf")
        await half.send_raw(b'{"type": "lobby", "ref": 7')
        for _ in range(3):
            await one_move(hub, ann, bob, table_id)
        await half.send_raw(b"}\n")
        lobby = await half.until(lambda m: m.get("ref") == 7)
        assert lobby["type"] == "lobby" and [t["id"] for t in lobby["tables"]] == [table_id]

    run_hub(tmp_path, scenario, bot_delay=0)


HOSTILE = [
    bytes(range(256)) * 4 + b"\n",  # garbage, newline inside and at the end
    b"[" * 60_000 + b"\n",  # nested too deep for the JSON parser
    b'{"type": "lobby", "ref": ' + b"9" * 10_000 + b"}\n",  # a number too long to convert
    b'{"type": "act", "table": ["t1"]}\n',
    b'{"type": "act", "table": "t1", "action": ' + b'{"a": [' * 400 + b"1" + b"]}" * 400 + b"}\n",
    b'{"type": "join", "table": "t1", "seat": 1e999}\n',
    b'{"type": "create", "game": "council", "seats": [{"kind": "bot", "level": ["easy"]}, {"kind": "me"}]}\n',
    b'{"type": "chat", "table": "", "text": 5}\n',
    b"\xff\xfe\n",
]


@pytest.mark.parametrize("payload", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_lines_are_refused_and_the_others_play_on(tmp_path: Path, payload: bytes) -> None:
    async def scenario(hub: Hub, path: Path) -> None:
        ann, bob, table_id = await council_pair(hub, path)
        bad = await greet(hub, path, "SHA256:bad", "Bad")
        await bad.send_raw(payload)
        answer = await bad.recv()
        assert answer["type"] == "error"
        await one_move(hub, ann, bob, table_id)
        assert (await bad.request({"type": "lobby"}))["type"] == "lobby"  # still connected

    run_hub(tmp_path, scenario, bot_delay=0)


def test_a_line_too_long_closes_only_its_connection(tmp_path: Path) -> None:
    async def scenario(hub: Hub, path: Path) -> None:
        ann, bob, table_id = await council_pair(hub, path)
        huge = await greet(hub, path, "SHA256:hug", "Hug")
        try:
            for _ in range(64):  # 4 MiB without a newline
                await huge.send_raw(b"x" * 65_536)
        except (ConnectionError, OSError):
            pass  # closed while still sending
        assert await huge.closed()
        await one_move(hub, ann, bob, table_id)

    run_hub(tmp_path, scenario, bot_delay=0)
