"""User themes: loading from a folder, validation, and skipping broken files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import tomli_w
from textual.theme import Theme

from themes import (
    APP_VARIABLES,
    MeepleTheme,
    ThemeError,
    load_user_themes,
    player_colors,
    theme_from_toml,
    user_themes_dir,
    variable_defaults,
)
from themes import loader

GOOD = """\
name = "sunset"
title = "Sunset"
dark = true
players = ["#FF7F50", "#87CEEB"]

[colors]
primary = "#FF7F50"
foreground = "#FFF5E6"
background = "#2B1B17"

[game]
legal = "#7FFFD4"
"""


def minimal(**changes: Any) -> dict[str, Any]:
    """A valid minimal theme document, with top-level keys replaced by ``changes``."""
    data: dict[str, Any] = {
        "name": "mine",
        "dark": True,
        "colors": {"primary": "#336699", "foreground": "#EEEEEE", "background": "#111111"},
    }
    data.update(changes)
    return {key: value for key, value in data.items() if value is not None}


def write(folder: Path, filename: str, text: str) -> Path:
    """Write a theme file and return its path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / filename
    path.write_text(text, encoding="utf-8")
    return path


def test_user_theme_loads_with_defaults_filled(tmp_path: Path) -> None:
    """A valid user theme loads; what it leaves out comes from the defaults."""
    write(tmp_path, "sunset.toml", GOOD)
    themes, problems = load_user_themes(tmp_path)
    assert problems == []
    [theme] = themes
    assert isinstance(theme, Theme) and isinstance(theme, MeepleTheme)
    assert (theme.name, theme.title, theme.dark) == ("sunset", "Sunset", True)
    assert theme.primary == "#FF7F50" and theme.background == "#2B1B17"
    defaults = variable_defaults()
    assert set(APP_VARIABLES) <= set(theme.variables)
    default_players = [defaults[f"player-{n}"] for n in (3, 4, 5)]
    assert player_colors(theme) == ["#FF7F50", "#87CEEB", *default_players]
    assert theme.variables["legal"] == "#7FFFD4"
    assert theme.variables["energy"] == defaults["energy"]
    assert theme.source == str(tmp_path / "sunset.toml")


def test_title_defaults_to_name() -> None:
    """Without a title the name is shown."""
    assert theme_from_toml(minimal(), "x.toml").title == "mine"


def test_round_trip_through_tomli_w(tmp_path: Path) -> None:
    """A theme written by a program (tomli-w) loads back."""
    data = minimal(name="written", players=["#FF0000"], variables={"border": "#FF00FF"})
    write(tmp_path, "written.toml", tomli_w.dumps(data))
    [theme], problems = load_user_themes(tmp_path)
    assert problems == [] and theme.variables["border"] == "#FF00FF"


def test_several_files_in_name_order_and_other_files_ignored(tmp_path: Path) -> None:
    """All ``*.toml`` files load in file-name order; other files and folders are ignored."""
    write(tmp_path, "b.toml", GOOD.replace('"sunset"', '"bee"'))
    write(tmp_path, "a.toml", GOOD.replace('"sunset"', '"ant"'))
    write(tmp_path, "notes.txt", "not a theme")
    (tmp_path / "dir.toml").mkdir()
    themes, problems = load_user_themes(tmp_path)
    assert [theme.name for theme in themes] == ["ant", "bee"]
    assert problems == []


def test_missing_folder_is_fine(tmp_path: Path) -> None:
    """No folder means no user themes and nothing to report."""
    assert load_user_themes(tmp_path / "nope") == ([], [])


