"""The Intendentes game state: a mutable ``__slots__`` object with a fast explicit clone.

Codes are the content's ints (:mod:`core.intendentes.content`): blocks ``0..67`` (B01..B64,
then IT-A, IF-A, IT-F, IF-F), plans ``0..25``, events ``0..19``, risk indices ``0..2``
(fire, flood, insecurity), penalty types ``0..3`` (… and demonstration), phases ``1..8``.
Seats are ``0..players-1`` and fixed (they only matter for neighbours, §4.3).

Fields (what a screen reads; every list indexed by seat has one entry per seat):

* table: ``names``, ``players``; options ``family`` and ``hidden_money`` (bools);
  ``viewer`` is :data:`FULL` for a whole game, :data:`SPECTATOR` or a seat for a view;
  ``rng`` (None in views); ``reveals`` counts draws of hidden cards (undo barrier).
* flow: ``round`` ``1..8``; ``phase`` ``1..8``; ``stage`` (:data:`STAGES`, the main
  flow's cursor) and ``pos`` (index into ``order``, the mayor the stage is at; the market
  walks ``order`` backwards); ``order`` the turn order (seats, first first).
* the decision now: ``step`` (:data:`STEPS`) and ``actor`` (the one seat to act; the game
  never has simultaneous choices). ``why`` (:data:`WHYS`) says what a ``place`` /
  ``remove`` / ``keep`` / ``birth`` step is for; ``left`` how many placements or removals
  remain (fast increase: how many more may be placed), ``done`` how many were made.
* districts: ``blocks[seat]`` the block indices owned, initial town and field first, then in
  acquisition order; ``people[seat]`` and ``capacity[seat]`` run parallel to it
  (inhabitants on the block; its capacity now, Housing Plan included; 0 for blocks that
  hold nobody). ``supply`` is the shared inhabitant supply (70 in all, with the districts).
* tracks: ``money`` (:data:`HIDDEN` in a view for another seat with the hidden-money option,
  unless it is $0, which shows), ``splendor`` (the
  score, may be negative), ``warehouse`` (food 0..40), ``discontent`` (0..15);
  ``risk[seat]`` = [fire, flood, insecurity] index values; ``cards[seat]`` = [fire, flood,
  insecurity, demonstration] penalty cards held; ``market`` the Food Market space 0..12.
* plans: ``hand[seat]`` plan indices held (sorted; :data:`HIDDEN` entries in a view for
  another seat: the size is public); ``drawn`` the cards the actor drew and must choose
  from (``keep`` step; hidden entries in others' views); ``plan_deck`` face down, top last
  (all hidden in views); ``plan_discard`` the public discard pile, oldest first.
* blocks for sale: ``display`` the 3 biddable slots (block or :data:`NONE`), ``next_block``
  the visible next block (or :data:`NONE`), ``block_deck`` face down, top last (sorted in
  views), ``block_discard`` public.
* events: ``event_deck`` the unrevealed cards, top last (hidden entries in views; its size is
  public); ``events_seen`` revealed ones in order; ``event`` this round's event once
  revealed (phase 4 on), else :data:`NONE`.
* bidding this round: ``bid_status[seat]`` (:data:`ELIGIBLE`, :data:`ACQUIRED`,
  :data:`DECLINED`); the auction: ``slot`` (display slot, or NONE), ``high_bid`` (0: no bid
  yet), ``high_bidder`` (or NONE), ``passed`` (bit mask of seats out of this auction),
  ``decliner`` (the seat who declined and nominated the slot, or NONE).
* this round: ``round_plays[seat]`` the plans each seat played this round, in order (public;
  Public Tender, Tax Increase, Irrigation, Housing Credits, Press Campaign, Prevention
  Campaign and Civil Defense act through it); ``hit[seat]`` bit mask of the neighbour plans
  (``1 << plan``) already played on that seat this round (A19); ``used[seat]`` bits of the
  once-per-round uses (:data:`USED_HELP` ...); ``capped[seat]`` the fire + flood + insecurity
  cards received this round (the cap of 3).
* the actor's turn: Demography ``gave`` / ``got`` bit masks over positions in the actor's
  ``blocks`` (blocks that gave / received an inhabitant by ``move``); Security
  ``sec_officers`` (officers used per position) and ``sec_paid`` (bit mask of positions whose
  paid action was used); births with a short supply ``served`` (bit mask of positions
  served); ``queue`` the steps of the current effect still to come, as
  ``(step, actor, left, why)`` tuples (Rural Exodus: the player's placement after the
  target's removal).
* ``final[seat]``: once the game is over, the final-scoring points per category of
  :data:`BONUS_CATEGORIES` (already added to ``splendor``); empty before.
* ``log``: what the latest action caused beyond itself, as tuples of plain ints (and an
  action for ``auto``); each applied action replaces it. Every entry is public (a kept plan
  never appears). :data:`LOG` lists the kinds and their fields.

The words for players live in ``core.intendentes.text`` and ``core.intendentes.explain``
(helper C), with these functions the game delegates to: ``describe(action, state)``,
``narrate(action, seat, before, after)``, ``prompt(state, seat)``, ``effects(state)``
(the ``log`` in words), ``progress(state)`` and ``why_illegal(state, seat, action)``.
Secrets in words: ``keep`` and ``keep_hand`` never name a plan to others; ``discard`` does
(the discard pile is public), so does the card a ``keep`` throws away (``plan_discard``).

The plain-data encoding uses ids (blocks "B13"/"IT-A", plans by key, events "E07", steps and
stages by name, hidden cards "?") so saves stay readable; :func:`decode_state` checks every
field and the invariants (:func:`problems`) and raises :class:`~core.engine.CorruptData`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from core.engine import CorruptData, PlainData
from core.intendentes import actions as act
from core.intendentes.content import (
    BLOCKS,
    DECK_SIZE,
    DISCONTENT_MAX,
    DISPLAY_SLOTS,
    EVENTS,
    EVENTS_PER_GAME,
    FAMILY_EVENT_INDICES,
    HAND_LIMIT,
    INITIAL_FIELD,
    INITIAL_TOWN,
    MARKET_LAST,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PENALTY_CAP,
    PLAN_BY_KEY,
    PLAN_DECK,
    PLANS,
    ROUNDS,
    SUPPLY,
    WAREHOUSE_MAX,
    HOUSING_PLAN_CAPACITY,
    TOWN,
    CITY,
)
from core.plaindata import (
    as_list,
    as_table,
    bool_in,
    check_format,
    check_keys,
    decode_rng,
    one_of,
    player_names,
    prefixed,
    refuse_problems,
    whole,
    whole_in,
    whole_list,
)
from core.rng import Rng

FORMAT = 1

FULL = -1  # ``viewer`` of a whole game
SPECTATOR = -2  # ``viewer`` of a spectator's view
NONE = -1  # no block / seat / slot / event
HIDDEN = -2  # a card (plan or event) a view does not show; money another seat hides

STAGES: tuple[str, ...] = (
    "window",  # the plan window of ``phase`` (W1, W3, W4, W6, W7, W8)
    "bidding",  # phase 1 auctions
    "demography",  # phase 2 turns
    "planning",  # phase 3 draws (before W3)
    "event",  # phase 4: the event applied mayor by mayor (after W4)
    "security",  # phase 5 turns
    "market",  # 6.1, reverse turn order (after W6)
    "food",  # 6.3 feeding, mayor by mayor (famine removals)
    "births",  # 7.2 births (after 7.1 and W7)
    "credits",  # 7.2 Housing Credits
    "fast",  # 7.2 fast increase
    "over",
)
(
    G_WINDOW,
    G_BIDDING,
    G_DEMOGRAPHY,
    G_PLANNING,
    G_EVENT,
    G_SECURITY,
    G_MARKET,
    G_FOOD,
    G_BIRTHS,
    G_CREDITS,
    G_FAST,
    G_OVER,
) = range(len(STAGES))

STEPS: tuple[str, ...] = (
    "window",  # play / pass (W7: also stadium)
    "open",  # open(slot) / decline(slot)
    "open_bid",  # the opener's first bid on ``slot``
    "auction",  # bid / pass
    "demography",  # move / train_station / play / end
    "hand",  # Planning with a full hand: keep_hand / discard(plan)
    "keep",  # keep(plan) of ``drawn``
    "security",  # officer / paid / national_help / hydraulic_works / play / end
    "market",  # buy / pass
    "place",  # place(block) (Migration Wave: also stop)
    "remove",  # remove(block)
    "choose",  # Housing Plan: choose(block)
    "birth",  # short supply: birth(block)
    "fast",  # fast(block) / skip (before the first) / stop (after)
    "over",
)
(
    S_WINDOW,
    S_OPEN,
    S_OPEN_BID,
    S_AUCTION,
    S_DEMOGRAPHY,
    S_HAND,
    S_KEEP,
    S_SECURITY,
    S_MARKET,
    S_PLACE,
    S_REMOVE,
    S_CHOOSE,
    S_BIRTH,
    S_FAST,
    S_OVER,
) = range(len(STEPS))

WHYS: tuple[str, ...] = (
    "none",
    "planning",  # keep: the Planning draw
    "advisors",  # keep: Advisors (P06)
    "immigration",  # place: Immigration Program (P05)
    "exodus",  # remove (the target) / place (the player): Rural Exodus (P04)
    "migration",  # place: Migration Wave (E14), may stop
    "famine",  # remove: missing food (6.3)
    "epidemic",  # remove: Epidemic (E19)
    "births",  # birth: births with a short supply
    "credits",  # birth: Housing Credits (P29) with a short supply
    "housing_plan",  # choose: Housing Plan (P03)
)
(
    W_NONE,
    W_PLANNING,
    W_ADVISORS,
    W_IMMIGRATION,
    W_EXODUS,
    W_MIGRATION,
    W_FAMINE,
    W_EPIDEMIC,
    W_BIRTHS,
    W_CREDITS,
    W_HOUSING_PLAN,
) = range(len(WHYS))

BID_STATUS: tuple[str, ...] = ("eligible", "acquired", "declined")
ELIGIBLE, ACQUIRED, DECLINED = range(3)

USES: tuple[str, ...] = ("national_help", "hydraulic_works", "stadium", "train_station", "fast")
"""Once-per-round uses, bit ``1 << i`` of ``used[seat]``."""
USED_HELP, USED_HYDRAULIC, USED_STADIUM, USED_TRAIN, USED_FAST = (1 << i for i in range(len(USES)))

BONUS_CATEGORIES: tuple[str, ...] = (
    "District",
    "Census",
    "Happiness",
    "Fire risk",
    "Flood risk",
    "Insecurity risk",
    "Warehouse",
    "Economy",
)
"""The final-scoring categories of §11, in order (``final[seat]``)."""

CARD_SOURCES: tuple[str, ...] = ("event", "arson", "protest", "last_space")
"""Where penalty cards of a ``cards`` log entry come from."""
IMMUNITY: tuple[str, ...] = ("civil_defense", "hospital")
"""Why a mayor is untouched by the event (``immune`` log entry)."""

LOG: dict[str, tuple[str, ...]] = {
    # flow
    "round": ("round",),  # a round begins
    "order": ("[seat]",),  # the turn order of the round, first first
    "phase": ("phase",),  # a phase begins
    "last_space": ("seat",),  # S1: on the last discontent space, takes a demonstration card
    "auto": ("seat", "action"),  # the engine made seat's only legal move (public moves only:
    # bids, auction passes, declines, opens, places, removes, chooses, market passes)
    "over": ("[seat]",),  # the game is over: the winners
    "final": ("[int]n",),  # final scoring: the points each seat added (sum of ``final``)
    # bidding
    "acquire": ("seat", "block", "count", "count", "[int]"),  # who, block, paid, inhabitants
    # placed, the index changes applied (fire, flood, insecurity; after the floor at 0)
    "unsold": ("block",),  # a declined block nobody bid on goes to the discard pile
    "refill": ("slot", "block?", "block?"),  # the slot gets that block; the new next block
    "block_reshuffle": ("count",),  # the block discard pile became the deck
    "bidding_over": (),  # phase 1 ends (nobody eligible or nothing left to bid on)
    # plans
    "draw": ("seat", "count"),  # seat drew that many plans (which ones is secret)
    "plan_discard": ("seat", "plan"),  # a drawn plan seat did not keep, to the discard pile
    "plan_reshuffle": ("count",),  # the plan discard pile became the deck
    "pays": ("seat", "count"),  # seat pays that much to the bank (Permit Fees, Tax Audit)
    "exodus": ("seat", "seat", "block"),  # Rural Exodus: the target lost an inhabitant
    # from that block, to the player (the player's placement follows)
    # events
    "event": ("event",),  # this round's event is revealed
    "immune": ("seat", "immunity"),  # the event does nothing to seat (:data:`IMMUNITY`)
    "cards": ("seat", "penalty", "count", "source"),  # seat takes penalty cards
    "capped": ("seat", "count"),  # cards seat did not take because of the round's cap
    "prevented": ("seat", "count"),  # cards Prevention Campaign kept off seat
    "gains": ("seat", "count"),  # seat receives money (Provincial Funds, Tourism Boom)
    "splendor": ("seat", "int"),  # seat's splendor changes (Elections, Smear Campaign)
    "inflation": ("space", "space"),  # the market marker moves from, to
    "epidemic": ("seat", "count"),  # seat must remove that many inhabitants
    "migration": ("seat", "count"),  # seat placed that many Migration Wave inhabitants
    # tracks
    "discontent": ("seat", "space", "space", "count", "count"),  # from, to, demonstration
    # cards taken, demonstration cards returned
    "market": ("space", "space"),  # the marker moves back at the end of 6.1: from, to
    "income": ("seat", "count"),
    "food": ("seat", "count", "count", "count", "count"),  # production, consumption,
    # warehouse after, food missing (famine)
    "famine": ("seat", "count"),  # inhabitants lost to famine
    "births": ("seat", "count"),  # inhabitants born (automatic, or the last of a choice)
    "credits": ("seat", "count"),  # Housing Credits inhabitants placed
    "lost": ("seat", "count"),  # placements lost for want of supply
    "decline": ("seat", "count"),  # splendor lost in phase 8
}
"""Log kinds and their fields after the kind. Field types: ``seat``, ``round``, ``phase``,
``count`` (≥ 0), ``int`` (signed), ``block``, ``block?`` (NONE allowed), ``plan``,
``event``, ``penalty``, ``space`` (a track space), ``slot``, ``source``
(:data:`CARD_SOURCES`), ``immunity`` (:data:`IMMUNITY`), ``action``; ``[t]`` is a tuple of
``t``, ``[t]n`` one per seat."""

_PLAN_COUNTS = Counter(PLAN_DECK)
_DECK_BLOCKS = frozenset(range(DECK_SIZE))


class State:
    """Everything about a game in progress (see the module docstring for the fields)."""

    __slots__ = (
        "names",
        "players",
        "family",
        "hidden_money",
        "viewer",
        "rng",
        "reveals",
        "cache",
        "round",
        "phase",
        "stage",
        "pos",
        "order",
        "step",
        "actor",
        "why",
        "left",
        "done",
        "blocks",
        "people",
        "capacity",
        "supply",
        "money",
        "splendor",
        "warehouse",
        "discontent",
        "risk",
        "cards",
        "market",
        "hand",
        "drawn",
        "plan_deck",
        "plan_discard",
        "display",
        "next_block",
        "block_deck",
        "block_discard",
        "event_deck",
        "events_seen",
        "event",
        "bid_status",
        "slot",
        "high_bid",
        "high_bidder",
        "passed",
        "decliner",
        "round_plays",
        "hit",
        "used",
        "capped",
        "gave",
        "got",
        "sec_officers",
        "sec_paid",
        "served",
        "queue",
        "final",
        "log",
    )

    names: tuple[str, ...]
    players: int
    family: bool
    hidden_money: bool
    viewer: int
    rng: Rng | None
    reveals: int
    cache: list[Any] | None
    round: int
    phase: int
    stage: int
    pos: int
    order: list[int]
    step: int
    actor: int
    why: int
    left: int
    done: int
    blocks: list[list[int]]
    people: list[list[int]]
    capacity: list[list[int]]
    supply: int
    money: list[int]
    splendor: list[int]
    warehouse: list[int]
    discontent: list[int]
    risk: list[list[int]]
    cards: list[list[int]]
    market: int
    hand: list[list[int]]
    drawn: list[int]
    plan_deck: list[int]
    plan_discard: list[int]
    display: list[int]
    next_block: int
    block_deck: list[int]
    block_discard: list[int]
    event_deck: list[int]
    events_seen: list[int]
    event: int
    bid_status: list[int]
    slot: int
    high_bid: int
    high_bidder: int
    passed: int
    decliner: int
    round_plays: list[list[int]]
    hit: list[int]
    used: list[int]
    capped: list[int]
    gave: int
    got: int
    sec_officers: list[int]
    sec_paid: int
    served: int
    queue: list[tuple[int, int, int, int]]
    final: list[list[int]]
    log: list[tuple[Any, ...]]

    def __init__(self, names: tuple[str, ...], family: bool = False) -> None:
        """An empty pre-game state (districts with the initial blocks only): use
        :func:`core.intendentes.rules.new_game` to start a game."""
        n = len(names)
        self.names = names
        self.players = n
        self.family = family
        self.hidden_money = False
        self.viewer = FULL
        self.rng = None
        self.reveals = 0
        self.cache = None
        self.round = 1
        self.phase = 1
        self.stage = G_WINDOW
        self.pos = 0
        self.order = list(range(n))
        self.step = S_WINDOW
        self.actor = 0
        self.why = W_NONE
        self.left = 0
        self.done = 0
        town, field = INITIAL_TOWN[family], INITIAL_FIELD[family]
        self.blocks = [[town, field] for _ in range(n)]
        self.people = [[0, 0] for _ in range(n)]
        self.capacity = [[BLOCKS[town].capacity, BLOCKS[field].capacity] for _ in range(n)]
        self.supply = SUPPLY
        self.money = [0] * n
        self.splendor = [0] * n
        self.warehouse = [0] * n
        self.discontent = [0] * n
        self.risk = [[0, 0, 0] for _ in range(n)]
        self.cards = [[0, 0, 0, 0] for _ in range(n)]
        self.market = 0
        self.hand = [[] for _ in range(n)]
        self.drawn = []
        self.plan_deck = []
        self.plan_discard = []
        self.display = [NONE] * DISPLAY_SLOTS
        self.next_block = NONE
        self.block_deck = []
        self.block_discard = []
        self.event_deck = []
        self.events_seen = []
        self.event = NONE
        self.bid_status = [ELIGIBLE] * n
        self.slot = NONE
        self.high_bid = 0
        self.high_bidder = NONE
        self.passed = 0
        self.decliner = NONE
        self.round_plays = [[] for _ in range(n)]
        self.hit = [0] * n
        self.used = [0] * n
        self.capped = [0] * n
        self.gave = 0
        self.got = 0
        self.sec_officers = []
        self.sec_paid = 0
        self.served = 0
        self.queue = []
        self.final = []
        self.log = []

    def clone(self) -> "State":
        """An independent copy (explicit list copies; tuples and ints are shared)."""
        new = State.__new__(State)
        new.names = self.names
        new.players = self.players
        new.family = self.family
        new.hidden_money = self.hidden_money
        new.viewer = self.viewer
        new.rng = None if self.rng is None else self.rng.clone()
        new.reveals = self.reveals
        new.cache = self.cache  # never mutated; legal_actions hands out copies
        new.round = self.round
        new.phase = self.phase
        new.stage = self.stage
        new.pos = self.pos
        new.order = self.order[:]
        new.step = self.step
        new.actor = self.actor
        new.why = self.why
        new.left = self.left
        new.done = self.done
        new.blocks = [row[:] for row in self.blocks]
        new.people = [row[:] for row in self.people]
        new.capacity = [row[:] for row in self.capacity]
        new.supply = self.supply
        new.money = self.money[:]
        new.splendor = self.splendor[:]
        new.warehouse = self.warehouse[:]
        new.discontent = self.discontent[:]
        new.risk = [row[:] for row in self.risk]
        new.cards = [row[:] for row in self.cards]
        new.market = self.market
        new.hand = [row[:] for row in self.hand]
        new.drawn = self.drawn[:]
        new.plan_deck = self.plan_deck[:]
        new.plan_discard = self.plan_discard[:]
        new.display = self.display[:]
        new.next_block = self.next_block
        new.block_deck = self.block_deck[:]
        new.block_discard = self.block_discard[:]
        new.event_deck = self.event_deck[:]
        new.events_seen = self.events_seen[:]
        new.event = self.event
        new.bid_status = self.bid_status[:]
        new.slot = self.slot
        new.high_bid = self.high_bid
        new.high_bidder = self.high_bidder
        new.passed = self.passed
        new.decliner = self.decliner
        new.round_plays = [row[:] for row in self.round_plays]
        new.hit = self.hit[:]
        new.used = self.used[:]
        new.capped = self.capped[:]
        new.gave = self.gave
        new.got = self.got
        new.sec_officers = self.sec_officers[:]
        new.sec_paid = self.sec_paid
        new.served = self.served
        new.queue = self.queue[:]
        new.final = [row[:] for row in self.final]
        new.log = self.log[:]
        return new

    # --- read-only helpers for the screen and the words -----------------------------------
    @property
    def over(self) -> bool:
        """True once the game has ended (final scoring done)."""
        return self.step == S_OVER

    @property
    def step_name(self) -> str:
        """The decision now, as text (:data:`STEPS`)."""
        return STEPS[self.step]

    @property
    def stage_name(self) -> str:
        """The main flow's stage, as text (:data:`STAGES`)."""
        return STAGES[self.stage]

    @property
    def is_view(self) -> bool:
        """True for a seat's or the spectator's view."""
        return self.viewer != FULL

    def position(self, seat: int, block: int) -> int:
        """Where ``block`` is in ``seat``'s district (index into ``blocks[seat]``), or -1."""
        row = self.blocks[seat]
        return row.index(block) if block in row else -1

    def inhabitants(self, seat: int) -> int:
        """``seat``'s inhabitants, all blocks together."""
        return sum(self.people[seat])

    def free_space(self, seat: int) -> int:
        """Free places on ``seat``'s population blocks."""
        return sum(c - p for c, p in zip(self.capacity[seat], self.people[seat]))

    def owns_effect(self, seat: int, block: int) -> bool:
        """True if ``seat`` owns deck block ``block`` (a special block, e.g. EFFECT_BLOCK[...])."""
        return block in self.blocks[seat]

    def turn_position(self, seat: int) -> int:
        """``seat``'s place in this round's turn order (0 = first)."""
        return self.order.index(seat)

    def hand_size(self, seat: int) -> int:
        """Plans in ``seat``'s hand (public even when the cards are not)."""
        return len(self.hand[seat])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return all(
            getattr(self, name) == getattr(other, name)
            for name in State.__slots__
            if name not in ("cache", "log")
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return (
            f"<Intendentes State round={self.round} phase={self.phase} "
            f"step={STEPS[self.step]} actor={self.actor}>"
        )


# --- encoding ------------------------------------------------------------------------------
_BLOCK_IDS: tuple[str, ...] = tuple(b.id for b in BLOCKS)
_EVENT_IDS: tuple[str, ...] = tuple(e.id for e in EVENTS)
_EVENT_INDEX: dict[str, int] = {e.id: e.index for e in EVENTS}
_BLOCK_INDEX: dict[str, int] = {b.id: b.index for b in BLOCKS}


def _block_id(block: int) -> str:
    return "" if block == NONE else _BLOCK_IDS[block]


def _plan_id(plan: int) -> str:
    return "?" if plan == HIDDEN else PLANS[plan].key


def _event_id(event: int) -> str:
    if event == HIDDEN:
        return "?"
    return "" if event == NONE else _EVENT_IDS[event]


def _block(value: Any, what: str, allow_none: bool = False) -> int:
    if allow_none and value == "":
        return NONE
    if not isinstance(value, str) or value not in _BLOCK_INDEX:
        raise CorruptData(f"{what}: unknown block {value!r}")
    return _BLOCK_INDEX[value]


def _plan(value: Any, what: str, allow_hidden: bool = False) -> int:
    if allow_hidden and value == "?":
        return HIDDEN
    if not isinstance(value, str) or value not in PLAN_BY_KEY:
        raise CorruptData(f"{what}: unknown plan {value!r}")
    return PLAN_BY_KEY[value].index


def _event(value: Any, what: str, allow_none: bool = False, allow_hidden: bool = False) -> int:
    if allow_none and value == "":
        return NONE
    if allow_hidden and value == "?":
        return HIDDEN
    if not isinstance(value, str) or value not in _EVENT_INDEX:
        raise CorruptData(f"{what}: unknown event {value!r}")
    return _EVENT_INDEX[value]


def _encode_field(typ: str, value: Any) -> PlainData:
    if typ == "action":
        return act.encode_action(value)
    if typ.startswith("["):
        elem = typ[1 : typ.index("]")]
        return [_encode_field(elem, v) for v in value]
    if typ in ("block", "block?"):
        return _block_id(value)
    if typ == "plan":
        return _plan_id(value)
    if typ == "event":
        return _event_id(value)
    if typ == "penalty":
        return ("fire", "flood", "insecurity", "demonstration")[value]
    if typ == "source":
        return CARD_SOURCES[value]
    if typ == "immunity":
        return IMMUNITY[value]
    return int(value)


def _decode_field(typ: str, value: Any, what: str, n: int) -> Any:
    if typ == "action":
        try:
            return act.decode_action(value)
        except CorruptData as exc:
            raise CorruptData(f"{what}: {exc}") from None
    if typ.startswith("["):
        elem = typ[1 : typ.index("]")]
        items = as_list(value, what, n if typ.endswith("n") else None)
        return tuple(_decode_field(elem, v, what, n) for v in items)
    if typ == "seat":
        return whole(value, what, 0, n - 1)
    if typ == "round":
        return whole(value, what, 1, ROUNDS)
    if typ == "phase":
        return whole(value, what, 1, 8)
    if typ == "count":
        return whole(value, what, 0, 1_000_000)
    if typ == "int":
        return whole(value, what, -1_000_000, 1_000_000)
    if typ == "space":
        return whole(value, what, 0, max(MARKET_LAST, DISCONTENT_MAX))
    if typ == "slot":
        return whole(value, what, 0, DISPLAY_SLOTS - 1)
    if typ in ("block", "block?"):
        return _block(value, what, typ == "block?")
    if typ == "plan":
        return _plan(value, what)
    if typ == "event":
        return _event(value, what)
    if typ == "penalty":
        return one_of(value, what, ("fire", "flood", "insecurity", "demonstration"))
    if typ == "source":
        return one_of(value, what, CARD_SOURCES)
    if typ == "immunity":
        return one_of(value, what, IMMUNITY)
    raise AssertionError(f"unknown log field type {typ}")


def encode_log_entry(entry: tuple[Any, ...]) -> PlainData:
    """``[kind, field, ...]`` with ids for blocks, plans, events and actions."""
    return [entry[0]] + [_encode_field(t, v) for t, v in zip(LOG[entry[0]], entry[1:])]


def decode_log_entry(data: Any, n: int) -> tuple[Any, ...]:
    """A log entry from :func:`encode_log_entry` output, every field checked."""
    items = as_list(data, "log entry")
    kind = items[0] if items else None
    if not isinstance(kind, str) or kind not in LOG:
        raise CorruptData(f"unknown log entry {kind!r}")
    types = LOG[kind]
    if len(items) != 1 + len(types):
        raise CorruptData(f"a {kind} log entry must have {len(types)} fields, got {len(items) - 1}")
    return (kind,) + tuple(_decode_field(t, v, f"{kind} log entry", n) for t, v in zip(types, items[1:]))


def encode_state(state: State) -> dict[str, PlainData]:
    """Plain data (no None): ids for blocks, plans, events; ``rng`` is omitted in views."""
    n = state.players
    data: dict[str, PlainData] = {
        "format": FORMAT,
        "names": list(state.names),
        "options": {"family": state.family, "hidden_money": state.hidden_money},
        "viewer": state.viewer,
        "reveals": state.reveals,
        "round": state.round,
        "phase": state.phase,
        "stage": STAGES[state.stage],
        "pos": state.pos,
        "order": list(state.order),
        "step": STEPS[state.step],
        "actor": state.actor,
        "why": WHYS[state.why],
        "left": state.left,
        "done": state.done,
        "districts": [
            [[_BLOCK_IDS[b], p, c] for b, p, c in zip(state.blocks[s], state.people[s], state.capacity[s])]
            for s in range(n)
        ],
        "supply": state.supply,
        "money": list(state.money),
        "splendor": list(state.splendor),
        "warehouse": list(state.warehouse),
        "discontent": list(state.discontent),
        "risk": [list(row) for row in state.risk],
        "cards": [list(row) for row in state.cards],
        "market": state.market,
        "hand": [[_plan_id(p) for p in row] for row in state.hand],
        "drawn": [_plan_id(p) for p in state.drawn],
        "plan_deck": [_plan_id(p) for p in state.plan_deck],
        "plan_discard": [_plan_id(p) for p in state.plan_discard],
        "display": [_block_id(b) for b in state.display],
        "next_block": _block_id(state.next_block),
        "block_deck": [_block_id(b) for b in state.block_deck],
        "block_discard": [_block_id(b) for b in state.block_discard],
        "event_deck": [_event_id(e) for e in state.event_deck],
        "events_seen": [_event_id(e) for e in state.events_seen],
        "event": _event_id(state.event),
        "bid_status": [BID_STATUS[b] for b in state.bid_status],
        "slot": state.slot,
        "high_bid": state.high_bid,
        "high_bidder": state.high_bidder,
        "passed": state.passed,
        "decliner": state.decliner,
        "round_plays": [[_plan_id(p) for p in row] for row in state.round_plays],
        "hit": [[PLANS[p].key for p in range(len(PLANS)) if mask >> p & 1] for mask in state.hit],
        "used": [[USES[i] for i in range(len(USES)) if mask >> i & 1] for mask in state.used],
        "capped": list(state.capped),
        "gave": state.gave,
        "got": state.got,
        "sec_officers": list(state.sec_officers),
        "sec_paid": state.sec_paid,
        "served": state.served,
        "queue": [[STEPS[a], b, c, WHYS[d]] for a, b, c, d in state.queue],
        "final": [list(row) for row in state.final],
        "log": [encode_log_entry(entry) for entry in state.log],
    }
    if state.rng is not None:
        data["rng"] = state.rng.encode()
    return data


_KEYS = frozenset(
    (
        "format names options viewer reveals round phase stage pos order step actor why left done "
        "districts supply money splendor warehouse discontent risk cards market hand drawn "
        "plan_deck plan_discard display next_block block_deck block_discard event_deck "
        "events_seen event bid_status slot high_bid high_bidder passed decliner round_plays hit "
        "used capped gave got sec_officers sec_paid served queue final log"
    ).split()
)
_BIG = 1_000_000


def _names_mask(value: Any, what: str, names: tuple[str, ...]) -> int:
    mask = 0
    for item in as_list(value, what):
        mask |= 1 << one_of(item, what, names)
    return mask


@prefixed("Intendentes state")
def decode_state(data: Any) -> State:
    """Rebuild a state from :func:`encode_state` output: each field is checked as it is read,
    then the rules' invariants (:func:`problems`) across fields."""
    data = as_table(data, "the state")
    check_keys(data, _KEYS, ("rng",))
    check_format(data["format"], FORMAT)
    names = player_names(data["names"], MIN_PLAYERS, MAX_PLAYERS)
    n = len(names)
    options = as_table(data["options"], "options")
    check_keys(options, ("family", "hidden_money"), what="options")
    state = State(names, bool_in(options, "family"))
    state.hidden_money = bool_in(options, "hidden_money")
    state.viewer = whole_in(data, "viewer", SPECTATOR, n - 1)
    if "rng" in data:
        state.rng = decode_rng(data["rng"])
    state.reveals = whole_in(data, "reveals", 0, _BIG)
    state.round = whole_in(data, "round", 1, ROUNDS)
    state.phase = whole_in(data, "phase", 1, 8)
    state.stage = one_of(data["stage"], "stage", STAGES)
    state.pos = whole_in(data, "pos", 0, n)
    state.order = whole_list(data["order"], "order", n, 0, n - 1)
    state.step = one_of(data["step"], "step", STEPS)
    state.actor = whole_in(data, "actor", 0, n - 1)
    state.why = one_of(data["why"], "why", WHYS)
    state.left = whole_in(data, "left", 0, _BIG)
    state.done = whole_in(data, "done", 0, _BIG)

    districts = as_list(data["districts"], "districts", n)
    for s in range(n):
        rows = as_list(districts[s], f"districts[{s}]")
        blocks, people, capacity = [], [], []
        for row in rows:
            items = as_list(row, f"districts[{s}] entry", 3)
            blocks.append(_block(items[0], f"districts[{s}]"))
            people.append(whole(items[1], f"districts[{s}] inhabitants", 0, SUPPLY))
            capacity.append(whole(items[2], f"districts[{s}] capacity", 0, _BIG))
        state.blocks[s], state.people[s], state.capacity[s] = blocks, people, capacity
    state.supply = whole_in(data, "supply", 0, SUPPLY)
    state.money = whole_list(data["money"], "money", n, HIDDEN, _BIG)
    state.splendor = whole_list(data["splendor"], "splendor", n, -_BIG, _BIG)
    state.warehouse = whole_list(data["warehouse"], "warehouse", n, 0, WAREHOUSE_MAX)
    state.discontent = whole_list(data["discontent"], "discontent", n, 0, DISCONTENT_MAX)
    state.risk = [whole_list(r, "risk row", 3, 0, _BIG) for r in as_list(data["risk"], "risk", n)]
    state.cards = [whole_list(r, "cards row", 4, 0, _BIG) for r in as_list(data["cards"], "cards", n)]
    state.market = whole_in(data, "market", 0, MARKET_LAST)

    state.hand = [[_plan(p, "hand", True) for p in as_list(row, "hand row")] for row in as_list(data["hand"], "hand", n)]
    state.drawn = [_plan(p, "drawn", True) for p in as_list(data["drawn"], "drawn")]
    state.plan_deck = [_plan(p, "plan_deck", True) for p in as_list(data["plan_deck"], "plan_deck")]
    state.plan_discard = [_plan(p, "plan_discard") for p in as_list(data["plan_discard"], "plan_discard")]
    state.display = [_block(b, "display", True) for b in as_list(data["display"], "display", DISPLAY_SLOTS)]
    state.next_block = _block(data["next_block"], "next_block", True)
    state.block_deck = [_block(b, "block_deck") for b in as_list(data["block_deck"], "block_deck")]
    state.block_discard = [_block(b, "block_discard") for b in as_list(data["block_discard"], "block_discard")]
    state.event_deck = [_event(e, "event_deck", allow_hidden=True) for e in as_list(data["event_deck"], "event_deck")]
    state.events_seen = [_event(e, "events_seen") for e in as_list(data["events_seen"], "events_seen")]
    state.event = _event(data["event"], "event", allow_none=True)

    state.bid_status = [one_of(b, "bid_status", BID_STATUS) for b in as_list(data["bid_status"], "bid_status", n)]
    state.slot = whole_in(data, "slot", NONE, DISPLAY_SLOTS - 1)
    state.high_bid = whole_in(data, "high_bid", 0, _BIG)
    state.high_bidder = whole_in(data, "high_bidder", NONE, n - 1)
    state.passed = whole_in(data, "passed", 0, (1 << n) - 1)
    state.decliner = whole_in(data, "decliner", NONE, n - 1)
    state.round_plays = [
        [_plan(p, "round_plays") for p in as_list(row, "round_plays row")]
        for row in as_list(data["round_plays"], "round_plays", n)
    ]
    plan_keys = tuple(p.key for p in PLANS)
    state.hit = [_names_mask(row, "hit", plan_keys) for row in as_list(data["hit"], "hit", n)]
    state.used = [_names_mask(row, "used", USES) for row in as_list(data["used"], "used", n)]
    state.capped = whole_list(data["capped"], "capped", n, 0, PENALTY_CAP)
    state.gave = whole_in(data, "gave", 0, _BIG)
    state.got = whole_in(data, "got", 0, _BIG)
    state.sec_officers = whole_list(data["sec_officers"], "sec_officers", None, 0, 10)
    state.sec_paid = whole_in(data, "sec_paid", 0, _BIG)
    state.served = whole_in(data, "served", 0, _BIG)
    queue = []
    for entry in as_list(data["queue"], "queue"):
        items = as_list(entry, "queue entry", 4)
        queue.append(
            (
                one_of(items[0], "queue step", STEPS),
                whole(items[1], "queue actor", 0, n - 1),
                whole(items[2], "queue count", 0, _BIG),
                one_of(items[3], "queue why", WHYS),
            )
        )
    state.queue = queue
    final = as_list(data["final"], "final")
    if final and len(final) != n:
        raise CorruptData("final must be empty or hold one row per seat")
    state.final = [whole_list(row, "final row", len(BONUS_CATEGORIES), -_BIG, _BIG) for row in final]
    state.log = [decode_log_entry(entry, n) for entry in as_list(data["log"], "log")]
    refuse_problems(problems(state))
    return state


# --- invariants ----------------------------------------------------------------------------
def problems(state: State) -> list[str]:
    """The rules' invariants that ``state`` (a whole game or a view) breaks, in plain sentences.

    Empty when all hold: views hide what they must; 70 inhabitants in all (supply and
    districts), none over a block's capacity and none on blocks that hold nobody; every deck
    block in exactly one place; the initial blocks; the 32 plan cards and the events dealt;
    money, indices and cards never negative; hands of at most 4; warehouse 0..40;
    discontent 0..15; the round's cap; the turn order, the decision and its actor.
    """
    found: list[str] = []
    n = state.players
    full = state.viewer == FULL
    if full and state.rng is None:
        found.append("a whole game carries its random generator")
    if not full and state.rng is not None:
        found.append("a view carries no random generator")
    if not full and state.viewer >= n:
        found.append("the view's seat is not in the game")

    # Inhabitants and districts (a Rural Exodus inhabitant is in transit while placed).
    total = state.supply
    if state.step == S_PLACE and state.why == W_EXODUS:
        total += state.left
    town, field = INITIAL_TOWN[state.family], INITIAL_FIELD[state.family]
    owned: list[int] = []
    for s in range(n):
        blocks, people, capacity = state.blocks[s], state.people[s], state.capacity[s]
        if not (len(blocks) == len(people) == len(capacity)):
            found.append(f"seat {s}'s district rows differ in length")
            continue
        if blocks[:2] != [town, field]:
            found.append(f"seat {s}'s district does not start with its initial town and field")
        if len(blocks) > 2 + ROUNDS:
            found.append(f"seat {s} has more blocks than rounds allow")
        owned.extend(blocks[2:])
        for b, p, c in zip(blocks, people, capacity):
            block = BLOCKS[b]
            printed = block.capacity
            if block.kind in (TOWN, CITY):
                if c < printed or (c - printed) % HOUSING_PLAN_CAPACITY:
                    found.append(f"seat {s}'s {block.id} has an impossible capacity {c}")
            elif c != printed:
                found.append(f"seat {s}'s {block.id} has capacity {c}, not {printed}")
            if p > c:
                found.append(f"seat {s}'s {block.id} holds {p} inhabitants over its capacity {c}")
        total += sum(people)
    if total != SUPPLY:
        found.append(f"{total} inhabitants in the game, not {SUPPLY}")

    # Blocks: each deck block in exactly one place.
    places = owned + [b for b in state.display if b != NONE] + state.block_deck + state.block_discard
    if state.next_block != NONE:
        places.append(state.next_block)
    if any(b not in _DECK_BLOCKS for b in places):
        found.append("an initial block is out of a district")
    elif len(places) != DECK_SIZE or set(places) != _DECK_BLOCKS:
        found.append("the 64 deck blocks are not each in one place")
    if not full and state.block_deck != sorted(state.block_deck):
        found.append("a view lists the block deck in sorted order only")
    if state.next_block == NONE and state.block_deck:
        found.append("the deck has blocks but no next block is shown")

    # Tracks.
    for s in range(n):
        if state.money[s] < 0 and not (state.money[s] == HIDDEN and state.hidden_money and not full and s != state.viewer):
            found.append(f"seat {s} has negative money")
        if min(state.risk[s]) < 0 or min(state.cards[s]) < 0:
            found.append(f"seat {s} has a negative index or card count")
        if not 0 <= state.warehouse[s] <= WAREHOUSE_MAX:
            found.append(f"seat {s}'s warehouse is out of 0..{WAREHOUSE_MAX}")
        if not 0 <= state.discontent[s] <= DISCONTENT_MAX:
            found.append(f"seat {s}'s discontent is out of 0..{DISCONTENT_MAX}")
        if not 0 <= state.capped[s] <= PENALTY_CAP:
            found.append(f"seat {s} received more capped cards than the cap this round")
    if not 0 <= state.market <= MARKET_LAST:
        found.append("the market marker is off the track")

    # Plans: 32 cards in deck, discard pile, hands and the draw.
    hands_ok = True
    for s in range(n):
        if len(state.hand[s]) > HAND_LIMIT:
            found.append(f"seat {s} holds more than {HAND_LIMIT} plans")
        hidden = [p for p in state.hand[s] if p == HIDDEN]
        if hidden and (full or s == state.viewer):
            found.append(f"seat {s}'s hand is hidden where it should show")
        if hidden and len(hidden) != len(state.hand[s]):
            hands_ok = False
        known = [p for p in state.hand[s] if p != HIDDEN]
        if known != sorted(known):
            found.append(f"seat {s}'s hand is not sorted")
    if not hands_ok:
        found.append("a hand is partly hidden")
    every = state.plan_deck + state.plan_discard + state.drawn + [p for row in state.hand for p in row]
    if len(every) != len(PLAN_DECK):
        found.append(f"{len(every)} plan cards in the game, not {len(PLAN_DECK)}")
    seen = Counter(p for p in every if p != HIDDEN)
    if full:
        if HIDDEN in seen or seen != _PLAN_COUNTS:
            found.append("the plan cards do not add up to the plan deck")
    else:
        if any(seen[p] > _PLAN_COUNTS[p] for p in seen):
            found.append("a view shows more copies of a plan than exist")
        if any(p != HIDDEN for p in state.plan_deck):
            found.append("a view shows the plan deck")
    if HIDDEN in state.plan_discard:
        found.append("the plan discard pile is public")
    if state.step == S_KEEP:
        if len(state.drawn) < 2:
            found.append("a keep step needs two drawn cards")
    elif state.drawn:
        found.append("drawn cards wait only in a keep step")
    if state.drawn and len(state.hand[state.actor]) >= HAND_LIMIT:
        found.append("a full hand cannot take a drawn card")
    if HIDDEN in state.drawn and (full or state.viewer == state.actor):
        found.append("the drawn cards are hidden from the one who drew them")
    if not full and state.viewer != state.actor and any(p != HIDDEN for p in state.drawn):
        found.append("a view shows another mayor's drawn cards")

    # Events.
    pool = FAMILY_EVENT_INDICES if state.family else tuple(range(len(EVENTS)))
    revealed = state.round if state.phase >= 4 else state.round - 1
    if len(state.events_seen) != revealed:
        found.append(f"{len(state.events_seen)} events revealed by round {state.round}, phase {state.phase}")
    if len(state.events_seen) + len(state.event_deck) != EVENTS_PER_GAME:
        found.append(f"the events dealt are not {EVENTS_PER_GAME}")
    dealt = state.events_seen + [e for e in state.event_deck if e != HIDDEN]
    if len(set(dealt)) != len(dealt) or any(e not in pool for e in dealt):
        found.append("the events dealt repeat a card or are not of the game's pool")
    if full and HIDDEN in state.event_deck:
        found.append("a whole game hides no event")
    if not full and any(e != HIDDEN for e in state.event_deck):
        found.append("a view shows an unrevealed event")
    expected_event = state.events_seen[-1] if state.phase >= 4 and state.events_seen else NONE
    if state.event != expected_event:
        found.append("this round's event is not the last one revealed")

    # Flow.
    if sorted(state.order) != list(range(n)):
        found.append("the turn order must list every seat once")
    if state.step == S_OVER:
        if state.stage != G_OVER or state.round != ROUNDS:
            found.append("the game ends only after round 8")
        if len(state.final) != n:
            found.append("a finished game has its final scoring")
    else:
        if state.stage == G_OVER:
            found.append("the over stage ends the game")
        if state.final:
            found.append("the final scoring is only for a finished game")
        if not 0 <= state.pos < n:
            found.append("the stage is at no mayor")
        elif state.step in (S_WINDOW, S_DEMOGRAPHY, S_SECURITY, S_HAND, S_FAST):
            if state.actor != state.order[state.pos]:
                found.append("the mayor to act is not the one the stage is at")
        elif state.step == S_MARKET and state.actor != state.order[n - 1 - state.pos]:
            found.append("the market goes in reverse turn order")
    if state.step in (S_OPEN, S_OPEN_BID, S_AUCTION) and state.stage != G_BIDDING:
        found.append("bidding steps belong to the bidding stage")
    if state.stage == G_BIDDING and state.step in (S_OPEN_BID, S_AUCTION):
        if state.slot == NONE or state.display[state.slot] == NONE:
            found.append("an auction needs a block on its slot")
    if state.high_bidder != NONE and state.high_bid <= 0:
        found.append("a high bidder needs a bid")
    if state.step == S_SECURITY and len(state.sec_officers) != len(state.blocks[state.actor]):
        found.append("the security turn tracks every block of the mayor")
    if state.step == S_KEEP and not state.drawn:
        found.append("nothing drawn to keep")
    return found
