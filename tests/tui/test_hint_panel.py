"""The coach's hint panel (``h``) in every game: it shows what :func:`core.ai.coach.hint`
gives for the seat on turn (its best moves, values, spreads and reasons), whole at 80x24;
Enter on a hint puts that move under the cursor without playing it; the move under the
cursor is compared with the best; a second ``h`` while thinking does nothing; Escape
cancels; a move, the settings or a table's refusal close or stop it."""

from __future__ import annotations

import asyncio
from typing import Any, Callable

import pytest
from textual.widgets import ProgressBar, Static

from core.ai import coach
from core.registry import game_ids
from core.table import Table
from tests.tui.helpers import open_game, random_table
from tests.tui.readable import clipped, text_of
from tui.app import MeepleApp
from tui.screens import coaching
from tui.widgets.hint_panel import HintPanel
from tui.widgets.move_list import MoveList

pytestmark = pytest.mark.xdist_group("hints")

MID_GAME = {"quadropolis": 9, "council": 12, "elgrande": 30, "intendentes": 20, "settlement": 10}


def seats_of(game_id: str) -> tuple[str, ...]:
    return ("human",) if game_id == "settlement" else ("human", "human")


@pytest.fixture(autouse=True)
def quick_coach(monkeypatch: pytest.MonkeyPatch) -> None:
    """The panel thinks at the normal level in these tests (the hard one only takes longer)."""
    monkeypatch.setattr(coaching, "HINT_LEVEL", "normal")


async def wait_until(pilot: Any, done: Callable[[], bool], tries: int = 3000) -> None:
    for _ in range(tries):
        if done():
            return
        await pilot.pause(0.02)
    status = pilot.app.screen.query("#hint-status").first().content
    raise AssertionError(f"timed out: {status!r}")


async def each_hint_whole_in_turn(pilot: Any, moves: MoveList) -> None:
    """At 80x24 the hints may need more rows than the list has: each one highlighted (the
    arrows) is shown whole; the highlight goes back to the first."""
    for index in range(moves.option_count):
        moves.highlighted = index
        await pilot.pause()
        first = moves._first_row[index]
        rows = len(moves._wrapped[index])
        top = moves.scroll_offset.y
        assert top <= first and first + rows <= top + moves.scrollable_content_region.height, (
            f"hint {index} is not whole: rows {first}-{first + rows} shown {top}-{top + moves.size.height}")
    moves.highlighted = 0
    await pilot.pause()


def run(game_id: str, moves: int, body: Callable[[Any, Any], Any], size: tuple[int, int] = (80, 24),
        table: Table[Any] | None = None, app: MeepleApp | None = None) -> None:
    async def main() -> None:
        the_app = app or MeepleApp(bot_delay=0)
        async with the_app.run_test(size=size) as pilot:
            the_table = table or random_table(game_id, seats_of(game_id), seed=4, moves=moves)
            screen = await open_game(pilot, the_table)
            await pilot.pause()
            await body(pilot, screen)

    asyncio.run(main())


@pytest.mark.parametrize("game_id", game_ids())
def test_the_panel_shows_the_coachs_hint_whole_and_enter_puts_it_under_the_cursor(game_id: str) -> None:
    async def body(pilot: Any, screen: Any) -> None:
        table = screen.table
        seat = screen.viewer
        assert seat in table.to_act()
        view = table.view(seat)
        expected = coach.hint(table.game, view, seat, "normal")
        await pilot.press("h")
        panel = screen.query_one("#hint", HintPanel)
        assert panel.display
        await wait_until(pilot, lambda: not panel.thinking)
        await pilot.pause()
        assert panel.hint is not None and panel.hint.complete
        assert panel.hint.top() == expected.top()  # what `meeple hint` prints too
        shown = [row.plain for row in screen.query_one("#hint-moves", MoveList)._options]
        assert len(shown) == len(expected.top()) >= 1
        for rank, move in enumerate(expected.top()):
            assert table.game.describe(move.action, view) in shown[rank]
            assert coach.format_value(move.value, expected.unit) in shown[rank]
            assert coach.format_spread(move.spread, expected.unit) in shown[rank]
            if move.why:
                assert move.why in shown[rank]
        for selector in ("#hint-status", "#hint-yours"):
            problem = clipped(screen.query_one(selector, Static))
            assert problem is None, f"{selector}: {problem}"
        moves = screen.query_one("#hint-moves", MoveList)
        assert moves.has_focus
        await each_hint_whole_in_turn(pilot, moves)
        assert not screen.query_one("#hint-progress", ProgressBar).display
        before = len(table.log)
        await pilot.press("enter")  # the first (best) hint
        await pilot.pause()
        best = expected.top()[0].action
        assert len(table.log) == before, "a hint is never played for the player"
        assert screen.coach.cursor_move() == best
        assert text_of(screen.query_one("#hint-yours", Static)).plain == "Your move is the coach's best."

    run(game_id, MID_GAME[game_id], body)


