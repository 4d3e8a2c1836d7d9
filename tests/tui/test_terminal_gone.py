"""The app leaves within 2 s of losing its terminal, in every state: the terminal is
watched by a thread of its own (``tui.terminal_watch``), not by a timer that a busy
event loop never reaches."""

from __future__ import annotations

import os
import tempfile
import threading
import time

import pytest

from bench.pty_keys import PtyChild, child_env, target_argv
from tui.terminal_watch import HUNG_UP, watch_terminal

RIGHT, LEFT = b"\x1b[C", b"\x1b[D"


def test_the_watch_asks_the_app_to_leave_then_ends_the_process_if_it_does_not() -> None:
    looks: list[float] = []
    left = threading.Event()
    ended: list[int] = []
    finished = threading.Event()

    def gone() -> bool:
        looks.append(time.monotonic())
        return len(looks) >= 3

    def end(code: int) -> None:
        ended.append(code)
        finished.set()

    watch_terminal(left.set, gone=gone, every=0.01, grace=0.05, end=end)
    assert finished.wait(5)
    assert left.is_set() and ended == [HUNG_UP] and len(looks) == 3


@pytest.mark.slow
@pytest.mark.parametrize("target, keys", [
    ("replay:quadropolis", [RIGHT] * 40 + [LEFT] * 40),  # a burst still being answered
    ("coach:council", [b"h"]),  # the coach thinking
    ("game:council", [b"\r", b"\r"]),  # a move played: the bot answers
])
def test_the_app_leaves_within_two_seconds_of_losing_its_terminal(target: str, keys: list[bytes]) -> None:
    argv = target_argv(target.removeprefix("game:"))
    with tempfile.TemporaryDirectory() as home, PtyChild(argv, 80, 24, child_env(home)) as child:
        child.settle("move" if target.startswith("replay") else "Moves")
        for key in keys:
            child.write(key)
        child.read(0.05)
        process = child.process
        assert process is not None
        os.close(child.master)  # the window closes: the terminal hangs up
        child.master = -1
        lost = time.monotonic()
        while process.poll() is None and time.monotonic() - lost < 5:
            time.sleep(0.02)
        took = time.monotonic() - lost
        assert process.poll() is not None, "still running 5 s after its terminal was gone"
        assert took <= 2.0, f"left {took:.2f} s after its terminal was gone"
