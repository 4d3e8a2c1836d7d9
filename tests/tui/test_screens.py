"""Pilot tests of the shared screens: menu, new game, load, rules, settings, help, curtain."""

from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable

from textual.color import Color
from textual.pilot import Pilot
from textual.widgets import Checkbox, DataTable, Input, MarkdownViewer, Select

from saves import list_saves, load_settings, read_save, saves_dir
from tui.app import MeepleApp
from tui.games.quadropolis import QuadropolisScreen
from tui.screens.confirm import ConfirmScreen
from tui.screens.curtain import HandOffScreen
from tui.screens.help import HelpScreen
from tui.screens.load import LoadScreen
from tui.screens.menu import MenuScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.rules import RulesScreen
from tui.screens.settings import SettingsScreen

from tests.tui.helpers import open_game, quadropolis_table, write_fixed_save


def run(body: Callable[[Pilot[Any], MeepleApp], Awaitable[None]], size: tuple[int, int] = (80, 24)) -> None:
    """Run ``body`` inside a headless app."""

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await body(pilot, app)

    asyncio.run(main())


def test_menu_keys_open_each_screen() -> None:
    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        assert isinstance(app.screen, MenuScreen)
        for key, screen in [("n", NewGameScreen), ("l", LoadScreen), ("s", SettingsScreen), ("f1", RulesScreen)]:
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, screen), key
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, MenuScreen)

    run(body)


def test_resume_with_no_saves_says_so() -> None:
    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert any("no unfinished saved game" in str(n.message) for n in app._notifications)

    run(body)


def test_new_game_form_starts_a_game_and_saves_it_from_its_first_move() -> None:
    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#count", Select).value = 3
        await pilot.pause()
        assert form.query_one("#seat-2").display and not form.query_one("#seat-3").display
        form.query_one("#name-1", Input).value = "Zed"
        form.query_one("#ctl-1", Select).value = "human"
        form.query_one("#ctl-2", Select).value = "hard"
        form.query_one("#seed", Input).value = "42"
        await pilot.press("ctrl+n")
        for _ in range(10):
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, QuadropolisScreen)
        table = screen.table
        assert [s.name for s in table.seats] == ["Ada", "Zed", "Cyd"]
        assert table.seats[2].controller.level == "hard" and table.seed == 42
        assert list_saves() == []  # written with the first move, not before
        table.submit(0, table.legal_actions(0)[0])
        await pilot.pause()
        assert len(list_saves()) == 1
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen), "the form is gone: escape leads to the menu"

    run(body)


def test_new_game_refuses_duplicate_names() -> None:
    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        form.query_one("#name-1", Input).value = "Ada"
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert any("names must differ" in str(n.message) for n in app._notifications)

    run(body)


def test_new_game_options_speak_player_words_and_explain_themselves() -> None:
    """Choices carry labels (Seat A, not 0), seat choices follow the player count, and the
    focused option's help is shown under the options; the chosen value reaches the table."""

    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#game", Select).value = "elgrande"
        await pilot.pause()
        first = form.query_one("#opt-first_player", Select)
        assert [label for label, _ in first._options] == ["Random", "Seat A", "Seat B"]
        veto = form.query_one("#opt-veto_windows", Select)
        assert [label for label, _ in veto._options] == ["Before every step", "Only at the start"]
        async def settle(done: Callable[[], bool]) -> None:
            """Seat choices are refitted after a refresh: wait for it (bounded)."""
            for _ in range(50):
                if done():
                    return
                await pilot.pause(0.02)

        seats3 = ["Random", "Seat A", "Seat B", "Seat C"]
        form.query_one("#count", Select).value = 3
        await settle(lambda: [label for label, _ in first._options] == seats3)
        assert [label for label, _ in first._options] == seats3
        first.value = "2"
        form.query_one("#count", Select).value = 2
        await settle(lambda: first.value == "random")
        assert first.value == "random", "a seat that left the game is no longer chosen"
        help_line = form.query_one("#option-help")
        assert str(help_line.render()) == ""
        veto.focus()
        await pilot.pause()
        assert "Veto holders may stop" in str(help_line.render())
        form.query_one("#seed", Input).focus()
        await pilot.pause()
        assert str(help_line.render()) == ""
        first.value = "1"
        await pilot.press("ctrl+n")
        for _ in range(10):
            await pilot.pause()
        table = app.screen.table  # type: ignore[attr-defined]
        assert table.options["first_player"] == "1"

    run(body)


