"""Shared test set-up: isolated user folders and an environment that cannot leak in."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# NO_COLOR would change every snapshot; never clear all TEXTUAL_* (xdist state lives there).
os.environ.pop("NO_COLOR", None)


@pytest.fixture(autouse=True)
def user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the saves, settings, cache and crash-log folders at a fresh temporary directory."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path
