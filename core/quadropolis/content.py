"""Quadropolis content: the Classic tiles, constants and scoring tables, loaded from seeds/.

The data lives in ``seeds/quadropolis/tiles.toml`` and ``seeds/quadropolis/rules.toml``. It is
read and validated once, at import; a malformed file raises :class:`ContentError` naming the
file and the problem. Everything else in the package uses the module constants below
(``TILES``, ``RULES``, the type codes) and never reads files itself.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib.resources import files
from typing import Any, Mapping

# Building type codes (ints keep the hot loops cheap). Order is fixed; names come from data.
TOWER, SHOP, SERVICE, PARK, FACTORY, HARBOR = range(6)
TYPE_KEYS: tuple[str, ...] = ("tower", "shop", "service", "park", "factory", "harbor")
MARKS: tuple[str, ...] = ("", "34", "4")


class ContentError(ValueError):
    """Raised when a Quadropolis data file is missing, unreadable or inconsistent."""


@dataclass(frozen=True, slots=True)
class Tile:
    """One building tile. ``index`` is its position in :data:`TILES`; ``id`` is stable text."""

    index: int
    id: str
    round: int
    kind: int
    inh: int
    en: int
    vp: int
    mark: str
    mayor: bool

    @property
    def type_key(self) -> str:
        """The type id used in data files ("tower", "shop", ...)."""
        return TYPE_KEYS[self.kind]

    @property
    def name(self) -> str:
        """Display name of the tile's building type ("Tower Block", "Shop", ...)."""
        return RULES.type_names[self.kind]


