"""Load Meeple's colour themes from TOML files and turn them into Textual themes.

Built-in themes ship as package data (``themes/*.toml``); user themes live in
``platformdirs.user_config_dir("meeple")/themes/*.toml``. Both use the same format, which is
described in :mod:`themes`. Built-ins are checked strictly (every colour and every app
variable must be present); user themes may leave app variables out and get
:func:`variable_defaults` instead. A broken user theme never raises: it is reported as a
readable message naming the file, and skipped.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import re
import tomllib
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

import platformdirs
from textual.color import Color, ColorParseError
from textual.css.stylesheet import Stylesheet
from textual.theme import BUILTIN_THEMES as TEXTUAL_BUILTIN_THEMES
from textual.theme import Theme

__all__ = [
    "APP_VARIABLES",
    "BASE_COLORS",
    "DEFAULT_THEME",
    "GAME_VARIABLES",
    "MAX_PLAYERS",
    "MeepleTheme",
    "PLAYER_VARIABLES",
    "ThemeError",
    "load_builtin_themes",
    "load_user_themes",
    "player_colors",
    "theme_from_toml",
    "theme_title",
    "user_themes_dir",
    "variable_defaults",
]

DEFAULT_THEME = "meeple-dark"
"""Name of the theme used when settings name none (or one that does not exist)."""

MAX_PLAYERS = 5
"""How many player colours a theme carries (the most seats any Meeple game has)."""

PLAYER_VARIABLES: tuple[str, ...] = tuple(f"player-{n}" for n in range(1, MAX_PLAYERS + 1))
"""CSS variables for the seats' colours: ``$player-1`` .. ``$player-5``."""

GAME_VARIABLES: tuple[str, ...] = (
    "board-bg",
    "highlight",
    "legal",
    "neutral",
    "inhabitant",
    "energy",
    "city-gold",
    "city-silver",
    "city-bronze",
    "city-iron",
    "city-royal",
)
"""CSS variables for boards and pieces; meanings are documented in :mod:`themes`."""

APP_VARIABLES: tuple[str, ...] = PLAYER_VARIABLES + GAME_VARIABLES
"""Every app-specific CSS variable; every theme defines all of them."""

BASE_COLORS: tuple[str, ...] = (
    "primary",
    "secondary",
    "accent",
    "foreground",
    "background",
    "surface",
    "panel",
    "warning",
    "error",
    "success",
)
"""Textual base colours a built-in theme must set (``boost`` is optional)."""

_OPTIONAL_COLORS: tuple[str, ...] = ("boost",)
_REQUIRED_TOP = ("name", "dark")
_REQUIRED_COLORS = ("primary", "foreground", "background")
_TOP_KEYS = (
    "name",
    "title",
    "dark",
    "ansi",
    "luminosity_spread",
    "text_alpha",
    "players",
    "colors",
    "game",
    "variables",
)
_ANSI_REQUIRED: dict[bool, dict[str, str]] = {
    # Textual's widget CSS uses these, and only non-ANSI colour systems generate them;
    # values follow Textual's own "ansi-dark" / "ansi-light" themes.
    True: {"ansi-background": "ansi_black", "ansi-foreground": "ansi_white"},
    False: {"ansi-background": "ansi_white", "ansi-foreground": "ansi_black"},
}
_NAME_RE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")
_VARIABLE_RE = re.compile(r"^[A-Za-z0-9_-]+$")

_DEFAULTS: dict[str, str] = {
    # Mid-luminance colours (WCAG relative luminance about 0.165): they keep a 3:1
    # contrast on dark and on light backgrounds, so Textual's own themes (picked from the
    # command palette) still show readable pieces.
    "player-1": "#D23631",
    "player-2": "#2A6FD2",
    "player-3": "#876F00",
    "player-4": "#258145",
    "player-5": "#9C4EC4",
    "board-bg": "transparent",
    "highlight": "#80808066",
    "legal": "#157E73",
    "neutral": "#717171",
    "inhabitant": "#BC4483",
    "energy": "#A0640F",
    "city-gold": "#967400",
    "city-silver": "#6E7C86",
    "city-bronze": "#B0642A",
    "city-iron": "#6F6A66",
    "city-royal": "#9C5BE0",
}