def test_the_move_under_the_cursor_is_compared_with_the_best() -> None:
    async def body(pilot: Any, screen: Any) -> None:
        await pilot.press("h")
        panel = screen.query_one("#hint", HintPanel)
        await wait_until(pilot, lambda: not panel.thinking)
        hint = panel.hint
        assert hint is not None and len(hint.moves) >= 2
        worse = hint.moves[-1]
        panel.compare(worse.action)
        await wait_until(pilot, lambda: "valuing" not in text_of(screen.query_one("#hint-yours", Static)).plain)
        told = text_of(screen.query_one("#hint-yours", Static)).plain
        loss = hint.loss(worse.action)
        assert loss is not None
        if loss >= 0.05:
            assert told == f"Your move: {coach.format_loss(loss, hint.unit)} against the best."
        # A move the hint did not value is valued on the same futures as the best.
        view = screen.table.view(screen.viewer)
        legal = screen.table.legal_actions(screen.viewer)
        other = next(a for a in legal if hint.find(a) is None)
        panel.compare(other)
        await wait_until(pilot, lambda: "valuing" not in text_of(screen.query_one("#hint-yours", Static)).plain)
        pair = coach.value_moves(screen.game, view, screen.viewer, [hint.moves[0].action, other], "normal")
        assert pair.find(hint.moves[0].action) == hint.moves[0].__class__(
            hint.moves[0].action, hint.moves[0].value, hint.moves[0].spread, hint.moves[0].samples)
        expected = coach.format_loss(pair.loss(other) or 0.0, hint.unit)
        told = text_of(screen.query_one("#hint-yours", Static)).plain
        assert expected in told or told in ("Your move: as good as the best.", "Your move is the coach's best.")

    run("quadropolis", 9, body)


