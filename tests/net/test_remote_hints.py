"""RemoteTable's hints: the flag from the hub's table message, and each hint request
answered exactly once, whatever comes in between (the hub's messages are made here)."""

from __future__ import annotations

from typing import Any

from net.hub_store import SeatInfo, TableMeta
from net.hub_tables import NetTable
from net.remote_table import RemoteTable
from tests.net.test_hub_protocol import COUNCIL


def table_message(hints: bool, seat: int | None = 0) -> dict[str, Any]:
    """The hub's ``table`` message of a running 2-seat Council table for ``seat``."""
    meta = TableMeta(id="t1", game="council", options={"first_player": "0"},
                     seats=[SeatInfo("player", "k0"), SeatInfo("player", "k1")], creator="k0", hints=hints)
    nt = NetTable(meta, COUNCIL)
    nt.start(lambda key: {"k0": "Ann", "k1": "Bob"}[key], 5)
    return nt.message(f"k{seat}", seat, lambda key: "", lambda key: (True, 0.0), 0)


class Wire:
    """What the table sends, and the answers it gives."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.answers: list[str | None] = []

    def table(self, hints: bool = True) -> RemoteTable:
        return RemoteTable(COUNCIL, table_message(hints), self.sent.append)

    def ask(self, table: RemoteTable) -> int:
        """A hint request; returns its ref."""
        before = len(self.sent)
        table.request_hint(self.answers.append)
        assert len(self.sent) == before + 1
        request = self.sent[-1]
        assert request == {"type": "hint", "table": "t1", "ref": request["ref"]}
        assert isinstance(request["ref"], int)
        return int(request["ref"])


def test_the_hints_flag_comes_from_the_latest_table_message() -> None:
    wire = Wire()
    table = wire.table(hints=False)
    assert table.hints_allowed() is False
    table.receive(table_message(hints=True))
    assert table.hints_allowed() is True
    odd = table_message(hints=True)
    odd["hints"] = "yes"  # (only true is true)
    table.receive(odd)
    assert table.hints_allowed() is False
    del odd["hints"]  # a hub from before hints: off
    table.receive(odd)
    assert table.hints_allowed() is False


def test_a_hint_request_is_answered_once_by_the_hubs_reply_with_its_ref() -> None:
    wire = Wire()
    table = wire.table()
    first, second = wire.ask(table), wire.ask(table)
    assert first != second and wire.answers == []
    table.receive(table_message(hints=True))  # a table message in between answers nothing
    assert not table.take_reply({"type": "error", "message": "Slow down.", "ref": None})
    assert not table.take_reply({"type": "error", "message": "Wrong password.", "ref": 10**9})
    assert not table.take_reply({"type": "table", "ref": first})
    assert table.take_reply({"type": "error", "message": "It is not your turn.", "ref": second})
    assert wire.answers == ["It is not your turn."]
    assert table.take_reply({"type": "hint_ok", "table": "t1", "ref": first})
    assert wire.answers == ["It is not your turn.", None]
    # The same replies again (never sent twice by the hub): not ours any more, no second call.
    assert not table.take_reply({"type": "hint_ok", "table": "t1", "ref": first})
    assert not table.take_reply({"type": "error", "message": "x", "ref": second})
    assert wire.answers == ["It is not your turn.", None] and not table.awaiting_replies()


def test_leaving_answers_a_waiting_request_with_a_refusal_and_drops_the_late_reply() -> None:
    wire = Wire()
    table = wire.table()
    ref = wire.ask(table)
    table.leave()
    assert wire.sent[-1] == {"type": "leave", "table": "t1"}
    assert wire.answers == ["You left the table."]
    assert table.awaiting_replies()
    assert table.take_reply({"type": "hint_ok", "table": "t1", "ref": ref})  # swallowed
    assert wire.answers == ["You left the table."] and not table.awaiting_replies()
    sent = len(wire.sent)
    table.request_hint(wire.answers.append)  # after leaving: refused at once, nothing sent
    assert wire.answers == ["You left the table."] * 2 and len(wire.sent) == sent


def test_a_lost_connection_refuses_every_waiting_request_once() -> None:
    wire = Wire()
    table = wire.table()
    refs = [wire.ask(table) for _ in range(2)]
    table.settle("The connection to the server was lost.")
    table.settle("The connection to the server was lost.")  # (twice: still once each)
    assert wire.answers == ["The connection to the server was lost."] * 2
    for ref in refs:
        assert table.take_reply({"type": "error", "message": "Slow down.", "ref": ref})
    assert len(wire.answers) == 2
