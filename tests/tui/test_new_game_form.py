"""Pilot tests of the New game form at 80x24: it remembers each game's choices (in the
settings, so across runs), marks the focused row with a glyph in every theme, and explains an option in a
place that neither moves nor pushes the Start button off the screen."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot
from textual.widgets import Button, Checkbox, Select

from core.registry import all_info
from themes import MeepleTheme
from tui.app import MeepleApp
from tui.screens.menu import MenuScreen
from tui.screens.new_game import FocusMarker, NewGameScreen

from tests.tui.test_screens import run


def screen_lines(app: MeepleApp) -> list[str]:
    """The text of every row of the terminal, as the player sees it."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


async def open_form(pilot: Pilot[Any]) -> NewGameScreen:
    """Press n on the menu and wait for the form's choice lists to be filled."""
    await pilot.press("n")
    for _ in range(3):
        await pilot.pause()
    form = pilot.app.screen
    assert isinstance(form, NewGameScreen)
    return form


async def pick_game(pilot: Pilot[Any], form: NewGameScreen, game_id: str, players: int) -> None:
    """Choose a game and its player count in the form (and let the options be built)."""
    form.query_one("#game", Select).value = game_id
    for _ in range(3):
        await pilot.pause()
    form.query_one("#count", Select).value = players
    for _ in range(3):
        await pilot.pause()


def form_state(form: NewGameScreen) -> tuple[str, object, list[object], dict[str, object]]:
    """(game, player count, every seat's controller, every option's value) as shown."""
    controllers = [form.query_one(f"#ctl-{index}", Select).value for index in range(5)]
    options: dict[str, object] = {}
    for spec in form.game.options:
        widget = form.query_one(f"#opt-{spec.key}")
        assert isinstance(widget, (Checkbox, Select))
        options[spec.key] = widget.value
    return form.game.id, form.query_one("#count", Select).value, controllers, options


def test_the_form_remembers_each_games_choices_and_a_new_run_too() -> None:
    chosen: list[Any] = []

    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        form = await open_form(pilot)
        await pick_game(pilot, form, "elgrande", 4)
        form.query_one("#ctl-1", Select).value = "human"
        form.query_one("#ctl-2", Select).value = "hard"
        form.query_one("#ctl-3", Select).value = "easy"
        form.query_one("#opt-first_player", Select).value = "3"
        form.query_one("#opt-veto_windows", Select).value = "start_only"
        form.query_one("#opt-use_veto", Checkbox).value = False
        form.query_one("#opt-short_game", Checkbox).value = True
        await pilot.pause()
        elgrande = form_state(form)
        # Another game, then back: both keep what they were left with.
        await pick_game(pilot, form, "council", 3)
        form.query_one("#opt-layout", Select).value = "2/1/2"
        await pilot.pause()
        council = form_state(form)
        await pick_game(pilot, form, "elgrande", 4)
        assert form_state(form) == elgrande
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        form = await open_form(pilot)
        assert form_state(form) == elgrande, "the game last left, as it was left"
        form.query_one("#game", Select).value = "council"
        for _ in range(3):
            await pilot.pause()
        assert form_state(form) == council
        chosen.extend([elgrande, council])

    run(body)

    async def again(pilot: Pilot[Any], app: MeepleApp) -> None:
        form = await open_form(pilot)
        assert form_state(form) == chosen[0], "a new run opens the form as the last one left it"
        form.query_one("#game", Select).value = "council"
        for _ in range(3):
            await pilot.pause()
        assert form_state(form) == chosen[1]

    run(again)  # another app (another run), with the same settings file
    assert chosen and chosen[0][2][2] == "hard"

    from dataclasses import replace

    from saves import load_settings, save_settings

    settings, _ = load_settings()
    assert settings.new_game["last"] == "elgrande" and settings.new_game["elgrande"]["players"] == 4
    assert save_settings(replace(settings, new_game={})) is None

    async def fresh(pilot: Pilot[Any], app: MeepleApp) -> None:
        form = await open_form(pilot)
        game, players, controllers, _ = form_state(form)
        assert (game, players) == ("quadropolis", 2) and controllers[1] == "normal"

    run(fresh)  # nothing remembered: the defaults


def test_the_choices_a_game_was_started_with_are_offered_again() -> None:
    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        form = await open_form(pilot)
        await pick_game(pilot, form, "quadropolis", 3)
        form.query_one("#ctl-1", Select).value = "easy"
        form.query_one("#ctl-2", Select).value = "hard"
        form.query_one("#opt-first_player", Select).value = "2"
        form.query_one("#opt-adjacency_needs_activation", Checkbox).value = True
        await pilot.pause()
        started = form_state(form)
        await pilot.press("ctrl+n")
        for _ in range(5):
            await pilot.pause()
        table = app.screen.table  # type: ignore[attr-defined]  # a game screen now
        assert [seat.controller.level for seat in table.seats][1:] == ["easy", "hard"]
        await pilot.press("escape")
        for _ in range(3):
            await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        form = await open_form(pilot)
        assert form_state(form) == started

    run(body)


