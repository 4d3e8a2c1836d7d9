"""Snapshot tests of every screen at 80×24 and 120×40 (look at the SVGs before updating)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from tui.app import MeepleApp
from tui.screens.game_over import GameOverScreen

from tests.tui.helpers import finished_table, open_game, quadropolis_table, write_fixed_save

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def app() -> MeepleApp:
    """A fresh app with instant bots."""
    return MeepleApp(bot_delay=0)


@pytest.mark.parametrize("size", SIZES)
def test_menu(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(app(), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_new_game(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(app(), press=["n"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_load(snap_compare: Any, size: tuple[int, int]) -> None:
    async def before(pilot: Pilot[Any]) -> None:
        write_fixed_save(quadropolis_table(moves=9), "quadropolis-friday", "Quadropolis: Ada, Brook")
        write_fixed_save(finished_table(), "quadropolis-finished", "Quadropolis: Ada, Brook")
        from saves import saves_dir

        (saves_dir() / "broken.toml").write_text("this is [not toml", encoding="utf-8")
        await pilot.press("l")
        await pilot.pause()

    assert snap_compare(app(), terminal_size=size, run_before=before)


async def _open_stats(pilot: Pilot[Any], key: str) -> None:
    """The Statistics screen on the saves of ``write_stats_saves``, after ``key``."""
    from tests.tui.helpers import write_stats_saves

    write_stats_saves()
    await pilot.press("t")
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.press(key)
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
def test_stats(snap_compare: Any, size: tuple[int, int]) -> None:
    """Statistics of Quadropolis (a long name wraps at 80 columns), the second player
    highlighted."""

    async def before(pilot: Pilot[Any]) -> None:
        await _open_stats(pilot, "down")

    assert snap_compare(app(), terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES)
def test_stats_team(snap_compare: Any, size: tuple[int, int]) -> None:
    """Statistics of Settlement: its player and the team's record by difficulty."""

    async def before(pilot: Pilot[Any]) -> None:
        await _open_stats(pilot, "right")

    assert snap_compare(app(), terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES)
