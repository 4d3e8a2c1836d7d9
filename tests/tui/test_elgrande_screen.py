"""Pilot and unit tests of the El Grande screen: a whole game by keys, Veto, secret disk,
region boxes at 5 players, public hands and Vetos, the detail at 80x24 (whole, or told in a
box over the board), the card viewer."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from textual.widgets import DataTable, Static

from core.elgrande.actions import Disk, Veto
from core.elgrande.state import HIDDEN_DISK
from core.rng import Rng
from tui.app import MeepleApp, StartRequest
from tui.games.elgrande import ElGrandeScreen
from tui.games.elgrande_render import map_size
from tui.screens.curtain import HandOffScreen
from tui.screens.game_over import GameOverScreen

from tests.tui.helpers import (
    card_text_at,
    cursor_keys,
    open_game,
    play_with_cursor,
    random_table,
    seats,
    wait_for_screen,
    wait_for_turn,
)
from tests.tui.readable import clipped


def told(screen: Any) -> str:
    """What the screen tells of the place under the cursor: the detail line's text, or at
    80x24 the whole of a longer one (told in a box over the board)."""
    return screen._detail(screen.current_view(), screen.cursor_position).plain


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


def test_a_long_veto_question_is_told_whole_over_the_map_at_80x24() -> None:
    """With long names the question needs more than the detail's two lines: it is laid
    over the map whole, and the detail says so; never cut."""
    import dataclasses

    from core.elgrande import veto_prompt
    from core.table import Table
    from core.registry import get_game

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            names = [dataclasses.replace(seat, name=f"Maximilianaxxxx{seat.index}")
                     for seat in seats("human", "human", "human", "human")]
            for seed in range(20):
                table = Table.new(get_game("elgrande"), names, seed, {"first_player": "0"})
                rng = Rng(seed)
                while not table.is_over() and len(veto_prompt(table.state)) <= 95:
                    seat = table.to_act()[0]
                    legal = table.legal_actions(seat)
                    table.submit(seat, legal[rng.randbelow(len(legal))])
                if not table.is_over():
                    break
            assert not table.is_over(), "a seed reaches a long Veto question"
            question = veto_prompt(table.view(table.to_act()[0]))
            screen = await open_game(pilot, table)
            await pilot.pause()
            detail = str(screen.query_one("#eg-detail").render())
            assert detail == "Veto? The question is over the map (m: Veto or Allow)"
            rows = screen.query_one("#eg-picture").plain_lines()[:screen._rows()[1]]
            top = next(i for i, row in enumerate(rows) if row.replace("─", "") == "┌┐")
            inside = " ".join(row.strip("│ ") for row in rows[top + 1:-1])
            assert " ".join(inside.split()) == " ".join(f"Veto? {question}".split())

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


@pytest.mark.parametrize("marked", [False, True], ids=["plain", "every-area-a-target"])
@pytest.mark.parametrize("cell", [(11, 3), (16, 5)])
def test_five_players_counts_stay_inside_their_region_boxes(cell: tuple[int, int], marked: bool) -> None:
    """Even the fullest boxes keep every count, Grande and (when a move can go there) the
    target glyph inside their borders."""
    from core.elgrande.content import CASTILLO, REGIONS
    from tui.games.elgrande_render import map_size, region_lines, render_board, target_glyph

    view = _crowded_view()
    targets = set(range(len(REGIONS))) | {CASTILLO} if marked else set()
    empty = view.clone()
    empty.board = [[0] * 5 for _ in empty.board]
    empty.grandes = [-1] * 5
    height, width = map_size(*cell)
    full_lines = render_board(view, 0, *cell, targets=targets).lines()[:height]
    empty_lines = render_board(empty, 0, *cell).lines()[:height]
    for y, (full, bare) in enumerate(zip(full_lines, empty_lines)):
        assert len(full) <= width, f"row {y} runs past the map: {full!r}"
        for x, char in enumerate(bare):
            if char in BORDER:
                assert full[x] == char, f"text over the border at row {y} col {x}: {full!r}"
    cw, ch = cell
    for index, region in enumerate(REGIONS):
        inner_w, inner_h = region.cols * cw - 1, region.rows * ch - 1
        mark = target_glyph(view, index) if marked else ""
        lines = region_lines(view, index, inner_w, inner_h, mark)
        shown = "".join(text for line in lines for text, _ in line)
        assert "…" not in shown, (region.short, shown)
        if marked:
            assert shown.count(mark) == 1, (region.short, shown)
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


def test_80x24_every_card_text_is_shown_whole() -> None:
    """At 80x24 the detail has two lines: a card text that needs more is laid over the
    map's bottom rows as a sheet, whole, while the cursor is on the card (and the detail
    says where it is); the sheet goes when the cursor leaves. Nothing is cut."""
    import textwrap

    from core.elgrande.actions import Take
    from core.elgrande.content import CARDS

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            sheets = 0
            for seed in range(8):
                table = random_table("elgrande", ("human",) * 3, seed=seed, until=lambda t: any(
                    isinstance(a, Take) for a in t.legal_actions(t.to_act()[0])))
                screen = await open_game(pilot, table)
                picture = screen.query_one("#eg-picture")
                for action in [a for a in table.legal_actions(table.to_act()[0]) if isinstance(a, Take)]:
                    await pilot.press(*cursor_keys(screen, screen.board_position(action, None)))
                    await pilot.pause()
                    card = CARDS[dict(screen.current_view().face_up_cards())[action.stack]]
                    detail = " ".join(str(screen.query_one("#eg-detail").render()).split())
                    places = "caballero" if card.stack == 1 else "caballeros"
                    whole = f"{card.name}: {card.text} (places up to {card.stack} {places})"
                    assert "…" not in detail and "f1 rules" not in detail
                    if whole in detail:
                        continue
                    sheets += 1
                    assert detail == f"{card.name}: its whole text is over the map · Enter takes it"
                    rows = picture.plain_lines()[:screen._rows()[1]]
                    top = next(i for i, row in enumerate(rows) if row.replace("─", "") == "┌┐")
                    assert rows[-1].replace("─", "") == "└┘", "the sheet sits just above the cards"
                    inside = [row.strip("│ ") for row in rows[top + 1:-1]]
                    assert " ".join(" ".join(inside).split()) == " ".join(whole.split())
                    assert len(textwrap.wrap(whole, 40)) > 2
                await pilot.press("enter")  # take the card: the cursor goes on to the map
                await pilot.pause()
                rows = picture.plain_lines()[:screen._rows()[1]]
                assert not any(row.replace("─", "") == "┌┐" for row in rows), "the sheet is gone"
                board = screen.query_one("#board")
                assert board.virtual_size.height <= board.size.height, "the board must not scroll"
                app.pop_screen()
                await pilot.pause()
            assert sheets >= 3, "seeds reach cards whose texts need the sheet"

    asyncio.run(main())


def test_80x24_detail_has_the_rows_under_the_board_and_the_castillo_is_reached() -> None:
    from core.elgrande.content import CASTILLO

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = random_table("elgrande", ("human",) * 3, seed=2, moves=40)
            screen = await open_game(pilot, table)
            board = screen.query_one("#board")
            assert board.virtual_size.height <= board.size.height, "the board must not scroll"
            detail = screen.query_one("#eg-detail", Static)
            assert detail.size.height == 3  # (with a one-row status line)
            assert clipped(detail) is None
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


# --- where the move at hand can go: ► next to the King, ▻ elsewhere, nothing where not ----------
def _box(screen: Any, index: int) -> list[str]:
    """The inside of region ``index``'s box as shown (a string per row)."""
    from core.elgrande.content import REGIONS

    cw, ch = screen.cell
    region = REGIONS[index]
    y0, x0 = region.row * ch + 1, region.col * cw + 1
    lines = screen.query_one("#eg-picture").plain_lines()
    return [lines[y][x0:x0 + region.cols * cw - 1] for y in range(y0, y0 + region.rows * ch - 1)]


