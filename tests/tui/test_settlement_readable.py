"""Settlement readable at 80x24 (issue 29): in positions the reference team reaches (a shop
with things to buy, the Tax collector, a late round with tokens and buildings, a draft of
nine players with long names), every place the cursor reaches has its detail line whole
and its card in the viewer; the viewer of each kind of place carries the content file's
words for that thing; the board speaks in words, not codes."""

from __future__ import annotations

import asyncio
import re
from typing import Any, Callable

import pytest

from core.settlement import GAME
from core.settlement.actions import Buy
from core.settlement.content import CHARACTERS, FATE, FATE_FIELD, GATES, ITEMS, LOSSES_FIELD, MAYOR_FIELD
from core.settlement.text import amount_words, cost_words
from core.table import Controller, Seat, Table
from tests.tui.helpers import cursor_keys
from tests.tui.readable import cut_rows, walk_places
from tests.tui.test_settlement import at_step, board_lines, detail, open_settlement, settlement_table
from tui.app import MeepleApp
from tui.games import settlement_cards as words
from tui.games.settlement import SettlementScreen

LONG_NAMES = ("Bartholomew Long", "Brook", "Cyd", "Dee", "Eli", "Fay", "Gus", "Hal", "Maximiliana Ruiz")


def shop_with_a_buy(table: Table[Any]) -> bool:
    s = table.state
    return s.step == "shop" and s.round >= 3 and any(isinstance(a, Buy) for a in table.legal_actions(s.mayor))


def long_names_draft() -> Table[Any]:
    seats = [Seat(i, name, Controller()) for i, name in enumerate(LONG_NAMES)]
    table = Table.new(GAME, seats, 5, {"characters": "draft", "difficulty": "normal"})
    for _ in range(4):  # a few picks: taken and free characters side by side
        seat = table.to_act()[0]
        table.submit(seat, table.legal_actions(seat)[0])
    return table


POSITIONS: dict[str, Callable[[], Table[Any]]] = {
    "shop": lambda: settlement_table(shop_with_a_buy, kinds=("human",)),
    "tax": lambda: settlement_table(at_step("tax"), seed=2),
    "late": lambda: settlement_table(at_step("work", lambda s: s.round == 9 and s.pos == 6), kinds=("human",), seed=4),
    "draft": long_names_draft,
}


@pytest.mark.parametrize("position", sorted(POSITIONS))
def test_every_place_is_told_whole_at_80x24(position: str) -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_settlement(pilot, POSITIONS[position]())
            problems = await walk_places(pilot, screen)
            problems += cut_rows(screen)
            assert not problems, "\n".join(problems[:12])

    asyncio.run(main())


def test_every_place_is_told_whole_at_120x40() -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await open_settlement(pilot, POSITIONS["late"]())
            problems = await walk_places(pilot, screen)
            assert not problems, "\n".join(problems[:12])
            assert screen.query_one("#st-legend").display, "the legend where there is room"

    asyncio.run(main())


def card_of(screen: SettlementScreen, place: words.Place) -> str:
    return words.place_card(screen.current_view(), place, screen.names()).plain_text()


def test_the_viewer_of_each_kind_of_place_says_what_the_content_file_says() -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = settlement_table(at_step("work", lambda s: s.round == 5 and s.pos == 7))
            screen = await open_settlement(pilot, table)
            view = screen.current_view()
            for c in CHARACTERS:  # the track's characters: names, product, what raises it
                text = card_of(screen, ("field", c.field))
                assert c.name in text and c.name_pl in text, text
                assert all(it.name in text for it in ITEMS if it.bonus[c.index]), text
                assert table.seats[view.holder[c.index]].name in text
            fate = FATE[view.fate]  # the fate field and this round's card
            for place in (("field", FATE_FIELD), ("fate", 0)):
                text = card_of(screen, place)
                assert fate.name in text and fate.name_pl in text and fate.text in text, text
                assert f"Cards left in the pile: {len(view.fate_pile)}" in text
            assert table.seats[view.mayor].name in card_of(screen, ("field", MAYOR_FIELD))
            for place in (("field", LOSSES_FIELD), ("losses", 0)):
                assert "rot" in card_of(screen, place) and "10" in card_of(screen, place)
            for it in ITEMS:  # buildings and inventions: names, cost and smiles in words
                text = card_of(screen, ("item", it.index))
                assert it.name in text and it.name_pl in text and cost_words(it.cost) in text, text
                assert ("missing" in text) != bool(view.owned[it.index]) or "pays it now" in text
                if it.smiles:
                    assert f"{it.smiles} smile" in text, text
            for r in range(7):  # the stock: amount in words, who makes it, what it pays for
                text = card_of(screen, ("stock", r))
                assert amount_words(view.stock[r], r) in text, text
                assert all(f"{it.name} {it.cost[r]}" in text for it in ITEMS if it.cost[r]), text
            for rect, item in GATES.items():  # the pyramid's gates
                assert ITEMS[item].name in card_of(screen, ("rect", rect))
            assert f"{view.pool} of 20" in card_of(screen, ("pool", 0))
            assert "6 food" in card_of(screen, ("feed", 0))

    asyncio.run(main())


