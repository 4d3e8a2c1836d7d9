"""The Council of Four game state: a mutable ``__slots__`` object with a fast explicit clone.

Conventions (small ints everywhere, see :mod:`core.council.content` for the codes):

* ``hands[seat]`` counts the politics cards of each kind (7 entries, jokers last); it is
  ``None`` in a view for a hand the viewer may not see, ``hand_count`` always holds sizes;
* ``deck`` lists card kinds with the **top at the end**; ``None`` in a view, where
  ``hidden_deck`` holds its size. ``discard`` counts the face-up discard pile by kind;
* ``permit_decks[region]`` lists permit codes, top at the end (``None`` in views, sizes in
  ``hidden_permits``); ``face_up[region]`` has 2 slots, ``-1`` for an empty slot;
* ``balconies[b]`` is a tuple of 4 colours, **newest (arrow end) first**; ``reserve``
  counts the councillors beside the board by colour;
* ``built[seat]`` is a bit mask of the cities holding that seat's merchant, ``owners[city]``
  a bit mask of seats, ``neutral`` a bit mask of cities with a 2-player neutral merchant;
* ``city_bonus[city]`` is the city's token (a :class:`~core.council.content.Bonus`), ``None``
  for the royal city;
* ``tiles_left`` is a bit mask of the colour (bits 0-3) and region (bits 4-6) reward tiles
  not yet taken; ``queen_taken`` how many Queen's tiles are gone; ``rewards[seat]`` lists
  the reward tile ids a seat holds (see :data:`~core.council.content.REWARD_IDS`);
* turn state: ``current``, ``mains_allowed``, ``mains_taken``, ``quick_used``; a main action
  waiting for its payment is ``stage`` (:data:`STAGE_ACQUIRE` with the permit in
  ``stage_arg``, or :data:`STAGE_ROYAL` with the city); ``pending`` is a stack (top last)
  of bonus work still to resolve, with at most one player choice, always on top;
* ``reveals`` counts hidden things turned up (cards drawn, decks reshuffled, permits turned
  up): with the RNG it decides undo barriers;
* ``events`` describes what the last action did (see :mod:`core.council.rules`); it is
  transient: not encoded and not compared.

Plain-data encoding uses names, letters and permit ids so saves stay readable;
:func:`decode_state` checks everything and raises :class:`~core.engine.CorruptData`.
"""

from __future__ import annotations

from typing import Any

from core.council.board import LAYOUTS, Layout
from core.council.content import (
    BALCONIES,
    C,
    CARD_NAMES,
    CARD_TOTALS,
    CITY_INDEX,
    COLOURS,
    LETTERS,
    PERMIT_INDEX,
    PERMITS,
    QUEEN_REWARDS,
    REGION_PERMITS,
    REGIONS,
    REWARD_IDS,
    TOKENS,
    Bonus,
    parse_bonus,
)
from core.engine import CorruptData, PlainData
from core.plaindata import (
    as_list,
    as_table,
    bool_in,
    check_format,
    check_keys,
    decode_rng,
    lookup,
    one_of,
    player_names,
    prefixed,
    refuse_problems,
    whole,
)
from core.rng import Rng

FORMAT = 1
STAGE_NONE, STAGE_ACQUIRE, STAGE_ROYAL = 0, 1, 2
STAGE_NAMES: tuple[str, ...] = ("none", "acquire", "royal")

# Pending work items (tuples, first field the kind). Kinds >= CHOICE wait for the player.
W_STEPS = 0  # (W_STEPS, steps): nobility steps still to take
W_TOKEN = 1  # (W_TOKEN, city): gain that city's token (network bonus)
W_AFTER = 2  # (W_AFTER, city): reward tiles and last-merchant check after a placement
CHOICE = 10
CH_TOKEN = 10  # (CH_TOKEN, count, excluded city or -1): spaces 4 / 16
CH_FREE = 11  # (CH_FREE,): space 10
CH_REBONUS = 12  # (CH_REBONUS,): space 14
ALL_TILES = (1 << 7) - 1