def _marks_at(screen: Any, row: int, col: int) -> tuple[str, ...]:
    """The marks (target, cursor...) on the cell shown at (row, col)."""
    x = 0
    for text, _, marks in screen.query_one("#eg-picture")._rows[row]:
        if x <= col < x + len(text):
            return marks
        x += len(text)
    return ()


def _region_kinds(table: Any) -> dict[int, set[str]]:
    """Area -> names of the kinds of legal move (of the player to act) that go there."""
    from tui.games.elgrande import REGION_FIELDS

    seat = table.to_act()[0]
    kinds: dict[int, set[str]] = {}
    for action in table.legal_actions(seat):
        for name in REGION_FIELDS:
            value = getattr(action, name, None)
            if isinstance(value, int) and not isinstance(value, bool):
                kinds.setdefault(value, set()).add(type(action).__name__)
                break
    return kinds


def _legal_areas(table: Any) -> set[int]:
    """The regions (and the Castillo) some legal move of the player to act names."""
    return set(_region_kinds(table))


def _place_only(table: Any) -> bool:
    kinds = _region_kinds(table)
    return bool(kinds) and all(k == {"Place"} for k in kinds.values())


def _place_or_anywhere(table: Any) -> bool:
    kinds = _region_kinds(table)
    return any("Place" in k for k in kinds.values()) and any("PlaceExtra" in k for k in kinds.values())


