"""Game records (saves/records.py): export → import gives the same game for all five games,
finished or not; every broken or hostile record is refused with one line and creates
nothing."""

from __future__ import annotations

import io
import json
from datetime import datetime, timezone
from functools import cache
from pathlib import Path
from typing import Any, Callable

import pytest

from core.registry import get_game
from core.rng import Rng
from core.table import Controller, Seat, Table
from saves import LoadedGame, load_table, save_table, saves_dir, snapshot_table, state_hash
from saves.records import (
    MAX_RECORD_SIZE,
    RecordError,
    export_record,
    import_record,
    read_record_file,
    read_record_stream,
    record_json,
    record_of,
)

T0 = datetime(2026, 11, 29, 14, 12, 0, tzinfo=timezone.utc)
SEATS: dict[str, list[Seat]] = {
    "quadropolis": [Seat(0, "Ada"), Seat(1, "Brook", Controller("bot", "hard"))],
    "council": [Seat(0, "Ada"), Seat(1, "Brook"), Seat(2, "Cyd", Controller("bot", "easy"))],
    "elgrande": [Seat(0, "Ada"), Seat(1, "Brook", Controller("bot", "normal"))],
    "intendentes": [Seat(0, "Ada"), Seat(1, "Zoë", Controller("bot", "normal"))],
    "settlement": [Seat(0, "Ada"), Seat(1, "Brook")],
}


def played(game_id: str, seed: int, moves: int | None = None) -> Table[Any]:
    """A table of ``game_id`` after ``moves`` seeded random moves (None: to the end)."""
    table = Table.new(get_game(game_id), SEATS[game_id], seed)
    rng = Rng(seed + 1)
    while not table.is_over() and (moves is None or len(table.log) < moves):
        seat = table.to_act()[0]
        actions = table.legal_actions(seat)
        table.submit(seat, actions[rng.randbelow(len(actions))])
    return table


def saved(table: Table[Any], name: str) -> Path:
    path = saves_dir() / f"{name}.toml"
    save_table(table, path, f"{table.game.info.title}: test", created=T0, now=T0)
    return path


@cache
def good_record() -> str:
    """The record of an unfinished Quadropolis game (built once; tests copy it)."""
    return record_json(_record_of(played("quadropolis", 7, 12)))


def _record_of(table: Table[Any]) -> dict[str, Any]:
    saves_dir().mkdir(parents=True, exist_ok=True)
    path = saved(table, "source")
    record = export_record(path)
    path.unlink()
    return record


def good() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(good_record())
    return data


def saves_now() -> list[str]:
    folder = saves_dir()
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def assert_same_game(original: Table[Any], name: str) -> None:
    loaded = load_table(name)
    assert loaded.warning is None
    table = loaded.table
    game = table.game
    assert state_hash(game.encode_state(table.state)) == state_hash(game.encode_state(original.state))
    assert [e.text for e in table.log] == [e.text for e in original.log]
    assert [e.effects for e in table.log] == [e.effects for e in original.log]
    assert table.seats == original.seats and table.seed == original.seed
    assert table.options == original.options
    if original.is_over():
        assert table.result() == original.result()
        assert loaded.header.result is not None and loaded.header.over


@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_a_finished_game_round_trips(game_id: str) -> None:
    original = played(game_id, 11)
    assert original.is_over()
    record = _record_of(original)
    assert record["result"]["totals"] == list(original.result().totals)
    assert record["seats"] == [
        {"name": seat.name, "controller": "human"} if seat.controller.is_human
        else {"name": seat.name, "controller": "bot", "level": seat.controller.level}
        for seat in SEATS[game_id]
    ]
    imported = import_record(record_json(record).encode("utf-8"))
    assert saves_now() == [imported.path.name]
    assert imported.title == f"{original.game.info.title}: test"
    assert_same_game(original, imported.name)
    header = load_table(imported.name).header
    assert header.created == header.updated == "2026-11-29T14:12:00Z"  # the record's times


def test_an_unfinished_game_with_a_huge_seed_round_trips_and_a_second_import_gets_its_own_name() -> None:
    original = Table.new(get_game("council"), SEATS["council"], 2**100 + 3)
    rng = Rng(5)
    for _ in range(40):
        seat = original.to_act()[0]
        actions = original.legal_actions(seat)
        original.submit(seat, actions[rng.randbelow(len(actions))])
    record = _record_of(original)
    assert record["seed"] == str(2**100 + 3) and record["over"] is False and record["result"] is None
    data = record_json(record).encode("utf-8")
    first, second = import_record(data), import_record(data)
    assert first.name != second.name and len(saves_now()) == 2
    assert_same_game(original, first.name)
    assert_same_game(original, second.name)


