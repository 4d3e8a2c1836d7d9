"""Pilot tests of the Council of Four screen: a whole game by keys, payments, the route."""

from __future__ import annotations

import asyncio
import re

import pytest
from typing import Any

from textual.widgets import DataTable

from core.council.actions import Acquire, Pay, Royal
from core.council.helpers import payment_preview
from core.rng import Rng
from tui.app import MeepleApp, StartRequest
from tui.games.council import CouncilScreen
from tui.screens.game_over import GameOverScreen

from tests.tui.helpers import (
    card_text_at,
    council_table,
    cursor_keys,
    open_game,
    play_with_cursor,
    random_table,
    seats,
    wait_for_screen,
    wait_for_turn,
)




def test_full_game_against_a_bot_by_keys_only() -> None:
    """Human vs easy bot, every human move made with board keys or the move list."""

    async def main() -> None:
        request = StartRequest(game="council", seats=seats("human", "easy"), seed=21,
                               options={"first_player": "0"})
        app = MeepleApp(start=request, bot_delay=0)
        rng = Rng(9)
        async with app.run_test(size=(100, 34)) as pilot:
            screen = await wait_for_screen(pilot, CouncilScreen)
            table = screen.table
            moves = 0
            while not table.is_over() and moves < 600:
                await wait_for_turn(pilot, screen)
                if table.is_over():
                    break
                legal = table.legal_actions(0)
                # Prefer building so the game ends in a reasonable number of turns.
                builds = [a for a in legal if type(a).__name__ in ("Build", "Royal", "Acquire", "Pay")]
                choice = (builds or legal)[rng.randbelow(len(builds or legal))]
                before = len(table.log)
                await play_with_cursor(pilot, screen, choice)
                assert table.log[before].action == choice
                moves += 1
            assert table.is_over(), "the game did not finish"
            over = await wait_for_screen(pilot, GameOverScreen)
            result = table.result()
            grid = over.query_one("#breakdown", DataTable)
            assert grid.row_count == len(result.categories)

    asyncio.run(main())


def test_payment_list_shows_costs_and_the_queen_route() -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            table = council_table()
            screen = await open_game(pilot, table)
            royal = [a for a in table.legal_actions(0) if isinstance(a, Royal)]
            assert royal
            await play_with_cursor(pilot, screen, royal[0])
            if table.state.stage == 0:
                return  # the only payment was made automatically
            labels = [text for text, action in screen.query_one("#actions")._items
                      if isinstance(action, Pay)]
            assert labels and all("coins" in text for text in labels)

    asyncio.run(main())


def test_hand_is_hidden_from_the_other_player_and_curtain_in_hot_seat() -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            from tui.screens.curtain import HandOffScreen

            table = council_table()
            screen = await open_game(pilot, table)
            from core.council.actions import EndTurn

            while 0 in table.to_act() and not table.is_over():
                legal = table.legal_actions(0)
                end = [a for a in legal if isinstance(a, EndTurn)]
                screen.submit_action(end[0] if end else legal[0])
                await pilot.pause()
            assert isinstance(app.screen, HandOffScreen)
            assert "Pass the keyboard" in str(app.screen.query_one(".curtain").render())
            await pilot.press("enter")
            await pilot.pause()
            assert screen.viewer == 1
            view = screen.current_view()
            assert view.hands[0] is None and view.hands[1] is not None

    asyncio.run(main())


def test_large_terminal_map_prints_city_tokens_and_cursor_follows_the_scale() -> None:
    """At 120×40 each city's bonus token sits under its name; at 80×24 only the detail line has it."""

    async def main() -> None:
        from core.council.actions import Elect
        from core.council.helpers import map_cities
        from tui.games.council_render import short_bonus

        for size, shown in (((120, 40), True), ((80, 24), False)):
            app = MeepleApp(bot_delay=0)
            async with app.run_test(size=size) as pilot:
                table = council_table()
                screen = await open_game(pilot, table)
                picture = "\n".join(screen.query_one("#c4-picture").plain_lines())
                tokens = [short_bonus(c.token) for c in map_cities(screen.current_view()) if c.token]
                assert tokens
                assert all(t in picture for t in tokens) is shown
                # Cursor geometry and picture agree at this scale: electing works from the board.
                elect = [a for a in table.legal_actions(0) if isinstance(a, Elect)][0]
                await play_with_cursor(pilot, screen, elect)
                assert table.log[-1].action == elect

    asyncio.run(main())


