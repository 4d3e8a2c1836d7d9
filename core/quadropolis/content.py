"""Quadropolis content: the Classic tiles, constants and scoring tables, loaded from seeds/.

The data lives in ``seeds/quadropolis/tiles.toml`` and ``seeds/quadropolis/rules.toml``. It is
read and validated once, at import; a malformed file raises :class:`ContentError` naming the
file and the problem. Everything else in the package uses the module constants below
(``TILES``, ``RULES``, the type codes) and never reads files itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from core.plaindata import bool_in, check_keys, one_of, read_seed_toml, section, whole_in, whole_list

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
    type_shorts: tuple[str, ...]
    type_texts: tuple[str, ...]  # what each type needs and scores, in words (the card viewer)
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


def _scores(table: Mapping[str, Any], key: str, length: int, where: str) -> tuple[int, ...]:
    return tuple(whole_list(table.get(key), f"{where}: {key}", length, error=ContentError))


def parse_rules(data: Mapping[str, Any], where: str = "seeds/quadropolis/rules.toml") -> Rules:
    """Validate the parsed ``rules.toml`` and return :class:`Rules`; raises ContentError."""
    if not isinstance(data, Mapping):
        raise ContentError(f"{where}: expected a table")
    for key in ("board", "players", "face_up_marks", "types", "scoring"):
        section(data, key, where, ContentError)
    board, scoring = data["board"], data["scoring"]
    w = f"{where} [board]"
    rounds = whole_in(board, "rounds", 1, 9, w, ContentError)
    site = whole_in(board, "site_size", 2, 9, w, ContentError)
    architects = whole_in(board, "architects", 1, site, w, ContentError)
    city = whole_in(board, "city_size", 2, 9, w, ContentError)
    district = whole_in(board, "district_size", 1, city, w, ContentError)
    if city % district:
        raise ContentError(f"{w}: city_size must be a multiple of district_size")
    if architects > city:
        raise ContentError(f"{w}: architects must not exceed city_size (row/column n must exist)")
    height = whole_in(board, "max_tower_height", 1, 9, w, ContentError)
    customers = whole_in(board, "max_customers", 1, 9, w, ContentError)
    w = f"{where} [players]"
    low = whole_in(data["players"], "min", 1, 9, w, ContentError)
    high = whole_in(data["players"], "max", low, 9, w, ContentError)
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
    shorts: list[str] = []
    texts: list[str] = []
    for key in TYPE_KEYS:
        entry = data["types"].get(key)
        if not isinstance(entry, Mapping):
            raise ContentError(f"{where}: missing [types.{key}]")
        name, letter = entry.get("name"), entry.get("letter")
        if not isinstance(name, str) or not name:
            raise ContentError(f"{where} [types.{key}]: name must be a non-empty string")
        if not isinstance(letter, str) or len(letter) != 1:
            raise ContentError(f"{where} [types.{key}]: letter must be one character")
        short = entry.get("short")
        if not isinstance(short, str) or len(short) != 4:
            raise ContentError(f"{where} [types.{key}]: short must be four characters")
        text = entry.get("text")
        if not isinstance(text, str) or not text:
            raise ContentError(f"{where} [types.{key}]: text must be a non-empty string")
        names.append(name)
        letters.append(letter)
        shorts.append(short)
        texts.append(text)
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
        type_shorts=tuple(shorts),
        type_texts=tuple(texts),
        tower_table=_scores(scoring, "tower", height + 1, w),
        shop_table=_scores(scoring, "shop", customers + 1, w),
        service_table=_scores(scoring, "service_districts", districts + 1, w),
        park_table=_scores(scoring, "park", 5, w),
        harbor_table=_scores(scoring, "harbor_run", city + 1, w),
        factory_per_shop=whole_in(scoring, "factory_per_shop", 0, 99, w, ContentError),
        factory_per_harbor=whole_in(scoring, "factory_per_harbor", 0, 99, w, ContentError),
        park_absorbs=whole_in(scoring, "park_absorbs", 0, 9, w, ContentError),
        unused_inhabitant=whole_in(scoring, "unused_inhabitant", -9, 0, w, ContentError),
        unused_energy=whole_in(scoring, "unused_energy", -9, 0, w, ContentError),
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
        check_keys(entry, _TILE_KEYS, what=w, error=ContentError)
        tile_id = entry["id"]
        if not isinstance(tile_id, str) or not tile_id or tile_id in seen:
            raise ContentError(f"{w}: id must be a unique non-empty string, got {tile_id!r}")
        seen.add(tile_id)
        w = f"{where}: tile {tile_id}"
        kind = one_of(entry["type"], f"{w}: type", TYPE_KEYS, ContentError)
        mark = entry["mark"]
        if mark not in MARKS:
            raise ContentError(f"{w}: mark must be one of {MARKS}, got {mark!r}")
        mayor = bool_in(entry, "mayor", w, ContentError)
        tile = Tile(
            index=len(tiles),
            id=tile_id,
            round=whole_in(entry, "round", 1, rules.rounds, w, ContentError),
            kind=kind,
            inh=whole_in(entry, "inh", 0, 9, w, ContentError),
            en=whole_in(entry, "en", 0, 9, w, ContentError),
            vp=whole_in(entry, "vp", 0, 9, w, ContentError),
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
    rules = parse_rules(read_seed_toml("quadropolis", "rules.toml", ContentError))
    return rules, parse_tiles(read_seed_toml("quadropolis", "tiles.toml", ContentError), rules)


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
