"""The side panel every game shares: room for moves and log at 80×24, the keys that reach
them, and the preview of a move highlighted in the list."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.widgets import Input

from tui.app import MeepleApp
from tui.widgets.board import BoardView
from tui.widgets.move_list import MoveList

from tests.tui.helpers import open_game, random_table

# The most players each game seats: the fullest scoreboard the panel must make room beside.
MOST = {"quadropolis": 4, "council": 4, "elgrande": 5}


def run(coro: Any) -> None:
    asyncio.run(coro)


@pytest.mark.parametrize("game_id", sorted(MOST))
def test_at_80x24_the_move_list_shows_four_moves_and_the_log_four_lines(game_id: str) -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            played = [0]

            def busy(table: Any) -> bool:  # well into the game, with a choice to make
                played[0] += 1
                return played[0] > 30 and len(table.legal_actions(table.to_act()[0])) >= 6

            table = random_table(game_id, ("human",) * MOST[game_id], seed=3, until=busy)
            screen = await open_game(pilot, table)
            await pilot.pause()
            options = screen.query_one("#action-options", MoveList)
            assert options.option_count >= 4, "the position offers at least four moves"
            assert options.size.height >= 4, f"{options.size.height} rows for moves"
            log = screen.query_one("#log")
            assert log.size.height >= 4, f"{log.size.height} rows for the log"
            # Both are on screen whole, above the key bar.
            bottom = app.size.height - 1
            for widget in (options, log):
                assert widget.region.height == widget.size.height
                assert widget.region.bottom <= bottom, f"#{widget.id} runs under the key bar"
            board = screen.query_one("#board")
            assert board.virtual_size.height <= board.size.height, "the board column needs scrolling"
            # One move per row at 80×24 where the list cuts its rows (El Grande's moves are
            # sentences: its list wraps them whole instead): four moves really are four rows.
            assert all(len(options.prompt_at(i).split("\n")) == 1 for i in range(4))
            if options.styles.text_wrap == "nowrap":
                assert options.virtual_size.height == options.option_count, "one row per move"

    run(main())


@pytest.mark.parametrize("game_id", sorted(MOST))
def test_l_focuses_the_log_and_escape_gives_the_keys_back_to_the_board(game_id: str) -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_game(pilot, random_table(game_id, ("human", "human"), seed=2, moves=12))
            await pilot.press("l")
            await pilot.pause()
            assert screen.focused is screen.query_one("#log")
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(screen.focused, BoardView), "Escape in the log returns to the board"
            assert app.screen is screen, "and does not leave the game"
            keys = {binding.description for _, binding, _ in app.screen.query_one("KeyBar").keys()}
            assert "Log" in keys

    run(main())


def test_down_from_the_filter_box_goes_to_the_next_move_and_up_comes_back() -> None:
    """In the filter box the first move is the highlighted one (Enter would play it and
    the detail line previews it), so Down goes on to the second, in the list."""
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_game(pilot, random_table("council", ("human", "human"), seed=2))
            options = screen.query_one("#action-options", MoveList)
            actions = screen.query_one("#actions")
            await pilot.press("m", "e", "l", "e", "c", "t")
            await pilot.pause()
            assert isinstance(screen.focused, Input) and options.highlighted == 0
            first = screen.action_label(actions._shown[0], screen.current_view())
            assert first in " ".join(str(screen.query_one(screen.DETAIL_LINE).render()).split())
            await pilot.press("down")
            await pilot.pause()
            assert screen.focused is options and options.highlighted == 1
            await pilot.press("up")
            assert options.highlighted == 0
            await pilot.press("up")
            await pilot.pause()
            assert isinstance(screen.focused, Input), "Up on the first move goes back to the filter"
            assert options.highlighted == 0 and actions.filter_text == "elect"

    run(main())


@pytest.mark.parametrize("game_id", sorted(MOST))
def test_a_move_highlighted_in_the_list_is_told_whole_under_the_board(game_id: str) -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_game(pilot, random_table(game_id, ("human", "human"), seed=5, moves=8))
            actions = screen.query_one("#actions")
            detail = screen.query_one(screen.DETAIL_LINE)
            await pilot.press("m", "down")
            await pilot.pause()
            view = screen.current_view()
            for step in range(min(4, len(actions._shown))):
                if step:
                    await pilot.press("down")
                    await pilot.pause()
                action = actions.highlighted_action
                label = screen.action_label(action, view)
                shown = " ".join(str(detail.render()).split())
                assert " ".join(label.split()) in shown, (label, shown)
                where = screen.board_position(action, view)
                if where is not None:
                    assert screen.cursor_position == where, "the board cursor goes to the move's place"

    run(main())


def test_keys_typed_faster_than_the_focus_moves_are_not_lost() -> None:
    """A terminal delivers "m" and a filter word in one read: every key is sent to the
    board, focused when they arrived. "m" hands the keyboard to the filter box at once and
    the rest are typed there, not read as board keys (Council's "e" ends the turn, "l"
    would jump to the log)."""
    from textual import events

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_game(pilot, random_table("council", ("human", "human"), seed=2))
            board = screen.focused
            assert isinstance(board, BoardView)
            for char in "melect":
                board.post_message(events.Key(char, char))
            for _ in range(5):
                await pilot.pause()
            assert screen.query_one("#actions").filter_text == "elect"
            assert isinstance(screen.focused, Input)

    run(main())


@pytest.mark.parametrize("game_id", sorted(MOST))
def test_the_board_column_never_needs_scrolling_at_80x24(game_id: str) -> None:
    """Over positions through a game and with the cursor moved about, the board, its
    detail lines (reserved for their tallest text) and its legend fit above the key bar."""
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            for seed in range(6):
                table = random_table(game_id, ("human",) * 3, seed=seed, moves=seed * 9 + 5)
                if table.is_over():
                    continue
                screen = await open_game(pilot, table)
                await pilot.press("right", "down", "left", "up", "right", "right", "down")
                await pilot.pause()
                board = screen.query_one("#board")
                assert board.virtual_size.height <= board.size.height, f"seed {seed}: the board overflows"
                app.pop_screen()
                await pilot.pause()

    run(main())


@pytest.mark.parametrize("game_id", sorted(MOST))
def test_the_status_line_says_everything_in_its_two_rows_at_80_columns(game_id: str) -> None:
    """The status line (two rows at most: ``#status`` in game.tcss) wraps instead of being
    cut: over seeded games with the most players and the longest names, "X name: prompt
    (in the move list: m)" fits 2 rows of 78 cells (80 minus its padding); the progress
    before it is left out where both do not fit (next test), which is the exception."""
    import textwrap

    from core.registry import get_game
    from core.rng import Rng

    game = get_game(game_id)
    names = [f"Maximilianaxxxx{seat}"[:16] for seat in range(MOST[game_id])]
    longest = ""
    positions = with_lead = 0
    for seed in range(4):
        state = game.setup(names, seed, {})
        rng = Rng(seed)
        for _ in range(2500):
            if game.is_over(state):
                break
            seat = game.to_act(state)[0]
            view = game.view(state, seat)
            message = f"X {names[seat]}: {game.prompt(view, seat)} (in the move list: m)"
            longest = max(longest, message, key=lambda text: len(textwrap.wrap(text, 78)))
            positions += 1
            with_lead += len(textwrap.wrap(f"{game.progress(view)} · {message}", 78)) <= 2
            legal = game.legal_actions(state, seat)
            state = game.apply(state, seat, legal[rng.randbelow(len(legal))])
    assert len(textwrap.wrap(longest, 78)) <= 2, longest
    assert with_lead >= 0.95 * positions, f"the progress is shown in {with_lead} of {positions}"


def test_the_status_line_leaves_out_the_progress_only_where_it_would_cut_the_rest() -> None:
    """A message that fits with its progress shows both; one that would need a third row
    loses the progress and is told whole."""
    from textual.app import App, ComposeResult
    from textual.content import Content

    from tui.widgets.status import StatusLine

    class Probe(App[None]):
        CSS = "StatusLine { max-height: 2; padding: 0 1; }"

        def compose(self) -> ComposeResult:
            yield StatusLine()

    async def main() -> None:
        app = Probe()
        async with app.run_test(size=(40, 6)) as pilot:
            status = app.query_one(StatusLine)
            lead = Content("Round 3/9 · ")
            status.show(Content("Ada: play a card."), lead)
            await pilot.pause()
            assert str(status.render()) == "Round 3/9 · Ada: play a card."
            long = Content("Ada: " + "place caballeros " * 4 + "now.")  # 2 rows of 38 alone
            status.show(long, lead)
            await pilot.pause()
            assert str(status.render()) == long.plain
            assert status.size.height == 2

    run(main())
