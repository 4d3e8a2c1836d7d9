"""Settlement state: everything §4.3 lists, its plain-data encoding and its invariants.

One :class:`State` holds the whole game; views (``viewer`` ≠ :data:`FULL`) have no RNG and
the fate draw pile in sorted order (its contents are public, its order is not).

``step`` names the decision the game waits for (spec §14):

==========  ==================================================================
``pick``    D1: the draft; ``pick_order[picks % players]`` picks
``work``    D2: the pawn stands on ``TRACK[pos]``, a character's field
``trade``   D3: the Merchant rolled ``trade_limit``; ``bought`` / ``paid`` count this trade
``tax``     D4: the Tax collector, the mayor pays or refuses
``tax_pay`` D4: ``tax_left`` more goods to pay
``shop``    D5: the mayor field
``over``    the game has ended (``outcome`` won / starved / time, in ``end_round``)
==========  ==================================================================

``events`` are what the latest action (and the automatic steps after it) did, as tuples
``(kind, *ints)`` that :mod:`core.settlement.text` turns into words; they are public.
"""

from __future__ import annotations

from typing import Any

from core.engine import CorruptData, PlainData
from core.plaindata import (
    as_list,
    as_table,
    check_format,
    check_keys,
    decode_rng,
    one_of,
    player_names,
    prefixed,
    refuse_problems,
    whole,
    whole_list,
)
from core.rng import Rng
from core.settlement.content import (
    CHARACTERS,
    DIFFICULTIES,
    FATE,
    GATES,
    GOODS,
    ITEMS,
    RECTANGLES,
    RESOURCES,
    ROUND_LIMITS,
    SMILE_POOL_CAP,
    STORAGE_CAP,
    TRACK,
    WAREHOUSE,
)

FORMAT = 1
MIN_PLAYERS, MAX_PLAYERS = 1, 9
FULL, SPECTATOR = -2, -1
STEPS: tuple[str, ...] = ("pick", "work", "trade", "tax", "tax_pay", "shop", "over")
DEALS: tuple[str, ...] = ("draft", "random", "order")
OUTCOMES: tuple[str, ...] = ("", "won", "starved", "time")

EVENT_KINDS: dict[str, int] = {
    # kind: number of ints after it
    "pick_rolls": -1,      # seat, roll, seat, roll ... (one round of pick-order rolls)
    "mayor_rolls": -1,     # seat, roll, ...
    "dealt": 0,            # the characters were dealt (random or in order)
    "first_mayor": 1,      # seat
    "round": 1,            # round number
    "mayor": 1,            # the mayor card passed to seat
    "feed": 2,             # food eaten, food missing
    "token_lost": 1,       # rectangle emptied by starvation
    "starved": 0,
    "work": 6,             # character, die 1, die 2 (0: one die), bonus, result, amount made
    "other": 2,            # character, product
    "skip": 1,             # character (Fever)
    "swap": 2,             # good bought, good paid
    "tax": 1,              # good paid as the trade tax
    "trade_end": 1,        # goods bought in all
    "reshuffle": 0,
    "fate": 1,             # card
    "gain": 2,             # resource, amount
    "lose": 2,             # resource, amount actually lost
    "pool": 1,             # smiles added (negative: removed), as actually changed
    "no_effect": 0,
    "tax_paid": 1,         # good paid to the Tax collector
    "buy": 1,              # item
    "rot": 3,              # die 1, die 2 (0: one die; -1 -1 with Frost), food lost
    "bp_lost": 1,
    "cap": 2,              # good, amount thrown away
    "smiles": 3,           # die, smiles gained, smiles lost over the cap
    "token": 1,            # rectangle filled
    "gated": 1,            # rectangle whose gate building is missing
    "won": 1,              # round
    "time": 1,             # round (the last)
}


EVENT_RANGE = 100_000
"""Event numbers lie in ±this (a Downpour bonus is −2, a Quarrel's pool change −4)."""