def test_every_permit_prints_whole_in_its_slot() -> None:
    """Each face-up permit's cities and bonus fit the slot, with every bonus word abbreviated."""
    from core.council.content import PERMITS
    from core.council.helpers import permit_info
    from tui.games.council_render import PERMIT_WIDTH, permit_text, short_bonus

    for permit in PERMITS:
        info = permit_info(permit.id)
        text = permit_text(permit.id)
        assert len(text) <= PERMIT_WIDTH, text
        parts = info.bonus.split(" + ")
        assert short_bonus(info.bonus).count(" ") == len(parts) - 1, text  # one word per part


def test_cursor_visits_every_city_and_enter_without_a_move_says_so() -> None:
    """Every city is a cursor place with its detail line (token, merchants, servant cost);
    Enter on a city where no move can be made now notifies instead of doing anything."""

    async def main() -> None:
        from core.council.explain import build_need
        from core.council.helpers import map_cities
        from tests.tui.helpers import cursor_keys

        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            from core.council.actions import Elect

            table = council_table()
            screen = await open_game(pilot, table)
            # After the main action only quick moves and ending the turn remain: no city has a move.
            screen.submit_action(next(a for a in table.legal_actions(0) if isinstance(a, Elect)))
            await pilot.pause()
            view = screen.current_view()
            places = {(t.row, t.col) for t in screen.board_cursor.targets}
            cities = screen._city_positions(view)
            assert set(cities.values()) <= places
            assert set(screen.board_actions) <= places
            idle = [letter for letter, where in cities.items() if where not in screen.board_actions]
            assert idle
            letter = idle[0]
            city = next(c for c in map_cities(view) if c.letter == letter)
            before = len(table.log)
            await pilot.press(*cursor_keys(screen, cities[letter]))
            await pilot.pause()
            detail = str(screen.query_one("#c4-detail").render())
            assert f"{letter} {city.name}" in detail
            assert (city.token or "no token") in detail
            assert f"· {build_need(view, 0, letter)}" in detail  # (no move there: what building needs)
            await pilot.press("enter")
            await pilot.pause()
            assert len(table.log) == before
            assert any(f"Nothing to do at {city.name} now" in str(n.message) for n in app._notifications)

    asyncio.run(main())


def test_city_detail_names_the_neutral_merchant_and_the_servant_cost() -> None:
    """In the 2-player game a neutral merchant is listed and counts for the servant cost:
    with a permit for the city, the build is offered for 1 servant; without a servant the
    line says that building there needs one."""

    async def main() -> None:
        from core.council.content import PERMITS
        from core.council.helpers import map_cities
        from tests.core.council.helpers import take_permit
        from tests.tui.helpers import cursor_keys

        for servants, wanted in ((1, "· build 1 servant"), (0, "· build: needs 1 servant")):
            app = MeepleApp(bot_delay=0)
            async with app.run_test(size=(80, 24)) as pilot:
                table = council_table()
                view = table.view(0)
                city = next(c for c in map_cities(view) if c.neutral and not c.merchants)
                index = "ABCDEFGHIJKLMNO".index(city.letter)
                permit = next(p for p in PERMITS if index in p.cities
                              and p.index not in table.state.face_up[p.region])
                take_permit(table.state, 0, permit.id)
                table.state.servants[0] = servants
                screen = await open_game(pilot, table)
                view = screen.current_view()
                await pilot.press(*cursor_keys(screen, screen._city_positions(view)[city.letter]))
                await pilot.pause()
                detail = " ".join(str(screen.query_one("#c4-detail").render()).split())
                assert "n neutral" in detail
                assert wanted in detail and "1 servants" not in detail, detail

    asyncio.run(main())


