"""Game records: a save exported as a JSON document other programs can read, and imported back.

A record (``docs/records.md`` describes it field by field) holds what determines a game —
game id, options, seats, seed and every move as the game's plain data
(:meth:`core.engine.Game.encode_action`) — plus what a reader likes to have: title, times,
each move's log text and the result of a finished game. :func:`export_record` makes one
from a save; :func:`import_record` trusts nothing in one: it parses it with a capped,
strict JSON reader, checks every field with the save format's own checks, replays every
move with the rules (an illegal move is named with its number and the rules' reason),
compares the result it states with the replayed one, and only then writes a new save
(:func:`saves.store.save_table`) under a fresh name, so nothing is created for a bad
record.

Seeds are written as decimal text: they may exceed 2^53, beyond which many JSON readers
lose digits of a number.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, BinaryIO, Mapping

from core.engine import Game
from core.levels import LEVELS
from core.registry import UnknownGame, get_game
from core.table import Controller, Seat, Table, parse_options
from saves.atomic import FileTooLarge, NotAFile, read_capped
from saves.checks import MAX_DEPTH, check_player_name, has_bad_chars, os_problem
from saves.format import (
    INT64_MAX,
    INT64_MIN,
    MAX_PLAYERS,
    MAX_TEXT_LENGTH,
    SEED_MAX,
    SEED_MIN,
    PlainChecks,
    app_version,
    format_time,
    parse_time,
    to_plain,
)
from saves.paths import SAVE_SUFFIX, new_save_path
from saves.resume import LoadedGame, open_save
from saves.reading import resolve_save
from saves.store import save_table

RECORD_FORMAT = "meeple-record"
"""The ``format`` field of every record."""

RECORD_VERSION = 1
"""The record format version this code writes and the newest one it reads."""

MAX_RECORD_SIZE = 10 * 1024 * 1024
"""Records bigger than this (10 MiB) are refused before any of it is parsed."""

MAX_MOVES = 100_000
"""Most moves a record may hold (the longest real games have a few thousand)."""

_GAME_ID_RE = re.compile(r"[a-z][a-z0-9_-]{0,39}")
_SEED_TEXT_RE = re.compile(r"-?[0-9]{1,40}")
_MAX_DIGITS = 20  # any whole number a record may hold fits in 20 digits
_SAFE_INT = 2**53  # beyond this, JSON readers of other languages lose digits


class RecordError(ValueError):
    """A record could not be read, checked, replayed or made; ``str(error)`` is one line
    of plain words saying why (it may quote the record's text: show it as plain text)."""


class _Refused(Exception):
    """Internal: the JSON parser met something a record never holds."""


@dataclass(frozen=True)
class Record:
    """A record's fields, checked (but not yet replayed).

    ``moves`` are ``(seat, action data)`` pairs; ``result`` is the stated result's plain
    data (None when the record states none).
    """

    game_id: str
    title: str | None
    created: str | None
    updated: str | None
    options: dict[str, str | int | bool]
    seats: tuple[Seat, ...]
    seed: int
    moves: tuple[tuple[int, dict[str, Any]], ...]
    over: bool | None
    result: dict[str, Any] | None


@dataclass(frozen=True)
class ImportedRecord:
    """A record stored as a save: its new name and path, and the replayed table."""

    name: str
    path: Path
    table: Table[Any]
    title: str


# --- exporting ---------------------------------------------------------------------------


def export_record(name_or_path: str | Path, directory: Path | str | None = None) -> dict[str, Any]:
    """The record of the save a user names (a save name or a path, as ``meeple resume``
    takes it); raises :class:`~saves.format.SaveError` for a missing or broken save and
    :class:`RecordError` for one whose moves no longer replay with these rules."""
    return record_of(open_save(resolve_save(name_or_path, directory)))


def record_of(loaded: LoadedGame) -> dict[str, Any]:
    """The record (plain JSON data) of a resumed save.

    A save resumed from its saved position alone (its moves no longer replay) has no
    record: an import could not replay it. Seats of another kind than a bot (a network
    table's players) are written as humans.
    """
    table, header = loaded.table, loaded.header
    if not table.has_every_position():
        raise RecordError(
            f"the moves of '{loaded.path.name}' no longer replay with this version's rules, "
            "so no record can be made of it (it can still be resumed)"
        )
    game = table.game
    seats: list[dict[str, Any]] = []
    for seat in table.seats:
        if seat.controller.kind == "bot":
            seats.append({"name": seat.name, "controller": "bot", "level": seat.controller.level})
        else:
            seats.append({"name": seat.name, "controller": "human"})
    moves: list[dict[str, Any]] = []
    for entry in table.log:
        move: dict[str, Any] = {"seat": entry.seat, "action": game.encode_action(entry.action),
                                "text": entry.text}
        if entry.effects:
            move["effects"] = list(entry.effects)
        moves.append(move)
    over = table.is_over()
    return {
        "format": RECORD_FORMAT,
        "format_version": RECORD_VERSION,
        "meeple_version": app_version(),
        "game": game.info.id,
        "title": header.title,
        "created": header.created,
        "updated": header.updated,
        "options": dict(table.options),
        "seats": seats,
        "seed": str(table.seed),
        "moves": moves,
        "progress": game.progress(table.state),
        "over": over,
        "result": result_data(game, table.state) if over else None,
    }


def result_data(game: Game[Any, Any], state: Any) -> dict[str, Any]:
    """A finished game's result as record data: categories, breakdown, totals, ranks,
    notes, and whether it is a team result."""
    return {**game.result(state).plain(), "cooperative": bool(game.cooperative)}


def record_json(record: Mapping[str, Any]) -> str:
    """The record as JSON text ready to be written as UTF-8: one move per line, what fits
    in a line on one line, two-space indents, ending with a newline."""
    return _pretty(dict(record), 0) + "\n"


def _pretty(value: Any, indent: int, key: str = "") -> str:
    """``value`` as JSON: on one line when it fits (always, for a move), else one item a
    line."""
    compact = _compact(value)
    if not isinstance(value, (dict, list)) or not value or key == "move" or indent + len(compact) <= 88:
        return compact
    pad = " " * (indent + 2)
    if isinstance(value, list):
        child = "move" if key == "moves" else ""
        items = [pad + _pretty(item, indent + 2, child) for item in value]
        return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"
    items = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {_pretty(v, indent + 2, k)}" for k, v in value.items()]
    return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(", ", ": "))


