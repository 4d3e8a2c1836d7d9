"""Intendentes actions: one small frozen, slotted dataclass per kind of decision (spec §4.12).

Parameters are ints (the content codes of :mod:`core.intendentes.content`):

* ``plan``: a plan index ``0..25`` into :data:`~core.intendentes.content.PLANS` (copies of a
  plan are interchangeable, so one action stands for every copy in hand);
* ``target``: a seat ``0..3`` (the player's own seat for own-district plans);
* ``slot``: a biddable display slot ``0..2``; ``amount``: whole dollars;
* ``block`` / ``from_block`` / ``to_block``: a block index into
  :data:`~core.intendentes.content.BLOCKS` (``0..63`` = B01..B64, ``64..67`` = the initial
  blocks IT-A, IF-A, IT-F, IF-F). A block index always means a block of the district of the
  seat that acts (every mayor owns their own initial town and field, with the same index);
* ``penalty``: a penalty type ``0..3`` (:data:`~core.intendentes.content.PENALTIES`: fire,
  flood, insecurity, demonstration).

The kinds, with the moment they are legal (spec §4.12):

==================  ============================================================
``Play``            play a plan of the current phase on ``target`` (windows, Demography, Security)
``Pass``            end one's plan window; pass in an auction; do not buy at the market
``Open``            bidding: open the auction of display ``slot`` (the opening ``Bid`` follows)
``Decline``         bidding: acquire nothing this round; ``slot`` is auctioned among the others
``Bid``             bid ``amount`` (the opening bid, or a raise)
``Move``            Demography: move one inhabitant between two own population blocks
``TrainStation``    Demography: the Train Station's new inhabitant, on ``block``
``End``             end one's Demography or Security turn
``Keep``            Planning/Advisors: keep drawn ``plan`` (the other drawn card is discarded)
``KeepHand``        Planning with a full hand: draw nothing
``Discard``         Planning with a full hand: discard ``plan`` from hand, then draw
``Officer``         Security: an officer of security ``block`` removes a ``penalty`` card
``Paid``            Security: pay $6 for security ``block``'s index −1
``NationalHelp``    Security: $5 and −5 splendor to remove a ``penalty`` card
``HydraulicWorks``  Security: remove a Flood card for free (B59)
``Stadium``         window W7: $3 for discontent −1 (B58)
``Buy``             market: buy 3 food
``Place``           put one new (or moved-in) inhabitant on own ``block``
``Stop``            stop placing (Migration Wave, fast increase after the first)
``Remove``          take one inhabitant off own ``block`` (famine, Epidemic, Rural Exodus)
``Choose``          Housing Plan: the town or city that gets +2 capacity
``Birth``           births / Housing Credits with a short supply: the block that gets one
``Fast``            fast increase: one inhabitant on ``block`` (the first costs 10 splendor)
``Skip``            make no fast increase this round
==================  ============================================================

Two actions of different kinds never compare equal (``Pass() != End()``): dataclass
equality compares the class first. Prebuilt shared instances (``PASS``, ``BID[amount]``,
``PLACE[block]``, ``PLAY[plan][target]`` ...) keep ``legal_actions`` allocation-free.

The plain-data encoding is ``{"kind": <kind>, <params>}`` with block ids ("B13", "IT-A"),
plan keys ("public_tender"), penalty names ("flood"), seats, slots and amounts, so saves
stay readable; :func:`decode_action` raises :class:`~core.engine.CorruptData`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Union

from core.engine import CorruptData, PlainData
from core.intendentes.content import (
    BLOCK_BY_ID,
    BLOCKS,
    DISPLAY_SLOTS,
    MAX_PLAYERS,
    PENALTIES,
    PLAN_BY_KEY,
    PLANS,
)
from core.plaindata import as_table, check_keys, whole

MAX_AMOUNT = 1_000_000
"""The largest bid an encoded action may hold (money has no printed bound)."""


@dataclass(frozen=True, slots=True)
class Play:
    """Play plan ``plan`` (an index into PLANS) on seat ``target`` (own seat for own plans)."""

    plan: int
    target: int


@dataclass(frozen=True, slots=True)
class Pass:
    """End one's plan window, pass in an auction (final), or buy nothing at the market."""


@dataclass(frozen=True, slots=True)
class Open:
    """Open the auction of display slot ``slot`` (the opener then makes the first bid)."""

    slot: int


@dataclass(frozen=True, slots=True)
class Decline:
    """Acquire nothing this round; display slot ``slot`` is auctioned among the others."""

    slot: int


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid ``amount`` dollars."""

    amount: int


@dataclass(frozen=True, slots=True)
class Move:
    """Demography: move one inhabitant from own block ``from_block`` to own ``to_block``."""

    from_block: int
    to_block: int


@dataclass(frozen=True, slots=True)
class TrainStation:
    """Demography: the Train Station's new inhabitant goes on own ``block``."""

    block: int


