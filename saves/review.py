"""The post-game review kept in a save file: its ``[review]`` section.

A review (:mod:`core.ai.review`) values every decision of a finished game's human seats,
which takes a while, so what is valued is kept in the game's own save file and a review
opened again goes on from there. The section sits after the game's parts::

    [review]
    version = 1
    game = "<sha256 hex of the game: id, seed, options, players and moves>"

    [[review.decisions]]
    index = 11            # the move's place in [log] moves (0-based)
    seat = 0
    played = { kind = "take", row = 2 }
    played_text = "Take the Park (row 2)"
    best = { kind = "take", row = 1 }
    best_text = "Take the Bank (row 1)"
    played_value = 1.5    # in unit: "points" (final margin) or "chance" (team's, 0 to 1)
    best_value = 4.25
    spread = 0.8
    loss = 2.75
    unit = "points"
    level = "hard"
    coach_version = 1

Old saves have no section and load as before; the game's parts never depend on it (loading
a game, :mod:`saves.resume`, does not read it). A section that does not belong to the game
beside it, or that fails any check, is dropped with a one-line warning
(:attr:`ReviewSource.warning`): its decisions are valued again, the game itself still
loads. :func:`write_review` adds decisions atomically (:func:`saves.atomic.atomic_write`)
and leaves the game's parts as they were, byte for byte where the file is one Meeple wrote;
:func:`carry_review` keeps the section when a finished game's save is written again.
"""

from __future__ import annotations

import math
import threading
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

import tomli_w

from core.ai.coach import Hint, hint
from core.levels import COACH_LEVELS
from core.ai.review import Decision, Progress, Review, Stop, review
from core.table import Table
from saves.atomic import atomic_write, read_capped
from saves.format import (
    MAX_FILE_SIZE,
    Invalid,
    _int,
    _table,
    _text,
    SaveError,
    SaveFile,
    UndecodedAction,
    describe_kind,
    os_problem,
    state_hash,
    to_plain,
)
from saves.reading import _MIB, _load_document, read_save_document, resolve_save
from saves.resume import LoadedGame, open_save

WRITE_EVERY = 3
"""A review running on a save (:func:`run_review`) writes its decisions after this many."""

SECTION = "review"
"""The key of the review section in a save document."""

REVIEW_VERSION = 1
"""The layout of the section this code writes and reads."""

UNITS = ("points", "chance")
MAX_VALUE = 1e9
MAX_MOVE_TEXT = 400
_MARKER = f"\n[{SECTION}]\n"
_WRITING = threading.Lock()
"""One review write at a time in this process: each reads the section, merges and writes."""


@dataclass(frozen=True)
class ReviewSource:
    """A save opened for a review: the resumed game (``loaded``), the key of its game part
    (``game``), the decisions its review section already holds and the warning, if that
    section was damaged and dropped."""

    loaded: LoadedGame
    game: str
    decisions: tuple[Decision, ...]
    warning: str | None = None

    @property
    def path(self) -> Path:
        """The save file."""
        return self.loaded.path

    @property
    def table(self) -> Table[Any]:
        """The finished game, replayed."""
        return self.loaded.table


# --- the game a review belongs to ---------------------------------------------------------


def game_key(save: SaveFile) -> str:
    """The key of a save's game part: a hash of its game id, seed, options, players and
    moves (a review belongs to that very game and to no other)."""
    header = save.header
    return state_hash({
        "game": header.game_id,
        "seed": str(header.seed),
        "options": {key: header.options[key] for key in sorted(header.options)},
        "players": [[p.name, p.kind, p.level] for p in header.players],
        "moves": [{"seat": record.seat, "action": record.action} for record in save.log],
    })


def review_problem(table: Table[Any]) -> str | None:
    """Why the game at ``table`` cannot be reviewed (in words a player reads), or None.

    Reviews are for finished games with a human seat whose moves replay from the start.
    """
    if not table.is_over():
        return "the game is not over yet (reviews are for finished games)"
    if not table.human_seats():
        return "no human played in it (a review values the human players' decisions)"
    if any(isinstance(entry.action, UndecodedAction) for entry in table.log):
        return "its moves were recorded by another version of Meeple and no longer replay"
    return None


# --- reading ------------------------------------------------------------------------------


def open_review(name_or_path: str | Path) -> ReviewSource:
    """Open a save for its review: the game resumed (:func:`saves.resume.open_save`) and
    the decisions already valued. Raises :class:`SaveError` when the save cannot be found
    or read, or its game cannot be reviewed (:func:`review_problem`); a damaged review
    section only gives a warning."""
    path = resolve_save(name_or_path)
    doc, save = read_save_document(path)
    loaded = open_save(path)
    problem = review_problem(loaded.table)
    if problem is not None:
        raise SaveError(path, f"it cannot be reviewed: {problem}")
    key = game_key(save)
    decisions, warning = _decisions_or_warning(path, doc, key, len(save.log), len(save.header.players))
    return ReviewSource(loaded, key, decisions, warning)