def _check_region_marks(screen: Any, table: Any) -> tuple[set[int], set[int], set[int]]:
    """Every region's box against the rules: ► and the target mark on a legal region next to
    the King, ▻ and the target mark on another legal one, neither on the rest. Returns the
    (near, elsewhere, illegal) regions seen."""
    from core.elgrande.content import ADJACENT, REGIONS
    from tui.games.elgrande_render import ELSEWHERE, NEAR_KING, region_anchor

    legal = _legal_areas(table)
    king = table.state.king
    seen: tuple[set[int], set[int], set[int]] = (set(), set(), set())
    for index, region in enumerate(REGIONS):
        box = _box(screen, index)
        inside = "".join(box)
        y0, x0 = region_anchor(index, *screen.cell)
        marks = _marks_at(screen, y0, x0)
        if index in legal and index in ADJACENT[king]:
            assert box[0].startswith(NEAR_KING + region.short), (region.short, box)
            assert ELSEWHERE not in inside, (region.short, box)
            seen[0].add(index)
        elif index in legal:
            assert box[0].startswith(ELSEWHERE + region.short), (region.short, box)
            assert NEAR_KING not in inside, (region.short, box)
            seen[1].add(index)
        else:
            assert box[0].startswith(region.short), (region.short, box)
            assert NEAR_KING not in inside and ELSEWHERE not in inside, (region.short, box)
            assert "target" not in marks, (region.short, marks)
            seen[2].add(index)
        if index in legal:
            assert "target" in marks, (region.short, marks)
            assert _marks_at(screen, y0, x0 + 1 + len(region.short)) == marks, "the whole title is marked"
    return seen


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_placing_next_to_the_king_marks_his_neighbours_and_nothing_else(size: tuple[int, int]) -> None:
    """A plain placement: the King's neighbours carry ►, the Castillo ▻, the other regions
    (and the King's own) neither a glyph nor the target mark."""
    from core.elgrande.content import ADJACENT, CASTILLO, REGIONS
    from tui.games.elgrande_render import ELSEWHERE, NEAR_KING

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=size) as pilot:
            table = random_table("elgrande", ("human",) * 5, seed=5, until=_place_only)
            screen = await open_game(pilot, table)
            assert screen.viewer == table.to_act()[0]
            near, elsewhere, illegal = _check_region_marks(screen, table)
            king = table.state.king
            assert near == set(ADJACENT[king]) and not elsewhere
            assert king in illegal and illegal == set(range(len(REGIONS))) - near
            assert CASTILLO in _legal_areas(table)
            row, col = screen._rows()[0]
            # (on the Castillo: a region's longer detail may be told in a box over its row)
            await pilot.press(*cursor_keys(screen, (row, col)))
            await pilot.pause()
            line = screen.query_one("#eg-picture").plain_lines()[row]
            start = col - 1 if col else 0  # the free cell before the title, or its first
            assert line[start:start + 9] == ELSEWHERE + "Castillo", line
            assert NEAR_KING not in line
            assert "target" in _marks_at(screen, row, col)

    asyncio.run(main())


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_a_card_that_places_anywhere_marks_the_farther_regions_apart(size: tuple[int, int]) -> None:
    """Intrigue (place anywhere) beside a placement: ► next to the King, ▻ on the other
    regions the card allows, and the King's region (taboo) carries neither; the detail
    line says what the glyph under the cursor means."""
    from textual.content import Content

    from core.elgrande.content import ADJACENT, REGIONS
    from tui.games.elgrande_render import ELSEWHERE, NEAR_KING, region_anchor

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=size) as pilot:
            table = random_table("elgrande", ("human",) * 5, seed=1, until=_place_or_anywhere)
            assert not table.is_over()
            screen = await open_game(pilot, table)
            near, elsewhere, illegal = _check_region_marks(screen, table)
            king = table.state.king
            assert near and elsewhere, "both kinds of legal region are on the board"
            assert near <= set(ADJACENT[king]) and not elsewhere & set(ADJACENT[king])
            assert king in illegal
            for index, glyph, words in ((min(near), NEAR_KING, "next to the King"),
                                        (min(elsewhere), ELSEWHERE, "not next to the King")):
                await pilot.press(*cursor_keys(screen, region_anchor(index, *screen.cell)))
                await pilot.pause()
                detail = told(screen)  # (at 80x24 a long one is told in a box over the cards)
                assert REGIONS[index].name in detail and f"{glyph} " in detail and words in detail, detail
                assert clipped(screen.query_one("#eg-detail", Static)) is None
                other = ELSEWHERE if glyph == NEAR_KING else NEAR_KING
                assert other not in detail

    asyncio.run(main())


