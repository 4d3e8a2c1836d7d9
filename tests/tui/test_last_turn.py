"""What just happened: the board marks the places of the others' moves since yours, and
the log puts them under a "Last turn" divider, until you move."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tui.app import MeepleApp
from tui.widgets.picture import BoardPicture

from tests.tui.helpers import open_game, random_table


def flashed(screen: Any) -> set[tuple[int, int]]:
    """Cells of every board picture on the screen that carry the last-turn mark."""
    cells = set()
    for picture in screen.query(BoardPicture):
        for y, row in enumerate(picture._rows):
            x = 0
            for text, _, marks in row:
                if "flash" in marks:
                    cells.update((y, x + i) for i in range(len(text)))
                x += len(text)
    return cells


def log_lines(screen: Any) -> list[str]:
    return [strip.text for strip in screen.query_one("#log").lines]


@pytest.mark.parametrize("game_id", ["council", "elgrande", "quadropolis", "intendentes"])
def test_the_others_moves_since_yours_are_marked_until_you_move(game_id: str) -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            def others_moved(table: Any) -> bool:  # your turn, after moves of yours and theirs
                log = table.log
                return (table.to_act() == [0] and len(log) >= 12 and log[-1].seat == 1
                        and any(e.seat == 0 for e in log))

            table = random_table(game_id, ("human", "easy"), seed=6, until=others_moved)
            screen = await open_game(pilot, table)
            await pilot.pause()
            recent = screen.recent_moves()
            assert recent and all(entry.seat == 1 for entry in recent)
            assert table.log[-len(recent) - 1].seat == 0
            lines = log_lines(screen)
            assert "── Last turn ──" in lines
            after = " ".join(lines[lines.index("── Last turn ──") + 1:])
            for entry in recent:
                assert " ".join(entry.text.split()[:3]) in after
            view = screen.current_view()
            marked = flashed(screen)
            if game_id == "quadropolis":  # its own two pictures: the site and the cities
                assert marked, "the slot and square the other player took are marked"
            else:
                places = [place for e in recent for place in screen.last_move_places(e, view)]
                assert places, "the test needs a move with a place"
                for place in places:
                    assert place in marked, f"{place} of the last turn is not marked"
            # Your own move ends the last turn: its marks and divider go.
            legal = table.legal_actions(0)
            screen.submit_action(legal[0])
            await pilot.pause()
            await pilot.pause()
            if table.log[-1].seat == 0:
                assert screen.recent_moves() == []
                assert "── Last turn ──" not in log_lines(screen)
                assert not flashed(screen)

    asyncio.run(main())


def test_a_long_last_turn_opens_the_log_on_its_divider_at_80x24() -> None:
    """Four log lines hold less than a bot's turn: the log shows where the last turn starts
    (its divider on top) rather than only its end."""
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            def long_turn(table: Any) -> bool:
                log = table.log
                if table.to_act() != [0] or not any(e.seat == 0 for e in log) or log[-1].seat != 1:
                    return False
                recent = len(log) - 1 - max(i for i, e in enumerate(log) if e.seat == 0)
                return recent >= 4

            table = random_table("council", ("human", "easy"), seed=6, until=long_turn)
            screen = await open_game(pilot, table)
            await pilot.pause()
            log = screen.query_one("#log")
            lines = log_lines(screen)
            divider = lines.index("── Last turn ──")
            assert len(lines) - divider > log.scrollable_content_region.height
            assert log.scroll_y == divider, "the divider is the log's first line shown"

    asyncio.run(main())


def test_a_permit_taken_in_the_last_turn_marks_its_regions_permits() -> None:
    """The permit another player took is gone (a new one lies there): the region's two
    face-up permits are marked, and the other player's payment is not marked in your hand."""
    from core.council.actions import Acquire
    from core.council.content import REGIONS
    from tui.games.council_render import hand_row, permit_position

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            def took_a_permit(table: Any) -> bool:
                log = table.log
                if table.to_act() != [0] or not any(e.seat == 0 for e in log):
                    return False
                last_mine = max(i for i, e in enumerate(log) if e.seat == 0)
                return any(isinstance(e.action, Acquire) for e in log[last_mine + 1:])

            table = random_table("council", ("human", "easy"), seed=3, until=took_a_permit)
            screen = await open_game(pilot, table)
            await pilot.pause()
            acquired = next(e.action for e in screen.recent_moves() if isinstance(e.action, Acquire))
            marked = flashed(screen)
            for slot in range(2):
                assert permit_position(REGIONS.index(acquired.region), slot) in marked
            assert (hand_row(screen.scale), 0) not in marked

    asyncio.run(main())