def _decisions_or_warning(path: Path, doc: Mapping[str, Any], key: str, moves: int,
                          seats: int) -> tuple[tuple[Decision, ...], str | None]:
    try:
        return review_from_document(doc, key, moves, seats), None
    except Invalid as exc:
        return (), (f"The review kept in save file '{path.name}' was dropped ({exc}); "
                    "its decisions will be valued again.")


def review_from_document(doc: Mapping[str, Any], key: str, moves: int, seats: int) -> tuple[Decision, ...]:
    """The decisions of a parsed save document's review section (none without one), for
    the game with key ``key``, ``moves`` moves and ``seats`` seats. Trusts nothing: any
    problem raises :class:`~saves.format.Invalid` with the reason."""
    if SECTION not in doc:
        return ()
    section = _table(doc[SECTION], "[review]")
    version = _int(section.get("version"), "review.version", 1, 1 << 31)
    if version > REVIEW_VERSION:
        raise Invalid("it was written by a newer version of Meeple")
    if section.get("game") != key:
        raise Invalid("it is the review of another game")
    raw = section.get("decisions", [])
    if not isinstance(raw, list):
        raise Invalid(f"review.decisions should be a list but is {describe_kind(raw)}")
    if len(raw) > moves:
        raise Invalid("it holds more decisions than the game has moves")
    decisions: dict[int, Decision] = {}
    for i, item in enumerate(raw):
        decision = _decision(_table(item, f"review.decisions[{i}]"), f"review.decisions[{i}]", moves, seats)
        if decision.index in decisions:
            raise Invalid(f"move {decision.move_number} is valued twice")
        decisions[decision.index] = decision
    return tuple(decisions[i] for i in sorted(decisions))


def _decision(item: Mapping[str, Any], where: str, moves: int, seats: int) -> Decision:
    unit = _text(item.get("unit"), f"{where}.unit", 20)
    if unit not in UNITS:
        raise Invalid(f"{where}.unit should be one of {', '.join(UNITS)}, not {unit!r}")
    level = _text(item.get("level"), f"{where}.level", 20)
    if level not in COACH_LEVELS:
        raise Invalid(f"{where}.level should be one of {', '.join(COACH_LEVELS)}, not {level!r}")
    loss = _number(item.get("loss"), f"{where}.loss")
    if loss < 0:
        raise Invalid(f"{where}.loss is negative")
    return Decision(
        index=_int(item.get("index"), f"{where}.index", 0, moves - 1),
        seat=_int(item.get("seat"), f"{where}.seat", 0, seats - 1),
        played=_action(item.get("played"), f"{where}.played"),
        played_text=_text(item.get("played_text"), f"{where}.played_text", MAX_MOVE_TEXT),
        best=_action(item.get("best"), f"{where}.best"),
        best_text=_text(item.get("best_text"), f"{where}.best_text", MAX_MOVE_TEXT),
        played_value=_number(item.get("played_value"), f"{where}.played_value"),
        best_value=_number(item.get("best_value"), f"{where}.best_value"),
        spread=_number(item.get("spread"), f"{where}.spread"),
        loss=loss,
        unit=unit,
        level=level,
        coach_version=_int(item.get("coach_version"), f"{where}.coach_version", 1, 1 << 31),
    )


