"""Council of Four content: cities, board sides, tokens, permits and the nobility track.

Everything comes from ``seeds/council/content.toml`` (the game's data). The file is read and
validated once, at import; a malformed file raises :class:`ContentError` naming the file and
the problem. The rest of the package uses the module constants below and never reads files.

Codes used everywhere (small ints keep the hot loops cheap):

* politics card kinds ``0..5`` are the councillor colours in data order, ``6`` is the joker;
* cities ``0..14`` are the letters A..O;
* regions ``0..2`` are coast, hills, mountains; balcony ``3`` is the Queen's;
* colour classes ``0..4`` are gold, silver, bronze, iron, royal;
* permits ``0..44`` are indices into :data:`PERMITS`; tokens ``0..13`` into :data:`TOKENS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, NamedTuple

from core.plaindata import one_of, read_seed_toml, section, whole_in, whole_list

WHERE = "seeds/council/content.toml"
REGIONS: tuple[str, ...] = ("coast", "hills", "mountains")
BALCONIES: tuple[str, ...] = ("coast", "hills", "mountains", "royal")
ROYAL_BALCONY = 3
CLASSES: tuple[str, ...] = ("gold", "silver", "bronze", "iron", "royal")
ROYAL_CLASS = 4
BONUS_KEYS: tuple[str, ...] = ("vp", "coins", "servants", "cards", "main_action", "nobility")
SPECIAL_KEYS: tuple[str, ...] = ("city_token_again", "free_face_up_permit", "permit_bonus_again")


class ContentError(ValueError):
    """Raised when the Council of Four data file is missing, unreadable or inconsistent."""


class Bonus(NamedTuple):
    """Gains of a token, a permit tile or a track space, resolved in this field order."""

    vp: int = 0
    coins: int = 0
    servants: int = 0
    cards: int = 0
    main: int = 0
    nobility: int = 0


class Space(NamedTuple):
    """A nobility track bonus space: plain gains plus at most one special choice.

    ``tokens`` is how many different own cities' tokens to take (spaces 4 and 16),
    ``free_permit`` takes a face-up permit for free (space 10), ``rebonus`` repeats an owned
    permit's bonus (space 14).
    """

    bonus: Bonus
    tokens: int = 0
    free_permit: bool = False
    rebonus: bool = False


@dataclass(frozen=True, slots=True)
class Permit:
    """One business permit tile. ``cities`` are city codes in letter order."""

    index: int
    id: str
    region: int
    cities: tuple[int, ...]
    bonus: Bonus


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a region board: city colour classes, roads, royal city, drawing spots."""

    region: int
    number: int
    label: str
    colours: Mapping[int, int]
    roads: tuple[tuple[int, int], ...]
    royal: int  # city code, -1 if this side has no royal city
    to_mountains: tuple[tuple[int, int], ...]  # hills sides only
    coords: Mapping[int, tuple[int, int]]


@dataclass(frozen=True, slots=True)
class Constants:
    """Numbers of the rules (costs, start values, end-game awards)."""

    min_players: int
    max_players: int
    start_hand: int
    merchants: int
    face_up: int
    start_coins: tuple[int, ...]
    start_servants: tuple[int, ...]
    per_colour: int
    jokers: int
    councillors_per_colour: int
    per_balcony: int
    permit_cost: tuple[int, ...]  # index = cards played (index 0 unused)
    joker_surcharge: int
    royal_per_road: int
    elect_income: int
    hire_coins: int
    change_servants: int
    elect_quick_servants: int
    extra_main_servants: int
    last_merchant_vp: int
    nobility_first: int
    nobility_second: int
    most_permits: int
    nobility_last: int


