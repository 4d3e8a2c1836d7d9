"""How many SSH sessions a host takes by default (``meeple serve --max-sessions``).

Light on purpose (``os`` only): the command line reads it to show the default in its help.
"""

from __future__ import annotations

import os

SESSIONS_PER_CORE = 50
"""Measured on a 2-core machine with 100 sessions open (bench/ssh_scale.py): an open
session's app idles at well under 1% of a core and one whose table is being played uses a
few % (it redraws at every move); its start, up to the first screen, costs about 0.4 s of
one core. Fifty per core leaves room for the moves and a burst of starts."""
SESSION_MEMORY = 32 * 1024 * 1024
"""Bytes counted per session: its app's proportional set size was about 22 MiB (the pages
shared with the zygote counted once), with room to spare for a game's history."""
MEMORY_SHARE = 0.5
"""The part of the machine's memory the sessions may take."""
LOWEST, HIGHEST = 10, 1000


def default_max_sessions(cores: int | None = None, memory: int | None = None) -> int:
    """Sessions at once: 50 per core, at most what half the memory holds at 32 MiB each,
    between 10 and 1000 (``cores`` and ``memory`` in bytes: this machine's by default)."""
    cores = cores or os.cpu_count() or 1
    if memory is None:
        try:
            memory = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
        except (ValueError, OSError, AttributeError):
            memory = 0
    by_cpu = cores * SESSIONS_PER_CORE
    by_memory = int(memory * MEMORY_SHARE // SESSION_MEMORY) if memory > 0 else by_cpu
    return max(LOWEST, min(HIGHEST, by_cpu, by_memory))
