"""The save file format: its dataclasses, and the conversion to and from TOML documents.

A save file (format version 1) looks like this::

    [header]
    format_version = 1
    app_version = "0.1.0"
    game_id = "quadropolis"
    title = "Quadropolis"
    seed = 1234
    created = "2026-11-29T14:12:00Z"
    updated = "2026-11-29T14:40:12Z"
    progress = "Round 2/4"
    over = false
    players = [
        { name = "Ada", controller = "human", level = "" },
        { name = "Brook", controller = "bot", level = "hard" },
    ]

    [header.options]
    expert = false

    [header.result]    # only once the game is over (optional: older saves lack it)
    totals = [41, 37]  # final score per seat
    ranks = [1, 2]     # 1 for the winner(s); tied seats share a rank
    cooperative = false  # true: one team result (every seat the same row)

    [log]              # one entry per applied action, oldest first; action is
    moves = [          # the Game.encode_action output
        { seat = 0, action = { kind = "take", row = 2 } },
    ]

    [snapshot]
    hash = "<sha256 hex of the canonical JSON of state>"
    [snapshot.state]   # Game.encode_state output of the current state
    ...

Seeds outside the signed 64-bit range TOML allows are written as decimal text.

:func:`save_from_document` trusts nothing: every field is type- and range-checked, and any
problem raises :class:`SaveError` (via the internal :class:`Invalid`) with a plain-words
reason. Checks that need the game itself (is the game id known, player counts, options)
live in :mod:`saves.reading` and :mod:`saves.resume`.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from datetime import date, datetime, time, timezone
from pathlib import Path
from typing import Any, Callable, Mapping

from core import __version__
from core.levels import LEVELS
# The checks of untrusted text live in their own small module (settings read them at
# start-up); they are the format's too, so they are re-exported here.
from saves.checks import MAX_DEPTH as MAX_DEPTH
from saves.checks import MAX_KEY_PARTS as MAX_KEY_PARTS
from saves.checks import MAX_NAME_LENGTH as MAX_NAME_LENGTH
from saves.checks import SaveError as SaveError
from saves.checks import check_player_name as check_player_name
from saves.checks import has_bad_chars as has_bad_chars
from saves.checks import os_problem as os_problem
from saves.checks import toml_shape_problem as toml_shape_problem

FORMAT_VERSION = 1
"""The save format this code writes and the newest one it reads."""

MAX_FILE_SIZE = 4 * 1024 * 1024
"""Files bigger than this are refused without being parsed.

