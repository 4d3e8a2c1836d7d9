"""User settings in ``platformdirs.user_config_dir("meeple")/settings.toml``.

Loading never fails: a missing file gives the defaults silently; a broken file gives the
defaults plus a warning; unknown keys are ignored; a key with a wrong value falls back to
its default and is named in the warning. Saving is atomic like save files.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Callable

from core.levels import LEVELS
from saves.atomic import FileTooLarge, NotAFile, atomic_write, read_capped
from saves.checks import check_player_name, has_bad_chars, toml_shape_problem
from saves.paths import settings_path

MAX_SETTINGS_SIZE = 1024 * 1024
MAX_DEFAULT_NAMES = 10
DEFAULT_NAMES: tuple[str, ...] = ("Ada", "Brook", "Cyd", "Dee", "Eli")


@dataclass
class Settings:
    """The user's preferences."""

    theme: str = "meeple-dark"
    default_names: list[str] = field(default_factory=lambda: list(DEFAULT_NAMES))
    bot_level: str = "normal"
    confirm_end_turn: bool = False
    stop_at_scorings: bool = True  # a scoring during play is shown until closed
    hints: bool = True  # the coach's hint panel (h) on a human's turn
    play_only_move: bool = False
    """A person's turn with a single legal move is played for them at once (a pass for want
    of money, say): quicker, but it tells the table they had nothing else."""
    new_game: dict[str, Any] = field(default_factory=dict)
    """The new-game form's last choices: ``"last"`` the game id last used, and per game id
    ``{"players": n, "seats": ["human", "normal", …], "options": {key: value}}``."""


def _check_theme(value: Any) -> bool:
    return (
        isinstance(value, str)
        and 0 < len(value) <= 64
        and value == value.strip()
        and not has_bad_chars(value)
    )


def _check_names(value: Any) -> bool:
    return (
        isinstance(value, list)
        and 1 <= len(value) <= MAX_DEFAULT_NAMES
        and all(check_player_name(name) is None for name in value)
    )


MAX_REMEMBERED_GAMES = 16
MAX_FORM_SEATS = 16
_FORM_ID = re.compile(r"[a-z][a-z0-9_-]{0,39}")
_OPTION_KEY = re.compile(r"[A-Za-z0-9_-]{1,40}")


def _check_form_choices(value: Any) -> bool:
    if not isinstance(value, dict) or set(value) - {"players", "seats", "options"}:
        return False
    players, seats, options = value.get("players"), value.get("seats"), value.get("options", {})
    return (
        isinstance(players, int) and not isinstance(players, bool) and 1 <= players <= MAX_FORM_SEATS
        and isinstance(seats, list) and len(seats) <= MAX_FORM_SEATS
        and all(seat == "human" or seat in LEVELS for seat in seats)
        and isinstance(options, dict) and len(options) <= 64
        and all(isinstance(key, str) and _OPTION_KEY.fullmatch(key) for key in options)
        and all(isinstance(option, bool) or (isinstance(option, str) and len(option) <= 64
                                              and not has_bad_chars(option))
                for option in options.values())
    )


def _check_new_game(value: Any) -> bool:
    if not isinstance(value, dict) or len(value) > MAX_REMEMBERED_GAMES + 1:
        return False
    for key, item in value.items():
        if key == "last":
            if not (isinstance(item, str) and _FORM_ID.fullmatch(item)):
                return False
        elif not (isinstance(key, str) and _FORM_ID.fullmatch(key) and _check_form_choices(item)):
            return False
    return True


_CHECKS: dict[str, Callable[[Any], bool]] = {
    "theme": _check_theme,
    "default_names": _check_names,
    "bot_level": lambda value: isinstance(value, str) and value in LEVELS,
    "confirm_end_turn": lambda value: isinstance(value, bool),
    "stop_at_scorings": lambda value: isinstance(value, bool),
    "hints": lambda value: isinstance(value, bool),
    "play_only_move": lambda value: isinstance(value, bool),
    "new_game": _check_new_game,
}


def settings_problems(settings: Settings) -> list[str]:
    """Names of the fields of ``settings`` whose values are not valid."""
    return [f.name for f in fields(Settings) if not _CHECKS[f.name](getattr(settings, f.name))]


def load_settings(path: Path | str | None = None) -> tuple[Settings, str | None]:
    """Read settings from ``path`` (default: the user config file).

    Returns ``(settings, warning)``; ``warning`` is None unless something was wrong, in
    which case it says what and which defaults were used. Never raises.
    """
    file = Path(path) if path is not None else settings_path()
    defaults = Settings()
    try:
        data = read_capped(file, MAX_SETTINGS_SIZE)
    except FileNotFoundError:
        return defaults, None
    except FileTooLarge:
        return defaults, _broken(file, "the file is too large")
    except NotAFile:
        return defaults, _broken(file, "it is not a regular file")
    except OSError as exc:
        return defaults, _broken(file, f"it could not be read ({exc.strerror or exc})")
    try:
        text = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        return defaults, _broken(file, "it is not a text file")
    shape_problem = toml_shape_problem(text)
    if shape_problem is not None:
        return defaults, _broken(file, shape_problem.replace("Meeple saves", "settings"))
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return defaults, _broken(file, f"it is not valid TOML ({exc})")
    except (RecursionError, ValueError, TypeError, MemoryError) as exc:
        return defaults, _broken(file, f"it could not be parsed ({type(exc).__name__})")

    values: dict[str, Any] = {}
    bad: list[str] = []
    for f in fields(Settings):
        if f.name not in doc:
            continue
        value = doc[f.name]
        if _CHECKS[f.name](value):
            values[f.name] = list(value) if isinstance(value, list) else value
        else:
            bad.append(f.name)
    settings = Settings(**values)
    if bad:
        return settings, (
            f"Settings file '{file}': ignored invalid value for {', '.join(bad)}; "
            "using the default instead."
        )
    return settings, None


def _broken(file: Path, problem: str) -> str:
    return f"Settings file '{file}' could not be used ({problem}); using default settings."


def save_settings(settings: Settings, path: Path | str | None = None) -> str | None:
    """Atomically write ``settings`` to ``path`` (default: the user config file).

    Returns None on success or an error message (invalid values, disk full, permission
    denied); never raises, so a failing write cannot crash the app.
    """
    import tomli_w  # (here: only writing needs it, and every start-up reads the settings)

    file = Path(path) if path is not None else settings_path()
    bad = settings_problems(settings)
    if bad:
        return f"Settings not saved: invalid value for {', '.join(bad)}."
    doc = {
        "theme": settings.theme,
        "default_names": list(settings.default_names),
        "bot_level": settings.bot_level,
        "confirm_end_turn": settings.confirm_end_turn,
        "stop_at_scorings": settings.stop_at_scorings,
        "hints": settings.hints,
        "play_only_move": settings.play_only_move,
        "new_game": settings.new_game,
    }
    try:
        atomic_write(file, tomli_w.dumps(doc).encode("utf-8"))
    except OSError as exc:
        return f"Settings file '{file}' could not be written ({exc.strerror or exc})."
    return None