def _number(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise Invalid(f"{where} should be a number but is {describe_kind(value)}")
    if not math.isfinite(value) or abs(value) > MAX_VALUE:
        raise Invalid(f"{where} is not a usable number")
    return float(value)


def _action(value: Any, where: str) -> dict[str, Any]:
    plain = to_plain(_table(value, where), where)
    assert isinstance(plain, dict)
    return plain


# --- running -------------------------------------------------------------------------------


def run_review(source: ReviewSource, level: str, should_stop: Stop | None = None,
               progress: Progress | None = None, failed: Callable[[str], None] | None = None,
               every: int = WRITE_EVERY, hinter: Callable[..., Hint] = hint) -> Review:
    """Review the game of ``source`` at ``level`` (:func:`core.ai.review.review`), going on
    from the decisions its save holds and writing the new ones into it as it goes: after
    ``every`` of them, and when it ends, is stopped or fails (what was valued is kept).

    A failed write is told to ``failed`` once (the review goes on; the decisions are tried
    again with the next write). ``hinter`` works out each hint (see
    :func:`core.ai.review.value`). Raises what the review raises (:class:`IllegalAction` when
    the moves do not replay).
    """
    writer = _Writer(source, failed, every)
    table = source.table
    try:
        return review(
            table.game, [seat.name for seat in table.seats], table.seed, table.options,
            table.actions(), table.human_seats(), level, done=source.decisions,
            should_stop=should_stop, progress=progress, valued=writer.add, hinter=hinter,
        )
    finally:
        writer.flush()


class _Writer:
    """Keeps a running review's new decisions in its save, every ``every`` and when flushed."""

    def __init__(self, source: ReviewSource, failed: Callable[[str], None] | None, every: int) -> None:
        self.source = source
        self.failed = failed
        self.every = max(1, every)
        self.pending: list[Decision] = []
        self.told = False

    def add(self, decision: Decision) -> None:
        """A newly valued decision: written with the next few."""
        self.pending.append(decision)
        if len(self.pending) >= self.every:
            self.flush()

    def flush(self) -> None:
        """Write what is pending now (a failure is told once; they stay pending)."""
        if not self.pending:
            return
        try:
            write_review(self.source.path, self.source.game, self.pending)
        except SaveError as exc:
            if not self.told and self.failed is not None:
                self.told = True
                self.failed(str(exc))
            return
        self.pending = []


# --- writing ------------------------------------------------------------------------------


def review_to_document(key: str, decisions: Sequence[Decision]) -> dict[str, Any]:
    """The review section (plain data for ``tomli_w``) of the game ``key``, in log order."""
    ordered = sorted(decisions, key=lambda d: d.index)
    return {"version": REVIEW_VERSION, "game": key, "decisions": [d.to_data() for d in ordered]}


def write_review(path: Path | str, key: str, decisions: Sequence[Decision]) -> int:
    """Keep ``decisions`` in the review section of the save at ``path`` (whose game part
    has the key ``key``), with those already there (a decision of the same move is
    replaced); returns how many the section holds.

    The write is atomic and the game's parts stay as they were. Raises :class:`SaveError`
    if the file cannot be read or written or now holds another game (nothing is written).
    """
    with _WRITING:
        return _write_review(Path(path), key, decisions)


def _write_review(file: Path, key: str, decisions: Sequence[Decision]) -> int:
    doc, save = read_save_document(file)
    if game_key(save) != key:
        raise SaveError(file, "it now holds another game, so the review was not written into it")
    try:
        kept = review_from_document(doc, key, len(save.log), len(save.header.players))
    except Invalid:
        kept = ()  # a damaged section is replaced (the reader was told when it was opened)
    merged = {d.index: d for d in kept}
    merged.update({d.index: d for d in decisions})
    section = review_to_document(key, list(merged.values()))
    data = _with_section(file, doc, section)
    if len(data) > MAX_FILE_SIZE:
        raise SaveError(file, f"the review could not be written: the save would grow over {_MIB} MiB")
    try:
        atomic_write(file, data)
    except OSError as exc:
        raise SaveError(file, f"the review could not be written ({os_problem(exc, 'write the file')})") from None
    return len(merged)


def carry_review(path: Path, save: SaveFile, doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` (the document about to be written for ``save`` at ``path``) with the review
    section the file there holds for this very game, if any: writing a finished game's save
    again (leaving its board with Escape) must not lose its review. Anything amiss with the
    file there: ``doc`` as it is."""
    if not save.header.over or SECTION in doc:  # (only a finished game is reviewed)
        return doc
    try:
        if _MARKER.encode() not in read_capped(path, MAX_FILE_SIZE):
            return doc  # (the usual case, told without parsing the file)
        old = _load_document(path)
        if not isinstance(old.get(SECTION), dict):
            return doc
        key = game_key(save)
        decisions = review_from_document(old, key, len(save.log), len(save.header.players))
    except (OSError, Invalid, ValueError, TypeError):
        return doc
    return {**doc, SECTION: review_to_document(key, decisions)} if decisions else doc


def _with_section(file: Path, doc: dict[str, Any], section: dict[str, Any]) -> bytes:
    """The file's text with ``section`` as its review section.

    The game's parts keep their bytes where the file is one Meeple wrote: its text up to
    the review section (the last one, as written) is kept and the new section follows. If
    that text does not read as the same game (an edited file), the whole document is
    written again from what it holds, which is the same game all the same.
    """
    game_part = {k: v for k, v in doc.items() if k != SECTION}
    addition = tomli_w.dumps({SECTION: section})
    try:
        text = file.read_bytes().decode("utf-8").removeprefix("\ufeff")
        candidate = _game_text(text).rstrip("\n") + "\n\n" + addition
        parsed = tomllib.loads(candidate)
        if {k: v for k, v in parsed.items() if k != SECTION} == game_part:
            return candidate.encode("utf-8")
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, ValueError, RecursionError):
        pass
    return tomli_w.dumps({**game_part, SECTION: section}).encode("utf-8")


def _game_text(text: str) -> str:
    """The text before the file's review section (all of it without one)."""
    at = text.find(_MARKER)
    return text if at < 0 else text[: at + 1]