def test_moves_texts_are_informational_and_a_minimal_record_imports() -> None:
    record = good()
    texts = [move["text"] for move in record["moves"]]
    for move in record["moves"]:
        move["text"] = "anything"
        move.pop("effects", None)
    for key in ("meeple_version", "title", "created", "updated", "progress", "over", "result", "options"):
        record.pop(key, None)
    record["seed"] = 7  # a small seed may be a JSON number
    imported = import_record(json.dumps(record).encode("utf-8"), now=T0)
    loaded = load_table(imported.name)
    assert loaded.header.title == "Quadropolis: Ada, Brook" and loaded.header.created == "2026-11-29T14:12:00Z"
    assert [e.text for e in loaded.table.log] == texts


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """A change of ``record[path]`` (dotted, list indexes as numbers) to ``value``."""

    def change(record: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = record
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return change


def _deep(levels: int) -> Any:
    value: Any = 1
    for _ in range(levels):
        value = {"k": value}
    return value


CHANGES: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "wrong format": (_set("format", "chess-pgn"), "not a Meeple game record"),
    "future version": (_set("format_version", 2), "newer version of Meeple (record format 2"),
    "version as text": (_set("format_version", "1"), "format_version should be a whole number"),
    "unknown game": (_set("game", "chess"), "'chess', which this version of Meeple does not have"),
    "seats not a list": (_set("seats", "Ada"), "seats should be a list"),
    "no seats": (_set("seats", []), "seats lists 0 players"),
    "too many seats": (lambda r: r["seats"].extend({"name": f"P{i}", "controller": "human"} for i in range(3)),
                       "it has 5 players, but Quadropolis takes 2–4"),
    "seat as text": (_set("moves.0.seat", "0"), "moves[0].seat should be a whole number"),
    "seat out of range": (_set("moves.0.seat", 5), "moves[0].seat is out of range"),
    "action not an object": (_set("moves.0.action", [1]), "moves[0].action should be an object"),
    "moves missing": (lambda r: r.pop("moves"), "moves is missing"),
    "control characters in a name": (_set("seats.0.name", "Ada\x1b[31m"), "contains control characters"),
    "bidi override in a name": (_set("seats.0.name", "Ada\u202e"), "contains control characters"),
    "unknown controller": (_set("seats.0.controller", "remote"), "should be \"human\" or \"bot\""),
    "unknown bot level": (_set("seats.1.level", "godlike"), "seats[1].level should be one of"),
    "unknown option": (_set("options.colour", "red"), "unknown option 'colour'"),
    "bad option value": (_set("options.first_player", "9"), "options are not valid"),
    "option as a list": (_set("options.first_player", [0]), "options.first_player should be"),
    "seed as a decimal": (_set("seed", "7.5"), "seed should be a whole number"),
    "seed beyond 2^53 as a number": (_set("seed", 2**60), "seed is a number beyond 2^53"),
    "number beyond 64 bits": (_set("moves.0.action.architect", 2**64), "number too large"),
    "deep nesting": (_set("moves.0.action.extra", _deep(60)), "more than 48 levels deep"),
    "lone surrogate": (_set("title", "\ud800"), "not valid Unicode"),
    "unreadable move": (_set("moves.3.action", {"type": "fly"}), "move 4 ("),
    "result when not over": (_set("result", {"totals": [1, 2], "ranks": [1, 2]}),
                             "states a result, but its 12 moves do not end the game"),
    "over when not over": (_set("over", True), "says the game is over, but its 12 moves do not end it"),
    "bad time": (_set("created", "yesterday"), "created is not a valid date and time"),
}


@pytest.mark.parametrize("case", sorted(CHANGES))
def test_a_broken_record_is_refused_with_one_line_and_creates_nothing(case: str) -> None:
    change, expected = CHANGES[case]
    record = good()
    change(record)
    with pytest.raises(RecordError) as info:
        import_record(json.dumps(record).encode("utf-8"))  # (a lone surrogate is written escaped)
    message = str(info.value)
    assert expected in message and "\n" not in message
    assert saves_now() == []


def test_an_illegal_move_is_named_by_its_number_with_the_rules_reason() -> None:
    record = good()
    record["moves"][5], record["moves"][6] = record["moves"][6], record["moves"][5]
    with pytest.raises(RecordError, match=r"^move 6 \((Ada|Brook): .+\) is illegal: .+") as info:
        import_record(json.dumps(record).encode("utf-8"))
    assert "\n" not in str(info.value)
    record = good()
    record["moves"].append(record["moves"][-1])  # a move by whoever is not on turn, or illegal
    with pytest.raises(RecordError, match=r"^move 13 .* is illegal"):
        import_record(json.dumps(record).encode("utf-8"))
    assert saves_now() == []


