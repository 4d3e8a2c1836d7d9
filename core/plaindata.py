"""Checks for plain data (dicts, lists, strings, ints, bools) shared by the game packages.

Two kinds of plain data reach the games from outside: encoded states and actions (saves,
views), which must raise :class:`~core.engine.CorruptData`, and the content files in
``seeds/<game>/``, which raise each game's own ``ContentError``. Every check here therefore
takes ``error``: the exception class to raise (any callable from a message to an exception
works), :class:`~core.engine.CorruptData` by default.

Messages name what was checked (``what``, or ``where`` and ``key``) and the bad value, e.g.
``"round must be a whole number 1..4, got 7"``. :func:`prefixed` puts a fixed context such
as ``"Quadropolis state"`` in front of every ``CorruptData`` a decoder raises.
"""

from __future__ import annotations

import functools
import tomllib
from importlib.resources import files
from typing import Any, Callable, Iterable, Mapping, ParamSpec, Sequence, TypeVar

from core.engine import CorruptData
from core.rng import Rng

ErrorFactory = Callable[[str], Exception]
P = ParamSpec("P")
R = TypeVar("R")


def prefixed(prefix: str) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Decorator: every :class:`CorruptData` the function raises reads ``"<prefix>: <reason>"``.

    Meant for a game's ``decode_state``, so that the checks inside it can raise plain
    ``CorruptData("first must be ...")`` and the player still learns which game's data is bad.
    """

    def decorate(func: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(func)
        def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
            try:
                return func(*args, **kwargs)
            except CorruptData as exc:
                raise CorruptData(f"{prefix}: {exc}") from None

        return wrapper

    return decorate


def _name(where: str, key: str) -> str:
    return f"{where}: {key}" if where else key


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def whole(value: Any, what: str, lo: int, hi: int, error: ErrorFactory = CorruptData) -> int:
    """``value`` if it is a whole number in ``lo..hi`` (bools are not numbers); else raises ``error``."""
    if not _is_whole(value) or not lo <= value <= hi:
        raise error(f"{what} must be a whole number {lo}..{hi}, got {value!r}")
    return int(value)


def whole_in(
    table: Any, key: str, lo: int, hi: int, where: str = "", error: ErrorFactory = CorruptData
) -> int:
    """``table[key]`` checked by :func:`whole` (a missing key, or no table, reads as None).

    The message names ``"<where>: <key>"``, or just ``key`` without ``where``.
    """
    value = table.get(key) if isinstance(table, Mapping) else None
    return whole(value, _name(where, key), lo, hi, error)


def bool_in(table: Any, key: str, where: str = "", error: ErrorFactory = CorruptData) -> bool:
    """``table[key]`` if it is true or false (a missing key, or no table, reads as None)."""
    value = table.get(key) if isinstance(table, Mapping) else None
    if not isinstance(value, bool):
        raise error(f"{_name(where, key)} must be true or false, got {value!r}")
    return value


def as_list(value: Any, what: str, length: int | None = None, error: ErrorFactory = CorruptData) -> list[Any]:
    """``value`` itself if it is a list (of exactly ``length`` entries, when given); else raises ``error``."""
    if not isinstance(value, list):
        raise error(f"{what} must be a list, got {type(value).__name__}")
    if length is not None and len(value) != length:
        raise error(f"{what} must have {length} entries, got {len(value)}")
    return value


def whole_list(
    value: Any,
    what: str,
    length: int | None = None,
    lo: int | None = None,
    hi: int | None = None,
    error: ErrorFactory = CorruptData,
) -> list[int]:
    """A copy of ``value`` if it is a list (see :func:`as_list`) of whole numbers.

    With ``lo`` and ``hi`` every entry must also lie in ``lo..hi``.
    """
    items = as_list(value, what, length, error)
    for item in items:
        if not _is_whole(item) or not (lo is None or hi is None or lo <= item <= hi):
            limits = "" if lo is None or hi is None else f" {lo}..{hi}"
            raise error(f"{what} entries must be whole numbers{limits}, got {item!r}")
    return list(items)


def as_table(value: Any, what: str, error: ErrorFactory = CorruptData) -> dict[str, Any]:
    """``value`` itself if it is a table (a dict); else raises ``error``."""
    if not isinstance(value, dict):
        raise error(f"{what} must be a table, got {type(value).__name__}")
    return value


def section(data: Mapping[str, Any], key: str, where: str, error: ErrorFactory = CorruptData) -> Mapping[str, Any]:
    """The sub-table ``data[key]`` of a content file, or ``"<where>: missing section [<key>]"``."""
    value = data.get(key)
    if not isinstance(value, Mapping):
        raise error(f"{where}: missing section [{key}]")
    return value


def check_keys(
    data: Mapping[str, Any],
    required: Iterable[str],
    optional: Iterable[str] = (),
    what: str = "",
    error: ErrorFactory = CorruptData,
) -> None:
    """Require every key of ``required`` in ``data`` and no key outside ``required`` and ``optional``.

    The message lists both sides: ``"<what>: missing fields [...], unknown fields [...]"``.
    """
    need = frozenset(required)
    allowed = need | frozenset(optional)
    keys = set(data)
    if not need <= keys or keys - allowed:
        message = f"missing fields {sorted(need - keys)}, unknown fields {sorted(keys - allowed)}"
        raise error(_name(what, message))


def check_format(value: Any, version: int, error: ErrorFactory = CorruptData) -> None:
    """Require the encoding's ``format`` number to be ``version`` (``true`` is not 1)."""
    if value != version or isinstance(value, bool):
        raise error(f"unsupported format {value!r}")


