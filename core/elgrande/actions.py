"""El Grande actions: one small frozen, slotted dataclass per kind of decision (the engine's
decision model).

Regions are ints ``0..8`` (see :data:`core.elgrande.content.REGIONS`), ``9`` is the Castillo
and ``10`` a player's court (only as the source of :class:`Ret`). The plain-data encoding is
``{"kind": <kind>, <params>}`` with region ids ("galicia", "castillo", "court"), seat
numbers, power values and scoreboard ids ("sb_8_4_0"), so saves stay readable.

Two actions of different kinds never compare equal (``PlaceDone() != Veto()``) even when
their fields match: dataclass equality compares the class first. Code that branches on the
kind uses ``match`` with class patterns (``case Place(dest=dest):``). Prebuilt instances
(``PLACE[area]``, ``PICK[region][seat]`` ...) are shared by the move generator so that
``legal_actions`` allocates only its list.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Union

from core.elgrande.content import (
    AREA_IDS,
    AREA_INDEX,
    BOARD,
    COURT,
    NUM_REGIONS,
    POWER_VALUES,
    REGION_IDS,
    REGION_INDEX,
    SETUP,
)
from core.engine import CorruptData, PlainData
from core.plaindata import as_table, check_keys, whole


@dataclass(frozen=True, slots=True)
class Power:
    """Play the power card of this value (bidding)."""

    value: int


@dataclass(frozen=True, slots=True)
class Court:
    """Bring ``n`` caballeros from the provinces to the court (turn step 1, or card 4.4)."""

    n: int


@dataclass(frozen=True, slots=True)
class CourtFrom:
    """Shortage: take one own caballero from ``region`` back into the court."""

    region: int


@dataclass(frozen=True, slots=True)
class CourtStop:
    """Stop taking caballeros from regions into the court."""


@dataclass(frozen=True, slots=True)
class Take:
    """Take the face-up action card of stack ``stack`` (1-5)."""

    stack: int


@dataclass(frozen=True, slots=True)
class Place:
    """Place one court caballero next to the King (``dest`` a region) or in the Castillo (9)."""

    dest: int


@dataclass(frozen=True, slots=True)
class PlaceDone:
    """Stop placing caballeros this turn."""


@dataclass(frozen=True, slots=True)
class SpecialSkip:
    """Do not use the card's special action."""


@dataclass(frozen=True, slots=True)
class SpecialGo:
    """Carry out a special action that needs no choice from you (or whose choice is secret)."""


@dataclass(frozen=True, slots=True)
class SpecialDone:
    """End an "up to" special action now."""


@dataclass(frozen=True, slots=True)
class Pick:
    """Intrigue: pick a caballero of ``seat`` in ``region`` to move (then :class:`To`)."""

    region: int
    seat: int


@dataclass(frozen=True, slots=True)
class To:
    """Intrigue: move the picked caballero to ``dest`` (a region or the Castillo, 9)."""

    dest: int


@dataclass(frozen=True, slots=True)
class PlaceExtra:
    """Cards 1.8/1.9: place a court caballero in any region but the King's, or the Castillo."""

    dest: int


@dataclass(frozen=True, slots=True)
class Ret:
    """The King returns!: send one own caballero from ``source`` (region or court, 10) home."""

    source: int


@dataclass(frozen=True, slots=True)
class Disk:
    """Point the secret disk at ``region``."""

    region: int


@dataclass(frozen=True, slots=True)
class Remove:
    """Card 2.7: send one caballero of ``seat`` in ``region`` back to its provinces."""

    seat: int
    region: int


@dataclass(frozen=True, slots=True)
class Score:
    """Cards 2.8/3.8: score ``area`` (a region or the Castillo, 9) now."""

    area: int


@dataclass(frozen=True, slots=True)
class Scoreboard:
    """Card 4.1: put (or move) mobile scoreboard ``board`` (0 = 8/4/0, 1 = 4/0/0) on ``region``."""

    board: int
    region: int


@dataclass(frozen=True, slots=True)
class TakeBack:
    """Card 4.2: take your played power card ``value`` back into your hand."""

    value: int


@dataclass(frozen=True, slots=True)
class Grande:
    """Card 4.3: move your Grande to ``region``."""

    region: int


