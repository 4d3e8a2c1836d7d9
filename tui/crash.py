"""The crash log: details of unexpected errors go to a file, the player gets one line."""

from __future__ import annotations

import traceback
from pathlib import Path

import platformdirs


def crash_log_path() -> Path:
    """Where crash details are appended (``$XDG_STATE_HOME/meeple/crash.log`` on Linux)."""
    return Path(platformdirs.user_state_dir("meeple")) / "crash.log"


def write_crash_log(error: BaseException) -> Path | None:
    """Append ``error`` with its traceback to the crash log; its path, or None if unwritable."""
    path = crash_log_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as log:
            log.write("".join(traceback.format_exception(error)))
    except OSError:
        return None
    return path
