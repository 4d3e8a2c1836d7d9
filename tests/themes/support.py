"""Helpers shared by the theme tests."""

from __future__ import annotations

import tomllib
from importlib.resources import files
from typing import Any

BUILTIN_NAMES = [
    "meeple-dark",
    "meeple-light",
    "meeple-high-contrast",
    "meeple-okabe-ito",
    "meeple-ansi16",
]
"""The built-in themes the design requires."""


def builtin_raw() -> dict[str, dict[str, Any]]:
    """The parsed TOML of every built-in theme file, keyed by theme name."""
    raw: dict[str, dict[str, Any]] = {}
    for entry in files("themes").iterdir():
        if entry.name.endswith(".toml"):
            data = tomllib.loads(entry.read_text(encoding="utf-8"))
            raw[data["name"]] = data
    return raw
