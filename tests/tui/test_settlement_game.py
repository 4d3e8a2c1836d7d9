"""A whole Settlement game through the app's keys: one human holding all nine characters
(solo), from the start to the game-over screen with the team's result."""

from __future__ import annotations

import asyncio

from textual.widgets import DataTable, Static

from core.settlement.actions import Finish, Swap
from core.settlement.bots import reference_action
from tui.app import MeepleApp
from tui.screens.game_over import GameOverScreen

from tests.tui.helpers import wait_for_screen
from tests.tui.test_settlement import open_settlement, play_by_keys, settlement_table


def test_a_solo_game_by_keys_only_to_the_game_over_screen() -> None:
    """Every decision is made with keys, the reference team's choices (spec B.2): Enter on
    the pawn's field, Enter on the stock for other work, the trade form, Enter on the
    shop's items and e for Done, the fate field for the Tax collector. The game ends on the
    game-over screen with the shared result: won or lost, the reason and the team score."""

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = settlement_table(kinds=("human",), seed=4)
            screen = await open_settlement(pilot, table)
            assert screen.viewer == 0 and set(table.state.holder) == {0}, "solo: one seat holds all nine"
            trades = 0
            for _ in range(600):
                if table.is_over():
                    break
                assert table.to_act() == [0]
                action = reference_action(table.state, 0)
                before = len(table.log)
                await play_by_keys(pilot, screen, action)
                assert len(table.log) > before, (action, table.state.step)
                if isinstance(action, Swap) or (isinstance(action, Finish) and action.tax >= 0):
                    trades += 1
                    # the form made the reference team's whole trade, one move at a time
                    made = [e.action for e in table.log[before:]]
                    assert isinstance(made[-1], Finish), made
            assert table.is_over(), "the game did not finish"
            assert trades > 0, "the test must trade through the form at least once"
            over = await wait_for_screen(pilot, GameOverScreen)
            result = table.result()
            headline = str(over.query_one("#headline", Static).content)
            won = table.state.outcome == "won"
            assert ("wins" if won else "lost") in headline, headline
            notes = " ".join(str(w.content) for w in over.query(".note"))
            assert result.notes[0] in notes
            assert "Team score" in result.categories
            assert over.query_one("#breakdown", DataTable).row_count == len(result.categories)

    asyncio.run(main())
