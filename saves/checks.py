"""Checks of untrusted text, and the error a file problem is reported with.

The small part of the save format that settings and save names need too: whether text
holds control characters (:func:`has_bad_chars`), whether a player name is valid
(:func:`check_player_name`), whether a TOML text is safe to parse
(:func:`toml_shape_problem`), :class:`SaveError` and :func:`os_problem`. Reading the
settings at start-up imports this module, not :mod:`saves.format` with its dataclasses,
hashing and JSON; :mod:`saves.format` re-exports every name here.
"""

from __future__ import annotations

import errno
import functools
import re
from pathlib import Path

MAX_DEPTH = 48
"""Deepest nesting of lists/tables allowed inside states and actions."""

MAX_KEY_PARTS = 8
"""Most dotted parts allowed in a ``a.b.c = ...`` key (tomli_w never writes dotted keys)."""

MAX_NAME_LENGTH = 40
"""Longest player name, in characters."""

_KEY_PART = r"""(?:[A-Za-z0-9_-]++|"(?:[^"\\\n]|\\.)*+"|'[^'\n]*+')"""
_KEY_SEP = r"[ \t]*+\.[ \t]*+"
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2028\u2029")


@functools.cache
def _deep_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The pre-scan's two patterns, compiled when first needed (the second costs ~9 ms,
    which every start-up paid before: it is only needed when a save is read)."""
    keys = re.compile(rf"^[ \t]*+(?:{_KEY_PART}{_KEY_SEP}){{{MAX_KEY_PARTS},}}", re.M)
    headers = re.compile(rf"^[ \t]*+\[\[?+[ \t]*+(?:{_KEY_PART}{_KEY_SEP}){{{MAX_DEPTH + 4},}}", re.M)
    return keys, headers


class SaveError(OSError):
    """A save file could not be read, written, found or deleted.

    ``path`` is the file concerned (may be None), ``problem`` the reason in plain words;
    ``str(error)`` combines both, e.g. ``Save file 'x.toml': the file is empty.``
    It is an ``OSError`` (a problem with a file), so file-error handlers catch it too.
    """

    def __init__(self, path: Path | str | None, problem: str) -> None:
        self.path = Path(path) if path is not None else None
        self.problem = problem
        super().__init__(self._message())

    def _message(self) -> str:
        text = self.problem.rstrip()
        if text and text[-1] not in ".!?":
            text += "."
        if self.path is None:
            return text[:1].upper() + text[1:]
        return f"Save file '{self.path.name}': {text}"

    def __str__(self) -> str:
        return self._message()

    def __reduce__(self) -> tuple[type["SaveError"], tuple[Path | None, str]]:
        return (type(self), (self.path, self.problem))


def os_problem(exc: BaseException, action: str) -> str:
    """Plain words for an OS error met trying to ``action`` (e.g. ``"read the file"``).

    A ``ValueError`` counts too: the OS functions raise it for a name holding a NUL character.
    """
    if isinstance(exc, ValueError):
        return f"the file name is not valid ({str(exc)[:80]})"
    if isinstance(exc, PermissionError):
        return f"permission to {action} was denied"
    if isinstance(exc, OSError) and exc.errno == errno.ENAMETOOLONG:
        return "the file name is too long for this system"
    reason = (exc.strerror if isinstance(exc, OSError) else None) or str(exc) or type(exc).__name__
    return f"could not {action} ({reason})"


def toml_shape_problem(text: str) -> str | None:
    """Why ``text`` would be too costly to parse, or None.

    ``tomllib`` takes time quadratic in the number of parts of a dotted key, so a small
    hostile file could hang the app for hours. This linear pre-scan refuses keys with more
    than :data:`MAX_KEY_PARTS` parts and table names nested deeper than saves ever are.
    """
    deep_keys, deep_headers = _deep_patterns()
    if deep_keys.search(text):
        return f"it uses keys with more than {MAX_KEY_PARTS} dotted parts, which Meeple saves never have"
    if deep_headers.search(text):
        return "its table names are nested too deeply for a Meeple save"
    return None


def has_bad_chars(text: str) -> bool:
    """True if ``text`` holds control characters, bidi overrides or line separators."""
    return any(
        ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 or ch in _BIDI_CONTROLS or 0xD800 <= ord(ch) < 0xE000
        for ch in text
    )


def check_player_name(name: object) -> str | None:
    """Why ``name`` cannot be a player name in a save, or None if it is fine.

    A name is 1–40 characters of printable text without ``/`` or ``\\`` and without
    surrounding spaces. The new-game screen should apply the same rule to typed names.
    """
    if not isinstance(name, str):
        return "a player name must be text"
    if len(name) > MAX_NAME_LENGTH:
        return f"player name is longer than {MAX_NAME_LENGTH} characters"
    if not name.strip():
        return "a player name cannot be empty"
    if name != name.strip():
        return f"player name {name!r} starts or ends with spaces"
    if has_bad_chars(name):
        return f"player name {name!r} contains control characters"
    if "/" in name or "\\" in name:
        return f"player name {name!r} contains a slash (it looks like a file path)"
    return None
