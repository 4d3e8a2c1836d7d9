"""Pilot and unit tests of the El Grande screen: a whole game by keys, Veto, secret disk,
region boxes at 5 players, public hands and Vetos, the two-line detail at 80x24."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from textual.widgets import DataTable

from core.elgrande.actions import Disk, Veto
from core.elgrande.state import HIDDEN_DISK
from core.rng import Rng
from tui.app import MeepleApp, StartRequest
from tui.games.elgrande import ElGrandeScreen
from tui.screens.curtain import HandOffScreen
from tui.screens.game_over import GameOverScreen

from tests.tui.helpers import (
    open_game,
    play_with_cursor,
    random_table,
    seats,
    wait_for_screen,
    wait_for_turn,
)


def test_full_three_player_game_by_keys_only() -> None:
    """One human and two easy bots; the human plays every decision with keys."""

    async def main() -> None:
        request = StartRequest(game="elgrande", seats=seats("human", "easy", "easy"), seed=4,
                               options={"first_player": "0"})
        app = MeepleApp(start=request, bot_delay=0)
        rng = Rng(3)
        async with app.run_test(size=(100, 34)) as pilot:
            screen = await wait_for_screen(pilot, ElGrandeScreen)
            table = screen.table
            moves = 0
            while not table.is_over() and moves < 800:
                await wait_for_turn(pilot, screen)
                if table.is_over():
                    break
                legal = table.legal_actions(0)
                choice = legal[rng.randbelow(len(legal))]
                before = len(table.log)
                await play_with_cursor(pilot, screen, choice)
                assert any(e.seat == 0 and e.action == choice for e in table.log[before:])
                moves += 1
            assert table.is_over(), "the game did not finish"
            over = await wait_for_screen(pilot, GameOverScreen)
            result = table.result()
            assert over.query_one("#breakdown", DataTable).row_count == len(result.categories)
            assert table.state.round == 9

    asyncio.run(main())


def test_veto_question_names_what_is_about_to_happen() -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = random_table("elgrande", ("human", "human", "human"), seed=1, play_seed=1,
                                 until=lambda t: any(isinstance(a, Veto) for s in t.to_act()
                                                     for a in t.legal_actions(s)))
            assert not table.is_over()
            screen = await open_game(pilot, table)
            detail = str(screen.query_one("#eg-detail").render())
            assert "Veto?" in detail and "is about to" in detail

    asyncio.run(main())


def test_secret_disk_hot_seat_shows_a_curtain_and_hides_choices() -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = random_table("elgrande", ("human", "human"), seed=8,
                                 until=lambda t: len(t.to_act()) > 1)
            assert not table.is_over() and len(table.to_act()) == 2
            screen = await open_game(pilot, table)
            first = screen.viewer
            disk = next(a for a in table.legal_actions(first) if isinstance(a, Disk))
            screen.submit_action(disk)
            await pilot.pause()
            assert isinstance(app.screen, HandOffScreen)
            await pilot.press("enter")
            await pilot.pause()
            second = screen.viewer
            assert second != first
            view = screen.current_view()
            assert view.disks[first] == HIDDEN_DISK, "the other seat's disk must stay hidden"

    asyncio.run(main())


BORDER = set("│─┌┐└┘├┤┬┴┼")


def _crowded_view(counts: int = 10) -> Any:
    """A 5-player view after random moves, then 2-digit counts of everyone everywhere."""
    table = random_table("elgrande", ("human",) * 5, seed=5, moves=120)
    view = table.view(0).clone()
    for region in range(len(view.board)):
        for seat in range(5):
            view.board[region][seat] = counts + region + seat
    view.grandes = [2, 2, 3, 3, 3]
    return view


@pytest.mark.parametrize("cell", [(11, 3), (16, 5)])
def test_five_players_counts_stay_inside_their_region_boxes(cell: tuple[int, int]) -> None:
    from core.elgrande.content import REGIONS
    from tui.games.elgrande_render import map_size, region_lines, render_board

    view = _crowded_view()
    empty = view.clone()
    empty.board = [[0] * 5 for _ in empty.board]
    empty.grandes = [-1] * 5
    height, width = map_size(*cell)
    full_lines = render_board(view, 0, *cell).lines()[:height]
    empty_lines = render_board(empty, 0, *cell).lines()[:height]
    for y, (full, bare) in enumerate(zip(full_lines, empty_lines)):
        assert len(full) <= width, f"row {y} runs past the map: {full!r}"
        for x, char in enumerate(bare):
            if char in BORDER:
                assert full[x] == char, f"text over the border at row {y} col {x}: {full!r}"
    cw, ch = cell
    for index, region in enumerate(REGIONS):
        inner_w, inner_h = region.cols * cw - 1, region.rows * ch - 1
        lines = region_lines(view, index, inner_w, inner_h)
        shown = "".join(text for line in lines for text, _ in line)
        for seat in range(5):  # every player's count is still there
            piece = f"{'ABCDE'[seat]}{view.board[index][seat]}"
            assert piece in shown, (region.short, shown)
            if view.grandes[seat] == index:  # the Grande as a glyph, at every size
                assert piece + "♜" in shown, (region.short, shown)


def test_hand_text_shortens_runs_and_counts_unseen_take_backs() -> None:
    from tui.games.elgrande import hand_text

    view = random_table("elgrande", ("human",) * 3, seed=5, moves=0).view(0).clone()
    view.hand[1] = sum(1 << v for v in (1, 2, 3, 4, 5, 6, 8, 9, 11, 12, 13))
    assert hand_text(view, 1) == "1-6 8 9 11-13"
    view.backs_hidden[1] = 1
    assert hand_text(view, 1).endswith(" +1?")
    view.hand[1] = 0
    view.backs_hidden[1] = 0
    assert hand_text(view, 1) == "none"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_opponents_power_cards_in_hand_are_on_screen(size: tuple[int, int]) -> None:
    from tui.games.elgrande import hand_text

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=size) as pilot:
            table = random_table("elgrande", ("human",) * 5, seed=5,
                                 until=lambda t: t.state.round == 3 and t.state.phase_name == "bid")
            screen = await open_game(pilot, table)
            view = screen.current_view()
            me = screen.viewer
            detail = str(screen.query_one("#eg-detail").render())
            assert detail.startswith("Power "), "the cursor starts on a power card when bidding"
            board = str(screen.query_one("#scoreboard").render())
            for seat in range(5):
                if seat != me:
                    assert f"{'ABCDE'[seat]} {hand_text(view, seat)}" in detail
                    assert (f"hand {hand_text(view, seat)}" in board) == (size == (120, 40))
            assert "hand" not in board.split(screen.table.seats[me].name)[1].split("\n")[1]

    asyncio.run(main())


def test_veto_text_says_until_when_it_lasts() -> None:
    from core.elgrande.content import SETUP
    from tui.games.elgrande import veto_text

    view = random_table("elgrande", ("human",) * 3, seed=5, moves=0).view(0).clone()
    assert veto_text(view, 1) == ""
    view.vetoes = [(1, 5)]
    assert veto_text(view, 1) == "veto to end of round 5"
    view.vetoes = [(1, SETUP.rounds + 1), (1, 5), (0, 3)]
    assert veto_text(view, 1) == "2 vetos to end of round 5, the game's end"
    assert veto_text(view, 0) == "veto to end of round 3"


def test_scoreboard_names_the_veto_holder_and_until_when() -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = random_table("elgrande", ("human", "human", "human"), seed=1, play_seed=1,
                                 until=lambda t: any(isinstance(a, Veto) for s in t.to_act()
                                                     for a in t.legal_actions(s)))
            screen = await open_game(pilot, table)
            ((holder, expiry),) = table.state.vetoes
            board = str(screen.query_one("#scoreboard").render())
            after = board.split(table.seats[holder].name)[1]
            assert f"veto to end of round {expiry}" in after.split(table.seats[(holder + 1) % 3].name)[0]

    asyncio.run(main())


def test_80x24_detail_has_two_lines_and_card_texts_fit_them() -> None:
    from textual.content import Content

    from core.elgrande.content import CARDS, CASTILLO

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = random_table("elgrande", ("human",) * 3, seed=2, moves=40)
            screen = await open_game(pilot, table)
            board = screen.query_one("#board")
            assert board.virtual_size.height <= board.size.height, "the board must not scroll"
            detail = screen.query_one("#eg-detail")
            assert detail.size.height == 2
            for card in CARDS:
                text = screen._fit(card.name, card.text)
                assert text == card.text or text.endswith("… (f1 rules)")
                lines = Content(f"{card.name}: {text}").wrap(detail.content_size.width)
                assert len(lines) <= 2, (card.name, text)
            # The Castillo shares the fifth card's row and is still reached by the cursor.
            seat = table.to_act()[0]
            move = next(a for a in table.legal_actions(seat)
                        if CASTILLO in [getattr(a, f, None) for f in ("dest", "area")])
            where = screen.board_position(move, screen.current_view())
            assert where is not None and where[1] > 0
            before = len(table.log)
            await play_with_cursor(pilot, screen, move)
            assert any(e.action == move for e in table.log[before:])

    asyncio.run(main())