def test_a_result_that_differs_from_the_replayed_one_is_refused() -> None:
    original = played("quadropolis", 3)
    record = _record_of(original)
    record["result"]["totals"][0] += 1
    with pytest.raises(RecordError, match=r"result does not match the replayed game: result.totals is"):
        import_record(json.dumps(record).encode("utf-8"))
    record = _record_of(original)
    record["result"]["ranks"] = [True if r == 1 else r for r in record["result"]["ranks"]]
    with pytest.raises(RecordError, match="result.ranks"):
        import_record(json.dumps(record).encode("utf-8"))
    record = _record_of(original)
    record["moves"].pop()  # truncated: the stated result no longer follows
    with pytest.raises(RecordError, match="is over, but its .* moves do not end it"):
        import_record(json.dumps(record).encode("utf-8"))
    assert saves_now() == []


def _changed(old: str, new: str) -> Callable[[], bytes]:
    def make() -> bytes:
        assert old in good_record()
        return good_record().replace(old, new, 1).encode("utf-8")

    return make


TEXTS: dict[str, tuple[Callable[[], bytes], str]] = {
    "empty": (lambda: b"  \n", "the file is empty"),
    "not JSON": (lambda: b"hello there", "not valid JSON"),
    "not UTF-8": (lambda: b"\xff\xfe{\x00}", "not UTF-8 text"),
    "truncated": (lambda: good_record().encode("utf-8")[:500], "ends too early"),
    "a list": (lambda: b"[1, 2]", "is a list, not a JSON object"),
    "NaN": (_changed('"seed": "7"', '"seed": NaN'), "holds NaN"),
    "Infinity": (_changed('"seed": "7"', '"seed": -Infinity'), "holds -Infinity"),
    "decimal number": (_changed('"seed": "7"', '"seed": 7.0'), "decimal number 7.0"),
    "huge number": (_changed('"seed": "7"', '"seed": ' + "9" * 5000), "number far too large"),
    "key twice": (_changed('"seed": "7"', '"seed": "7", "seed": "8"'), "'seed' appears twice"),
    "non-text key": (lambda: b'{1: 2}', "not valid JSON"),
    "nested deeper than the parser goes": (lambda: b"[" * 200_000 + b"]" * 200_000, "nest"),
}


@pytest.mark.parametrize("case", sorted(TEXTS))
def test_a_file_that_is_no_record_is_refused_with_one_line(case: str) -> None:
    make, expected = TEXTS[case]
    with pytest.raises(RecordError) as info:
        import_record(make())
    assert expected in str(info.value) and "\n" not in str(info.value)
    assert saves_now() == []


def test_a_file_over_10_mb_is_refused_before_it_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as out:
        out.truncate(MAX_RECORD_SIZE + 1)  # sparse: costs no disk
    import saves.atomic as atomic

    def no_read(*args: Any) -> bytes:
        raise AssertionError("the file was read")

    monkeypatch.setattr(atomic.os, "read", no_read)
    with pytest.raises(RecordError, match="over 10 MiB"):
        read_record_file(big)
    monkeypatch.undo()
    stream = io.BytesIO(b" " * (MAX_RECORD_SIZE + 100))
    with pytest.raises(RecordError, match="over 10 MiB"):
        read_record_stream(stream)
    assert stream.tell() == MAX_RECORD_SIZE + 1  # reading stopped one byte past the limit
    with pytest.raises(RecordError, match="does not exist"):
        read_record_file(tmp_path / "nothing.json")
    with pytest.raises(RecordError, match="not a regular file"):
        read_record_file(tmp_path)


def test_a_save_whose_moves_no_longer_replay_has_no_record() -> None:
    path = saved(played("quadropolis", 7, 6), "old")
    text = path.read_text("utf-8")
    assert 'slot = "' in text
    path.write_text(text.replace('slot = "', 'slot = "Z', 1), "utf-8")  # move 1 no longer reads
    loaded = load_table("old")
    assert loaded.warning is not None  # resumed from its saved position alone
    with pytest.raises(RecordError, match="no longer replay"):
        export_record("old")


def test_the_example_in_the_format_description_imports() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "records.md").read_text("utf-8")
    example = text.split("```json\n", 1)[1].split("```", 1)[0]
    imported = import_record(example.encode("utf-8"))
    record = json.loads(example)
    assert [e.text for e in imported.table.log] == [move["text"] for move in record["moves"]]
    assert load_table(imported.name).header.updated == record["updated"]


def test_a_network_tables_remote_seats_are_written_as_humans() -> None:
    table = Table.new(get_game("quadropolis"), [Seat(0, "Ada", Controller("remote")), Seat(1, "Brook")], 7)
    header = snapshot_table(table, "Quadropolis 1", created=T0, now=T0).header
    record = record_of(LoadedGame(table, Path("t1.toml"), "t1", header))
    assert record["seats"] == [{"name": "Ada", "controller": "human"}, {"name": "Brook", "controller": "human"}]
