"""Themes work inside real Textual apps: registering, switching, CSS variables resolve."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.app import App, ComposeResult, InvalidThemeError
from textual.color import Color
from textual.theme import Theme
from textual.widgets import Static

from tests.themes.support import BUILTIN_NAMES
from themes import (
    APP_VARIABLES,
    DEFAULT_THEME,
    load_builtin_themes,
    load_user_themes,
    variable_defaults,
)

# One widget per app variable, each painting it (as text colour and as background), so a
# theme without the variable makes the stylesheet fail to parse.
VARIABLE_CSS = "\n".join(
    f"#v-{name} {{ color: ${name}; background: ${name}; }}" for name in APP_VARIABLES
)


class BareApp(App[None]):
    """A plain Textual app using Meeple's variables, with no defaults of its own.

    Like the real app, it registers themes and picks one in ``__init__``: without
    defaults, the stylesheet only parses once a Meeple theme is current.
    """

    CSS = VARIABLE_CSS

    def __init__(self, themes: list[Theme], initial: str) -> None:
        """Register ``themes`` and select ``initial`` before the stylesheet is parsed."""
        super().__init__()
        for theme in themes:
            self.register_theme(theme)
        self.theme = initial

    def compose(self) -> ComposeResult:
        """One Static per app variable."""
        for name in APP_VARIABLES:
            yield Static(name, id=f"v-{name}")


class DefaultsApp(BareApp):
    """Like the real app: supplies defaults so Textual's own themes work too."""

    def __init__(self, themes: list[Theme] | None = None, initial: str = "textual-dark") -> None:
        """Register ``themes`` (default none) and start on ``initial``."""
        super().__init__(themes or [], initial)

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """Meeple's variable defaults."""
        return variable_defaults()


def run(test: Callable[[], Awaitable[None]]) -> None:
    """Run an async test body (no async pytest plugin is installed)."""
    asyncio.run(test())


def assert_variables_applied(app: App[None], theme: Theme) -> None:
    """Every app variable reached the widgets with the theme's (or default) value."""
    defaults = variable_defaults()
    for name in APP_VARIABLES:
        widget = app.query_one(f"#v-{name}", Static)
        expected = Color.parse(theme.variables.get(name, defaults[name]))
        assert widget.styles.color == expected, name
        assert app.theme_variables[name] == theme.variables.get(name, defaults[name])


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_builtin_registers_in_plain_app(name: str) -> None:
    """Each built-in registers in an unmodified ``textual.app.App`` and can be selected."""

    async def body() -> None:
        app: App[None] = App()
        for theme in load_builtin_themes():
            app.register_theme(theme)
        async with app.run_test(size=(60, 20)) as pilot:
            app.theme = name
            await pilot.pause()
            assert app.current_theme.name == name
            for variable in APP_VARIABLES:
                assert app.theme_variables[variable] == app.current_theme.variables[variable]

    run(body)


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_builtin_paints_variables_without_defaults(name: str) -> None:
    """Starting on a built-in, CSS using every app variable parses and paints its values."""

    async def body() -> None:
        app = BareApp(load_builtin_themes(), name)
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            assert app.theme == name
            assert_variables_applied(app, app.current_theme)
            other = "meeple-light" if name != "meeple-light" else DEFAULT_THEME
            app.theme = other
            await pilot.pause()
            assert_variables_applied(app, app.current_theme)

    run(body)


def test_switching_between_all_builtins() -> None:
    """Switching themes live re-applies the variables and fires the change signal."""

    async def body() -> None:
        themes = load_builtin_themes()
        app = DefaultsApp(themes)
        changes: list[str] = []
        async with app.run_test(size=(60, 20)) as pilot:
            app.theme_changed_signal.subscribe(app, lambda theme: changes.append(theme.name))
            app.theme = DEFAULT_THEME
            await pilot.pause()
            for theme in themes[1:] + themes[:1]:
                app.theme = theme.name
                await pilot.pause()
                assert_variables_applied(app, theme)
        assert changes[-1] == DEFAULT_THEME
        assert set(changes) == {theme.name for theme in themes}

    run(body)


@pytest.mark.parametrize("name", ["textual-dark", "textual-light", "nord"])
def test_textual_themes_work_with_defaults(name: str) -> None:
    """With the defaults hook, Textual's own themes still resolve Meeple's variables."""

    async def body() -> None:
        app = DefaultsApp()
        async with app.run_test(size=(60, 20)) as pilot:
            app.theme = name
            await pilot.pause()
            assert_variables_applied(app, app.current_theme)

    run(body)


def test_user_theme_registers(tmp_path: Path) -> None:
    """A partial user theme works in a bare app: its gaps were filled with defaults."""

    async def body() -> None:
        (tmp_path / "t.toml").write_text(
            'name = "mine"\ndark = false\nplayers = ["#AA0000"]\n'
            '[colors]\nprimary = "#005599"\nforeground = "#111111"\nbackground = "#FAFAFA"\n',
            encoding="utf-8",
        )
        [theme], problems = load_user_themes(tmp_path)
        assert problems == []
        app = BareApp([theme], "mine")
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            assert_variables_applied(app, theme)
            assert app.query_one("#v-player-1", Static).styles.color == Color.parse("#AA0000")

    run(body)


def test_unknown_theme_name_raises() -> None:
    """Textual rejects names that were never registered (the app must fall back itself)."""

    async def body() -> None:
        app = BareApp(load_builtin_themes(), DEFAULT_THEME)
        async with app.run_test(size=(60, 20)):
            with pytest.raises(InvalidThemeError):
                app.theme = "meeple-nonexistent"

    run(body)


@pytest.mark.parametrize("dark", [True, False])
def test_user_ansi_theme_gets_textual_ansi_variables(tmp_path: Path, dark: bool) -> None:
    """An ANSI user theme gets the variables Textual's CSS needs in ANSI mode, and runs."""
    (tmp_path / "a.toml").write_text(
        f'name = "my-ansi"\ndark = {str(dark).lower()}\nansi = true\n'
        '[colors]\nprimary = "ansi_blue"\nforeground = "ansi_default"\n'
        'background = "ansi_default"\n',
        encoding="utf-8",
    )
    [theme], problems = load_user_themes(tmp_path)
    assert problems == []
    assert {"ansi-background", "ansi-foreground"} <= set(theme.variables)

    async def body() -> None:
        app: App[None] = App()
        app.register_theme(theme)
        async with app.run_test(size=(60, 20)) as pilot:
            app.theme = "my-ansi"
            await pilot.pause()
            assert app.current_theme.ansi

    run(body)