def test_help_names_the_marks_the_board_draws() -> None:
    """The help lines name both glyphs and the two shared marks, and those marks are drawn
    as named (underline for places to play, reverse for the cursor)."""
    from tui.games.elgrande_render import ELSEWHERE, NEAR_KING

    text = " ".join(line for _, line in ElGrandeScreen.HELP_KEYS + ElGrandeScreen.SHARED_HELP_KEYS)
    assert f"{NEAR_KING} before a region" in text and "next to the King" in text
    assert f"{ELSEWHERE} before a region or the Castillo" in text
    assert "underlined" in text and "reversed: the cursor" in text

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_game(pilot, random_table("elgrande", ("human",) * 3, seed=5,
                                                         until=_place_only))
            picture = screen.query_one("#eg-picture")
            assert picture._rich_style("bold", ("target",)).underline
            assert picture._rich_style("bold", ("cursor",)).reverse
            assert picture._rich_style("", ("flash",)).italic  # the last turn's look, as told

    asyncio.run(main())


def test_the_kings_move_is_told_apart_from_placing_caballeros() -> None:
    """► tells where a caballero may be placed next to the King; a region where only the
    King can go is marked ▻ and its detail line speaks of the King, not of caballeros."""
    from core.elgrande.actions import King as MoveKing, Place, PlaceExtra
    from tui.games.elgrande_render import ELSEWHERE, NEAR_KING

    from core.elgrande.content import REGIONS

    def king_move(table: Any) -> bool:
        # The King's move offered beside the placements, and a region only he can go to
        # comes first on the map (top left): where the cursor would start by position.
        legal = table.legal_actions(table.to_act()[0])
        kings = {a.region for a in legal if isinstance(a, MoveKing)}
        places = {a.dest for a in legal if isinstance(a, Place) and a.dest < len(REGIONS)}
        if not kings or not places:
            return False
        first = min(kings | places, key=lambda r: (REGIONS[r].row, REGIONS[r].col))
        return first not in places

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = random_table("elgrande", ("human",) * 3, seed=5, until=king_move)
            assert not table.is_over(), "the seed reaches a King's move"
            screen = await open_game(pilot, table)
            view = screen.current_view()
            start = screen.board_actions[screen.cursor_position]
            assert any(isinstance(a, (Place, PlaceExtra)) for a in start), "the cursor starts where a caballero goes"
            near = screen.near_king(view)
            kings = 0
            for area in screen.target_areas():
                actions = screen._area_actions(area)
                hint = screen.target_hint(view, area)
                placing = any(isinstance(a, (Place, PlaceExtra)) for a in actions)
                king = any(isinstance(a, MoveKing) for a in actions)
                kings += king
                if not placing:  # only the King goes there: no word of caballeros
                    assert area not in near and hint == f"{ELSEWHERE} the King can go here", hint
                else:
                    assert "caballero" in hint and ("so can the King" in hint) is king, hint
            assert kings, "the position has a region the King can go to"
            height, _ = map_size(*screen.cell)  # (a box over the cards may tell a region's ► too)
            text = "\n".join(screen.query_one("#eg-picture").plain_lines()[:height])
            assert text.count(NEAR_KING) == len(near)

    asyncio.run(main())


