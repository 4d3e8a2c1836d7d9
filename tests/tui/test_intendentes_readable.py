"""Intendentes readable at 80x24 (issue 29): every place the cursor reaches has a detail
line shown whole, the card viewer (i) tells the content file's text of that thing, the
board speaks in words rather than codes, and the round and phase are said once.

The positions: the first screen, an auction with a special and a security block on
show, a Planning choice (plans in hand and just drawn), a Security turn (a security and
a special block owned, penalty cards held, the event turned up) and the last round."""

from __future__ import annotations

import asyncio
import re
from typing import Any, Callable

import pytest
from textual.widgets import Static

from core.intendentes.content import (
    BLOCKS,
    DECLINE_CARD_SPLENDOR,
    DECLINE_DEMONSTRATION_SPLENDOR,
    DISCONTENT_MAX,
    EVENTS,
    FISTS,
    MARKET_PRICES,
    PLANS,
    RISK_UNIQUE_LOWEST,
    SECURITY_KINDS,
    SPECIAL,
    WAREHOUSE_MAX,
)
from core.intendentes.state import NONE, S_KEEP, S_OPEN, S_SECURITY, State
from core.table import Table
from tests.tui.helpers import open_game, random_table
from tests.tui.readable import clipped, text_of, walk_places
from tui.app import MeepleApp
from tui.games.intendentes import IntendentesScreen
from tui.screens.card_viewer import CardViewerScreen
from tui.widgets.picture import BoardPicture

KINDS = {"slot", "line", "figures", "market", "risk", "cards", "track", "block", "plan", "drawn"}
"""Every kind of place the Intendentes board has."""


def keeping(table: Table[Any]) -> bool:
    """Seat 0 keeps one of two plans drawn, with a plan in hand already."""
    state = table.state
    return 0 in table.to_act() and state.step == S_KEEP and bool(state.hand[0])


def securing(table: Table[Any]) -> bool:
    """Seat 0's Security turn with a security and a special block, cards and plans."""
    state = table.state
    kinds = {BLOCKS[b].kind for b in state.blocks[0]}
    return (0 in table.to_act() and state.step == S_SECURITY and bool(kinds & SECURITY_KINDS)
            and SPECIAL in kinds and any(state.cards[0]) and bool(state.hand[0]))


def bidding(table: Table[Any]) -> bool:
    """Seat 0 opens an auction; a special and a security block are for sale."""
    state = table.state
    kinds = {BLOCKS[b].kind for b in state.display if b != NONE}
    return 0 in table.to_act() and state.step == S_OPEN and SPECIAL in kinds and bool(kinds & SECURITY_KINDS)


def last_round(table: Table[Any]) -> bool:
    return table.state.round == 8 and 0 in table.to_act()


POSITIONS: dict[str, Callable[[Table[Any]], bool] | None] = {
    "first": None, "bidding": bidding, "keeping": keeping, "securing": securing, "last": last_round}


def table_at(name: str) -> Table[Any]:
    until = POSITIONS[name]
    table = random_table("intendentes", ("human", "human"), seed=1, until=until)
    assert until is None or until(table), f"no {name} position"
    return table


def expected(place: tuple[str, int], view: State) -> list[str]:
    """Words of the content file the viewer must show for ``place``."""
    kind, which = place
    if kind == "slot":
        block = view.display[which] if which < 3 else view.next_block
        return expected(("block", block), view) + [f"${BLOCKS[block].cost}", f"+{BLOCKS[block].splendor}"]
    if kind == "block":
        info = BLOCKS[which]
        words = [info.name, info.text]
        if info.population:
            words += [f"room for {info.capacity}"] + ([f"${info.money}"] if info.money else []) + \
                ([f"{info.food} food"] if info.food else [])
        return words
    if kind in ("plan", "drawn"):
        info = PLANS[which]
        return [info.name, info.text, f"${info.cost}", *info.ids]
    if kind == "line":
        return [EVENTS[view.event].text] if view.event >= 0 else []
    if kind == "market":
        return [f"${price}" for price in MARKET_PRICES]
    if kind == "track":
        return [str(DISCONTENT_MAX)] + [f"{space} ({n})" for space, n in FISTS.items()]
    if kind == "risk":
        return [f"earns {RISK_UNIQUE_LOWEST} splendor"]
    if kind == "cards":
        return [f"costs {DECLINE_DEMONSTRATION_SPLENDOR if which == 3 else DECLINE_CARD_SPLENDOR} splendor"]
    return [f"{WAREHOUSE_MAX} at most"]  # figures