def test_a_marker_glyph_shows_the_focused_row_in_every_theme() -> None:
    """Tab through the whole form: one ▶, in front of the focused field's row, and the
    form itself is never a stop; in every Meeple theme the ▶ differs from its background."""

    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        form = await open_form(pilot)
        await pick_game(pilot, form, "elgrande", 3)
        form.set_focus(form.query_one("#game", Select))
        await pilot.pause()
        visited: list[str] = []
        while not visited or visited[0] != (app.focused.id if app.focused else ""):
            focused = app.focused
            assert focused is not None and focused.id and focused.id != "form"
            visited.append(focused.id)
            lines = screen_lines(app)
            marked = [y for y, line in enumerate(lines) if FocusMarker.GLYPH in line]
            assert marked == [focused.region.y], (focused.id, marked)
            await pilot.press("tab")
            await pilot.pause()
        assert {"game", "count", "name-2", "ctl-2", "opt-use_veto", "seed", "start", "back"} <= set(visited)
        form.set_focus(form.query_one("#opt-use_veto", Checkbox))
        await pilot.pause()
        themes = [name for name, theme in app.available_themes.items() if isinstance(theme, MeepleTheme)]
        assert len(themes) >= 2
        for name in themes:
            app.theme = name
            await pilot.pause()
            [segment] = [
                segment
                for strip in app.screen._compositor.render_strips()
                for segment in strip
                if FocusMarker.GLYPH in segment.text
            ]
            style = segment.style
            assert style is not None and style.color is not None and style.bgcolor is not None
            assert style.color != style.bgcolor, name

    run(body)


def test_option_help_has_a_fixed_place_and_start_stays_on_screen() -> None:
    """Every game at its most players, at 80x24: whichever field has the focus, the
    explanation place keeps its size and place, an option's explanation is shown whole
    in it, and the Start button is on the screen."""

    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        form = await open_form(pilot)
        start = form.query_one("#start", Button)
        for info in all_info():
            await pick_game(pilot, form, info.id, info.max_players)
            help_box = form.query_one("#option-help")
            form.set_focus(form.query_one("#game", Select))
            await pilot.pause()
            place = help_box.region
            helps = {f"opt-{spec.key}": spec.help for spec in info.options}
            explained = set()
            for _ in range(40):
                focused = app.focused
                assert focused is not None
                if focused.id == "start":
                    break
                lines = screen_lines(app)
                assert help_box.region == place, (info.id, focused.id)
                assert start.region.bottom <= 23 and "Start game" in lines[start.region.y]
                inside = lines[place.y:place.bottom]
                shown = " ".join(" ".join(line[place.x:place.right] for line in inside).split())
                if focused.id in helps:
                    assert shown == " ".join(helps[focused.id].split()), (info.id, focused.id)
                    explained.add(focused.id)
                else:
                    assert shown == ""
                await pilot.press("tab")
                await pilot.pause()
            assert explained == set(helps), info.id

    run(body)


def test_f1_opens_the_rules_of_the_game_chosen_in_the_form() -> None:
    from tui.screens.rules import RulesScreen

    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        await pilot.press("n")
        form = app.screen
        assert isinstance(form, NewGameScreen)
        for game in all_info():
            await pick_game(pilot, form, game.id, game.min_players)
            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, RulesScreen)
            assert app.screen.query_one("#rules-game", Select).value == game.id
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is form

    run(body)


def test_the_player_count_has_no_blank_choice_to_start_a_game_with() -> None:
    """n, Tab to Players, Enter, Up as far as it goes, Enter, ctrl+n: a game starts with a
    real count (the list had a blank "Select" at its top, and ctrl+n stopped the app)."""

    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        form = await open_form(pilot)
        count = form.query_one("#count", Select)
        count.focus()
        await pilot.pause()
        counts = range(form.game.min_players, form.game.max_players + 1)
        for way in ("up", "down"):
            for presses in range(1, 7):
                await pilot.press("enter", *[way] * presses, "enter")
                await pilot.pause()
                assert count.value in counts, (way, presses, count.value)
        await pilot.press("ctrl+n")
        for _ in range(3):
            await pilot.pause()
        assert app.return_code is None and not isinstance(app.screen, NewGameScreen)

    run(body)