@dataclass(frozen=True, slots=True)
class End:
    """End one's Demography or Security turn."""


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep the drawn plan ``plan``; the other drawn card goes to the discard pile."""

    plan: int


@dataclass(frozen=True, slots=True)
class KeepHand:
    """Planning with a full hand: keep it and draw nothing."""


@dataclass(frozen=True, slots=True)
class Discard:
    """Planning with a full hand: discard ``plan`` from hand, then draw two and keep one."""

    plan: int


@dataclass(frozen=True, slots=True)
class Officer:
    """An officer of own security block ``block`` removes one ``penalty`` card."""

    block: int
    penalty: int


@dataclass(frozen=True, slots=True)
class Paid:
    """Pay $6 so that own security block ``block`` lowers its index by 1."""

    block: int


@dataclass(frozen=True, slots=True)
class NationalHelp:
    """Pay $5 and 5 splendor to remove one ``penalty`` card (once per round)."""

    penalty: int


@dataclass(frozen=True, slots=True)
class HydraulicWorks:
    """Remove one Flood card for free (B59, once per round)."""


@dataclass(frozen=True, slots=True)
class Stadium:
    """Pay $3 to move discontent back 1 space (B58, window W7, once per round)."""


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy 3 food at the Food Market."""


@dataclass(frozen=True, slots=True)
class Place:
    """Put one inhabitant on own population block ``block``."""

    block: int


@dataclass(frozen=True, slots=True)
class Stop:
    """Place no more inhabitants (Migration Wave; fast increase after the first)."""


@dataclass(frozen=True, slots=True)
class Remove:
    """Take one inhabitant off own block ``block``."""

    block: int


@dataclass(frozen=True, slots=True)
class Choose:
    """Housing Plan: own town or city ``block`` gets +2 capacity for good."""

    block: int


@dataclass(frozen=True, slots=True)
class Birth:
    """Short supply: own block ``block`` gets its birth (or Housing Credits inhabitant)."""

    block: int


@dataclass(frozen=True, slots=True)
class Fast:
    """Fast increase: one new inhabitant on own population block ``block``."""

    block: int


@dataclass(frozen=True, slots=True)
class Skip:
    """Make no fast increase this round."""


Action = Union[
    Play,
    Pass,
    Open,
    Decline,
    Bid,
    Move,
    TrainStation,
    End,
    Keep,
    KeepHand,
    Discard,
    Officer,
    Paid,
    NationalHelp,
    HydraulicWorks,
    Stadium,
    Buy,
    Place,
    Stop,
    Remove,
    Choose,
    Birth,
    Fast,
    Skip,
]

NUM_BLOCKS = len(BLOCKS)
NUM_PLANS = len(PLANS)
BID_CACHE = 512
"""Bids up to this amount are prebuilt (:func:`bid`)."""

PASS = Pass()
END = End()
KEEP_HAND = KeepHand()
HYDRAULIC_WORKS = HydraulicWorks()
STADIUM = Stadium()
BUY = Buy()
STOP = Stop()
SKIP = Skip()
PLAY: tuple[tuple[Play, ...], ...] = tuple(
    tuple(Play(p, t) for t in range(MAX_PLAYERS)) for p in range(NUM_PLANS)
)
OPEN: tuple[Open, ...] = tuple(Open(s) for s in range(DISPLAY_SLOTS))
DECLINE: tuple[Decline, ...] = tuple(Decline(s) for s in range(DISPLAY_SLOTS))
BID: tuple[Bid, ...] = tuple(Bid(a) for a in range(BID_CACHE + 1))
MOVE: tuple[tuple[Move, ...], ...] = tuple(
    tuple(Move(a, b) for b in range(NUM_BLOCKS)) for a in range(NUM_BLOCKS)
)
TRAIN_STATION: tuple[TrainStation, ...] = tuple(TrainStation(b) for b in range(NUM_BLOCKS))
KEEP: tuple[Keep, ...] = tuple(Keep(p) for p in range(NUM_PLANS))
DISCARD: tuple[Discard, ...] = tuple(Discard(p) for p in range(NUM_PLANS))
OFFICER: tuple[tuple[Officer, ...], ...] = tuple(
    tuple(Officer(b, k) for k in range(len(PENALTIES))) for b in range(NUM_BLOCKS)
)
PAID: tuple[Paid, ...] = tuple(Paid(b) for b in range(NUM_BLOCKS))
NATIONAL_HELP: tuple[NationalHelp, ...] = tuple(NationalHelp(k) for k in range(len(PENALTIES)))
PLACE: tuple[Place, ...] = tuple(Place(b) for b in range(NUM_BLOCKS))
REMOVE: tuple[Remove, ...] = tuple(Remove(b) for b in range(NUM_BLOCKS))
CHOOSE: tuple[Choose, ...] = tuple(Choose(b) for b in range(NUM_BLOCKS))
BIRTH: tuple[Birth, ...] = tuple(Birth(b) for b in range(NUM_BLOCKS))
FAST: tuple[Fast, ...] = tuple(Fast(b) for b in range(NUM_BLOCKS))