@dataclass(frozen=True, slots=True)
class King:
    """Cards 4.6/5.1: move the King to ``region``."""

    region: int


@dataclass(frozen=True, slots=True)
class Movement:
    """Card 4.7: name ``region``; opponents there move their caballeros away by secret disk."""

    region: int


@dataclass(frozen=True, slots=True)
class Veto:
    """Spend a Veto card to stop the proposed step (and the rest of the special action)."""


@dataclass(frozen=True, slots=True)
class Allow:
    """Let the proposed step happen (keep your Veto)."""


Action = Union[
    Power,
    Court,
    CourtFrom,
    CourtStop,
    Take,
    Place,
    PlaceDone,
    SpecialSkip,
    SpecialGo,
    SpecialDone,
    Pick,
    To,
    PlaceExtra,
    Ret,
    Disk,
    Remove,
    Score,
    Scoreboard,
    TakeBack,
    Grande,
    King,
    Movement,
    Veto,
    Allow,
]

MAX_SEATS = SETUP.max_players
POWER: tuple[Power, ...] = tuple(Power(v) for v in range(POWER_VALUES + 1))
COURT_N: tuple[Court, ...] = tuple(Court(n) for n in range(SETUP.in_play + 1))
COURT_FROM: tuple[CourtFrom, ...] = tuple(CourtFrom(r) for r in range(NUM_REGIONS))
COURT_STOP = CourtStop()
TAKE: tuple[Take, ...] = tuple(Take(s) for s in range(6))
PLACE: tuple[Place, ...] = tuple(Place(a) for a in range(NUM_REGIONS + 1))
PLACE_DONE = PlaceDone()
SPECIAL_SKIP = SpecialSkip()
SPECIAL_GO = SpecialGo()
SPECIAL_DONE = SpecialDone()
PICK: tuple[tuple[Pick, ...], ...] = tuple(
    tuple(Pick(r, s) for s in range(MAX_SEATS)) for r in range(NUM_REGIONS)
)
TO: tuple[To, ...] = tuple(To(a) for a in range(NUM_REGIONS + 1))
PLACE_EXTRA: tuple[PlaceExtra, ...] = tuple(PlaceExtra(a) for a in range(NUM_REGIONS + 1))
RET: tuple[Ret, ...] = tuple(Ret(a) for a in range(COURT + 1))
DISK: tuple[Disk, ...] = tuple(Disk(r) for r in range(NUM_REGIONS))
REMOVE: tuple[tuple[Remove, ...], ...] = tuple(
    tuple(Remove(s, r) for r in range(NUM_REGIONS)) for s in range(MAX_SEATS)
)
SCORE: tuple[Score, ...] = tuple(Score(a) for a in range(NUM_REGIONS + 1))
SCOREBOARD: tuple[tuple[Scoreboard, ...], ...] = tuple(
    tuple(Scoreboard(b, r) for r in range(NUM_REGIONS)) for b in range(2)
)
TAKE_BACK: tuple[TakeBack, ...] = tuple(TakeBack(v) for v in range(POWER_VALUES + 1))
GRANDE: tuple[Grande, ...] = tuple(Grande(r) for r in range(NUM_REGIONS))
KING: tuple[King, ...] = tuple(King(r) for r in range(NUM_REGIONS))
MOVEMENT: tuple[Movement, ...] = tuple(Movement(r) for r in range(NUM_REGIONS))
VETO = Veto()
ALLOW = Allow()

