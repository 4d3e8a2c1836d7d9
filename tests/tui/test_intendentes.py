"""Pilot tests of the Intendentes screen: bids through the bid entry, moves through the board
cursor and the move list, the districts at 80x24 (Tab) and 120x40 (side by side).

The helpers here (:func:`intendentes_table`, :func:`open_intendentes`, :func:`bid_by_keys`,
:func:`play_by_keys`) serve the whole-game and snapshot tests too: a bid is typed into the
bid entry, every other move goes through the shared cursor or the move list.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable

from textual.pilot import Pilot

from core.intendentes import GAME
from core.intendentes.actions import Bid, Decline, End, Move, Open, Pass
from core.intendentes.state import S_AUCTION, S_DEMOGRAPHY, S_OPEN, S_OPEN_BID, State
from core.rng import Rng
from core.table import Table
from saves import Autosaver
from tui.app import MeepleApp
from tui.games.intendentes import IntendentesScreen
from tui.widgets.action_list import ActionList
from tui.widgets.number_entry import NumberEntry
from tui.widgets.picture import BoardPicture

from tests.tui.helpers import cursor_keys, play_with_cursor, seats


def intendentes_table(until: Callable[[Table[Any]], bool] | None = None,
                      kinds: tuple[str, ...] = ("human", "easy", "easy"), seed: int = 5, play_seed: int = 2,
                      options: dict[str, Any] | None = None) -> Table[Any]:
    """An Intendentes table (seat 0 first in round 1) after seeded random moves until
    ``until(table)`` (none: as set up)."""
    table = Table.new(GAME, seats(*kinds), seed, {"first_player": "0", **(options or {})})
    rng = Rng(play_seed)
    while until is not None and not table.is_over() and not until(table):
        seat = table.to_act()[0]
        actions = table.legal_actions(seat)
        table.submit(seat, actions[rng.randbelow(len(actions))])
    return table


def seat0_at(step: int) -> Callable[[Table[Any]], bool]:
    """Until seat 0 must decide at ``step``."""
    return lambda table: 0 in table.to_act() and table.state.step == step


async def open_intendentes(pilot: Pilot[Any], table: Table[Any]) -> IntendentesScreen:
    """Push the Intendentes screen of ``table`` (built directly, as the game is not in the
    registry yet) and lift the hand-off curtain if there is one."""
    from tui.screens.curtain import HandOffScreen

    screen = IntendentesScreen(table, Autosaver.start(table, "test game"))
    await pilot.app.push_screen(screen)
    await pilot.pause()
    if isinstance(pilot.app.screen, HandOffScreen):
        await pilot.press("enter")
        await pilot.pause()
    return screen


async def bid_by_keys(pilot: Pilot[Any], screen: IntendentesScreen, amount: int) -> None:
    """Bid ``amount`` as a player would: the cursor on the block auctioned, Enter for the bid
    entry (if it does not have the keys already), the amount typed, Enter."""
    entry = screen.query_one("#in-bid", NumberEntry)
    if screen.focused is not entry:
        if screen.focused is not screen.query_one("#in-board"):
            await pilot.press("escape")
            await pilot.pause()
        view = screen.current_view()
        goal = screen.board_position(Bid(amount), view)
        assert goal is not None
        await pilot.press(*cursor_keys(screen, goal), "enter")
        await pilot.pause()
    assert screen.focused is entry
    await pilot.press(*str(amount), "enter")
    await pilot.pause()


async def play_by_keys(pilot: Pilot[Any], screen: IntendentesScreen, action: Any) -> None:
    """Any move by keys: a bid in the bid entry, the rest through the cursor or the list."""
    if isinstance(action, Bid):
        await bid_by_keys(pilot, screen, action.amount)
    else:
        await play_with_cursor(pilot, screen, action)


def board_lines(screen: IntendentesScreen) -> list[str]:
    """The board picture's rows as shown."""
    return screen.query_one("#in-picture", BoardPicture).plain_lines()


def district_top(screen: IntendentesScreen) -> int:
    """The first row of the district drawn in full (the market's rows above it)."""
    return screen.market_places(screen.current_view()).end


def district_text(screen: IntendentesScreen) -> str:
    """The rows of the district drawn in full (and, wide, the others' after it)."""
    return "\n".join(board_lines(screen)[district_top(screen):])


def test_a_bid_through_the_bid_entry() -> None:
    """Open a block from the board, raise the first bid with Up, bid with Enter."""

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = intendentes_table(seat0_at(S_OPEN))
            screen = await open_intendentes(pilot, table)
            view: State = table.view(0)
            slot = next(s for s in range(3) if Open(s) in table.legal_actions(0))
            await play_with_cursor(pilot, screen, Open(slot))
            assert table.state.step == S_OPEN_BID and table.state.actor == 0
            entry = screen.query_one("#in-bid", NumberEntry)
            assert entry.display and screen.focused is entry, "the bid entry has the keys"
            lowest = min(a.amount for a in table.legal_actions(0) if isinstance(a, Bid))
            assert (entry.low, entry.value) == (lowest, lowest)
            assert entry.high == view.money[0]
            labels = [text for text, _ in screen.query_one("#actions", ActionList)._items]
            assert len(labels) == 1 and "bid" in labels[0].lower(), labels
            await pilot.press("up", "up", "up")
            assert entry.value == lowest + 3
            before = len(table.log)
            await pilot.press("enter")
            await pilot.pause()
            assert table.log[before].seat == 0 and table.log[before].action == Bid(lowest + 3)

    asyncio.run(main())


