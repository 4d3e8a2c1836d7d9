"""Meeple's version constant is the version pyproject.toml gives the package."""

from __future__ import annotations

import tomllib
from pathlib import Path

from core import __version__
from saves.format import app_version

ROOT = Path(__file__).resolve().parents[1]


def test_version_constant_is_the_package_version() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert __version__ == project["version"]


def test_saves_record_the_constant() -> None:
    assert app_version() == __version__
