"""Settlement (Osada) content: constants, characters, the track, buildings, inventions, fate.

Everything comes from ``seeds/settlement/content.toml`` (spec Appendix C). The file is read
and validated once, at import; a malformed file raises :class:`ContentError` naming the file
and the problem. The rest of the package uses the module constants below.

Codes used everywhere (small ints keep the hot loops cheap):

* resources ``0..6`` are :data:`RESOURCES` (food, wood, stone, ore, iron, rp, bp); the first
  five are the goods (:data:`GOODS`), the only ones that can be traded or paid;
* characters ``0..8`` are :data:`CHARACTERS` in track order (hunter .. merchant);
* items ``0..19`` are :data:`ITEMS`: the ten buildings, then the ten inventions;
* fate cards ``0..19`` are :data:`FATE` in the file's order (#1 .. #20);
* track fields ``0..11`` are :data:`TRACK` (field number − 1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from core.plaindata import as_list, as_table, check_keys, read_seed_toml, section, whole

WHERE = "seeds/settlement/content.toml"


class ContentError(ValueError):
    """The content file is missing or does not match the spec's shape."""


RESOURCES: tuple[str, ...] = ("food", "wood", "stone", "ore", "iron", "rp", "bp")
FOOD, WOOD, STONE, ORE, IRON, RP, BP = range(7)
GOODS: tuple[int, ...] = (FOOD, WOOD, STONE, ORE, IRON)
RESOURCE_NAMES: tuple[str, ...] = ("food", "wood", "stone", "ore", "iron", "research", "building points")
RESOURCE_SHORT: tuple[str, ...] = ("food", "wood", "stone", "ore", "iron", "RP", "BP")

PRODUCE, SMELT, TRADE = "produce", "smelt", "trade"

FATE_OPS: frozenset[str] = frozenset((
    "gain", "lose", "lose_each_good", "smiles", "pay_goods_or_smiles", "skip",
    "specialty_modifier", "no_tax_this_round", "two_dice_specialty", "rot_two_dice_high", "rot_none",
))


@dataclass(frozen=True)
class Character:
    """One of the nine characters: its field and its specialty (``product`` −1: the trade)."""

    index: int
    id: str
    name: str
    name_pl: str
    field: int
    """Track position ``0..11`` (the spec's field number − 1)."""
    kind: str
    product: int
    source: int = -1
    """The Blacksmith smelts from ``source`` (ore); −1 for the others."""


@dataclass(frozen=True)
class Item:
    """A building or an invention: its cost (one amount per resource) and what it does."""

    index: int
    id: str
    name: str
    name_pl: str
    invention: bool
    cost: tuple[int, ...]
    smiles: int
    """Smiles it adds in every satisfaction phase (an invention's +1 included)."""
    bonus: tuple[int, ...]
    """Specialty bonus per character (nine entries)."""
    gate: int = 0
    """The pyramid rectangle (1..10) that needs this building; 0 for none."""
    no_storage_cap: bool = False
    rot_modifier: int = 0
    fireproof: bool = False
    no_tax: bool = False


@dataclass(frozen=True)
class Effect:
    """One effect of a fate card (Appendix C's ``op`` with its parameters)."""

    op: str
    res: int = -1
    n: int = 0
    unless_built: int = -1
    character: int = -1
    goods: int = 0
    smiles: int = 0


@dataclass(frozen=True)
class FateCard:
    """A fate card: its names, its rules text and its effects."""

    index: int
    id: str
    name: str
    name_pl: str
    text: str
    effects: tuple[Effect, ...]


def _error(message: str) -> ContentError:
    return ContentError(f"{WHERE}: {message}")


def _whole(table: Mapping[str, Any], key: str, where: str, lo: int = 0, hi: int = 1000) -> int:
    if key not in table:
        raise _error(f"{where}: missing {key}")
    return whole(table[key], f"{where}: {key}", lo, hi, _error)


def _text(table: Mapping[str, Any], key: str, where: str) -> str:
    value = table.get(key)
    if not isinstance(value, str) or not value.strip():
        raise _error(f"{where}: {key} must be a non-empty string")
    return value


def _resource(value: Any, where: str) -> int:
    if not isinstance(value, str) or value not in RESOURCES:
        raise _error(f"{where}: unknown resource {value!r}")
    return RESOURCES.index(value)


def _load() -> dict[str, Any]:
    return read_seed_toml("settlement", "content.toml", ContentError)


_DATA = _load()

_CONST = section(_DATA, "constants", WHERE, _error)
FEED_PER_ROUND = _whole(_CONST, "feed_per_round", "constants", 1, 100)
STORAGE_CAP = _whole(_CONST, "storage_cap", "constants", 1, 1000)
SMILES_PER_TOKEN = _whole(_CONST, "smiles_per_token", "constants", 1, 1000)
MAX_TOKENS_PER_ROUND = _whole(_CONST, "max_tokens_per_round", "constants", 1, 10)
SMILE_POOL_CAP = _whole(_CONST, "smile_pool_cap", "constants", 1, 1000)
PYRAMID_ROWS: tuple[int, ...] = tuple(
    whole(n, "constants: pyramid_rows", 1, 10, _error)
    for n in as_list(_CONST.get("pyramid_rows"), "constants: pyramid_rows", error=_error)
)
RECTANGLES = sum(PYRAMID_ROWS)
SATISFACTION_DICE = _whole(_CONST, "satisfaction_dice", "constants", 1, 1)
ROT_DICE = _whole(_CONST, "rot_dice", "constants", 1, 1)

