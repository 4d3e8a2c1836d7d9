"""Built-in themes load, are complete, and map onto Textual themes."""

from __future__ import annotations

import pytest
from textual.color import Color
from textual.theme import BUILTIN_THEMES as TEXTUAL_THEMES
from textual.theme import Theme

from tests.themes.support import BUILTIN_NAMES, builtin_raw
from themes import (
    APP_VARIABLES,
    BASE_COLORS,
    DEFAULT_THEME,
    GAME_VARIABLES,
    MAX_PLAYERS,
    MeepleTheme,
    load_builtin_themes,
    player_colors,
    theme_title,
    variable_defaults,
)


def test_all_expected_builtins_present(builtins: dict[str, Theme]) -> None:
    """Every required theme ships, and nothing else sneaks in unnamed."""
    assert set(BUILTIN_NAMES) <= set(builtins)


def test_default_theme_is_first_and_dark() -> None:
    """The default comes first (settings screens list it at the top) and is dark."""
    themes = load_builtin_themes()
    assert themes[0].name == DEFAULT_THEME == "meeple-dark"
    assert themes[0].dark


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_builtin_is_textual_theme(builtins: dict[str, Theme], name: str) -> None:
    """Each built-in is a textual Theme with a title, and Textual can build its colours."""
    theme = builtins[name]
    assert isinstance(theme, Theme) and isinstance(theme, MeepleTheme)
    assert theme_title(theme) and theme_title(theme) != name
    generated = theme.to_color_system().generate()
    for key in ("primary", "background", "foreground", "text"):
        assert key in generated


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_builtin_files_define_everything(name: str) -> None:
    """The TOML itself sets every base colour, five players and every game colour."""
    data = builtin_raw()[name]
    assert isinstance(data["title"], str) and data["title"]
    assert isinstance(data["dark"], bool)
    assert set(BASE_COLORS) <= set(data["colors"])
    assert len(data["players"]) == MAX_PLAYERS
    assert set(data["game"]) == set(GAME_VARIABLES)


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_every_app_variable_defined(builtins: dict[str, Theme], name: str) -> None:
    """Every app variable is in the theme's variables and parses as a colour."""
    theme = builtins[name]
    for variable in APP_VARIABLES:
        assert variable in theme.variables, variable
        Color.parse(theme.variables[variable])


def test_dark_flags(builtins: dict[str, Theme]) -> None:
    """Light is light, the rest are dark."""
    assert not builtins["meeple-light"].dark
    for name in set(BUILTIN_NAMES) - {"meeple-light"}:
        assert builtins[name].dark


def test_ansi16_uses_only_ansi_colours(builtins: dict[str, Theme]) -> None:
    """The 16-colour theme is an ANSI theme whose every colour is one of the 16 (or default)."""
    theme = builtins["meeple-ansi16"]
    assert theme.ansi
    values = [
        getattr(theme, field)
        for field in (*BASE_COLORS, "boost")
        if getattr(theme, field) is not None
    ]
    values += [value for key, value in theme.variables.items() if not key.endswith("style")]
    for value in values:
        assert Color.parse(value).ansi is not None, value


def test_other_builtins_are_truecolour(builtins: dict[str, Theme]) -> None:
    """Only the ANSI theme switches Textual's native ANSI mode on."""
    assert [name for name, theme in builtins.items() if theme.ansi] == ["meeple-ansi16"]


def test_variable_defaults_cover_app_variables() -> None:
    """Defaults exist for exactly the app variables, and are valid colours."""
    defaults = variable_defaults()
    assert set(defaults) == set(APP_VARIABLES)
    for value in defaults.values():
        Color.parse(value)
    defaults["player-1"] = "mutated"
    assert variable_defaults()["player-1"] != "mutated"


def test_app_variables_do_not_shadow_textual_variables(builtins: dict[str, Theme]) -> None:
    """Our names never collide with the variables Textual generates."""
    textual_names = set(TEXTUAL_THEMES["textual-dark"].to_color_system().generate())
    textual_names |= set(builtins["meeple-ansi16"].to_color_system().generate()) - set(
        APP_VARIABLES
    )
    assert not textual_names & set(APP_VARIABLES)


def test_names_do_not_clash_with_textual_builtins(builtins: dict[str, Theme]) -> None:
    """Registering our themes never replaces one of Textual's."""
    assert not set(builtins) & set(TEXTUAL_THEMES)


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_player_colors(builtins: dict[str, Theme], name: str) -> None:
    """player_colors returns the five seat colours in order."""
    theme = builtins[name]
    colours = player_colors(theme)
    assert len(colours) == MAX_PLAYERS
    assert colours == [theme.variables[f"player-{n}"] for n in range(1, 6)]
    assert colours == builtin_raw()[name]["players"]


def test_player_colors_of_foreign_theme_uses_defaults() -> None:
    """A Textual theme without our variables gets the default player colours."""
    colours = player_colors(TEXTUAL_THEMES["nord"])
    defaults = variable_defaults()
    assert colours == [defaults[f"player-{n}"] for n in range(1, 6)]
    assert theme_title(TEXTUAL_THEMES["nord"]) == "nord"


def test_loading_returns_fresh_objects() -> None:
    """Callers may mutate what they get without affecting later loads."""
    first = load_builtin_themes()
    first[0].variables["player-1"] = "#000000"
    assert load_builtin_themes()[0].variables["player-1"] != "#000000"


def test_public_api_has_docstrings() -> None:
    """Every public name exported by the package is documented."""
    import themes
    import themes.contrast
    import themes.loader

    for module in (themes, themes.loader, themes.contrast):
        assert module.__doc__
    for name in themes.__all__:
        obj = getattr(themes, name)
        if callable(obj):
            assert obj.__doc__, name