def bid(amount: int) -> Bid:
    """The (shared, when small) ``Bid`` of ``amount``."""
    return BID[amount] if 0 <= amount <= BID_CACHE else Bid(amount)


# kind name -> (class, field -> encoding type). Types: "plan", "seat", "slot", "amount",
# "block", "penalty".
_SPEC: dict[str, tuple[type, tuple[tuple[str, str], ...]]] = {
    "play": (Play, (("plan", "plan"), ("target", "seat"))),
    "pass": (Pass, ()),
    "open": (Open, (("slot", "slot"),)),
    "decline": (Decline, (("slot", "slot"),)),
    "bid": (Bid, (("amount", "amount"),)),
    "move": (Move, (("from_block", "block"), ("to_block", "block"))),
    "train_station": (TrainStation, (("block", "block"),)),
    "end": (End, ()),
    "keep": (Keep, (("plan", "plan"),)),
    "keep_hand": (KeepHand, ()),
    "discard": (Discard, (("plan", "plan"),)),
    "officer": (Officer, (("block", "block"), ("penalty", "penalty"))),
    "paid": (Paid, (("block", "block"),)),
    "national_help": (NationalHelp, (("penalty", "penalty"),)),
    "hydraulic_works": (HydraulicWorks, ()),
    "stadium": (Stadium, ()),
    "buy": (Buy, ()),
    "place": (Place, (("block", "block"),)),
    "stop": (Stop, ()),
    "remove": (Remove, (("block", "block"),)),
    "choose": (Choose, (("block", "block"),)),
    "birth": (Birth, (("block", "block"),)),
    "fast": (Fast, (("block", "block"),)),
    "skip": (Skip, ()),
}
KIND_OF: dict[type, str] = {cls: kind for kind, (cls, _) in _SPEC.items()}
KINDS: tuple[str, ...] = tuple(_SPEC)
"""Every action kind's encoding name, in the order of the table above."""


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
    """The encoding kind of an action ("play", "bid", ...); raises TypeError otherwise."""
    try:
        return KIND_OF[type(action)]
    except KeyError:
        raise TypeError(f"not an Intendentes action: {action!r}") from None


def _enc(typ: str, value: int) -> PlainData:
    if typ == "plan":
        return PLANS[value].key
    if typ == "block":
        return BLOCKS[value].id
    if typ == "penalty":
        return PENALTIES[value]
    return value


def encode_action(action: Action) -> dict[str, PlainData]:
    """Plain-data form ``{"kind": ..., <params>}`` (plan keys, block ids, penalty names)."""
    kind = kind_of(action)
    data: dict[str, PlainData] = {"kind": kind}
    for name, typ in _SPEC[kind][1]:
        value = getattr(action, name)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise TypeError(f"action field {name} must be a whole number, got {value!r}")
        try:
            data[name] = _enc(typ, value)
        except IndexError:
            raise TypeError(f"action field {name} out of range: {value!r}") from None
    return data


def _dec(typ: str, name: str, value: Any) -> int:
    what = f"action field {name}"
    if typ == "plan":
        if not isinstance(value, str) or value not in PLAN_BY_KEY:
            raise CorruptData(f"{what}: unknown plan {value!r}")
        return PLAN_BY_KEY[value].index
    if typ == "block":
        if not isinstance(value, str) or value not in BLOCK_BY_ID:
            raise CorruptData(f"{what}: unknown block {value!r}")
        return BLOCK_BY_ID[value].index
    if typ == "penalty":
        if not isinstance(value, str) or value not in PENALTIES:
            raise CorruptData(f"{what}: unknown penalty type {value!r}")
        return PENALTIES.index(value)
    if typ == "seat":
        return whole(value, what, 0, MAX_PLAYERS - 1)
    if typ == "slot":
        return whole(value, what, 0, DISPLAY_SLOTS - 1)
    return whole(value, what, 0, MAX_AMOUNT)  # amount


def decode_action(data: Any) -> Action:
    """Rebuild an action from :func:`encode_action` output; raises CorruptData if invalid."""
    data = as_table(data, "an action")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in _SPEC:
        raise CorruptData(f"unknown action kind {kind!r}")
    cls, spec = _SPEC[kind]
    check_keys(data, ["kind", *(name for name, _ in spec)], what=f"a {kind} action")
    values = [_dec(typ, name, data[name]) for name, typ in spec]
    if kind == "bid":
        return bid(values[0])
    action: Action = cls(*values)
    return action
