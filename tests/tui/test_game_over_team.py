"""The game-over screen of a co-operative game: one Team column, the team, the outcome."""

from __future__ import annotations

import asyncio

from textual.widgets import DataTable, Static

from core.settlement import GAME
from core.settlement.bots import reference_action
from core.table import Table
from tests.tui.helpers import seats
from tui.app import MeepleApp
from tui.screens.game_over import GameOverScreen


def _finished(seed: int, difficulty: str) -> Table[object]:
    """A three-seat Settlement table played to the end by the reference team's moves."""
    table: Table[object] = Table.new(GAME, seats("human", "human", "human"), seed,
                                     {"difficulty": difficulty})
    while not table.is_over():
        seat = table.to_act()[0]
        table.submit(seat, reference_action(table.view(seat), seat))
    return table


def _seed_where(won: bool, difficulty: str) -> int:
    """The first seed whose reference game is won (or lost)."""
    for seed in range(1, 100):
        table = _finished(seed, difficulty)
        if bool(table.result().winners) == won:
            return seed
    raise AssertionError("no such seed")


def _shown(seed: int, difficulty: str) -> tuple[str, list[str], list[str], int]:
    async def main() -> tuple[str, list[str], list[str], int]:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await app.push_screen(GameOverScreen(_finished(seed, difficulty)))
            await pilot.pause()
            over = app.screen
            headline = str(over.query_one("#headline", Static).render())
            notes = [str(n.render()) for n in over.query(".note").results(Static)]
            grid = over.query_one("#breakdown", DataTable)
            columns = [str(c.label) for c in grid.columns.values()]
            return headline, notes, columns, grid.row_count

    return asyncio.run(main())


def test_a_won_game_shows_the_team_and_one_column() -> None:
    headline, notes, columns, rows = _shown(_seed_where(True, "easy"), "easy")
    assert "the team wins" in headline
    assert columns == ["", "Team"] and rows == 5
    assert any("The team: A" in n and "B" in n and "C" in n for n in notes)
    assert any("The town is content" in n for n in notes)


def test_a_lost_game_says_why_and_names_no_winner() -> None:
    headline, notes, columns, _ = _shown(_seed_where(False, "hard"), "hard")
    assert "the team has lost" in headline and "wins" not in headline
    assert columns == ["", "Team"]
    assert any(n.startswith("Lost") for n in notes)
