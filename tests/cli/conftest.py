"""The command-line tests' fixture: the terminal UI replaced by a recorder."""

from __future__ import annotations

import pytest

import tui.cli as cli
from tests.cli.helpers import AppRecorder


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> AppRecorder:
    """Replace the terminal UI with a recorder."""
    recorder = AppRecorder()
    monkeypatch.setattr(cli, "_run_app", recorder)
    return recorder