def test_queen_payment_is_one_label_with_its_roads_and_total() -> None:
    """'Pay 9 coins: B V + 1 road': the total once and first (a narrow list cuts the end
    of a row), the cards by the hand line's letters, the roads (one road singular); the
    route line says '1 road' too."""

    async def main() -> None:
        from core.council.helpers import payment_preview, queen_city, shortest_route
        from core.council.state import STAGE_ROYAL

        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            table = council_table()
            screen = await open_game(pilot, table)
            view = table.view(0)
            near = [a for a in table.legal_actions(0) if isinstance(a, Royal)
                    and len(shortest_route(view, queen_city(view), a.city)) == 2]
            assert near
            screen.board_cursor.move_to(screen.board_position(near[0], view))
            screen.update_board(view)
            assert "1 road, 2 coins" in str(screen.query_one("#c4-detail").render())
            screen.submit_action(near[0])
            await pilot.pause()
            assert table.state.stage == STAGE_ROYAL
            view = screen.current_view()
            labels = [(text, action) for text, action in screen.query_one("#actions")._items
                      if isinstance(action, Pay)]
            assert labels
            letters = {"orange": "O", "pink": "P", "blue": "B", "black": "K", "white": "W",
                       "purple": "V", "joker": "J"}
            for text, action in labels:
                total = payment_preview(view, action.cards)
                assert text.startswith(f"Pay {total} coins: ") and "road" not in text, text
                preview = screen.move_preview(action, view).plain  # (the roads in the detail line)
                assert preview.startswith(f"Pay {total} coins: ") and " + 1 road · leaves you" in preview
                cards = text.removeprefix(f"Pay {total} coins: ").split()
                assert sorted(c[0] for c in cards) == sorted({letters[n] for n in action.cards})
                assert sum(int(c[1:] or 1) for c in cards) == len(action.cards), text

    asyncio.run(main())


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_scoreboard_shows_the_cities_of_each_players_unused_permits(size: tuple[int, int]) -> None:
    """Every player's unused permits are on the scoreboard; on a tall screen your own are
    in the private panel instead (which short screens leave out for room)."""
    async def main() -> None:
        from core.council.helpers import permit_info, player_info

        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=size) as pilot:
            table = council_table(moves=20)
            screen = await open_game(pilot, table)
            view = screen.current_view()
            extra = screen.scoreboard_extra(view)
            tall = screen.has_class("-tall")
            private = screen.query_one("#private")
            assert private.display is tall
            for seat in (0, 1):
                unused = player_info(view, seat).unused_permits
                assert unused
                cities = " ".join("".join(permit_info(p).cities) for p in unused)
                shown = f"permits {cities}" in extra[seat].plain
                assert shown is (seat != screen.viewer or not tall)
                if seat == screen.viewer and tall:
                    assert f"permits {cities}" in str(private.render())
            board = str(screen.query_one("#scoreboard").render())
            opponent = 1 - screen.viewer
            assert "permits " + "".join(permit_info(player_info(view, opponent).unused_permits[0]).cities) in board

    asyncio.run(main())


def test_reward_tiles_go_by_their_names() -> None:
    """'Gold cities 20 · Silver 12 …': the first tile left in each group names the group."""
    from tui.games.council_render import reward_name, rewards_line

    state = council_table().state.clone()
    assert rewards_line(state) == ("Rewards: Gold cities 20 · Silver 12 · Bronze 8 · Iron 5 · "
                                   "Coast region 5 · Hills 5 · Mountains 5")
    state.tiles_left &= ~(1 | 1 << 4)  # gold and coast taken
    assert rewards_line(state) == ("Rewards: Silver cities 12 · Bronze 8 · Iron 5 · "
                                   "Hills region 5 · Mountains 5")
    state.tiles_left = 0
    assert rewards_line(state) == "Rewards: all taken"
    assert [reward_name(t) for t in ("iron", "mountains", "queen1", "queen5")] == [
        "Iron cities", "Mountains region", "Queen's 1st", "Queen's 5th"]


