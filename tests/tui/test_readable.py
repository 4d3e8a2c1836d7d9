"""Readable at 80x24 (issue 29), in every game: at each place the board's cursor reaches,
on the first screen and in the middle of a game, the detail under the board is shown
whole and ``i`` opens the card viewer with the place's whole text; the move list's rows
can be told apart, and a row cut to the list's width is shown whole under it."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.widgets import Static

from core.registry import game_ids
from tests.tui.helpers import open_game, random_table
from tests.tui.readable import clipped, cut_rows, text_of, walk_places
from tui.app import MeepleApp
from tui.widgets.move_list import MoveList

# Moves played before the mid-game screen (seeded random moves), per game.
MID_GAME = {"quadropolis": 21, "council": 40, "elgrande": 60, "intendentes": 60, "settlement": 24}


def seats_of(game_id: str) -> tuple[str, ...]:
    return ("human",) if game_id == "settlement" else ("human", "human")


async def check_screen(pilot: Any, screen: Any) -> list[str]:
    problems = await walk_places(pilot, screen)
    problems += cut_rows(screen)
    await pilot.press("m")
    await pilot.pause()
    options = screen.query_one("#action-options", MoveList)
    whole = screen.query_one("#action-whole", Static)
    for index in range(options.option_count):
        if not options.is_cut(index):
            continue
        options.highlighted = index
        await pilot.pause()
        shown = text_of(whole).plain
        if options.prompt_at(index).plain not in shown:
            problems.append(f"move {index} cut, and not shown whole under the list: {shown!r}")
        problem = clipped(whole)
        if problem:
            problems.append(f"move {index}: the whole row {problem}")
    return problems


@pytest.mark.parametrize("moves", ["first", "mid"])
@pytest.mark.parametrize("game_id", game_ids())
def test_everything_a_newcomer_needs_is_whole_at_80x24(game_id: str, moves: str) -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            count = 0 if moves == "first" else MID_GAME[game_id]
            table = random_table(game_id, seats_of(game_id), seed=4, moves=count)
            screen = await open_game(pilot, table)
            await pilot.pause()
            problems = await check_screen(pilot, screen)
            assert not problems, "\n".join(problems[:12])

    asyncio.run(main())