Real saves are 10–100 KiB. Python's ``tomllib`` parses hostile-but-valid TOML at roughly
0.3–1 MiB/s, so this cap keeps the worst case to seconds rather than minutes.
"""

MAX_PLAYERS = 16
MAX_TEXT_LENGTH = 200
MAX_OPTIONS = 64
INT64_MIN = -(1 << 63)
INT64_MAX = (1 << 63) - 1
SEED_MIN = -(1 << 127)
SEED_MAX = (1 << 128) - 1

_GAME_ID_RE = re.compile(r"[a-z][a-z0-9_-]{0,39}")
_OPTION_KEY_RE = re.compile(r"[A-Za-z0-9_-]{1,40}")
_HASH_RE = re.compile(r"[0-9a-f]{64}")
_SEED_TEXT_RE = re.compile(r"-?[0-9]{1,40}")


class Invalid(ValueError):
    """Internal: a document failed validation; ``args[0]`` is the plain-words reason."""


# --- small helpers ---------------------------------------------------------------------


def app_version() -> str:
    """The Meeple version that writes saves (:data:`core.__version__`, which a test keeps
    equal to the package's version); no package metadata is read at start-up."""
    return __version__


def format_time(moment: datetime) -> str:
    """ISO-8601 UTC text such as ``2026-11-29T14:12:00Z`` (naive times count as UTC)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_time(text: str) -> datetime:
    """Parse ISO-8601 text into an aware UTC datetime; raises ``ValueError`` if malformed."""
    if not isinstance(text, str) or len(text) > 64:
        raise ValueError("not a date and time")
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc)


def clean_player_name(name: str) -> str:
    """The nearest valid player name to ``name`` (used when writing, so saves always load)."""
    text = "".join(" " if has_bad_chars(ch) else ch for ch in str(name))
    text = text.replace("/", "-").replace("\\", "-").strip()[:MAX_NAME_LENGTH].strip()
    return text or "Player"


def clean_text(text: str, limit: int = MAX_TEXT_LENGTH) -> str:
    """``text`` without control characters and cut to ``limit`` characters (for writing)."""
    return "".join(" " if has_bad_chars(ch) else ch for ch in str(text))[:limit]


def describe_kind(value: object) -> str:
    """Plain words for the type of a TOML value ("text", "a whole number"...)."""
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, (datetime, date, time)):
        return "a date/time"
    if value is None:
        return "nothing (None)"
    return f"a {type(value).__name__}"


class PlainChecks:
    """Type and range checks of untrusted plain data: each returns the value it was given or
    raises ``error(reason)``. A save's TOML (:class:`Invalid`; a mapping is "a table") and a
    game record's JSON (:mod:`saves.records`; "an object") are checked in the same words."""

    def __init__(self, error: Callable[[str], Exception], mapping: str = "a table") -> None:
        self.error = error
        self.mapping_word = mapping

    def kind(self, value: object) -> str:
        """Plain words for the type of ``value``."""
        return self.mapping_word if isinstance(value, dict) else describe_kind(value)

    def mapping(self, value: Any, where: str) -> dict[str, Any]:
        """``value`` if it is a mapping."""
        if not isinstance(value, dict):
            raise self.error(f"{where} should be {self.mapping_word} but is {self.kind(value)}")
        return value

    def text(self, value: Any, where: str, limit: int = MAX_TEXT_LENGTH) -> str:
        """``value`` if it is text of at most ``limit`` characters, none a control character."""
        if not isinstance(value, str):
            raise self.error(f"{where} should be text but is {self.kind(value)}")
        if len(value) > limit:
            raise self.error(f"{where} is longer than {limit} characters")
        if has_bad_chars(value):
            raise self.error(f"{where} contains control characters")
        return value

    def whole(self, value: Any, where: str, lo: int = INT64_MIN, hi: int = INT64_MAX) -> int:
        """``value`` if it is a whole number from ``lo`` to ``hi``."""
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(f"{where} should be a whole number but is {self.kind(value)}")
        if not lo <= value <= hi:
            raise self.error(f"{where} is out of range ({value if abs(value) < 10**30 else 'huge'})")
        return value

    def flag(self, value: Any, where: str) -> bool:
        """``value`` if it is true or false."""
        if not isinstance(value, bool):
            raise self.error(f"{where} should be true or false but is {self.kind(value)}")
        return value

    def options(self, value: Any, where: str) -> dict[str, str | int | bool]:
        """A game's options: at most :data:`MAX_OPTIONS` names, each of text, a whole number
        or true/false (whether the game knows them is checked against the game)."""
        table = self.mapping(value, where)
        if len(table) > MAX_OPTIONS:
            raise self.error(f"{where} has too many entries")
        options: dict[str, str | int | bool] = {}
        for key, option in table.items():
            if not _OPTION_KEY_RE.fullmatch(key):
                raise self.error(f"{where} has an invalid option name {key[:40]!r}")
            named = f"{where}.{key}"
            if isinstance(option, bool):
                options[key] = option
            elif isinstance(option, int):
                options[key] = self.whole(option, named)
            elif isinstance(option, str):
                options[key] = self.text(option, named)
            else:
                raise self.error(f"{named} should be text, a whole number or true/false")
        return options


def to_plain(value: Any, where: str = "value", depth: int = 0) -> Any:
    """Check that ``value`` is plain save data and return a normalised copy.

    Plain data is text, whole numbers within 64 bits, true/false, lists and tables with
    text keys, nested at most :data:`MAX_DEPTH` deep. Tuples become lists. Anything else
    (decimals, dates, None, objects, huge numbers, deep nesting) raises :class:`Invalid`.
    """
    if depth > MAX_DEPTH:
        raise Invalid(f"{where} is nested more than {MAX_DEPTH} levels deep")
    if isinstance(value, bool) or isinstance(value, str):
        return value
    if isinstance(value, int):
        if not INT64_MIN <= value <= INT64_MAX:
            raise Invalid(f"{where} holds a number too large for a save file")
        return value
    if isinstance(value, (list, tuple)):
        return [to_plain(item, _child(where, f"[{i}]"), depth + 1) for i, item in enumerate(value)]
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise Invalid(f"{where} has a key that is not text ({str(key)[:40]!r})")
            out[key] = to_plain(item, _child(where, f".{key}"), depth + 1)
        return out
    raise Invalid(
        f"{where} is {describe_kind(value)}; only text, whole numbers, true/false, lists "
        "and tables are allowed"
    )


def _child(where: str, suffix: str) -> str:
    """``where + suffix`` for error messages, shortened with "…" once it gets long."""
    if where.endswith("…"):
        return where
    if len(where) + len(suffix) > 80:
        return where + "…"
    return where + suffix


def state_hash(snapshot: Any) -> str:
    """SHA-256 hex digest of the canonical JSON dump (sorted keys, no spaces) of plain data."""
    text = json.dumps(
        snapshot, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# --- the dataclasses ---------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerRecord:
    """A seat as saved: the player's name and controller kind ("human"/"bot") and level."""

    name: str
    kind: str = "human"
    level: str = ""


@dataclass(frozen=True)
class SaveResult:
    """A finished game's result as saved: each seat's final score and rank.

    ``ranks[seat]`` is 1 for the winner(s), tied seats sharing a rank, as
    :class:`core.engine.Result` has them. ``cooperative`` marks a team game's result
    (:attr:`core.engine.Game.cooperative`): every seat has the same total and rank, 1 when
    the team won and 2 when it lost.
    """

    totals: tuple[int, ...]
    ranks: tuple[int, ...]
    cooperative: bool = False

    def win_share(self, seat: int) -> float:
        """What ``seat`` won: 1 alone in first place, 1/k sharing it among k seats, else 0;
        in a team game 1 for every seat when the team won."""
        if self.ranks[seat] != 1:
            return 0.0
        if self.cooperative:
            return 1.0
        return 1.0 / sum(1 for rank in self.ranks if rank == 1)

    @property
    def team_won(self) -> bool:
        """For a team result: True when the team won."""
        return bool(self.ranks) and self.ranks[0] == 1


@dataclass(frozen=True)
class SaveHeader:
    """Everything a listing shows about a save, without touching the game log."""

    format_version: int
    app_version: str
    game_id: str
    title: str
    options: dict[str, str | int | bool]
    players: tuple[PlayerRecord, ...]
    seed: int
    created: str
    updated: str
    progress: str = ""
    over: bool = False
    result: SaveResult | None = None
    """The final scores and ranks, kept once the game is over (None before, and in saves
    written before results were kept)."""

    @property
    def created_at(self) -> datetime:
        """``created`` as an aware UTC datetime."""
        return parse_time(self.created)

    @property
    def updated_at(self) -> datetime:
        """``updated`` as an aware UTC datetime."""
        return parse_time(self.updated)


@dataclass(frozen=True)
class LogRecord:
    """One logged action as saved: the seat and the game's plain-data action encoding."""

    seat: int
    action: dict[str, Any]


@dataclass(frozen=True)
class SaveFile:
    """A whole save: header, action log, snapshot of the current state and its hash."""

    header: SaveHeader
    log: tuple[LogRecord, ...]
    snapshot: dict[str, Any]
    snapshot_hash: str

    @property
    def snapshot_ok(self) -> bool:
        """True if the stored hash matches the stored snapshot (it was not damaged)."""
        return state_hash(self.snapshot) == self.snapshot_hash


@dataclass(frozen=True)
class UndecodedAction:
    """A logged action the current rules can no longer decode, kept verbatim.

    Appears in ``Table.log`` only for games resumed from their snapshot; saving such a
    table writes ``data`` back unchanged, so no history is lost.
    """

    data_json: str = field(compare=True)

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> "UndecodedAction":
        """Wrap plain action data."""
        return cls(json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False))

    @property
    def data(self) -> dict[str, Any]:
        """The original plain action data."""
        value = json.loads(self.data_json)
        return value if isinstance(value, dict) else {}

    def __str__(self) -> str:
        return "(a move recorded by an older version)"


# --- writing -------------------------------------------------------------------------------


def save_to_document(save: SaveFile) -> dict[str, Any]:
    """The TOML document (plain dict for ``tomli_w``) for a save."""
    return {
        "header": header_to_document(save.header),
        "log": {"moves": [{"seat": r.seat, "action": r.action} for r in save.log]},
        "snapshot": {"hash": save.snapshot_hash, "state": save.snapshot},
    }


def header_to_document(h: SaveHeader) -> dict[str, Any]:
    """The ``[header]`` table of a save (plain data that :func:`header_from_document` reads)."""
    seed: int | str = h.seed if INT64_MIN <= h.seed <= INT64_MAX else str(h.seed)
    doc: dict[str, Any] = {
        "format_version": h.format_version,
        "app_version": h.app_version,
        "game_id": h.game_id,
        "title": h.title,
        "seed": seed,
        "created": h.created,
        "updated": h.updated,
        "progress": h.progress,
        "over": h.over,
        "players": [{"name": p.name, "controller": p.kind, "level": p.level} for p in h.players],
        "options": dict(h.options),
    }
    if h.result is not None:
        doc["result"] = result_to_document(h.result)
    return doc


def result_to_document(result: SaveResult) -> dict[str, Any]:
    """The ``[header.result]`` table of a finished game's save."""
    return {"totals": list(result.totals), "ranks": list(result.ranks),
            "cooperative": result.cooperative}


# --- reading -------------------------------------------------------------------------------


def _need(table: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in table:
        if where == "file":
            raise Invalid(f"the [{key}] section is missing")
        raise Invalid(f"the key '{key}' is missing from [{where}]")
    return table[key]


_CHECKS = PlainChecks(Invalid)
_table = _CHECKS.mapping
_text = _CHECKS.text
_int = _CHECKS.whole
_bool = _CHECKS.flag


def _time(value: Any, where: str) -> str:
    text = _text(value, where, 64)
    try:
        parse_time(text)
    except ValueError:
        raise Invalid(f"{where} is not a valid date and time ({text!r})") from None
    return text


def _seed(value: Any) -> int:
    if isinstance(value, str):
        if not _SEED_TEXT_RE.fullmatch(value):
            raise Invalid("header.seed should be a whole number")
        value = int(value)
        return _int(value, "header.seed", SEED_MIN, SEED_MAX)
    return _int(value, "header.seed")


def check_format_version(doc: Mapping[str, Any]) -> int:
    """The format version of a parsed document; raises :class:`Invalid` if unreadable."""
    header = _table(_need(doc, "header", "file"), "[header]")
    version = _need(header, "format_version", "header")
    version = _int(version, "header.format_version", 1, INT64_MAX)
    if version > FORMAT_VERSION:
        raise Invalid(
            f"it was written by a newer version of Meeple (save format {version}; this "
            f"version reads format {FORMAT_VERSION} and older). Update Meeple to open it"
        )
    return version


def result_from_document(raw: Any, players: int, over: bool = True) -> SaveResult | None:
    """The ``[header.result]`` table checked against the header's player count and ``over``
    (None when absent); raises :class:`Invalid`."""
    if raw is None:
        return None
    table = _table(raw, "header.result")
    if not over:
        raise Invalid("header.result is set, but the game is not over")
    rows = []
    for key in ("totals", "ranks"):
        values = _need(table, key, "header.result")
        if not isinstance(values, list):
            raise Invalid(f"header.result.{key} should be a list but is {describe_kind(values)}")
        if len(values) != players:
            raise Invalid(f"header.result.{key} has {len(values)} entries for {players} players")
        # (a lost team game ranks every seat 2, also a team of one)
        lo, hi = (1, max(players, 2)) if key == "ranks" else (INT64_MIN, INT64_MAX)
        rows.append(tuple(_int(v, f"header.result.{key}[{i}]", lo, hi) for i, v in enumerate(values)))
    totals, ranks = rows
    cooperative = _bool(table.get("cooperative", False), "header.result.cooperative")
    if cooperative and (len(set(totals)) != 1 or len(set(ranks)) != 1 or ranks[0] > 2):
        raise Invalid("header.result is a team result, but its seats differ")
    if not cooperative and 1 not in ranks:
        raise Invalid("header.result ranks no seat first")
    return SaveResult(totals=totals, ranks=ranks, cooperative=cooperative)


def header_from_document(doc: Mapping[str, Any]) -> SaveHeader:
    """Validate and build the header of a parsed document; raises :class:`Invalid`."""
    if not isinstance(doc, dict) or "header" not in doc:
        raise Invalid("it has no [header] section, so it is not a Meeple save")
    version = check_format_version(doc)
    h = _table(doc["header"], "[header]")
    game_id = _text(_need(h, "game_id", "header"), "header.game_id", 40)
    if not _GAME_ID_RE.fullmatch(game_id):
        raise Invalid(f"header.game_id {game_id!r} is not a valid game id")
    raw_players = _need(h, "players", "header")
    if not isinstance(raw_players, list):
        raise Invalid(f"header.players should be a list but is {describe_kind(raw_players)}")
    if not 1 <= len(raw_players) <= MAX_PLAYERS:
        raise Invalid(f"header.players lists {len(raw_players)} players")
    players = []
    for i, raw in enumerate(raw_players):
        where = f"header.players[{i}]"
        p = _table(raw, where)
        name = _need(p, "name", where)
        problem = check_player_name(name)
        if problem is not None:
            raise Invalid(f"{where}: {problem}")
        kind = _text(_need(p, "controller", where), f"{where}.controller", 20)
        level = _text(p.get("level", ""), f"{where}.level", 20)
        if kind not in ("human", "bot"):
            raise Invalid(f"{where}.controller should be 'human' or 'bot', not {kind!r}")
        if kind == "bot" and level not in LEVELS:
            raise Invalid(f"{where}.level should be one of {', '.join(LEVELS)}, not {level!r}")
        players.append(PlayerRecord(name=name, kind=kind, level=level if kind == "bot" else ""))
    options = _CHECKS.options(h.get("options", {}), "header.options")
    over = _bool(h.get("over", False), "header.over")
    return SaveHeader(
        format_version=version,
        app_version=_text(_need(h, "app_version", "header"), "header.app_version", 64),
        game_id=game_id,
        title=_text(_need(h, "title", "header"), "header.title"),
        options=options,
        players=tuple(players),
        seed=_seed(_need(h, "seed", "header")),
        created=_time(_need(h, "created", "header"), "header.created"),
        updated=_time(_need(h, "updated", "header"), "header.updated"),
        progress=_text(h.get("progress", ""), "header.progress"),
        over=over,
        result=result_from_document(h.get("result"), len(players), over),
    )


def log_record_from(raw: Any, where: str, players: int) -> LogRecord:
    """One logged move (``{seat, action}``) checked as a save's log holds it: a seat of a
    ``players``-seat game and plain action data (a journal's lines are checked the same,
    :mod:`saves.journal`); raises :class:`Invalid`."""
    entry = _table(raw, where)
    seat = _int(_need(entry, "seat", where), f"{where}.seat", 0, players - 1)
    action = to_plain(_table(_need(entry, "action", where), f"{where}.action"), f"{where}.action")
    return LogRecord(seat=seat, action=action)


def save_from_document(doc: Mapping[str, Any]) -> SaveFile:
    """Validate and build a whole save from a parsed document; raises :class:`Invalid`."""
    header = header_from_document(doc)
    log_table = _table(_need(doc, "log", "file"), "[log]")
    raw_log = _need(log_table, "moves", "log")
    if not isinstance(raw_log, list):
        raise Invalid(f"log.moves should be a list but is {describe_kind(raw_log)}")
    log = [log_record_from(raw, f"log.moves[{i}]", len(header.players)) for i, raw in enumerate(raw_log)]
    snap = _table(_need(doc, "snapshot", "file"), "[snapshot]")
    digest = _text(_need(snap, "hash", "snapshot"), "snapshot.hash", 64)
    if not _HASH_RE.fullmatch(digest):
        raise Invalid("snapshot.hash is not a SHA-256 hex digest")
    state = to_plain(_table(_need(snap, "state", "snapshot"), "snapshot.state"), "snapshot.state")
    return SaveFile(header=header, log=tuple(log), snapshot=state, snapshot_hash=digest)
