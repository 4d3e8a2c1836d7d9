"""The hub's protocol: every message's happy path and its refusals, over a real socket."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

from core.registry import get_game
from net import protocol
from net.hub import Hub
from tests.net import Conn, FakeClock, greet, run_hub

COUNCIL = get_game("council")


async def council_pair(hub: Hub, path: Path, password: str = "") -> tuple[Conn, Conn, str]:
    """Ann creates a 2-seat Council table, Bob joins it: both are shown the started game."""
    ann = await greet(hub, path, "SHA256:ann", "Ann")
    bob = await greet(hub, path, "SHA256:bob", "Bob")
    created = await ann.request({"type": "create", "game": "council", "options": {"first_player": "0"},
                                 "seats": [{"kind": "me"}, {"kind": "open"}], "password": password})
    assert created["type"] == "table" and created["started"] is False, created
    assert created["you"] == 0 and created["free"] == [1] and created["creator"] is True
    table_id = created["id"]
    joined = await bob.request({"type": "join", "table": table_id, "seat": 1, "password": password})
    assert joined["type"] == "table" and joined["started"] is True, joined
    assert joined["you"] == 1 and joined["creator"] is False
    await ann.until(lambda m: m["type"] == "table" and m["started"])
    return ann, bob, table_id


def check_view(hub: Hub, message: dict[str, Any], seat: int | None) -> None:
    """The message holds exactly ``seat``'s view, the public view and nothing else secret."""
    table = hub.tables[message["id"]].table
    assert table is not None
    assert message["view"] == COUNCIL.encode_state(table.view(seat))
    assert message["public"] == COUNCIL.encode_state(table.view(None))
    others = [s for s in range(len(table.seats)) if s != seat]
    for other in others:
        assert message["view"] != COUNCIL.encode_state(table.view(other))
    state = json.dumps(COUNCIL.encode_state(table.state), sort_keys=True)
    assert json.dumps(message, sort_keys=True).find(state) == -1


def test_two_players_play_council_and_each_sees_only_their_view(tmp_path: Path) -> None:
    async def scenario(hub: Hub, path: Path) -> None:
        ann, bob, table_id = await council_pair(hub, path)
        conns = {0: ann, 1: bob}
        latest = {0: None, 1: None}  # type: dict[int, Any]
        for _ in range(8):
            table = hub.tables[table_id].table
            assert table is not None
            seat = table.to_act()[0]
            reply = await conns[seat].request({"type": "open", "table": table_id})
            check_view(hub, reply, seat)
            assert reply["to_act"] == [seat]
            legal = [COUNCIL.encode_action(a) for a in table.legal_actions(seat)]
            assert reply["legal"] == legal
            assert reply["ends_turn"] == [table.ends_turn(seat, a) for a in table.legal_actions(seat)]
            other = await conns[1 - seat].request({"type": "open", "table": table_id})
            check_view(hub, other, 1 - seat)
            assert other["legal"] == [] and other["ends_turn"] == []
            moved = await conns[seat].request({"type": "act", "table": table_id, "action": legal[-1]})
            assert moved["type"] == "table", moved
            assert moved["log_from"] == len(table.log) - 1 and len(moved["log"]) == 1  # the new move only
            log = conns[seat].logs[table_id]
            assert len(log) == len(table.log) and log[-1]["seat"] == seat
            assert log[-1]["text"] == table.log[-1].text
            latest[seat] = moved
        assert len(hub.tables[table_id].table.log) == 8  # type: ignore[union-attr]
        watcher = await greet(hub, path, "SHA256:cat", "Cat")
        watched = await watcher.request({"type": "watch", "table": table_id})
        assert watched["you"] == -1 and watched["legal"] == []
        check_view(hub, watched, None)
        refreshed = await ann.until(lambda m: m["type"] == "table" and m["spectators"] == 1)
        assert refreshed["seats"][1]["name"] == "Bob" and refreshed["seats"][1]["connected"]

    run_hub(tmp_path, scenario, bot_delay=0)