class State:
    """Everything about a game in progress (see the module docstring for conventions)."""

    __slots__ = (
        "names",
        "players",
        "layout",
        "first",
        "rng",
        "city_bonus",
        "queen",
        "balconies",
        "reserve",
        "deck",
        "hidden_deck",
        "discard",
        "hands",
        "hand_count",
        "permit_decks",
        "hidden_permits",
        "face_up",
        "unused",
        "used",
        "coins",
        "servants",
        "vp",
        "nobility",
        "built",
        "owners",
        "neutral",
        "tiles_left",
        "queen_taken",
        "rewards",
        "current",
        "mains_allowed",
        "mains_taken",
        "quick_used",
        "stage",
        "stage_arg",
        "pending",
        "end_trigger",
        "over",
        "turn_number",
        "reveals",
        "events",
    )

    def __init__(self, names: tuple[str, ...], layout: Layout) -> None:
        """An empty board for ``names`` (setup fills it in: see :func:`core.council.rules.new_game`)."""
        n = len(names)
        self.names = names
        self.players = n
        self.layout = layout
        self.first = 0
        self.rng: Rng | None = None
        self.city_bonus: tuple[Bonus | None, ...] = (None,) * 15
        self.queen = layout.royal
        self.balconies: list[tuple[int, ...]] = [(0, 0, 0, 0)] * 4
        self.reserve: list[int] = [0] * 6
        self.deck: list[int] | None = []
        self.hidden_deck = 0
        self.discard: list[int] = [0] * 7
        self.hands: list[list[int] | None] = [[0] * 7 for _ in range(n)]
        self.hand_count: list[int] = [0] * n
        self.permit_decks: list[list[int] | None] = [[], [], []]
        self.hidden_permits: list[int] = [0, 0, 0]
        self.face_up: list[list[int]] = [[-1, -1], [-1, -1], [-1, -1]]
        self.unused: list[list[int]] = [[] for _ in range(n)]
        self.used: list[list[int]] = [[] for _ in range(n)]
        self.coins: list[int] = [0] * n
        self.servants: list[int] = [0] * n
        self.vp: list[int] = [0] * n
        self.nobility: list[int] = [0] * n
        self.built: list[int] = [0] * n
        self.owners: list[int] = [0] * 15
        self.neutral = 0
        self.tiles_left = ALL_TILES
        self.queen_taken = 0
        self.rewards: list[list[str]] = [[] for _ in range(n)]
        self.current = 0
        self.mains_allowed = 1
        self.mains_taken = 0
        self.quick_used = False
        self.stage = STAGE_NONE
        self.stage_arg = -1
        self.pending: list[tuple[int, ...]] = []
        self.end_trigger = -1
        self.over = False
        self.turn_number = 1
        self.reveals = 0
        self.events: list[tuple[Any, ...]] = []

    def clone(self) -> "State":
        """A deep, independent copy (explicit copies of every mutable part)."""
        new = State.__new__(State)
        new.names = self.names
        new.players = self.players
        new.layout = self.layout
        new.first = self.first
        new.rng = None if self.rng is None else self.rng.clone()
        new.city_bonus = self.city_bonus
        new.queen = self.queen
        new.balconies = self.balconies[:]
        new.reserve = self.reserve[:]
        new.deck = None if self.deck is None else self.deck[:]
        new.hidden_deck = self.hidden_deck
        new.discard = self.discard[:]
        new.hands = [None if h is None else h[:] for h in self.hands]
        new.hand_count = self.hand_count[:]
        new.permit_decks = [None if d is None else d[:] for d in self.permit_decks]
        new.hidden_permits = self.hidden_permits[:]
        new.face_up = [f[:] for f in self.face_up]
        new.unused = [u[:] for u in self.unused]
        new.used = [u[:] for u in self.used]
        new.coins = self.coins[:]
        new.servants = self.servants[:]
        new.vp = self.vp[:]
        new.nobility = self.nobility[:]
        new.built = self.built[:]
        new.owners = self.owners[:]
        new.neutral = self.neutral
        new.tiles_left = self.tiles_left
        new.queen_taken = self.queen_taken
        new.rewards = [r[:] for r in self.rewards]
        new.current = self.current
        new.mains_allowed = self.mains_allowed
        new.mains_taken = self.mains_taken
        new.quick_used = self.quick_used
        new.stage = self.stage
        new.stage_arg = self.stage_arg
        new.pending = self.pending[:]
        new.end_trigger = self.end_trigger
        new.over = self.over
        new.turn_number = self.turn_number
        new.reveals = self.reveals
        new.events = self.events  # replaced (never appended to) by the next action
        return new

    # --- read-only helpers -------------------------------------------------------------------
    def deck_size(self) -> int:
        """Cards in the politics deck (known even when its order is hidden)."""
        return self.hidden_deck if self.deck is None else len(self.deck)

    def permit_deck_size(self, region: int) -> int:
        """Face-down tiles left in a region's permit deck."""
        deck = self.permit_decks[region]
        return self.hidden_permits[region] if deck is None else len(deck)

    def merchants_left(self, seat: int) -> int:
        """Merchants ``seat`` still has in supply."""
        return C.merchants - self.built[seat].bit_count()

    def occupancy(self, city: int) -> int:
        """Merchants already in a city (every player's and the neutral one)."""
        return self.owners[city].bit_count() + (self.neutral >> city & 1)

    def is_view(self) -> bool:
        """True if something is hidden (a view made by ``GAME.view``)."""
        return self.deck is None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return all(
            getattr(self, name) == getattr(other, name) for name in State.__slots__ if name != "events"
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"<Council State turn={self.turn_number} current={self.current} over={self.over}>"


# --- encoding -------------------------------------------------------------------------------
def _bonus_data(bonus: Bonus) -> dict[str, PlainData]:
    keys = ("vp", "coins", "servants", "cards", "main_action", "nobility")
    return {key: value for key, value in zip(keys, bonus) if value}


def _pid(p: int) -> str:
    return "" if p < 0 else PERMITS[p].id


def _encode_item(item: tuple[int, ...]) -> dict[str, PlainData]:
    kind = item[0]
    if kind == W_STEPS:
        return {"kind": "steps", "steps": item[1]}
    if kind == W_TOKEN:
        return {"kind": "network_token", "city": LETTERS[item[1]]}
    if kind == W_AFTER:
        return {"kind": "after_build", "city": LETTERS[item[1]]}
    if kind == CH_TOKEN:
        return {"kind": "choose_token", "count": item[1], "exclude": "" if item[2] < 0 else LETTERS[item[2]]}
    if kind == CH_FREE:
        return {"kind": "choose_free_permit"}
    return {"kind": "choose_rebonus"}


def encode_state(state: State) -> dict[str, PlainData]:
    """Plain data (no None). Hidden parts of a view are written as sizes; ``rng`` only if set."""
    data: dict[str, PlainData] = {
        "format": FORMAT,
        "names": list(state.names),
        "layout": state.layout.key,
        "first": state.first,
        "city_tokens": {LETTERS[c]: _bonus_data(b) for c, b in enumerate(state.city_bonus) if b is not None},
        "queen": LETTERS[state.queen],
        "balconies": {BALCONIES[b]: [COLOURS[c] for c in bal] for b, bal in enumerate(state.balconies)},
        "reserve": {COLOURS[c]: state.reserve[c] for c in range(6)},
        "discard": {CARD_NAMES[c]: state.discard[c] for c in range(7)},
        "hands": [
            {"hidden": state.hand_count[s]} if h is None else {CARD_NAMES[c]: h[c] for c in range(7)}
            for s, h in enumerate(state.hands)
        ],
        "face_up": {REGIONS[r]: [_pid(p) for p in state.face_up[r]] for r in range(3)},
        "players": [
            {
                "coins": state.coins[s],
                "servants": state.servants[s],
                "vp": state.vp[s],
                "nobility": state.nobility[s],
                "unused_permits": [_pid(p) for p in state.unused[s]],
                "used_permits": [_pid(p) for p in state.used[s]],
                "reward_tiles": list(state.rewards[s]),
            }
            for s in range(state.players)
        ],
        "merchants": {
            LETTERS[c]: [s for s in range(state.players) if state.owners[c] >> s & 1]
            for c in range(15)
            if state.owners[c]
        },
        "neutral": [LETTERS[c] for c in range(15) if state.neutral >> c & 1],
        "reward_tiles_left": [REWARD_IDS[k] for k in range(7) if state.tiles_left >> k & 1],
        "queen_tiles_taken": state.queen_taken,
        "current": state.current,
        "mains_allowed": state.mains_allowed,
        "mains_taken": state.mains_taken,
        "quick_used": state.quick_used,
        "stage": STAGE_NAMES[state.stage],
        "stage_target": (
            "" if state.stage == STAGE_NONE
            else _pid(state.stage_arg) if state.stage == STAGE_ACQUIRE
            else LETTERS[state.stage_arg]
        ),
        "pending": [_encode_item(item) for item in state.pending],
        "end_trigger": state.end_trigger,
        "over": state.over,
        "turn_number": state.turn_number,
        "reveals": state.reveals,
    }
    if state.deck is None:
        data["deck_size"] = state.hidden_deck
    else:
        data["deck"] = [CARD_NAMES[c] for c in state.deck]
    decks = [d for d in state.permit_decks if d is not None]
    if len(decks) < len(state.permit_decks):  # a view: some deck is hidden
        data["permit_deck_sizes"] = {REGIONS[r]: state.permit_deck_size(r) for r in range(3)}
    else:
        data["permit_decks"] = {REGIONS[r]: [_pid(p) for p in decks[r]] for r in range(3)}
    if state.rng is not None:
        data["rng"] = state.rng.encode()
    return data


_KEYS = frozenset(
    (
        "format names layout first city_tokens queen balconies reserve discard hands face_up players "
        "merchants neutral reward_tiles_left queen_tiles_taken current mains_allowed mains_taken "
        "quick_used stage stage_target pending end_trigger over turn_number reveals"
    ).split()
)
_OPTIONAL = frozenset(("deck", "deck_size", "permit_decks", "permit_deck_sizes", "rng"))
_PLAYER_KEYS = frozenset("coins servants vp nobility unused_permits used_permits reward_tiles".split())


def _city(value: Any, what: str) -> int:
    return lookup(value, what, CITY_INDEX, "city")


def _permit(value: Any, what: str, allow_empty: bool = False) -> int:
    return lookup(value, what, PERMIT_INDEX, "permit", allow_empty)


def _counts(value: Any, what: str, names: tuple[str, ...], hi: int) -> list[int]:
    table = as_table(value, what)
    if set(table) != set(names):
        raise CorruptData(f"{what} must give a count for each of {', '.join(names)}")
    return [whole(table[name], f"{what} {name}", 0, hi) for name in names]


def _decode_item(raw: Any) -> tuple[int, ...]:
    table = as_table(raw, "a pending item")
    kind = table.get("kind")
    fields = {
        "steps": {"kind", "steps"},
        "network_token": {"kind", "city"},
        "after_build": {"kind", "city"},
        "choose_token": {"kind", "count", "exclude"},
        "choose_free_permit": {"kind"},
        "choose_rebonus": {"kind"},
    }
    if not isinstance(kind, str) or kind not in fields or set(table) != fields[kind]:
        raise CorruptData(f"bad pending item {raw!r}")
    if kind == "steps":
        return (W_STEPS, whole(table["steps"], "pending steps", 1, 99))
    if kind == "network_token":
        return (W_TOKEN, _city(table["city"], "pending network token"))
    if kind == "after_build":
        return (W_AFTER, _city(table["city"], "pending placement"))
    if kind == "choose_token":
        count = whole(table["count"], "pending token count", 1, 2)
        exclude = -1 if table["exclude"] == "" else _city(table["exclude"], "pending token exclusion")
        if count == 2 and exclude >= 0:
            raise CorruptData("a choice of two tokens cannot exclude a city yet")
        return (CH_TOKEN, count, exclude)
    return (CH_FREE,) if kind == "choose_free_permit" else (CH_REBONUS,)


@prefixed("Council of Four state")
def decode_state(data: Any) -> State:
    """Rebuild a state (or view) from :func:`encode_state` output: each field is checked as
    it is read, then the rules' invariants (:func:`problems`) across fields."""
    data = as_table(data, "the state")
    check_keys(data, _KEYS, _OPTIONAL)
    check_format(data["format"], FORMAT)
    names = player_names(data["names"], C.min_players, C.max_players)
    n = len(names)
    if data["layout"] not in LAYOUTS:
        raise CorruptData(f"unknown layout {data['layout']!r}")
    layout = LAYOUTS[data["layout"]]
    state = State(names, layout)
    state.first = whole(data["first"], "first", 0, n - 1)
    if ("deck" in data) == ("deck_size" in data):
        raise CorruptData("exactly one of deck and deck_size must be given")
    if ("permit_decks" in data) == ("permit_deck_sizes" in data):
        raise CorruptData("exactly one of permit_decks and permit_deck_sizes must be given")
    if "rng" in data:
        state.rng = decode_rng(data["rng"])

    tokens = as_table(data["city_tokens"], "city_tokens")
    bonus_of: list[Bonus | None] = [None] * 15
    for letter, raw in tokens.items():
        city = _city(letter, "city_tokens")
        try:
            fields = parse_bonus("token", raw)
        except ValueError as exc:
            raise CorruptData(f"city token of {letter}: {exc}") from None
        bonus_of[city] = Bonus(
            fields.get("vp", 0), fields.get("coins", 0), fields.get("servants", 0),
            fields.get("cards", 0), fields.get("main_action", 0), fields.get("nobility", 0),
        )
    state.city_bonus = tuple(bonus_of)
    state.queen = _city(data["queen"], "queen")

    balconies = as_table(data["balconies"], "balconies")
    if set(balconies) != set(BALCONIES):
        raise CorruptData(f"balconies must be {', '.join(BALCONIES)}")
    for b, name in enumerate(BALCONIES):
        row = as_list(balconies[name], f"balcony {name}", C.per_balcony)
        if not all(isinstance(c, str) and c in COLOURS for c in row):
            raise CorruptData(f"balcony {name} holds an unknown colour")
        state.balconies[b] = tuple(COLOURS.index(c) for c in row)
    state.reserve = _counts(data["reserve"], "reserve", COLOURS, C.councillors_per_colour)

    state.discard = _counts(data["discard"], "discard", CARD_NAMES, 99)
    hands = as_list(data["hands"], "hands", n)
    for s, raw in enumerate(hands):
        table = as_table(raw, f"hand of seat {s}")
        if set(table) == {"hidden"}:
            state.hands[s] = None
            state.hand_count[s] = whole(table["hidden"], f"hidden hand of seat {s}", 0, 99)
        else:
            hand = _counts(table, f"hand of seat {s}", CARD_NAMES, 99)
            state.hands[s] = hand
            state.hand_count[s] = sum(hand)
    if "deck" in data:
        deck = as_list(data["deck"], "deck")
        if not all(isinstance(c, str) and c in CARD_NAMES for c in deck):
            raise CorruptData("the deck holds an unknown card")
        state.deck = [CARD_NAMES.index(c) for c in deck]
    else:
        state.deck = None
        state.hidden_deck = whole(data["deck_size"], "deck_size", 0, 99)

    face_up = as_table(data["face_up"], "face_up")
    if set(face_up) != set(REGIONS):
        raise CorruptData(f"face_up must name {', '.join(REGIONS)}")
    for r, region in enumerate(REGIONS):
        slots = as_list(face_up[region], f"face_up {region}", 2)
        state.face_up[r] = [_permit(p, f"face_up {region}", True) for p in slots]
    players = as_list(data["players"], "players", n)
    for s, raw in enumerate(players):
        table = as_table(raw, f"player {s}")
        check_keys(table, _PLAYER_KEYS, what=f"player {s}")
        state.coins[s] = whole(table["coins"], f"coins of seat {s}", 0, 9999)
        state.servants[s] = whole(table["servants"], f"servants of seat {s}", 0, 9999)
        state.vp[s] = whole(table["vp"], f"vp of seat {s}", 0, 9999)
        state.nobility[s] = whole(table["nobility"], f"nobility of seat {s}", 0, C.nobility_last)
        state.unused[s] = [_permit(p, f"unused permits of seat {s}") for p in as_list(table["unused_permits"], "unused")]
        state.used[s] = [_permit(p, f"used permits of seat {s}") for p in as_list(table["used_permits"], "used")]
        tiles = as_list(table["reward_tiles"], f"reward tiles of seat {s}")
        if not all(isinstance(t, str) and t in REWARD_IDS for t in tiles):
            raise CorruptData(f"seat {s} holds an unknown reward tile")
        state.rewards[s] = list(tiles)
    if "permit_decks" in data:
        decks = as_table(data["permit_decks"], "permit_decks")
        if set(decks) != set(REGIONS):
            raise CorruptData(f"permit_decks must name {', '.join(REGIONS)}")
        for r, region in enumerate(REGIONS):
            state.permit_decks[r] = [
                _permit(p, f"permit deck {region}") for p in as_list(decks[region], f"permit deck {region}")
            ]
    else:
        sizes = as_table(data["permit_deck_sizes"], "permit_deck_sizes")
        if set(sizes) != set(REGIONS):
            raise CorruptData(f"permit_deck_sizes must name {', '.join(REGIONS)}")
        for r, region in enumerate(REGIONS):
            state.permit_decks[r] = None
            state.hidden_permits[r] = whole(sizes[region], f"permit deck size {region}", 0, 15)

    merchants = as_table(data["merchants"], "merchants")
    for letter, seats in merchants.items():
        city = _city(letter, "merchants")
        seats = as_list(seats, f"merchants in {letter}")
        if not seats or len(set(seats)) != len(seats):
            raise CorruptData(f"merchants in {letter} must list different seats")
        for s in seats:
            whole(s, f"merchant owner in {letter}", 0, n - 1)
            state.owners[city] |= 1 << s
            state.built[s] |= 1 << city
    for letter in as_list(data["neutral"], "neutral"):
        state.neutral |= 1 << _city(letter, "neutral")

    left = as_list(data["reward_tiles_left"], "reward_tiles_left")
    if not all(isinstance(t, str) and t in REWARD_IDS[:7] for t in left) or len(set(left)) != len(left):
        raise CorruptData("reward_tiles_left must list different colour or region tiles")
    state.tiles_left = sum(1 << REWARD_IDS.index(t) for t in left)
    state.queen_taken = whole(data["queen_tiles_taken"], "queen_tiles_taken", 0, len(QUEEN_REWARDS))

    state.over = bool_in(data, "over")
    state.current = whole(data["current"], "current", 0, n - 1)
    state.mains_allowed = whole(data["mains_allowed"], "mains_allowed", 1, 99)
    state.mains_taken = whole(data["mains_taken"], "mains_taken", 0, state.mains_allowed)
    state.quick_used = bool_in(data, "quick_used")
    state.stage = one_of(data["stage"], "stage", STAGE_NAMES)
    target = data["stage_target"]
    if state.stage == STAGE_NONE:
        if target != "":
            raise CorruptData("stage_target must be empty without a stage")
    elif state.stage == STAGE_ACQUIRE:
        state.stage_arg = _permit(target, "stage_target")
    else:
        state.stage_arg = _city(target, "stage_target")
    state.pending = [_decode_item(item) for item in as_list(data["pending"], "pending")]
    state.end_trigger = whole(data["end_trigger"], "end_trigger", -1, n - 1)
    state.turn_number = whole(data["turn_number"], "turn_number", 1, 10**6)
    state.reveals = whole(data["reveals"], "reveals", 0, 10**9)
    refuse_problems(problems(state))
    return state


def problems(state: State) -> list[str]:
    """The rules' invariants that ``state`` (a whole game or a view) breaks, in plain sentences.

    Empty when all hold. Each field is assumed to have its type and range (as
    :func:`decode_state` reads it); these are the checks across fields: city tokens,
    councillors, the 90 politics cards and 45 permits each in one place, merchants, reward
    tiles, no negative stocks, and the turn under way.
    """
    found: list[str] = []
    n = state.players
    layout = state.layout
    full = state.deck is not None
    if (state.rng is not None) != full or any((d is not None) != full for d in state.permit_decks):
        found.append("a state has its RNG, deck and permit decks together; a view has none of them")

    tokens = [b for b in state.city_bonus if b is not None]
    if state.city_bonus[layout.royal] is not None or len(tokens) != 14:
        found.append("every city except the royal one must have a token")
    elif sorted(tokens) != sorted(TOKENS):
        found.append("the city tokens are not the game's 14 tokens")

    for b, balcony in enumerate(state.balconies):
        if len(balcony) != C.per_balcony:
            found.append(f"balcony {BALCONIES[b]} must hold {C.per_balcony} councillors")
    for c in range(6):
        total = state.reserve[c] + sum(bal.count(c) for bal in state.balconies)
        if total != C.councillors_per_colour:
            found.append(f"there must be {C.councillors_per_colour} {COLOURS[c]} councillors, found {total}")

    # Politics cards: 90 in all (13 per colour, 12 jokers), hidden ones counted by size.
    known = state.discard[:]
    hidden = 0
    if full and None in state.hands:
        found.append("a full state cannot hide a hand")
    for s, hand in enumerate(state.hands):
        if hand is None:
            hidden += state.hand_count[s]
            continue
        if min(hand) < 0 or sum(hand) != state.hand_count[s]:
            found.append(f"seat {s}'s hand does not hold the {state.hand_count[s]} cards counted")
        known = [known[c] + hand[c] for c in range(7)]
    if state.deck is None:
        hidden += state.hidden_deck
    else:
        for c in state.deck:
            known[c] += 1
    if any(known[c] > CARD_TOTALS[c] for c in range(7)) or sum(known) + hidden != sum(CARD_TOTALS):
        found.append("the politics cards do not add up to the game's 90 cards")
    elif full and known != list(CARD_TOTALS):
        found.append("the politics cards do not match 13 of each colour and 12 jokers")

    # Permits: each tile in exactly one place (views count the face-down ones by size).
    seen: list[int] = []
    for r in range(3):
        for p in state.face_up[r]:
            if p >= 0 and PERMITS[p].region != r:
                found.append(f"permit {PERMITS[p].id} is face up in the wrong region")
        seen += [p for p in state.face_up[r] if p >= 0]
    for s in range(n):
        seen += state.unused[s] + state.used[s]
    placed = [sum(1 for p in seen if PERMITS[p].region == r) for r in range(3)]
    for r in range(3):
        deck_r = state.permit_decks[r]
        if deck_r is None:
            if state.hidden_permits[r] + placed[r] != len(REGION_PERMITS[r]):
                found.append(f"the {REGIONS[r]} permit tiles do not add up to {len(REGION_PERMITS[r])}")
            continue
        if any(PERMITS[p].region != r for p in deck_r):
            found.append(f"the {REGIONS[r]} permit deck holds another region's tile")
        seen += deck_r
    if len(seen) != len(set(seen)):
        found.append("a permit tile is in two places")
    elif all(d is not None for d in state.permit_decks) and len(seen) != len(PERMITS):
        found.append("some permit tiles are missing")
    for r in range(3):
        if -1 in state.face_up[r] and state.permit_deck_size(r) > 0:
            found.append(f"the {REGIONS[r]} region has an empty slot while its deck is not empty")

    # Merchants and players' stocks.
    if state.neutral and n != 2:
        found.append("neutral merchants exist only in 2-player games")
    if n == 2 and not 3 <= state.neutral.bit_count() <= 9:
        found.append("a 2-player game has 3 to 9 neutral merchants")
    for s in range(n):
        if state.built[s].bit_count() > C.merchants:
            found.append(f"seat {s} has more than {C.merchants} merchants on the map")
        if any(bool(state.built[s] >> c & 1) != bool(state.owners[c] >> s & 1) for c in range(15)):
            found.append(f"seat {s}'s merchants and the cities' owners disagree")
        if min(state.coins[s], state.servants[s], state.vp[s]) < 0:
            found.append(f"seat {s} has negative coins, servants or victory points")
        if not 0 <= state.nobility[s] <= C.nobility_last:
            found.append(f"seat {s} is off the nobility track")

    # Reward tiles.
    held = [t for tiles in state.rewards for t in tiles]
    taken = [REWARD_IDS[k] for k in range(7) if not state.tiles_left >> k & 1]
    queens = [f"queen{i + 1}" for i in range(state.queen_taken)]
    if sorted(held) != sorted(taken + queens):
        found.append("the reward tiles held do not match the tiles taken")
    if state.queen_taken != min(len(QUEEN_REWARDS), len(taken)):
        found.append("one Queen's tile goes with each colour or region tile while any remain")
    for s in range(n):
        for tile in state.rewards[s]:
            k = REWARD_IDS.index(tile)
            if k < 7 and state.built[s] & layout.tile_mask[k] != layout.tile_mask[k]:
                found.append(f"seat {s} holds the {tile} tile without a merchant in each of its cities")

    # The turn under way.
    if state.mains_taken > state.mains_allowed:
        found.append("more main actions were taken than allowed")
    if state.stage == STAGE_ACQUIRE and state.stage_arg not in state.face_up[PERMITS[state.stage_arg].region]:
        found.append("the permit being acquired must be face up")
    if state.stage == STAGE_ROYAL and state.built[state.current] >> state.stage_arg & 1:
        found.append("the Queen's destination already holds the current player's merchant")
    if state.stage != STAGE_NONE and state.mains_taken >= state.mains_allowed:
        found.append("a main action is under way but none is left")
    if state.pending:
        if state.pending[-1][0] < CHOICE or any(item[0] >= CHOICE for item in state.pending[:-1]):
            found.append("pending bonuses must wait for exactly one choice, on top")
        if state.stage != STAGE_NONE:
            found.append("a bonus choice cannot wait during a payment")
    for item in state.pending:
        if item[0] in (W_TOKEN, W_AFTER) and not state.built[state.current] >> item[1] & 1:
            found.append("a pending placement bonus names a city without the player's merchant")
            break
    if state.end_trigger >= 0 and state.built[state.end_trigger].bit_count() != C.merchants:
        found.append("the player who ended the game must have placed every merchant")
    placing = any(item[0] == W_AFTER for item in state.pending)
    if state.end_trigger < 0 and not placing and any(b.bit_count() == C.merchants for b in state.built):
        found.append("a player placed every merchant but the end is not triggered")
    if state.over and (state.end_trigger < 0 or state.stage != STAGE_NONE or state.pending):
        found.append("a finished game must have been triggered and have nothing under way")
    return found