def test_load_lists_good_and_bad_saves_and_opens_one() -> None:
    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        write_fixed_save(quadropolis_table(moves=5), "friday", "Quadropolis: Ada, Brook")
        (saves_dir() / "broken.toml").write_bytes(b"\x00\xff garbage")
        await pilot.press("l")
        await pilot.pause()
        grid = app.screen.query_one("#saves", DataTable)
        assert grid.row_count == 2
        rows = [grid.get_row_at(i) for i in range(2)]
        assert any("unreadable" in str(row[0]) for row in rows)
        good = next(i for i, row in enumerate(rows) if "unreadable" not in str(row[0]))
        grid.move_cursor(row=good)
        await pilot.press("enter")
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, QuadropolisScreen)
        assert len(app.screen.table.log) == 5

    run(body)


def test_load_delete_asks_first() -> None:
    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        write_fixed_save(quadropolis_table(moves=2), "keepme", "Quadropolis: Ada, Brook")
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert len(list_saves()) == 1
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert list_saves() == []

    run(body)


def test_rules_viewer_shows_the_game_rules() -> None:
    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        await pilot.press("f1")
        await pilot.pause()
        viewer = app.screen.query_one("#rules", MarkdownViewer)
        assert "Quadropolis" in viewer.document.source

    run(body)


def test_settings_change_theme_and_persist() -> None:
    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        screen.query_one("#theme", Select).value = "meeple-light"
        screen.query_one("#confirm", Checkbox).value = True
        await pilot.pause()
        assert app.theme == "meeple-light"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        saved, warning = load_settings()
        assert warning is None and saved.theme == "meeple-light" and saved.confirm_end_turn

    run(body)


def test_settings_cancel_restores_theme() -> None:
    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        await pilot.press("s")
        await pilot.pause()
        app.screen.query_one("#theme", Select).value = "meeple-high-contrast"
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.theme == "meeple-dark"

    run(body)


def test_help_lists_the_keys_of_the_screen_below() -> None:
    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        described = [text for _, text in app.screen.keys()]
        assert "New game" in described and "Load" in described
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)

    run(body)


def test_game_help_includes_board_keys() -> None:
    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        from tests.tui.helpers import open_game

        await open_game(pilot, quadropolis_table())
        await pilot.press("question_mark")
        await pilot.pause()
        described = [text for _, text in app.screen.keys()]
        assert "Undo" in described and "Discard the building in hand" in described

    run(body)


def test_curtain_waits_for_enter() -> None:
    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        lifted: list[bool] = []
        app.push_screen(HandOffScreen(1, "Brook"), lambda _: lifted.append(True))
        await pilot.pause()
        await pilot.press("x")
        assert not lifted
        await pilot.press("enter")
        await pilot.pause()
        assert lifted and isinstance(app.screen, MenuScreen)

    run(body)


def test_confirm_before_end_turn() -> None:
    """With the setting on, the move that ends a turn waits for a yes."""

    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        from tests.tui.helpers import open_game
        from core.quadropolis.actions import Discard, Place

        app.settings.confirm_end_turn = True
        table = quadropolis_table()
        screen = await open_game(pilot, table)
        place = next(a for a in table.legal_actions(0) if isinstance(a, Place)
                     and "nothing" not in table.game.describe(a, table.state))
        screen.submit_action(place)
        await pilot.pause()
        assert len(table.log) == 1  # taking a tile does not end the turn
        screen.submit_action(Discard())
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and len(table.log) == 1
        await pilot.press("y")
        await pilot.pause()
        assert len(table.log) == 2

    run(body)


