"""Hints at network tables: the creator allows them or not, the lobby and the table say
so, and the hub answers a ``hint`` request only for the seat that must act."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

from net.hub import Hub
from tests.net import Conn, greet, run_hub, socket_path
from tests.net.test_hub_protocol import COUNCIL, council_pair

TWO = [{"kind": "me"}, {"kind": "open"}]


async def hints_pair(hub: Hub, path: Path) -> tuple[Conn, Conn, str]:
    """Ann creates a 2-seat Council table allowing hints (Ann first), Bob joins."""
    ann = await greet(hub, path, "SHA256:ann", "Ann")
    bob = await greet(hub, path, "SHA256:bob", "Bob")
    created = await ann.request({"type": "create", "game": "council", "options": {"first_player": "0"},
                                 "seats": TWO, "hints": True})
    assert created["type"] == "table" and created["hints"] is True, created
    table_id = created["id"]
    waiting = await ann.request({"type": "hint", "table": table_id})
    assert waiting["type"] == "error" and "not started" in waiting["message"]
    joined = await bob.request({"type": "join", "table": table_id, "seat": 1})
    assert joined["started"] is True and joined["hints"] is True
    return ann, bob, table_id


def refused(reply: dict[str, Any], message: str) -> None:
    """``reply`` is an error with exactly ``message`` (one line)."""
    assert reply["type"] == "error" and reply["message"] == message, reply
    assert "\n" not in reply["message"]


def test_a_table_allows_hints_only_when_its_creator_says_so(tmp_path: Path) -> None:
    async def scenario(hub: Hub, path: Path) -> None:
        ann, bob, table_id = await council_pair(hub, path)  # created without "hints"
        assert hub.tables[table_id].meta.hints is False
        opened = await ann.request({"type": "open", "table": table_id})
        assert opened["hints"] is False and opened["to_act"] == [0]
        refused(await ann.request({"type": "hint", "table": table_id}), "Hints are off at this table.")
        lobby = await bob.request({"type": "lobby"})
        assert [t["hints"] for t in lobby["tables"]] == [False]
        off = await ann.request({"type": "create", "game": "council", "seats": TWO, "hints": False})
        assert off["hints"] is False

    run_hub(tmp_path, scenario, bot_delay=0)


def test_the_seat_to_act_gets_a_hint_others_are_told_why_not(tmp_path: Path) -> None:
    async def scenario(hub: Hub, path: Path) -> None:
        ann, bob, table_id = await hints_pair(hub, path)
        table = hub.tables[table_id].table
        assert table is not None and table.to_act() == [0]
        state = table.state
        ok = await ann.request({"type": "hint", "table": table_id})
        assert ok == {"type": "hint_ok", "table": table_id, "ref": ok["ref"]}
        assert table.state is state and table.log == []  # nothing changes
        refused(await bob.request({"type": "hint", "table": table_id}), "It is not your turn.")
        cat = await greet(hub, path, "SHA256:cat", "Cat")
        lobby = await cat.request({"type": "lobby"})
        assert [(t["id"], t["hints"]) for t in lobby["tables"]] == [(table_id, True)]
        refused(await cat.request({"type": "hint", "table": table_id}), "Spectators get no hints.")
        watched = await cat.request({"type": "watch", "table": table_id})
        assert watched["hints"] is True and watched["you"] == -1
        refused(await cat.request({"type": "hint", "table": table_id}), "Spectators get no hints.")
        refused(await ann.request({"type": "hint", "table": "t9"}), "There is no table 't9'.")
        for bad in (None, 7, ["t1"], "x" * 40):
            reply = await ann.request({"type": "hint", "table": bad})
            assert reply["type"] == "error" and "\n" not in reply["message"], bad
        # Bob's turn: the hint is his now, not Ann's.
        while table.to_act() == [0]:
            action = COUNCIL.encode_action(table.legal_actions(0)[0])
            assert (await ann.request({"type": "act", "table": table_id, "action": action}))["type"] == "table"
        assert table.to_act() == [1]
        assert (await bob.request({"type": "hint", "table": table_id}))["type"] == "hint_ok"
        refused(await ann.request({"type": "hint", "table": table_id}), "It is not your turn.")
        # Over: no more hints for anyone.
        rng = random.Random(3)
        while not table.is_over():
            seat = table.to_act()[0]
            table.submit(seat, rng.choice(table.legal_actions(seat)))
        for conn in (ann, bob):
            refused(await conn.request({"type": "hint", "table": table_id}), "The game is over.")

    run_hub(tmp_path, scenario, bot_delay=0)


def test_hints_of_the_wrong_type_in_create_are_refused_and_nothing_changes(tmp_path: Path) -> None:
    async def scenario(hub: Hub, path: Path) -> None:
        ann = await greet(hub, path, "SHA256:ann", "Ann")
        for bad in ("yes", "true", 1, 0, None, [], {}, [True]):
            reply = await ann.request({"type": "create", "game": "council", "seats": TWO, "hints": bad})
            refused(reply, "hints must be true or false")
        assert hub.tables == {} and not (tmp_path / "tables").exists()
        created = await ann.request({"type": "create", "game": "council", "seats": TWO})
        assert created["id"] == "t1" and created["hints"] is False  # no id spent on the refusals

    run_hub(tmp_path, scenario, bot_delay=0)


def test_the_hints_choice_survives_a_hub_restart_and_an_old_save_means_off(tmp_path: Path) -> None:
    async def main() -> None:
        first = Hub(tmp_path, bot_delay=0)
        await first.start()
        path = socket_path(tmp_path)
        await first.serve(path)
        ann, bob, allowed = await hints_pair(first, path)
        waiting = (await ann.request({"type": "create", "game": "council", "seats": TWO, "hints": True}))["id"]
        plain = (await ann.request({"type": "create", "game": "council", "seats": TWO}))["id"]
        meta = json.loads((tmp_path / "tables" / f"{allowed}.json").read_text())
        assert meta["hints"] is True
        # A table saved before hints existed: no "hints" in its metadata.
        old = json.loads((tmp_path / "tables" / f"{waiting}.json").read_text())
        old["id"] = "t4"
        del old["hints"]
        (tmp_path / "tables" / "t4.json").write_text(json.dumps(old))
        # Killed (no close): the second hub reads what the first left.
        second = Hub(tmp_path, bot_delay=0)
        await second.start()
        assert {i: nt.meta.hints for i, nt in second.tables.items()} == {
            allowed: True, waiting: True, plain: False, "t4": False}
        path2 = socket_path(tmp_path / "second")
        await second.serve(path2)
        ann2 = await greet(second, path2, "SHA256:ann")
        lobby = await ann2.request({"type": "lobby"})
        assert {t["id"]: t["hints"] for t in lobby["tables"]} == {allowed: True, waiting: True, plain: False,
                                                                 "t4": False}
        opened = await ann2.request({"type": "open", "table": allowed})
        assert opened["hints"] is True
        assert (await ann2.request({"type": "hint", "table": allowed}))["type"] == "hint_ok"
        await second.close()
        await first.close()

    asyncio.run(main())