def test_every_city_detail_fits_the_small_terminal() -> None:
    """At 80×24 the detail lines under the map (city, Queen's route, rewards) are never cut."""

    async def main() -> None:
        from textual.widgets import Static

        for moves in (0, 20, 30):
            app = MeepleApp(bot_delay=0)
            async with app.run_test(size=(80, 24)) as pilot:
                table = council_table(moves=moves)
                screen = await open_game(pilot, table)
                view = screen.current_view()
                bottom = screen.query_one("KeyBar").region.y
                for letter, where in screen._city_positions(view).items():
                    assert screen.board_cursor.move_to(where)
                    screen.update_board(view)
                    await pilot.pause()
                    detail = screen.query_one("#c4-detail", Static)
                    assert detail.region.bottom <= bottom, (moves, letter, str(detail.render()))

    asyncio.run(main())


def test_arrows_on_the_council_board_are_reversible() -> None:
    """From every place the cursor visits, an arrow then its opposite comes back."""

    async def main() -> None:
        from tui.widgets.cursor import OPPOSITE

        for size in ((80, 24), (120, 40)):
            app = MeepleApp(bot_delay=0)
            async with app.run_test(size=size) as pilot:
                screen = await open_game(pilot, council_table())
                targets = list(screen.board_cursor.targets)
                assert len(targets) > 15  # every city as well as the places with moves
                for start in targets:
                    for direction, back in OPPOSITE.items():
                        assert screen.board_cursor.move_to(start.key)
                        if screen.board_cursor.move(direction):
                            assert screen.board_cursor.move(back)
                            assert screen.board_cursor.current == start, (size, start, direction)

    asyncio.run(main())


def test_permit_detail_and_move_label_show_what_the_council_costs() -> None:
    """A face-up permit under the cursor and its move say what the viewer's cards and coins
    can pay its council, cheapest to dearest: seed 5, Ada has 10 coins and orange, pink,
    black, white, purple and two jokers. The coast council (black, purple, pink, orange)
    takes four of her cards for nothing, one card for 10; the mountains council (orange,
    black, blue, blue) takes at best orange + black + 2 jokers (0 + 2 coins). With 2 coins
    only that one payment is left for the mountains: one figure. During the nobility bonus
    the permits are free."""

    async def main() -> None:
        from core.council.actions import Acquire, FreePermit
        from tests.core.council.helpers import grant
        from tests.tui.helpers import cursor_keys

        async def detail_at(pilot: Any, screen: Any, action: Any) -> str:
            await pilot.press(*cursor_keys(screen, screen.board_position(action, screen.current_view())))
            await pilot.pause()
            detail = screen.query_one("#c4-detail")
            assert detail.region.bottom <= screen.query_one("KeyBar").region.y  # fits at 80×24
            return str(detail.render())

        def labels(screen: Any, kind: type) -> dict[str, str]:
            return {action.tile: text for text, action in screen.query_one("#actions")._items
                    if isinstance(action, kind)}

        for coins, coast, mountains in ((10, "0–10 coins", "2–10 coins"), (2, "0–2 coins", "2 coins")):
            app = MeepleApp(bot_delay=0)
            async with app.run_test(size=(80, 24)) as pilot:
                table = council_table()
                table.state.coins[0] = coins
                screen = await open_game(pilot, table)
                acquire = {a.tile: a for a in table.legal_actions(0) if isinstance(a, Acquire)}
                assert set(acquire) == {"CO04", "CO11", "HI15", "HI11", "MO14", "MO12"}
                detail = await detail_at(pilot, screen, acquire["MO14"])
                assert (f"Mountains permit LMN:3vp: build in L Lyram, M Merkatim, N Naris · bonus 3 VP · "
                        f"pay {mountains} with your cards") in detail
                detail = await detail_at(pilot, screen, acquire["CO04"])
                assert f"Coast permit D:7vp: build in D Dorful · bonus 7 VP · pay {coast} with your cards" in detail
                shown = labels(screen, Acquire)
                assert shown["MO14"] == f"Permit LMN: 3 VP · pay {mountains}"
                assert shown["CO04"] == f"Permit D: 7 VP · pay {coast}"
                assert shown["HI11"] == f"Permit FGH: 1 coin + 1 nobility step · pay {coast}"

        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = council_table()
            table.state.nobility[0] = 9
            grant(table.state, 0, nobility=1)  # space 10: a face-up permit for free
            screen = await open_game(pilot, table)
            free = [a for a in table.legal_actions(0) if isinstance(a, FreePermit)]
            assert free
            detail = await detail_at(pilot, screen, free[0])
            assert "free (nobility bonus)" in detail and "pay" not in detail
            assert all("pay" not in text for text in labels(screen, FreePermit).values())

    asyncio.run(main())