def test_the_viewer_tells_the_content_of_every_kind_of_place() -> None:
    """At each place of each position, the card viewer's text holds the content file's
    text of that thing (a block's name, numbers and effect text; a plan's text, cost and
    cards; the event's text; the market's prices; the track's fists ...), as plain words
    (no control character shown as a symbol); every kind of place is met, blocks of every
    kind among them."""

    async def main() -> None:
        seen: set[str] = set()
        block_kinds: set[int] = set()
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            for name in POSITIONS:
                table = table_at(name)
                screen = await open_game(pilot, table)
                view = screen.current_view()
                places = screen.place_map(view)
                assert places, name
                for where, place in places.items():
                    screen.board_cursor.select(where)
                    card = screen.place_card(view)
                    assert card is not None, (name, place)
                    shown = card.plain_text()
                    missing = [word for word in expected(place, view) if word not in shown]
                    assert not missing, f"{name} {place}: {missing} not in {shown!r}"
                    assert "␊" not in shown, f"{name} {place}: {shown!r}"
                    seen.add(place[0])
                    if place[0] in ("slot", "block"):
                        block = place[1] if place[0] == "block" else \
                            (view.display[place[1]] if place[1] < 3 else view.next_block)
                        block_kinds.add(BLOCKS[block].kind)
                app.pop_screen()
                await pilot.pause()
        assert seen == KINDS, KINDS - seen
        assert block_kinds == set(range(7)), "a block of every kind"

    asyncio.run(main())


@pytest.mark.parametrize("name", ["bidding", "keeping", "securing", "last"])
def test_every_detail_is_whole_and_the_cursor_in_view_at_80x24(name: str) -> None:
    """The detail of every place is shown whole, the viewer opens on it (the shared
    walk), and the place under the cursor is in the board's view (the board scrolls
    above the detail when the district is long)."""

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_game(pilot, table_at(name))
            await pilot.pause()
            problems = await walk_places(pilot, screen)
            assert not problems, "\n".join(problems[:8])
            board = screen.query_one("#in-board")
            picture = screen.query_one("#in-picture", BoardPicture)
            for index, target in enumerate(screen.board_cursor.targets):
                screen.board_cursor.index = index
                screen.update_board(screen.current_view())
                await pilot.pause()
                row = picture.region.y + target.row
                assert board.region.y <= row < board.region.bottom, f"{target} out of view"

    asyncio.run(main())


CODES = re.compile(r"\b(?:[FWID][+-]?\d+|f\d+|\d+o|unr|off [FWID])\b|△\d")
"""What the board wrote before words: "F+1", "W2", "f3", "2o", "unr", "off F W", "△3"."""


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_the_board_speaks_in_words_and_says_the_round_once(size: tuple[int, int]) -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=size) as pilot:
            for name in ("first", "securing"):
                screen = await open_game(pilot, table_at(name))
                await pilot.pause()
                lines = screen.query_one("#in-picture", BoardPicture).plain_lines()
                codes = [line for line in lines if CODES.search(line)]
                assert not codes, codes
                status = text_of(screen.query_one("#status", Static)).plain
                assert "Phase" in status and "Round" in status
                everything = "\n".join(lines) + text_of(screen.query_one("#in-detail", Static)).plain
                assert "Round" not in everything, "the round is told once, on the status line"
                app.pop_screen()
                await pilot.pause()

    asyncio.run(main())


def test_i_opens_the_viewer_and_escape_closes_it() -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_game(pilot, table_at("keeping"))
            view = screen.current_view()
            drawn = next(where for where, place in screen.place_map(view).items() if place[0] == "drawn")
            screen.board_cursor.select(drawn)
            screen.update_board(view)
            await pilot.press("i")
            await pilot.pause()
            viewer = app.screen
            assert isinstance(viewer, CardViewerScreen)
            plan = PLANS[screen.place_map(view)[drawn][1]]
            assert viewer.card.title == plan.name and plan.text in viewer.card.text.plain
            assert "keep one" in viewer.card.state.plain
            assert clipped(viewer.query_one("#card-title", Static)) is None
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, IntendentesScreen)

    asyncio.run(main())
