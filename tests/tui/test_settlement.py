"""Pilot tests of the Settlement screen: work on the track, other work on the stock, the
Merchant's trade form (a wrong trade refused and nothing changed), the mayor's shop, the
Tax collector, the draft, and the 80x24 and 120x40 boards.

The helpers here (:func:`settlement_table`, :func:`play_by_keys`, :func:`trade_by_keys`)
serve the whole-game and snapshot tests too. Tables are played on by the spec's reference
team (Appendix B.2), so the positions do not move when the bots change.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable

from textual.pilot import Pilot
from textual.widgets import Static

from core.settlement import GAME
from core.settlement.actions import (
    DONE,
    NO_TAX,
    PAY,
    Buy,
    Finish,
    Other,
    PayOne,
    Pick,
    Specialty,
    Swap,
)
from core.settlement.bots import reference_action, trade_plan
from core.settlement.content import (
    CHARACTER_AT,
    CHARACTERS,
    FATE_FIELD,
    GOODS,
    ITEMS,
    RESOURCES,
)
from core.settlement.state import State
from core.settlement.text import specialty_roll
from core.table import Controller, Seat, Table
from saves import Autosaver
from tui.app import MeepleApp
from tui.games.settlement import TAX_ROW, SettlementScreen
from tui.widgets.action_list import ActionList
from tui.widgets.picture import BoardPicture

from tests.tui.helpers import cursor_keys, play_with_cursor

NAMES = ("Ada", "Brook", "Cyd", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy")


def settlement_seats(*kinds: str) -> list[Seat]:
    """Seats named Ada, Brook, ... (up to nine) with "human" or a bot level per kind."""
    return [Seat(i, NAMES[i], Controller() if kind == "human" else Controller("bot", kind))
            for i, kind in enumerate(kinds)]


def settlement_table(until: Callable[[Table[Any]], bool] | None = None,
                     kinds: tuple[str, ...] = ("human", "human", "human"), seed: int = 3,
                     deal: str = "order", difficulty: str = "normal") -> Table[Any]:
    """A Settlement table played on by the reference team until ``until(table)`` (None: as
    set up; the game's end stops it too)."""
    table = Table.new(GAME, settlement_seats(*kinds), seed, {"characters": deal, "difficulty": difficulty})
    while until is not None and not table.is_over() and not until(table):
        seat = table.to_act()[0]
        table.submit(seat, reference_action(table.state, seat))
    return table


def at_step(step: str, also: Callable[[State], bool] = lambda s: True) -> Callable[[Table[Any]], bool]:
    """Until the game waits at ``step`` (and ``also`` holds)."""
    return lambda table: table.state.step == step and also(table.state)


async def open_settlement(pilot: Pilot[Any], table: Table[Any]) -> SettlementScreen:
    """Push the Settlement screen of ``table`` (with an autosaver) and wait for it (there
    is no hand-off curtain: nothing is secret)."""
    screen = SettlementScreen(table, Autosaver.start(table, "test game"))
    await pilot.app.push_screen(screen)
    await pilot.pause()
    return screen


def board_lines(screen: SettlementScreen) -> list[str]:
    return screen.query_one("#st-picture", BoardPicture).plain_lines()


def detail(screen: SettlementScreen) -> str:
    return screen._details.get("#st-detail", ("", []))[0]


async def trade_by_keys(pilot: Pilot[Any], screen: SettlementScreen, net: list[int], tax: int | None) -> None:
    """Set the trade form to ``net`` per good (+ bought, − paid) and the tax good (None:
    the one the form chose; −1: none) with the arrows, then Enter."""
    form = screen._form
    assert form is not None, "the trade form is shown"
    for good in GOODS:
        for _ in range(12):
            if form.row == good:
                break
            await pilot.press("down" if form.row < good else "up")
        for _ in range(12):
            if form.net[good] == net[good]:
                break
            await pilot.press("right" if form.net[good] < net[good] else "left")
        assert form.net[good] == net[good], (good, form.net, form.message)
    if tax is not None and tax >= 0:
        for _ in range(12):
            if form.row == TAX_ROW:
                break
            await pilot.press("down")
        for _ in range(12):
            if form.tax == tax:
                break
            await pilot.press("right")
        assert form.tax == tax
    await pilot.press("enter")
    await pilot.pause()


def reference_trade_form(view: State) -> tuple[list[int], int]:
    """The reference team's whole trade for the roll just made: net per good and the tax."""
    buys, pays, tax = trade_plan(view, view.stock[:], view.trade_limit)
    net = [buys.count(g) - pays.count(g) for g in GOODS]
    return net, tax


async def play_by_keys(pilot: Pilot[Any], screen: SettlementScreen, action: Any) -> None:
    """Any move the way a player makes it: the trade in its form, Done with e, the rest on
    the board cursor (or in the list the place narrows to)."""
    if isinstance(action, (Swap, Finish)):
        view = screen.current_view()
        net, tax = reference_trade_form(view)
        await trade_by_keys(pilot, screen, net, tax)
    elif action == DONE:
        await pilot.press("e")
        await pilot.pause()
    else:
        await play_with_cursor(pilot, screen, action)


def test_enter_on_the_pawns_field_is_specialty_work_with_its_roll_shown() -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = settlement_table(at_step("work", lambda s: s.round == 5 and s.pos == 0))
            screen = await open_settlement(pilot, table)
            view = table.view(table.to_act()[0])
            places = screen.places(view)
            assert screen.cursor_position == places.fields[0], "the cursor starts on the pawn's field"
            roll = specialty_roll(view, 0)
            assert roll.startswith("1-6 food") or roll.startswith("2-7 food"), roll  # (Bow +1)
            assert f"Enter: specialty, {roll}" in detail(screen), detail(screen)
            assert "●" in board_lines(screen)[1][:2], "the pawn is drawn at the Hunter's field"
            seat = table.to_act()[0]
            before = len(table.log)
            await pilot.press("enter")
            await pilot.pause()
            assert table.log[before].action == Specialty() and table.log[before].seat == seat
            assert table.state.pos == 1

    asyncio.run(main())


def test_other_work_is_enter_on_a_good_of_the_stock_and_own_product_is_refused() -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = settlement_table(at_step("work", lambda s: s.round == 2 and s.pos == 2))  # Woodcutter
            screen = await open_settlement(pilot, table)
            view = table.view(table.to_act()[0])
            places = screen.places(view)
            wood, stone = RESOURCES.index("wood"), RESOURCES.index("stone")
            before = len(table.log)
            # the Woodcutter's own product: refused with the rules' reason, nothing changes
            await pilot.press(*cursor_keys(screen, places.stock[wood]), "enter")
            await pilot.pause()
            assert len(table.log) == before
            assert any("own product" in str(n.message) for n in app._notifications), "told why"
            await pilot.press(*cursor_keys(screen, places.stock[stone]), "enter")
            await pilot.pause()
            assert table.log[before].action == Other(stone)
            assert table.state.stock[stone] == view.stock[stone] + 1

    asyncio.run(main())


def merchant_rolled(least: int) -> Callable[[Table[Any]], bool]:
    """Until the Merchant has rolled at least ``least`` and may trade."""
    return at_step("trade", lambda s: s.trade_limit >= least and s.swaps() == 0 and s.stock[2] >= 1)


def test_the_trade_form_refuses_a_wrong_trade_and_makes_a_right_one() -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = settlement_table(merchant_rolled(2))
            screen = await open_settlement(pilot, table)
            view: State = table.view(table.to_act()[0])
            form = screen._form
            assert form is not None and form.net == [0] * 5
            assert "Trade up to" in "\n".join(board_lines(screen))
            food, stone = 0, 2
            limit = view.trade_limit
            # buy as many food as the roll allows, then one more: refused as the keys go
            await pilot.press(*["right"] * (limit + 1))
            assert form.net[food] == limit and "allows" in form.message
            before = len(table.log)
            # Enter with nothing paid: refused with the reason, nothing submitted
            await pilot.press("enter")
            await pilot.pause()
            assert len(table.log) == before and table.state.step == "trade"
            assert "Pay" in form.message and "more" in form.message, form.message
            assert any("Pay" in str(n.message) for n in app._notifications)
            # pay with stone (if there is enough) and wood: then Enter trades
            await pilot.press(*["left"] * (limit - 1))  # buy just 1 food
            await pilot.press("down", "down", "left")  # pay 1 stone
            assert form.net == [1, 0, -1, 0, 0], form.net
            tax = form.tax
            await pilot.press("enter")
            await pilot.pause()
            made = [e.action for e in table.log[before:]]
            assert made[0] == Swap(food, stone)
            assert made[1] == Finish(tax) if tax >= 0 else made[1] == NO_TAX
            assert table.state.step != "trade"
            assert screen._form is None

    asyncio.run(main())


def test_the_mayors_shop_buys_with_enter_refuses_what_the_stock_cannot_pay_and_e_ends_it() -> None:
    def shop_with_a_buy(table: Table[Any]) -> bool:
        s = table.state
        return s.step == "shop" and any(isinstance(a, Buy) for a in table.legal_actions(s.mayor))

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            table = settlement_table(shop_with_a_buy)
            screen = await open_settlement(pilot, table)
            mayor = table.state.mayor
            view = table.view(mayor)
            legal = table.legal_actions(mayor)
            item = next(a.item for a in legal if isinstance(a, Buy))
            dear = next(i for i in range(len(ITEMS)) if not view.owned[i] and Buy(i) not in legal)
            places = screen.places(view)
            before = len(table.log)
            await pilot.press(*cursor_keys(screen, places.items[dear]), "enter")
            await pilot.pause()
            assert len(table.log) == before, "an item the stock cannot pay is not bought"
            assert any("still missing" in str(n.message) for n in app._notifications)
            assert "missing" in detail(screen)
            await pilot.press(*cursor_keys(screen, places.items[item]), "enter")
            await pilot.pause()
            assert table.log[before].action == Buy(item) and table.state.owned[item]
            await pilot.press("e")
            await pilot.pause()
            assert table.log[-1].action == DONE and table.state.step != "shop"

    asyncio.run(main())


def test_the_tax_collector_pay_then_three_goods_from_the_stock() -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = settlement_table(at_step("tax"), seed=2)
            screen = await open_settlement(pilot, table)
            view = table.view(table.state.mayor)
            places = screen.places(view)
            assert screen.cursor_position == places.fields[FATE_FIELD]
            assert "Tax collector" in detail(screen)
            await pilot.press("enter")  # two moves there: the list narrows to them
            await pilot.pause()
            moves = screen.query_one("#actions", ActionList)
            assert moves.narrowed and len(moves._shown) == 2
            before = len(table.log)
            await play_with_cursor(pilot, screen, PAY)
            assert table.log[before].action == PAY and table.state.step == "tax_pay"
            for _ in range(3):
                good = next(g for g in GOODS if table.state.stock[g] >= 1)
                await play_with_cursor(pilot, screen, PayOne(good))
            assert [type(e.action) for e in table.log[before + 1:]] == [PayOne] * 3
            assert table.state.step not in ("tax", "tax_pay")

    asyncio.run(main())


def test_the_draft_picks_on_the_tracks_fields() -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = settlement_table(lambda t: t.state.picks == 2, deal="draft")
            screen = await open_settlement(pilot, table)
            seat = table.to_act()[0]
            assert screen.viewer == seat, "hot-seat: the board is the picker's, no curtain"
            view = table.view(seat)
            places = screen.places(view)
            taken = next(c for c in range(len(CHARACTERS)) if view.holder[c] >= 0)
            free = next(c for c in range(len(CHARACTERS)) if view.holder[c] < 0 and c != 0)
            before = len(table.log)
            await pilot.press(*cursor_keys(screen, places.fields[CHARACTERS[taken].field]), "enter")
            await pilot.pause()
            assert len(table.log) == before
            assert any("already taken" in str(n.message) for n in app._notifications)
            await pilot.press(*cursor_keys(screen, places.fields[CHARACTERS[free].field]), "enter")
            await pilot.pause()
            assert table.log[before].action == Pick(free) and table.state.holder[free] == seat
            assert "free" in "\n".join(board_lines(screen)[:5])

    asyncio.run(main())


def test_the_board_shows_the_fate_the_stock_the_pyramid_and_the_shop_at_both_sizes() -> None:
    """The round is on the status line only; the board has this round's fate card, the
    stock in words, the pyramid and every item, without scrolling."""
    async def main() -> None:
        for size in ((80, 24), (120, 40)):
            app = MeepleApp(bot_delay=0)
            async with app.run_test(size=size) as pilot:
                table = settlement_table(at_step("work", lambda s: s.round == 3 and s.pos == 7))
                screen = await open_settlement(pilot, table)
                text = "\n".join(board_lines(screen))
                assert "Round 3/13" in str(screen.query_one("#status", Static).content)
                assert "Round" not in text, "the round is told once, on the status line"
                assert "Mine collapse" in text and ("pile 17" in text or "Normal" in text)
                for word in ("Hunter", "Builder", "Losses", "Mayor", "food", "iron", "RP", "BP", "☺"):
                    assert word in text, (size, word)
                assert text.count("[") >= 10, "ten rectangles"
                for item in ITEMS:
                    assert item.name in text, (size, item.name)
                picture = screen.query_one("#st-picture", BoardPicture)
                assert picture.outer_size.width <= size[0] - 30
                board = screen.query_one("#board")
                assert picture.outer_size.height + 2 <= board.content_region.height, "no scrolling"
                if size == (120, 40):
                    assert "tokens 0/10" in text and "Warehouse: opens 2" in text
                    assert screen.query_one("#st-legend").display

    asyncio.run(main())


def test_arrows_move_the_cursor_and_the_detail_line_follows() -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = settlement_table(at_step("work", lambda s: s.round == 2 and s.pos == 4))
            screen = await open_settlement(pilot, table)
            seen = {detail(screen)}
            for key in ("down", "down", "right", "down", "down", "left", "up"):
                await pilot.press(key)
                seen.add(detail(screen))
            assert len(seen) >= 5, seen
            assert screen.board_cursor.current is not None

    asyncio.run(main())


def test_one_human_with_two_bots_gets_the_keyboard_back_on_their_fields() -> None:
    from tests.tui.helpers import wait_for_turn

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = settlement_table(kinds=("human", "easy", "easy"))
            screen = await open_settlement(pilot, table)
            for _ in range(12):
                await wait_for_turn(pilot, screen)
                if table.is_over() or table.state.round > 1:
                    break
                action = reference_action(table.state, 0)
                before = len(table.log)
                await play_by_keys(pilot, screen, action)
                assert any(e.seat == 0 for e in table.log[before:])
            assert {e.seat for e in table.log} >= {0, 1, 2}, "the bots played their characters"

    asyncio.run(main())


def test_nine_humans_hot_seat_the_board_follows_whoever_acts_and_names_every_holder() -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = settlement_table(at_step("work", lambda s: s.pos == 1), kinds=("human",) * 9)
            screen = await open_settlement(pilot, table)
            lines = board_lines(screen)
            holders = lines[1] + lines[4]
            for letter in "ABCDEFGHI":
                assert f"{letter} " in holders, (letter, holders)
            for _ in range(3):
                seat = table.to_act()[0]
                assert screen.viewer == seat, "no curtain: the board is the acting player's"
                await pilot.press("enter")
                await pilot.pause()
            assert {e.seat for e in table.log[-3:]} == {CHARACTER_AT[p] for p in (1, 2, 3)}

    asyncio.run(main())


def test_undo_after_a_trade_shows_the_swaps_made_in_the_form() -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = settlement_table(merchant_rolled(2), kinds=("human",))
            screen = await open_settlement(pilot, table)
            await trade_by_keys(pilot, screen, [1, 0, -1, 0, 0], None)
            assert table.state.step != "trade"
            await pilot.press("ctrl+z")
            await pilot.pause()
            assert table.state.step == "trade" and table.state.swaps() == 1
            form = screen._form
            assert form is not None and form.net == [1, 0, -1, 0, 0], "the swap made is in the form"
            await pilot.press("left")  # food: fewer than bought already is refused
            assert form.net[0] == 1 and "bought already" in form.message

    asyncio.run(main())