def test_move_labels_lead_with_what_tells_them_apart() -> None:
    """At 80x24 a move is one row cut at the list's width: elections fit it ("Elect pink
    to Hills", the quick one "Quick: pink to Hills"), payments start with their coins, so
    the rows still differ where they are cut."""
    async def main() -> None:
        from core.council.actions import Elect, ElectQuick

        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = council_table()
            screen = await open_game(pilot, table)
            items = screen.query_one("#actions")._items
            elections = [(text, a) for text, a in items if isinstance(a, (Elect, ElectQuick))]
            assert elections and len({text for text, _ in elections}) == len(elections)
            for text, action in elections:
                council = "the Queen" if action.balcony == "royal" else action.balcony.capitalize()
                quick = "Quick: " if isinstance(action, ElectQuick) else "Elect "
                assert text == f"{quick}{action.colour} to {council}" and len(text) <= 28
            acquire = next(a for _, a in items if isinstance(a, Acquire))
            screen.submit_action(acquire)
            await pilot.pause()
            pays = [(text, a) for text, a in screen.query_one("#actions")._items if isinstance(a, Pay)]
            assert pays
            for text, action in pays:
                cost = payment_preview(screen.current_view(), action.cards)
                assert text.startswith(f"Pay {cost} coin"), text

    asyncio.run(main())


def test_a_city_where_you_can_build_tells_what_the_tokens_give() -> None:
    """Before the build: the city's detail line adds up the tokens the new merchant's
    network gains at once ("build 1 servant → gains 2 VP + 1 coin")."""
    async def main() -> None:
        from core.council.actions import Build
        from core.council.content import CITY_INDEX, bonus_text
        from core.council.helpers import build_gains

        def can_build_on(table: Any) -> bool:  # a build whose network brings other tokens too
            if table.to_act()[0] != 0:
                return False
            view = table.view(0)
            return any(isinstance(a, Build) and len(build_gains(view, 0, CITY_INDEX[a.city])[0]) > 1
                       for a in table.legal_actions(0))

        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            table = random_table("council", ("human", "human"), seed=4, until=can_build_on)
            screen = await open_game(pilot, table)
            view = screen.current_view()
            build = next(a for a in table.legal_actions(0) if isinstance(a, Build)
                         and len(build_gains(view, 0, CITY_INDEX[a.city])[0]) > 1)
            await pilot.press(*cursor_keys(screen, screen.board_position(build, view)))
            await pilot.pause()
            cities, gains = build_gains(view, 0, CITY_INDEX[build.city])
            assert len(cities) > 1
            detail = " ".join(str(screen.query_one("#c4-detail").render()).split())
            assert f"→ gains {bonus_text(gains)}" in detail, detail

    asyncio.run(main())


