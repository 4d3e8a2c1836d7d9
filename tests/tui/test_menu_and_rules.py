"""Pilot tests of play feel: quitting from the menu, its cursor, checkboxes, F1 in a game."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot
from textual.widgets import Checkbox, OptionList, Select

from tui.app import MeepleApp
from tui.screens.confirm import ConfirmScreen
from tui.screens.curtain import HandOffScreen
from tui.screens.menu import MenuScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.rules import RulesScreen
from tui.screens.settings import SettingsScreen

from tests.tui.helpers import council_table, open_game, quadropolis_table, write_fixed_save
from tests.tui.test_screens import run


async def leave_a_game(pilot: Pilot[Any], app: MeepleApp) -> None:
    """Play into a Quadropolis game (autosaved) and go back to the menu with escape."""
    await open_game(pilot, quadropolis_table(moves=3))
    await pilot.press("escape")
    await pilot.pause()
    assert isinstance(app.screen, MenuScreen)


def test_quit_asks_while_a_game_is_unfinished_and_stay_keeps_running() -> None:
    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        await leave_a_game(pilot, app)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        question = str(app.screen.question)
        assert "“test game” is not finished" in question and "saved" in question
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and not app._exit
        await pilot.press("escape")  # escape on the question is "stay" too
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and not app._exit
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app._exit

    run(body)


def test_quit_from_the_menu_entry_asks_too() -> None:
    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        await leave_a_game(pilot, app)
        menu = app.screen.query_one("#menu", OptionList)
        menu.focus()
        menu.highlighted = menu.get_option_index("quit")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and not app._exit

    run(body)


def test_quit_without_a_game_in_progress_does_not_ask() -> None:
    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        await pilot.press("q")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen)
        assert app._exit

    # An unfinished save from an earlier session is not a game in progress: it stays saved.
    write_fixed_save(quadropolis_table(moves=3), "earlier", "Quadropolis: Ada, Brook")
    run(body)


def test_menu_cursor_does_not_wrap() -> None:
    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        menu = app.screen.query_one("#menu", OptionList)
        menu.focus()
        await pilot.pause()
        menu.highlighted = 0
        await pilot.press("up")
        assert menu.highlighted == 0
        await pilot.press("down")
        assert menu.highlighted == 1
        await pilot.press("end")
        last = menu.option_count - 1
        assert menu.highlighted == last
        await pilot.press("down")
        assert menu.highlighted == last
        await pilot.press("up")
        assert menu.highlighted == last - 1

    run(body)


def test_checkboxes_look_different_on_and_off_without_colour() -> None:
    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        for key, screen in [("s", SettingsScreen), ("n", NewGameScreen)]:
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, screen)
            boxes = list(app.screen.query(Checkbox))
            assert boxes, screen
            for box in boxes:
                before = box.render().plain
                box.toggle()
                await pilot.pause()
                after = box.render().plain
                assert before != after, (screen, before)
                assert {before[:3], after[:3]} == {"▐✓▌", "▐ ▌"}
            await pilot.press("escape")
            await pilot.pause()

    run(body, size=(120, 40))


async def rules_shown(pilot: Pilot[Any]) -> str:
    """Press F1 and return the game whose rules the rules screen shows."""
    await pilot.press("f1")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, RulesScreen)
    assert screen.query_one("#rules-game", Select).value == screen.game_id
    game_id = screen.game_id
    await pilot.press("escape")
    await pilot.pause()
    return game_id


def test_f1_in_a_council_game_opens_councils_rules() -> None:
    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        first = await rules_shown(pilot)  # from the menu: the first game, as before
        assert first == "quadropolis"
        game = await open_game(pilot, council_table())
        assert app.screen is game
        assert await rules_shown(pilot) == "council"
        assert app.screen is game
        # With a panel over the game screen too (the scores panel).
        await pilot.press("s")
        await pilot.pause()
        panel = app.screen
        assert panel is not game and panel.is_modal
        assert await rules_shown(pilot) == "council"
        assert app.screen is panel

    run(body, size=(120, 40))


def test_f1_behind_the_hand_off_curtain_opens_the_games_rules() -> None:
    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        await open_game(pilot, council_table(), lift_curtain=False)
        curtain = app.screen
        assert isinstance(curtain, HandOffScreen)
        assert await rules_shown(pilot) == "council"
        assert app.screen is curtain

    run(body, size=(120, 40))


def test_el_grandes_rules_help_has_every_action_card_whole() -> None:
    """The board shows the start of a card's text at 80x24 and points to F1: the rules
    help ends with every card, its whole text, by stack."""
    from core.elgrande.content import CARDS
    from tui.screens.rules import rules_text

    text = rules_text("elgrande")
    assert "## Every action card" in text
    for card in CARDS:
        assert f"**{card.name}**: {card.text}" in text
    assert "## Every action card" not in rules_text("council")
