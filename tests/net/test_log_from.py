"""``log_from``, piece by piece: where the hub starts a viewer's log (NetTable.log_start),
the log entries it keeps encoded from move to move, and RemoteTable keeping its log and
appending, never taking a message that does not fit, and adding the chat lines said
since (the hub's messages are made here)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from core.engine import CorruptData
from core.table import TableEvent
from net.hub_store import SeatInfo, TableMeta
from net.hub_tables import NetTable
from net.protocol import CHAT_KEPT
from net.remote_table import RemoteTable
from tests.net.test_hub_protocol import COUNCIL


def council(moves: int = 0, seed: int = 5) -> NetTable:
    """A running 2-seat Council hub table, ``moves`` random moves in."""
    meta = TableMeta(id="t1", game="council", options={"first_player": "0"},
                     seats=[SeatInfo("player", "k0"), SeatInfo("player", "k1")], creator="k0")
    nt = NetTable(meta, COUNCIL)
    nt.start(lambda key: {"k0": "Ann", "k1": "Bob"}[key], seed)
    play(nt, moves)
    return nt


def play(nt: NetTable, moves: int, rng: random.Random | None = None) -> None:
    """``moves`` moves (random, seeded) at the table."""
    rng = rng or random.Random(1)
    table = nt.table
    assert table is not None
    for _ in range(moves):
        seat = table.to_act()[0]
        table.submit(seat, rng.choice(table.legal_actions(seat)))
        nt.changed()


def message(nt: NetTable, seat: int | None, log_from: int = 0) -> dict[str, Any]:
    """The table message ``seat`` is sent, its log from ``log_from`` on."""
    return nt.message(f"k{seat}", seat, lambda key: "", lambda key: (True, 0.0), 0, log_from=log_from)


def test_the_log_starts_past_what_the_viewer_holds_unless_that_changed() -> None:
    nt = council(6)
    table = nt.table
    assert table is not None
    assert nt.log_start(0, None) == 0  # nothing held: the whole log
    held = nt.log_mark(0)
    assert held is not None and held.count == 6
    assert nt.log_start(0, held) == 6
    play(nt, 3)
    assert nt.log_start(0, held) == 6  # the three new entries only
    assert nt.log_start(1, held) == 0  # another seat sees other secrets
    assert nt.log_start(None, held) == 0
    assert council(9).log_start(0, held) == 0  # another game
    table.log[5] = dataclasses.replace(table.log[5], barrier=True)  # (a seat changed hands)
    assert nt.log_start(0, held) == 0
    held = nt.log_mark(0)
    assert held is not None
    del table.log[-2:], table._states[-2:]  # an undo
    assert nt.log_start(0, held) == 0
    held = nt.log_mark(0)
    assert held is not None
    play(nt, 2, random.Random(7))  # (a move in its place, then one more)
    assert nt.log_start(0, held) == 7


def test_the_entries_kept_encoded_follow_undos_and_new_games() -> None:
    nt = council(0)
    table = nt.table
    assert table is not None
    while len(table.log) < 10 or not table.can_undo(0):
        play(nt, 1)
    message(nt, 0)  # (encodes the entries so far)
    table.undo(0)
    play(nt, 4, random.Random(3))
    table.log[-1] = dataclasses.replace(table.log[-1], barrier=True)
    for seat in (0, 1, None):
        assert message(nt, seat)["log"] == message(NetTable(nt.meta, COUNCIL, table), seat)["log"]
        tail = message(nt, seat, log_from=8)
        assert tail["log_from"] == 8 and tail["log"] == message(nt, seat)["log"][8:]
    nt.table = council(3, seed=9).table  # a new game at the table
    assert len(message(nt, 0)["log"]) == 3
    assert message(nt, 0, log_from=99)["log_from"] == 3  # (never past the end)


class Wire:
    """A RemoteTable of seat 0 built from the whole log, what it sends and its events."""

    def __init__(self, nt: NetTable) -> None:
        self.nt = nt
        self.sent: list[dict[str, Any]] = []
        self.events: list[TableEvent] = []
        self.remote = RemoteTable(COUNCIL, message(nt, 0), self.sent.append)
        self.remote.subscribe(self.events.append)

    def whole(self) -> RemoteTable:
        """A RemoteTable built afresh from the whole log now."""
        return RemoteTable(COUNCIL, message(self.nt, 0), lambda m: None)


def test_remote_table_appends_the_new_entries() -> None:
    wire = Wire(council(5))
    before = wire.remote.log
    play(wire.nt, 3)
    wire.remote.receive(message(wire.nt, 0, log_from=5))
    assert wire.remote.log is before and len(before) == 8  # kept and appended to
    assert wire.remote.log == wire.whole().log
    assert [e.kind for e in wire.events] == ["action"] * 3
    assert [e.entry for e in wire.events] == wire.remote.log[5:]
    wire.remote.receive(message(wire.nt, 0, log_from=8))  # nothing new: a refresh
    assert [e.kind for e in wire.events][3:] == ["refresh"] and wire.sent == []


def test_a_message_past_the_end_changes_nothing_and_asks_for_the_whole_table() -> None:
    wire = Wire(council(5))
    picture = (list(wire.remote.log), wire.remote.view(0), wire.remote.to_act())
    play(wire.nt, 4)
    for _ in range(2):  # (one in between was lost)
        wire.remote.receive(message(wire.nt, 0, log_from=7))
    assert (wire.remote.log, wire.remote.view(0), wire.remote.to_act()) == picture
    assert wire.events == [] and wire.sent == [{"type": "resend", "table": "t1"}]  # asked once
    wire.remote.receive(message(wire.nt, 0))  # the whole table
    assert wire.remote.log == wire.whole().log and wire.remote.to_act() == wire.whole().to_act()
    assert [e.kind for e in wire.events] == ["action"] * 4
    play(wire.nt, 1)
    wire.remote.receive(message(wire.nt, 0, log_from=99))
    assert wire.sent[1:] == [{"type": "resend", "table": "t1"}]  # asked again, for this gap


def test_a_whole_log_after_an_undo_replaces_what_differs() -> None:
    nt = council(0)
    table = nt.table
    assert table is not None
    while not table.can_undo(0):
        play(nt, 1)
    wire = Wire(nt)
    held = len(table.log)
    table.undo(0)
    nt.changed()
    wire.remote.receive(message(nt, 0))
    assert wire.remote.log == wire.whole().log
    assert [(e.kind, e.count) for e in wire.events] == [("undo", held - len(table.log))]


@pytest.mark.parametrize("bad", [-1, "0", 1.0, True, None])
def test_a_log_from_that_is_not_a_count_is_refused(bad: Any) -> None:
    wire = Wire(council(5))
    before = list(wire.remote.log)
    with pytest.raises(CorruptData):
        wire.remote.receive({**message(wire.nt, 0, log_from=5), "log_from": bad})
    assert wire.remote.log == before and wire.sent == []


def test_a_remote_table_is_built_only_from_the_whole_log() -> None:
    nt = council(5)
    with pytest.raises(CorruptData):
        RemoteTable(COUNCIL, message(nt, 0, log_from=2), lambda m: None)


def test_chat_lines_said_since_are_added_and_the_last_ones_kept() -> None:
    nt = council(2)
    wire = Wire(nt)
    held = nt.log_mark(0)
    assert nt.chat_start(held) == 0 and nt.chat_start(None) is None
    for i in range(CHAT_KEPT + 3):
        nt.meta.chat = (nt.meta.chat + [{"name": "Ann", "text": f"n{i}"}])[-CHAT_KEPT:]
        start = nt.chat_start(held)
        assert start == (0 if i == 0 else len(nt.meta.chat) - 1)  # the new line only
        said = nt.message("k0", 0, lambda key: "", lambda key: (True, 0.0), 0, log_from=2, chat_from=start)
        assert said["chat_more"] is True and said["chat"] == [{"name": "Ann", "text": f"n{i}"}]
        wire.remote.receive(said)
        held = nt.log_mark(0)
    assert wire.remote.chat == [("Ann", f"n{i}") for i in range(3, CHAT_KEPT + 3)]
    assert wire.remote.unread_chat == [("Ann", f"n{i}") for i in range(CHAT_KEPT + 3)]
    assert nt.chat_start(dataclasses.replace(held, chat_last={"name": "Ann", "text": "n0"})) == 0  # scrolled off
    assert nt.chat_start(dataclasses.replace(held, table=council(1).table)) is None  # another game
    wire.remote.unread_chat.clear()
    whole = message(nt, 0, log_from=2)
    assert whole["chat_more"] is False and len(whole["chat"]) == CHAT_KEPT
    wire.remote.receive(whole)  # the same lines whole: none unread
    assert wire.remote.unread_chat == [] and len(wire.remote.chat) == CHAT_KEPT
