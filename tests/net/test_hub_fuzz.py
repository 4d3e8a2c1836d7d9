"""Random and malformed messages from a few clients never break the hub: afterwards it is
up, a fresh client can still play, and every table's state passes the game's checks."""

from __future__ import annotations

import asyncio
import logging
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from core.table import Seat, Table
from net import protocol
from net.hub import Hub
from tests.net import FakeClock, greet, socket_path
from tests.net.test_hub_protocol import COUNCIL


def _early_moves() -> list[dict[str, Any]]:
    """Encoded moves legal in a Council game's first positions (so some fuzz moves play)."""
    table = Table.new(COUNCIL, [Seat(0, "A"), Seat(1, "B")], 3, {"first_player": "0"})
    moves = []
    for _ in range(4):
        seat = table.to_act()[0]
        legal = table.legal_actions(seat)
        moves += [COUNCIL.encode_action(a) for a in legal[:6]]
        table.submit(seat, legal[0])
    return moves


MOVES = _early_moves()
TABLES = ["t1", "t2", "t3", "", "t0", "x"]
VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 6), st.text(max_size=12), st.sampled_from(TABLES),
    st.lists(st.integers(-1, 3), max_size=3), st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
    st.sampled_from(MOVES),
)
SEATS = st.lists(
    st.one_of(st.sampled_from([{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "level": "nope"}]), VALUES),
    max_size=5,
)
FIELDS: dict[str, Any] = {
    "table": st.one_of(st.sampled_from(TABLES), VALUES),
    "seat": st.one_of(st.integers(-1, 4), VALUES),
    "action": st.one_of(st.sampled_from(MOVES), VALUES),
    "text": VALUES,
    "name": st.one_of(st.sampled_from(["Ann", "ann", "Zoë", " ", "A" * 30]), VALUES),
    "game": st.one_of(st.sampled_from(["council", "chess"]), VALUES),
    "seats": st.one_of(SEATS, VALUES),
    "options": st.one_of(st.sampled_from([{}, {"first_player": "1"}, {"layout": "x"}]), VALUES),
    "password": st.one_of(st.sampled_from(["", "pw"]), VALUES),
    "hints": st.one_of(st.booleans(), VALUES),
    "level": st.one_of(st.sampled_from(["easy", "hard"]), VALUES),
    "token": VALUES,
    "ref": VALUES,
}
MESSAGES = st.builds(
    lambda kind, fields: {"type": kind, **fields},
    st.one_of(st.sampled_from(sorted(protocol.CLIENT_TYPES)), VALUES),
    st.fixed_dictionaries({}, optional=FIELDS),
)
PLAUSIBLE = st.one_of(
    st.builds(lambda move: {"type": "act", "table": "t1", "action": move}, st.sampled_from(MOVES)),
    st.just({"type": "undo", "table": "t1"}),
    st.builds(lambda seat, level: {"type": "hand_to_bot", "table": "t2", "seat": seat, "level": level},
              st.integers(0, 1), st.sampled_from(["easy", "hard"])),
    st.builds(lambda kind, table: {"type": kind, "table": table},
              st.sampled_from(["watch", "open", "leave", "hint"]), st.sampled_from(TABLES)),
)
LINES = st.one_of(
    PLAUSIBLE.map(lambda m: protocol.encode(m)),
    MESSAGES.map(lambda m: protocol.encode(m)),
    st.binary(max_size=30).map(lambda b: b.replace(b"\n", b"") + b"\n"),
)
STEPS = st.lists(st.tuples(st.integers(0, 2), st.one_of(st.integers(0, 99), LINES)), min_size=10, max_size=40)
"""(client, line): a line to send, or a number k: play the k-th legal move of t1's seat to
act (from that client: refused unless it holds that seat)."""


async def _session(directory: Path, steps: list[tuple[int, bytes | int]]) -> None:
    failures = _Failures()
    logging.getLogger("meeple.hub").addHandler(failures)
    clock = FakeClock()
    hub = Hub(directory, bot_delay=0, clock=clock)
    await hub.start()
    path = socket_path(directory)
    await hub.serve(path)
    try:
        conns = [await greet(hub, path, f"SHA256:k{i}", f"P{i}") for i in range(3)]
        created = await conns[0].request({"type": "create", "game": "council", "options": {"first_player": "0"},
                                          "seats": [{"kind": "me"}, {"kind": "open"}]})
        assert created["id"] == "t1"
        assert (await conns[1].request({"type": "join", "table": "t1", "seat": 1}))["started"] is True
        await conns[2].request({"type": "create", "game": "council", "seats": [{"kind": "me"}, {"kind": "open"}]})
        for index, line in steps:
            clock.now += 0.5
            if isinstance(line, bytes):
                await conns[index].send_raw(line)
                continue
            await conns[index].request({"type": "lobby"})  # its earlier lines are handled
            table = hub.tables["t1"].table
            if table is not None and table.to_act():
                legal = table.legal_actions(table.to_act()[0])
                move = COUNCIL.encode_action(legal[line % len(legal)])
                await conns[index].send({"type": "act", "table": "t1", "action": move})
        for conn in conns:  # every line has been handled once this reply comes
            reply = await conn.request({"type": "lobby"})
            assert reply["type"] in ("lobby", "error")
        played = hub.tables["t1"].table
        event(f"moves played at t1: {min(len(played.log), 3) if played is not None else 0}+")
        newcomers = [await greet(hub, path, f"SHA256:new{i}", f"Newcomer {i}") for i in range(2)]
        table = await newcomers[0].request({"type": "create", "game": "council", "options": {"first_player": "0"},
                                            "seats": [{"kind": "me"}, {"kind": "open"}]})
        joined = await newcomers[1].request({"type": "join", "table": table["id"], "seat": 1})
        assert joined["started"] is True
        fresh = hub.tables[table["id"]].table
        assert fresh is not None
        action = COUNCIL.encode_action(fresh.legal_actions(0)[0])
        moved = await newcomers[0].request({"type": "act", "table": table["id"], "action": action})
        assert moved["type"] == "table" and len(moved["log"]) == 1, moved
        for nt in hub.tables.values():
            if nt.table is not None:
                assert nt.game.problems(nt.table.state) == []
                for seat in range(len(nt.table.seats)):
                    assert nt.game.problems(nt.table.view(seat)) == []
        assert failures.records == [], failures.records[0].getMessage()
    finally:
        await hub.close()
        logging.getLogger("meeple.hub").removeHandler(failures)


class _Failures(logging.Handler):
    """Keeps what the hub logs as a bug in its handling of a message."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(STEPS)
def test_random_messages_never_break_the_hub(steps: list[tuple[int, bytes | int]]) -> None:
    with tempfile.TemporaryDirectory(prefix="mh") as directory:
        asyncio.run(_session(Path(directory), steps))
