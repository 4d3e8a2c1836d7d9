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

The plain-data encoding (:mod:`core.intendentes.encoding`) uses ids (blocks "B13"/"IT-A",
plans by key, events "E07", steps and stages by name, hidden cards "?") so saves stay
readable; its :func:`~core.intendentes.encoding.decode_state` checks every field and the
invariants (:func:`core.intendentes.invariants.problems`) and raises
:class:`~core.engine.CorruptData`.
"""

from __future__ import annotations

from typing import Any

from core.intendentes.content import BLOCKS, DISPLAY_SLOTS, INITIAL_FIELD, INITIAL_TOWN, SUPPLY
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