# --- reading -----------------------------------------------------------------------------


def read_record_file(path: Path | str) -> bytes:
    """The bytes of the record file at ``path``: at most :data:`MAX_RECORD_SIZE`, refused
    before reading when bigger; raises :class:`RecordError`."""
    try:
        return read_capped(path, MAX_RECORD_SIZE)
    except FileNotFoundError:
        raise RecordError("the file does not exist") from None
    except FileTooLarge:
        raise RecordError(_too_large()) from None
    except NotAFile:
        raise RecordError("it is not a regular file") from None
    except (OSError, ValueError) as exc:
        raise RecordError(os_problem(exc, "read the file")) from None


def read_record_stream(stream: BinaryIO) -> bytes:
    """At most :data:`MAX_RECORD_SIZE` bytes of ``stream`` (standard input): reading stops
    one byte past the limit; raises :class:`RecordError`."""
    chunks: list[bytes] = []
    total = 0
    try:
        while total <= MAX_RECORD_SIZE:
            chunk = stream.read(min(1 << 16, MAX_RECORD_SIZE + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except (OSError, ValueError) as exc:
        raise RecordError(os_problem(exc, "read the standard input")) from None
    if total > MAX_RECORD_SIZE:
        raise RecordError(_too_large())
    return b"".join(chunks)


def _too_large() -> str:
    return f"it is over {MAX_RECORD_SIZE // (1024 * 1024)} MiB, too large to be a game record"


def parse_json(data: bytes) -> Any:
    """Parse record bytes as strict JSON: UTF-8 (a leading BOM is allowed), no NaN or
    Infinity, no decimal numbers, no numbers over 20 digits, no key twice in one object;
    raises :class:`RecordError`."""
    if not data.strip():
        raise RecordError("the file is empty")
    try:
        text = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise RecordError("it is not UTF-8 text, so it is not a game record") from None
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_no_float,
                          parse_int=_whole, object_pairs_hook=_object)
    except _Refused as exc:
        raise RecordError(str(exc)) from None
    except json.JSONDecodeError as exc:
        if not text[exc.pos:].strip():
            raise RecordError("it ends too early: the JSON is incomplete (the file was cut short)") from None
        raise RecordError(f"it is not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise RecordError("it nests data too deeply to be a game record") from None


def _no_constant(name: str) -> Any:
    raise _Refused(f"it holds {name}, which is not a number a record may hold")


def _no_float(text: str) -> Any:
    raise _Refused(f"it holds the decimal number {text[:24]}; records hold only whole numbers")


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > _MAX_DIGITS:
        raise _Refused("it holds a number far too large for a game record")
    return int(text)


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Refused(f"the key {key[:40]!r} appears twice in one object")
        out[key] = value
    return out


def parse_record(data: bytes) -> Record:
    """Parse and check a record's bytes (all but the replay); raises :class:`RecordError`."""
    doc = parse_json(data)
    _check_tree(doc, "the record", 0)
    if not isinstance(doc, dict):
        raise RecordError(f"it is {_kind(doc)}, not a JSON object, so it is not a game record")
    if doc.get("format") != RECORD_FORMAT:
        raise RecordError(f"it is not a Meeple game record (its \"format\" is not \"{RECORD_FORMAT}\")")
    version = _int(_need(doc, "format_version"), "format_version", 1, INT64_MAX)
    if version > RECORD_VERSION:
        raise RecordError(
            f"it was written by a newer version of Meeple (record format {version}; this "
            f"version reads format {RECORD_VERSION}). Update Meeple to import it"
        )
    if "meeple_version" in doc:
        _text(doc["meeple_version"], "meeple_version", 64)
    game_id = _text(_need(doc, "game"), "game", 40)
    if not _GAME_ID_RE.fullmatch(game_id):
        raise RecordError(f"game {game_id!r} is not a valid game id")
    seats = _seats(_need(doc, "seats"))
    raw_moves = _need(doc, "moves")
    if not isinstance(raw_moves, list):
        raise RecordError(f"moves should be a list but is {_kind(raw_moves)}")
    if len(raw_moves) > MAX_MOVES:
        raise RecordError(f"it holds {len(raw_moves)} moves, more than any game has")
    moves = []
    for i, raw in enumerate(raw_moves):
        where = f"moves[{i}]"
        move = _obj(raw, where)
        seat = _int(_need(move, "seat", where), f"{where}.seat", 0, len(seats) - 1)
        action = _obj(_need(move, "action", where), f"{where}.action")
        moves.append((seat, action))
    over = _bool(doc["over"], "over") if "over" in doc else None
    raw_result = doc.get("result")
    return Record(
        game_id=game_id,
        title=_text(doc["title"], "title") if doc.get("title") is not None else None,
        created=_time(doc["created"], "created") if doc.get("created") is not None else None,
        updated=_time(doc["updated"], "updated") if doc.get("updated") is not None else None,
        options=_options(doc.get("options", {})),
        seats=seats,
        seed=_seed(_need(doc, "seed")),
        moves=tuple(moves),
        over=over,
        result=None if raw_result is None else _obj(raw_result, "result"),
    )


def _check_tree(value: Any, where: str, depth: int) -> None:
    """Refuse nesting deeper than a save allows, numbers beyond 64 bits and text that is
    not valid Unicode (lone surrogates), anywhere in the document."""
    if depth > MAX_DEPTH + 4:
        raise RecordError(f"{where} nests data more than {MAX_DEPTH} levels deep")
    if isinstance(value, str):
        if any(0xD800 <= ord(ch) < 0xE000 for ch in value):
            raise RecordError(f"{where} holds text that is not valid Unicode")
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int):
        if not INT64_MIN <= value <= INT64_MAX:
            raise RecordError(f"{where} holds a number too large for a game record")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _check_tree(item, _at(where, f"[{i}]"), depth + 1)
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_tree(key, f"a key in {where}", depth + 1)
            _check_tree(item, _at(where, f".{key[:40]}"), depth + 1)


def _at(where: str, suffix: str) -> str:
    base = "" if where == "the record" else where
    text = (base + suffix).lstrip(".")
    return text if len(text) <= 80 else text[:79] + "…"


_CHECKS = PlainChecks(RecordError, "an object")
_kind = _CHECKS.kind
_obj = _CHECKS.mapping
_text = _CHECKS.text
_int = _CHECKS.whole
_bool = _CHECKS.flag


def _need(table: Mapping[str, Any], key: str, where: str = "") -> Any:
    if key not in table:
        raise RecordError(f"{where + '.' if where else ''}{key} is missing")
    return table[key]


def _time(value: Any, where: str) -> str:
    text = _text(value, where, 64)
    try:
        return format_time(parse_time(text))
    except ValueError:
        raise RecordError(f"{where} is not a valid date and time ({text!r})") from None


def _seed(value: Any) -> int:
    if isinstance(value, str):
        if not _SEED_TEXT_RE.fullmatch(value):
            raise RecordError("seed should be a whole number written as decimal text")
        return _int(int(value), "seed", SEED_MIN, SEED_MAX)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > _SAFE_INT:
        raise RecordError("seed is a number beyond 2^53: write it as decimal text")
    return _int(value, "seed")


def _seats(raw: Any) -> tuple[Seat, ...]:
    if not isinstance(raw, list):
        raise RecordError(f"seats should be a list but is {_kind(raw)}")
    if not 1 <= len(raw) <= MAX_PLAYERS:
        raise RecordError(f"seats lists {len(raw)} players")
    seats = []
    for i, item in enumerate(raw):
        where = f"seats[{i}]"
        seat = _obj(item, where)
        name = _need(seat, "name", where)
        problem = check_player_name(name)
        if problem is not None:
            raise RecordError(f"{where}: {problem}")
        kind = _text(_need(seat, "controller", where), f"{where}.controller", 20)
        if kind == "human":
            controller = Controller()
        elif kind == "bot":
            level = _text(_need(seat, "level", where), f"{where}.level", 20)
            if level not in LEVELS:
                raise RecordError(f"{where}.level should be one of {', '.join(LEVELS)}, not {level!r}")
            controller = Controller("bot", level)
        else:
            raise RecordError(f"{where}.controller should be \"human\" or \"bot\", not {kind!r}")
        seats.append(Seat(index=i, name=name, controller=controller))
    return tuple(seats)


def _options(raw: Any) -> dict[str, str | int | bool]:
    return _CHECKS.options(raw, "options")


# --- replaying and importing ---------------------------------------------------------------


def replay_record(record: Record) -> Table[Any]:
    """The table a checked record describes, every move replayed with the rules; raises
    :class:`RecordError` for an unknown game, a player count or options the game does not
    take, a move that cannot be read or is illegal (named by its number, with the rules'
    reason), or a stated result or end that the replayed game does not have."""
    try:
        game = get_game(record.game_id)
    except UnknownGame:
        raise RecordError(f"it is a game of '{record.game_id}', which this version of Meeple does not have") from None
    info = game.info
    if not info.min_players <= len(record.seats) <= info.max_players:
        raise RecordError(f"it has {len(record.seats)} players, but {info.title} takes "
                          f"{info.min_players}–{info.max_players}")
    try:
        options = parse_options(game, record.options, len(record.seats))
    except ValueError as exc:
        raise RecordError(f"its options are not valid: {exc}") from None
    try:
        table = Table.new(game, record.seats, record.seed, options)
    except Exception as exc:  # a game refusing its set-up (a bug, or a seed it cannot take)
        raise RecordError(f"the game could not be set up ({_short(exc)})") from None
    for number, (seat, data) in enumerate(record.moves, start=1):
        name = record.seats[seat].name
        try:
            action = game.decode_action(to_plain(data))
        except Exception as exc:  # CorruptData, Invalid, or a decoder's bug
            raise RecordError(f"move {number} ({name}) cannot be read as a move of {info.title} "
                              f"({_short(exc)})") from None
        if table.is_over():
            raise RecordError(f"move {number} ({name}) comes after the end of the game")
        try:
            table.submit(seat, action)
        except Exception as exc:  # IllegalAction, or a bug in the rules
            raise RecordError(f"move {number} ({name}: {_describe(game, action)}) is illegal: "
                              f"{_short(exc)}") from None
    _check_end(record, game, table)
    return table


def _check_end(record: Record, game: Game[Any, Any], table: Table[Any]) -> None:
    """Refuse a record whose stated end or result the replayed game does not have."""
    over = table.is_over()
    if record.over is not None and record.over != over:
        said = "is over" if record.over else "goes on"
        raise RecordError(f"it says the game {said}, but its {len(record.moves)} moves "
                          f"{'end it' if over else 'do not end it'}")
    if record.result is None:
        return
    if not over:
        raise RecordError(f"it states a result, but its {len(record.moves)} moves do not end the game")
    replayed = result_data(game, table.state)
    for key in ("totals", "ranks"):
        _need(record.result, key, "result")
    for key, value in record.result.items():
        if key not in replayed:
            raise RecordError(f"result.{key[:40]} is not a part of a result")
        if _canonical(value) != _canonical(replayed[key]):
            raise RecordError(f"its result does not match the replayed game: result.{key} is "
                              f"{_shown(value)} in the record, {_shown(replayed[key])} when replayed")


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _shown(value: Any) -> str:
    text = _canonical(value)
    return text if len(text) <= 60 else text[:59] + "…"


def _describe(game: Game[Any, Any], action: Any) -> str:
    try:
        return _short(game.describe(action), 80)
    except Exception:
        return "a move"


def _short(exc: BaseException | str, limit: int = 160) -> str:
    text = str(exc) or type(exc).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


def import_record(data: bytes, directory: Path | str | None = None,
                  now: datetime | None = None) -> ImportedRecord:
    """Check and replay the record ``data`` and store it as a new save in ``directory``
    (default: the saves folder) under a name no save uses yet; returns where it went.

    The save keeps the record's title and times (``now``, default the current time, stands
    in for those it lacks). Raises :class:`RecordError` for a bad record and
    :class:`~saves.format.SaveError` when the save cannot be written; nothing is created
    then.
    """
    record = parse_record(data)
    table = replay_record(record)
    moment = now if now is not None else datetime.now(timezone.utc)
    created = parse_time(record.created) if record.created is not None else moment
    updated = parse_time(record.updated) if record.updated is not None else moment
    info = table.game.info
    title = record.title or f"{info.title}: {', '.join(seat.name for seat in table.seats)}"[:MAX_TEXT_LENGTH]
    path = new_save_path(info.title, directory, now=created.astimezone())
    save_table(table, path, title, created=created, now=updated)
    return ImportedRecord(name=path.name[: -len(SAVE_SUFFIX)], path=path, table=table, title=title)
