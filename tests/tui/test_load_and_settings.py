"""Pilot tests: the settings list offers only Meeple's themes, by title."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, Awaitable, Callable

from textual.pilot import Pilot
from textual.theme import BUILTIN_THEMES as TEXTUAL_THEMES
from textual.widgets import Select

from saves import load_settings
from themes import load_builtin_themes, theme_title
from tui.app import MeepleApp
from tui.screens.menu import MenuScreen
from tui.screens.settings import SettingsScreen


def run(
    body: Callable[[Pilot[Any], MeepleApp], Awaitable[None]], size: tuple[int, int] = (80, 24)
) -> None:
    """Run ``body`` inside a headless app."""

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await body(pilot, app)

    asyncio.run(main())


def screen_lines(app: MeepleApp) -> list[str]:
    """The text of every row of the terminal, as the player sees it."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


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
