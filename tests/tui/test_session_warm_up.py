"""The session zygote's warm-up (tui.hub_app.warm_up) covers the game screens too: a
session that opens a table straight away (a seated player back at it) parses no CSS."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tui import hub_app


@pytest.mark.parametrize("game_id", ["council", "quadropolis", "elgrande", "intendentes", "settlement"])
def test_after_the_warm_up_a_game_screen_parses_no_css(game_id: str) -> None:
    from textual.css import stylesheet

    from core.registry import get_game
    from core.table import Seat, Table
    from tui.games import screen_for

    parse = stylesheet.parse
    parsed: list[str] = []

    def counted(scope: str, css: str, *args: Any, **kwargs: Any) -> Any:
        parsed.append(css)
        return parse(scope, css, *args, **kwargs)

    stylesheet.parse = counted  # type: ignore[assignment]
    undo = hub_app.share_parsed_css()
    try:
        hub_app.warm_up()
        assert parsed  # (the warm-up itself parsed everything once)
        parsed.clear()
        game = get_game(game_id)
        seats = [Seat(i, f"P{i}") for i in range(max(2, game.info.min_players))]
        options = {"first_player": "0"} if any(o.key == "first_player" for o in game.info.options) else {}
        shown: list[str] = []

        async def scenario(pilot: Any) -> None:
            await pilot.pause()
            await pilot.app.push_screen(screen_for(game_id)(Table.new(game, seats, 3, options), None))
            await pilot.pause()
            shown.extend(type(screen).__name__ for screen in pilot.app.screen_stack)
            pilot.app.exit()

        app = hub_app.HubApp("", "", connect=False)
        asyncio.run(app.run_async(headless=True, size=(80, 24), auto_pilot=scenario))
        assert screen_for(game_id).__name__ in shown
        assert [css[:200] for css in parsed] == []
    finally:
        stylesheet.parse = parse  # type: ignore[assignment]
        undo()