@dataclass
class MeepleTheme(Theme):
    """A Textual :class:`~textual.theme.Theme` with a human-readable title and its source."""

    title: str = ""
    """Label shown in the settings screen; falls back to the name."""

    source: str = ""
    """Where the theme came from (a file path or ``builtin:<file>``), for messages."""


class ThemeError(ValueError):
    """A theme file's data is invalid; ``str()`` names the source and every problem."""

    def __init__(self, source: str, problems: list[str]) -> None:
        """Record the source (file name) and the list of problems found in it."""
        self.source = source
        self.problems = list(problems)
        super().__init__(f"{source}: {'; '.join(self.problems)}")


def variable_defaults() -> dict[str, str]:
    """Defaults for Meeple's CSS variables, for ``App.get_theme_variable_defaults()``.

    They apply to themes that do not set the variables (Textual's built-in themes) and
    fill gaps in user themes. Player and marker colours are mid-luminance so they read on
    both dark and light backgrounds; ``board-bg`` is transparent (the screen shows
    through) and ``highlight`` is a translucent grey that works over either.
    """
    return dict(_DEFAULTS)


def player_colors(theme: Theme) -> list[str]:
    """The five player colours of ``theme`` (``player-1`` first), defaults filling gaps.

    Values are Textual colour strings: hex, or ``ansi_*`` names for ANSI themes. They
    work in Textual CSS and ``Content`` styles; for Rich objects convert them with
    ``textual.color.Color.parse(value).rich_color``.
    """
    return [theme.variables.get(name, _DEFAULTS[name]) for name in PLAYER_VARIABLES]


def theme_title(theme: Theme) -> str:
    """The human label of a theme: its ``title`` if it is a Meeple theme, else its name."""
    return getattr(theme, "title", "") or theme.name


def user_themes_dir() -> Path:
    """Where user themes are read from: ``<user config dir>/meeple/themes``."""
    return Path(platformdirs.user_config_dir("meeple")) / "themes"


