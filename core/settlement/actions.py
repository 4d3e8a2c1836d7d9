"""Settlement actions: one small frozen, slotted dataclass per kind of decision (spec §14).

Parameters are ints, the codes of :mod:`core.settlement.content`: ``character`` ``0..8``,
``product`` / ``buy`` / ``pay`` / ``good`` / ``tax`` resource codes (goods are ``0..4``),
``item`` ``0..19``. ``Finish.tax`` is ``-1`` when no tax is named.

==============  ========  ==========================================================
kind            decision  what it does
==============  ========  ==========================================================
``Pick``        D1        take ``character`` in the draft
``Specialty``   D2        work the character's specialty (roll; the Merchant then trades)
``Other``       D2        make 1 ``product`` that is not the character's own
``Swap``        D3        the Merchant buys 1 ``buy`` and pays 1 ``pay`` for it
``Finish``      D3        end the trade, paying the tax in ``tax`` if one is due
``Pay``         D4        pay the Tax collector 3 goods (three ``PayOne`` follow)
``PayOne``      D4        one of those goods
``Refuse``      D4        lose 5 smiles instead
``Buy``         D5        the mayor buys ``item``
``Done``        D5        the mayor buys nothing more
==============  ========  ==========================================================
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Union

from core.engine import CorruptData, PlainData
from core.plaindata import as_table, check_keys
from core.settlement.content import CHARACTER_IDS, CHARACTERS, GOODS, ITEM_IDS, ITEMS, RESOURCES


@dataclass(frozen=True, slots=True)
class Pick:
    """Take ``character`` in the draft."""

    character: int


@dataclass(frozen=True, slots=True)
class Specialty:
    """Work the character's specialty."""


@dataclass(frozen=True, slots=True)
class Other:
    """Make exactly 1 unit of ``product`` (not the character's own)."""

    product: int


@dataclass(frozen=True, slots=True)
class Swap:
    """The Merchant buys one ``buy`` and pays one ``pay`` for it."""

    buy: int
    pay: int


@dataclass(frozen=True, slots=True)
class Finish:
    """End the Merchant's trade; ``tax`` is the good paid as tax, or −1 when none is due."""

    tax: int


@dataclass(frozen=True, slots=True)
class Pay:
    """Pay the Tax collector three goods."""


@dataclass(frozen=True, slots=True)
class PayOne:
    """One good for the Tax collector."""

    good: int


@dataclass(frozen=True, slots=True)
class Refuse:
    """Refuse the Tax collector: the pool loses 5 smiles."""


@dataclass(frozen=True, slots=True)
class Buy:
    """The mayor buys building or invention ``item``."""

    item: int


@dataclass(frozen=True, slots=True)
class Done:
    """The mayor buys nothing more this round."""


Action = Union[Pick, Specialty, Other, Swap, Finish, Pay, PayOne, Refuse, Buy, Done]

SPECIALTY = Specialty()
PAY = Pay()
REFUSE = Refuse()
DONE = Done()
NO_TAX = Finish(-1)

# kind -> (class, ((field, type), ...)); types: character, resource, good, item, tax
_SPEC: dict[str, tuple[type, tuple[tuple[str, str], ...]]] = {
    "pick": (Pick, (("character", "character"),)),
    "specialty": (Specialty, ()),
    "other": (Other, (("product", "resource"),)),
    "swap": (Swap, (("buy", "good"), ("pay", "good"))),
    "finish": (Finish, (("tax", "tax"),)),
    "pay": (Pay, ()),
    "pay_one": (PayOne, (("good", "good"),)),
    "refuse": (Refuse, ()),
    "buy": (Buy, (("item", "item"),)),
    "done": (Done, ()),
}
KIND_OF: dict[type, str] = {cls: kind for kind, (cls, _) in _SPEC.items()}


def _check_spec() -> None:
    """Each encoding lists its class's fields in order (decoding builds actions positionally)."""
    for kind, (cls, spec) in _SPEC.items():
        if tuple(f.name for f in fields(cls)) != tuple(name for name, _ in spec):
            raise AssertionError(f"the {kind} encoding does not list {cls.__name__}'s fields in order")


_check_spec()


def kind_of(action: Any) -> str:
    """The encoding kind of an action ("pick", "swap", ...); raises TypeError otherwise."""
    try:
        return KIND_OF[type(action)]
    except KeyError:
        raise TypeError(f"not a Settlement action: {action!r}") from None


def _enc(typ: str, value: int) -> PlainData:
    if typ == "character":
        return CHARACTERS[value].id
    if typ == "item":
        return ITEMS[value].id
    if typ == "tax" and value == -1:
        return ""
    if typ == "good" and value not in GOODS:
        raise IndexError(value)
    return RESOURCES[value]


def encode_action(action: Action) -> dict[str, PlainData]:
    """Plain-data form ``{"kind": ..., <params>}`` with ids (``"hunter"``, ``"wood"``, ``"bow"``)."""
    kind = kind_of(action)
    data: dict[str, PlainData] = {"kind": kind}
    for name, typ in _SPEC[kind][1]:
        value = getattr(action, name)
        if not isinstance(value, int) or isinstance(value, bool) or value < (-1 if typ == "tax" else 0):
            raise TypeError(f"action field {name} must be a code, got {value!r}")
        try:
            data[name] = _enc(typ, value)
        except IndexError:
            raise TypeError(f"action field {name} out of range: {value!r}") from None
    return data


def _dec(typ: str, name: str, value: Any) -> int:
    what = f"action field {name}"
    if not isinstance(value, str):
        raise CorruptData(f"{what} must be a name, got {value!r}")
    if typ == "character":
        if value not in CHARACTER_IDS:
            raise CorruptData(f"{what}: unknown character {value!r}")
        return CHARACTER_IDS[value]
    if typ == "item":
        if value not in ITEM_IDS:
            raise CorruptData(f"{what}: unknown building or invention {value!r}")
        return ITEM_IDS[value]
    if typ == "tax" and value == "":
        return -1
    if value not in RESOURCES:
        raise CorruptData(f"{what}: unknown resource {value!r}")
    code = RESOURCES.index(value)
    if typ in ("good", "tax") and code not in GOODS:
        raise CorruptData(f"{what}: {value} is not a good")
    return code


def decode_action(data: Any) -> Action:
    """Rebuild an action from :func:`encode_action` output; raises CorruptData if invalid."""
    data = as_table(data, "an action")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in _SPEC:
        raise CorruptData(f"unknown action kind {kind!r}")
    cls, spec = _SPEC[kind]
    check_keys(data, ["kind", *(name for name, _ in spec)], what=f"a {kind} action")
    action: Action = cls(*(_dec(typ, name, data[name]) for name, typ in spec))
    return action
