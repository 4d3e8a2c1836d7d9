"""Pilot tests: the Load screen shows every player whole with a human/bot mark; the settings
list offers only Meeple's themes, by title."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual.pilot import Pilot
from textual.theme import BUILTIN_THEMES as TEXTUAL_THEMES
from textual.widgets import DataTable, Select

from core.registry import get_game
from core.table import Controller, Seat, Table
from saves import PlayerRecord, list_saves, load_settings, saves_dir
from themes import load_builtin_themes, theme_title
from tui.app import MeepleApp
from tui.screens.confirm import ConfirmScreen
from tui.screens.load import LoadScreen
from tui.screens.menu import MenuScreen
from tui.screens.settings import SettingsScreen

from tests.tui.helpers import quadropolis_table, write_fixed_save
from tests.tui.test_screens import run

LONG_NAMES = [
    "Alexandria Montgomer",  # 20 characters each, but the hostile one
    "Bartholomew Quincyxy",
    "[b]x[/b]",  # saved as "[b]x[-b]" (no slashes in saved names), shown as typed
    "Evangeline Whitfield",
    "Maximilian Ostrowski",
]
CONTROLLERS = [
    Controller(),
    Controller("bot", "normal"),
    Controller(),
    Controller("bot", "hard"),
    Controller("bot", "easy"),
]
MARKS = ["human", "bot normal", "human", "bot hard", "bot easy"]


def screen_lines(app: MeepleApp) -> list[str]:
    """The text of every row of the terminal, as the player sees it."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def five_player_save() -> list[str]:
    """An El Grande save with five long-named players (humans and bots); the saved names."""
    seats = [Seat(i, name, CONTROLLERS[i]) for i, name in enumerate(LONG_NAMES)]
    write_fixed_save(Table.new(get_game("elgrande"), seats, 3, {}), "five-long-names", "Long names")
    [listing] = [item for item in list_saves() if item.name == "five-long-names"]
    assert listing.header is not None
    return [player.name for player in listing.header.players]


async def open_load(pilot: Pilot[Any]) -> LoadScreen:
    await pilot.press("l")
    await pilot.pause()
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, LoadScreen)
    return screen


def player_rows(lines: list[str], names: list[str]) -> list[str]:
    """The screen lines that show one of ``names``."""
    return [line for line in lines if any(name in line for name in names)]


# --- Load ----------------------------------------------------------------------------------


def test_load_shows_whole_names_and_marks_at_80x24() -> None:
    """Each of five 20-character names is whole on its own line, after its mark."""

    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        names = five_player_save()
        assert names[2] == "[b]x[-b]"
        await open_load(pilot)
        lines = screen_lines(app)
        assert all(len(line) == 80 for line in lines)
        for name, mark in zip(names, MARKS):
            [line] = player_rows(lines, [name])
            before = line[: line.index(name)].split()
            assert before[-len(mark.split()):] == mark.split(), (mark, line)
        assert "El Grande" in "\n".join(lines) and "five-long-names" in "\n".join(lines)

    run(body)


def test_load_shows_markup_in_names_literally() -> None:
    """A name that looks like markup is shown as typed, on the screen and in the cell."""

    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        five_player_save()
        screen = await open_load(pilot)
        assert any("[b]x[-b]" in line for line in screen_lines(app))
        cell = screen.query_one("#saves", DataTable).get_row_at(0)[1]
        assert isinstance(cell, Text) and "[b]x[-b]" in cell.plain
        assert not any("bold" in str(span.style) for span in cell.spans)

    run(body)


def test_player_lines_never_read_markup() -> None:
    """Names never become markup, whatever they hold (even what saves cannot store)."""
    text = LoadScreen.player_lines(
        [PlayerRecord("[b]x[/b]"), PlayerRecord("[@click=app.quit]Q", "bot", "hard")]
    )
    assert text.plain.splitlines() == [
        f"{'human':<10} [b]x[/b]",
        f"{'bot hard':<10} [@click=app.quit]Q",
    ]
    assert all(str(span.style) == "dim" for span in text.spans)


def players_column(lines: list[str]) -> list[str]:
    """The players' column of the Load screen's table, line by line."""
    header = next(line for line in lines if "Players" in line and "Progress" in line)
    start, end = header.index("Players"), header.index("Progress")
    body = lines[lines.index(header) + 1 :]
    return [line[start:end].rstrip() for line in body]


def test_load_wraps_forty_character_names_without_cutting() -> None:
    """A name longer than the column wraps under itself: every character is on screen."""
    long_name = "Wilhelmina Featherstonehaugh-Cholmondel"  # 39 characters

    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        seats = [Seat(0, long_name), Seat(1, "Bo", Controller("bot", "hard"))]
        table = Table.new(get_game("quadropolis"), seats, 7, {"first_player": "0"})
        write_fixed_save(table, "wrapped", "Wrapped")
        await open_load(pilot)
        column = players_column(screen_lines(app))
        first = next(i for i, line in enumerate(column) if "Wilhelmina" in line)
        mark_width = LoadScreen.MARK_WIDTH
        assert column[first].startswith("human ")
        end = next(i for i in range(first + 1, len(column)) if column[i][:mark_width].strip())
        assert end - first >= 2  # wrapped, under itself (no mark on the next lines)
        parts = [line[mark_width:].strip() for line in column[first:end]]
        assert "".join(parts) == long_name.replace(" ", "")
        assert column[end].split() == ["bot", "hard", "Bo"]

    run(body)