def test_e_out_of_turn_says_whose_turn_it_is() -> None:
    """e while another player decides (the viewer's turn ended by itself) names that
    player instead of asking for the main action; while paying it asks for the payment."""

    async def main() -> None:
        from dataclasses import replace

        from core.council.actions import EndTurn
        from core.table import Controller, Table

        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = council_table()
            remote = replace(table.seats[1], controller=Controller("remote"))  # never moves here
            table = Table.new(table.game, [table.seats[0], remote], table.seed, table.options)
            screen = await open_game(pilot, table)
            acquire = next(a for a in table.legal_actions(0) if isinstance(a, Acquire))
            table.submit(0, acquire)
            await pilot.pause()
            assert table.state.stage  # (40 payments: one is to be chosen)
            await pilot.press("e")
            await pilot.pause()
            assert "First pay for the permit tile" in str(list(app._notifications)[-1].message)
            table.submit(0, table.legal_actions(0)[0])
            await pilot.pause()
            while table.to_act() == [0]:  # quick actions, till the turn ends
                legal = table.legal_actions(0)
                table.submit(0, next((a for a in legal if not isinstance(a, EndTurn)), legal[0]))
                await pilot.pause()
            assert table.to_act() == [1]
            before = len(table.log)
            await pilot.press("e")
            await pilot.pause()
            assert str(list(app._notifications)[-1].message) == "It is Brook's turn, not yours."
            assert len(table.log) == before

    asyncio.run(main())


def test_a_city_offers_a_build_only_where_enter_builds() -> None:
    """'build free' / 'build 2 servants' (a price) only where a build is a move now; every
    other city says what building there needs ('build: needs a permit for C', 'build next
    turn', ...), in core's words, at every step of a seeded game."""

    async def main() -> None:
        from core.council.actions import Build
        from core.council.explain import build_need
        from core.council.helpers import map_cities

        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = council_table()
            screen = await open_game(pilot, table)
            rng = Rng(3)
            offered = needs = 0
            for _ in range(40):
                seat = table.to_act()[0]
                view = screen.current_view()
                for city in map_cities(view):
                    detail = " ".join(screen._city_detail(view, city.letter).plain.split())
                    where = screen._city_positions(view)[city.letter]
                    moves = [a for a in screen.board_actions.get(where, []) if isinstance(a, (Build, Royal))]
                    price = re.search(r" · build (free|\d+ servants?)( → gains .*)?( rewards: .*)$", detail)
                    if moves:
                        offered += 1
                        assert price, detail
                    else:
                        needs += 1
                        assert not price, detail
                        assert f" · {build_need(view, screen.viewer, city.letter)} rewards: " in detail, detail
                legal = table.legal_actions(seat)
                builds = [a for a in legal if isinstance(a, (Build, Royal, Acquire, Pay))]
                table.submit(seat, (builds or legal)[rng.randbelow(len(builds or legal))])
                await pilot.pause()
                if screen.viewer is None:  # the hot-seat curtain: the next player lifts it
                    await pilot.press("enter")
                    await pilot.pause()
            assert offered and needs

    asyncio.run(main())


