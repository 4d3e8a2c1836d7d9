"""Settings: defaults, round trip, broken files and wrong values never raise."""

from __future__ import annotations

from pathlib import Path

import pytest
import tomli_w

import saves.atomic as atomic
from saves import Settings, load_settings, save_settings, settings_path


def test_defaults_when_missing(tmp_path: Path) -> None:
    settings, warning = load_settings(tmp_path / "none.toml")
    assert warning is None
    assert settings == Settings()
    assert settings.theme == "meeple-dark"
    assert settings.default_names == ["Ada", "Brook", "Cyd", "Dee", "Eli"]
    assert settings.bot_level == "normal"
    assert settings.confirm_end_turn is False
    assert Settings().default_names is not Settings().default_names


def test_round_trip_default_path(tmp_path: Path) -> None:
    wanted = Settings(theme="meeple-light", default_names=["Zoe", "Yan"], bot_level="hard", confirm_end_turn=True)
    assert save_settings(wanted) is None
    assert settings_path() == tmp_path / "xdg-config" / "meeple" / "settings.toml"
    assert settings_path().exists()
    assert load_settings() == (wanted, None)
    assert [p.name for p in settings_path().parent.iterdir()] == ["settings.toml"]


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"theme = \n", "not valid TOML"),
        (b"\xff\xfe\x00garbage", "not a text file"),
        (b"x = " + b"[" * 3000 + b"]" * 3000, "could not be parsed"),
        (b"theme = 'a'\ntheme = 'b'\n", "not valid TOML"),
    ],
)
def test_broken_file_gives_defaults_and_warning(content: bytes, words: str, tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_bytes(content)
    settings, warning = load_settings(path)
    assert settings == Settings()
    assert warning is not None and words in warning and "settings.toml" in warning
    assert "default" in warning


def test_folder_and_huge_file(tmp_path: Path) -> None:
    (tmp_path / "dir.toml").mkdir()
    assert load_settings(tmp_path / "dir.toml")[0] == Settings()
    huge = tmp_path / "huge.toml"
    with huge.open("wb") as f:
        f.truncate(5 * 1024 * 1024)
    settings, warning = load_settings(huge)
    assert settings == Settings() and warning is not None and "too large" in warning


def test_wrong_types_fall_back_per_key(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(
        tomli_w.dumps(
            {
                "theme": "solarized",
                "default_names": ["Ok", "../../etc/passwd"],
                "bot_level": "godlike",
                "confirm_end_turn": "yes",
                "unknown_key": {"nested": [1, 2]},
            }
        )
    )
    settings, warning = load_settings(path)
    assert settings == Settings(theme="solarized")
    assert warning is not None
    for key in ("default_names", "bot_level", "confirm_end_turn"):
        assert key in warning
    assert "theme" not in warning and "unknown_key" not in warning


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("theme", 5),
        ("theme", ""),
        ("theme", "x" * 500),
        ("theme", "\x1b[2J"),
        ("default_names", "Ada"),
        ("default_names", []),
        ("default_names", [1, 2]),
        ("default_names", ["A"] * 50),
        ("bot_level", 2),
        ("confirm_end_turn", 1),
        ("new_game", "council"),
        ("new_game", {"last": "Not an id"}),
        ("new_game", {"council": {"players": 0, "seats": []}}),
        ("new_game", {"council": {"players": 3, "seats": ["human", "god"]}}),
        ("new_game", {"council": {"players": 3, "seats": [], "options": {"layout": "\x1b[2J"}}}),
        ("new_game", {"council": {"players": 3, "seats": [], "options": {"bad key!": True}}}),
        ("new_game", {"council": {"players": 3, "seats": [], "extra": 1}}),
        ("new_game", {f"g{n}": {"players": 2, "seats": []} for n in range(40)}),
    ],
)
def test_each_bad_value(key: str, value: object, tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(tomli_w.dumps({key: value, "bot_level": "easy"} if key != "bot_level" else {key: value}))
    settings, warning = load_settings(path)
    assert getattr(settings, key) == getattr(Settings(), key)
    assert warning is not None and key in warning


def test_the_new_game_forms_choices_round_trip(tmp_path: Path) -> None:
    kept = {"last": "elgrande",
            "elgrande": {"players": 4, "seats": ["human", "hard", "easy", "normal", "human"],
                         "options": {"first_player": "3", "use_veto": False}}}
    path = tmp_path / "settings.toml"
    assert save_settings(Settings(new_game=kept), path) is None
    assert load_settings(path) == (Settings(new_game=kept), None)


def test_unknown_keys_ignored_silently(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('future_option = true\nbot_level = "easy"\n')
    assert load_settings(path) == (Settings(bot_level="easy"), None)


def test_save_is_atomic_and_reports_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "settings.toml"
    assert save_settings(Settings(bot_level="easy"), path) is None

    def full(*args: object) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr("saves.atomic.os.replace", full)
        error = save_settings(Settings(bot_level="hard"), path)
    assert error is not None and "No space left" in error
    assert load_settings(path)[0].bot_level == "easy"
    assert [p.name for p in tmp_path.iterdir()] == ["settings.toml"]


def test_save_refuses_invalid_settings(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    error = save_settings(Settings(bot_level="godlike"), path)
    assert error is not None and "bot_level" in error
    assert not path.exists()
