"""A person whose one legal move may be forced by their secrets is asked, with that move
offered; "Play my only move for me" in the settings makes it for them."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.pilot import Pilot

from core.table import Table
from tests.tui.helpers import open_game, random_table
from tui.app import MeepleApp


def forced_table() -> Table[Any]:
    """Intendentes, two people, hidden money, at a decision with a single legal move."""
    table = random_table("intendentes", ("human", "human"), seed=4, options={"hidden_money": True},
                         until=lambda t: len(t.legal_actions(t.to_act()[0])) == 1)
    assert not table.is_over()
    return table


def run_with(play_only_move: bool) -> tuple[int, int, Table[Any]]:
    """Open the forced position; the log's length before and after, and the table."""
    table = forced_table()
    before = len(table.log)

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.settings.play_only_move = play_only_move
            await open_game(pilot, table)
            await pilot.pause()

    asyncio.run(main())
    return before, len(table.log), table


def test_a_single_move_is_asked_for_not_made() -> None:
    before, after, table = run_with(False)
    assert after == before  # the person decides, with the one move in the list
    assert len(table.legal_actions(table.to_act()[0])) == 1


def test_the_setting_makes_the_only_move_for_the_player() -> None:
    before, after, table = run_with(True)
    assert after > before
    entry = table.log[before]
    assert "only option" not in entry.text  # it reads as the same move chosen
