"""The hub's files: tables, seats and names survive a restart, even a killed hub's."""

from __future__ import annotations

import asyncio
import json
import logging
import os
from pathlib import Path

import pytest

from core.registry import get_game
from net.hub import Hub
from saves.atomic import TEMP_SUFFIX
from tests.net import FakeClock, greet, run_hub, socket_path
from tests.net.test_hub_protocol import COUNCIL, council_pair


async def play(hub: Hub, conns: dict[int, object], table_id: str, moves: int) -> None:
    """Play ``moves`` first-legal moves through the connections, seat by seat."""
    for _ in range(moves):
        table = hub.tables[table_id].table
        assert table is not None
        seat = table.to_act()[0]
        action = COUNCIL.encode_action(table.legal_actions(seat)[0])
        reply = await conns[seat].request({"type": "act", "table": table_id, "action": action})  # type: ignore[attr-defined]
        assert reply["type"] == "table", reply


def test_a_killed_hub_restarts_with_its_tables_seats_and_names(tmp_path: Path) -> None:
    async def main() -> None:
        first = Hub(tmp_path, bot_delay=0)
        await first.start()
        path = socket_path(tmp_path)
        await first.serve(path)
        ann, bob, running = await council_pair(first, path)
        await play(first, {0: ann, 1: bob}, running, 5)
        waiting = (await ann.request({"type": "create", "game": "council", "password": "pw",
                                      "seats": [{"kind": "open"}, {"kind": "me"}, {"kind": "open"}]}))["id"]
        before = first.tables[running].table
        assert before is not None
        # No close(): the second hub reads what the first left, as after kill -9.
        second = Hub(tmp_path, bot_delay=0)
        await second.start()
        assert sorted(second.tables) == sorted([running, waiting])
        after = second.tables[running].table
        assert after is not None and after.actions() == before.actions() and after.seed == before.seed
        assert COUNCIL.encode_state(after.state) == COUNCIL.encode_state(before.state)
        assert [s.name for s in after.seats] == ["Ann", "Bob"]
        assert second.tables[waiting].table is None and second.tables[waiting].open_seats() == [0, 2]
        path2 = socket_path(tmp_path / "second")
        await second.serve(path2)
        ann2 = await greet(second, path2, "SHA256:ann")
        assert ann2.seen[-1]["name"] == "Ann"
        lobby = await ann2.request({"type": "lobby"})
        assert {t["id"]: t["mine"] for t in lobby["tables"]} == {running: True, waiting: True}
        back = await ann2.request({"type": "join", "table": running, "seat": 1})
        assert back["type"] == "table" and back["you"] == 0  # her own seat, not the one asked for
        assert len(back["log"]) == 5 and back["seats"][1]["connected"] is False
        bob2 = await greet(second, path2, "SHA256:bob")
        reopened = await bob2.request({"type": "open", "table": running})
        assert reopened["you"] == 1
        await play(second, {0: ann2, 1: bob2}, running, 3)
        cat = await greet(second, path2, "SHA256:cat", "Cat")
        refused = await cat.request({"type": "join", "table": waiting, "seat": 0, "password": "nope"})
        assert refused["message"] == "Wrong password."
        joined = await cat.request({"type": "join", "table": waiting, "seat": 0, "password": "pw"})
        assert joined["you"] == 0
        new = await cat.request({"type": "create", "game": "council", "seats": [{"kind": "me"}, {"kind": "open"}]})
        assert new["id"] == "t3"
        await second.close()
        third = Hub(tmp_path)
        await third.start()
        table = third.tables[running].table
        assert table is not None and len(table.log) == 8
        assert third.tables[waiting].meta.seats[0].key == "SHA256:cat"
        await third.close()
        await first.close()

    asyncio.run(main())