def parse_bonus(where: str, raw: Any, allowed: tuple[str, ...] = BONUS_KEYS) -> dict[str, int]:
    """Validate a bonus table (keys from ``allowed``, values 1..20) and return it as a dict."""
    if not isinstance(raw, Mapping) or not raw:
        raise ContentError(f"{where}: a bonus must be a non-empty table, got {raw!r}")
    out: dict[str, int] = {}
    for key, value in raw.items():
        if key not in allowed:
            raise ContentError(f"{where}: unknown bonus {key!r} (allowed: {', '.join(allowed)})")
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 20:
            raise ContentError(f"{where}: bonus {key} must be a whole number 1..20, got {value!r}")
        out[key] = value
    return out


def _bonus(fields: Mapping[str, int]) -> Bonus:
    return Bonus(
        fields.get("vp", 0),
        fields.get("coins", 0),
        fields.get("servants", 0),
        fields.get("cards", 0),
        fields.get("main_action", 0),
        fields.get("nobility", 0),
    )


def _road(where: str, raw: Any, letters: Mapping[str, int]) -> tuple[int, int]:
    if not isinstance(raw, str) or len(raw.split("-")) != 2:
        raise ContentError(f"{where}: a road must look like \"A-B\", got {raw!r}")
    a, b = raw.split("-")
    if a not in letters or b not in letters or a == b:
        raise ContentError(f"{where}: road {raw!r} must join two different known cities")
    x, y = letters[a], letters[b]
    return (x, y) if x < y else (y, x)


@dataclass(frozen=True, slots=True)
class Content:
    """Everything loaded from the data file."""

    constants: Constants
    colours: tuple[str, ...]
    letters: tuple[str, ...]
    names: tuple[str, ...]
    city_region: tuple[int, ...]
    coast_hills_roads: tuple[tuple[int, int], ...]
    sides: Mapping[tuple[int, int], Side]
    tokens: tuple[Bonus, ...]
    permits: tuple[Permit, ...]
    nobility: tuple[Space | None, ...]
    colour_reward: tuple[int, ...]  # by colour class gold..iron
    region_reward: tuple[int, ...]
    queen_rewards: tuple[int, ...]


