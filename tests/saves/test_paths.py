"""Slugs, unique names, default folders and name resolution."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from saves import (
    SaveError,
    is_slug,
    new_save_path,
    resolve_save,
    save_path,
    saves_dir,
    settings_path,
    slugify,
    unique_name,
)
from saves.paths import MAX_SLUG_LENGTH


@given(st.text())
@settings(max_examples=300, deadline=None)
def test_slugify_never_yields_separators_dots_or_empty(text: str) -> None:
    slug = slugify(text)
    assert slug
    assert "/" not in slug and "\\" not in slug and "." not in slug
    assert len(slug) <= MAX_SLUG_LENGTH
    assert is_slug(slug)
    assert slugify(slug) == slug


@given(st.text(), st.integers(min_value=-5, max_value=200))
@settings(max_examples=100, deadline=None)
def test_slugify_respects_any_length_bound(text: str, limit: int) -> None:
    slug = slugify(text, limit)
    assert is_slug(slug)
    assert len(slug) <= max(1, min(limit, MAX_SLUG_LENGTH))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Quadropolis", "quadropolis"),
        ("Quadropolis: Ada & Brook", "quadropolis-ada-brook"),
        ("Ünïcödé Çity", "unicode-city"),
        ("../../etc/passwd", "etc-passwd"),
        ("C:\\Windows\\system32", "c-windows-system32"),
        ("...", "game"),
        ("", "game"),
        ("   ", "game"),
        ("日本語", "game"),
        ("a" * 500, "a" * MAX_SLUG_LENGTH),
        ("--x--y--", "x-y"),
    ],
)
def test_slugify_examples(text: str, expected: str) -> None:
    assert slugify(text) == expected


@pytest.mark.parametrize(
    ("name", "ok"),
    [
        ("quadropolis-2026-11-29-1412", True),
        ("a", True),
        ("", False),
        ("A", False),
        ("a--b", False),
        ("-a", False),
        ("a.toml", False),
        ("../x", False),
        ("a/b", False),
        ("a" * (MAX_SLUG_LENGTH + 1), False),
    ],
)
def test_is_slug(name: str, ok: bool) -> None:
    assert is_slug(name) is ok


def test_unique_name_adds_counters(folder: Path) -> None:
    assert unique_name("Pig", folder) == "pig"
    (folder / "pig.toml").write_text("x")
    assert unique_name("Pig", folder) == "pig-2"
    (folder / "pig-2.toml").write_text("x")
    (folder / "pig-3.toml").write_text("x")
    assert unique_name("pig", folder) == "pig-4"


def test_unique_name_stays_within_bounds(folder: Path) -> None:
    base = "x" * 100
    first = unique_name(base, folder)
    (folder / f"{first}.toml").write_text("x")
    second = unique_name(base, folder)
    assert second != first and is_slug(second) and second.endswith("-2")


def test_unique_name_defaults_to_saves_dir() -> None:
    saves_dir().mkdir(parents=True)
    (saves_dir() / "pig.toml").write_text("x")
    assert unique_name("pig") == "pig-2"


def test_new_save_path_uses_title_and_time(folder: Path) -> None:
    now = datetime(2026, 11, 29, 14, 12, 33)
    path = new_save_path("Quadropolis", folder, now)
    assert path == folder / "quadropolis-2026-11-29-1412.toml"
    path.write_text("x")
    assert new_save_path("Quadropolis", folder, now).name == "quadropolis-2026-11-29-1412-2.toml"
    assert not (folder / "quadropolis-2026-11-29-1412-2.toml").exists()


def test_new_save_path_defaults(tmp_path: Path) -> None:
    path = new_save_path("Some Game!")
    assert path.parent == tmp_path / "xdg-data" / "meeple" / "saves"
    assert is_slug(path.stem) and path.stem.startswith("some-game-")


def test_default_folders_follow_xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert saves_dir() == tmp_path / "xdg-data" / "meeple" / "saves"
    assert settings_path() == tmp_path / "xdg-config" / "meeple" / "settings.toml"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "other"))
    assert saves_dir() == tmp_path / "other" / "meeple" / "saves"


@pytest.mark.parametrize(
    "name",
    ["../x", "..", ".", "a/b", "/etc/passwd", "/abs/game", "", "x.y", "..\\x", "a b", "Pig", "~/x"],
)
def test_resolve_save_rejects_non_slug_names(name: str, folder: Path) -> None:
    with pytest.raises(SaveError) as info:
        resolve_save(name, folder)
    assert "not a valid save name" in str(info.value)
    with pytest.raises(SaveError):
        save_path(name, folder)


def test_resolve_save_finds_slugs_and_explicit_paths(folder: Path, tmp_path: Path) -> None:
    (folder / "pig.toml").write_text("x")
    assert resolve_save("pig", folder) == folder / "pig.toml"
    with pytest.raises(SaveError, match="no save called 'cow'"):
        resolve_save("cow", folder)
    elsewhere = tmp_path / "backup" / "My Game.toml"
    elsewhere.parent.mkdir()
    elsewhere.write_text("x")
    assert resolve_save(str(elsewhere)) == elsewhere
    assert resolve_save(elsewhere) == elsewhere
    with pytest.raises(SaveError, match="does not exist"):
        resolve_save(str(tmp_path / "missing.toml"))
    with pytest.raises(SaveError, match="not a file"):
        (tmp_path / "dir.toml").mkdir()
        resolve_save(tmp_path / "dir.toml")


def test_resolve_save_defaults_to_saves_dir() -> None:
    saves_dir().mkdir(parents=True)
    (saves_dir() / "pig.toml").write_text("x")
    assert resolve_save("pig") == saves_dir() / "pig.toml"