def test_an_amount_out_of_range_is_not_bid_and_escape_returns_to_the_board() -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = intendentes_table(seat0_at(S_OPEN_BID), kinds=("human", "human", "human"))
            screen = await open_intendentes(pilot, table)
            entry = screen.query_one("#in-bid", NumberEntry)
            assert screen.focused is entry
            money = table.view(0).money[0]
            before = len(table.log)
            await pilot.press(*str(money + 1), "enter")
            await pilot.pause()
            assert len(table.log) == before, "more than the mayor's money is never bid"
            assert entry.refused and "above the highest" in entry.text().plain
            await pilot.press("escape")
            await pilot.pause()
            board = screen.query_one("#in-board")
            assert screen.focused is board
            assert screen.cursor_position == screen.board_position(Bid(entry.low), screen.current_view())
            await pilot.press("enter")  # on the block auctioned: the bid entry again
            await pilot.pause()
            assert screen.focused is entry
            await pilot.press(*str(entry.low), "enter")
            await pilot.pause()
            assert table.log[before].action == Bid(entry.low)

    asyncio.run(main())


def test_passing_in_an_auction_is_a_move_in_the_list_and_e() -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = intendentes_table(seat0_at(S_AUCTION), kinds=("human", "human", "human"))
            screen = await open_intendentes(pilot, table)
            legal = table.legal_actions(0)
            shown = screen.query_one("#actions", ActionList)._shown
            bids = [a for a in shown if isinstance(a, Bid)]
            assert len(bids) == 1 and bids[0].amount == min(a.amount for a in legal if isinstance(a, Bid))
            assert Pass() in shown, "passing stays a move in the list"
            # e passes (the entry has the keys, and e is not one of them)
            before = len(table.log)
            await pilot.press("e")
            await pilot.pause()
            assert table.log[before].action == Pass()

    asyncio.run(main())


def test_a_demography_move_through_the_board_cursor() -> None:
    """An inhabitant moved from a block: the cursor on it, Enter, the destination in the
    list (or played at once when there is only one); then e ends the turn."""

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = intendentes_table(
                lambda t: seat0_at(S_DEMOGRAPHY)(t) and any(isinstance(a, Move) for a in t.legal_actions(0)),
                kinds=("human", "human", "human"))
            screen = await open_intendentes(pilot, table)
            moves = [a for a in table.legal_actions(0) if isinstance(a, Move)]
            move = moves[-1]
            where = screen.board_position(move, screen.current_view())
            assert where is not None and where[0] >= district_top(screen), "a move is made on a block of the district"
            view = table.view(0)
            source = view.position(0, move.from_block)
            had = view.people[0][source]
            before = len(table.log)
            await play_with_cursor(pilot, screen, move)
            assert table.log[before].action == move
            assert table.state.people[0][source] == had - 1
            # The detail line tells the block under the cursor.
            assert str(screen.query_one("#in-detail").render()).strip()
            if 0 in table.to_act() and End() in table.legal_actions(0):
                if screen.focused is not screen.query_one("#in-board"):
                    screen.focus_board()
                    await pilot.pause()
                before = len(table.log)
                await pilot.press("e")
                await pilot.pause()
                assert table.log[before].action == End()

    asyncio.run(main())


def test_open_and_decline_are_listed_at_a_card_and_played_from_the_list() -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = intendentes_table(seat0_at(S_OPEN), kinds=("human", "human", "human"))
            screen = await open_intendentes(pilot, table)
            decline = next(a for a in table.legal_actions(0) if isinstance(a, Decline))
            goal = screen.board_position(decline, screen.current_view())
            assert goal is not None
            await pilot.press(*cursor_keys(screen, goal), "enter")
            await pilot.pause()
            actions = screen.query_one("#actions", ActionList)
            assert actions.narrowed and set(actions._shown) == {Open(decline.slot), decline} & set(
                table.legal_actions(0))
            before = len(table.log)
            await play_with_cursor(pilot, screen, decline)
            assert table.log[before].action == decline

    asyncio.run(main())


def test_80x24_shows_one_district_and_tab_the_others() -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = intendentes_table(seat0_at(S_DEMOGRAPHY), kinds=("human", "human", "human"))
            screen = await open_intendentes(pilot, table)
            text = district_text(screen)
            assert "B Brook" not in text
            assert text.startswith("A Ada") and "discontent" in text and "risk  fire" in text
            status = str(screen.query_one("#status").render())
            assert status.startswith("Round 1/8 · Phase 2 Demography"), "the round and phase, once"
            await pilot.press("tab")
            await pilot.pause()
            assert district_text(screen).startswith("B Brook")
            assert all(t.row < district_top(screen) for t in screen.board_cursor.targets), "only the cards while another is shown"
            await pilot.press("tab", "tab")
            await pilot.pause()
            assert district_text(screen).startswith("A Ada")
            await pilot.press("tab", "right")
            await pilot.pause()
            assert district_text(screen).startswith("A Ada"), "an arrow brings yours back"

    asyncio.run(main())


def test_120x40_shows_the_other_districts_side_by_side() -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            table = intendentes_table(seat0_at(S_DEMOGRAPHY), kinds=("human", "human", "human"),
                                      options={"hidden_money": True})
            screen = await open_intendentes(pilot, table)
            text = district_text(screen)
            assert text.startswith("A Ada")
            assert "B Brook" in text and "C Cyd" in text, "the others' districts are drawn too"
            assert "$?" in text, "hidden money is not shown"
            assert "$?" not in text.splitlines()[0], "the viewer's own money is"

    asyncio.run(main())