def test_a_scoring_move_tells_who_gets_what_before_it_is_made() -> None:
    """A chosen region's scoring names each player's points in the move list and, when
    highlighted, in the detail line: "Score … now → you 5, P2 3"."""
    from core.elgrande.actions import Score

    def scoring_choice(table: Any) -> bool:
        return any(isinstance(a, Score) for a in table.legal_actions(table.to_act()[0]))

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = random_table("elgrande", ("human",) * 3, seed=2, until=scoring_choice)
            assert not table.is_over(), "the seed reaches a chosen-region scoring"
            screen = await open_game(pilot, table)
            seat = table.to_act()[0]
            view = screen.current_view()
            for action in table.legal_actions(seat):
                if not isinstance(action, Score):
                    continue
                label = screen.action_label(action, view)
                after = table.game.apply(table.state, seat, action)
                gained = {s: a - b for s, (a, b) in enumerate(zip(after.score, table.state.score)) if a != b}
                if not gained:
                    assert label.endswith("→ no one scores"), label
                    continue
                for s, points in gained.items():
                    who = "you" if s == seat else table.state.names[s]
                    assert f"{who} {points}" in label, label
            await pilot.press("m", *"score")
            await pilot.pause()
            shown = str(screen.query_one("#eg-detail").render())
            assert shown.startswith("Score ") and "→" in shown, shown

    asyncio.run(main())


# --- what the special action costs the placing, told before the move ----------------------------
def _king_mid_placing(table: Any) -> bool:
    """The King's card taken, some caballeros placed, more still placeable, the King unused."""
    from core.elgrande.content import KING_CARD
    from core.elgrande.rules import can_place
    from core.elgrande.state import NOT_STARTED

    state = table.state
    return (state.phase_name == "body" and state.card == KING_CARD and state.placed >= 1
            and can_place(state) and state.special == NOT_STARTED)


def test_a_move_that_ends_the_placing_says_so_before_it_is_made() -> None:
    """Mid-placement with the King's card: the King's moves and the skip say in the move
    list how many caballeros they leave unplaced, the detail line tells a highlighted one
    whole (the note in warning colours), and a region only the King can go to says it too."""
    from textual.content import Content

    from core.elgrande.actions import King as MoveKing, Place, PlaceDone
    from core.elgrande.content import CARD_STACK, REGIONS
    from tui.games.elgrande_render import ELSEWHERE, region_anchor

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = random_table("elgrande", ("human",) * 3, seed=5, until=_king_mid_placing)
            assert not table.is_over(), "the seed reaches a King's card mid-placement"
            screen = await open_game(pilot, table)
            view = screen.current_view()
            seat = table.to_act()[0]
            left = min(CARD_STACK[view.card] - view.placed, view.court[seat])
            note = f" — ends placing: {left} not placed"
            for action in table.legal_actions(seat):
                label = screen.action_label(action, view)
                assert label.endswith(note) != isinstance(action, (Place, PlaceDone)), label
            await pilot.press("m", *"king")
            await pilot.pause()
            detail = screen.query_one("#eg-detail")
            shown = detail.render()
            assert isinstance(shown, Content)
            action = screen.query_one("#actions").highlighted_action
            assert isinstance(action, MoveKing)
            assert shown.plain == f"Move the King to {REGIONS[action.region].name}{note}"
            start = shown.plain.index("ends placing")
            assert any(span.start <= start < span.end and "$warning" in str(span.style) for span in shown.spans)
            screen.focus_board()  # back from the move list, as Escape does
            await pilot.pause()
            only_king = [area for area in screen.target_areas()
                         if all(isinstance(a, MoveKing) for a in screen._area_actions(area))]
            assert only_king, "a region only the King can go to"
            await pilot.press(*cursor_keys(screen, region_anchor(only_king[0], *screen.cell)))
            await pilot.pause()
            text = told(screen)
            assert text.endswith(f"{ELSEWHERE} the King can go here{note}"), text
            assert clipped(detail) is None

    asyncio.run(main())


# --- a Veto of the viewer's step is told when it happens ----------------------------------------
def test_a_bots_veto_of_your_move_is_told_at_once_and_in_your_next_prompt() -> None:
    """A bot vetoes Ada's move of the King: a notification names the bot and the move, and
    Ada's prompt (she still places this turn) starts with it."""
    from core.elgrande.actions import King as MoveKing

    def bot_asked(table: Any) -> bool:
        state = table.state
        return (state.phase_name == "veto" and state.cur == 0 and table.to_act()[0] != 0
                and state.placed == 0 and isinstance(state.proposal, MoveKing))

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = random_table("elgrande", ("human", "easy", "easy"), seed=12, until=bot_asked)
            assert not table.is_over(), "the seed reaches a bot's Veto question on Ada's King"
            bot, king = table.to_act()[0], table.state.proposal
            table.submit(bot, Veto())  # as the bot's worker would (the screen is not open yet)
            screen = await open_game(pilot, table)
            assert table.to_act() == [0], "Ada goes on placing: no bot runs meanwhile"
            screen.post_message(screen.MoveApplied(table.log[-1]))  # the one path a move takes
            await pilot.pause()
            from core.elgrande.content import REGIONS

            words = f"{table.seats[bot].name} vetoed your move of the King to {REGIONS[king.region].name}"
            assert [n for n in app._notifications if str(n.message).startswith(words)
                    and n.title == "Veto"], [n.message for n in app._notifications]
            status = " ".join(str(screen.query_one("#status").render()).split())
            assert f"A Ada: {words}. Place up to" in status, status

    asyncio.run(main())


