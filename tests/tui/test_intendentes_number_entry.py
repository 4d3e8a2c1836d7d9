"""The number entry (Intendentes' bids): steps clamped to the range, typed amounts,
refused out-of-range amounts, Enter and Escape as messages, its keys in the key bar."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.app import App, ComposeResult

from tui.widgets.key_bar import KeyBar
from tui.widgets.number_entry import NumberEntry

CSS = Path(__file__).parents[2] / "tui" / "widgets" / "number_entry.tcss"


class Probe(App[None]):
    """One entry (and the key bar), noting what it posts."""

    CSS_PATH = str(CSS)

    def __init__(self) -> None:
        super().__init__()
        self.submitted: list[int] = []
        self.cancelled = 0

    def compose(self) -> ComposeResult:
        yield NumberEntry("Bid", "$", "Bid", id="entry")
        yield KeyBar()

    def on_mount(self) -> None:
        entry = self.query_one(NumberEntry)
        entry.set_range(7, 23, 9)
        entry.focus()

    def on_number_entry_submitted(self, event: NumberEntry.Submitted) -> None:
        self.submitted.append(event.value)

    def on_number_entry_cancelled(self, event: NumberEntry.Cancelled) -> None:
        self.cancelled += 1


def line(entry: NumberEntry) -> str:
    return entry.text().plain


def test_arrows_and_pages_change_the_amount_within_the_range() -> None:
    async def main() -> None:
        app = Probe()
        async with app.run_test(size=(80, 5)) as pilot:
            entry = app.query_one(NumberEntry)
            await pilot.pause()
            assert line(entry) == "Bid $  9   legal $7–$23"
            await pilot.press("up")
            assert entry.value == 10
            await pilot.press("down", "down", "down", "down", "down")
            assert entry.value == 7, "never below the lowest"
            await pilot.press("pageup", "pageup")
            assert entry.value == 17
            await pilot.press("pageup", "pageup")
            assert entry.value == 23, "never above the highest"
            await pilot.press("pagedown")
            assert entry.value == 18
            await pilot.press("home")
            assert entry.value == 7
            await pilot.press("end")
            assert entry.value == 23
            await pilot.press("enter")
            await pilot.pause()
            assert app.submitted == [23]

    asyncio.run(main())


def test_typed_amounts_and_backspace() -> None:
    async def main() -> None:
        app = Probe()
        async with app.run_test(size=(80, 5)) as pilot:
            entry = app.query_one(NumberEntry)
            await pilot.press("1", "5")
            assert entry.typed == "15" and entry.value == 15
            assert line(entry) == "Bid $ 15   legal $7–$23"
            await pilot.press("backspace")
            assert entry.typed == "1" and entry.value == 15, "1 is not legal: the value stays"
            assert "below the lowest, $7" in line(entry)
            await pilot.press("2", "enter")
            await pilot.pause()
            assert app.submitted == [12]
            assert entry.typed == "" and entry.value == 12
            # Backspace with nothing typed edits the amount shown.
            await pilot.press("backspace")
            assert entry.typed == "1"
            await pilot.press("up")
            assert entry.typed == "" and entry.value == 7, "an arrow steps from the typed amount, clamped"

    asyncio.run(main())


def test_an_amount_out_of_range_is_told_and_not_submitted() -> None:
    async def main() -> None:
        app = Probe()
        async with app.run_test(size=(80, 5)) as pilot:
            entry = app.query_one(NumberEntry)
            await pilot.press("3", "0")
            assert "$30 is above the highest, $23" in line(entry)
            await pilot.press("enter")
            await pilot.pause()
            assert app.submitted == [], "an illegal amount is never submitted"
            assert entry.refused and line(entry).startswith("Bid $ 30   ✗ $30 is above")
            await pilot.press("3")
            assert entry.typed == "303" and not entry.refused
            await pilot.press("backspace", "backspace", "backspace", "4")
            assert "$4 is below the lowest, $7" in line(entry)
            await pilot.press("enter")
            await pilot.pause()
            assert app.submitted == []
            await pilot.press("backspace", "2", "0", "enter")
            await pilot.pause()
            assert app.submitted == [20]

    asyncio.run(main())


def test_escape_cancels_and_the_keys_show_in_the_key_bar() -> None:
    async def main() -> None:
        app = Probe()
        async with app.run_test(size=(80, 5)) as pilot:
            entry = app.query_one(NumberEntry)
            await pilot.press("2", "escape")
            await pilot.pause()
            assert app.cancelled == 1 and app.submitted == []
            assert entry.typed == "" and entry.value == 9
            bar = app.query_one(KeyBar)
            bar.show_keys()
            shown = str(bar.render())
            for part in ("↑↓ ±$1", "PgUp/Dn ±$5", "0-9 Type", "Bid", "Cancel"):
                assert part in shown, (part, shown)

    asyncio.run(main())


def test_a_new_range_keeps_a_legal_amount_and_an_empty_range_submits_nothing() -> None:
    async def main() -> None:
        app = Probe()
        async with app.run_test(size=(80, 5)) as pilot:
            entry = app.query_one(NumberEntry)
            entry.set_range(8, 30)
            assert entry.value == 9
            entry.set_range(12, 30)
            assert entry.value == 12
            entry.set_range(5, 5)
            assert line(entry) == "Bid $ 5   legal $5"
            entry.set_range(6, 5)
            assert not entry.has_range
            await pilot.press("enter")
            await pilot.pause()
            assert app.submitted == []
            assert "no amount is possible" in line(entry)

    asyncio.run(main())