# kind name -> (class, field -> encoding type). Types: "region", "area" (region or castillo),
# "source" (region or court), "seat", "power", "count", "stack", "board".
_SPEC: dict[str, tuple[type, tuple[tuple[str, str], ...]]] = {
    "power": (Power, (("value", "power"),)),
    "court": (Court, (("n", "count"),)),
    "court_from": (CourtFrom, (("region", "region"),)),
    "court_stop": (CourtStop, ()),
    "take": (Take, (("stack", "stack"),)),
    "place": (Place, (("dest", "area"),)),
    "place_done": (PlaceDone, ()),
    "special_skip": (SpecialSkip, ()),
    "special_go": (SpecialGo, ()),
    "special_done": (SpecialDone, ()),
    "pick": (Pick, (("region", "region"), ("seat", "seat"))),
    "to": (To, (("dest", "area"),)),
    "place_extra": (PlaceExtra, (("dest", "area"),)),
    "ret": (Ret, (("source", "source"),)),
    "disk": (Disk, (("region", "region"),)),
    "remove": (Remove, (("seat", "seat"), ("region", "region"))),
    "score": (Score, (("area", "area"),)),
    "scoreboard": (Scoreboard, (("board", "board"), ("region", "region"))),
    "take_back": (TakeBack, (("value", "power"),)),
    "grande": (Grande, (("region", "region"),)),
    "king": (King, (("region", "region"),)),
    "movement": (Movement, (("region", "region"),)),
    "veto": (Veto, ()),
    "allow": (Allow, ()),
}
KIND_OF: dict[type, str] = {cls: kind for kind, (cls, _) in _SPEC.items()}


def _check_spec() -> None:
    """Each encoding lists its class's fields in order (:func:`decode_action` builds actions
    positionally), and every class is encoded once."""
    for kind, (cls, spec) in _SPEC.items():
        if tuple(f.name for f in fields(cls)) != tuple(name for name, _ in spec):
            raise AssertionError(f"the {kind} encoding does not list {cls.__name__}'s fields in order")
    if len(KIND_OF) != len(_SPEC):
        raise AssertionError("two encodings share an action class")


_check_spec()


def kind_of(action: Any) -> str:
    """The encoding kind of an action ("place", "veto", ...); raises TypeError otherwise."""
    try:
        return KIND_OF[type(action)]
    except KeyError:
        raise TypeError(f"not an El Grande action: {action!r}") from None


def _enc(kind: str, value: int) -> PlainData:
    if kind == "region":
        return REGION_IDS[value]
    if kind == "area":
        return AREA_IDS[value]
    if kind == "source":
        return "court" if value == COURT else REGION_IDS[value]
    if kind == "board":
        return BOARD.scoreboard_ids[value]
    return value


def encode_action(action: Action) -> dict[str, PlainData]:
    """Plain-data form ``{"kind": ..., <params>}`` (region ids, seat numbers, values)."""
    kind = kind_of(action)
    data: dict[str, PlainData] = {"kind": kind}
    for name, typ in _SPEC[kind][1]:
        value = getattr(action, name)
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"action field {name} must be an int, got {value!r}")
        try:
            data[name] = _enc(typ, value)
        except IndexError:
            raise TypeError(f"action field {name} out of range: {value!r}") from None
    return data


def _dec(kind: str, name: str, value: Any) -> int:
    if kind == "region":
        if not isinstance(value, str) or value not in REGION_INDEX:
            raise CorruptData(f"action field {name}: unknown region {value!r}")
        return REGION_INDEX[value]
    if kind == "area":
        if not isinstance(value, str) or value not in AREA_INDEX:
            raise CorruptData(f"action field {name}: unknown region or castillo {value!r}")
        return AREA_INDEX[value]
    if kind == "source":
        if value == "court":
            return COURT
        if not isinstance(value, str) or value not in REGION_INDEX:
            raise CorruptData(f"action field {name}: unknown region or court {value!r}")
        return REGION_INDEX[value]
    if kind == "board":
        if not isinstance(value, str) or value not in BOARD.scoreboard_ids:
            raise CorruptData(f"action field {name}: unknown scoreboard {value!r}")
        return BOARD.scoreboard_ids.index(value)
    what = f"action field {name}"
    if kind == "seat":
        return whole(value, what, 0, MAX_SEATS - 1)
    if kind == "power":
        return whole(value, what, 1, POWER_VALUES)
    if kind == "stack":
        return whole(value, what, 1, 5)
    return whole(value, what, 0, SETUP.in_play)  # count


def decode_action(data: Any) -> Action:
    """Rebuild an action from :func:`encode_action` output; raises CorruptData if invalid."""
    data = as_table(data, "an action")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in _SPEC:
        raise CorruptData(f"unknown action kind {kind!r}")
    cls, spec = _SPEC[kind]
    check_keys(data, ["kind", *(name for name, _ in spec)], what=f"a {kind} action")
    values = [_dec(typ, name, data[name]) for name, typ in spec]
    action: Action = cls(*values)
    return action
