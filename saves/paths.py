"""Where saves and settings live, and the slug names that save files use.

Saves live in ``platformdirs.user_data_dir("meeple")/saves/`` (``$XDG_DATA_HOME/meeple/saves``
on Linux) and settings in ``platformdirs.user_config_dir("meeple")/settings.toml``. Both are
looked up at call time, so changing ``XDG_DATA_HOME`` / ``XDG_CONFIG_HOME`` takes effect at
once (tests rely on this).

A save's *name* is its file stem and is always a slug: lowercase ASCII letters, digits and
single hyphens, at most :data:`MAX_SLUG_LENGTH` characters. Slugs can never hold a path
separator, a dot or a traversal, so a name can only ever point inside the saves folder.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import datetime
from pathlib import Path

import platformdirs

from saves.atomic import remove_stale_temps
from saves.checks import SaveError, os_problem

APP_NAME = "meeple"
SAVE_SUFFIX = ".toml"
MAX_SLUG_LENGTH = 64
FALLBACK_SLUG = "game"

_SLUG_RE = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_NOT_SLUG_CHARS = re.compile(r"[^a-z0-9]+")


def saves_dir() -> Path:
    """The default folder for save files (not created here)."""
    return Path(platformdirs.user_data_dir(APP_NAME)) / "saves"


def settings_path() -> Path:
    """The default settings file path (not created here)."""
    return Path(platformdirs.user_config_dir(APP_NAME)) / "settings.toml"


def cache_dir() -> Path:
    """The folder of what Meeple can work out again (the save verdicts; not created here)."""
    return Path(platformdirs.user_cache_dir(APP_NAME))


def remove_left_temps() -> int:
    """Remove what killed writes left in Meeple's own folders (saves, settings, cache):
    the temporary files no write holds any more (:func:`saves.atomic.remove_stale_temps`).
    Run at every start; returns how many went. Never raises."""
    folders = (saves_dir(), settings_path().parent, cache_dir())
    return sum(remove_stale_temps(folder) for folder in folders)


def is_slug(name: str) -> bool:
    """True if ``name`` is a valid save name (a slug of at most MAX_SLUG_LENGTH characters)."""
    return (
        isinstance(name, str)
        and 0 < len(name) <= MAX_SLUG_LENGTH
        and _SLUG_RE.fullmatch(name) is not None
    )


def slugify(text: str, max_length: int = MAX_SLUG_LENGTH) -> str:
    """Turn any text into a save name: ``"Quadropolis: Ada & Brook"`` → ``"quadropolis-ada-brook"``.

    Accented letters lose their accents, everything else that is not an ASCII letter or
    digit becomes a single hyphen. The result is never empty (``"game"`` stands in) and
    never longer than ``max_length`` (at least 1, at most :data:`MAX_SLUG_LENGTH`).
    """
    limit = max(1, min(int(max_length), MAX_SLUG_LENGTH))
    ascii_text = (
        unicodedata.normalize("NFKD", str(text)).encode("ascii", "ignore").decode("ascii").lower()
    )
    slug = _NOT_SLUG_CHARS.sub("-", ascii_text).strip("-")
    slug = slug[:limit].rstrip("-")
    if not slug:
        slug = FALLBACK_SLUG[:limit]
    return slug


def unique_name(base: str, directory: Path | str | None = None) -> str:
    """A slug made from ``base`` that no save in ``directory`` uses yet.

    ``"quadropolis"`` stays as is if free, else becomes ``"quadropolis-2"``,
    ``"quadropolis-3"``… The base is shortened if needed so the result stays a valid slug.
    Temporary files of interrupted writes do not count as saves. Raises :class:`SaveError`
    when the folder cannot be looked into (permission denied, a name too long...).
    """
    folder = Path(directory) if directory is not None else saves_dir()
    slug = slugify(base)
    if not _taken(folder / f"{slug}{SAVE_SUFFIX}"):
        return slug
    counter = 2
    while True:
        suffix = f"-{counter}"
        stem = slugify(slug, MAX_SLUG_LENGTH - len(suffix))
        candidate = f"{stem}{suffix}"
        if not _taken(folder / f"{candidate}{SAVE_SUFFIX}"):
            return candidate
        counter += 1


def _taken(path: Path) -> bool:
    """True if something is at ``path``; :class:`SaveError` if that cannot be known."""
    try:
        return path.exists()
    except (OSError, ValueError) as exc:
        raise SaveError(path, os_problem(exc, "look into the saves folder")) from None


def new_save_path(
    game_title: str,
    directory: Path | str | None = None,
    now: datetime | None = None,
) -> Path:
    """A fresh save path such as ``.../saves/quadropolis-2026-11-29-1412.toml``.

    The name is the slugged game title plus the local date and time (``now``, default the
    current local time); ``-2``, ``-3``… are added if that name is taken. Nothing is created.
    Raises :class:`SaveError` when the folder cannot be looked into.
    """
    folder = Path(directory) if directory is not None else saves_dir()
    moment = now if now is not None else datetime.now().astimezone()
    stamp = moment.strftime("%Y-%m-%d-%H%M")
    title = slugify(game_title, MAX_SLUG_LENGTH - len(stamp) - 4)
    return folder / f"{unique_name(f'{title}-{stamp}', folder)}{SAVE_SUFFIX}"