def test_load_widens_players_on_a_wide_terminal_and_keeps_the_cursor() -> None:
    """Resizing lays the columns out again; the highlighted save stays highlighted."""

    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        names = five_player_save()
        seats = [Seat(0, "Wilhelmina Featherstonehaugh-Cholmondel"), Seat(1, "Bo")]
        table = Table.new(get_game("quadropolis"), seats, 7, {"first_player": "0"})
        write_fixed_save(table, "second", "Quadropolis: long")
        screen = await open_load(pilot)
        grid = screen.query_one("#saves", DataTable)
        grid.move_cursor(row=1)
        await pilot.pause()
        narrow = [column.width for column in grid.ordered_columns]
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        wide = [column.width for column in grid.ordered_columns]
        assert wide[1] > narrow[1] and sum(wide) > sum(narrow)
        assert grid.cursor_row == 1
        lines = screen_lines(app)
        for name in [*names, "Wilhelmina Featherstonehaugh-Cholmondel"]:
            assert len(player_rows(lines, [name])) == 1, name  # whole, on one line

    run(body)


def test_load_keeps_broken_saves_warnings_and_delete() -> None:
    """Broken files still list with their problem; delete still asks first."""

    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        write_fixed_save(quadropolis_table(moves=2), "keepme", "Quadropolis: Ada, Brook")
        (saves_dir() / "broken.toml").write_text("this is [not toml", encoding="utf-8")
        screen = await open_load(pilot)
        grid = screen.query_one("#saves", DataTable)
        assert grid.row_count == 2
        rows = [grid.get_row_at(i) for i in range(2)]
        bad = next(i for i, row in enumerate(rows) if "unreadable" in str(row[0]))
        grid.move_cursor(row=bad)
        await pilot.pause()
        assert "broken: " in str(screen.query_one("#detail").render())
        good = 1 - bad
        grid.move_cursor(row=good)
        await pilot.pause()
        assert "Quadropolis: Ada, Brook" in str(screen.query_one("#detail").render())
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert [listing.name for listing in list_saves()] == ["broken"]
        assert app.screen.query_one("#saves", DataTable).row_count == 1

    run(body)


def test_load_detail_shows_a_saves_warning(monkeypatch: Any) -> None:
    """A save that opens with a warning says so under the table."""
    import tui.screens.load as load

    real = load.list_saves

    def with_warning() -> Any:
        from dataclasses import replace

        return [replace(listing, warning="[b]moves[/b] damaged") for listing in real()]

    monkeypatch.setattr(load, "list_saves", with_warning)

    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        write_fixed_save(quadropolis_table(moves=2), "warned", "Quadropolis: Ada, Brook")
        screen = await open_load(pilot)
        assert "[b]moves[/b] damaged" in str(screen.query_one("#detail").render())

    run(body)


# --- Settings --------------------------------------------------------------------------------


def write_user_theme(config: Path, title: str) -> None:
    """A user theme file in the config folder the app reads."""
    folder = config / "meeple" / "themes"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "mine.toml").write_text(
        f'name = "mine"\ntitle = "{title}"\ndark = true\n'
        '[colors]\nprimary = "#336699"\nforeground = "#EEEEEE"\nbackground = "#111111"\n',
        encoding="utf-8",
    )


def theme_options(app: MeepleApp) -> list[tuple[str, str]]:
    """(shown title, theme name) of every entry of the settings theme list."""
    select = app.screen.query_one("#theme", Select)
    return [(str(prompt), str(value)) for prompt, value in select._options]


def test_settings_lists_only_meeple_themes_by_title(user_dirs: Path) -> None:
    """Built-ins (default first) and user themes, each by its title; none of Textual's."""
    write_user_theme(user_dirs / "config", "[b]My[/b] theme")

    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        options = theme_options(app)
        builtins = [(theme_title(theme), theme.name) for theme in load_builtin_themes()]
        assert options == [*builtins, ("[b]My[/b] theme", "mine")]
        assert not {name for _, name in options} & set(TEXTUAL_THEMES)
        assert all(title != name for title, name in builtins)
        # The open list shows the titles, the hostile one literally.
        await pilot.press("enter")
        await pilot.pause()
        shown = "\n".join(screen_lines(app))
        for title, _ in options:
            assert title in shown, title
        assert "meeple-okabe-ito" not in shown and "nord" not in shown

    run(body)


def test_settings_picks_a_user_theme_by_title(user_dirs: Path) -> None:
    """A user theme chosen in the list previews, saves and persists."""
    write_user_theme(user_dirs / "config", "Mine")

    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        await pilot.press("s")
        await pilot.pause()
        app.screen.query_one("#theme", Select).value = "mine"
        await pilot.pause()
        assert app.theme == "mine"
        assert "Mine" in "\n".join(screen_lines(app))
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert load_settings()[0].theme == "mine"

    run(body)


def test_settings_from_a_textual_theme_offers_meeples_and_cancel_restores_it() -> None:
    """A Textual theme (picked from the palette) is not listed; Esc goes back to it."""

    async def body(pilot: Pilot[Any], app: MeepleApp) -> None:
        app.theme = "nord"
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        select = app.screen.query_one("#theme", Select)
        assert select.value == "meeple-dark"
        assert "nord" not in [name for _, name in theme_options(app)]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert app.theme == "nord"

    run(body)
