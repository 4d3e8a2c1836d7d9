"""The game log wraps its lines to its own width, again whenever that changes (a line
written while the hint panel squeezed the log stayed in 10-column pieces)."""

from __future__ import annotations

import asyncio

from textual.app import App, ComposeResult

from core.table import LogEntry, Seat
from tui.widgets.game_log import GameLog

SEATS = (Seat(0, "Ada"), Seat(1, "Brook"))
TEXT = "Takes Architect 4 to E2 and builds a Shop in her city"


class LogApp(App[None]):
    CSS = "GameLog { width: 12; height: 20; }"

    def compose(self) -> ComposeResult:
        yield GameLog(id="log")


def test_lines_written_narrow_are_wrapped_again_when_the_log_widens() -> None:
    async def main() -> None:
        app = LogApp()
        async with app.run_test(size=(80, 24)) as pilot:
            log = app.query_one(GameLog)
            await pilot.pause()
            log.show_entries([LogEntry(seat=0, action=None, text=TEXT, barrier=False)], SEATS)
            await pilot.pause()
            narrow = len(log.lines)
            assert narrow > 3
            log.styles.width = 70
            await pilot.pause()
            await pilot.pause()
            assert len(log.lines) == 1  # "A Ada: Takes ..." fits in 70 columns
            assert log.lines[0].text.startswith(f"A Ada: {TEXT}")
            log.styles.width = 12
            await pilot.pause()
            await pilot.pause()
            assert len(log.lines) == narrow

    asyncio.run(main())
