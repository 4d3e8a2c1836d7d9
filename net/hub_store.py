"""The hub's files: who is who (``people.json``) and each table's metadata and save.

Layout of the hub's directory::

    people.json          {"people": {key: name}}
    tables/t7.json       the table's metadata (see :class:`TableMeta`)
    tables/t7.toml       the running game's snapshot, an ordinary Meeple save (saves.store)
    tables/t7.journal    the game's changes since that snapshot (saves.journal)

Every write is atomic (:func:`saves.atomic.atomic_write`), so a hub killed at any moment
leaves each file as it was before or after the write; a journal is only appended to, and
a line cut short by a kill is dropped when it is read (:mod:`net.hub_saving`). Reading trusts nothing: a broken
file raises :class:`StoreError` with the reason and the hub skips it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.levels import LEVELS
from saves.atomic import atomic_write, read_capped, remove_stale_temps
from saves.format import check_player_name

MAX_META_BYTES = 1024 * 1024
"""Largest metadata or people file the hub reads."""

TABLE_ID = re.compile(r"t([1-9][0-9]{0,8})")
"""A table id: ``t`` and a number (``t1``, ``t2``...)."""

SEAT_KINDS = ("player", "open", "bot")
"""A seat holds a person (``player``), nobody yet (``open``) or a bot."""

# scrypt cost kept small: a check runs on the hub's loop (joins are rate limited).
_SCRYPT_N, _SCRYPT_R, _SCRYPT_P = 2**11, 8, 1


class StoreError(ValueError):
    """A hub file that cannot be used; ``str(error)`` says why."""


def hash_password(password: str) -> str:
    """A salted scrypt hash of ``password`` as text ("" for no password)."""
    if not password:
        return ""
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode("utf-8"), salt=salt, n=_SCRYPT_N, r=_SCRYPT_R, p=_SCRYPT_P)
    return f"scrypt${_SCRYPT_N}${_SCRYPT_R}${_SCRYPT_P}${salt.hex()}${digest.hex()}"


def check_password(stored: str, password: str) -> bool:
    """True if ``password`` matches ``stored`` (any password matches an empty hash)."""
    if not stored:
        return True
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        got = hashlib.scrypt(
            password.encode("utf-8"), salt=bytes.fromhex(salt), n=int(n), r=int(r), p=int(p)
        )
    except (ValueError, MemoryError):
        return False
    return hmac.compare_digest(got.hex(), digest)


@dataclass
class SeatInfo:
    """One seat of a hub table: ``kind`` (see :data:`SEAT_KINDS`), the person's ``key``,
    the bot's ``level``, and the ``name`` the game was set up with (once started)."""

    kind: str
    key: str = ""
    level: str = ""
    name: str = ""

    def to_plain(self) -> dict[str, str]:
        """The seat as JSON data."""
        return {"kind": self.kind, "key": self.key, "level": self.level, "name": self.name}


@dataclass
class TableMeta:
    """What a table's save file does not hold: its id, who sits where, its creator, the
    password hash, when it was created, its chat tail, whether the game has started, and
    whether its creator allows hints (the coach) to its players."""

    id: str
    game: str
    options: dict[str, Any]
    seats: list[SeatInfo]
    creator: str
    password: str = ""
    created: float = 0.0
    chat: list[dict[str, str]] = field(default_factory=list)
    started: bool = False
    hints: bool = False

    def to_plain(self) -> dict[str, Any]:
        """The metadata as JSON data."""
        return {
            "version": 1,
            "id": self.id,
            "game": self.game,
            "options": dict(self.options),
            "seats": [seat.to_plain() for seat in self.seats],
            "creator": self.creator,
            "password": self.password,
            "created": self.created,
            "chat": [dict(line) for line in self.chat],
            "started": self.started,
            "hints": self.hints,
        }


def _text(data: dict[str, Any], key: str, limit: int = 200) -> str:
    value = data.get(key)
    if not isinstance(value, str) or len(value) > limit:
        raise StoreError(f"{key} is not text")
    return value


def _seat_from(data: Any) -> SeatInfo:
    if not isinstance(data, dict):
        raise StoreError("a seat is not an object")
    seat = SeatInfo(_text(data, "kind"), _text(data, "key"), _text(data, "level"), _text(data, "name"))
    if seat.kind not in SEAT_KINDS:
        raise StoreError(f"unknown seat kind {seat.kind!r}")
    if seat.kind == "bot" and seat.level not in LEVELS:
        raise StoreError(f"unknown bot level {seat.level!r}")
    if seat.kind == "player" and not seat.key:
        raise StoreError("a player's seat has no key")
    if seat.name and check_player_name(seat.name) is not None:
        raise StoreError(f"bad seat name {seat.name!r}")
    return seat


