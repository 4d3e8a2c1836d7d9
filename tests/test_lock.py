"""The locked install: every package `make play` and `make test` bring is pinned with hashes.

``requirements/app.txt`` and ``requirements/test.txt`` are the whole resolved sets
(``make lock``); pyproject.toml keeps the direct pins. These tests check the locks agree
with each other and with pyproject.toml, and that the ``.venv`` the suite runs in holds
exactly what the test lock says.
"""

from __future__ import annotations

import re
import sys
import tomllib
from importlib.metadata import distributions
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
APP_LOCK = ROOT / "requirements" / "app.txt"
TEST_LOCK = ROOT / "requirements" / "test.txt"

NOT_FROM_THE_LOCK = {"pip", "meeple"}
"""The venv's own installer (it comes with Python's ``venv``) and Meeple itself."""

_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)")


def normal(name: str) -> str:
    """A distribution name as the package index compares them (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(lock: Path) -> dict[str, str]:
    """Each package of a lock file and its version; every one must carry a hash."""
    found: dict[str, str] = {}
    current: str | None = None
    hashed: set[str] = set()
    for line in lock.read_text(encoding="utf-8").splitlines():
        match = _PIN.match(line)
        if match:
            current = normal(match.group(1))
            assert current not in found, f"{lock.name}: {current} is pinned twice"
            found[current] = match.group(2)
        elif line.strip().startswith("--hash=sha256:") and current is not None:
            hashed.add(current)
        elif line.strip() and not line.lstrip().startswith("#"):
            assert line.startswith(" "), f"{lock.name}: a line that is not a pin: {line!r}"
    assert found, f"{lock.name} pins nothing"
    assert hashed == set(found), f"{lock.name}: no hash for {sorted(set(found) - hashed)}"
    return found


def direct_pins(extra: str | None = None) -> dict[str, str]:
    """pyproject.toml's exact pins: the runtime ones, or an extra's."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    listed = project["dependencies"] if extra is None else project["optional-dependencies"][extra]
    found: dict[str, str] = {}
    for requirement in listed:
        match = _PIN.match(requirement)
        assert match, f"pyproject.toml: {requirement!r} is not an exact pin"
        found[normal(match.group(1))] = match.group(2)
    return found


def test_the_test_lock_holds_the_app_lock_at_the_same_versions() -> None:
    app, test = pins(APP_LOCK), pins(TEST_LOCK)
    assert {name: test.get(name) for name in app} == app


def test_the_locks_keep_pyproject_toml_s_pins() -> None:
    app, test = pins(APP_LOCK), pins(TEST_LOCK)
    runtime = direct_pins()
    assert {name: app.get(name) for name in runtime} == runtime
    extras = direct_pins("test")
    assert {name: test.get(name) for name in extras} == extras
    assert "setuptools" in app, "the build backend is locked too (installs use --no-build-isolation)"


def test_every_installed_distribution_is_in_the_lock_at_its_version() -> None:
    if Path(sys.prefix).resolve() != (ROOT / ".venv").resolve():
        pytest.skip("runs in the project's .venv, which `make test` makes from the lock")
    locked = pins(TEST_LOCK)
    installed = {normal(d.metadata["Name"]): d.version for d in distributions()}
    strays = {name: version for name, version in installed.items()
              if name not in NOT_FROM_THE_LOCK and locked.get(name) != version}
    assert strays == {}, "installed but not in requirements/test.txt at that version"
    missing = sorted(set(locked) - set(installed))
    assert missing == [], "in the lock but not installed"