# --- the Castillo reads as its own thing, not as part of the fifth card --------------------------
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_the_castillo_line_stands_apart_from_the_cards(size: tuple[int, int]) -> None:
    """At 120x40 the Castillo has its own row under the map; at 80x24 (no row to spare) it
    shares the fifth card's, after a separator, and still fits the board's width with five
    players' two-digit counts or hidden."""
    from core.elgrande.content import CARDS, CASTILLO, KING_CARD
    from tui.games.elgrande_render import CASTILLO_SEPARATOR, render_board

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=size) as pilot:
            table = random_table("elgrande", ("human",) * 3, seed=2, moves=40)
            screen = await open_game(pilot, table)
            (row, col), first_card, _ = screen._rows()
            lines = screen.query_one("#eg-picture").plain_lines()
            card_rows = lines[first_card:first_card + 5]
            assert [line[0] for line in card_rows] == list("12345")
            if size == (120, 40):
                assert col == 0 and row not in range(first_card, first_card + 5)
                assert lines[row].lstrip("▻").startswith("Castillo ")
            else:
                assert row == first_card + 4, "beside the fifth card, The King's"
                card, castillo = lines[row][:col - 2], lines[row][col - 2:]
                assert card.rstrip() in ("5 —", f"5 {CARDS[KING_CARD].name}"), card
                assert castillo.startswith(f"{CASTILLO_SEPARATOR} Castillo ") or castillo.startswith(
                    f"{CASTILLO_SEPARATOR}▻Castillo "), castillo
                width = screen.query_one("#eg-picture").size.width
                view = _crowded_view().clone()
                view.castillo = [12, 13, 14, 15, 16]
                for hidden in (False, True):
                    view.castillo_masked = hidden
                    line = render_board(view, 0, *screen.cell, True, {CASTILLO}).lines()[row]
                    assert len(line) <= width and ("hidden" in line) == hidden, line

    asyncio.run(main())


def test_the_card_viewer_tells_each_place_from_the_content() -> None:
    """``i`` on a region shows its values from seeds/elgrande/board.toml and who has
    caballeros there; on the Castillo its values; on an action card its whole text from
    seeds/elgrande/cards.toml and the caballeros it places; on a power card its caballeros."""
    from core.elgrande.actions import Take
    from core.elgrande.content import BOARD, CARDS, REGIONS
    from tui.games.elgrande_render import power_position, region_anchor

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = random_table("elgrande", ("human",) * 3, seed=3, until=lambda t: any(
                isinstance(a, Take) for a in t.legal_actions(t.to_act()[0])))
            screen = await open_game(pilot, table)
            view = screen.current_view()
            castillo, first_card, power_row = screen._rows()

            async def card_at(where: tuple[int, int]) -> str:
                return await card_text_at(pilot, screen, where)

            region = max(range(len(REGIONS)), key=lambda r: sum(view.board[r]))
            text = await card_at(region_anchor(region, *screen.cell))
            values = view.region_values(region)
            assert REGIONS[region].name in text and f"1st {values[0]}, 2nd {values[1]}, 3rd {values[2]}" in text
            for seat, count in enumerate(view.board[region]):
                if count:
                    assert f"{view.names[seat]} {count}" in text
            text = await card_at(castillo)
            assert "1st {}, 2nd {}, 3rd {}".format(*BOARD.castillo_values) in text
            stack, card = view.face_up_cards()[0]
            text = await card_at((first_card + stack - 1, 0))
            assert CARDS[card].name in text and " ".join(CARDS[card].text.split()) in " ".join(text.split())
            assert f"up to {CARDS[card].stack} caballero" in text
            value = view.hand_values(screen.viewer)[0]
            text = await card_at(power_position(power_row, value))
            assert f"Power card {value}" in text and f"{BOARD.power_caballeros[value]} caballero" in text

    asyncio.run(main())