def test_settings(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(app(), press=["s"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_help(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(app(), press=["question_mark"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_rules(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(app(), press=["f1"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_quadropolis_board_mid_round(snap_compare: Any, size: tuple[int, int]) -> None:
    async def before(pilot: Pilot[Any]) -> None:
        await open_game(pilot, quadropolis_table(("human", "human", "human"), moves=25))
        await pilot.pause()

    assert snap_compare(app(), terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES)
def test_quadropolis_build_step(snap_compare: Any, size: tuple[int, int]) -> None:
    async def before(pilot: Pilot[Any]) -> None:
        table = quadropolis_table(("human", "human"), moves=12)
        screen = await open_game(pilot, table)
        while table.state.phase != "build":
            seat = table.to_act()[0]
            table.submit(seat, table.legal_actions(seat)[-1])
        screen.advance()
        await pilot.pause()

    assert snap_compare(app(), terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES)
def test_quadropolis_scoring(snap_compare: Any, size: tuple[int, int]) -> None:
    async def before(pilot: Pilot[Any]) -> None:
        table = finished_table()
        screen = await open_game(pilot, table)
        await pilot.pause()
        assert isinstance(pilot.app.screen, GameOverScreen), screen

    assert snap_compare(app(), terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES)
def test_council_board(snap_compare: Any, size: tuple[int, int]) -> None:
    from tests.tui.helpers import council_table

    async def before(pilot: Pilot[Any]) -> None:
        await open_game(pilot, council_table(moves=30))
        await pilot.pause()

    assert snap_compare(app(), terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES)
def test_council_payment_preview(snap_compare: Any, size: tuple[int, int]) -> None:
    """A permit is chosen; the move list shows each payment with its coin cost."""
    from core.council.actions import Acquire
    from tests.tui.helpers import council_table, play_with_cursor

    async def before(pilot: Pilot[Any]) -> None:
        table = council_table(seed=8)
        screen = await open_game(pilot, table)
        for action in table.legal_actions(0):
            if isinstance(action, Acquire) and table.state.stage == 0:
                trial = table.game.apply(table.state, 0, action)
                if len(table.game.legal_actions(trial, 0)) > 1:
                    await play_with_cursor(pilot, screen, action)
                    break
        await pilot.press("m")
        await pilot.pause()

    assert snap_compare(app(), terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES)
def test_elgrande_map(snap_compare: Any, size: tuple[int, int]) -> None:
    from tests.tui.helpers import random_table

    async def before(pilot: Pilot[Any]) -> None:
        await open_game(pilot, random_table("elgrande", ("human", "human", "human"), seed=2, moves=40))
        await pilot.pause()

    assert snap_compare(app(), terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES)
def test_elgrande_veto_prompt(snap_compare: Any, size: tuple[int, int]) -> None:
    from core.elgrande.actions import Veto
    from tests.tui.helpers import random_table

    async def before(pilot: Pilot[Any]) -> None:
        table = random_table(
            "elgrande", ("human", "human", "human"), seed=1, play_seed=1,
            until=lambda t: any(isinstance(a, Veto) for s in t.to_act() for a in t.legal_actions(s)),
        )
        await open_game(pilot, table)
        await pilot.pause()

    assert snap_compare(app(), terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES)
def test_elgrande_scoring(snap_compare: Any, size: tuple[int, int]) -> None:
    from tests.tui.helpers import random_table

    async def before(pilot: Pilot[Any]) -> None:
        table = random_table("elgrande", ("human", "human", "human"), seed=3, moves=10_000)
        await open_game(pilot, table)
        await pilot.pause()
        assert isinstance(pilot.app.screen, GameOverScreen)

    assert snap_compare(app(), terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES)
def test_elgrande_round_scoring_summary(snap_compare: Any, size: tuple[int, int]) -> None:
    from tests.tui.helpers import random_table
    from tests.tui.test_scoring_panel import scoring_move
    from tui.screens.scoring import ScoringScreen

    async def before(pilot: Pilot[Any]) -> None:
        table = random_table("elgrande", ("human", "easy", "easy"), seed=4,
                             until=lambda t: t.state.round >= 3 and t.to_act()[0] == 0
                             and scoring_move(t) is not None)
        screen = await open_game(pilot, table)
        screen.submit_action(scoring_move(table))
        for _ in range(5):
            await pilot.pause()
        assert isinstance(pilot.app.screen, ScoringScreen)

    assert snap_compare(app(), terminal_size=size, run_before=before)


def intendentes_sensible_table(until: Any = None, seed: int = 5) -> Any:
    """A 3-mayor Intendentes table played by seeded random moves that a real mayor would
    not find silly: the lowest bid, no fast increase (it costs 10 splendor), market
    purchases taken; until ``until(table)`` or the end; seat 0 acts first in round 1.
    (Not the bots: a better evaluation must not change these pictures.)"""
    from core.intendentes import GAME
    from core.intendentes.actions import Bid, Buy, Fast, Skip
    from core.rng import Rng
    from core.table import Table
    from tests.tui.helpers import seats

    table = Table.new(GAME, seats("human", "human", "human"), seed, {"first_player": "0"})
    rng = Rng(9)
    while not table.is_over() and not (until is not None and until(table)):
        seat = table.to_act()[0]
        legal = table.legal_actions(seat)
        bids = [a for a in legal if isinstance(a, Bid)]
        pool = [a for a in legal if not isinstance(a, (Bid, Fast))]
        if bids:
            pool.append(min(bids, key=lambda a: a.amount))
        if Skip() in legal:
            pool = [Skip()]
        elif Buy() in legal:
            pool = [Buy()]
        table.submit(seat, pool[rng.randbelow(len(pool))])
    return table


@pytest.mark.parametrize("size", SIZES)
def test_intendentes_auction(snap_compare: Any, size: tuple[int, int]) -> None:
    """Round 2's auction running: a high bid stands and seat 0 is asked to raise or pass."""
    from core.intendentes.state import S_AUCTION

    async def before(pilot: Pilot[Any]) -> None:
        table = intendentes_sensible_table(lambda t: t.state.round == 2 and t.state.step == S_AUCTION
                                         and t.to_act() == [0])
        assert not table.is_over(), "the seeded game never reached such an auction"
        await open_game(pilot, table)
        await pilot.pause()

    assert snap_compare(app(), terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES)
def test_intendentes_security(snap_compare: Any, size: tuple[int, int]) -> None:
    """Seat 0's security turn in a later round, with penalty cards to remove."""
    from core.intendentes.state import S_SECURITY

    async def before(pilot: Pilot[Any]) -> None:
        table = intendentes_sensible_table(lambda t: t.state.round >= 3 and t.state.step == S_SECURITY
                                         and t.to_act() == [0] and sum(t.state.cards[0][:3]) > 0
                                         and len(t.legal_actions(0)) > 1, seed=10)
        assert not table.is_over(), "the seeded game never reached such a security turn"
        await open_game(pilot, table)
        await pilot.pause()

    assert snap_compare(app(), terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES)
def test_intendentes_final_scoring(snap_compare: Any, size: tuple[int, int]) -> None:
    async def before(pilot: Pilot[Any]) -> None:
        await open_game(pilot, intendentes_sensible_table())
        await pilot.pause()
        assert isinstance(pilot.app.screen, GameOverScreen)

    assert snap_compare(app(), terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES)
def test_settlement_track(snap_compare: Any, size: tuple[int, int]) -> None:
    """Round 3, the Builder's turn, in a 3-player game played on by the reference team."""
    from tests.tui.test_settlement import at_step, open_settlement, settlement_table

    async def before(pilot: Pilot[Any]) -> None:
        table = settlement_table(at_step("work", lambda s: s.round == 3 and s.pos == 7))
        await open_settlement(pilot, table)
        await pilot.pause()

    assert snap_compare(app(), terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES)
def test_settlement_trade(snap_compare: Any, size: tuple[int, int]) -> None:
    """The Merchant's trade form with a trade set by its keys: 2 stone bought, 2 food paid."""
    from tests.tui.test_settlement import merchant_rolled, open_settlement, settlement_table

    async def before(pilot: Pilot[Any]) -> None:
        table = settlement_table(merchant_rolled(3))
        await open_settlement(pilot, table)
        await pilot.press("left", "left", "down", "down", "right", "right")
        await pilot.pause()

    assert snap_compare(app(), terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES)
def test_settlement_result(snap_compare: Any, size: tuple[int, int]) -> None:
    """The shared result of a game the reference team played to its end."""
    from tests.tui.test_settlement import open_settlement, settlement_table

    async def before(pilot: Pilot[Any]) -> None:
        await open_settlement(pilot, settlement_table(lambda t: False))
        await pilot.pause()
        assert isinstance(pilot.app.screen, GameOverScreen)

    assert snap_compare(app(), terminal_size=size, run_before=before)


async def _hint_shown(pilot: Pilot[Any], screen: Any) -> None:
    """Press h and wait for the coach's hint to be in the panel."""
    from tui.widgets.hint_panel import HintPanel

    await pilot.press("h")
    panel = screen.query_one("#hint", HintPanel)
    for _ in range(3000):  # (the coach's child yields the CPU to everything else)
        await pilot.pause(0.02)
        if not panel.thinking:
            break
    assert panel.hint is not None and panel.hint.complete
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
def test_council_hint(snap_compare: Any, size: tuple[int, int]) -> None:
    """The hint panel on Council's first turn: the best 3 moves, values, spreads, reasons."""
    from tests.tui.helpers import council_table

    async def before(pilot: Pilot[Any]) -> None:
        screen = await open_game(pilot, council_table(seed=3))
        await _hint_shown(pilot, screen)

    assert snap_compare(app(), terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES)
def test_settlement_hint(snap_compare: Any, size: tuple[int, int]) -> None:
    """The hint panel in Settlement: the team's chance to win."""
    from tests.tui.test_settlement import at_step, open_settlement, settlement_table

    async def before(pilot: Pilot[Any]) -> None:
        screen = await open_settlement(pilot, settlement_table(at_step("work", lambda s: s.round == 3 and s.pos == 7)))
        await pilot.pause()
        await _hint_shown(pilot, screen)

    assert snap_compare(app(), terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES)
def test_review(snap_compare: Any, size: tuple[int, int]) -> None:
    """The review of a finished Settlement game: its five costliest decisions."""
    from tests.tui.test_review_screen import saved, valued
    from tui.navigation import OpenReview
    from tui.screens.review import ReviewScreen

    async def before(pilot: Pilot[Any]) -> None:
        pilot.app.post_message(OpenReview(saved(valued()), "normal"))
        for _ in range(200):
            await pilot.pause(0.02)
            screen = pilot.app.screen
            if isinstance(screen, ReviewScreen) and screen.result is not None:
                break
        await pilot.pause()

    assert snap_compare(app(), terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES)
def test_replay_watcher(snap_compare: Any, size: tuple[int, int]) -> None:
    async def before(pilot: Pilot[Any]) -> None:
        from tests.tui.helpers import random_table
        from tui.launch import open_replay

        table = random_table("elgrande", ("human", "normal"), 7, until=lambda table: False)
        open_replay(pilot.app, write_fixed_save(table, "elgrande-done", "El Grande: Ada, Brook"))
        await pilot.pause()

    assert snap_compare(app(), terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES)
def test_replay_step(snap_compare: Any, size: tuple[int, int]) -> None:
    async def before(pilot: Pilot[Any]) -> None:
        from tests.tui.helpers import random_table
        from tui.launch import open_replay

        table = random_table("elgrande", ("human", "normal"), 7, until=lambda table: False)
        open_replay(pilot.app, write_fixed_save(table, "elgrande-done", "El Grande: Ada, Brook"))
        await pilot.pause()
        await pilot.press("down", "enter")  # through Ada's eyes
        await pilot.pause()
        await pilot.press(*["right"] * 12)
        await pilot.pause()

    assert snap_compare(app(), terminal_size=size, run_before=before)


def elgrande_finished() -> Any:
    """A 3-player El Grande played to its end by seeded random moves."""
    from tests.tui.helpers import random_table

    return random_table("elgrande", ("human", "easy", "easy"), seed=4, moves=10**6)


@pytest.mark.parametrize("size", SIZES)
def test_game_over_chart(snap_compare: Any, size: tuple[int, int]) -> None:
    """``c`` on the game-over screen: the chart alone, each line drawn with its letter."""
    async def before(pilot: Pilot[Any]) -> None:
        await pilot.app.push_screen(GameOverScreen(elgrande_finished()))
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()

    assert snap_compare(app(), terminal_size=size, run_before=before)


@pytest.mark.parametrize("theme", ["meeple-ansi16", "no-color"])
def test_game_over_chart_without_colours(snap_compare: Any, theme: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The chart in the 16-colour theme, and with NO_COLOR (Textual draws in monochrome):
    the letters tell the lines apart where the colours cannot."""
    if theme == "no-color":
        monkeypatch.setenv("NO_COLOR", "1")  # read (and removed) when the app is made
    meeple = app()

    async def before(pilot: Pilot[Any]) -> None:
        if theme != "no-color":
            pilot.app.theme = theme
        await pilot.app.push_screen(GameOverScreen(elgrande_finished()))
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()

    assert snap_compare(meeple, terminal_size=(80, 24), run_before=before)


@pytest.mark.parametrize("size", SIZES)
def test_stats_chart(snap_compare: Any, size: tuple[int, int]) -> None:
    """Statistics of Quadropolis, the first player's scores over their finished games."""

    async def before(pilot: Pilot[Any]) -> None:
        await _open_stats(pilot, "up")

    assert snap_compare(app(), terminal_size=size, run_before=before)
