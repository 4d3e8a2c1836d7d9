"""The SSH server's host key: made on first start, kept private, read back after.

The default key lives in the user data dir (``$XDG_DATA_HOME/meeple/ssh_host_ed25519_key``,
mode 0600), next to the saves; ``meeple serve --host-key FILE`` uses a key of the host's
own instead (it must exist). Players see the key's SHA256 fingerprint the first time they
connect, which is why ``meeple serve`` prints it: the host can tell them what to expect.
"""

from __future__ import annotations

import os
from pathlib import Path

import asyncssh
import platformdirs

from saves.paths import APP_NAME

HOST_KEY_NAME = "ssh_host_ed25519_key"


class HostKeyError(Exception):
    """The host key could not be read or made: ``str(error)`` is one line saying why."""


def default_host_key_path() -> Path:
    """Where ``meeple serve`` keeps its own host key (looked up at call time)."""
    return Path(platformdirs.user_data_dir(APP_NAME)) / HOST_KEY_NAME


def load_host_key(path: Path | None = None) -> tuple[asyncssh.SSHKey, Path, bool]:
    """The host key, its file, and whether it was made just now.

    With ``path`` None the default key is read, or made (ed25519) and written with mode
    0600 when there is none yet. A given ``path`` must hold a private key.
    Raises :class:`HostKeyError` with a one-line reason.
    """
    if path is None:
        path = default_host_key_path()
        if not path.exists():
            return _make_key(path), path, True
    try:
        key = asyncssh.read_private_key(path)
    except OSError as exc:
        raise HostKeyError(f"the host key {path} could not be read ({exc.strerror or exc})") from None
    except (asyncssh.KeyImportError, ValueError) as exc:
        raise HostKeyError(f"the host key {path} is not a private key this server can use ({exc})") from None
    return key, path, False


def _make_key(path: Path) -> asyncssh.SSHKey:
    """A new ed25519 key written to ``path`` (mode 0600, never over an existing file)."""
    key = asyncssh.generate_private_key("ssh-ed25519", comment="meeple serve")
    data = key.export_private_key()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.write(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as exc:
        raise HostKeyError(f"the host key {path} could not be written ({exc.strerror or exc})") from None
    return key


def fingerprint(key: asyncssh.SSHKey) -> str:
    """The key's SHA256 fingerprint as ssh shows it: ``SHA256:...``."""
    return key.get_fingerprint("sha256")
