"""The session zygote's warm-up (tui.hub_app.warm_up) covers the game screens too: a
session that opens a table straight away (a seated player back at it) parses no CSS."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.tui.helpers import css_parses_after_warm_up
from tui import hub_app
from tui.widgets.hint_panel import HintPanel


@pytest.mark.parametrize("game_id", ["council", "quadropolis", "elgrande", "intendentes", "settlement"])
def test_after_the_warm_up_a_game_screen_and_its_hint_panel_parse_no_css(game_id: str) -> None:
    from core.registry import get_game
    from core.table import Seat, Table
    from tui.games import screen_for

    with css_parses_after_warm_up() as parsed:
        game = get_game(game_id)
        seats = [Seat(i, f"P{i}") for i in range(max(2, game.info.min_players))]
        options = {"first_player": "0"} if any(o.key == "first_player" for o in game.info.options) else {}
        shown: list[str] = []

        async def scenario(pilot: Any) -> None:
            await pilot.pause()
            screen = screen_for(game_id)(Table.new(game, seats, 3, options), None)
            await pilot.app.push_screen(screen)
            await pilot.pause()
            screen.query_one(HintPanel).build()  # (as the first hint asked does)
            await pilot.pause()
            shown.extend(type(screen).__name__ for screen in pilot.app.screen_stack)
            pilot.app.exit()

        app = hub_app.HubApp("", "", connect=False)
        asyncio.run(app.run_async(headless=True, size=(80, 24), auto_pilot=scenario))
        assert screen_for(game_id).__name__ in shown
        assert [css[:200] for css in parsed] == []