_START = section(_DATA, "start", WHERE, _error)
check_keys(_START, (*RESOURCES, "smiles"), what="start", error=_error)
START_STOCK: tuple[int, ...] = tuple(_whole(_START, r, "start", 0, 100) for r in RESOURCES)
START_SMILES = _whole(_START, "smiles", "start", 0, 100)

_DIFF = section(_DATA, "difficulty", WHERE, _error)
DIFFICULTIES: tuple[str, ...] = tuple(k for k in _DIFF if k != "default")
if DIFFICULTIES != ("easy", "normal", "hard"):
    raise _error("difficulty: expected easy, normal and hard")
ROUND_LIMITS: dict[str, int] = {k: _whole(_DIFF, k, "difficulty", 1, 100) for k in DIFFICULTIES}
DEFAULT_DIFFICULTY = str(_DIFF.get("default"))
if DEFAULT_DIFFICULTY not in DIFFICULTIES:
    raise _error(f"difficulty: default {DEFAULT_DIFFICULTY!r} is not a difficulty")

_TRACK = section(_DATA, "track", WHERE, _error)
TRACK: tuple[str, ...] = tuple(
    str(f) for f in as_list(_TRACK.get("fields"), "track: fields", length=12, error=_error)
)
FATE_FIELD = TRACK.index("fate") if "fate" in TRACK else -1
MAYOR_FIELD = TRACK.index("mayor") if "mayor" in TRACK else -1
LOSSES_FIELD = TRACK.index("losses") if "losses" in TRACK else -1
if min(FATE_FIELD, MAYOR_FIELD, LOSSES_FIELD) < 0 or LOSSES_FIELD != len(TRACK) - 1:
    raise _error("track: needs fate, mayor and losses fields, losses last")


def _characters() -> tuple[Character, ...]:
    table = as_table(_DATA.get("characters"), "characters", _error)
    found = []
    for key, raw in table.items():
        where = f"characters.{key}"
        row = as_table(raw, where, _error)
        check_keys(row, ("name_pl", "name_en", "field", "specialty"), what=where, error=_error)
        field = _whole(row, "field", where, 1, 12) - 1
        if TRACK[field] != key:
            raise _error(f"{where}: field {field + 1} is {TRACK[field]!r} on the track")
        spec = as_table(row["specialty"], f"{where}: specialty", _error)
        kind = spec.get("kind")
        if kind == PRODUCE:
            product, source = _resource(spec.get("product"), where), -1
        elif kind == SMELT:
            product, source = _resource(spec.get("product"), where), _resource(spec.get("input"), where)
        elif kind == TRADE:
            product, source = -1, -1
        else:
            raise _error(f"{where}: unknown specialty kind {kind!r}")
        found.append((field, key, row, str(kind), product, source))
    found.sort()
    if len(found) != 9:
        raise _error(f"characters: expected 9, found {len(found)}")
    return tuple(
        Character(i, key, _text(row, "name_en", key), _text(row, "name_pl", key), field, kind, product, source)
        for i, (field, key, row, kind, product, source) in enumerate(found)
    )


CHARACTERS = _characters()
CHARACTER_IDS: dict[str, int] = {c.id: c.index for c in CHARACTERS}
CHARACTER_AT: dict[int, int] = {c.field: c.index for c in CHARACTERS}
"""Track position -> character index (for the nine character fields)."""
if set(TRACK) != set(CHARACTER_IDS) | {"fate", "mayor", "losses"}:
    raise _error("track: every field is a character, fate, mayor or losses, each once")
HUNTER, PEASANT, WOODCUTTER, STONEMASON, MINER, BLACKSMITH, BUILDER, SCHOLAR, MERCHANT = (
    CHARACTER_IDS[k]
    for k in ("hunter", "peasant", "woodcutter", "stonemason", "miner", "blacksmith", "builder", "scholar", "merchant")
)


