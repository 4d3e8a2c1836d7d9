"""Resuming when the log no longer replays: the snapshot takes over, with a warning."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from core.engine import CorruptData
from core.table import Table
from saves import Autosaver, SaveError, UndecodedAction, load_table, read_save, save_table

from .conftest import GAME, HOLD, PigGame, play_moves


def _rewrite(path: Path, change: Any) -> None:
    doc = tomllib.loads(path.read_text("utf-8"))
    change(doc)
    path.write_text(tomli_w.dumps(doc), "utf-8")


@pytest.fixture
def saved(folder: Path, played: Table[Any]) -> Path:
    path = folder / "game.toml"
    save_table(played, path, "Pig")
    return path


def _assert_snapshot_table(loaded: Any, played: Table[Any]) -> None:
    table = loaded.table
    assert GAME.encode_state(table.state) == GAME.encode_state(played.state)
    assert len(table.log) == len(played.log)
    assert all(entry.barrier for entry in table.log)
    assert [entry.seat for entry in table.log] == [entry.seat for entry in played.log]
    assert loaded.warning is not None
    assert "save file 'game.toml'" in loaded.warning.lower()
    assert "continues from its saved position" in loaded.warning
    for seat in range(len(table.seats)):
        assert not table.can_undo(seat)


def _saved_by(version: str) -> Any:
    def change(doc: dict[str, Any]) -> None:
        doc["header"]["app_version"] = version

    return change


def test_rules_change_diverges(saved: Path, played: Table[Any], monkeypatch: pytest.MonkeyPatch) -> None:
    _rewrite(saved, _saved_by("0.0.9"))
    monkeypatch.setattr(PigGame, "stream", 99)  # the dice now fall differently
    loaded = load_table(saved)
    _assert_snapshot_table(loaded, played)
    assert "was saved by Meeple 0.0.9, whose rules of Pig differ" in (loaded.warning or "")
    assert "its moves do not replay" in (loaded.warning or "")
    assert [e.action for e in loaded.table.log] == [e.action for e in played.log]
    # The game goes on from the snapshot.
    play_moves(loaded.table, 3)
    assert len(loaded.table.log) == len(played.log) + 3


def test_log_no_longer_legal(saved: Path, played: Table[Any]) -> None:
    def wrong_seats(doc: dict[str, Any]) -> None:
        for move in doc["log"]["moves"]:
            move["seat"] = (move["seat"] + 1) % 3

    _rewrite(saved, wrong_seats)
    loaded = load_table(saved)
    assert "moves do not replay" in (loaded.warning or "")
    assert GAME.encode_state(loaded.table.state) == GAME.encode_state(played.state)


def test_actions_no_longer_decode(saved: Path, played: Table[Any], monkeypatch: pytest.MonkeyPatch) -> None:
    original = PigGame.decode_action

    def strict_decode(self: PigGame, data: Any) -> Any:
        if data.get("kind") == "hold":
            raise CorruptData("hold was renamed to bank")
        return original(self, data)

    monkeypatch.setattr(PigGame, "decode_action", strict_decode)
    loaded = load_table(saved)
    _assert_snapshot_table(loaded, played)
    assert (loaded.warning or "").startswith(
        "The list of moves in save file 'game.toml' is damaged (move 5 cannot be read (hold was renamed to bank))"
    )
    kept = [e.action for e in loaded.table.log if isinstance(e.action, UndecodedAction)]
    assert kept and all(a.data == {"kind": "hold"} for a in kept)

    # Autosaving the resumed game keeps the old moves verbatim.
    saver = Autosaver.resume(loaded)
    play_moves(loaded.table, 2)
    saver.close()
    assert saver.last_error is None
    again = read_save(saved)
    assert [(r.seat, r.action) for r in again.log][: len(played.log)] == [
        (seat, GAME.encode_action(action)) for seat, action in played.actions()
    ]
    assert len(again.log) == len(played.log) + 2


def test_options_no_longer_valid(saved: Path, played: Table[Any]) -> None:
    _rewrite(saved, lambda doc: doc["header"]["options"].update(target=25))
    loaded = load_table(saved)
    assert loaded.warning == (
        "The options in save file 'game.toml' are damaged (option target takes one of 10, 20, 30), "
        "so the game continues from its saved position and earlier moves cannot be undone."
    )
    assert GAME.encode_state(loaded.table.state) == GAME.encode_state(played.state)


def test_damaged_snapshot_uses_replay(saved: Path, played: Table[Any]) -> None:
    _rewrite(saved, lambda doc: doc["snapshot"].update(hash="0" * 64))
    loaded = load_table(saved)
    assert loaded.warning is not None
    assert "rebuilt from its list of moves because its saved position does not match" in loaded.warning
    assert GAME.encode_state(loaded.table.state) == GAME.encode_state(played.state)
    assert loaded.table.log == played.log


def test_edited_snapshot_ignored_when_replay_matches_hash(saved: Path, played: Table[Any]) -> None:
    _rewrite(saved, lambda doc: doc["snapshot"]["state"].update(scores=[99, 99, 99]))
    loaded = load_table(saved)
    assert loaded.warning is None
    assert GAME.encode_state(loaded.table.state) == GAME.encode_state(played.state)


def test_undecodable_snapshot_uses_replay_when_possible(saved: Path, played: Table[Any], monkeypatch: pytest.MonkeyPatch) -> None:
    # Snapshot unreadable by the new rules, but the hash still matches the replayed state.
    def broken_decode(self: PigGame, data: Any) -> Any:
        raise CorruptData("new state layout")

    monkeypatch.setattr(PigGame, "decode_state", broken_decode)
    loaded = load_table(saved)
    assert loaded.warning is None  # replay matched the hash; the snapshot was not needed


def test_nothing_usable_is_an_error(saved: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(PigGame, "stream", 99)

    def broken_decode(self: PigGame, data: Any) -> Any:
        raise CorruptData("new state layout")

    monkeypatch.setattr(PigGame, "decode_state", broken_decode)
    with pytest.raises(SaveError) as info:
        load_table(saved)
    assert "game.toml" in str(info.value)
    assert "cannot be resumed" in str(info.value)
    assert "new state layout" in str(info.value)


def test_both_log_and_snapshot_damaged(saved: Path) -> None:
    def ruin(doc: dict[str, Any]) -> None:
        doc["snapshot"]["hash"] = "1" * 64
        doc["log"]["moves"][0]["action"] = {"kind": "teleport"}

    _rewrite(saved, ruin)
    with pytest.raises(SaveError, match="cannot be resumed"):
        load_table(saved)


def test_buggy_game_code_does_not_leak(saved: Path, played: Table[Any], monkeypatch: pytest.MonkeyPatch) -> None:
    def explode(self: PigGame, state: Any, seat: int, action: Any) -> None:
        raise ZeroDivisionError("bug in new rules")

    monkeypatch.setattr(PigGame, "apply_in_place", explode)
    loaded = load_table(saved)
    assert "bug in new rules" in (loaded.warning or "")
    assert GAME.encode_state(loaded.table.state) == GAME.encode_state(played.state)


def test_undo_after_snapshot_resume_stays_after_barrier(saved: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(PigGame, "stream", 99)
    table = load_table(saved).table
    for _ in range(100):
        seat = table.to_act()[0]
        if table.seats[seat].controller.is_human and HOLD in table.legal_actions(seat):
            break
        table.submit(seat, table.legal_actions(seat)[0])  # roll
    else:
        pytest.fail("no human hold came up")
    before = GAME.encode_state(table.state)
    length = len(table.log)
    table.submit(seat, HOLD)
    assert table.undo(seat) == 1
    assert GAME.encode_state(table.state) == before and len(table.log) == length


def _hand_edit_a_move(doc: dict[str, Any]) -> None:
    doc["log"]["moves"][2]["action"] = {"kind": "bank"}


def test_hand_edited_move_is_called_damage_not_a_rules_change(saved: Path) -> None:
    _rewrite(saved, _hand_edit_a_move)
    warning = load_table(saved).warning or ""
    assert warning == (
        "The list of moves in save file 'game.toml' is damaged (move 3 cannot be read "
        "(not a pig action: {'kind': 'bank'})), so the game continues from its saved position "
        "and earlier moves cannot be undone."
    )
    assert "rules" not in warning


def test_save_of_another_version_is_called_a_rules_change(saved: Path) -> None:
    _rewrite(saved, lambda doc: (_hand_edit_a_move(doc), _saved_by("0.0.9")(doc)))
    warning = load_table(saved).warning or ""
    assert warning.startswith(
        "Save file 'game.toml' was saved by Meeple 0.0.9, whose rules of Pig differ (move 3 "
        "cannot be read"
    )
    assert "damaged" not in warning
