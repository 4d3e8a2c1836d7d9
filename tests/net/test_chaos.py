"""A tiny chaos bench (bench/chaos.py): a hub process killed twice in a storm of moves
from four people keeps every move they saw confirmed; and the bench's check does catch a
confirmed move missing from the resumed game."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from bench.chaos import Chaos, missing_confirmed, run_kills


def test_two_kills_lose_nothing_confirmed(tmp_path: Path) -> None:
    lines: list[str] = []
    rounds = asyncio.run(run_kills(2, 4, 7, tmp_path, say=lines.append, storms=(0.5, 1.5)))
    assert len(rounds) == 2 and len(lines) == 2
    assert sum(r.answered for r in rounds) > 0 and rounds[-1].confirmed_before > 0
    for r in rounds:
        assert r.missing == 0 and r.tables_missing == 0, r
        assert r.in_flight <= 4 and r.lost <= 1 and r.lost_applied == 0
        assert r.unread + r.in_flight_saved + r.refused + r.lost == r.in_flight


def entry(seat: int, text: str, action: Any = None) -> dict[str, Any]:
    """A log entry as the table message has it (``action`` left out when None)."""
    return {"seat": seat, "text": text, **({} if action is None else {"action": action})}


def test_the_check_finds_a_confirmed_move_missing_or_changed() -> None:
    seen = [entry(0, "A takes 3"), entry(1, "B passes", {"kind": "pass"}), entry(0, "A builds")]
    assert missing_confirmed(seen, seen + [entry(1, "B passes")]) == 0
    assert missing_confirmed(seen, seen[:2]) == 1  # the last confirmed move is gone
    assert missing_confirmed(seen, []) == 3
    changed = [seen[0], entry(1, "B passes", {"kind": "take"}), seen[2]]
    assert missing_confirmed(seen, changed) == 2  # a different move in its place
    hidden = [seen[0], entry(1, "B passes"), seen[2]]  # another viewer's log: no action shown
    assert missing_confirmed(seen, hidden) == 0


def test_a_lost_confirmed_move_is_counted_after_a_restart(tmp_path: Path) -> None:
    """The whole path from the resumed tables to the count: a move a person 'saw' that the
    hub never had is reported missing."""

    async def main() -> int:
        chaos = Chaos(tmp_path, 2, 5, say=lambda line: None)
        try:
            await chaos.start()
            person = chaos.people[0]
            table_id = chaos.groups[0].table_id
            real = person.seen[table_id]
            person.seen[table_id] = real + [entry(0, "a move the hub never confirmed")]
            original_play = type(person).play

            async def idle(self: Any, storm: Any) -> None:
                while not storm.stopped:
                    await asyncio.sleep(0.01)

            type(person).play = idle  # type: ignore[method-assign]
            try:
                result = await chaos.kill_round(0.2)
            finally:
                type(person).play = original_play  # type: ignore[method-assign]
            return result.missing
        finally:
            await chaos.close()

    assert asyncio.run(main()) == 1
