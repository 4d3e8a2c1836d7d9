"""Loaded first by the coach's fork server (:mod:`tui.coach_runner`), never by the app.

The fork server and the children forked from it inherit the app's standard streams, which
are the player's terminal: anything they printed (a warning, a crash) would land raw in the
middle of the screen, and a read would steal the player's keys. Importing this module points
the server's standard input, output and error at the null device, for its children too.
"""

from __future__ import annotations

import os

_null = os.open(os.devnull, os.O_RDWR)
for _fd in (0, 1, 2):
    os.dup2(_null, _fd)
os.close(_null)
