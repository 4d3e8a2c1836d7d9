"""Pilot tests of play feel: quitting from the menu, its cursor, checkboxes, F1 in a game."""

from __future__ import annotations

from typing import Any

from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Checkbox, MarkdownViewer, OptionList, Select

from tui.app import MeepleApp
from tui.screens.confirm import ConfirmScreen
from tui.screens.curtain import HandOffScreen
from tui.screens.help import HelpScreen
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


def screen_lines(app: MeepleApp) -> list[str]:
    """The text of every row of the terminal, as the player sees it."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def thumb_rows(app: MeepleApp, widget: Widget) -> list[int]:
    """The screen rows where ``widget``'s vertical scrollbar draws anything but blanks."""
    region = widget.region
    x = region.right - widget.scrollbar_size_vertical
    lines = screen_lines(app)
    return [y for y in range(region.y, region.bottom) if lines[y][x:region.right].strip()]


def test_rules_text_has_the_keys_when_the_screen_opens() -> None:
    """F1 at 80x24: arrows and page keys scroll the text at once (Down does not open the
    game list); Tab goes to the game selector and back, and the line at the top says so."""

    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        await pilot.press("f1")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        viewer = screen.query_one("#rules", MarkdownViewer)
        select = screen.query_one("#rules-game", Select)
        assert app.focused is not None and viewer in app.focused.ancestors_with_self
        assert "Tab: choose another game" in screen_lines(app)[0]
        await pilot.press("pagedown")
        await pilot.pause()
        page = viewer.scroll_y
        assert page >= viewer.size.height - 2
        await pilot.press("down")
        await pilot.pause()
        assert viewer.scroll_y == page + 1 and not select.expanded
        await pilot.press("end")
        await pilot.pause()
        assert viewer.scroll_y == viewer.max_scroll_y > page
        await pilot.press("home")
        await pilot.pause()
        assert viewer.scroll_y == 0
        await pilot.press("tab")
        await pilot.pause()
        assert app.focused is select
        assert "Tab: back to the text" in screen_lines(app)[0]
        await pilot.press("tab")
        await pilot.pause()
        assert app.focused is not None and viewer in app.focused.ancestors_with_self
        await pilot.press("pagedown")
        await pilot.pause()
        assert viewer.scroll_y == page

    run(body)


def test_rules_and_help_list_tab_for_the_game_selector() -> None:
    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        await pilot.press("f1")
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        keys = dict(help_screen.keys())
        assert "game selector" in keys["tab"] and "Scroll" in keys["↑/↓ pgup/pgdn"]

    run(body)


def test_rules_show_one_scrollbar_thumb_wherever_the_text_is() -> None:
    """The viewer is the one scrolling part, and its thumb is one run of cells (Textual's
    thumb showed as two marks, ``▂▂`` and ``▇▇``, its body told by a background colour)."""

    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        await pilot.press("f1")
        await pilot.pause()
        screen = app.screen
        viewer = screen.query_one("#rules", MarkdownViewer)
        scrolling = [w for w in screen.walk_children() if w.show_vertical_scrollbar or w.show_horizontal_scrollbar]
        assert scrolling == [viewer]
        assert viewer.region.width == 80, "the text and its scrollbar take the whole width"
        for game_id in ["quadropolis", "council", "elgrande", "intendentes"]:
            screen.query_one("#rules-game", Select).value = game_id
            await pilot.pause()
            await pilot.pause()
            for y in range(0, int(viewer.max_scroll_y) + 1, 7):
                viewer.scroll_to(y=y, animate=False)
                await pilot.pause()
                rows = thumb_rows(app, viewer)
                assert rows, (game_id, y)
                assert rows == list(range(rows[0], rows[-1] + 1)), (game_id, y, rows)

    run(body)


def test_in_game_help_shows_its_closing_line_and_has_its_scrollbar_at_the_edge() -> None:
    """At 80x24 the Quadropolis help is longer than the screen: the table scrolls, its
    scrollbar is the dialog's right edge (not against the text), every row can be read
    whole above the closing line, and that line is always shown."""

    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        await open_game(pilot, quadropolis_table())
        await pilot.press("question_mark")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        table = screen.query_one("#help-table", VerticalScroll)
        dialog = screen.query_one("#help")
        closing = screen.query_one("#help-closing")
        assert table.show_vertical_scrollbar, "the test needs a help longer than the screen"
        assert table.region.right == dialog.region.right - 1  # then the border
        for text in table.query(".help-text"):
            assert text.region.right <= table.region.right - table.scrollbar_size_vertical - 2
        assert closing.region.y >= table.region.bottom
        rows = screen.keys()
        seen: list[str] = []
        while True:
            lines = screen_lines(app)
            assert any(HelpScreen.CLOSING_LINE in line for line in lines)
            thumb = thumb_rows(app, table)
            assert thumb == list(range(thumb[0], thumb[-1] + 1))
            left, right = table.region.x, table.region.right - table.scrollbar_size_vertical
            seen += [line[left:right] for line in lines[table.region.y:table.region.bottom]]
            if table.scroll_y >= table.max_scroll_y:
                break
            await pilot.press("pagedown")
            await pilot.pause()
        shown = " ".join(" ".join(seen).split())
        for key, text in rows:
            assert " ".join(text.split()[-3:]) in shown, (key, text)

    run(body)
