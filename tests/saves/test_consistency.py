"""Real games' saves whose snapshot disagrees with their header, or is only a seat's view.

A snapshot is used only when the log does not replay; it must then be a whole game of the
game the header names, with the header's players and options. Otherwise loading refuses
with a :class:`SaveError` naming the file (or, when the log replays, rebuilds from it).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, Callable

import pytest
import tomli_w

from core.registry import get_game
from core.table import Seat, Table
from saves import SaveError, load_table, save_table, state_hash

GAMES = ("quadropolis", "council", "elgrande")
NOT_A_MOVE = {"kind": "teleport"}


def _save(folder: Path, game_id: str, options: dict[str, Any] | None = None) -> tuple[Path, Table[Any]]:
    """A two-player game of ``game_id`` after 12 moves (always the first legal one), saved."""
    game = get_game(game_id)
    table = Table.new(game, [Seat(0, "Ada"), Seat(1, "Brook")], 7, options or {})
    for _ in range(12):
        seat = table.to_act()[0]
        table.submit(seat, table.legal_actions(seat)[0])
    assert not table.is_over()
    path = folder / f"{game_id}.toml"
    save_table(table, path, game.info.title)
    return path, table


def _rewrite(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    doc = tomllib.loads(path.read_text("utf-8"))
    change(doc)
    path.write_text(tomli_w.dumps(doc), "utf-8")


def _break_log(doc: dict[str, Any]) -> None:
    """Append a move no game decodes, so loading has to fall back to the snapshot."""
    doc["log"]["moves"].append({"seat": 0, "action": dict(NOT_A_MOVE)})


def _consistent(table: Table[Any]) -> bool:
    game = table.game
    state = table.state
    recorded = game.snapshot_options(state)
    return game.num_players(state) == len(table.seats) and all(
        table.options[key] == value for key, value in recorded.items()
    )


def _refusal(path: Path, game_id: str) -> str:
    """The error resuming ``path`` gives; it must say the game cannot be resumed."""
    with pytest.raises(SaveError) as info:
        load_table(path)
    message = str(info.value)
    assert message.startswith(f"Save file '{game_id}.toml': the game cannot be resumed"), message
    return message


@pytest.mark.parametrize("game_id", GAMES)
def test_header_with_an_extra_player_is_refused(game_id: str, folder: Path) -> None:
    path, _ = _save(folder, game_id)
    _rewrite(path, lambda doc: doc["header"]["players"].append({"name": "Cyd", "controller": "human"}))
    try:
        loaded = load_table(path)
    except SaveError as exc:
        assert f"'{game_id}.toml'" in str(exc)
        assert "a game of 2 players, but its header lists 3" in str(exc)
    else:  # the log replayed for three: that game is consistent with its header
        assert _consistent(loaded.table)


@pytest.mark.parametrize("game_id", GAMES)
def test_header_with_an_extra_player_and_a_broken_log_is_refused(game_id: str, folder: Path) -> None:
    path, _ = _save(folder, game_id)

    def change(doc: dict[str, Any]) -> None:
        doc["header"]["players"].append({"name": "Cyd", "controller": "human"})
        _break_log(doc)

    _rewrite(path, change)
    assert "a game of 2 players, but its header lists 3" in _refusal(path, game_id)


@pytest.mark.parametrize(("game_id", "other"), [(a, b) for a in GAMES for b in GAMES if a != b])
def test_snapshot_of_another_game_is_refused(game_id: str, other: str, folder: Path) -> None:
    path, _ = _save(folder, game_id)

    def change(doc: dict[str, Any]) -> None:
        doc["header"]["game_id"] = other
        doc["header"]["options"] = {}  # so only the snapshot and the log tell the games apart

    _rewrite(path, change)
    assert "its saved position cannot be used" in _refusal(path, game_id)


CHANGED_OPTIONS = [
    ("quadropolis", "adjacency_needs_activation", True),
    ("council", "layout", "2/2/2"),
    ("elgrande", "short_game", True),
    ("elgrande", "veto_windows", "start_only"),
]


@pytest.mark.parametrize(("game_id", "key", "value"), CHANGED_OPTIONS)
def test_snapshot_with_other_options_is_refused(game_id: str, key: str, value: Any, folder: Path) -> None:
    path, _ = _save(folder, game_id)

    def change(doc: dict[str, Any]) -> None:
        doc["header"]["options"][key] = value
        _break_log(doc)

    _rewrite(path, change)
    message = _refusal(path, game_id)
    assert f"set up with {key} = " in message and f"but its header says {value!r}" in message


@pytest.mark.parametrize(("game_id", "key", "value"), CHANGED_OPTIONS)
def test_snapshot_with_other_options_is_not_resumed(game_id: str, key: str, value: Any, folder: Path) -> None:
    path, _ = _save(folder, game_id)
    _rewrite(path, lambda doc: doc["header"]["options"].update({key: value}))
    try:
        loaded = load_table(path)
    except SaveError as exc:
        assert f"set up with {key} = " in str(exc)
    else:  # rebuilt from the log under the header's options, never the other snapshot
        assert loaded.table.game.snapshot_options(loaded.table.state)[key] == value
        assert _consistent(loaded.table)
        assert "rebuilt from its list of moves" in (loaded.warning or "")


def test_snapshot_with_matching_options_still_resumes(folder: Path) -> None:
    path, table = _save(folder, "council", {"layout": "2/1/2"})
    _rewrite(path, _break_log)
    loaded = load_table(path)
    game = table.game
    assert game.encode_state(loaded.table.state) == game.encode_state(table.state)
    assert "list of moves in save file 'council.toml' is damaged" in (loaded.warning or "")


@pytest.mark.parametrize("seat", [0, None])
@pytest.mark.parametrize("game_id", GAMES)
def test_a_view_as_snapshot_is_refused(game_id: str, seat: int | None, folder: Path) -> None:
    path, table = _save(folder, game_id)
    game = table.game
    view = game.encode_state(game.view(table.state, seat))
    assert game.is_view(game.decode_state(view))  # decode_state alone would take it

    def change(doc: dict[str, Any]) -> None:
        doc["snapshot"] = {"hash": state_hash(view), "state": view}
        _break_log(doc)

    _rewrite(path, change)
    assert "one seat's view of a game, not the whole game" in _refusal(path, game_id)


def test_an_older_snapshot_of_the_same_position_resumes_without_a_warning(tmp_path: Path) -> None:
    """El Grande snapshots once carried a text log; such a save still replays, warning-free,
    with its moves undoable as before (its snapshot is the same position once read again)."""
    path, table = _save(tmp_path, "elgrande")

    def old_format(doc: dict[str, Any]) -> None:
        state = doc["snapshot"]["state"]
        state.pop("events", None)
        state["log"] = ["Ada: an old sentence with a name in it."]
        state["log_mark"] = 0
        doc["snapshot"]["hash"] = state_hash(state)

    _rewrite(path, old_format)
    loaded = load_table(path)
    assert loaded.warning is None
    assert loaded.table.state == table.state
    # Replayed, not resumed from the snapshot: only the game's own barriers (reveals) remain.
    assert [e.barrier for e in loaded.table.log] == [e.barrier for e in table.log]
