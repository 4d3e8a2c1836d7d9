"""Shared fixtures for theme tests."""

from __future__ import annotations

import pytest
from textual.theme import Theme

from themes import load_builtin_themes


@pytest.fixture(scope="session")
def builtins() -> dict[str, Theme]:
    """Built-in themes keyed by name."""
    return {theme.name: theme for theme in load_builtin_themes()}