def test_moves_out_of_turn_for_another_seat_or_illegal_are_refused(tmp_path: Path) -> None:
    async def scenario(hub: Hub, path: Path) -> None:
        ann, bob, table_id = await council_pair(hub, path)
        table = hub.tables[table_id].table
        assert table is not None and table.to_act() == [0]
        legal = COUNCIL.encode_action(table.legal_actions(0)[0])
        refused = await bob.request({"type": "act", "table": table_id, "action": legal})
        assert refused == {"type": "error", "message": "It is not your turn.", "ref": refused["ref"]}
        cat = await greet(hub, path, "SHA256:cat", "Cat")
        refused = await cat.request({"type": "act", "table": table_id, "action": legal})
        assert refused["type"] == "error" and "no seat" in refused["message"]
        corrupt = await ann.request({"type": "act", "table": table_id, "action": {"kind": "nonsense"}})
        assert corrupt["type"] == "error" and "not a move" in corrupt["message"]
        # A well-formed move that the rules do not allow now: refused with the game's reason.
        state = table.state
        illegal = next(a for a in _other_moves(table) if COUNCIL.why_illegal(state, 0, a) is not None)
        reason = COUNCIL.why_illegal(state, 0, illegal)
        refused = await ann.request({"type": "act", "table": table_id, "action": COUNCIL.encode_action(illegal)})
        assert refused["type"] == "error" and refused["message"] == reason
        undo = await ann.request({"type": "undo", "table": table_id})
        assert undo["type"] == "error" and undo["message"] == "Nothing to undo yet."
        assert table.log == []
        quiet = next(a for a in table.legal_actions(0)
                     if not COUNCIL.is_undo_barrier(state, COUNCIL.apply(state, 0, a)))
        done = await ann.request({"type": "act", "table": table_id, "action": COUNCIL.encode_action(quiet)})
        assert done["type"] == "table" and len(done["log"]) == 1 and done["can_undo"] is True
        not_yours = await bob.request({"type": "undo", "table": table_id})
        assert not_yours["type"] == "error" and table.log
        undone = await ann.request({"type": "undo", "table": table_id})
        assert undone["type"] == "table" and undone["log"] == [] and table.log == []
        assert undone["view"] == COUNCIL.encode_state(table.view(0))

    run_hub(tmp_path, scenario, bot_delay=0)


def _other_moves(table: Any) -> list[Any]:
    """Moves legal somewhere in the game's first decisions (mostly illegal for seat 0 now)."""
    seen = list(table.legal_actions(0))
    state = COUNCIL.apply(table.state, 0, seen[0])
    for seat in COUNCIL.to_act(state):
        seen += COUNCIL.legal_actions(state, seat)
    return seen