def parse(data: Mapping[str, Any]) -> Content:
    """Validate the parsed data file and return :class:`Content`; raises ContentError."""
    if not isinstance(data, Mapping):
        raise ContentError(f"{WHERE}: expected a table")
    players = section(data, "players", WHERE, ContentError)
    setup = section(data, "setup", WHERE, ContentError)
    politics = section(data, "politics", WHERE, ContentError)
    council = section(data, "councillors", WHERE, ContentError)
    costs = section(data, "costs", WHERE, ContentError)
    end = section(data, "end", WHERE, ContentError)
    rewards = section(data, "rewards", WHERE, ContentError)
    nobility = section(data, "nobility", WHERE, ContentError)

    low = whole_in(players, "min", 2, 4, f"{WHERE} [players]", ContentError)
    high = whole_in(players, "max", low, 4, f"{WHERE} [players]", ContentError)
    colours = politics.get("colours")
    if (
        not isinstance(colours, list)
        or len(colours) != 6
        or len(set(colours)) != 6
        or not all(isinstance(c, str) and c and c != "joker" for c in colours)
    ):
        raise ContentError(f"{WHERE} [politics]: colours must be 6 different names (not 'joker')")
    balconies = council.get("balconies")
    if balconies != list(BALCONIES):
        raise ContentError(f"{WHERE} [councillors]: balconies must be {list(BALCONIES)}")
    w = f"{WHERE} [costs]"
    constants = Constants(
        min_players=low,
        max_players=high,
        start_hand=whole_in(setup, "start_hand", 0, 10, f"{WHERE} [setup]", ContentError),
        merchants=whole_in(setup, "merchants_per_player", 1, 15, f"{WHERE} [setup]", ContentError),
        face_up=whole_in(setup, "face_up_permits", 2, 2, f"{WHERE} [setup]", ContentError),
        start_coins=tuple(
            whole_list(setup.get("start_coins"), f"{WHERE} [setup]: start_coins", high, 0, 99, ContentError)
        ),
        start_servants=tuple(
            whole_list(setup.get("start_servants"), f"{WHERE} [setup]: start_servants", high, 0, 99, ContentError)
        ),
        per_colour=whole_in(politics, "per_colour", 1, 30, f"{WHERE} [politics]", ContentError),
        jokers=whole_in(politics, "jokers", 0, 30, f"{WHERE} [politics]", ContentError),
        councillors_per_colour=whole_in(council, "per_colour", 4, 4, f"{WHERE} [councillors]", ContentError),
        per_balcony=whole_in(council, "per_balcony", 4, 4, f"{WHERE} [councillors]", ContentError),
        permit_cost=(0, *whole_list(costs.get("permit_by_cards"), f"{w}: permit_by_cards", 4, 0, 99, ContentError)),
        joker_surcharge=whole_in(costs, "joker_surcharge", 0, 9, w, ContentError),
        royal_per_road=whole_in(costs, "royal_per_road", 0, 9, w, ContentError),
        elect_income=whole_in(costs, "elect_income", 0, 99, w, ContentError),
        hire_coins=whole_in(costs, "hire_coins", 1, 99, w, ContentError),
        change_servants=whole_in(costs, "change_servants", 1, 9, w, ContentError),
        elect_quick_servants=whole_in(costs, "elect_quick_servants", 1, 9, w, ContentError),
        extra_main_servants=whole_in(costs, "extra_main_servants", 1, 9, w, ContentError),
        last_merchant_vp=whole_in(end, "last_merchant_vp", 0, 99, f"{WHERE} [end]", ContentError),
        nobility_first=whole_in(end, "nobility_first", 0, 99, f"{WHERE} [end]", ContentError),
        nobility_second=whole_in(end, "nobility_second", 0, 99, f"{WHERE} [end]", ContentError),
        most_permits=whole_in(end, "most_permits", 0, 99, f"{WHERE} [end]", ContentError),
        nobility_last=whole_in(nobility, "last", 1, 99, f"{WHERE} [nobility]", ContentError),
    )
    cost = constants.permit_cost
    if any(cost[k + 1] > cost[k] for k in range(1, 4)):
        raise ContentError(f"{w}: permit_by_cards must not increase with more cards")

    # Cities.
    raw_cities = data.get("cities")
    if not isinstance(raw_cities, list) or len(raw_cities) != 15:
        raise ContentError(f"{WHERE}: expected 15 [[cities]]")
    letters: list[str] = []
    names: list[str] = []
    city_region: list[int] = []
    for number, entry in enumerate(raw_cities):
        where = f"{WHERE}: city #{number + 1}"
        if not isinstance(entry, Mapping) or set(entry) != {"letter", "name", "region"}:
            raise ContentError(f"{where} must have exactly letter, name and region")
        letter, name, region = entry["letter"], entry["name"], entry["region"]
        if letter != chr(ord("A") + number):
            raise ContentError(f"{where}: cities must be lettered A..O in order, got {letter!r}")
        if not isinstance(name, str) or not name or name[0] != letter:
            raise ContentError(f"{where}: name must be a non-empty string starting with {letter}")
        letters.append(letter)
        names.append(name)
        city_region.append(one_of(region, f"{where}: region", REGIONS, ContentError))
    for r in range(3):
        if city_region.count(r) != 5:
            raise ContentError(f"{WHERE}: region {REGIONS[r]} must have 5 cities")
    index = {letter: i for i, letter in enumerate(letters)}

    raw_ch = data.get("coast_hills_roads")
    if not isinstance(raw_ch, list) or not raw_ch:
        raise ContentError(f"{WHERE}: coast_hills_roads must be a non-empty list")
    coast_hills = tuple(_road(f"{WHERE}: coast_hills_roads", r, index) for r in raw_ch)
    for a, b in coast_hills:
        if {city_region[a], city_region[b]} != {0, 1}:
            raise ContentError(f"{WHERE}: coast_hills_roads must join a coast city and a hills city")

    # Board sides.
    raw_sides = section(data, "sides", WHERE, ContentError)
    sides: dict[tuple[int, int], Side] = {}
    for r, region in enumerate(REGIONS):
        region_sides = raw_sides.get(region)
        if not isinstance(region_sides, Mapping) or set(region_sides) != {"1", "2"}:
            raise ContentError(f"{WHERE}: [sides.{region}] must have sides 1 and 2")
        own = {i for i in range(15) if city_region[i] == r}
        for number in (1, 2):
            entry = region_sides[str(number)]
            where = f"{WHERE} [sides.{region}.{number}]"
            expected = {"label", "colours", "roads", "coords"} | ({"royal", "to_mountains"} if r == 1 else set())
            if not isinstance(entry, Mapping) or set(entry) != expected:
                raise ContentError(f"{where}: fields must be {sorted(expected)}")
            label = entry["label"]
            if not isinstance(label, str) or not label:
                raise ContentError(f"{where}: label must be a non-empty string")
            raw_colours = entry["colours"]
            if not isinstance(raw_colours, Mapping) or {index.get(k) for k in raw_colours} != own:
                raise ContentError(f"{where}: colours must name exactly the cities of {region}")
            colours_of: dict[int, int] = {}
            for key, value in raw_colours.items():
                colours_of[index[key]] = one_of(value, f"{where}: colour of {key}", CLASSES, ContentError)
            royals = [c for c, k in colours_of.items() if k == ROYAL_CLASS]
            royal = -1
            to_mountains: tuple[tuple[int, int], ...] = ()
            if r == 1:
                if entry["royal"] not in index or royals != [index[entry["royal"]]]:
                    raise ContentError(f"{where}: royal must name the one royal-coloured city")
                royal = index[entry["royal"]]
                raw_tm = entry["to_mountains"]
                if not isinstance(raw_tm, list) or not raw_tm:
                    raise ContentError(f"{where}: to_mountains must be a non-empty list")
                to_mountains = tuple(_road(where, x, index) for x in raw_tm)
                for a, b in to_mountains:
                    if {city_region[a], city_region[b]} != {1, 2}:
                        raise ContentError(f"{where}: to_mountains roads must join hills and mountains")
            elif royals:
                raise ContentError(f"{where}: only the hills have a royal city")
            raw_roads = entry["roads"]
            if not isinstance(raw_roads, list):
                raise ContentError(f"{where}: roads must be a list")
            roads = tuple(_road(where, x, index) for x in raw_roads)
            if any(a not in own or b not in own for a, b in roads) or len(set(roads)) != len(roads):
                raise ContentError(f"{where}: roads must be different and stay inside {region}")
            raw_coords = entry["coords"]
            if not isinstance(raw_coords, Mapping) or {index.get(k) for k in raw_coords} != own:
                raise ContentError(f"{where}: coords must give every city of {region}")
            coords: dict[int, tuple[int, int]] = {}
            for key, value in raw_coords.items():
                x, y = whole_list(value, f"{where}: coords of {key}", 2, 0, 99, ContentError)
                coords[index[key]] = (x, y)
            if len(set(coords.values())) != 5:
                raise ContentError(f"{where}: two cities share a drawing position")
            sides[(r, number)] = Side(r, number, label, colours_of, roads, royal, to_mountains, coords)

    # City tokens.
    raw_tokens = section(data, "city_tokens", WHERE, ContentError).get("bonuses")
    if not isinstance(raw_tokens, list) or len(raw_tokens) != 14:
        raise ContentError(f"{WHERE} [city_tokens]: bonuses must list 14 tokens (one per non-royal city)")
    tokens = tuple(_bonus(parse_bonus(f"{WHERE} [city_tokens] #{i + 1}", t)) for i, t in enumerate(raw_tokens))
    if any(t.main for t in tokens):
        raise ContentError(f"{WHERE} [city_tokens]: a city token cannot give an extra main action")

    # Permits.
    raw_permits = data.get("permits")
    if not isinstance(raw_permits, list) or len(raw_permits) != 45:
        raise ContentError(f"{WHERE}: expected 45 [[permits]]")
    permits: list[Permit] = []
    seen: set[str] = set()
    for number, entry in enumerate(raw_permits):
        where = f"{WHERE}: permit #{number + 1}"
        if not isinstance(entry, Mapping) or set(entry) != {"id", "region", "cities", "bonus"}:
            raise ContentError(f"{where} must have exactly id, region, cities and bonus")
        pid = entry["id"]
        if not isinstance(pid, str) or not pid or pid in seen:
            raise ContentError(f"{where}: id must be a unique non-empty string, got {pid!r}")
        seen.add(pid)
        where = f"{WHERE}: permit {pid}"
        if entry["region"] not in REGIONS:
            raise ContentError(f"{where}: unknown region {entry['region']!r}")
        r = REGIONS.index(entry["region"])
        raw = entry["cities"]
        if not isinstance(raw, list) or not 1 <= len(raw) <= 3 or len(set(raw)) != len(raw):
            raise ContentError(f"{where}: cities must list 1 to 3 different letters")
        if not all(c in index and city_region[index[c]] == r for c in raw):
            raise ContentError(f"{where}: every city must be a letter of the {REGIONS[r]} region")
        cities = tuple(sorted(index[c] for c in raw))
        permits.append(Permit(len(permits), pid, r, cities, _bonus(parse_bonus(where, entry["bonus"]))))
    for r in range(3):
        mine = [p for p in permits if p.region == r]
        if len(mine) != 15:
            raise ContentError(f"{WHERE}: region {REGIONS[r]} must have 15 permits, has {len(mine)}")
        covered = {c for p in mine for c in p.cities}
        if covered != {i for i in range(15) if city_region[i] == r}:
            raise ContentError(f"{WHERE}: every {REGIONS[r]} city must appear on a {REGIONS[r]} permit")

    # Nobility track.
    raw_spaces = nobility.get("spaces")
    if not isinstance(raw_spaces, Mapping):
        raise ContentError(f"{WHERE}: missing [nobility.spaces]")
    track: list[Space | None] = [None] * (constants.nobility_last + 1)
    for key, value in raw_spaces.items():
        where = f"{WHERE} [nobility.spaces] {key}"
        if not key.isdigit() or not 1 <= int(key) <= constants.nobility_last:
            raise ContentError(f"{where}: spaces are numbered 1..{constants.nobility_last}")
        fields = parse_bonus(where, value, tuple(k for k in BONUS_KEYS if k != "nobility") + SPECIAL_KEYS)
        specials = [k for k in SPECIAL_KEYS if k in fields]
        if len(specials) > 1:
            raise ContentError(f"{where}: at most one special choice per space")
        if fields.get("free_face_up_permit", 1) != 1 or fields.get("permit_bonus_again", 1) != 1:
            raise ContentError(f"{where}: free_face_up_permit and permit_bonus_again must be 1")
        if fields.get("city_token_again", 1) > 2:
            raise ContentError(f"{where}: city_token_again takes 1 or 2 cities")
        track[int(key)] = Space(
            _bonus(fields),
            fields.get("city_token_again", 0),
            "free_face_up_permit" in fields,
            "permit_bonus_again" in fields,
        )

    # Reward tiles.
    colour = rewards.get("colour")
    region_vp = rewards.get("region")
    if not isinstance(colour, Mapping) or set(colour) != set(CLASSES[:4]):
        raise ContentError(f"{WHERE} [rewards]: colour must give VP for {', '.join(CLASSES[:4])}")
    if not isinstance(region_vp, Mapping) or set(region_vp) != set(REGIONS):
        raise ContentError(f"{WHERE} [rewards]: region must give VP for {', '.join(REGIONS)}")
    queen = whole_list(rewards.get("queen"), f"{WHERE} [rewards]: queen", None, 0, 99, ContentError)
    if not queen:
        raise ContentError(f"{WHERE} [rewards]: queen must list at least one VP value")
    return Content(
        constants=constants,
        colours=tuple(colours),
        letters=tuple(letters),
        names=tuple(names),
        city_region=tuple(city_region),
        coast_hills_roads=coast_hills,
        sides=sides,
        tokens=tokens,
        permits=tuple(permits),
        nobility=tuple(track),
        colour_reward=tuple(whole_in(colour, k, 0, 99, f"{WHERE} [rewards.colour]", ContentError) for k in CLASSES[:4]),
        region_reward=tuple(whole_in(region_vp, k, 0, 99, f"{WHERE} [rewards.region]", ContentError) for k in REGIONS),
        queen_rewards=tuple(queen),
    )


