"""At start the app removes the temporary files killed writes left in its own folders."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path


def test_the_app_start_removes_what_killed_writes_left_in_its_folders() -> None:
    """Saves, settings and cache folders: every abandoned temporary file goes at start, the
    files themselves and a temporary file still being written stay."""
    import platformdirs

    from saves import saves_dir, settings_path
    from tui.app import MeepleApp

    folders = [saves_dir(), settings_path().parent, Path(platformdirs.user_cache_dir("meeple"))]
    left = []
    for folder, target in zip(folders, ["game.toml", "settings.toml", "verdicts.json"]):
        folder.mkdir(parents=True, exist_ok=True)
        (folder / target).write_text("kept")
        for n in range(3):
            path = folder / f".{target}.left{n:04d}.tmp"
            path.write_text("half")
            left.append(path)
    busy = saves_dir() / ".other.toml.busy1234.tmp"
    busy.write_text("half")
    fd = os.open(busy, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        MeepleApp()
        assert busy.exists()
    finally:
        os.close(fd)
    assert not any(path.exists() for path in left)
    assert all((folder / target).exists()
               for folder, target in zip(folders, ["game.toml", "settings.toml", "verdicts.json"]))


def test_an_ssh_session_app_leaves_the_host_s_folders_alone() -> None:
    """A session's app neither writes the host's settings nor tidies its folders (each of
    a hundred sessions would scan them at its start)."""
    from saves import saves_dir
    from tui.hub_app import HubApp

    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    left = folder / ".game.toml.left0000.tmp"
    left.write_text("half")
    HubApp("", "", connect=False)
    assert left.exists()
