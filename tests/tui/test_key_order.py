"""The key order (tui/key_order.py) on its own: keys wait in order behind the one being
handled, and the private Textual flag it reads still says whether a key was stopped."""

from __future__ import annotations

import asyncio

from textual import events
from textual.app import App

from tui.key_order import KeyOrder, stopped


def test_the_stopped_flag_follows_textuals_stop() -> None:
    key = events.Key("a", "a")
    assert not stopped(key)
    key.stop()
    assert stopped(key)


def test_keys_wait_in_order_behind_the_one_being_handled() -> None:
    handled: list[str] = []

    async def main() -> None:
        app: App[None] = App()
        async with app.run_test() as pilot:
            async def handle(event: events.Key) -> None:
                handled.append(event.key)

            order = KeyOrder(app, handle)
            first, second, third = (events.Key(k, k) for k in "abc")
            assert order.admit(first)
            assert not order.admit(second) and not order.admit(third)
            order.sent(first, None)  # a priority binding took it: done
            await pilot.pause()
            assert handled == ["b"] and order.current is second
            order.bubbled_up(second)
            await pilot.pause()
            assert handled == ["b", "c"]
            order.sent(third, None)
            await pilot.pause()
            assert order.current is None and not order.waiting
            assert order.admit(events.Key("d", "d"))  # nothing waits: straight through

    asyncio.run(main())