@dataclass(frozen=True, slots=True)
class Rules:
    """Constants and scoring tables of one game mode (Classic)."""

    rounds: int
    architects: int
    site_size: int
    city_size: int
    district_size: int
    max_tower_height: int
    max_customers: int
    min_players: int
    max_players: int
    face_up_marks: Mapping[int, frozenset[str]]
    type_names: tuple[str, ...]
    type_letters: tuple[str, ...]
    tower_table: tuple[int, ...]
    shop_table: tuple[int, ...]
    service_table: tuple[int, ...]
    park_table: tuple[int, ...]
    harbor_table: tuple[int, ...]
    factory_per_shop: int
    factory_per_harbor: int
    park_absorbs: int
    unused_inhabitant: int
    unused_energy: int

    @property
    def tiles_per_round(self) -> int:
        """Tiles laid out each round: one per Construction Site square."""
        return self.site_size * self.site_size

    @property
    def districts(self) -> int:
        """Number of districts in a city."""
        return (self.city_size // self.district_size) ** 2


def _read(name: str) -> dict[str, Any]:
    path = files("seeds") / "quadropolis" / name
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ContentError(f"seeds/quadropolis/{name}: cannot read ({exc})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"seeds/quadropolis/{name}: not valid TOML ({exc})") from None


def _int(where: str, table: Mapping[str, Any], key: str, lo: int, hi: int) -> int:
    value = table.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ContentError(f"{where}: {key} must be a whole number, got {value!r}")
    if not lo <= value <= hi:
        raise ContentError(f"{where}: {key} must be between {lo} and {hi}, got {value}")
    return value


def _table(where: str, table: Mapping[str, Any], key: str, length: int) -> tuple[int, ...]:
    value = table.get(key)
    if (
        not isinstance(value, list)
        or len(value) != length
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise ContentError(f"{where}: {key} must be a list of {length} whole numbers, got {value!r}")
    return tuple(value)


def parse_rules(data: Mapping[str, Any], where: str = "seeds/quadropolis/rules.toml") -> Rules:
    """Validate the parsed ``rules.toml`` and return :class:`Rules`; raises ContentError."""
    if not isinstance(data, Mapping):
        raise ContentError(f"{where}: expected a table")
    for section in ("board", "players", "face_up_marks", "types", "scoring"):
        if not isinstance(data.get(section), Mapping):
            raise ContentError(f"{where}: missing section [{section}]")
    board, scoring = data["board"], data["scoring"]
    w = f"{where} [board]"
    rounds = _int(w, board, "rounds", 1, 9)
    site = _int(w, board, "site_size", 2, 9)
    architects = _int(w, board, "architects", 1, site)
    city = _int(w, board, "city_size", 2, 9)
    district = _int(w, board, "district_size", 1, city)
    if city % district:
        raise ContentError(f"{w}: city_size must be a multiple of district_size")
    if architects > city:
        raise ContentError(f"{w}: architects must not exceed city_size (row/column n must exist)")
    height = _int(w, board, "max_tower_height", 1, 9)
    customers = _int(w, board, "max_customers", 1, 9)
    w = f"{where} [players]"
    low = _int(w, data["players"], "min", 1, 9)
    high = _int(w, data["players"], "max", low, 9)
    marks: dict[int, frozenset[str]] = {}
    for players in range(low, high + 1):
        value = data["face_up_marks"].get(str(players))
        if not isinstance(value, list) or not value or not all(m in MARKS for m in value):
            raise ContentError(
                f"{where} [face_up_marks]: {players} must list marks among {MARKS}, got {value!r}"
            )
        marks[players] = frozenset(value)
    names: list[str] = []
    letters: list[str] = []
    for key in TYPE_KEYS:
        entry = data["types"].get(key)
        if not isinstance(entry, Mapping):
            raise ContentError(f"{where}: missing [types.{key}]")
        name, letter = entry.get("name"), entry.get("letter")
        if not isinstance(name, str) or not name:
            raise ContentError(f"{where} [types.{key}]: name must be a non-empty string")
        if not isinstance(letter, str) or len(letter) != 1:
            raise ContentError(f"{where} [types.{key}]: letter must be one character")
        names.append(name)
        letters.append(letter)
    w = f"{where} [scoring]"
    districts = (city // district) ** 2
    rules = Rules(
        rounds=rounds,
        architects=architects,
        site_size=site,
        city_size=city,
        district_size=district,
        max_tower_height=height,
        max_customers=customers,
        min_players=low,
        max_players=high,
        face_up_marks=marks,
        type_names=tuple(names),
        type_letters=tuple(letters),
        tower_table=_table(w, scoring, "tower", height + 1),
        shop_table=_table(w, scoring, "shop", customers + 1),
        service_table=_table(w, scoring, "service_districts", districts + 1),
        park_table=_table(w, scoring, "park", 5),
        harbor_table=_table(w, scoring, "harbor_run", city + 1),
        factory_per_shop=_int(w, scoring, "factory_per_shop", 0, 99),
        factory_per_harbor=_int(w, scoring, "factory_per_harbor", 0, 99),
        park_absorbs=_int(w, scoring, "park_absorbs", 0, 9),
        unused_inhabitant=_int(w, scoring, "unused_inhabitant", -9, 0),
        unused_energy=_int(w, scoring, "unused_energy", -9, 0),
    )
    # The optimiser relies on scores never dropping when something more is activated.
    for key, table in (
        ("tower", rules.tower_table),
        ("shop", rules.shop_table),
        ("service_districts", rules.service_table),
        ("park", rules.park_table),
        ("harbor_run", rules.harbor_table),
    ):
        if any(b < a for a, b in zip(table, table[1:])) or table[0] < 0:
            raise ContentError(f"{w}: {key} must be non-negative and never decrease")
    steps = [b - a for a, b in zip(rules.shop_table, rules.shop_table[1:])]
    if any(b < a for a, b in zip(steps, steps[1:])):
        # Filling one Shop before starting the next is only optimal for a convex table.
        raise ContentError(f"{w}: shop must be convex (each step at least the previous one)")
    return rules


_TILE_KEYS = frozenset(("round", "id", "type", "inh", "en", "vp", "mark", "mayor"))


def parse_tiles(
    data: Mapping[str, Any], rules: Rules, where: str = "seeds/quadropolis/tiles.toml"
) -> tuple[Tile, ...]:
    """Validate the parsed ``tiles.toml`` against ``rules`` and return the tiles in file order."""
    raw = data.get("tiles") if isinstance(data, Mapping) else None
    if not isinstance(raw, list):
        raise ContentError(f"{where}: expected a list named tiles")
    tiles: list[Tile] = []
    seen: set[str] = set()
    for number, entry in enumerate(raw, start=1):
        w = f"{where}: tile #{number}"
        if not isinstance(entry, Mapping):
            raise ContentError(f"{w} is not a table")
        keys = set(entry)
        if keys != _TILE_KEYS:
            missing, extra = sorted(_TILE_KEYS - keys), sorted(keys - _TILE_KEYS)
            raise ContentError(f"{w}: missing fields {missing}, unknown fields {extra}")
        tile_id = entry["id"]
        if not isinstance(tile_id, str) or not tile_id or tile_id in seen:
            raise ContentError(f"{w}: id must be a unique non-empty string, got {tile_id!r}")
        seen.add(tile_id)
        w = f"{where}: tile {tile_id}"
        kind_key = entry["type"]
        if kind_key not in TYPE_KEYS:
            raise ContentError(f"{w}: type must be one of {', '.join(TYPE_KEYS)}, got {kind_key!r}")
        kind = TYPE_KEYS.index(kind_key)
        mark, mayor = entry["mark"], entry["mayor"]
        if mark not in MARKS:
            raise ContentError(f"{w}: mark must be one of {MARKS}, got {mark!r}")
        if not isinstance(mayor, bool):
            raise ContentError(f"{w}: mayor must be true or false")
        tile = Tile(
            index=len(tiles),
            id=tile_id,
            round=_int(w, entry, "round", 1, rules.rounds),
            kind=kind,
            inh=_int(w, entry, "inh", 0, 9),
            en=_int(w, entry, "en", 0, 9),
            vp=_int(w, entry, "vp", 0, 9),
            mark=mark,
            mayor=mayor,
        )
        if tile.vp and kind not in (SERVICE, HARBOR):
            raise ContentError(f"{w}: only Public Services and Harbors carry printed VP")
        if mayor and kind != TOWER:
            raise ContentError(f"{w}: only a Tower Block can carry the Mayor symbol")
        if kind == TOWER and tile.inh == 0:
            raise ContentError(f"{w}: a Tower Block must give Inhabitants")
        tiles.append(tile)
    for rnd in range(1, rules.rounds + 1):
        count = sum(1 for t in tiles if t.round == rnd)
        if count != rules.tiles_per_round:
            raise ContentError(f"{where}: round {rnd} has {count} tiles, needs {rules.tiles_per_round}")
        mayors = sum(1 for t in tiles if t.round == rnd and t.mayor)
        if mayors > 1:
            raise ContentError(f"{where}: round {rnd} has {mayors} Mayor tiles (at most 1)")
    if not any(t.mayor for t in tiles):
        raise ContentError(f"{where}: no Mayor tile")
    return tuple(tiles)


def load() -> tuple[Rules, tuple[Tile, ...]]:
    """Read and validate both data files (called once at import)."""
    rules = parse_rules(_read("rules.toml"))
    return rules, parse_tiles(_read("tiles.toml"), rules)


RULES, TILES = load()
TILE_BY_ID: dict[str, Tile] = {tile.id: tile for tile in TILES}
# Tile indices of each round (index 0 unused), in file order: the order shuffled at preparation.
ROUND_TILES: tuple[tuple[int, ...], ...] = tuple(
    tuple(t.index for t in TILES if t.round == rnd) for rnd in range(RULES.rounds + 1)
)
TILE_KIND: tuple[int, ...] = tuple(t.kind for t in TILES)
TILE_INH: tuple[int, ...] = tuple(t.inh for t in TILES)
TILE_EN: tuple[int, ...] = tuple(t.en for t in TILES)
TILE_VP: tuple[int, ...] = tuple(t.vp for t in TILES)
TILE_MAYOR: tuple[bool, ...] = tuple(t.mayor for t in TILES)


def type_name(kind: int) -> str:
    """Display name of a building type code."""
    return RULES.type_names[kind]