def test_broken_files_are_skipped_with_a_logged_reason(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    async def setup(hub: Hub, path: Path) -> None:
        ann, bob, table_id = await council_pair(hub, path)
        await play(hub, {0: ann, 1: bob}, table_id, 2)

    run_hub(tmp_path, setup, bot_delay=0)
    tables = tmp_path / "tables"
    (tables / "t5.json").write_text("{broken")
    meta = json.loads((tables / "t1.json").read_text())
    meta["id"] = "t6"
    (tables / "t6.json").write_text(json.dumps(meta))  # started, but its save is missing
    meta["id"], meta["seats"] = "t7", "nobody"
    (tables / "t7.json").write_text(json.dumps(meta))
    (tables / "t8.toml").write_text("no metadata")
    (tmp_path / "people.json").write_text("[]")
    stale = tables / f".t1.toml.abcd1234{TEMP_SUFFIX}"  # what a write killed long ago left
    stale.write_text("half a save")
    os.utime(stale, (0, 0))

    async def check(hub: Hub, path: Path) -> None:
        assert sorted(hub.tables) == ["t1"]
        ann = await greet(hub, path, "SHA256:ann", "Ann")
        created = await ann.request({"type": "create", "game": "council", "seats": [{"kind": "me"}, {"kind": "open"}]})
        assert created["id"] == "t9"  # ids are never reused, not even a broken table's

    with caplog.at_level(logging.ERROR, logger="meeple.hub"):
        run_hub(tmp_path, check, bot_delay=0)
    skipped = " ".join(r.getMessage() for r in caplog.records)
    for table_id in ("t5", "t6", "t7", "t8"):
        assert f"table {table_id} skipped" in skipped
    assert "people.json skipped" in skipped
    kept = list(tmp_path.glob("people.json.broken-*"))  # put aside, not overwritten by Ann's name
    assert len(kept) == 1 and kept[0].read_text() == "[]"
    assert not stale.exists()


def test_hand_to_bot_once_a_player_has_been_away_long_enough(tmp_path: Path) -> None:
    clock = FakeClock()

    async def scenario(hub: Hub, path: Path) -> None:
        ann, bob, table_id = await council_pair(hub, path)
        bob.close()
        gone = await ann.until(lambda m: m["type"] == "table" and not m["seats"][1]["connected"])
        assert gone["seats"][1]["away"] == 0
        early = await ann.request({"type": "hand_to_bot", "table": table_id, "seat": 1, "level": "easy"})
        assert early["type"] == "error" and "away" in early["message"]
        clock.now += 59
        shown = await ann.request({"type": "open", "table": table_id})
        assert shown["seats"][1]["away"] == 59
        early = await ann.request({"type": "hand_to_bot", "table": table_id, "seat": 1, "level": "easy"})
        assert early["type"] == "error"
        clock.now += 1
        handed = await ann.request({"type": "hand_to_bot", "table": table_id, "seat": 1, "level": "easy"})
        assert handed["type"] == "table" and handed["seats"][1]["kind"] == "bot"
        assert hub.tables[table_id].table.seats[1].controller.kind == "bot"  # type: ignore[union-attr]
        table = hub.tables[table_id].table
        assert table is not None
        while table.to_act() == [0]:  # Ann's turn ("first_player": "0"), then the bot's
            await play(hub, {0: ann}, table_id, 1)
        await ann.until(lambda m: m["type"] == "table" and any(e["seat"] == 1 for e in m["log"]))
        bob2 = await greet(hub, path, "SHA256:bob")
        refused = await bob2.request({"type": "open", "table": table_id})
        assert refused["type"] == "error"

    run_hub(tmp_path, scenario, bot_delay=0, clock=clock)

    async def restarted(hub: Hub, path: Path) -> None:
        nt = hub.tables["t1"]
        assert nt.meta.seats[1].kind == "bot" and nt.table is not None
        assert nt.table.seats[1].controller.kind == "bot"

    run_hub(tmp_path, restarted, bot_delay=0)


def test_an_away_seat_after_a_restart_counts_from_the_start(tmp_path: Path) -> None:
    async def setup(hub: Hub, path: Path) -> None:
        await council_pair(hub, path)

    run_hub(tmp_path, setup, bot_delay=0)
    clock = FakeClock()

    async def scenario(hub: Hub, path: Path) -> None:
        ann = await greet(hub, path, "SHA256:ann")
        clock.now += 61
        handed = await ann.request({"type": "hand_to_bot", "table": "t1", "seat": 1, "level": "normal"})
        assert handed["type"] == "table" and handed["seats"][1] == {
            "name": "Bob", "kind": "bot", "level": "normal", "connected": True, "away": 0}

    run_hub(tmp_path, scenario, bot_delay=0, clock=clock)
    assert get_game("council") is COUNCIL


def test_a_bot_whose_turn_it_was_moves_after_a_restart(tmp_path: Path) -> None:
    async def main() -> None:
        first = Hub(tmp_path, bot_delay=3600)  # its bot never gets to move
        await first.start()
        path = socket_path(tmp_path)
        await first.serve(path)
        ann = await greet(first, path, "SHA256:ann", "Ann")
        created = await ann.request({"type": "create", "game": "council", "options": {"first_player": "1"},
                                     "seats": [{"kind": "me"}, {"kind": "bot", "level": "easy"}]})
        assert created["to_act"] == [1]
        second = Hub(tmp_path, bot_delay=0)  # the first is never closed, as if killed
        await second.start()
        path2 = socket_path(tmp_path / "second")
        await second.serve(path2)
        ann2 = await greet(second, path2, "SHA256:ann")
        await ann2.request({"type": "open", "table": created["id"]})
        moved = await ann2.until(lambda m: m["type"] == "table" and m["log"])
        assert moved["log"][0]["seat"] == 1
        await second.close()
        await first.close()

    asyncio.run(main())


def test_a_player_back_after_a_hand_over_takes_the_seat_back_and_any_player_may_hand_over(
        tmp_path: Path) -> None:
    clock = FakeClock()

    async def scenario(hub: Hub, path: Path) -> None:
        ann, bob, table_id = await council_pair(hub, path)
        # The creator goes away: the other player, seated there, may hand her seat over.
        ann.close()
        await bob.until(lambda m: m["type"] == "table" and not m["seats"][0]["connected"])
        clock.now += 61
        handed = await bob.request({"type": "hand_to_bot", "table": table_id, "seat": 0, "level": "easy"})
        assert handed["type"] == "table" and handed["seats"][0]["kind"] == "bot", handed
        stranger = await greet(hub, path, "SHA256:cat", "Cat")
        refused = await stranger.request({"type": "hand_to_bot", "table": table_id, "seat": 1, "level": "easy"})
        assert refused["type"] == "error"
        # Ann is back: the lobby offers her seat back, and joining it makes it hers again.
        ann2 = await greet(hub, path, "SHA256:ann")
        lobby = await ann2.request({"type": "lobby"})
        entry = next(t for t in lobby["tables"] if t["id"] == table_id)
        assert entry["back"] == 0 and entry["mine"] is False
        back = await ann2.request({"type": "join", "table": table_id, "seat": 0, "password": ""})
        assert back["type"] == "table" and back["you"] == 0 and back["seats"][0]["kind"] == "player", back
        nt = hub.tables[table_id]
        assert nt.table is not None and nt.table.seats[0].controller.is_human
        assert nt.meta.seats[0].key == "SHA256:ann"
        assert [t for t in (await stranger.request({"type": "lobby"}))["tables"] if t["id"] == table_id][0]["back"] == -1

    run_hub(tmp_path, scenario, bot_delay=0, clock=clock)

    async def restarted(hub: Hub, path: Path) -> None:
        nt = hub.tables["t1"]
        assert nt.meta.seats[0].kind == "player" and nt.table is not None
        assert nt.table.seats[0].controller.is_human

    run_hub(tmp_path, restarted, bot_delay=0)


def test_watching_a_table_with_a_password_needs_it(tmp_path: Path) -> None:
    async def scenario(hub: Hub, path: Path) -> None:
        ann, bob, table_id = await council_pair(hub, path, password="sesame")
        cat = await greet(hub, path, "SHA256:cat", "Cat")
        for tried, reason in (("", "password"), ("nope", "Wrong")):
            refused = await cat.request({"type": "watch", "table": table_id, "password": tried})
            assert refused["type"] == "error" and reason in refused["message"], refused
        watched = await cat.request({"type": "watch", "table": table_id, "password": "sesame"})
        assert watched["type"] == "table" and watched["you"] == -1
        own = await bob.request({"type": "watch", "table": table_id})  # a player needs none
        assert own["type"] == "table"

    run_hub(tmp_path, scenario, bot_delay=0)
