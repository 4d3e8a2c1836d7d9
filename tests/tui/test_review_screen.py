"""The review screen: the coach values a finished game's human decisions in a worker with a
progress bar, Escape stops it keeping what is valued (in the save), opening it again goes
on, and the five costliest open their positions on the game's board with nothing playable.

The game: two-seat Settlement (Ada at the keyboard, a bot), played to its end by seeded
random moves; its nine decisions are valued once for the module at the ``normal`` level,
and each test starts from a save holding some of them, so only a few are valued again.
"""

from __future__ import annotations

import asyncio
import functools
import threading
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList, ProgressBar, Static

import core.ai.review as core_review
from core.ai.review import Decision, review
from core.replay import ReplayTable
from core.registry import get_game
from core.rng import Rng
from core.table import Table
from saves import open_review, save_table, saves_dir, write_review
from tests.tui.helpers import seats, wait_for_screen
from tui.app import MeepleApp, StartRequest
from tui.games.settlement import SettlementScreen
from tui.navigation import OpenReview
from tui.screens.game_over import GameOverScreen
from tui.screens.menu import MenuScreen
from tui.screens.review import ReviewScreen
from tui.widgets.key_bar import KeyBar

LEVEL = "normal"
SEED = 2


def finished(name: str = "Ada") -> Table[Any]:
    players = [replace(seat, name=name) if seat.index == 0 else seat for seat in seats("human", "easy")]
    table = Table.new(get_game("settlement"), players, SEED)
    rng = Rng(SEED)
    while not table.is_over():
        seat = table.to_act()[0]
        legal = table.legal_actions(seat)
        table.submit(seat, legal[rng.randbelow(len(legal))])
    return table


@functools.cache
def valued() -> tuple[Decision, ...]:
    """Every decision of the game, valued (once per test process)."""
    table = finished()
    names = [seat.name for seat in table.seats]
    result = review(table.game, names, SEED, table.options, table.actions(), [0], LEVEL)
    assert result.complete and len(result.decisions) >= 7
    assert len(result.costliest()) == 5
    return result.decisions


@pytest.fixture(scope="module")
def decisions() -> tuple[Decision, ...]:
    return valued()


def saved(kept: tuple[Decision, ...] = (), name: str = "Ada") -> Path:
    """The finished game's save (its first player called ``name``), holding the decisions
    ``kept``."""
    path = saves_dir() / "settlement-review.toml"
    save_table(finished(name), path, "Settlement")
    if kept:
        write_review(path, open_review(path).game, kept)
    return path


