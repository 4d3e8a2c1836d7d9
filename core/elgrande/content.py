"""El Grande content: regions, map layout, scoring values, power cards and action cards.

The data lives in ``seeds/elgrande/board.toml`` and ``seeds/elgrande/cards.toml``. It is read
and validated once, at import; a malformed file raises :class:`ContentError` naming the file
and the problem. The rest of the package uses the module constants below and never reads
files itself.

Index conventions (ints keep the hot loops cheap):

* regions are ``0..8`` in file order (:data:`REGIONS`); :data:`CASTILLO` (9) is the Castillo
  as a destination or scoring area; :data:`COURT` (10) is a player's court as a source;
* action-card *types* are indices into :data:`CARDS`; stacks are numbered 1..5;
* mobile scoreboards are ``0`` (8/4/0) and ``1`` (4/0/0).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from core.plaindata import bool_in, check_keys, read_seed_toml, section, whole_in, whole_list

CASTILLO = 9
COURT = 10
NUM_REGIONS = 9

# Effect codes of the special actions (the ``effect`` key of cards.toml).
EFFECTS: tuple[str, ...] = (
    "move",
    "place_extra",
    "all_own_or_place",
    "veto",
    "decay",
    "king_returns",
    "secret_remove",
    "remove_each",
    "score_chosen",
    "score_class",
    "score_castillo",
    "score_first_only",
    "score_most",
    "score_least",
    "scoreboard",
    "power_back",
    "grande",
    "court",
    "unique_scoring",
    "king_adjacent",
    "movement",
    "king_any",
)
(
    E_MOVE,
    E_PLACE_EXTRA,
    E_ALL_OWN_OR_PLACE,
    E_VETO,
    E_DECAY,
    E_KING_RETURNS,
    E_SECRET_REMOVE,
    E_REMOVE_EACH,
    E_SCORE_CHOSEN,
    E_SCORE_CLASS,
    E_SCORE_CASTILLO,
    E_SCORE_FIRST_ONLY,
    E_SCORE_MOST,
    E_SCORE_LEAST,
    E_SCOREBOARD,
    E_POWER_BACK,
    E_GRANDE,
    E_COURT,
    E_UNIQUE_SCORING,
    E_KING_ADJACENT,
    E_MOVEMENT,
    E_KING_ANY,
) = range(len(EFFECTS))

# Extra keys each effect needs in cards.toml (besides id/stack/copies/name/text/effect).
_EFFECT_KEYS: dict[str, frozenset[str]] = {
    "move": frozenset(("total", "own", "opp", "one_region", "all_own")),
    "place_extra": frozenset(("count",)),
    "all_own_or_place": frozenset(("count",)),
    "decay": frozenset(("count",)),
    "king_returns": frozenset(("count",)),
    "secret_remove": frozenset(("count",)),
    "score_class": frozenset(("firsts",)),
    "court": frozenset(("count",)),
}


class ContentError(ValueError):
    """Raised when an El Grande data file is missing, unreadable or inconsistent."""


@dataclass(frozen=True, slots=True)
class Region:
    """One of the nine regions, with its values, neighbours and map-grid rectangle."""

    index: int
    id: str
    name: str
    english: str
    short: str
    values: tuple[int, int, int]
    adjacent: tuple[int, ...]
    row: int
    col: int
    rows: int
    cols: int

    @property
    def cells(self) -> frozenset[tuple[int, int]]:
        """Grid cells ``(row, col)`` covered by the region on the map layout."""
        return frozenset(
            (r, c)
            for r in range(self.row, self.row + self.rows)
            for c in range(self.col, self.col + self.cols)
        )


@dataclass(frozen=True, slots=True)
class Card:
    """One action-card type. ``stack`` is also the number of caballeros it lets you place."""

    index: int
    id: str
    stack: int
    copies: int
    name: str
    text: str
    effect: int
    total: int = -1
    own: int = -1
    opp: int = -1
    one_region: bool = False
    all_own: bool = False
    count: int = 0
    firsts: tuple[int, ...] = ()

    @property
    def effect_name(self) -> str:
        """The effect key as written in cards.toml ("move", "veto", ...)."""
        return EFFECTS[self.effect]


@dataclass(frozen=True, slots=True)
class Setup:
    """Set-up counts and the round structure."""

    min_players: int
    max_players: int
    caballeros: int
    home_region_caballeros: int
    court: int
    provinces: int
    score_marker: int
    rounds: int
    general_scoring_after: tuple[int, ...]
    short_game_rounds: tuple[int, ...]

    @property
    def in_play(self) -> int:
        """Caballeros per colour that are ever on the board, court, provinces or Castillo."""
        return self.caballeros - self.score_marker


@dataclass(frozen=True, slots=True)
class Board:
    """Everything of ``board.toml`` except the regions themselves."""

    map_rows: int
    map_cols: int
    king_bonus: int
    grande_bonus: int
    castillo_name: str
    castillo_short: str
    castillo_values: tuple[int, int, int]
    scoreboard_ids: tuple[str, ...]
    scoreboard_names: tuple[str, ...]
    scoreboard_values: tuple[tuple[int, int, int], ...]
    power_caballeros: tuple[int, ...]  # index = card value (index 0 unused)


def _str(where: str, table: Mapping[str, Any], key: str) -> str:
    value = table.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ContentError(f"{where}: {key} must be a non-empty string, got {value!r}")
    return value


def _values(where: str, value: Any) -> tuple[int, int, int]:
    first, second, third = whole_list(value, f"{where}: values", 3, 0, 99, ContentError)
    if not first >= second >= third:
        raise ContentError(f"{where}: values must not increase from 1st to 3rd place, got {value}")
    return (first, second, third)


def parse_board(
    data: Mapping[str, Any], where: str = "seeds/elgrande/board.toml"
) -> tuple[Board, tuple[Region, ...], Setup]:
    """Validate the parsed ``board.toml``; returns ``(board, regions, setup)`` or raises ContentError."""
    if not isinstance(data, Mapping):
        raise ContentError(f"{where}: expected a table")
    for key in ("map", "scoring", "castillo", "mobile_scoreboards", "regions", "power_cards", "setup"):
        section(data, key, where, ContentError)
    w = f"{where} [map]"
    map_rows = whole_in(data["map"], "rows", 1, 20, w, ContentError)
    map_cols = whole_in(data["map"], "cols", 1, 20, w, ContentError)
    w = f"{where} [scoring]"
    king_bonus = whole_in(data["scoring"], "king_bonus", 0, 99, w, ContentError)
    grande_bonus = whole_in(data["scoring"], "grande_bonus", 0, 99, w, ContentError)
    w = f"{where} [castillo]"
    castillo = data["castillo"]
    castillo_values = _values(w, castillo.get("values"))
    boards = data["mobile_scoreboards"]
    if len(boards) != 2:
        raise ContentError(f"{where}: there must be exactly 2 mobile scoreboards, got {len(boards)}")
    sb_ids, sb_names, sb_values = [], [], []
    for key, entry in boards.items():
        if not isinstance(entry, Mapping):
            raise ContentError(f"{where} [mobile_scoreboards.{key}] must be a table")
        sb_ids.append(key)
        sb_names.append(_str(f"{where} [mobile_scoreboards.{key}]", entry, "name"))
        sb_values.append(_values(f"{where} [mobile_scoreboards.{key}]", entry.get("values")))

    raw_regions = data["regions"]
    ids = list(raw_regions)
    if len(ids) != NUM_REGIONS:
        raise ContentError(f"{where}: the board has {NUM_REGIONS} regions, got {len(ids)}")
    index = {rid: i for i, rid in enumerate(ids)}
    regions: list[Region] = []
    shorts: set[str] = set()
    for i, rid in enumerate(ids):
        entry = raw_regions[rid]
        w = f"{where} [regions.{rid}]"
        if not isinstance(entry, Mapping):
            raise ContentError(f"{w} must be a table")
        adjacent = entry.get("adjacent")
        if not isinstance(adjacent, list) or not adjacent:
            raise ContentError(f"{w}: adjacent must be a non-empty list of region ids")
        for other in adjacent:
            if other not in index or other == rid:
                raise ContentError(f"{w}: unknown or self neighbour {other!r}")
        if len(set(adjacent)) != len(adjacent):
            raise ContentError(f"{w}: adjacent lists a region twice")
        layout = entry.get("layout")
        if not isinstance(layout, Mapping):
            raise ContentError(f"{w}: layout must be a table with row, col, rows, cols")
        short = _str(w, entry, "short")
        if short in shorts:
            raise ContentError(f"{w}: short name {short!r} is used twice")
        shorts.add(short)
        region = Region(
            index=i,
            id=rid,
            name=_str(w, entry, "name"),
            english=_str(w, entry, "english"),
            short=short,
            values=_values(w, entry.get("values")),
            adjacent=tuple(sorted(index[a] for a in adjacent)),
            row=whole_in(layout, "row", 0, map_rows - 1, f"{w} layout", ContentError),
            col=whole_in(layout, "col", 0, map_cols - 1, f"{w} layout", ContentError),
            rows=whole_in(layout, "rows", 1, map_rows, f"{w} layout", ContentError),
            cols=whole_in(layout, "cols", 1, map_cols, f"{w} layout", ContentError),
        )
        if region.row + region.rows > map_rows or region.col + region.cols > map_cols:
            raise ContentError(f"{w}: layout leaves the {map_rows}x{map_cols} map grid")
        regions.append(region)
    for region in regions:
        for other in region.adjacent:
            if region.index not in regions[other].adjacent:
                raise ContentError(
                    f"{where}: adjacency is not symmetric ({region.id} lists {regions[other].id}, not back)"
                )
    # The layout must draw the adjacency: cells never overlap, borders exactly where adjacent.
    owner: dict[tuple[int, int], int] = {}
    for region in regions:
        for cell in region.cells:
            if cell in owner:
                raise ContentError(
                    f"{where}: {region.id} and {regions[owner[cell]].id} overlap on the map grid"
                )
            owner[cell] = region.index
    touching: set[tuple[int, int]] = set()
    for (r, c), a in owner.items():
        for nb in ((r + 1, c), (r, c + 1)):
            b = owner.get(nb)
            if b is not None and b != a:
                touching.add((min(a, b), max(a, b)))
    edges = {(min(r.index, o), max(r.index, o)) for r in regions for o in r.adjacent}
    if touching != edges:
        extra = sorted((regions[a].id, regions[b].id) for a, b in touching - edges)
        missing = sorted((regions[a].id, regions[b].id) for a, b in edges - touching)
        raise ContentError(
            f"{where}: map layout borders differ from adjacency (extra {extra}, missing {missing})"
        )

    raw_power = data["power_cards"].get("caballeros")
    if not isinstance(raw_power, Mapping):
        raise ContentError(f"{where} [power_cards]: caballeros must be a table value -> count")
    keys = sorted(raw_power, key=lambda k: int(k) if str(k).isdigit() else -1)
    if [str(k) for k in keys] != [str(v) for v in range(1, len(keys) + 1)] or len(keys) < 5:
        raise ContentError(f"{where} [power_cards]: values must be 1..N without gaps, got {list(raw_power)}")
    power = [0]
    for k in keys:
        power.append(whole_in(raw_power, k, 0, 30, f"{where} [power_cards]", ContentError))

    w = f"{where} [setup]"
    s = data["setup"]
    setup = Setup(
        min_players=whole_in(s, "min_players", 1, 9, w, ContentError),
        max_players=whole_in(s, "max_players", 1, 9, w, ContentError),
        caballeros=whole_in(s, "caballeros", 1, 200, w, ContentError),
        home_region_caballeros=whole_in(s, "home_region_caballeros", 0, 99, w, ContentError),
        court=whole_in(s, "court", 0, 99, w, ContentError),
        provinces=whole_in(s, "provinces", 0, 199, w, ContentError),
        score_marker=whole_in(s, "score_marker", 0, 1, w, ContentError),
        rounds=whole_in(s, "rounds", 1, 20, w, ContentError),
        general_scoring_after=tuple(
            whole_list(s.get("general_scoring_after"), f"{w}: general_scoring_after", None, 1, 20, ContentError)
        ),
        short_game_rounds=tuple(
            whole_list(s.get("short_game_rounds"), f"{w}: short_game_rounds", None, 1, 20, ContentError)
        ),
    )
    if setup.min_players > setup.max_players:
        raise ContentError(f"{w}: min_players exceeds max_players")
    if setup.max_players + 1 > NUM_REGIONS:
        raise ContentError(f"{w}: the King and every home region need their own region card")
    total = setup.home_region_caballeros + setup.court + setup.provinces + setup.score_marker
    if total != setup.caballeros:
        raise ContentError(f"{w}: home + court + provinces + score marker = {total}, not {setup.caballeros}")
    if setup.rounds not in setup.general_scoring_after:
        raise ContentError(f"{w}: the last round must end with a general scoring")
    for name, rounds in (
        ("general_scoring_after", setup.general_scoring_after),
        ("short_game_rounds", setup.short_game_rounds),
    ):
        if list(rounds) != sorted(set(rounds)) or max(rounds) > setup.rounds:
            raise ContentError(f"{w}: {name} must be increasing round numbers up to {setup.rounds}")
    if not set(setup.general_scoring_after) <= set(setup.short_game_rounds):
        raise ContentError(f"{w}: the short game must play every scoring round")
    hand = len(power) - 1
    if hand - (setup.rounds - 1) <= setup.max_players - 1:
        raise ContentError(f"{w}: {hand} power cards cannot last {setup.rounds} rounds with distinct values")
    board = Board(
        map_rows=map_rows,
        map_cols=map_cols,
        king_bonus=king_bonus,
        grande_bonus=grande_bonus,
        castillo_name=_str(f"{where} [castillo]", castillo, "name"),
        castillo_short=_str(f"{where} [castillo]", castillo, "short"),
        castillo_values=castillo_values,
        scoreboard_ids=tuple(sb_ids),
        scoreboard_names=tuple(sb_names),
        scoreboard_values=tuple(sb_values),
        power_caballeros=tuple(power),
    )
    return board, tuple(regions), setup


_BASE_KEYS = frozenset(("id", "stack", "copies", "name", "text", "effect"))


def parse_cards(data: Mapping[str, Any], where: str = "seeds/elgrande/cards.toml") -> tuple[Card, ...]:
    """Validate the parsed ``cards.toml`` and return the card types in file order."""
    raw = data.get("cards") if isinstance(data, Mapping) else None
    if not isinstance(raw, list) or not raw:
        raise ContentError(f"{where}: expected a list named cards")
    cards: list[Card] = []
    seen: set[str] = set()
    for number, entry in enumerate(raw, start=1):
        w = f"{where}: card #{number}"
        if not isinstance(entry, Mapping):
            raise ContentError(f"{w} is not a table")
        effect = entry.get("effect")
        if effect not in EFFECTS:
            raise ContentError(f"{w}: unknown effect {effect!r}")
        expected = _BASE_KEYS | _EFFECT_KEYS.get(effect, frozenset())
        check_keys(entry, expected, what=w, error=ContentError)
        card_id = _str(w, entry, "id")
        if card_id in seen:
            raise ContentError(f"{w}: id {card_id!r} is used twice")
        seen.add(card_id)
        w = f"{where}: card {card_id}"
        fields: dict[str, Any] = {}
        if effect == "move":
            fields = {
                "total": whole_in(entry, "total", -1, 30, w, ContentError),
                "own": whole_in(entry, "own", -1, 30, w, ContentError),
                "opp": whole_in(entry, "opp", -1, 30, w, ContentError),
                "one_region": bool_in(entry, "one_region", w, ContentError),
                "all_own": bool_in(entry, "all_own", w, ContentError),
            }
            if fields["all_own"] and (fields["opp"] != 0 or not fields["one_region"]):
                raise ContentError(f"{w}: an all_own move takes own caballeros (opp = 0) from one region")
            if not fields["all_own"] and fields["total"] < 1:
                raise ContentError(f"{w}: a move needs a total of at least 1")
        elif effect in ("place_extra", "all_own_or_place", "king_returns", "court"):
            fields = {"count": whole_in(entry, "count", 1, 30, w, ContentError)}
        elif effect in ("decay", "secret_remove"):
            fields = {"count": whole_in(entry, "count", -1, 30, w, ContentError)}
            if fields["count"] == 0:
                raise ContentError(f"{w}: count must be -1 (all) or positive")
        elif effect == "score_class":
            fields = {"firsts": tuple(whole_list(entry.get("firsts"), f"{w}: firsts", None, 1, 99, ContentError))}
            if not fields["firsts"]:
                raise ContentError(f"{w}: firsts must not be empty")
        card = Card(
            index=len(cards),
            id=card_id,
            stack=whole_in(entry, "stack", 1, 5, w, ContentError),
            copies=whole_in(entry, "copies", 1, 11, w, ContentError),
            name=_str(w, entry, "name"),
            text=_str(w, entry, "text"),
            effect=EFFECTS.index(effect),
            **fields,
        )
        cards.append(card)
    for stack in range(1, 5):
        count = sum(c.copies for c in cards if c.stack == stack)
        if count < 9:
            raise ContentError(f"{where}: stack {stack} holds {count} cards, needs at least 9 for 9 rounds")
    fifth = [c for c in cards if c.stack == 5]
    if len(fifth) != 1 or fifth[0].copies != 1 or fifth[0].effect != E_KING_ANY:
        raise ContentError(f"{where}: stack 5 must be exactly one King's card (effect king_any)")
    return tuple(cards)


def load() -> tuple[Board, tuple[Region, ...], Setup, tuple[Card, ...]]:
    """Read and validate both data files (called once at import)."""
    board, regions, setup = parse_board(read_seed_toml("elgrande", "board.toml", ContentError))
    return board, regions, setup, parse_cards(read_seed_toml("elgrande", "cards.toml", ContentError))


BOARD, REGIONS, SETUP, CARDS = load()

REGION_IDS: tuple[str, ...] = tuple(r.id for r in REGIONS)
REGION_INDEX: dict[str, int] = {r.id: r.index for r in REGIONS}
ADJACENT: tuple[tuple[int, ...], ...] = tuple(r.adjacent for r in REGIONS)
ADJACENT_MASK: tuple[int, ...] = tuple(sum(1 << a for a in r.adjacent) for r in REGIONS)
PRINTED_VALUES: tuple[tuple[int, int, int], ...] = tuple(r.values for r in REGIONS)
CARD_INDEX: dict[str, int] = {c.id: c.index for c in CARDS}
CARD_STACK: tuple[int, ...] = tuple(c.stack for c in CARDS)
CARD_EFFECT: tuple[int, ...] = tuple(c.effect for c in CARDS)
KING_CARD: int = next(c.index for c in CARDS if c.stack == 5)
# DECKS[stack] = the card types of that stack with repeats (stack 0 unused), in file order.
DECKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(c.index for c in CARDS if c.stack == stack for _ in range(c.copies)) for stack in range(6)
)
POWER_VALUES: int = len(BOARD.power_caballeros) - 1
ALL_POWER: int = sum(1 << v for v in range(1, POWER_VALUES + 1))
AREA_IDS: tuple[str, ...] = REGION_IDS + ("castillo",)
AREA_INDEX: dict[str, int] = {name: i for i, name in enumerate(AREA_IDS)}


def area_name(area: int) -> str:
    """Display name of a region index, :data:`CASTILLO` or :data:`COURT`."""
    if area == CASTILLO:
        return BOARD.castillo_name
    if area == COURT:
        return "court"
    return REGIONS[area].name


def area_values(area: int) -> tuple[int, int, int]:
    """Printed 1st/2nd/3rd values of a region, or the Castillo's values."""
    return BOARD.castillo_values if area == CASTILLO else REGIONS[area].values


def is_adjacent(a: int, b: int) -> bool:
    """True if regions ``a`` and ``b`` share a border."""
    return bool(ADJACENT_MASK[a] >> b & 1)