def test_create_join_name_and_hand_to_bot_refusals(tmp_path: Path) -> None:
    async def scenario(hub: Hub, path: Path) -> None:
        nameless = await greet(hub, path, "SHA256:zed")
        refused = await nameless.request({"type": "create", "game": "council", "seats": [{"kind": "me"}, {"kind": "open"}]})
        assert refused["type"] == "error" and refused["message"] == "Choose a name first."
        ann = await greet(hub, path, "SHA256:ann", "Ann")
        taken = await nameless.request({"type": "set_name", "name": "  aNN "})
        assert taken["message"] == "That name belongs to another player."
        for bad in ("", "   ", "x" * (protocol.MAX_NAME + 1), "a\x1bb", "a/b", 7):
            refused = await nameless.request({"type": "set_name", "name": bad})
            assert refused["type"] == "error", bad
        renamed = await ann.request({"type": "set_name", "name": "Annie"})
        assert renamed["name"] == "Annie" and renamed["key"].startswith("SHA256:")
        bad_creates: list[dict[str, Any]] = [
            {"game": "chess", "seats": [{"kind": "me"}, {"kind": "open"}]},
            {"game": "council", "seats": [{"kind": "me"}]},
            {"game": "council", "seats": [{"kind": "me"}] * 5},
            {"game": "council", "seats": [{"kind": "me"}, {"kind": "me"}]},
            {"game": "council", "seats": [{"kind": "open"}, {"kind": "open"}]},
            {"game": "council", "seats": [{"kind": "me"}, {"kind": "bot", "level": "genius"}]},
            {"game": "council", "seats": [{"kind": "me"}, "open"]},
            {"game": "council", "seats": [{"kind": "me"}, {"kind": "open"}], "options": {"layout": "9/9/9"}},
            {"game": "council", "seats": [{"kind": "me"}, {"kind": "open"}], "options": {"first_player": "3"}},
            {"game": "council", "seats": [{"kind": "me"}, {"kind": "open"}], "options": []},
            {"game": "council", "seats": [{"kind": "me"}, {"kind": "open"}], "password": 5},
        ]
        for bad in bad_creates:
            refused = await ann.request({"type": "create", **bad})
            assert refused["type"] == "error", bad
        assert hub.tables == {}
        created = await ann.request({"type": "create", "game": "council", "password": "sesame",
                                     "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}]})
        table_id = created["id"]
        assert table_id == "t1" and created["password"] is True
        assert "sesame" not in (tmp_path / "tables" / "t1.json").read_text()
        bob = await greet(hub, path, "SHA256:bob", "Bob")
        lobby = await bob.request({"type": "lobby"})
        assert [t["id"] for t in lobby["tables"]] == ["t1"] and lobby["tables"][0]["free"] == [1, 2]
        assert lobby["tables"][0]["password"] is True and lobby["tables"][0]["mine"] is False
        wrong = await bob.request({"type": "join", "table": "t1", "seat": 1, "password": "open"})
        assert wrong["message"] == "Wrong password."
        seat_taken = await bob.request({"type": "join", "table": "t1", "seat": 0, "password": "sesame"})
        assert seat_taken["type"] == "error" and "taken" in seat_taken["message"]
        for bad_seat in (3, -1, "1", True):
            refused = await bob.request({"type": "join", "table": "t1", "seat": bad_seat, "password": "sesame"})
            assert refused["type"] == "error"
        missing = await bob.request({"type": "join", "table": "t9", "seat": 1})
        assert missing["type"] == "error"
        joined = await bob.request({"type": "join", "table": "t1", "seat": 1, "password": "sesame"})
        assert joined["you"] == 1 and joined["started"] is False
        again = await bob.request({"type": "join", "table": "t1", "seat": 2, "password": "sesame"})
        assert again["you"] == 1  # one seat per person: the same seat back
        not_creator = await bob.request({"type": "hand_to_bot", "table": "t1", "seat": 2, "level": "easy"})
        assert not_creator["type"] == "error" and "creator" in not_creator["message"]
        not_open = await ann.request({"type": "hand_to_bot", "table": "t1", "seat": 1, "level": "easy"})
        assert not_open["type"] == "error"
        bad_level = await ann.request({"type": "hand_to_bot", "table": "t1", "seat": 2, "level": "god"})
        assert bad_level["type"] == "error"
        started = await ann.request({"type": "hand_to_bot", "table": "t1", "seat": 2, "level": "easy"})
        assert started["started"] is True and started["seats"][2]["kind"] == "bot"
        running = await ann.request({"type": "hand_to_bot", "table": "t1", "seat": 1, "level": "easy"})
        assert running["type"] == "error" and "away" in running["message"]
        left = await bob.request({"type": "leave", "table": "t1"})
        assert left["type"] == "lobby" and left["tables"][0]["mine"] is True
        reopened = await bob.request({"type": "open", "table": "t1"})
        assert reopened["type"] == "table" and reopened["you"] == 1
        cat = await greet(hub, path, "SHA256:cat", "Cat")
        refused = await cat.request({"type": "open", "table": "t1"})
        assert refused["type"] == "error"
        refused = await cat.request({"type": "leave", "table": "t1"})
        assert refused["type"] == "error"

    run_hub(tmp_path, scenario, bot_delay=0)


def test_chat_in_the_lobby_and_at_a_table(tmp_path: Path) -> None:
    clock = FakeClock()

    async def scenario(hub: Hub, path: Path) -> None:
        ann, bob, table_id = await council_pair(hub, path)
        said = await ann.request({"type": "chat", "table": table_id, "text": " hello Bob "})
        assert said["type"] == "table" and said["chat"] == [{"name": "Ann", "text": "hello Bob"}]
        heard = await bob.until(lambda m: m["type"] == "table" and m["chat"])
        assert heard["chat"] == [{"name": "Ann", "text": "hello Bob"}]
        for bad in ("", "   ", "x" * (protocol.MAX_CHAT + 1), "\x07bell", None):
            refused = await ann.request({"type": "chat", "table": table_id, "text": bad})
            assert refused["type"] == "error", bad
        from_table = await bob.request({"type": "chat", "table": "", "text": "brb"})
        assert from_table["type"] == "lobby" and from_table["chat"] == [{"name": "Bob", "text": "brb"}]
        cat = await greet(hub, path, "SHA256:cat", "Cat")
        lobby = await cat.request({"type": "lobby"})
        assert lobby["chat"] == [{"name": "Bob", "text": "brb"}]
        refused = await cat.request({"type": "chat", "table": table_id, "text": "hi"})
        assert refused["type"] == "error"
        said = await cat.request({"type": "chat", "table": "", "text": "anyone?"})
        assert said["type"] == "lobby" and said["chat"][-1] == {"name": "Cat", "text": "anyone?"}
        # Five lines in a burst, then one a second.
        answers = [await cat.request({"type": "chat", "table": "", "text": f"line {i}"}) for i in range(5)]
        assert [a["type"] for a in answers[:4]] == ["lobby"] * 4 and answers[4]["message"] == "Slow down."
        clock.now += 1.0
        again = await cat.request({"type": "chat", "table": "", "text": "later"})
        assert again["type"] == "lobby" and again["chat"][-1]["text"] == "later"
        await bob.request({"type": "open", "table": table_id})
        for i in range(protocol.CHAT_KEPT + 5):
            clock.now += 1.0
            said = await ann.request({"type": "chat", "table": table_id, "text": f"n{i}"})
            assert said["chat_more"] and said["chat"] == [{"name": "Ann", "text": f"n{i}"}]  # the new line only
        table_msg = await ann.request({"type": "open", "table": table_id})
        assert len(table_msg["chat"]) == protocol.CHAT_KEPT and table_msg["chat"][-1]["text"] == f"n{protocol.CHAT_KEPT + 4}"
        assert table_msg["chat_more"] is False
        await bob.until(lambda m: m["type"] == "table" and m["chat"] and m["chat"][-1]["text"] == f"n{protocol.CHAT_KEPT + 4}")
        assert bob.chats[table_id] == table_msg["chat"]  # built line by line

    run_hub(tmp_path, scenario, bot_delay=0, clock=clock)


def test_rate_limit_answers_slow_down(tmp_path: Path) -> None:
    clock = FakeClock()

    async def scenario(hub: Hub, path: Path) -> None:
        ann = await greet(hub, path, "SHA256:ann", "Ann")
        answers = [await ann.request({"type": "lobby"}) for _ in range(70)]
        kinds = [a["type"] for a in answers]
        assert "error" in kinds and kinds.index("error") >= 50
        assert answers[-1]["message"] == "Slow down."
        clock.now += 10
        assert (await ann.request({"type": "lobby"}))["type"] == "lobby"

    run_hub(tmp_path, scenario, bot_delay=0, clock=clock)


def test_malformed_messages_are_answered_and_the_hub_serves_others(tmp_path: Path) -> None:
    async def scenario(hub: Hub, path: Path) -> None:
        ann, bob, table_id = await council_pair(hub, path)
        mallory = await greet(hub, path, "SHA256:mal", "Mallory")
        for raw in (b"{not json\n", b"[1, 2]\n", b"42\n", b'{"no": "type"}\n', b'{"type": 3}\n',
                    b'{"type": "teleport"}\n', b'{"type": "act", "table": 5, "action": {}}\n',
                    b'{"type": "join", "table": "t1", "seat": 1.5}\n', b'\xff\xfe\n',
                    b'{"type": "hello", "token": "x"}\n', b'{"type": "create", "game": "council", "seats": "me"}\n',
                    b'{"type": "chat", "table": [], "text": "x"}\n', b"[" * 30000 + b"\n",
                    b'{"type": "act", "table": "t1", "action": ' + b"[" * 20000 + b"]" * 20000 + b"}\n",
                    b'{"type": "lobby", "ref": 1' + b"0" * 5000 + b"}\n"):
            await mallory.send_raw(raw)
            answer = await mallory.recv()
            assert answer["type"] == "error" and answer["message"], (raw, answer)
        table = hub.tables[table_id].table
        assert table is not None and table.log == []
        # Meanwhile the players still play.
        legal = COUNCIL.encode_action(table.legal_actions(table.to_act()[0])[0])
        mover = ann if table.to_act() == [0] else bob
        assert (await mover.request({"type": "act", "table": table_id, "action": legal}))["type"] == "table"
        await mallory.send_raw(b'{"type": "lobby", "pad": "' + b"x" * protocol.MAX_CLIENT_LINE + b'"}\n')
        answer = await mallory.recv()
        assert answer["type"] == "error" and "too long" in answer["message"]
        assert await mallory.closed()
        assert (await bob.request({"type": "lobby"}))["type"] == "lobby"

    run_hub(tmp_path, scenario, bot_delay=0)


def test_a_connection_must_start_with_a_valid_hello(tmp_path: Path) -> None:
    async def scenario(hub: Hub, path: Path) -> None:
        rude = await Conn.open(path)
        await rude.send({"type": "lobby"})
        assert (await rude.recv())["type"] == "error"
        assert await rude.closed()
        forged = await Conn.open(path)
        await forged.send({"type": "hello", "token": "guess"})
        assert (await forged.recv())["type"] == "error"
        assert await forged.closed()
        token = hub.issue_token("SHA256:ann")
        first = await Conn.open(path)
        assert (await first.request({"type": "hello", "token": token}))["type"] == "welcome"
        second = await Conn.open(path)
        assert (await second.request({"type": "hello", "token": token}))["type"] == "error"
        assert await second.closed()
        hub.revoke_token(token)
        assert (await first.recv())["type"] == "bye"
        assert await first.closed()
        revoked = hub.issue_token("SHA256:bob")
        hub.revoke_token(revoked)
        late = await Conn.open(path)
        assert (await late.request({"type": "hello", "token": revoked}))["type"] == "error"
        assert hub.stats()["clients"] <= 1

    run_hub(tmp_path, scenario, bot_delay=0)


def test_bots_play_their_seats_on_the_hub(tmp_path: Path) -> None:
    async def scenario(hub: Hub, path: Path) -> None:
        ann = await greet(hub, path, "SHA256:ann", "Ann")
        created = await ann.request({"type": "create", "game": "council", "options": {"first_player": "1"},
                                     "seats": [{"kind": "me"}, {"kind": "bot", "level": "easy"}]})
        assert created["started"] is True and created["seats"][1]["kind"] == "bot"
        table_id = created["id"]
        message = await ann.until(lambda m: m["type"] == "table" and 0 in m["to_act"])
        table = hub.tables[table_id].table
        assert table is not None and table.log and all(e.seat == 1 for e in table.log)
        assert message["legal"] == [COUNCIL.encode_action(a) for a in table.legal_actions(0)]
        check_view(hub, message, 0)

    run_hub(tmp_path, scenario, bot_delay=0)


def test_close_says_bye_saves_and_counts(tmp_path: Path) -> None:
    async def scenario(hub: Hub, path: Path) -> None:
        ann, bob, table_id = await council_pair(hub, path)
        stats = hub.stats()
        assert stats["tables"] == 1 and stats["clients"] == 2
        assert stats["messages_in"] >= 4 and stats["messages_out"] >= 4 and stats["bytes_out"] > 0
        await hub.close()
        for conn in (ann, bob):
            assert (await conn.until(lambda m: m["type"] == "bye"))["message"]
            assert await conn.closed()
        assert (tmp_path / "tables" / f"{table_id}.toml").is_file()
        assert json.loads((tmp_path / "people.json").read_text())["people"] == {
            "SHA256:ann": "Ann", "SHA256:bob": "Bob"}

    run_hub(tmp_path, scenario, bot_delay=0, close=False)


def test_closing_while_a_bot_waits_to_move_plays_nothing_and_returns(tmp_path: Path) -> None:
    async def scenario(hub: Hub, path: Path) -> None:
        ann = await greet(hub, path, "SHA256:ann", "Ann")
        created = await ann.request({"type": "create", "game": "council", "options": {"first_player": "1"},
                                     "seats": [{"kind": "me"}, {"kind": "bot", "level": "easy"}]})
        assert created["to_act"] == [1]
        bots = hub._bots
        assert bots._tasks  # thinking, then waiting out its hour-long delay
        await hub.close()
        assert not bots._tasks or all(task.done() for task in bots._tasks)
        assert hub.tables[created["id"]].table.log == []  # type: ignore[union-attr]

    run_hub(tmp_path, scenario, bot_delay=3600, close=False)


def test_the_last_move_ends_the_game_with_its_result(tmp_path: Path) -> None:
    async def scenario(hub: Hub, path: Path) -> None:
        ann, bob, table_id = await council_pair(hub, path)
        table = hub.tables[table_id].table
        assert table is not None
        rng = random.Random(7)
        while True:  # random moves straight on the table, all but the last one
            seat = table.to_act()[0]
            action = rng.choice(table.legal_actions(seat))
            if COUNCIL.is_over(COUNCIL.apply(table.state, seat, action)):
                break
            table.submit(seat, action)
        conn = ann if seat == 0 else bob
        final = await conn.request({"type": "act", "table": table_id, "action": COUNCIL.encode_action(action)})
        result = table.result()
        assert final["over"] is True and final["to_act"] == [] and final["legal"] == []
        assert final["result"] == {"categories": list(result.categories),
                                   "breakdown": [list(row) for row in result.breakdown],
                                   "totals": list(result.totals), "ranks": list(result.ranks),
                                   "notes": list(result.notes)}
        late = await conn.request({"type": "act", "table": table_id, "action": COUNCIL.encode_action(action)})
        assert late["type"] == "error" and late["message"] == "The game is over."
        late = await conn.request({"type": "undo", "table": table_id})
        assert late["type"] == "error"
        mine = await ann.request({"type": "lobby"})
        assert [(t["id"], t["over"]) for t in mine["tables"]] == [(table_id, True)]
        cat = await greet(hub, path, "SHA256:cat", "Cat")
        assert (await cat.request({"type": "lobby"}))["tables"] == []

    run_hub(tmp_path, scenario, bot_delay=0)


def test_presence_follows_a_persons_last_connection_and_spectators_are_counted(tmp_path: Path) -> None:
    clock = FakeClock()

    async def scenario(hub: Hub, path: Path) -> None:
        ann, bob, table_id = await council_pair(hub, path)
        second = await greet(hub, path, "SHA256:bob")  # Bob in a second session
        assert second.seen[-1]["name"] == "Bob"
        cat = await greet(hub, path, "SHA256:cat", "Cat")
        lobby = await cat.request({"type": "lobby"})
        assert lobby["tables"][0]["seats"][1] == {"name": "Bob", "kind": "player", "connected": True}
        watched = await cat.request({"type": "watch", "table": table_id})
        assert watched["spectators"] == 1 and watched["you"] == -1
        bob.close()
        for _ in range(2000):  # until the hub has seen that connection end
            if sum(1 for c in hub.clients if c.key == "SHA256:bob") == 1:
                break
            await asyncio.sleep(0.005)
        assert sum(1 for c in hub.clients if c.key == "SHA256:bob") == 1
        clock.now += 30
        still = await ann.request({"type": "open", "table": table_id})
        assert still["seats"][1]["connected"] is True  # his other session is still here
        second.close()
        gone = await ann.until(lambda m: m["type"] == "table" and not m["seats"][1]["connected"])
        assert gone["seats"][1]["away"] == 0
        clock.now += 5
        later = await ann.request({"type": "open", "table": table_id})
        assert later["seats"][1]["away"] == 5 and later["spectators"] == 1
        left = await cat.request({"type": "leave", "table": table_id})
        assert left["type"] == "lobby" and left["tables"][0]["spectators"] == 0
        assert left["tables"][0]["seats"][1]["connected"] is False
        after = await ann.until(lambda m: m["type"] == "table" and m["spectators"] == 0)
        assert after["you"] == 0

    run_hub(tmp_path, scenario, bot_delay=0, clock=clock)


def test_one_person_cannot_fill_the_server_with_tables(tmp_path: Path, monkeypatch: Any) -> None:
    import net.hub

    monkeypatch.setattr(net.hub, "MAX_OPEN_TABLES", 5)

    async def scenario(hub: Hub, path: Path) -> None:
        ann = await greet(hub, path, "SHA256:ann", "Ann")
        bob = await greet(hub, path, "SHA256:bob", "Bob")
        with_bot = {"type": "create", "game": "council", "options": {},
                    "seats": [{"kind": "me"}, {"kind": "bot", "level": "easy"}], "password": ""}
        for _ in range(net.hub.MAX_OPEN_PER_PERSON if net.hub.MAX_OPEN_PER_PERSON < 5 else 3):
            made = await ann.request(with_bot)
            assert made["type"] == "table" and made["started"], made
        for _ in range(2):
            made = await bob.request(with_bot)
            assert made["type"] == "table", made
        full = await bob.request(with_bot)  # five running: the server's cap
        assert full["type"] == "error" and "as many tables" in full["message"], full

    run_hub(tmp_path, scenario, bot_delay=0)


def test_no_undo_reaches_back_past_a_seat_handed_to_a_bot(tmp_path: Path) -> None:
    clock = FakeClock()

    async def scenario(hub: Hub, path: Path) -> None:
        ann, bob, table_id = await council_pair(hub, path)
        nt = hub.tables[table_id]
        assert nt.table is not None
        table = nt.table
        action = COUNCIL.encode_action(table.legal_actions(0)[0])
        await ann.request({"type": "act", "table": table_id, "action": action})
        assert not table.log[-1].barrier  # (an ordinary move: undo could reach it)
        bob.close()
        await ann.until(lambda m: m["type"] == "table" and not m["seats"][1]["connected"])
        clock.now += protocol.HAND_OVER_AFTER + 1
        await ann.request({"type": "hand_to_bot", "table": table_id, "seat": 1, "level": "easy"})
        assert nt.table.log and nt.table.log[-1].barrier
        assert nt.table.undo_depth(0) == 0

    run_hub(tmp_path, scenario, bot_delay=0, clock=clock)


def test_names_and_chat_refuse_control_bidi_and_invisible_characters() -> None:
    import pytest

    for bad in ("A\x1b[31mda", "A\u202eda", "A\u200bda", "A\u200eda", "A\ud800da", "A\nda"):
        with pytest.raises(protocol.ProtocolError):
            protocol.text_field({"name": bad}, "name", protocol.MAX_NAME)
    assert protocol.text_field({"name": "Zoë [b]x[/b]"}, "name", protocol.MAX_NAME) == "Zoë [b]x[/b]"