def test_a_second_h_while_thinking_does_nothing_and_escape_cancels(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(coach, "batches_for", lambda game, level: 100_000)

    async def body(pilot: Any, screen: Any) -> None:
        await pilot.press("h")
        panel = screen.query_one("#hint", HintPanel)
        await pilot.pause(0.2)
        assert panel.thinking and panel.display
        assert screen.query_one("#hint-progress", ProgressBar).display
        workers = [w for w in screen.app.workers if w.group == "coach"]
        await pilot.press("h")
        await pilot.pause()
        assert [w for w in screen.app.workers if w.group == "coach"] == workers
        await wait_until(pilot, lambda: "best so far" in text_of(screen.query_one("#hint-status", Static)).plain)
        await pilot.press("escape")
        await pilot.pause()
        assert pilot.app.screen is screen, "Escape while the coach thinks stays in the game"
        assert not panel.display and not panel.thinking and panel.hint is None
        await wait_until(pilot, lambda: not [w for w in screen.app.workers
                                             if w.group == "coach" and w.is_running])
        assert all(w.is_cancelled for w in workers)
        assert not screen.has_class("-hinting")

    run("quadropolis", 9, body)


def test_a_move_closes_the_hint() -> None:
    async def body(pilot: Any, screen: Any) -> None:
        await pilot.press("h")
        panel = screen.query_one("#hint", HintPanel)
        await wait_until(pilot, lambda: not panel.thinking)
        seat = screen.viewer
        screen.submit_action(screen.table.legal_actions(seat)[0])
        await pilot.pause()
        await pilot.pause()
        assert not panel.display and panel.hint is None

    run("settlement", 10, body)


def test_hints_off_in_the_settings() -> None:
    app = MeepleApp(bot_delay=0)

    async def body(pilot: Any, screen: Any) -> None:
        from dataclasses import replace

        app.settings = replace(app.settings, hints=False)
        screen.refresh_bindings()
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        assert not screen.query_one("#hint", HintPanel).display
        screen.action_hint()  # (the palette's command) says why
        await pilot.pause()
        assert any("Hints are off" in str(n.message) for n in app._notifications)

    run("council", 12, body, app=app)


class RefusingTable(Table[Any]):
    """A table whose host refuses hints (as a hub does when the creator did not allow them)."""

    def request_hint(self, answer: Callable[[str | None], None]) -> None:
        answer("Hints are off at this table.")


def test_a_refused_hint_says_why_and_nothing_is_computed() -> None:
    base = random_table("intendentes", ("human", "human"), seed=4, moves=20)
    table = RefusingTable.replay(base.game, base.seats, base.seed, base.options, base.actions())

    async def body(pilot: Any, screen: Any) -> None:
        await pilot.press("h")
        await pilot.pause()
        panel = screen.query_one("#hint", HintPanel)
        assert not panel.thinking and panel.hint is None
        assert text_of(screen.query_one("#hint-status", Static)).plain == "Hints are off at this table."
        assert not [w for w in screen.app.workers if w.group == "coach"]

    run("intendentes", 0, body, table=table)


def test_the_panel_at_a_larger_size() -> None:
    async def body(pilot: Any, screen: Any) -> None:
        await pilot.press("h")
        panel = screen.query_one("#hint", HintPanel)
        await wait_until(pilot, lambda: not panel.thinking)
        await pilot.pause()
        for selector in ("#hint-status", "#hint-yours"):
            assert clipped(screen.query_one(selector, Static)) is None
        moves = screen.query_one("#hint-moves", MoveList)
        assert moves.region.height >= moves.virtual_size.height

    run("council", 12, body, size=(120, 40))


def test_a_hinted_bid_goes_into_the_bid_entry_and_its_amount_is_compared() -> None:
    from core.intendentes.actions import Bid, bid
    from tui.widgets.number_entry import NumberEntry

    table = random_table("intendentes", ("human", "human"), seed=5,
                         until=lambda t: any(isinstance(a, Bid) for a in t.legal_actions(t.to_act()[0])))

    async def body(pilot: Any, screen: Any) -> None:
        await pilot.press("h")
        panel = screen.query_one("#hint", HintPanel)
        await wait_until(pilot, lambda: not panel.thinking)
        hint = panel.hint
        assert hint is not None
        bids = [i for i, m in enumerate(hint.top()) if isinstance(m.action, Bid)]
        assert bids, "the coach weighs at least one bid here"
        chosen = hint.top()[bids[0]].action
        moves = screen.query_one("#hint-moves", MoveList)
        moves.highlighted = bids[0]
        await pilot.press("enter")
        await pilot.pause()
        entry = screen.query_one("#in-bid", NumberEntry)
        assert screen.focused is entry and entry.value == chosen.amount
        assert screen.coach.cursor_move() == chosen
        step = 1 if entry.value < entry.high else -1
        await pilot.press("up" if step == 1 else "down")
        other = bid(chosen.amount + step)
        assert screen.coach.cursor_move() == other
        yours = screen.query_one("#hint-yours", Static)
        await wait_until(pilot, lambda: "valuing" not in text_of(yours).plain and text_of(yours).plain != "")
        valued = coach.value_moves(screen.game, screen.table.view(screen.viewer), screen.viewer,
                                   [hint.moves[0].action, other], "normal")
        told = text_of(yours).plain
        loss = valued.loss(other)
        assert loss is not None
        assert told in (f"Your move: {coach.format_loss(loss, hint.unit)} against the best.",
                        "Your move: as good as the best.", "Your move is the coach's best.")

    run("intendentes", 0, body, table=table)