def meta_from(data: Any) -> TableMeta:
    """Check and convert a table's metadata document; raises :class:`StoreError`."""
    if not isinstance(data, dict):
        raise StoreError("the metadata is not an object")
    table_id = _text(data, "id")
    if not TABLE_ID.fullmatch(table_id):
        raise StoreError(f"bad table id {table_id!r}")
    options = data.get("options")
    seats = data.get("seats")
    chat = data.get("chat")
    created = data.get("created")
    started = data.get("started")
    hints = data.get("hints", False)  # (a table saved before hints existed: off)
    if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
        raise StoreError("options are not an object")
    if not isinstance(seats, list) or not 1 <= len(seats) <= 8:
        raise StoreError("seats are not a list")
    if not isinstance(chat, list):
        raise StoreError("chat is not a list")
    if not isinstance(created, (int, float)) or isinstance(created, bool):
        raise StoreError("created is not a number")
    if not isinstance(started, bool):
        raise StoreError("started is not true or false")
    if not isinstance(hints, bool):
        raise StoreError("hints is not true or false")
    lines = []
    for line in chat:
        if not isinstance(line, dict):
            raise StoreError("a chat line is not an object")
        lines.append({"name": _text(line, "name"), "text": _text(line, "text", 1000)})
    return TableMeta(
        id=table_id,
        game=_text(data, "game"),
        options=dict(options),
        seats=[_seat_from(seat) for seat in seats],
        creator=_text(data, "creator"),
        password=_text(data, "password", 400),
        created=float(created),
        chat=lines,
        started=started,
        hints=hints,
    )


class HubStore:
    """Reads and writes the files of one hub directory."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.tables_dir = directory / "tables"

    def meta_path(self, table_id: str) -> Path:
        """The metadata file of a table."""
        return self.tables_dir / f"{table_id}.json"

    def save_path(self, table_id: str) -> Path:
        """The save file of a started table."""
        return self.tables_dir / f"{table_id}.toml"

    def journal_path(self, table_id: str) -> Path:
        """The journal of a started table: its changes since the save (:mod:`saves.journal`)."""
        return self.tables_dir / f"{table_id}.journal"

    def _read_json(self, path: Path) -> Any:
        try:
            raw = read_capped(path, MAX_META_BYTES)
        except OSError as exc:
            raise StoreError(f"{path.name} cannot be read ({exc})") from None
        try:
            return json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            raise StoreError(f"{path.name} is not JSON") from None

    def _write_json(self, path: Path, data: Any) -> None:
        atomic_write(path, json.dumps(data, ensure_ascii=True, sort_keys=True, indent=1).encode("ascii"))

    def tidy(self) -> int:
        """Remove the temporary files writes killed long ago left behind; returns how many."""
        return remove_stale_temps(self.directory, ".json") + remove_stale_temps(self.tables_dir)

    # --- people ----------------------------------------------------------------------------
    def load_people(self) -> dict[str, str]:
        """Key → name of every person seen; {} when there is no file yet."""
        path = self.directory / "people.json"
        if not path.exists():
            return {}
        data = self._read_json(path)
        people = data.get("people") if isinstance(data, dict) else None
        if not isinstance(people, dict):
            raise StoreError("people.json holds no people")
        good: dict[str, str] = {}
        for key, name in people.items():
            if isinstance(key, str) and isinstance(name, str) and check_player_name(name) is None:
                good[key] = name
        return good

    def save_people(self, people: dict[str, str]) -> None:
        """Write everyone's name (atomically); raises ``OSError``."""
        self._write_json(self.directory / "people.json", {"version": 1, "people": people})

    # --- tables ----------------------------------------------------------------------------
    def table_ids(self) -> list[str]:
        """Ids of every table with a file, in number order (broken ones included)."""
        if not self.tables_dir.is_dir():
            return []
        ids = set()
        for path in self.tables_dir.iterdir():
            stem = path.name.split(".", 1)[0]
            if TABLE_ID.fullmatch(stem):
                ids.add(stem)
        return sorted(ids, key=lambda table_id: int(table_id[1:]))

    def load_meta(self, table_id: str) -> TableMeta:
        """A table's metadata; raises :class:`StoreError`."""
        meta = meta_from(self._read_json(self.meta_path(table_id)))
        if meta.id != table_id:
            raise StoreError(f"{table_id}.json describes table {meta.id}")
        return meta

    def save_meta(self, meta: TableMeta) -> None:
        """Write a table's metadata (atomically); raises ``OSError``."""
        self._write_json(self.meta_path(meta.id), meta.to_plain())
