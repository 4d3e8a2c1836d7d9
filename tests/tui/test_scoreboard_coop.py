"""The scoreboard of a co-operative game (Settlement) shows the team's score once, on a
Team line, and the seats without a score of their own; a competitive game's scoreboard
keeps a score on every seat's line."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest

from tests.tui.helpers import open_game, random_table, wait_for_turn
from tests.tui.test_settlement import open_settlement, settlement_table
from tui.app import MeepleApp
from tui.widgets.scoreboard import score_text


def seat_lines(lines: list[str], table: Any) -> dict[int, str]:
    """The line of each seat (the one holding its tag, "A Ada")."""
    found: dict[int, str] = {}
    for seat in table.seats:
        tag = f"{chr(ord('A') + seat.index)} {seat.name}"
        mine = [line for line in lines if tag in line]
        assert len(mine) == 1, (tag, lines)
        found[seat.index] = mine[0]
    return found


def test_a_cooperative_scoreboard_shows_one_team_score_and_none_per_seat() -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            # (tokens won: a team score above 0; Ada to act, so the bot waits)
            table = settlement_table(lambda t: t.state.tokens >= 1 and t.to_act() == [0],
                                     kinds=("human", "easy", "human"))
            assert table.game.cooperative and not table.is_over()
            screen = await open_settlement(pilot, table)
            view = screen.current_view()
            standings = table.game.standings(view)
            score = standings.projected[0]
            assert score > 0 and set(standings.projected) == {score}
            lines = str(screen.query_one("#scoreboard").render()).split("\n")
            team = [line for line in lines if "Team" in line]
            assert team == [f" Team {score_text(standings, 0)}"], lines
            assert lines[0] == team[0], "the team line stands above the seats"
            assert sum(str(score) in line for line in lines) == 1, "the score is shown once"
            rows = seat_lines(lines, table)
            for seat, line in rows.items():
                assert not re.search(r"\d", line), f"no score on a seat's line: {line!r}"
            assert rows[0].startswith("▶") and "(you)" in rows[0]
            assert "easy" in rows[1] and not rows[1].startswith("▶")
            # The game's own figures (the characters each seat holds) are still there.
            board = "\n".join(lines)
            for seat, extra in screen.scoreboard_extra(view).items():
                assert extra.plain.strip() in board, (seat, extra.plain)
            assert "points if the game ended now" in str(screen.query_one("#seats-head").render())

    asyncio.run(main())


@pytest.mark.parametrize("game_id", ["council", "quadropolis"])
def test_a_competitive_scoreboard_keeps_a_score_on_every_seat(game_id: str) -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = random_table(game_id, ("human", "easy"), seed=4, moves=12)
            assert not table.game.cooperative
            screen = await open_game(pilot, table)
            await wait_for_turn(pilot, screen)  # the bot has moved: the numbers stand still
            standings = table.game.standings(screen.current_view())
            lines = str(screen.query_one("#scoreboard").render()).split("\n")
            assert not any("Team" in line for line in lines), lines
            for seat, line in seat_lines(lines, table).items():
                assert score_text(standings, seat) in line, (seat, line)

    asyncio.run(main())
