"""The examples in the docstrings of the small pure helpers are run as tests."""

from __future__ import annotations

import doctest
import importlib

import pytest

# Modules whose doctests are checked (``counted``/``visible``, ``rank_by``, ``ordinal``,
# ``template``, the scores panel's ``cell``, the menu's ``wrap_titles``, the scoreboard's
# ``score_text``).
MODULES = ["core.words", "core.engine", "tui.screens.game_over", "tui.text", "tui.screens.standings", "tui.screens.menu",
           "tui.widgets.scoreboard"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no doctest examples"
    assert result.failed == 0, f"{result.failed} of {result.attempted} doctest examples failed in {name}"
