"""``meeple serve`` argument errors: one line and exit 2 (1 for a port in use), no traceback.

The checks run in-process through :func:`tui.cli.main`; a port in use is tried in a
subprocess, where the server really starts (hub, zygote) and must give up cleanly.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import asyncssh
import pytest

from tui.cli import main

ROOT = Path(__file__).resolve().parents[2]


def serve_error(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """The error line of ``meeple serve ARGS``, which must exit with code 2."""
    with pytest.raises(SystemExit) as exit_info:
        main(["serve", *args])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    first = err.splitlines()[0]
    assert first.startswith("meeple serve: error: ")
    return first


@pytest.mark.parametrize("port", ["0", "65536", "-1"])
def test_a_port_out_of_range(capsys: pytest.CaptureFixture[str], port: str) -> None:
    assert f"--port must be between 1 and 65535, not {port}" in serve_error(capsys, "--port", port)


def test_a_port_that_is_not_a_number(capsys: pytest.CaptureFixture[str]) -> None:
    assert "invalid int value" in serve_error(capsys, "--port", "ssh")


def test_limits(capsys: pytest.CaptureFixture[str]) -> None:
    assert "--max-sessions must be between 1 and 1000" in serve_error(capsys, "--max-sessions", "0")
    assert "--idle-timeout must be more than 0" in serve_error(capsys, "--idle-timeout", "0")
    assert "--idle-timeout must be more than 0" in serve_error(capsys, "--idle-timeout", "nan")


def test_a_host_key_that_is_missing_or_not_a_key(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "nothing"
    assert f"the host key {missing} could not be read" in serve_error(capsys, "--host-key", str(missing))
    junk = tmp_path / "junk"
    junk.write_text("not a key\n")
    assert "is not a private key" in serve_error(capsys, "--host-key", str(junk))
    assert "could not be read" in serve_error(capsys, "--host-key", str(tmp_path))  # a folder


def test_authorized_keys_that_are_missing_bad_or_empty(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "nothing"
    assert "the authorized keys" in serve_error(capsys, "--authorized-keys", str(missing))
    bad = tmp_path / "bad"
    bad.write_text("ssh-ed25519 AAAAnotbase64 someone\n")
    assert "are not valid" in serve_error(capsys, "--authorized-keys", str(bad))
    empty = tmp_path / "empty"
    empty.write_text("# nobody yet\n\n")
    assert "hold no key" in serve_error(capsys, "--authorized-keys", str(empty))


def test_the_default_host_key_is_made_once_and_kept_private(user_dirs: Path) -> None:
    from net.hostkey import default_host_key_path, load_host_key

    key, path, new = load_host_key()
    assert new and path == default_host_key_path() and path.is_relative_to(user_dirs)
    assert path.stat().st_mode & 0o777 == 0o600
    again, _, new_again = load_host_key()
    assert not new_again
    assert again.export_public_key() == key.export_public_key()


def test_a_port_in_use_is_one_line_and_exit_1(tmp_path: Path) -> None:
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    key = tmp_path / "host_key"
    asyncssh.generate_private_key("ssh-ed25519").write_private_key(str(key))
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "tui.cli", "serve", "--port", str(port), "--host-key", str(key)],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
            stdin=subprocess.DEVNULL)
    finally:
        taken.close()
    assert proc.returncode == 1, proc.stderr
    assert proc.stderr.strip().splitlines() == [
        f"meeple serve: error: port {port} on 127.0.0.1 is in use (is another server running? try --port)"]


def test_the_default_max_sessions_suits_the_machine() -> None:
    from net.limits import default_max_sessions
    from tui.cli import build_parser

    gib = 1 << 30
    assert default_max_sessions(2, 24 * gib) == 100  # 50 per core
    assert default_max_sessions(2, 2 * gib) == 32  # half of the memory at 32 MiB each
    assert default_max_sessions(1, gib // 4) == 10  # never below 10...
    assert default_max_sessions(64, 1024 * gib) == 1000  # ...nor above what --max-sessions takes
    args = build_parser().parse_args(["serve"])
    assert args.max_sessions == default_max_sessions()