def test_default_folder_comes_from_platformdirs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without an argument, themes are read from <config dir>/themes."""
    monkeypatch.setattr(loader.platformdirs, "user_config_dir", lambda app: str(tmp_path / app))
    assert user_themes_dir() == tmp_path / "meeple" / "themes"
    write(tmp_path / "meeple" / "themes", "sunset.toml", GOOD)
    themes, problems = load_user_themes()
    assert [theme.name for theme in themes] == ["sunset"] and problems == []


def edit(old: str, new: str) -> str:
    """The good theme with one piece of text replaced (the piece must be there)."""
    assert old in GOOD, old
    return GOOD.replace(old, new)


PLAYERS_LINE = 'players = ["#FF7F50", "#87CEEB"]'
SIX_PLAYERS = "players = [" + ", ".join(['"#111111"'] * 6) + "]"

# kind -> (file text, text expected in the message)
BROKEN: dict[str, tuple[str, str]] = {
    "bad-toml": ('name = "x"\ndark = \n', "invalid TOML"),
    "not-utf8": ("", "cannot read"),  # written as raw bytes below
    "missing-name": (edit('name = "sunset"\n', ""), "missing required key 'name'"),
    "missing-dark": (edit("dark = true\n", ""), "missing required key 'dark'"),
    "missing-colors": (GOOD.split("[colors]")[0], "missing required table [colors]"),
    "missing-background": (edit('background = "#2B1B17"\n', ""), "colors.background"),
    "bad-colour": (edit('primary = "#FF7F50"', 'primary = "blu"'), "did you mean 'blue'"),
    "bad-player-colour": (edit('"#87CEEB"', '"#GGGGGG"'), "players[2]"),
    "bad-game-colour": (edit('"#7FFFD4"', '"nope"'), "game.legal"),
    "dark-not-bool": (edit("dark = true", 'dark = "yes"'), "dark must be true or false"),
    "name-not-string": (edit('name = "sunset"', "name = 3"), "name must be a string"),
    "bad-name": (edit('"sunset"', '"Sun Set, Two"'), "name 'Sun Set, Two'"),
    "title-not-string": (edit('title = "Sunset"', "title = 1"), "title must be a string"),
    "colour-not-string": (edit('primary = "#FF7F50"', "primary = 255"), "colour string"),
    "players-not-list": (edit(PLAYERS_LINE, 'players = "red"'), "players must be a list"),
    "too-many-players": (edit(PLAYERS_LINE, SIX_PLAYERS), "at most 5"),
    "colors-not-table": ('name = "x"\ndark = true\ncolors = "red"\n', "colors must be a table"),
    "unknown-key": (edit("dark = true", "dark = true\nforground = 1"), "unknown key 'forground'"),
    "unknown-colour": (
        edit('primary = "#FF7F50"', 'primary = "#FF7F50"\nforground = "#FFFFFF"'),
        "did you mean 'foreground'",
    ),
    "unknown-game-colour": (edit("legal =", "legl ="), "did you mean 'legal'"),
    "number-out-of-range": (
        edit("dark = true", "dark = true\ntext_alpha = 2"),
        "text_alpha must be between 0 and 1",
    ),
    "number-wrong-type": (
        edit("dark = true", 'dark = true\nluminosity_spread = "x"'),
        "luminosity_spread must be a number",
    ),
    "bad-textual-variable": (GOOD + '[variables]\nborder = "notacolour"\n', "variables.border"),
    "bad-textual-style": (
        GOOD + '[variables]\nblock-cursor-text-style = "sparkly"\n',
        "not a text style",
    ),
    "app-variable-in-variables": (
        GOOD + '[variables]\nplayer-1 = "#FFFFFF"\n',
        "is a Meeple variable",
    ),
}


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_broken_theme_reported_and_skipped(tmp_path: Path, kind: str) -> None:
    """Each kind of broken file is skipped with a message naming it; good files still load."""
    text, expected = BROKEN[kind]
    if kind == "not-utf8":
        (tmp_path / "broken.toml").write_bytes(b'name = "\xff"\n')
    else:
        write(tmp_path, "broken.toml", text)
    write(tmp_path, "good.toml", GOOD)
    themes, problems = load_user_themes(tmp_path)
    assert [theme.name for theme in themes] == ["sunset"]
    assert len(problems) == 1, problems
    assert "broken.toml" in problems[0]
    assert expected in problems[0], problems[0]


def test_all_problems_reported_at_once() -> None:
    """Validation lists every problem, not just the first."""
    with pytest.raises(ThemeError) as info:
        theme_from_toml({"name": 1, "dark": "no", "colors": {"primary": "x"}}, "multi.toml")
    error = info.value
    assert error.source == "multi.toml"
    assert len(error.problems) >= 4
    assert str(error).startswith("multi.toml: ")


def test_strict_requires_everything() -> None:
    """Strict mode (used for built-ins) rejects a theme without every variable."""
    with pytest.raises(ThemeError) as info:
        theme_from_toml(minimal(), "builtin:x.toml", strict=True)
    message = str(info.value)
    for expected in ("colors.surface", "needs 5", "game.highlight"):
        assert expected in message


@pytest.mark.parametrize("name", ["meeple-dark", "meeple-ansi16", "textual-dark", "nord"])
def test_name_clash_with_builtin_skipped(tmp_path: Path, name: str) -> None:
    """A user theme may not replace a built-in (Meeple's or Textual's)."""
    write(tmp_path, "clash.toml", GOOD.replace('"sunset"', f'"{name}"'))
    themes, problems = load_user_themes(tmp_path)
    assert themes == []
    assert len(problems) == 1
    assert "clash.toml" in problems[0] and name in problems[0] and "built-in" in problems[0]


def test_duplicate_user_names_first_wins(tmp_path: Path) -> None:
    """Two user files with one name: the first (by file name) loads, the second is reported."""
    first = write(tmp_path, "1.toml", GOOD)
    write(tmp_path, "2.toml", GOOD.replace('"Sunset"', '"Other"'))
    themes, problems = load_user_themes(tmp_path)
    assert [theme.title for theme in themes] == ["Sunset"]
    assert len(problems) == 1 and "2.toml" in problems[0] and str(first) in problems[0]


def test_theme_from_toml_rejects_non_table() -> None:
    """Data that is not a table raises ThemeError, not TypeError."""
    with pytest.raises(ThemeError):
        theme_from_toml(["name"], "list.toml")  # type: ignore[arg-type]


def test_ansi_user_theme(tmp_path: Path) -> None:
    """Users can write native-ANSI themes with ansi_* colours."""
    text = (
        'name = "my-ansi"\ndark = false\nansi = true\nplayers = ["ansi_red"]\n'
        '[colors]\nprimary = "ansi_blue"\nforeground = "ansi_default"\n'
        'background = "ansi_default"\n'
    )
    write(tmp_path, "ansi.toml", text)
    [theme], problems = load_user_themes(tmp_path)
    assert problems == [] and theme.ansi and player_colors(theme)[0] == "ansi_red"