def test_command_palette_offers_game_commands() -> None:
    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        from tests.tui.helpers import open_game

        screen = await open_game(pilot, quadropolis_table())
        titles = [c.title for c in app.get_system_commands(screen)]
        assert {"Undo", "Save as", "Menu", "Help", "Rules"} <= set(titles)

    run(body)


def test_save_as_writes_a_second_file() -> None:
    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        from tests.tui.helpers import open_game

        screen = await open_game(pilot, quadropolis_table(moves=3))
        original = screen.autosaver.name
        await pilot.press("ctrl+s")
        await pilot.pause()
        prompt = app.screen.query_one("#prompt-input", Input)
        assert prompt.value == f"{original} copy", "the suggestion is not the running save's name"
        prompt.value = "my copy"
        await pilot.press("enter")
        await pilot.pause()
        names = sorted(s.name for s in list_saves())
        assert len(names) == 2 and "my-copy" in names
        told = [str(n.message) for n in app._notifications]
        assert any("as 'my-copy': the game goes on in it" in m and f"'{original}' stays as it was after move 3" in m
                   for m in told), told
        # The game continues in the copy; the original keeps its three moves.
        table = screen.table
        table.submit(table.to_act()[0], table.legal_actions(table.to_act()[0])[0])
        await pilot.pause()
        moves = {s.name: read_save(s.path).log for s in list_saves()}
        assert len(moves[original]) == 3 and len(moves["my-copy"]) == 4

    run(body)


def test_unexpected_error_goes_to_a_crash_log_not_the_player(user_dirs: Any, monkeypatch: Any) -> None:
    """A bug in a screen ends the app with one line for the player and a crash log."""
    import platformdirs

    monkeypatch.setenv("XDG_STATE_HOME", str(user_dirs / "state"))

    async def main() -> None:
        app = MeepleApp(bot_delay=0)

        def broken() -> None:
            raise RuntimeError("boom")

        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert "saved" not in app.crash_message(RuntimeError("x"), ""), "no game, no save to mention"
            await open_game(pilot, quadropolis_table())
            assert "`meeple resume` continues it" in app.crash_message(RuntimeError("x"), "")
            app.call_later(broken)
            await pilot.pause()
        return app

    try:
        asyncio.run(main())
    except RuntimeError:
        pass  # run_test re-raises for test frameworks; the player sees the message instead
    log = user_dirs / "state" / "meeple" / "crash.log"
    assert log.exists() and "boom" in log.read_text()
    assert platformdirs.user_state_dir("meeple").startswith(str(user_dirs))


def test_small_terminal_is_reported_once_each_time_it_becomes_too_small() -> None:
    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        def told() -> int:
            return sum("needs at least" in str(n.message) for n in app._notifications)

        assert any("needs at least 80×24" in str(n.message) for n in app._notifications)
        await pilot.resize_terminal(50, 15)
        await pilot.pause()
        assert told() == 1  # still too small: not told again
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert not app._size_warned, app.size
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert told() == 2, app.size

    run(body, size=(60, 20))


def test_every_theme_renders_every_game_screen() -> None:
    """Switching themes with a board on screen never breaks the markup or the CSS."""
    from themes import load_builtin_themes
    from tests.tui.helpers import open_game, random_table

    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        for game_id, kinds in [("quadropolis", ("human", "human")), ("council", ("human", "human")),
                               ("elgrande", ("human", "human", "human"))]:
            screen = await open_game(pilot, random_table(game_id, kinds, seed=3, moves=12))
            for theme in load_builtin_themes():
                app.theme = theme.name
                screen.refresh_all()
                await pilot.pause()
                assert app.screen is screen
            app.pop_screen()
            await pilot.pause()

    run(body, size=(120, 40))