class State:
    """The whole game (or a view of it); see the module docstring."""

    __slots__ = (
        "players", "names", "difficulty", "limit", "deal", "holder", "pick_order", "picks",
        "mayor", "first_mayor", "round", "stock", "pool", "tokens", "owned", "fate_pile",
        "fate_discard", "fate", "pos", "step", "trade_limit", "bought", "paid", "tax_left",
        "outcome", "end_round", "events", "rng", "viewer",
    )

    def __init__(self, names: tuple[str, ...], difficulty: str, deal: str) -> None:
        self.players = len(names)
        self.names = names
        self.difficulty = difficulty
        self.limit = ROUND_LIMITS[difficulty]
        self.deal = deal
        self.holder: list[int] = [-1] * len(CHARACTERS)
        self.pick_order: list[int] = list(range(len(names)))
        self.picks = 0
        self.mayor = 0
        self.first_mayor = 0
        self.round = 1
        self.stock: list[int] = [0] * len(RESOURCES)
        self.pool = 0
        self.tokens = 0
        self.owned: list[int] = [0] * len(ITEMS)
        """Round in which each item was bought; 0 while not owned."""
        self.fate_pile: list[int] = []
        self.fate_discard: list[int] = []
        self.fate = -1
        """This round's fate card (−1 before the fate field)."""
        self.pos = 0
        self.step = "pick"
        self.trade_limit = 0
        self.bought: list[int] = [0] * len(GOODS)
        self.paid: list[int] = [0] * len(GOODS)
        self.tax_left = 0
        self.outcome = ""
        self.end_round = 0
        self.events: list[tuple[Any, ...]] = []
        self.rng: Rng | None = None
        self.viewer = FULL

    def clone(self) -> "State":
        """A fast independent copy."""
        s = State.__new__(State)
        s.players = self.players
        s.names = self.names
        s.difficulty = self.difficulty
        s.limit = self.limit
        s.deal = self.deal
        s.holder = self.holder[:]
        s.pick_order = self.pick_order[:]
        s.picks = self.picks
        s.mayor = self.mayor
        s.first_mayor = self.first_mayor
        s.round = self.round
        s.stock = self.stock[:]
        s.pool = self.pool
        s.tokens = self.tokens
        s.owned = self.owned[:]
        s.fate_pile = self.fate_pile[:]
        s.fate_discard = self.fate_discard[:]
        s.fate = self.fate
        s.pos = self.pos
        s.step = self.step
        s.trade_limit = self.trade_limit
        s.bought = self.bought[:]
        s.paid = self.paid[:]
        s.tax_left = self.tax_left
        s.outcome = self.outcome
        s.end_round = self.end_round
        s.events = self.events[:]
        s.rng = None if self.rng is None else self.rng.clone()
        s.viewer = self.viewer
        return s

    # --- small queries used by rules, text and the screen --------------------------------
    def has(self, item: int) -> bool:
        """True once ``item`` is built or invented."""
        return self.owned[item] > 0

    def goods(self) -> int:
        """Goods in stock, all five kinds together."""
        return sum(self.stock[g] for g in GOODS)

    def field(self) -> str:
        """The id of the field the pawn stands on."""
        return TRACK[self.pos]

    def swaps(self) -> int:
        """Goods bought so far in the Merchant's trade."""
        return sum(self.bought)

    def seats_of(self, seat: int) -> list[int]:
        """The characters ``seat`` holds, in track order."""
        return [c for c, h in enumerate(self.holder) if h == seat]


def mayor_in_round(first_mayor: int, players: int, round_: int) -> int:
    """The mayor's seat in ``round_`` (§6.2: the card passes right, seat − 1, each round)."""
    return (first_mayor - (round_ - 1)) % players