def player_names(value: Any, lo: int, hi: int, error: ErrorFactory = CorruptData) -> tuple[str, ...]:
    """The ``names`` list of a state as a tuple: ``lo..hi`` strings, else raises ``error``."""
    names = as_list(value, "names", error=error)
    if not lo <= len(names) <= hi:
        raise error(f"{len(names)} players (allowed {lo}-{hi})")
    if not all(isinstance(name, str) for name in names):
        raise error("player names must be strings")
    return tuple(names)


def refuse_problems(found: Sequence[str], error: ErrorFactory = CorruptData) -> None:
    """Raise ``error`` naming the first three of a decoded state's ``problems``, if any."""
    if found:
        raise error("; ".join(found[:3]))


def decode_rng(value: Any, error: ErrorFactory = CorruptData) -> Rng:
    """A random generator from its encoding (see :meth:`core.rng.Rng.decode`)."""
    try:
        return Rng.decode(value)
    except ValueError as exc:
        raise error(f"rng: {exc}") from None


def one_of(value: Any, what: str, names: Sequence[str], error: ErrorFactory = CorruptData) -> int:
    """The position of ``value`` in ``names`` (a sequence of strings); else raises ``error``."""
    if not isinstance(value, str) or value not in names:
        raise error(f"{what} must be one of {', '.join(names)}, got {value!r}")
    return names.index(value)


def lookup(
    value: Any,
    what: str,
    ids: Mapping[str, int],
    noun: str,
    allow_empty: bool = False,
    error: ErrorFactory = CorruptData,
) -> int:
    """``ids[value]`` for a known id, or ``-1`` for ``""`` when ``allow_empty``.

    Otherwise raises ``"<what>: unknown <noun> <value>"``.
    """
    if allow_empty and value == "":
        return -1
    if not isinstance(value, str) or value not in ids:
        raise error(f"{what}: unknown {noun} {value!r}")
    return ids[value]


def read_seed_toml(game: str, name: str, error: type[Exception]) -> dict[str, Any]:
    """Parse the TOML file ``seeds/<game>/<name>`` shipped with the package.

    An unreadable file or invalid TOML raises ``error`` naming the file and the reason.
    """
    path = files("seeds") / game / name
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise error(f"seeds/{game}/{name}: cannot read ({exc})") from None
    except tomllib.TOMLDecodeError as exc:
        raise error(f"seeds/{game}/{name}: not valid TOML ({exc})") from None
