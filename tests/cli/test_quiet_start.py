"""A host starts with exactly its own lines: no Python warning reaches the terminal.

`meeple serve` and `meeple web` run here as a host runs them, the console script of the
installed set in `.venv` (made from the lock), so a dependency that starts to warn at
import (cryptography 51's "DSA is deprecated", through asyncssh) fails these tests.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MEEPLE = Path(sys.executable).parent / "meeple"
READY = "Ctrl+C stops the server."


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_and_stop(args: list[str], home: Path) -> tuple[list[str], str, str, int]:
    """Start the installed ``meeple`` with ``args``, wait for its ready line, press Ctrl+C.

    Returns the lines up to the ready line, the rest of stdout, stderr and the exit code.
    """
    assert MEEPLE.exists(), f"{MEEPLE} is missing: run the suite with `make test`"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "PYTHONWARNINGS"))}
    for name in ("DATA", "CONFIG", "STATE", "CACHE"):
        env[f"XDG_{name}_HOME"] = str(home / name.lower())
    proc = subprocess.Popen([str(MEEPLE), *args], cwd=home, env=env, text=True,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    watchdog = threading.Timer(90, proc.kill)
    watchdog.start()
    try:
        assert proc.stdout is not None
        lines: list[str] = []
        while not lines or READY not in lines[-1]:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line.rstrip("\n"))
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        watchdog.cancel()
        if proc.poll() is None:
            proc.kill()
    assert lines and READY in lines[-1], (lines, out, err)
    return lines, out, err, proc.returncode


def test_meeple_serve_starts_and_stops_with_nothing_on_stderr(tmp_path: Path) -> None:
    port = free_port()
    lines, _, err, code = start_and_stop(["serve", "--port", str(port)], tmp_path)
    assert lines[0] == f"Meeple is serving on 127.0.0.1 port {port}."
    assert err == "" and code == 0


def test_meeple_web_starts_and_stops_with_nothing_on_stderr(tmp_path: Path) -> None:
    port = free_port()
    lines, _, err, code = start_and_stop(["web", "--port", str(port)], tmp_path)
    assert lines[0] == f"Browser players open:  http://127.0.0.1:{port}/"
    assert err == "" and code == 0


@pytest.mark.parametrize("asked, shown", [([], False), (["-W", "default"], True)])
def test_python_warnings_are_quiet_unless_asked_for(asked: list[str], shown: bool) -> None:
    script = ("import os, subprocess, sys, warnings\n"
              "from tui.cli import quiet_python_warnings\n"
              "quiet_python_warnings()\n"
              "warnings.warn('parent warns')\n"
              # A process Meeple starts (a session's app) inherits the setting.
              "subprocess.run([sys.executable, '-c', \"import warnings; warnings.warn('child warns')\"])\n")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONWARNINGS"}
    proc = subprocess.run([sys.executable, *asked, "-c", script], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert ("parent warns" in proc.stderr) is shown
    assert ("child warns" in proc.stderr) is shown