def test_no_codes_on_the_80_column_board() -> None:
    """Numbers stand next to words: no "-3w5s5B" costs, no dice codes; a name too long for
    the track is its letter there, and the detail line names it whole."""
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            seats = [Seat(i, name, Controller()) for i, name in enumerate(LONG_NAMES)]
            table = Table.new(GAME, seats, 5, {"characters": "order", "difficulty": "normal"})
            screen = await open_settlement(pilot, table)
            text = "\n".join(board_lines(screen))
            assert not re.search(r"\d+[fwsoiRB]\b", text), text
            assert "d6" not in text
            for name in LONG_NAMES:
                assert name[:4] not in text or name in text, f"{name} cut on the board"
            view = screen.current_view()
            field = CHARACTERS[view.seats_of(0)[0]].field
            await pilot.press(*cursor_keys(screen, screen.places(view).fields[field]))
            assert LONG_NAMES[0] in detail(screen), detail(screen)

    asyncio.run(main())


# --- what a newcomer tripped over (a solo Normal game played from the keys alone) ----------
def test_the_feeding_outlook_counts_the_rot_on_the_food_still_to_make() -> None:
    """Food 3 with a rot of 1-6 to come: 4 to 9 more food are needed, not "1 more"."""
    from tests.core.settlement.helpers import at
    from tui.games.settlement_render import feed_outlook

    assert feed_outlook(at("woodcutter", stock={"food": 3}))[0] == "need 4-9 more food"
    assert feed_outlook(at("woodcutter", stock={"food": 8}))[0] == "need up to 4 more food"
    assert feed_outlook(at("woodcutter", stock={"food": 12}))[0] == "safe"
    assert feed_outlook(at("woodcutter", stock={"food": 10}, owned=["cellar"]))[0] == "safe"  # (rot 0-4)
    assert feed_outlook(at("woodcutter", stock={"food": 0}, round_=13))[0].startswith("last round")


def test_a_new_characters_turn_starts_on_its_field_so_enter_is_its_specialty() -> None:
    """Other work made with Enter on a good leaves the cursor there; the next character's
    turn puts it back on the pawn's field (Enter there is the specialty, as the status
    line says), never on the good, which Enter would make again."""
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = settlement_table(at_step("work", lambda s: s.round == 2 and s.pos == 2), kinds=("human",))
            screen = await open_settlement(pilot, table)
            places = screen.places(screen.current_view())
            await pilot.press(*cursor_keys(screen, places.stock[2]), "enter")  # the Woodcutter makes 1 stone
            await pilot.pause()
            view = screen.current_view()
            assert view.pos == 3 and screen.cursor_position == places.fields[3], "on the Stonemason's field"
            before = len(table.log)
            await pilot.press("enter")
            await pilot.pause()
            assert type(table.log[before].action).__name__ == "Specialty"

    asyncio.run(main())


def test_the_trade_form_tells_the_feeding_and_the_circus_its_food() -> None:
    """The trade form hides the stock and its feeding line: its heading says the next
    feeding after the trade as set; an item paid partly in food says the feeding after it."""
    from tests.core.settlement.helpers import at
    from tests.tui.test_settlement import merchant_rolled

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_settlement(pilot, settlement_table(merchant_rolled(2)))
            heading = board_lines(screen)[5]
            assert heading.startswith("Trade up to") and "feeding:" in heading, heading

    asyncio.run(main())
    circus = next(it.index for it in ITEMS if it.id == "circus")
    shop = at("mayor", stock={"food": 6, "wood": 8, "stone": 4, "iron": 3, "bp": 7})
    _, note = words.item_detail(shop, circus)
    assert "next feeding after it: need" in note.plain, note.plain