def _items() -> tuple[Item, ...]:
    items: list[Item] = []
    gates = as_table(_DATA.get("gates"), "gates", _error)
    gate_of: dict[str, int] = {}
    for rect, building in gates.items():
        if not rect.isdigit() or not 1 <= int(rect) <= RECTANGLES:
            raise _error(f"gates: {rect!r} is not a rectangle 1..{RECTANGLES}")
        gate_of[str(building)] = int(rect)
    for invention, group in ((False, "buildings"), (True, "inventions")):
        table = as_table(_DATA.get(group), group, _error)
        for key, raw in table.items():
            where = f"{group}.{key}"
            row = as_table(raw, where, _error)
            allowed = ("name_pl", "name_en", "cost", "specialty_bonus", "no_tax") if invention else (
                "name_pl", "name_en", "cost", "smiles", "gate_for_rectangle", "no_storage_cap",
                "rot_modifier", "fireproof", "specialty_bonus")
            check_keys(row, ("name_pl", "name_en", "cost", "extra_smiles" if invention else "smiles"),
                       optional=allowed, what=where, error=_error)
            cost = [0] * len(RESOURCES)
            for res, n in as_table(row["cost"], f"{where}: cost", _error).items():
                cost[_resource(res, where)] = whole(n, f"{where}: cost {res}", 1, 100, _error)
            bonus = [0] * len(CHARACTERS)
            for who, n in as_table(row.get("specialty_bonus", {}), f"{where}: specialty_bonus", _error).items():
                if who not in CHARACTER_IDS:
                    raise _error(f"{where}: unknown character {who!r}")
                bonus[CHARACTER_IDS[who]] = whole(n, f"{where}: bonus", 1, 10, _error)
            smiles = 1 + _whole(row, "extra_smiles", where, 0, 20) if invention else _whole(row, "smiles", where, 0, 20)
            gate = int(row.get("gate_for_rectangle", 0))
            if gate != gate_of.get(key, 0):
                raise _error(f"{where}: gate_for_rectangle disagrees with [gates]")
            items.append(Item(
                len(items), key, _text(row, "name_en", where), _text(row, "name_pl", where), invention,
                tuple(cost), smiles, tuple(bonus), gate, bool(row.get("no_storage_cap", False)),
                int(row.get("rot_modifier", 0)), bool(row.get("fireproof", False)), bool(row.get("no_tax", False)),
            ))
    if sum(not i.invention for i in items) != 10 or sum(i.invention for i in items) != 10:
        raise _error("expected 10 buildings and 10 inventions")
    if set(gate_of) - {i.id for i in items if not i.invention}:
        raise _error("gates: a gate names an unknown building")
    return tuple(items)


ITEMS = _items()
ITEM_IDS: dict[str, int] = {i.id: i.index for i in ITEMS}
BUILDINGS: tuple[int, ...] = tuple(i.index for i in ITEMS if not i.invention)
INVENTIONS: tuple[int, ...] = tuple(i.index for i in ITEMS if i.invention)
GATES: dict[int, int] = {i.gate: i.index for i in ITEMS if i.gate}
"""Rectangle -> the building it needs."""
WAREHOUSE = ITEM_IDS["warehouse"]
FOUNTAIN = ITEM_IDS["fountain"]
MUSIC = ITEM_IDS["music"]


def _effect(raw: Any, where: str) -> Effect:
    row = as_table(raw, where, _error)
    op = row.get("op")
    if op not in FATE_OPS:
        raise _error(f"{where}: unknown op {op!r}")
    res = _resource(row["res"], where) if "res" in row else -1
    unless = -1
    if "unless_built" in row:
        if row["unless_built"] not in ITEM_IDS:
            raise _error(f"{where}: unknown building {row['unless_built']!r}")
        unless = ITEM_IDS[row["unless_built"]]
    character = -1
    if "character" in row:
        if row["character"] not in CHARACTER_IDS:
            raise _error(f"{where}: unknown character {row['character']!r}")
        character = CHARACTER_IDS[row["character"]]
    n = row.get("n", 0)
    if not isinstance(n, int) or isinstance(n, bool) or not -20 <= n <= 20:
        raise _error(f"{where}: n must be a whole number -20..20")
    if op in ("gain", "lose") and (res < 0 or n < 1):
        raise _error(f"{where}: {op} needs res and n ≥ 1")
    if op in ("skip", "specialty_modifier", "two_dice_specialty") and character < 0:
        raise _error(f"{where}: {op} needs a character")
    goods = int(row.get("goods", 0))
    smiles = int(row.get("smiles", 0))
    if op == "pay_goods_or_smiles" and (goods < 1 or smiles >= 0):
        raise _error(f"{where}: pay_goods_or_smiles needs goods ≥ 1 and negative smiles")
    return Effect(str(op), res, n, unless, character, goods, smiles)


def _fate() -> tuple[FateCard, ...]:
    cards = []
    for i, raw in enumerate(as_list(_DATA.get("fate"), "fate", error=_error)):
        where = f"fate #{i + 1}"
        row = as_table(raw, where, _error)
        check_keys(row, ("id", "name_pl", "name_en", "text", "effects"), what=where, error=_error)
        effects = tuple(
            _effect(e, f"{where} effect {j + 1}")
            for j, e in enumerate(as_list(row["effects"], f"{where}: effects", error=_error))
        )
        cards.append(FateCard(i, _text(row, "id", where), _text(row, "name_en", where),
                              _text(row, "name_pl", where), _text(row, "text", where), effects))
    if len(cards) != 20 or len({c.id for c in cards}) != 20:
        raise _error("fate: expected 20 cards with different ids")
    if sum(1 for c in cards for e in c.effects if e.op == "pay_goods_or_smiles") > 1:
        raise _error("fate: at most one card asks the mayor to choose")
    return tuple(cards)


FATE = _fate()
FATE_IDS: dict[str, int] = {c.id: c.index for c in FATE}
