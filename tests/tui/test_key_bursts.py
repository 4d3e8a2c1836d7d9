"""Keys typed in a burst are acted on as keys typed slowly: each once, in order.

Meeple runs in a real pseudo-terminal (the key-latency bench's harness); the same keys
are typed once 100 ms apart and once 1 ms apart with both cores kept busy by other
processes, and the screens they leave must be the same. Before keys were let through one
at a time (``tui.key_order``), a burst left the move filter reading "oran" instead of
"main" and the replay on another move than the one typed.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import tempfile
import time
from typing import Iterator

import pyte
import pytest

from bench.pty_keys import PtyChild, child_env, target_argv

COLS, ROWS = 80, 24
SLOW, FAST = 0.1, 0.001
SETTLED = 2.5  # quiet time after the last key before the screen is read

BACKSPACE, ENTER, ESCAPE = b"\x7f", b"\r", b"\x1b"
RIGHT, LEFT, DOWN = b"\x1b[C", b"\x1b[D", b"\x1b[B"

CASES: dict[str, tuple[str, str, list[bytes]]] = {
    # The filter: letters after "m" reach the box, Backspaces race nothing.
    "filter": ("council", "Moves",
               [b"m", *[bytes([c]) for c in b"orange to coast"], *[BACKSPACE] * 15,
                *[bytes([c]) for c in b"main"]]),
    # Enter on a balcony lists its moves; the next Enter plays the first of them.
    "enter enter": ("council", "Moves", [ENTER, ENTER]),
    # Down from the filter into the list, Enter plays, the e after it ends the turn.
    "filter down enter e": ("council", "Moves",
                            [b"m", *[bytes([c]) for c in b"elect"], DOWN, ENTER, b"e"]),
    # A held arrow key in the replay: ten steps on, ten back, then on again.
    "replay arrows": ("replay:quadropolis", "move", [*[RIGHT] * 10, *[LEFT] * 10, *[RIGHT] * 3]),
}


@contextlib.contextmanager
def busy_cores() -> Iterator[None]:
    """Both cores kept busy by other processes while the block runs."""
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
                for _ in range(os.cpu_count() or 2)]
    try:
        yield
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()


def type_keys(target: str, ready: str, keys: list[bytes], gap: float) -> list[str]:
    """Start ``target`` in a pseudo-terminal, type ``keys`` ``gap`` seconds apart and
    return its screen once it has been quiet for :data:`SETTLED` seconds."""
    screen = pyte.Screen(COLS, ROWS)
    stream = pyte.ByteStream(screen)
    with tempfile.TemporaryDirectory() as home, \
            PtyChild(target_argv(target), COLS, ROWS, child_env(home)) as child:
        stream.feed(child.settle(ready))
        for key in keys:
            child.write(key)
            deadline = time.monotonic() + gap
            while (left := deadline - time.monotonic()) > 0:
                stream.feed(child.read(left))
        # Settled: the characters on the screen unchanged for SETTLED seconds (a blinking
        # cursor in a text box keeps writing, but changes no character), at most a minute.
        shown = list(screen.display)
        steady_since = end = time.monotonic()
        while time.monotonic() - steady_since < SETTLED and time.monotonic() - end < 60:
            stream.feed(child.read(0.1))
            if screen.display != shown:
                shown = list(screen.display)
                steady_since = time.monotonic()
        return [line.rstrip() for line in shown]


@pytest.mark.slow
@pytest.mark.parametrize("case", list(CASES))
def test_a_burst_of_keys_on_a_busy_machine_does_what_slow_keys_do(case: str) -> None:
    target, ready, keys = CASES[case]
    slow = type_keys(target, ready, keys, SLOW)
    with busy_cores():
        fast = type_keys(target, ready, keys, FAST)
    differ = [f"slow: {s!r}\nfast: {f!r}" for s, f in zip(slow, fast) if s != f]
    assert not differ, "\n".join(differ)