def test_payments_are_listed_cheapest_first_and_differ_where_the_row_is_cut() -> None:
    """At 80x24 each payment is one row of the move list cut at its width: the coins, then
    the cards by the hand line's letters ('Pay 4 coins: P K W'), cheapest first, so no two
    rows read the same before the cut. The detail line names the colours of the one
    highlighted and what it leaves; Enter on the hand lists them in the same order."""

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = council_table(seed=8)
            screen = await open_game(pilot, table)
            acquire = next(a for a in table.legal_actions(0) if isinstance(a, Acquire) and a.tile == "CO01")
            table.submit(0, acquire)
            await pilot.pause()
            view = screen.current_view()
            items = screen.query_one("#actions")._items
            texts = [text for text, _ in items]
            assert texts[0] == "Pay 0 coins: P K W V" and texts[-1] == "Pay 10 coins: V", texts
            costs = [payment_preview(view, action.cards) for _, action in items]
            assert costs == sorted(costs) and len(items) == len(table.legal_actions(0)) == 15
            width = screen.query_one("#action-options").content_region.width
            assert width <= 30
            assert len({text[:width - 2] for text in texts}) == len(texts)
            await pilot.press("m", "down")
            await pilot.pause()
            detail = str(screen.query_one("#c4-detail").render())
            assert " ".join(detail.split()) == "Pay 4 coins: pink + black + white · leaves you 6 coins"
            await pilot.press("escape")
            screen.board_cursor.move_to(screen.board_position(items[0][1], view))
            await pilot.pause()
            screen.board_choose()
            await pilot.pause()
            actions = screen.query_one("#actions")
            assert actions.narrowed and actions._shown == [action for _, action in items]

    asyncio.run(main())


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_scoreboard_figures_stand_under_one_row_of_headings(size: tuple[int, int]) -> None:
    """'coin serv nob mer perm hand' once, above the players; every player's figures
    right-aligned under those words, each row within the scoreboard's width."""

    async def main() -> None:
        from core.council.helpers import player_info

        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=size) as pilot:
            table = council_table(moves=30)
            screen = await open_game(pilot, table)
            board = screen.query_one("#scoreboard")
            lines = str(board.render()).split("\n")
            assert all(len(line.rstrip()) <= board.content_region.width for line in lines), lines
            heads = [line for line in lines if line.split() == ["coin", "serv", "nob", "mer", "perm", "hand"]]
            assert len(heads) == 1 and lines.index(heads[0]) == 0, lines
            view = screen.current_view()
            for seat in (0, 1):
                info = player_info(view, seat)
                name = next(i for i, line in enumerate(lines) if f" {info.name}" in line)
                row = lines[name + 1]
                figures = [info.coins, info.servants, info.nobility, info.merchants_left,
                           len(info.unused_permits) + len(info.used_permits), info.hand_size]
                assert [int(n) for n in row.split()] == figures, row
                for word in heads[0].split():  # right-aligned: each figure ends under its heading
                    end = heads[0].index(word) + len(word)
                    assert row[end - 1] != " " and (end == len(row) or row[end] == " "), (word, row)

    asyncio.run(main())


def test_the_card_viewer_tells_each_place_from_the_content() -> None:
    """``i`` on a balcony names its councillors and what satisfying it costs (the content's
    10/7/4/0 coins); on a permit its cities and bonus; on a city its token, merchants and
    rewards; on the nobility track every bonus space; Escape closes it."""
    from core.council.content import C, PERMITS, PERMIT_INDEX, bonus_text
    from core.council.helpers import balconies, face_up, map_cities, nobility_spaces
    from tui.games.council_render import balcony_position, nobility_row, permit_position

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = council_table(moves=12)
            screen = await open_game(pilot, table)
            view = screen.current_view()

            async def card_at(where: tuple[int, int]) -> str:
                return await card_text_at(pilot, screen, where)

            text = await card_at(balcony_position(1))
            assert ", ".join(balconies(view)["hills"]) in text and "hills permits" in text
            assert f"1 card {C.permit_cost[1]} coins, 2 cards {C.permit_cost[2]}" in text
            tile = face_up(view)["coast"][0]
            text = await card_at(permit_position(0, 0))
            assert bonus_text(PERMITS[PERMIT_INDEX[tile]].bonus) in text and "Coast permit" in text
            city = next(c for c in map_cities(view) if c.token)
            text = await card_at(screen._city_positions(view)[city.letter])
            assert f"Bonus token: {city.token}" in text and f"{city.colour} city" in text
            text = await card_at((nobility_row(screen.scale), 0))
            for step, what in nobility_spaces().items():
                assert f"step {step}: {what}" in text

    asyncio.run(main())


def test_after_taking_a_permit_the_cursor_goes_to_the_hand_that_pays() -> None:
    """Found playing: Enter on a permit began its payment while the cursor stayed on the
    permit (still a place to look at); the payment is made from the hand, and the cursor
    goes there."""
    from tui.games.council_render import hand_row

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = council_table()
            screen = await open_game(pilot, table)
            view = screen.current_view()
            acquire = next(a for a in table.legal_actions(0) if isinstance(a, Acquire)
                           and len([p for p in table.legal_actions(0) if isinstance(p, Acquire)]) > 1)
            await pilot.press(*cursor_keys(screen, screen.board_position(acquire, view)), "enter")
            await pilot.pause()
            assert table.state.stage, "the payment waits"
            assert screen.cursor_position == (hand_row(screen.scale), 0)

    asyncio.run(main())
