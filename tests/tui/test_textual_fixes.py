"""The fixes of tui/textual_fixes.py are installed, and what they patch is still there in
Textual (an upgrade that moves it fails here: check whether the bug is fixed upstream)."""

from __future__ import annotations

import asyncio

from textual.app import App, ComposeResult
from textual.widgets import OptionList

import tui.app  # noqa: F401  (installs the fixes)
from tui import textual_fixes


def test_the_page_fix_is_installed_over_textuals_own() -> None:
    assert OptionList._move_page is textual_fixes._move_page
    assert textual_fixes._original_move_page.__qualname__ == "OptionList._move_page"


def test_paging_a_list_before_its_first_layout_does_nothing_and_after_it_pages() -> None:
    class Lists(App[None]):
        def compose(self) -> ComposeResult:
            yield OptionList(*[f"option {n}" for n in range(40)])

    async def main() -> None:
        app = Lists()
        async with app.run_test(size=(40, 10)) as pilot:
            options = app.query_one(OptionList)
            options._line_cache.clear()  # as before the first layout
            options.styles.display = "none"
            await pilot.pause()
            options.highlighted = 0
            options._move_page(1)  # Textual's: KeyError 0
            options.styles.display = "block"
            await pilot.pause()
            options.highlighted = 0
            options.action_page_down()
            assert (options.highlighted or 0) > 0

    asyncio.run(main())


def test_the_palette_search_fix_is_installed_over_textuals_own() -> None:
    from textual.command import CommandPalette

    assert CommandPalette._gather_commands.__wrapped__ is textual_fixes._gather_commands  # type: ignore[attr-defined]
    assert textual_fixes._original_gather.__qualname__ == "CommandPalette._gather_commands"
