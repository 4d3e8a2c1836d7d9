"""Council of Four actions: small immutable NamedTuples with a stable plain-data encoding.

Every action ends with a ``kind`` field (defaulted, never passed by hand) so that actions
of different types never compare equal, and so that the encoding is simply
``{"kind": kind, <other fields>}`` (the decision model). Fields use the words of the data file:
balcony/region names, colour names ("joker" for the wild card), permit ids ("CO03") and
city letters ("A").

The steps of a turn:

* main actions: :class:`Elect`, :class:`Acquire` then :class:`Pay`, :class:`Build`,
  :class:`Royal` then :class:`Pay`;
* quick actions: :class:`Hire`, :class:`Change`, :class:`ElectQuick`, :class:`Extra`;
* :class:`EndTurn` once at least one main action is done;
* nobility choices: :class:`Token` (spaces 4 and 16), :class:`FreePermit` (space 10),
  :class:`Rebonus` (space 14).

Prebuilt instances (the upper-case tables below) are shared by the move generator, so
``legal_actions`` allocates nothing but its list.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any, NamedTuple, Union

from core.council.content import BALCONIES, CARD_INDEX, CARD_NAMES, LETTERS, PERMIT_CITIES, PERMITS, REGIONS
from core.engine import CorruptData, PlainData
from core.plaindata import as_table, check_keys


class Elect(NamedTuple):
    """Main action: push a reserve councillor of ``colour`` into ``balcony`` (+4 coins)."""

    balcony: str
    colour: str
    kind: str = "elect"


class Acquire(NamedTuple):
    """Main action, step 1: pick face-up permit ``tile`` of ``region`` (then :class:`Pay`)."""

    region: str
    tile: str
    kind: str = "acquire"


class Build(NamedTuple):
    """Main action: place a merchant in ``city`` (a letter) using unused permit ``tile``."""

    tile: str
    city: str
    kind: str = "build"


class Royal(NamedTuple):
    """Main action, step 1: the Queen will move to ``city`` and a merchant goes there (then pay)."""

    city: str
    kind: str = "royal"


class Pay(NamedTuple):
    """Step 2 of :class:`Acquire` / :class:`Royal`: the politics cards played, sorted by name."""

    cards: tuple[str, ...]
    kind: str = "pay"


class Hire(NamedTuple):
    """Quick action: engage a servant for 3 coins."""

    kind: str = "hire"


class Change(NamedTuple):
    """Quick action: for 1 servant, put ``region``'s face-up permits under its deck, turn up new."""

    region: str
    kind: str = "change"


class ElectQuick(NamedTuple):
    """Quick action: like :class:`Elect` but paid with 1 servant and without the coins."""

    balcony: str
    colour: str
    kind: str = "elect_q"


class Extra(NamedTuple):
    """Quick action: 3 servants for one more main action this turn."""

    kind: str = "extra"


class EndTurn(NamedTuple):
    """End the turn (legal once a main action was taken and no choice is waiting)."""

    kind: str = "end_turn"


class Token(NamedTuple):
    """Nobility spaces 4/16: gain the token of ``city`` (where you have a merchant)."""

    city: str
    kind: str = "token"


class FreePermit(NamedTuple):
    """Nobility space 10: take face-up permit ``tile`` for free."""

    tile: str
    kind: str = "free_permit"


class Rebonus(NamedTuple):
    """Nobility space 14: gain the bonus of your permit ``tile`` again."""

    tile: str
    kind: str = "rebonus"


Action = Union[Elect, Acquire, Build, Royal, Pay, Hire, Change, ElectQuick, Extra, EndTurn, Token, FreePermit, Rebonus]
ACTION_TYPES: tuple[type[Action], ...] = (
    Elect, Acquire, Build, Royal, Pay, Hire, Change, ElectQuick, Extra, EndTurn, Token, FreePermit, Rebonus
)

# Prebuilt actions, indexed by codes (balcony, colour, permit, city, region).
ELECT: tuple[tuple[Elect, ...], ...] = tuple(tuple(Elect(b, c) for c in CARD_NAMES[:6]) for b in BALCONIES)
ELECT_Q: tuple[tuple[ElectQuick, ...], ...] = tuple(
    tuple(ElectQuick(b, c) for c in CARD_NAMES[:6]) for b in BALCONIES
)
ACQUIRE: tuple[Acquire, ...] = tuple(Acquire(REGIONS[p.region], p.id) for p in PERMITS)
# PERMIT_BUILDS[permit]: (city, build action) for each city named on the permit, in its order.
PERMIT_BUILDS: tuple[tuple[tuple[int, Build], ...], ...] = tuple(
    tuple((c, Build(p.id, LETTERS[c])) for c in PERMIT_CITIES[p.index]) for p in PERMITS
)
# BUILD[permit][city]: the same actions by city (None for a city the permit does not name).
BUILD: tuple[tuple[Build | None, ...], ...] = tuple(
    tuple(dict(builds).get(c) for c in range(15)) for builds in PERMIT_BUILDS
)
ROYAL: tuple[Royal, ...] = tuple(Royal(letter) for letter in LETTERS)
HIRE = Hire()
CHANGE: tuple[Change, ...] = tuple(Change(r) for r in REGIONS)
EXTRA = Extra()
END_TURN = EndTurn()
TOKEN: tuple[Token, ...] = tuple(Token(letter) for letter in LETTERS)
FREE_PERMIT: tuple[FreePermit, ...] = tuple(FreePermit(p.id) for p in PERMITS)
REBONUS: tuple[Rebonus, ...] = tuple(Rebonus(p.id) for p in PERMITS)