# --- invariants --------------------------------------------------------------------------
def problems(s: State) -> list[str]:
    """What is wrong with ``s`` (a state or a view), in sentences; [] if nothing (§16)."""
    found: list[str] = []
    if any(v < 0 for v in s.stock):
        found.append(f"a stock is negative: {s.stock}")
    if s.pool < 0:
        found.append(f"the smile pool is negative: {s.pool}")
    if not 0 <= s.tokens <= RECTANGLES:
        found.append(f"tokens out of range: {s.tokens}")
    for rect, item in GATES.items():
        if s.tokens >= rect and not s.has(item):
            found.append(f"{s.tokens} tokens but the {ITEMS[item].name} is not built")
    if any(not 0 <= r <= s.round for r in s.owned):
        found.append("an item was bought in a round not yet played")
    cards = sorted(s.fate_pile + s.fate_discard + ([s.fate] if s.fate >= 0 and s.fate not in s.fate_discard else []))
    if cards != list(range(len(FATE))):
        found.append("the fate piles do not hold the 20 cards once each")
    if s.step != "pick":
        if any(not 0 <= h < s.players for h in s.holder):
            found.append("a character is held by no seat")
        elif len(set(s.holder)) != s.players:
            found.append("a seat holds no character")
        if s.mayor != mayor_in_round(s.first_mayor, s.players, s.round):
            found.append(f"seat {s.mayor} is mayor in round {s.round}")
    if not 1 <= s.round <= s.limit:
        found.append(f"round {s.round} is outside 1..{s.limit}")
    if s.step == "over" and not s.outcome:
        found.append("the game is over without an outcome")
    if s.step != "over" and s.outcome:
        found.append("an outcome is set but the game goes on")
    if s.step == "trade" and s.swaps() > s.trade_limit:
        found.append("the Merchant bought more than his roll")
    if s.step == "trade" and any(b and p for b, p in zip(s.bought, s.paid)):
        found.append("the Merchant paid with a good he bought")
    if s.step in ("work", "trade", "shop") and s.field() not in {
        "work": {c.id for c in CHARACTERS}, "trade": {"merchant"}, "shop": {"mayor"}
    }[s.step]:
        found.append(f"step {s.step} on the {s.field()} field")
    return found


def after_losses_problems(s: State) -> list[str]:
    """§16's checks right after Losses: no BP, and every good ≤ 10 without the Warehouse."""
    found = []
    if s.stock[RESOURCES.index("bp")]:
        found.append("building points survived Losses")
    if not s.has(WAREHOUSE) and any(s.stock[g] > STORAGE_CAP for g in GOODS):
        found.append("a good above the cap after Losses")
    if s.pool > SMILE_POOL_CAP:
        found.append("the pool is above its cap after the satisfaction phase")
    return found


# --- encoding ----------------------------------------------------------------------------
def encode_state(s: State) -> dict[str, PlainData]:
    """Plain data (ids for characters, items and cards) that :func:`decode_state` inverts."""
    data: dict[str, PlainData] = {
        "format": FORMAT,
        "names": list(s.names),
        "difficulty": s.difficulty,
        "deal": s.deal,
        "holder": list(s.holder),
        "pick_order": list(s.pick_order),
        "picks": s.picks,
        "mayor": s.mayor,
        "first_mayor": s.first_mayor,
        "round": s.round,
        "stock": {r: s.stock[i] for i, r in enumerate(RESOURCES)},
        "pool": s.pool,
        "tokens": s.tokens,
        "owned": {ITEMS[i].id: r for i, r in enumerate(s.owned) if r},
        "fate_pile": [FATE[c].id for c in s.fate_pile],
        "fate_discard": [FATE[c].id for c in s.fate_discard],
        "fate": FATE[s.fate].id if s.fate >= 0 else "",
        "pos": s.pos,
        "step": s.step,
        "trade_limit": s.trade_limit,
        "bought": list(s.bought),
        "paid": list(s.paid),
        "tax_left": s.tax_left,
        "outcome": s.outcome,
        "end_round": s.end_round,
        "events": [[kind, *rest] for kind, *rest in s.events],
        "viewer": s.viewer,
    }
    if s.rng is not None:
        data["rng"] = s.rng.encode()
    return data


_FATE_IDS = {c.id: c.index for c in FATE}
_ITEM_IDS = {i.id: i.index for i in ITEMS}


def _card(value: Any, what: str) -> int:
    if not isinstance(value, str) or value not in _FATE_IDS:
        raise CorruptData(f"{what}: unknown fate card {value!r}")
    return _FATE_IDS[value]


