"""A whole Intendentes game through the app's keys: one human mayor and two easy bots, from
the new game to the game-over screen with the final scoring's breakdown (spec §11)."""

from __future__ import annotations

import asyncio

from textual.widgets import DataTable

from core.intendentes.actions import Bid
from core.intendentes.content import ROUNDS
from core.rng import Rng
from tui.app import MeepleApp, StartRequest
from tui.games.intendentes import IntendentesScreen
from tui.screens.game_over import GameOverScreen

from tests.tui.helpers import seats, wait_for_screen, wait_for_turn
from tests.tui.test_intendentes import play_by_keys


def test_full_three_mayor_game_by_keys_only() -> None:
    """Every decision of the human mayor is made with keys: bids typed into the bid entry,
    the rest on the board cursor or in the move list; the bots play theirs. The game ends
    after round 8 on the game-over screen, whose breakdown lists every §11 category."""

    async def main() -> None:
        request = StartRequest(game="intendentes", seats=seats("human", "easy", "easy"), seed=8,
                               options={"first_player": "0"})
        app = MeepleApp(start=request, bot_delay=0)
        rng = Rng(5)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await wait_for_screen(pilot, IntendentesScreen)
            table = screen.table
            moves = bids = 0
            while not table.is_over() and moves < 1500:
                await wait_for_turn(pilot, screen)
                if table.is_over():
                    break
                legal = table.legal_actions(0)
                amounts = sorted(a.amount for a in legal if isinstance(a, Bid))
                if amounts and rng.random() < 0.5:
                    # a bid near the lowest, as a player would: never a random share of $40
                    choice: object = Bid(amounts[min(len(amounts) - 1, rng.randbelow(3))])
                else:
                    choice = legal[rng.randbelow(len(legal))]
                before = len(table.log)
                await play_by_keys(pilot, screen, choice)
                assert any(e.seat == 0 and e.action == choice for e in table.log[before:]), choice
                moves += 1
                bids += isinstance(choice, Bid)
            assert table.is_over(), "the game did not finish"
            assert bids > 0, "the test must bid through the entry at least once"
            assert table.state.round == ROUNDS
            over = await wait_for_screen(pilot, GameOverScreen)
            result = table.result()
            assert "District" in result.categories and "Happiness" in result.categories
            assert over.query_one("#breakdown", DataTable).row_count == len(result.categories)

    asyncio.run(main())