def _suggest(key: str, allowed: tuple[str, ...] | list[str]) -> str:
    """A ``(did you mean ...?)`` hint for a mistyped key, or an empty string."""
    close = difflib.get_close_matches(key, list(allowed), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _check_color(label: str, value: Any, problems: list[str]) -> str | None:
    """Validate one colour value; append a problem and return None if it is bad."""
    if not isinstance(value, str):
        problems.append(f"{label} must be a colour string, not {type(value).__name__}")
        return None
    try:
        Color.parse(value.strip())
    except ColorParseError as exc:
        problems.append(f"{label}: {exc}")
        return None
    return value.strip()


def _check_table(label: str, value: Any, problems: list[str]) -> dict[str, Any] | None:
    """Validate that a TOML value is a table; append a problem otherwise."""
    if not isinstance(value, dict):
        problems.append(f"{label} must be a table ([{label}]), not {type(value).__name__}")
        return None
    return value


def _check_textual_variable(name: str, value: str) -> str | None:
    """Check an extra Textual variable the way Textual's CSS parser will use it.

    Variables named ``*-style`` are text styles (``"bold reverse"``); all others are
    colours, optionally with an alpha percentage (``"#81A1C1 35%"``).
    """
    prop = "text-style" if name.endswith("style") else "color"
    sheet = Stylesheet(variables={name: value})
    sheet.add_source(f"Widget {{ {prop}: ${name}; }}", read_from=("theme", ""))
    try:
        sheet.parse()
    except Exception:  # StylesheetError, or a tokenizer error on odd input
        kind = "a text style" if prop == "text-style" else "a colour"
        return f"variables.{name}: {value!r} is not {kind}"
    return None


def theme_from_toml(data: dict[str, Any], source: str, *, strict: bool = False) -> MeepleTheme:
    """Build a theme from parsed TOML ``data``; ``source`` names the file in errors.

    Args:
        data: The parsed TOML document (see :mod:`themes` for the format).
        source: File name or path used in error messages.
        strict: Require every base colour, every player colour and every game variable
            (used for built-in themes). Otherwise missing app variables get
            :func:`variable_defaults`.

    Raises:
        ThemeError: listing every problem found (missing keys, wrong types, bad colours,
            unknown keys, bad names).
    """
    problems: list[str] = []
    if not isinstance(data, dict):
        raise ThemeError(source, ["a theme file must be a TOML table"])

    for key in data:
        if key not in _TOP_KEYS:
            problems.append(f"unknown key {key!r}{_suggest(key, _TOP_KEYS)}")
    for key in _REQUIRED_TOP:
        if key not in data:
            problems.append(f"missing required key {key!r}")

    name = data.get("name")
    if "name" in data:
        if not isinstance(name, str):
            problems.append(f"name must be a string, not {type(name).__name__}")
            name = None
        elif not _NAME_RE.match(name):
            problems.append(
                f"name {name!r} must be 1-40 characters: lowercase letters, digits, '-' or"
                " '_', starting with a letter or digit"
            )
    title = data.get("title", name or "")
    if not isinstance(title, str):
        problems.append(f"title must be a string, not {type(title).__name__}")
        title = ""
    dark = data.get("dark", True)
    if not isinstance(dark, bool):
        problems.append(f"dark must be true or false, not {dark!r}")
        dark = True
    ansi = data.get("ansi", False)
    if not isinstance(ansi, bool):
        problems.append(f"ansi must be true or false, not {ansi!r}")
        ansi = False
    numbers: dict[str, float] = {}
    for key, default in (("luminosity_spread", 0.15), ("text_alpha", 0.95)):
        value = data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            problems.append(f"{key} must be a number, not {value!r}")
            value = default
        elif not 0.0 <= value <= 1.0:
            problems.append(f"{key} must be between 0 and 1, not {value!r}")
            value = default
        numbers[key] = float(value)

    # Base colours.
    colors: dict[str, str] = {}
    allowed_colors = BASE_COLORS + _OPTIONAL_COLORS
    table = _check_table("colors", data.get("colors", {}), problems)
    if "colors" not in data:
        problems.append("missing required table [colors]")
    if table is not None:
        for key, value in table.items():
            if key not in allowed_colors:
                problems.append(f"unknown colour colors.{key}{_suggest(key, allowed_colors)}")
                continue
            checked = _check_color(f"colors.{key}", value, problems)
            if checked is not None:
                colors[key] = checked
        required = BASE_COLORS if strict else _REQUIRED_COLORS
        if "colors" in data:
            for key in required:
                if key not in table:
                    problems.append(f"missing colour colors.{key}")

    # App variables: players and game colours.
    variables: dict[str, str] = {}
    players = data.get("players", [])
    if not isinstance(players, list):
        problems.append(f"players must be a list of colours, not {type(players).__name__}")
    elif len(players) > MAX_PLAYERS:
        problems.append(f"players lists {len(players)} colours; at most {MAX_PLAYERS}")
    else:
        if strict and len(players) < MAX_PLAYERS:
            problems.append(f"players lists {len(players)} colours; needs {MAX_PLAYERS}")
        for index, value in enumerate(players, start=1):
            checked = _check_color(f"players[{index}]", value, problems)
            if checked is not None:
                variables[f"player-{index}"] = checked
    game = _check_table("game", data.get("game", {}), problems)
    if game is not None:
        for key, value in game.items():
            if key not in GAME_VARIABLES:
                problems.append(f"unknown game colour game.{key}{_suggest(key, GAME_VARIABLES)}")
                continue
            checked = _check_color(f"game.{key}", value, problems)
            if checked is not None:
                variables[key] = checked
        if strict:
            for key in GAME_VARIABLES:
                if key not in game:
                    problems.append(f"missing game colour game.{key}")

    # Extra Textual variables (overrides for Textual's own design variables).
    extra: dict[str, str] = {}
    table = _check_table("variables", data.get("variables", {}), problems)
    if table is not None:
        for key, value in table.items():
            if key in APP_VARIABLES:
                where = "players" if key in PLAYER_VARIABLES else f"[game] {key}"
                problems.append(f"variables.{key} is a Meeple variable: set it in {where}")
            elif not _VARIABLE_RE.match(key):
                problems.append(f"variables.{key}: not a valid variable name")
            elif not isinstance(value, str):
                problems.append(f"variables.{key} must be a string, not {type(value).__name__}")
            elif (problem := _check_textual_variable(key, value)) is not None:
                problems.append(problem)
            else:
                extra[key] = value

    if problems:
        raise ThemeError(source, problems)

    assert isinstance(name, str)
    merged = {**_DEFAULTS, **variables, **extra}
    if ansi:
        merged = {**_ANSI_REQUIRED[dark], **merged}
    theme = MeepleTheme(
        name=name,
        primary=colors["primary"],
        secondary=colors.get("secondary"),
        warning=colors.get("warning"),
        error=colors.get("error"),
        success=colors.get("success"),
        accent=colors.get("accent"),
        foreground=colors.get("foreground"),
        background=colors.get("background"),
        surface=colors.get("surface"),
        panel=colors.get("panel"),
        boost=colors.get("boost"),
        dark=dark,
        luminosity_spread=numbers["luminosity_spread"],
        text_alpha=numbers["text_alpha"],
        variables=merged,
        ansi=ansi,
        title=title or name,
        source=source,
    )
    try:
        theme.to_color_system().generate()
    except Exception as exc:  # pragma: no cover - colours were validated above
        raise ThemeError(source, [f"Textual cannot build this theme: {exc}"]) from exc
    return theme


def _builtin_sources() -> list[tuple[str, str]]:
    """(file name, text) of every built-in theme file, sorted by file name."""
    root = files("themes")
    entries = [entry for entry in root.iterdir() if entry.name.endswith(".toml")]
    entries.sort(key=lambda entry: entry.name)
    return [(entry.name, entry.read_text(encoding="utf-8")) for entry in entries]


@functools.cache
def _builtin_themes() -> tuple[Theme, ...]:
    """The shipped themes, read and checked once per process (a server's sessions fork
    from a process that has already read them: reading and checking them again cost each
    session about 5 ms of its start)."""
    themes: list[Theme] = []
    for filename, text in _builtin_sources():
        source = f"builtin:{filename}"
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise ThemeError(source, [f"invalid TOML: {exc}"]) from exc
        themes.append(theme_from_toml(data, source, strict=True))
    themes.sort(key=lambda theme: (theme.name != DEFAULT_THEME, theme.name))
    return tuple(themes)


def load_builtin_themes() -> list[Theme]:
    """Load every theme shipped in the package, the default (``meeple-dark``) first.

    Built-ins are validated strictly; a broken built-in is a bug and raises
    :class:`ThemeError` (the test-suite loads them all). Each call returns new objects,
    which the caller may change.
    """
    return [dataclasses.replace(theme, variables=dict(theme.variables)) for theme in _builtin_themes()]


def load_user_themes(directory: Path | None = None) -> tuple[list[Theme], list[str]]:
    """Load user themes from ``directory`` (default :func:`user_themes_dir`).

    Reads ``*.toml`` in file-name order. Never raises: a file that cannot be read, is not
    valid TOML, fails validation, or reuses the name of a built-in (Meeple's or
    Textual's) or of an earlier user theme is skipped, with a message naming the file.

    Returns:
        The valid themes, and the messages about skipped files.
    """
    folder = user_themes_dir() if directory is None else Path(directory)
    themes: list[Theme] = []
    problems: list[str] = []
    try:
        paths = sorted(path for path in folder.glob("*.toml") if path.is_file())
    except OSError as exc:
        return [], [f"Could not read the theme folder {folder}: {exc}"]
    if not paths:
        return [], []
    try:
        reserved = {theme.name for theme in load_builtin_themes()}
    except ThemeError:  # pragma: no cover - a broken built-in is caught by the tests
        reserved = set()
    reserved |= set(TEXTUAL_BUILTIN_THEMES)
    seen: dict[str, Path] = {}
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8")
            data = tomllib.loads(text)
            theme = theme_from_toml(data, str(path))
        except (OSError, UnicodeDecodeError) as exc:
            problems.append(f"Skipped theme {path}: cannot read it ({exc})")
            continue
        except tomllib.TOMLDecodeError as exc:
            problems.append(f"Skipped theme {path}: invalid TOML ({exc})")
            continue
        except ThemeError as exc:
            problems.append(f"Skipped theme {exc}")
            continue
        except Exception as exc:  # pragma: no cover - never let user data crash start-up
            problems.append(f"Skipped theme {path}: {type(exc).__name__}: {exc}")
            continue
        if theme.name in reserved:
            problems.append(
                f"Skipped theme {path}: the name {theme.name!r} belongs to a built-in theme;"
                " choose another name"
            )
        elif theme.name in seen:
            problems.append(
                f"Skipped theme {path}: the name {theme.name!r} is already used by"
                f" {seen[theme.name]}"
            )
        else:
            seen[theme.name] = path
            themes.append(theme)
    return themes, problems