def _events(value: Any) -> list[tuple[Any, ...]]:
    events: list[tuple[Any, ...]] = []
    for raw in as_list(value, "events"):
        row = as_list(raw, "an event")
        if not row or not isinstance(row[0], str) or row[0] not in EVENT_KINDS:
            raise CorruptData(f"unknown event {row[:1]!r}")
        size = EVENT_KINDS[row[0]]
        if size >= 0 and len(row) != size + 1:
            raise CorruptData(f"event {row[0]} takes {size} numbers")
        ints = tuple(whole(v, f"event {row[0]}", -EVENT_RANGE, EVENT_RANGE) for v in row[1:])
        events.append((row[0], *ints))
    return events


@prefixed("Settlement state")
def decode_state(data: Any) -> State:
    """Rebuild and validate a state; raises CorruptData naming the problem."""
    data = as_table(data, "the state")
    keys = ["format", "names", "difficulty", "deal", "holder", "pick_order", "picks", "mayor",
            "first_mayor", "round", "stock", "pool", "tokens", "owned", "fate_pile", "fate_discard",
            "fate", "pos", "step", "trade_limit", "bought", "paid", "tax_left", "outcome",
            "end_round", "events", "viewer"]
    check_keys(data, keys, optional=["rng"], what="the state")
    check_format(data["format"], FORMAT)
    names = player_names(data["names"], MIN_PLAYERS, MAX_PLAYERS)
    n = len(names)
    difficulty = DIFFICULTIES[one_of(data["difficulty"], "difficulty", DIFFICULTIES)]
    deal = DEALS[one_of(data["deal"], "deal", DEALS)]
    s = State(names, difficulty, deal)
    s.holder = whole_list(data["holder"], "holder", len(CHARACTERS), -1, n - 1)
    s.pick_order = whole_list(data["pick_order"], "pick_order", n, 0, n - 1)
    if sorted(s.pick_order) != list(range(n)):
        raise CorruptData("pick_order must name every seat once")
    s.picks = whole(data["picks"], "picks", 0, len(CHARACTERS))
    s.mayor = whole(data["mayor"], "mayor", 0, n - 1)
    s.first_mayor = whole(data["first_mayor"], "first_mayor", 0, n - 1)
    s.round = whole(data["round"], "round", 1, s.limit)
    stock = as_table(data["stock"], "stock")
    check_keys(stock, RESOURCES, what="stock")
    s.stock = [whole(stock[r], f"stock {r}", 0, 100_000) for r in RESOURCES]
    s.pool = whole(data["pool"], "pool", 0, 100_000)
    s.tokens = whole(data["tokens"], "tokens", 0, RECTANGLES)
    owned = as_table(data["owned"], "owned")
    for key, r in owned.items():
        if key not in _ITEM_IDS:
            raise CorruptData(f"owned: unknown building or invention {key!r}")
        s.owned[_ITEM_IDS[key]] = whole(r, f"owned {key}", 1, s.limit)
    s.fate_pile = [_card(c, "fate_pile") for c in as_list(data["fate_pile"], "fate_pile")]
    s.fate_discard = [_card(c, "fate_discard") for c in as_list(data["fate_discard"], "fate_discard")]
    s.fate = -1 if data["fate"] == "" else _card(data["fate"], "fate")
    s.pos = whole(data["pos"], "pos", 0, len(TRACK) - 1)
    s.step = STEPS[one_of(data["step"], "step", STEPS)]
    s.trade_limit = whole(data["trade_limit"], "trade_limit", 0, 100)
    s.bought = whole_list(data["bought"], "bought", len(GOODS), 0, 100)
    s.paid = whole_list(data["paid"], "paid", len(GOODS), 0, 100)
    s.tax_left = whole(data["tax_left"], "tax_left", 0, 3)
    s.outcome = OUTCOMES[one_of(data["outcome"], "outcome", OUTCOMES)]
    s.end_round = whole(data["end_round"], "end_round", 0, s.limit)
    s.events = _events(data["events"])
    s.viewer = whole(data["viewer"], "viewer", FULL, n - 1)
    if "rng" in data:
        s.rng = decode_rng(data["rng"])
    if (s.rng is None) != (s.viewer != FULL):
        raise CorruptData("a whole game needs its rng and a view must not have one")
    if s.step == "pick" and (s.deal != "draft" or s.picks != sum(h >= 0 for h in s.holder)):
        raise CorruptData("the draft's picks do not match the characters held")
    refuse_problems(problems(s))
    return s
