"""A second command palette is never opened over the first (Textual gives each the same
id, so the app stopped with DuplicateIds when a panel had opened over a palette)."""

from __future__ import annotations

import asyncio

from textual.command import CommandPalette

from tui.app import MeepleApp


def test_ctrl_p_over_a_panel_above_the_palette_opens_no_second_palette() -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+p")
            await pilot.pause()
            assert CommandPalette.is_open(app)
            # A panel opens over the palette (as a bot's scoring does during a game).
            from tui.screens.help import HelpScreen

            await app.push_screen(HelpScreen(app.screen_stack[0]))
            await pilot.pause()
            await pilot.press("ctrl+p")
            await pilot.pause()
            palettes = [s for s in app.screen_stack if isinstance(s, CommandPalette)]
            assert len(palettes) == 1 and app.return_code is None
            await pilot.press("escape")  # the panel closes: the palette is back, and works
            await pilot.pause()
            assert CommandPalette.is_open(app)
            await pilot.press("escape", "ctrl+p")
            await pilot.pause()
            assert CommandPalette.is_open(app)

    asyncio.run(main())