def _sorted_names(codes: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(sorted(CARD_NAMES[c] for c in codes))


# Every multiset of 1-4 politics cards: card codes (ascending) <-> Pay action.
PAY: dict[tuple[int, ...], Pay] = {
    codes: Pay(_sorted_names(codes))
    for size in range(1, 5)
    for codes in combinations_with_replacement(range(len(CARD_NAMES)), size)
}
PAY_CODES: dict[tuple[str, ...], tuple[int, ...]] = {pay.cards: codes for codes, pay in PAY.items()}


def pay_of(cards: list[str] | tuple[str, ...]) -> Pay:
    """The :class:`Pay` action for 1-4 card names in any order; raises ValueError if invalid."""
    try:
        codes = tuple(sorted(CARD_INDEX[name] for name in cards))
    except (KeyError, TypeError):
        raise ValueError(f"unknown politics card in {cards!r} (colours: {', '.join(CARD_NAMES)})") from None
    if codes not in PAY:
        raise ValueError("a payment plays 1 to 4 politics cards")
    return PAY[codes]


# --- encoding -------------------------------------------------------------------------------
_FIELDS: dict[str, tuple[str, ...]] = {cls._field_defaults["kind"]: cls._fields for cls in ACTION_TYPES}
_BY_KIND: dict[str, type[Action]] = {cls._field_defaults["kind"]: cls for cls in ACTION_TYPES}


def encode_action(action: Action) -> dict[str, PlainData]:
    """Plain data: ``{"kind": ..., <fields>}`` (cards of a payment as a list of names)."""
    if type(action) not in _BY_KIND.values() or action.kind not in _BY_KIND or type(action) is not _BY_KIND[action.kind]:
        raise TypeError(f"not a Council of Four action: {action!r}")
    data: dict[str, PlainData] = {}
    for name, value in zip(action._fields, action):
        data[name] = list(value) if isinstance(value, tuple) else value
    return data


def _text(data: dict[str, Any], key: str, allowed: tuple[str, ...] | dict[str, int], what: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or value not in allowed:
        raise CorruptData(f"action field {key} must be a known {what}, got {value!r}")
    return value


_PERMIT_IDS: dict[str, int] = {p.id: p.index for p in PERMITS}
# The kinds without fields, each a single shared instance.
_BARE: dict[str, Hire | Extra | EndTurn] = {"hire": HIRE, "extra": EXTRA, "end_turn": END_TURN}


def decode_action(data: Any) -> Action:
    """Rebuild an action from :func:`encode_action` output; raises CorruptData if invalid."""
    data = as_table(data, "an action")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise CorruptData(f"unknown action kind {kind!r}")
    check_keys(data, _FIELDS[kind], what=f"a {kind} action")
    if kind in ("elect", "elect_q"):
        b = BALCONIES.index(_text(data, "balcony", BALCONIES, "balcony"))
        c = CARD_NAMES.index(_text(data, "colour", CARD_NAMES[:6], "councillor colour"))
        return (ELECT if kind == "elect" else ELECT_Q)[b][c]
    if kind == "acquire":
        region = _text(data, "region", REGIONS, "region")
        p = _PERMIT_IDS[_text(data, "tile", _PERMIT_IDS, "permit id")]
        if PERMITS[p].region != REGIONS.index(region):
            raise CorruptData(f"permit {PERMITS[p].id} does not belong to the {region} region")
        return ACQUIRE[p]
    if kind == "build":
        p = _PERMIT_IDS[_text(data, "tile", _PERMIT_IDS, "permit id")]
        letter = _text(data, "city", LETTERS, "city letter")
        city = LETTERS.index(letter)
        return BUILD[p][city] or Build(PERMITS[p].id, letter)
    if kind == "royal":
        return ROYAL[LETTERS.index(_text(data, "city", LETTERS, "city letter"))]
    if kind == "token":
        return TOKEN[LETTERS.index(_text(data, "city", LETTERS, "city letter"))]
    if kind == "pay":
        cards = data["cards"]
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise CorruptData(f"action field cards must be a list of colour names, got {cards!r}")
        try:
            return pay_of(cards)
        except ValueError as exc:
            raise CorruptData(str(exc)) from None
    if kind == "change":
        return CHANGE[REGIONS.index(_text(data, "region", REGIONS, "region"))]
    if kind in ("free_permit", "rebonus"):
        p = _PERMIT_IDS[_text(data, "tile", _PERMIT_IDS, "permit id")]
        return (FREE_PERMIT if kind == "free_permit" else REBONUS)[p]
    return _BARE[kind]
