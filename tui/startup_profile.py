"""Where a session process spends its CPU before its first screen (``MEEPLE_PROFILE``).

With ``MEEPLE_PROFILE=DIR`` in the environment of ``meeple serve`` (read when the zygote
imports :mod:`tui.session`, before any fork, since a forked child gets the session's own
environment), every session app writes ``DIR/PID.json``: the process CPU time (user +
system, its threads included) at each mark, from the fork (a forked child's CPU time
starts at zero) to its first screen drawn. With ``MEEPLE_PROFILE_CPROFILE=1`` as well, it
also runs :mod:`cProfile` over the same span and writes ``DIR/PID.prof`` (which makes the
times themselves about twice as long: use the marks without it for figures).
"""

from __future__ import annotations

import cProfile
import json
import os
import time
from pathlib import Path
from typing import Any

PROFILE_ENV = "MEEPLE_PROFILE"
CPROFILE_ENV = "MEEPLE_PROFILE_CPROFILE"


class StartupProfile:
    """CPU-time marks (and optionally a cProfile run) from a session's start to its first
    screen, written to ``folder`` once :meth:`finish` is called."""

    def __init__(self, folder: Path, with_cprofile: bool) -> None:
        """Start now (the first mark is "start")."""
        self.folder = folder
        self.marks: list[tuple[str, float]] = []
        self.done = False
        self.profiler = cProfile.Profile(time.process_time) if with_cprofile else None
        self.mark("start")
        if self.profiler is not None:
            self.profiler.enable()

    def mark(self, name: str) -> None:
        """Note the process's CPU time now under ``name`` (nothing once finished)."""
        if not self.done:
            self.marks.append((name, time.process_time()))

    def finish(self, screen: str) -> None:
        """The first screen (``screen``: "lobby" or "game") is drawn: write what was noted."""
        if self.done:
            return
        self.mark("first frame")
        self.done = True
        pid = os.getpid()
        if self.profiler is not None:
            self.profiler.disable()
            self.profiler.dump_stats(str(self.folder / f"{pid}.prof"))
        record: dict[str, Any] = {"pid": pid, "screen": screen, "marks": self.marks,
                                  "code": str(Path(__file__).resolve().parent.parent)}
        (self.folder / f"{pid}.json").write_text(json.dumps(record))


_FOLDER = os.environ.get(PROFILE_ENV, "")
_CPROFILE = os.environ.get(CPROFILE_ENV, "") not in ("", "0")


def start() -> StartupProfile | None:
    """A profile of this session's start if the zygote's (or this process's) environment
    asked for one, else None."""
    folder = _FOLDER or os.environ.get(PROFILE_ENV, "")
    if not folder:
        return None
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    return StartupProfile(path, _CPROFILE or os.environ.get(CPROFILE_ENV, "") not in ("", "0"))