def screen_text(app: MeepleApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def until(pilot: Any, check: Any, tries: int = 400) -> None:
    for _ in range(tries):
        if check():
            return
        await pilot.pause(0.02)
    assert check()


def test_progress_escape_keeps_what_is_valued_and_opening_again_goes_on(
        decisions: tuple[Decision, ...], monkeypatch: pytest.MonkeyPatch) -> None:
    start = len(decisions) - 4
    path = saved(decisions[:start])
    counted: list[int] = []
    value = core_review.value
    gate = threading.Event()  # the second decision waits until Escape was pressed

    def counting(*args: Any, **kwargs: Any) -> Any:
        counted.append(args[1].index)
        if len(counted) == 2:
            gate.wait(30)
        return value(*args, **kwargs)

    monkeypatch.setattr(core_review, "value", counting)

    async def main() -> None:
        app = MeepleApp(StartRequest(review=path, review_level=LEVEL), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await wait_for_screen(pilot, ReviewScreen)
            await until(pilot, lambda: screen.valued > start)
            bar = screen.query_one("#progress", ProgressBar)
            assert bar.total == len(decisions) and bar.progress == start + 1
            text = screen_text(app)
            assert f"{start + 1} of {len(decisions)} done" in text and "Escape stops" in text
            assert not screen.query_one("#costliest", OptionList).display
            # (the worker has begun the next decision and waits at the gate: on a busy
            # machine it had not yet, and Escape came first)
            await until(pilot, lambda: len(counted) == 2)
            await pilot.press("escape")  # stops the valuation: what is valued stays
            await wait_for_screen(pilot, MenuScreen)
            gate.set()  # the stopped worker writes what it valued as it ends
            await until(pilot, lambda: len(open_review(path).decisions) > start, tries=100)
            await pilot.pause(0.3)
            kept = open_review(path).decisions
            assert kept == decisions[: start + 1]  # the one valued since, written as it stopped
            assert counted == [d.index for d in decisions[start: start + 2]]
            counted.clear()
            app.post_message(OpenReview(path, LEVEL))  # opened again: it goes on
            again = await wait_for_screen(pilot, ReviewScreen)
            assert again is not screen
            await until(pilot, lambda: again.result is not None)
            assert counted == [d.index for d in decisions[start + 1:]]  # only the missing ones
            assert again.result.decisions == decisions
            assert open_review(path).decisions == decisions

    asyncio.run(main())


def test_the_five_costliest_open_their_position_with_nothing_playable(decisions: tuple[Decision, ...]) -> None:
    path = saved(decisions)

    async def main() -> None:
        app = MeepleApp(StartRequest(review=path, review_level=LEVEL), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await wait_for_screen(pilot, ReviewScreen)
            await until(pilot, lambda: screen.result is not None)
            await pilot.pause()
            options = screen.query_one("#costliest", OptionList)
            top = core_review.costliest(decisions)
            assert options.display and options.option_count == 5 and screen.shown == top
            text = screen_text(app)
            assert f"All {len(decisions)} decisions valued" in text
            for decision in top:  # each whole, in the 80 columns
                assert f"Move {decision.move_number} · A Ada · {core_review_loss(decision)}" in text
                assert f"played: {decision.played_text}" in text
                assert f"best:   {decision.best_text}" in text
            keys = {binding.action for _, binding, _ in screen.query_one(KeyBar).keys()}
            assert {"back", "open"} <= keys
            await pilot.press("down", "enter")
            board = await wait_for_screen(pilot, SettlementScreen)
            chosen = top[1]
            table = board.table
            assert isinstance(table, ReplayTable)
            assert len(table.log) == chosen.index and board.viewer == chosen.seat == 0
            assert table.to_act() == [0] and table.legal_actions(0) == []
            assert board.query_one("#actions")._items == []  # no move listed
            for key in ("e", "enter", "ctrl+z", "m", "enter"):  # nothing plays or undoes a move
                await pilot.press(key)
                await pilot.pause()
                if app.screen is not board:  # (a panel: closed again)
                    await pilot.press("escape")
                    await wait_for_screen(pilot, SettlementScreen)
            assert len(table.log) == chosen.index and app.screen is board
            for _ in range(3):  # out of the move list's filter, then off the board
                if app.screen is board:
                    await pilot.press("escape")
                    await pilot.pause()
            assert await wait_for_screen(pilot, ReviewScreen) is screen

    asyncio.run(main())


def core_review_loss(decision: Decision) -> str:
    from core.ai.coach import format_loss

    return format_loss(decision.loss, decision.unit)


def test_the_game_over_screen_offers_the_review_of_a_saved_game_with_a_human() -> None:
    path = saved()

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await app.push_screen(GameOverScreen(finished()))  # no save: no review
            await pilot.pause()
            assert "review" not in {b.action for _, b, _ in app.screen.query_one(KeyBar).keys()}
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, GameOverScreen)
            app.pop_screen()
            bots = Table.new(get_game("settlement"), seats("easy", "easy"), SEED)
            while not bots.is_over():
                seat = bots.to_act()[0]
                bots.submit(seat, bots.legal_actions(seat)[0])
            await app.push_screen(GameOverScreen(bots, save=path))  # no human: no review
            await pilot.pause()
            assert "review" not in {b.action for _, b, _ in app.screen.query_one(KeyBar).keys()}
            app.pop_screen()
            await app.push_screen(GameOverScreen(finished(), save=path))
            await pilot.pause()
            assert "r Review" in screen_text(app)
            await pilot.press("r")
            review_screen = await wait_for_screen(pilot, ReviewScreen)
            assert review_screen.path == path and review_screen.level == "hard"
            await pilot.press("escape")
            await wait_for_screen(pilot, GameOverScreen)

    asyncio.run(main())


def test_the_game_screen_hands_its_save_to_the_game_over_screen() -> None:
    from tests.tui.helpers import open_game

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            board = await open_game(pilot, finished())
            over = await wait_for_screen(pilot, GameOverScreen)
            assert over.save == board.autosaver.path and over.save.is_file()
            assert over.can_review()

    asyncio.run(main())


def test_a_save_that_cannot_be_reviewed_is_said_and_a_damaged_review_valued_again(
        decisions: tuple[Decision, ...]) -> None:
    path = saved(decisions[:-1])
    text = path.read_text("utf-8").replace('unit = "chance"', 'unit = "goats"', 1)
    path.write_text(text, "utf-8")
    going_on = saves_dir() / "going-on.toml"
    table = Table.new(get_game("settlement"), seats("human", "easy"), SEED)
    first = table.to_act()[0]
    table.submit(first, table.legal_actions(first)[0])
    save_table(table, going_on, "Settlement: Ada, Brook")

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            app.post_message(OpenReview(going_on, LEVEL))
            screen = await wait_for_screen(pilot, ReviewScreen)
            await until(pilot, lambda: screen.failure is not None)
            assert "not over" in screen.failure and "not over" in screen_text(app)
            assert not screen.query_one("#progress", ProgressBar).display
            await pilot.press("escape")
            await wait_for_screen(pilot, MenuScreen)
            app.post_message(OpenReview(path, LEVEL))
            screen = await wait_for_screen(pilot, ReviewScreen)
            await until(pilot, lambda: any("dropped" in n.message and path.name in n.message
                                           for n in app._notifications))
            await until(pilot, lambda: screen.result is not None, tries=4500)
            assert screen.result.decisions == decisions  # all valued again, the same
            assert open_review(path).decisions == decisions

    asyncio.run(main())


def test_a_bug_while_valuing_is_said_on_the_screen(decisions: tuple[Decision, ...],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    path = saved(decisions[:-2])

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a rules bug")

    monkeypatch.setattr(core_review, "value", broken)

    async def main() -> None:
        app = MeepleApp(StartRequest(review=path, review_level=LEVEL), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await wait_for_screen(pilot, ReviewScreen)
            await until(pilot, lambda: screen.failure is not None)
            assert "RuntimeError: a rules bug" in screen.failure
            assert "Something went wrong while valuing" in screen_text(app)
            await pilot.press("escape")
            await wait_for_screen(pilot, MenuScreen)
        assert open_review(path).decisions == decisions[:-2]

    asyncio.run(main())


def test_names_and_moves_from_the_save_are_plain_text(decisions: tuple[Decision, ...]) -> None:
    """A player's name and the moves' words kept in the save are shown as they are, never
    read as markup."""
    costly = core_review.costliest(decisions)[0]
    odd = replace(costly, played_text="[b]Make[/b] $wood [@click=app.quit]")
    path = saved(tuple(odd if d is costly else d for d in decisions), name="[red]Ada$x")

    async def main() -> None:
        app = MeepleApp(StartRequest(review=path, review_level=LEVEL), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await wait_for_screen(pilot, ReviewScreen)
            await until(pilot, lambda: screen.result is not None)
            await pilot.pause()
            text = screen_text(app)
            assert "[red]Ada$x" in text
            assert "played: [b]Make[/b] $wood [@click=app.quit]" in text

    asyncio.run(main())