def test_a_game_left_before_any_move_leaves_no_save() -> None:
    """New game, then straight back to the menu: nothing to resume, no file."""

    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#ctl-1", Select).value = "human"  # no bot to move first
        await pilot.press("ctrl+n")
        for _ in range(10):
            await pilot.pause()
        assert isinstance(app.screen, QuadropolisScreen) and not app.screen.table.log
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert list_saves() == []

    run(body)


def test_game_help_lists_each_key_once_in_player_words() -> None:
    """No Textual internals (focus cycling, copying), no key or text twice, the palette once."""
    from tests.tui.helpers import open_game, random_table

    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        for game_id in ("quadropolis", "council", "elgrande"):
            screen = await open_game(pilot, random_table(game_id, ("human", "easy"), seed=2))
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            rows = app.screen.keys()
            texts = [text for _, text in rows]
            assert not {"Focus Next", "Focus Previous", "Copy selected text", "palette"} & set(texts)
            assert len(texts) == len(set(texts)) and texts.count("Command palette") == 1
            single = [key for key, _ in rows if key not in ("map", "hand", "colours", "permits")]
            assert len(single) == len(set(single)), single
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen
            screen.action_menu()
            await pilot.pause()

    run(body)


def test_help_lines_wrap_instead_of_being_cut() -> None:
    """At 80x24 every help line reads whole on screen (long ones wrap under themselves)."""
    from tests.tui.helpers import open_game, random_table
    from tests.tui.test_hardening import screen_text

    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        await open_game(pilot, random_table("elgrande", ("human", "easy"), seed=2))
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        texts = [text for _, text in help_screen.keys()]
        assert max(len(text) for text in texts) > 60  # the case that used to be cut
        rows = help_screen.query_one("#help-table")
        cells = list(help_screen.query(".help-text"))
        assert len(cells) == len(texts)
        for widget, text in zip(cells, texts):
            rows.scroll_to_widget(widget, animate=False)  # the list scrolls at 80x24
            await pilot.pause()
            lines = screen_text(app)[0].split("\n")
            box = widget.region
            shown = " ".join(line[box.x:box.right] for line in lines[box.y:box.bottom])
            assert " ".join(shown.split()) == " ".join(text.split()), text

    run(body)


def test_a_saved_theme_is_the_one_drawn_from_the_first_frame() -> None:
    """The theme in the settings is applied before the app runs (without parsing the
    stylesheet again): the menu's first frame is drawn in its colours and classes."""
    from dataclasses import replace

    from saves import save_settings

    for name, dark in (("meeple-light", False), ("meeple-ansi16", True)):
        settings, _ = load_settings()
        assert save_settings(replace(settings, theme=name)) is None

        async def main() -> None:
            app = MeepleApp()
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                assert app.theme == name and app.current_theme.ansi == (name == "meeple-ansi16")
                assert app.has_class(f"-theme-{name}") and app.has_class("-dark-mode") == dark
                background = app.current_theme.background
                assert app.screen.styles.background == Color.parse(background or "")
                assert app.get_css_variables()["player-1"] == app.current_theme.variables["player-1"]

        asyncio.run(main())


def test_a_themes_css_variables_are_its_own_each_time() -> None:
    """The app keeps each theme's CSS variables once built: a theme registered again under
    the same name with another colour gets its own, and what a caller changes in the
    variables it got is not seen by the next caller."""
    import dataclasses

    from themes import DEFAULT_THEME

    app = MeepleApp()
    app.theme = DEFAULT_THEME
    first = app.get_css_variables()
    first["primary"] = "#123456"
    assert app.get_css_variables()["primary"] != "#123456"
    assert app.theme_variables == app.get_css_variables()
    recoloured = dataclasses.replace(app.current_theme, primary="#00ff00")
    app.register_theme(recoloured)
    app.theme = DEFAULT_THEME
    assert Color.parse(app.get_css_variables()["primary"]) == Color.parse("#00ff00")