CONTENT = parse(read_seed_toml("council", "content.toml", ContentError))
C = CONTENT.constants
COLOURS: tuple[str, ...] = CONTENT.colours
JOKER = 6
CARD_NAMES: tuple[str, ...] = COLOURS + ("joker",)
CARD_INDEX: dict[str, int] = {name: i for i, name in enumerate(CARD_NAMES)}
CARD_TOTALS: tuple[int, ...] = (C.per_colour,) * 6 + (C.jokers,)
TOTAL_CARDS = sum(CARD_TOTALS)
LETTERS: tuple[str, ...] = CONTENT.letters
CITY_NAMES: tuple[str, ...] = CONTENT.names
CITY_INDEX: dict[str, int] = {letter: i for i, letter in enumerate(LETTERS)}
CITY_REGION: tuple[int, ...] = CONTENT.city_region
REGION_CITIES: tuple[int, ...] = tuple(sum(1 << c for c in range(15) if CITY_REGION[c] == r) for r in range(3))
TOKENS: tuple[Bonus, ...] = CONTENT.tokens
PERMITS: tuple[Permit, ...] = CONTENT.permits
PERMIT_INDEX: dict[str, int] = {p.id: p.index for p in PERMITS}
PERMIT_CITIES: tuple[tuple[int, ...], ...] = tuple(p.cities for p in PERMITS)
PERMIT_BONUS: tuple[Bonus, ...] = tuple(p.bonus for p in PERMITS)
PERMIT_REGION: tuple[int, ...] = tuple(p.region for p in PERMITS)
REGION_PERMITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(p.index for p in PERMITS if p.region == r) for r in range(3)
)
NOBILITY: tuple[Space | None, ...] = CONTENT.nobility
NOBILITY_LAST = C.nobility_last
COLOUR_REWARD: tuple[int, ...] = CONTENT.colour_reward
REGION_REWARD: tuple[int, ...] = CONTENT.region_reward
QUEEN_REWARDS: tuple[int, ...] = CONTENT.queen_rewards
# Reward tile ids: the 4 colour classes, the 3 regions, then "queen1".."queen5" in pile order.
REWARD_IDS: tuple[str, ...] = CLASSES[:4] + REGIONS + tuple(f"queen{i + 1}" for i in range(len(QUEEN_REWARDS)))
REWARD_VP: dict[str, int] = dict(
    zip(REWARD_IDS, COLOUR_REWARD + REGION_REWARD + QUEEN_REWARDS)
)


def bonus_text(bonus: Bonus) -> str:
    """Player words for a bonus: "3 VP + 2 coins + 1 nobility step" ("nothing" if empty)."""
    parts = []
    for value, one, many in (
        (bonus.vp, "VP", "VP"),
        (bonus.coins, "coin", "coins"),
        (bonus.servants, "servant", "servants"),
        (bonus.cards, "politics card", "politics cards"),
        (bonus.main, "extra main action", "extra main actions"),
        (bonus.nobility, "nobility step", "nobility steps"),
    ):
        if value:
            parts.append(f"{value} {one if value == 1 else many}")
    return " + ".join(parts) if parts else "nothing"


def permit_name(permit: int) -> str:
    """A permit as players tell it apart: by the cities it lets you build in ("LMN"; the
    tiles' ids, such as "MO14", are only for saves)."""
    return "".join(LETTERS[city] for city in PERMITS[permit].cities)
