"""Intendentes content: constants, tracks, blocks, plans, events and the final scoring tables.

Everything comes from ``seeds/intendentes/content.toml`` (spec §1, §5, §7–§11). The file is
read and validated once, at import; a malformed file raises :class:`ContentError` naming the
file and the problem. The rest of the package uses the module constants below and never
reads files or writes a number of the spec's tables itself.

Codes used everywhere (small ints keep the hot loops cheap):

* risk indices ``0..2`` are :data:`INDICES` (fire, flood, insecurity); penalty types
  ``0..3`` are :data:`PENALTIES` (the three indices plus demonstration);
* block kinds ``0..6`` are :data:`BLOCK_KINDS`; blocks are indices into :data:`BLOCKS`:
  ``0..63`` are B01..B64 (the deck), ``64..67`` the initial blocks IT-A, IF-A, IT-F, IF-F;
* plans ``0..25`` are indices into :data:`PLANS` (one per name; :data:`PLAN_DECK` repeats
  the doubled ones); events ``0..19`` are E01..E20 in :data:`EVENTS`;
* phases are numbered ``1..8`` (:data:`PHASE_NAMES` ``[p - 1]``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from core.plaindata import (
    as_list,
    bool_in,
    check_keys,
    one_of,
    read_seed_toml,
    section,
    whole,
    whole_in,
    whole_list,
)

WHERE = "seeds/intendentes/content.toml"

INDICES: tuple[str, ...] = ("fire", "flood", "insecurity")
PENALTIES: tuple[str, ...] = ("fire", "flood", "insecurity", "demonstration")
FIRE, FLOOD, INSECURITY, DEMONSTRATION = range(4)
BLOCK_KINDS: tuple[str, ...] = ("town", "city", "industry", "field", "police", "fire_brigade", "special")
TOWN, CITY, INDUSTRY, FIELD, POLICE, FIRE_BRIGADE, SPECIAL = range(7)
POPULATION_KINDS: frozenset[int] = frozenset((TOWN, CITY, INDUSTRY, FIELD))
SECURITY_KINDS: frozenset[int] = frozenset((POLICE, FIRE_BRIGADE))
PHASE_NAMES: tuple[str, ...] = (
    "Bidding",
    "Demography",
    "Planning",
    "Event",
    "Security",
    "Balance",
    "Happiness",
    "Decline",
)
SPECIAL_EFFECTS: tuple[str, ...] = (
    "school",
    "hospital",
    "park",
    "stadium",
    "hydraulic_works",
    "cathedral",
    "central_market",
    "bank",
    "train_station",
    "radio_station",
)
INITIAL_IDS: tuple[str, ...] = ("IT-A", "IF-A", "IT-F", "IF-F")
TARGETS: tuple[str, ...] = ("own", "neighbour")

# The spec's counts (§1, §8, §9, §10), checked against the data file.
DECK_SIZE = 64
KIND_COUNTS: tuple[int, ...] = (12, 8, 8, 12, 7, 7, 10)
PLAN_NAMES_COUNT = 26
PLAN_CARDS = 32
NEIGHBOUR_CARDS = 8
EVENT_COUNT = 20
FAMILY_EVENTS = 11
MARKET_SPACES = 13
DISCONTENT_SPACES = 16

_GAME_KEYS: tuple[str, ...] = (
    "min_players",
    "max_players",
    "rounds",
    "events_per_game",
    "start_money",
    "start_splendor",
    "start_warehouse",
    "warehouse_max",
    "initial_town_inhabitants",
    "supply",
    "display_slots",
    "hand_limit",
    "plans_drawn",
    "food_per_purchase",
    "paid_action_cost",
    "national_help_cost",
    "national_help_splendor",
    "fast_increase_max",
    "fast_increase_splendor",
    "penalty_cap",
    "penalty_cards",
    "birth_min",
    "famine_per_discontent",
    "repression_discontent",
    "last_space_demonstrations",
    "decline_card_splendor",
    "decline_demonstration_splendor",
)
# Keys that must be at least 1 (divisors, counts); every other number may be 0.
_POSITIVE: frozenset[str] = frozenset(
    (
        "min_players",
        "max_players",
        "rounds",
        "events_per_game",
        "supply",
        "display_slots",
        "hand_limit",
        "plans_drawn",
        "food_per_purchase",
        "fast_increase_max",
        "famine_per_discontent",
        "birth_min",
        "hospital_birth_min",
        "epidemic_per",
        "census_per",
        "warehouse_per",
        "money_per",
    )
)
_EFFECT_KEYS: tuple[str, ...] = (
    "school_cut",
    "hospital_birth_min",
    "park_calm",
    "stadium_cost",
    "stadium_calm",
    "hydraulic_works_floods",
    "cathedral_demonstration_splendor",
    "market_discount",
    "market_min_price",
    "bank_income",
    "train_station_inhabitants",
    "radio_discount",
    "public_tender_discount",
    "permit_fees",
    "housing_plan_capacity",
    "rural_exodus_inhabitants",
    "immigration_inhabitants",
    "prevention_cut",
    "removal_plan_cards",
    "index_plan_cut",
    "arson_cards",
    "social_subsidies_calm",
    "tax_increase_discontent",
    "tax_increase_money",
    "soup_kitchens_food",
    "irrigation_food",
    "tax_audit",
    "open_concert_calm",
    "popular_festival_calm",
    "agitators_rise",
    "housing_credits_inhabitants",
    "press_campaign_cut",
    "smear_splendor",
    "drought_food",
    "harvest_food",
    "provincial_funds",
    "migration_inhabitants",
    "inflation_steps",
    "protest_threshold",
    "protest_cards",
    "epidemic_per",
    "tourism_money",
)
_SCORING_NUMBERS: tuple[str, ...] = (
    "census_per",
    "warehouse_per",
    "warehouse_points",
    "money_per",
    "risk_unique_lowest",
    "risk_shared_lowest",
)


class ContentError(ValueError):
    """Raised when the Intendentes data file is missing, unreadable or inconsistent."""


@dataclass(frozen=True, slots=True)
class Block:
    """One block card (or initial block): what it costs, produces, holds and changes."""

    index: int  # position in BLOCKS: 0..63 = B01..B64, 64..67 = IT-A, IF-A, IT-F, IF-F
    id: str
    name: str
    kind: int  # index into BLOCK_KINDS
    cost: int
    money: int  # $ per inhabitant
    food: int  # food per inhabitant
    initial: int  # inhabitants placed on acquisition (or at setup)
    capacity: int
    mods: tuple[int, int, int]  # fire, flood, insecurity changes on acquisition
    splendor: int
    police: int  # police officers
    firemen: int  # fire officers
    effect: str  # "" | "police" | "fire_brigade" | one of SPECIAL_EFFECTS
    text: str = ""  # what the effect does, in words for the screen ("" for no effect)

    @property
    def population(self) -> bool:
        """True for Towns, Cities, Industries and Fields (the blocks that hold inhabitants)."""
        return self.kind in POPULATION_KINDS

    @property
    def security(self) -> bool:
        """True for Police and Fire Brigade blocks."""
        return self.kind in SECURITY_KINDS


@dataclass(frozen=True, slots=True)
class Plan:
    """One plan name (copies share it): cost, phase, target and a short effect text."""

    index: int  # 0..25 in P-number order
    key: str
    name: str
    ids: tuple[str, ...]  # the printed cards, e.g. ("P07", "P08")
    cost: int
    phase: int  # 1..8
    neighbour: bool  # True: played on a neighbour
    text: str


@dataclass(frozen=True, slots=True)
class Event:
    """One event card: family flag, catastrophes in the order they strike, effect text."""

    index: int  # 0..19 = E01..E20
    id: str
    key: str
    name: str
    family: bool
    catastrophes: tuple[tuple[int, int], ...]  # (index 0..2, threshold N)
    text: str


@dataclass(frozen=True, slots=True)
class Content:
    """Everything loaded from the data file."""

    numbers: Mapping[str, int]  # [game], [effects] and the plain numbers of [scoring]
    market_prices: tuple[int, ...]
    market_start: int
    discontent_max: int
    fists: Mapping[int, int]
    happiness: tuple[int, ...]
    election_splendor: tuple[int, ...]
    district: tuple[tuple[int, int], ...]  # (blocks at least, points), largest first
    district_below: int
    blocks: tuple[Block, ...]
    plans: tuple[Plan, ...]
    events: tuple[Event, ...]


def _text(where: str, table: Mapping[str, Any], key: str, longest: int = 60) -> str:
    value = table.get(key)
    if not isinstance(value, str) or not value.strip() or len(value) > longest:
        raise ContentError(f"{where}: {key} must be a non-empty string of at most {longest} characters, got {value!r}")
    return value


def _numbers(
    table: Mapping[str, Any], keys: tuple[str, ...], where: str, extra: tuple[str, ...] = ()
) -> dict[str, int]:
    check_keys(table, keys, extra, what=where, error=ContentError)
    return {key: whole_in(table, key, 1 if key in _POSITIVE else 0, 999, where, ContentError) for key in keys}


def _block(where: str, entry: Any, index: int, initial_side: bool) -> Block:
    if not isinstance(entry, Mapping):
        raise ContentError(f"{where} must be a table, got {entry!r}")
    keys: tuple[str, ...]
    if initial_side:
        keys = ("id", "side", "name", "kind", "money", "food", "initial", "capacity")
    else:
        keys = (
            "id", "name", "kind", "cost", "money", "food", "initial", "capacity",
            "mods", "splendor", "police", "firemen", "effect",
        )  # fmt: skip
    check_keys(entry, keys, () if initial_side else ("text",), what=where, error=ContentError)
    block_id = _text(where, entry, "id")
    where = f"{WHERE}: block {block_id}"
    kind = one_of(entry["kind"], f"{where}: kind", BLOCK_KINDS, ContentError)
    if initial_side:
        cost, mods, splendor, police, firemen, effect = 0, (0, 0, 0), 0, 0, 0, ""
    else:
        cost = whole_in(entry, "cost", 0, 99, where, ContentError)
        m = whole_list(entry["mods"], f"{where}: mods", 3, -9, 9, ContentError)
        mods = (m[0], m[1], m[2])
        splendor = whole_in(entry, "splendor", 0, 99, where, ContentError)
        police = whole_in(entry, "police", 0, 9, where, ContentError)
        firemen = whole_in(entry, "firemen", 0, 9, where, ContentError)
        effect = entry["effect"]
        if not isinstance(effect, str):
            raise ContentError(f"{where}: effect must be a string, got {effect!r}")
    block = Block(
        index=index,
        id=block_id,
        name=_text(where, entry, "name", 40),
        kind=kind,
        cost=cost,
        money=whole_in(entry, "money", 0, 99, where, ContentError),
        food=whole_in(entry, "food", 0, 99, where, ContentError),
        initial=whole_in(entry, "initial", 0, 99, where, ContentError),
        capacity=whole_in(entry, "capacity", 0, 99, where, ContentError),
        mods=mods,
        splendor=splendor,
        police=police,
        firemen=firemen,
        effect=effect,
        text=_text(where, entry, "text", 120) if "text" in entry else "",
    )
    _check_block(where, block)
    return block


def _check_block(where: str, b: Block) -> None:
    if b.initial > b.capacity:
        raise ContentError(f"{where}: initial inhabitants {b.initial} exceed the capacity {b.capacity}")
    if b.initial and b.kind not in (TOWN, CITY):
        raise ContentError(f"{where}: only towns and cities have initial inhabitants")
    if b.population:
        if b.capacity < 1:
            raise ContentError(f"{where}: a {BLOCK_KINDS[b.kind]} needs a capacity of at least 1")
        if b.police or b.firemen or b.effect or b.text:
            raise ContentError(f"{where}: a {BLOCK_KINDS[b.kind]} has no officers, no effect and no text")
        return
    if b.capacity or b.money or b.food:
        raise ContentError(f"{where}: a {BLOCK_KINDS[b.kind]} block has capacity 0 and produces nothing")
    if b.kind == POLICE and not (b.police >= 1 and b.firemen == 0 and b.effect == "police"):
        raise ContentError(f"{where}: a police block has police officers only and effect \"police\"")
    if b.kind == FIRE_BRIGADE and not (b.firemen >= 1 and b.police == 0 and b.effect == "fire_brigade"):
        raise ContentError(f"{where}: a fire brigade has fire officers only and effect \"fire_brigade\"")
    if not b.text:
        raise ContentError(f"{where}: a {BLOCK_KINDS[b.kind]} block says what its effect does (text)")
    if b.kind == SPECIAL:
        if b.police or b.firemen:
            raise ContentError(f"{where}: a special block has no officers")
        if b.effect not in SPECIAL_EFFECTS:
            raise ContentError(f"{where}: unknown special effect {b.effect!r} (known: {', '.join(SPECIAL_EFFECTS)})")


def parse_blocks(data: Mapping[str, Any]) -> tuple[Block, ...]:
    """Validate the ``[blocks]`` section: the 64-card deck then the 4 initial blocks."""
    raw = section(data, "blocks", WHERE, ContentError)
    check_keys(raw, ("deck", "initial"), what=f"{WHERE} [blocks]", error=ContentError)
    deck = as_list(raw["deck"], f"{WHERE} [blocks] deck", DECK_SIZE, ContentError)
    initial = as_list(raw["initial"], f"{WHERE} [blocks] initial", len(INITIAL_IDS), ContentError)
    blocks: list[Block] = []
    for number, entry in enumerate(deck):
        block = _block(f"{WHERE}: deck block #{number + 1}", entry, number, False)
        if block.id != f"B{number + 1:02d}":
            raise ContentError(f"{WHERE}: deck block #{number + 1} must have id B{number + 1:02d}, got {block.id!r}")
        blocks.append(block)
    for number, entry in enumerate(initial):
        block = _block(f"{WHERE}: initial block #{number + 1}", entry, DECK_SIZE + number, True)
        expected = INITIAL_IDS[number]
        if block.id != expected:
            raise ContentError(f"{WHERE}: initial block #{number + 1} must have id {expected}, got {block.id!r}")
        side = "family" if expected.endswith("F") else "advanced"
        if entry["side"] != side:
            raise ContentError(f"{WHERE}: block {expected}: side must be {side!r}, got {entry['side']!r}")
        if block.kind != (TOWN if expected.startswith("IT") else FIELD):
            kind_name = "town" if expected.startswith("IT") else "field"
            raise ContentError(f"{WHERE}: block {expected} must be a {kind_name}")
        blocks.append(block)
    for kind, count in enumerate(KIND_COUNTS):
        have = sum(1 for b in blocks[:DECK_SIZE] if b.kind == kind)
        if have != count:
            raise ContentError(f"{WHERE}: the deck must hold {count} {BLOCK_KINDS[kind]} blocks, has {have}")
    effects = [b.effect for b in blocks if b.kind == SPECIAL]
    for effect in SPECIAL_EFFECTS:
        if effects.count(effect) != 1:
            count = effects.count(effect)
            raise ContentError(f"{WHERE}: special effect {effect!r} must be on exactly one block, is on {count}")
    return tuple(blocks)


def parse_plans(data: Mapping[str, Any]) -> tuple[Plan, ...]:
    """Validate the ``[[plans]]`` list: 26 names, 32 cards P01..P32 in order, 8 neighbour cards."""
    raw = as_list(data.get("plans"), f"{WHERE}: plans", PLAN_NAMES_COUNT, ContentError)
    plans: list[Plan] = []
    card = 0
    for number, entry in enumerate(raw):
        where = f"{WHERE}: plan #{number + 1}"
        if not isinstance(entry, Mapping):
            raise ContentError(f"{where} must be a table")
        check_keys(entry, ("key", "name", "ids", "cost", "phase", "target", "text"), what=where, error=ContentError)
        key = _text(where, entry, "key", 40)
        where = f"{WHERE}: plan {key}"
        if not key.replace("_", "").isalpha() or key != key.lower() or any(p.key == key for p in plans):
            raise ContentError(f"{where}: key must be a new snake_case word")
        ids = as_list(entry["ids"], f"{where}: ids", error=ContentError)
        if not 1 <= len(ids) <= 2:
            raise ContentError(f"{where}: ids must list 1 or 2 cards")
        for card_id in ids:
            card += 1
            if card_id != f"P{card:02d}":
                raise ContentError(
                    f"{where}: cards must be numbered P01..P{PLAN_CARDS} in order, "
                    f"expected P{card:02d}, got {card_id!r}"
                )
        plans.append(
            Plan(
                index=number,
                key=key,
                name=_text(where, entry, "name", 40),
                ids=tuple(ids),
                cost=whole_in(entry, "cost", 0, 99, where, ContentError),
                phase=whole_in(entry, "phase", 1, len(PHASE_NAMES), where, ContentError),
                neighbour=one_of(entry["target"], f"{where}: target", TARGETS, ContentError) == 1,
                text=_text(where, entry, "text"),
            )
        )
    if card != PLAN_CARDS:
        raise ContentError(f"{WHERE}: the plan deck must hold {PLAN_CARDS} cards, has {card}")
    neighbour = sum(len(p.ids) for p in plans if p.neighbour)
    if neighbour != NEIGHBOUR_CARDS:
        raise ContentError(f"{WHERE}: {NEIGHBOUR_CARDS} plan cards must target a neighbour, {neighbour} do")
    missing = sorted(set(range(1, len(PHASE_NAMES) + 1)) - {p.phase for p in plans})
    if missing:
        raise ContentError(f"{WHERE}: every phase needs a plan; none for phase {missing}")
    return tuple(plans)


def parse_events(data: Mapping[str, Any]) -> tuple[Event, ...]:
    """Validate the ``[[events]]`` list: E01..E20 in order, 11 of them family events."""
    raw = as_list(data.get("events"), f"{WHERE}: events", EVENT_COUNT, ContentError)
    events: list[Event] = []
    for number, entry in enumerate(raw):
        where = f"{WHERE}: event #{number + 1}"
        if not isinstance(entry, Mapping):
            raise ContentError(f"{where} must be a table")
        check_keys(entry, ("id", "key", "name", "family", "catastrophes", "text"), what=where, error=ContentError)
        event_id = entry["id"]
        if event_id != f"E{number + 1:02d}":
            raise ContentError(f"{where} must have id E{number + 1:02d}, got {event_id!r}")
        where = f"{WHERE}: event {event_id}"
        key = _text(where, entry, "key", 40)
        if not key.replace("_", "").isalnum() or key != key.lower() or any(e.key == key for e in events):
            raise ContentError(f"{where}: key must be a new snake_case word, got {key!r}")
        catastrophes: list[tuple[int, int]] = []
        for pair in as_list(entry["catastrophes"], f"{where}: catastrophes", error=ContentError):
            items = as_list(pair, f"{where}: a catastrophe", 2, ContentError)
            index = one_of(items[0], f"{where}: catastrophe index", INDICES, ContentError)
            catastrophes.append((index, whole(items[1], f"{where}: catastrophe threshold", 0, 99, ContentError)))
        events.append(
            Event(
                index=number,
                id=event_id,
                key=key,
                name=_text(where, entry, "name", 40),
                family=bool_in(entry, "family", where, ContentError),
                catastrophes=tuple(catastrophes),
                text=_text(where, entry, "text"),
            )
        )
    family = sum(1 for e in events if e.family)
    if family != FAMILY_EVENTS:
        raise ContentError(f"{WHERE}: {FAMILY_EVENTS} events must be family events, {family} are")
    return tuple(events)


def parse(data: Mapping[str, Any]) -> Content:
    """Validate the parsed data file and return :class:`Content`; raises ContentError."""
    if not isinstance(data, Mapping):
        raise ContentError(f"{WHERE}: expected a table")
    check_keys(
        data,
        ("game", "market", "discontent", "effects", "scoring", "blocks", "plans", "events"),
        what=WHERE,
        error=ContentError,
    )
    game = _numbers(section(data, "game", WHERE, ContentError), _GAME_KEYS, f"{WHERE} [game]")
    effects = _numbers(section(data, "effects", WHERE, ContentError), _EFFECT_KEYS, f"{WHERE} [effects]")
    scoring = section(data, "scoring", WHERE, ContentError)
    w = f"{WHERE} [scoring]"
    numbers = {**game, **effects, **_numbers(scoring, _SCORING_NUMBERS, w, ("district", "district_below"))}
    if "district" not in scoring or "district_below" not in scoring:
        raise ContentError(f"{w}: needs district and district_below")
    if game["min_players"] > game["max_players"]:
        raise ContentError(f"{WHERE} [game]: min_players exceeds max_players")
    if game["events_per_game"] > FAMILY_EVENTS:
        raise ContentError(f"{WHERE} [game]: events_per_game must leave enough family events")
    if game["start_warehouse"] > game["warehouse_max"]:
        raise ContentError(f"{WHERE} [game]: start_warehouse exceeds warehouse_max")

    market = section(data, "market", WHERE, ContentError)
    w = f"{WHERE} [market]"
    check_keys(market, ("prices", "start"), what=w, error=ContentError)
    prices = whole_list(market["prices"], f"{w}: prices", MARKET_SPACES, 0, 99, ContentError)
    if any(b <= a for a, b in zip(prices, prices[1:])):
        raise ContentError(f"{w}: prices must rise from left to right")
    start = whole_in(market, "start", 0, MARKET_SPACES - 1, w, ContentError)

    track = section(data, "discontent", WHERE, ContentError)
    w = f"{WHERE} [discontent]"
    check_keys(track, ("last", "fists", "happiness", "election_splendor"), what=w, error=ContentError)
    last = whole_in(track, "last", DISCONTENT_SPACES - 1, DISCONTENT_SPACES - 1, w, ContentError)
    fists: dict[int, int] = {}
    for pair in as_list(track["fists"], f"{w}: fists", error=ContentError):
        space, cards = whole_list(pair, f"{w}: a fist", 2, 0, 99, ContentError)
        if not 1 <= space < last or space in fists or cards < 1:
            raise ContentError(f"{w}: fist [{space}, {cards}] must be a new space 1..{last - 1} giving 1 or more cards")
        fists[space] = cards
    if not fists:
        raise ContentError(f"{w}: fists must not be empty")
    happiness = whole_list(track["happiness"], f"{w}: happiness", last + 1, -99, 99, ContentError)
    election = whole_list(track["election_splendor"], f"{w}: election_splendor", last + 1, -99, 99, ContentError)
    for name, values in (("happiness", happiness), ("election_splendor", election)):
        if any(b > a for a, b in zip(values, values[1:])):
            raise ContentError(f"{w}: {name} must not grow with more discontent")

    w = f"{WHERE} [scoring]"
    rows: list[tuple[int, int]] = []
    for pair in as_list(scoring["district"], f"{w}: district", error=ContentError):
        size, points = whole_list(pair, f"{w}: a district row", 2, -99, 99, ContentError)
        if size < 1 or (rows and (size >= rows[-1][0] or points > rows[-1][1])):
            raise ContentError(f"{w}: district rows must go from the largest size down, points not rising")
        rows.append((size, points))
    if not rows:
        raise ContentError(f"{w}: district must not be empty")
    below = whole(scoring["district_below"], f"{w}: district_below", -99, rows[-1][1], ContentError)

    blocks = parse_blocks(data)
    for block in blocks[DECK_SIZE:]:
        if block.kind == TOWN and block.initial != game["initial_town_inhabitants"]:
            raise ContentError(f"{WHERE}: block {block.id} must start with initial_town_inhabitants inhabitants")
    return Content(
        numbers=numbers,
        market_prices=tuple(prices),
        market_start=start,
        discontent_max=last,
        fists=fists,
        happiness=tuple(happiness),
        election_splendor=tuple(election),
        district=tuple(rows),
        district_below=below,
        blocks=blocks,
        plans=parse_plans(data),
        events=parse_events(data),
    )


CONTENT = parse(read_seed_toml("intendentes", "content.toml", ContentError))
_N = CONTENT.numbers

# §1 constants.
MIN_PLAYERS: int = _N["min_players"]
MAX_PLAYERS: int = _N["max_players"]
ROUNDS: int = _N["rounds"]
EVENTS_PER_GAME: int = _N["events_per_game"]
START_MONEY: int = _N["start_money"]
START_SPLENDOR: int = _N["start_splendor"]
START_WAREHOUSE: int = _N["start_warehouse"]
WAREHOUSE_MAX: int = _N["warehouse_max"]
INITIAL_TOWN_INHABITANTS: int = _N["initial_town_inhabitants"]
SUPPLY: int = _N["supply"]
DISPLAY_SLOTS: int = _N["display_slots"]
HAND_LIMIT: int = _N["hand_limit"]
PLANS_DRAWN: int = _N["plans_drawn"]
FOOD_PER_PURCHASE: int = _N["food_per_purchase"]
PAID_ACTION_COST: int = _N["paid_action_cost"]
NATIONAL_HELP_COST: int = _N["national_help_cost"]
NATIONAL_HELP_SPLENDOR: int = _N["national_help_splendor"]
FAST_INCREASE_MAX: int = _N["fast_increase_max"]
FAST_INCREASE_SPLENDOR: int = _N["fast_increase_splendor"]
PENALTY_CAP: int = _N["penalty_cap"]
PENALTY_CARDS: int = _N["penalty_cards"]
BIRTH_MIN: int = _N["birth_min"]
FAMINE_PER_DISCONTENT: int = _N["famine_per_discontent"]
REPRESSION_DISCONTENT: int = _N["repression_discontent"]
LAST_SPACE_DEMONSTRATIONS: int = _N["last_space_demonstrations"]
DECLINE_CARD_SPLENDOR: int = _N["decline_card_splendor"]
DECLINE_DEMONSTRATION_SPLENDOR: int = _N["decline_demonstration_splendor"]

# §8.1 special blocks.
SCHOOL_CUT: int = _N["school_cut"]
HOSPITAL_BIRTH_MIN: int = _N["hospital_birth_min"]
PARK_CALM: int = _N["park_calm"]
STADIUM_COST: int = _N["stadium_cost"]
STADIUM_CALM: int = _N["stadium_calm"]
HYDRAULIC_WORKS_FLOODS: int = _N["hydraulic_works_floods"]
CATHEDRAL_DEMONSTRATION_SPLENDOR: int = _N["cathedral_demonstration_splendor"]
MARKET_DISCOUNT: int = _N["market_discount"]
MARKET_MIN_PRICE: int = _N["market_min_price"]
BANK_INCOME: int = _N["bank_income"]
TRAIN_STATION_INHABITANTS: int = _N["train_station_inhabitants"]
RADIO_DISCOUNT: int = _N["radio_discount"]

# §9 plans.
PUBLIC_TENDER_DISCOUNT: int = _N["public_tender_discount"]
PERMIT_FEES: int = _N["permit_fees"]
HOUSING_PLAN_CAPACITY: int = _N["housing_plan_capacity"]
RURAL_EXODUS_INHABITANTS: int = _N["rural_exodus_inhabitants"]
IMMIGRATION_INHABITANTS: int = _N["immigration_inhabitants"]
PREVENTION_CUT: int = _N["prevention_cut"]
REMOVAL_PLAN_CARDS: int = _N["removal_plan_cards"]
INDEX_PLAN_CUT: int = _N["index_plan_cut"]
ARSON_CARDS: int = _N["arson_cards"]
SOCIAL_SUBSIDIES_CALM: int = _N["social_subsidies_calm"]
TAX_INCREASE_DISCONTENT: int = _N["tax_increase_discontent"]
TAX_INCREASE_MONEY: int = _N["tax_increase_money"]
SOUP_KITCHENS_FOOD: int = _N["soup_kitchens_food"]
IRRIGATION_FOOD: int = _N["irrigation_food"]
TAX_AUDIT: int = _N["tax_audit"]
OPEN_CONCERT_CALM: int = _N["open_concert_calm"]
POPULAR_FESTIVAL_CALM: int = _N["popular_festival_calm"]
AGITATORS_RISE: int = _N["agitators_rise"]
HOUSING_CREDITS_INHABITANTS: int = _N["housing_credits_inhabitants"]
PRESS_CAMPAIGN_CUT: int = _N["press_campaign_cut"]
SMEAR_SPLENDOR: int = _N["smear_splendor"]

# §10 events.
DROUGHT_FOOD: int = _N["drought_food"]
HARVEST_FOOD: int = _N["harvest_food"]
PROVINCIAL_FUNDS: int = _N["provincial_funds"]
MIGRATION_INHABITANTS: int = _N["migration_inhabitants"]
INFLATION_STEPS: int = _N["inflation_steps"]
PROTEST_THRESHOLD: int = _N["protest_threshold"]
PROTEST_CARDS: int = _N["protest_cards"]
EPIDEMIC_PER: int = _N["epidemic_per"]
TOURISM_MONEY: int = _N["tourism_money"]

# §11 final scoring.
CENSUS_PER: int = _N["census_per"]
WAREHOUSE_PER: int = _N["warehouse_per"]
WAREHOUSE_POINTS: int = _N["warehouse_points"]
MONEY_PER: int = _N["money_per"]
RISK_UNIQUE_LOWEST: int = _N["risk_unique_lowest"]
RISK_SHARED_LOWEST: int = _N["risk_shared_lowest"]

# §5 tracks.
MARKET_PRICES: tuple[int, ...] = CONTENT.market_prices
MARKET_START: int = CONTENT.market_start
MARKET_LAST: int = len(MARKET_PRICES) - 1
DISCONTENT_MAX: int = CONTENT.discontent_max
FISTS: dict[int, int] = dict(CONTENT.fists)
HAPPINESS_POINTS: tuple[int, ...] = CONTENT.happiness
ELECTION_SPLENDOR: tuple[int, ...] = CONTENT.election_splendor

# §7, §8 blocks.
BLOCKS: tuple[Block, ...] = CONTENT.blocks
BLOCK_BY_ID: dict[str, Block] = {b.id: b for b in BLOCKS}
INITIAL_TOWN: dict[bool, int] = {False: BLOCK_BY_ID["IT-A"].index, True: BLOCK_BY_ID["IT-F"].index}
INITIAL_FIELD: dict[bool, int] = {False: BLOCK_BY_ID["IF-A"].index, True: BLOCK_BY_ID["IF-F"].index}
EFFECT_BLOCK: dict[str, int] = {b.effect: b.index for b in BLOCKS if b.kind == SPECIAL}

# §9 plans, §10 events.
PLANS: tuple[Plan, ...] = CONTENT.plans
PLAN_BY_KEY: dict[str, Plan] = {p.key: p for p in PLANS}
PLAN_DECK: tuple[int, ...] = tuple(p.index for p in PLANS for _ in p.ids)
EVENTS: tuple[Event, ...] = CONTENT.events
EVENT_BY_KEY: dict[str, Event] = {e.key: e for e in EVENTS}
FAMILY_EVENT_INDICES: tuple[int, ...] = tuple(e.index for e in EVENTS if e.family)


def district_points(blocks: int) -> int:
    """Final-scoring points for a district of ``blocks`` blocks (initial blocks included).

    >>> district_points(10), district_points(9), district_points(6)
    (10, 6, -4)
    """
    for size, points in CONTENT.district:
        if blocks >= size:
            return points
    return CONTENT.district_below


def market_price(space: int) -> int:
    """The Food Market price of ``space`` (0..:data:`MARKET_LAST`)."""
    return MARKET_PRICES[space]
