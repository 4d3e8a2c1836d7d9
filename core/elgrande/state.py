"""The El Grande game state: a mutable ``__slots__`` object with a fast explicit clone.

Conventions (ints everywhere, so rules code and clones stay cheap):

* regions are ``0..8`` (:data:`core.elgrande.content.REGIONS`), ``9`` is the Castillo;
* ``board[region][seat]`` counts caballeros; ``castillo[seat]`` the Castillo's contents;
* power-card hands are bit masks (bit ``v`` set = card ``v`` in hand); ``played[seat]`` is the
  public history of values played, in order (a card taken back and played again appears
  twice); the discard pile is every played value not in hand, ordered by its last play;
* action-card types are indices into :data:`core.elgrande.content.CARDS`; ``stacks[i]`` is
  the face-down part of stack ``i + 1`` (top = last item), ``face_up[i]`` its face-up card
  or ``-1`` (index 4 is the King's card);
* ``phase`` is one of :data:`PHASES` (an int); see :mod:`core.elgrande.rules` for the flow.

``events`` lists what the latest action caused beyond itself (reveals, scorings, forced
moves, Veto results), as tuples of plain values (seats, region and card indexes, counts,
actions: never names or words; :func:`core.elgrande.text.event_texts` words them). Each
applied action replaces the list. Every event is public: one seat's secrets (a disk's
region, an unseen take-back) never enter it. :data:`EVENTS` lists the kinds and their fields.

Public knowledge about hidden take-backs (card 4.2) is kept in the state itself:
``backs_hidden[seat]`` cards went back to the hand unseen, and they are among the values of
the mask ``cands[seat]``. Other seats' views show only ``hand & ~cands`` (the values surely
in hand).

The plain-data encoding (:mod:`core.elgrande.encoding`) uses ids (regions, cards, phases,
scoreboards) so that saves stay readable; its :func:`~core.elgrande.encoding.decode_state`
checks everything, then the invariants (:func:`core.elgrande.invariants.problems`), and
raises :class:`~core.engine.CorruptData` with a readable reason.
"""

from __future__ import annotations

from typing import Any

from core.elgrande import actions as act
from core.elgrande.content import (
    ALL_POWER,
    BOARD,
    CARDS,
    E_VETO,
    NUM_REGIONS,
    POWER_VALUES,
    REGIONS,
    SETUP,
)
from core.rng import Rng

FORMAT = 1

PHASES: tuple[str, ...] = ("bid", "court", "pull", "take", "body", "veto", "ret", "disk", "over")
BID, COURT, PULL, TAKE, BODY, VETO, RET, DISK, OVER = range(len(PHASES))

SPECIAL_STATES: tuple[str, ...] = ("not_started", "running", "done")
NOT_STARTED, RUNNING, DONE = range(3)

# What a running special action waits for (``sp_mode``).
MODES: tuple[str, ...] = ("none", "move", "extra", "remove", "take_back", "pull")
M_NONE, M_MOVE, M_EXTRA, M_REMOVE, M_TAKEBACK, M_PULL = range(len(MODES))

# Why a secret-disk group is choosing (``disk_purpose``).
DISK_PURPOSES: tuple[str, ...] = ("none", "general", "remove", "unique", "movement")
D_NONE, D_GENERAL, D_REMOVE, D_UNIQUE, D_MOVEMENT = range(len(DISK_PURPOSES))

# Score breakdown categories (``points[seat][cat]``); the result adds a total.
CATEGORIES: tuple[str, ...] = ("Castillo", "Regions", "King's bonus", "Grande bonus", "Special scorings")
CAT_CASTILLO, CAT_REGIONS, CAT_KING, CAT_GRANDE, CAT_SPECIAL = range(len(CATEGORIES))

FULL = -1  # ``viewer`` of a complete state
SPECTATOR = -2  # ``viewer`` of a spectator's view
NO_DISK = -1  # ``disks[seat]``: no choice made (or not in the group)
HIDDEN_DISK = -2  # ``disks[seat]`` in a view: committed, but not visible to this viewer

VETO_WINDOWS: tuple[str, ...] = ("every_step", "start_only")
VETO_CARD: int = next(c.index for c in CARDS if c.effect == E_VETO)


class State:
    """Everything about a game in progress (see the module docstring for conventions)."""

    __slots__ = (
        # table and options
        "names",
        "players",
        "veto_windows",
        "use_veto",
        "castillo_visible",
        "short_game",
        "printed_classes",
        "viewer",
        "castillo_masked",
        "rng",
        "cache",
        "cache_seat",
        # board and players
        "round",
        "phase",
        "king",
        "grandes",
        "board",
        "castillo",
        "castillo_log",
        "court",
        "provinces",
        "score",
        "points",
        "hand",
        "played",
        "backs_hidden",
        "cands",
        "scoreboards",
        # action cards and Vetos
        "stacks",
        "face_up",
        "out",
        "vetoes",
        # bidding and turn order
        "bid_first",
        "bids",
        "bid_count",
        "order",
        "turn_idx",
        "cur",
        "refill_left",
        # the current turn's card
        "card",
        "placed",
        "place_closed",
        "special",
        "sp_mode",
        "pick_region",
        "pick_seat",
        "src_region",
        "moved_own",
        "moved_opp",
        "arrived",
        "extra_placed",
        "removed_mask",
        "pull_left",
        "proposals",
        "proposal",
        "veto_queue",
        # steps chosen by others
        "ret_queue",
        "ret_owed",
        "disk_purpose",
        "disk_group",
        "disks",
        "disk_param",
        # bookkeeping
        "reveals",
        "events",
    )

    names: tuple[str, ...]
    players: int
    veto_windows: str
    use_veto: bool
    castillo_visible: bool
    short_game: bool
    printed_classes: bool
    viewer: int
    castillo_masked: bool
    rng: Rng | None
    cache: list[Any] | None
    cache_seat: int
    round: int
    phase: int
    king: int
    grandes: list[int]
    board: list[list[int]]
    castillo: list[int]
    castillo_log: list[tuple[int, int, int]]
    court: list[int]
    provinces: list[int]
    score: list[int]
    points: list[list[int]]
    hand: list[int]
    played: list[list[int]]
    backs_hidden: list[int]
    cands: list[int]
    scoreboards: list[int]
    stacks: list[list[int]]
    face_up: list[int]
    out: list[int]
    vetoes: list[tuple[int, int]]
    bid_first: int
    bids: list[int]
    bid_count: int
    order: list[int]
    turn_idx: int
    cur: int
    refill_left: int
    card: int
    placed: int
    place_closed: bool
    special: int
    sp_mode: int
    pick_region: int
    pick_seat: int
    src_region: int
    moved_own: int
    moved_opp: int
    arrived: list[int]
    extra_placed: int
    removed_mask: int
    pull_left: int
    proposals: int
    proposal: Any
    veto_queue: list[int]
    ret_queue: list[int]
    ret_owed: int
    disk_purpose: int
    disk_group: list[int]
    disks: list[int]
    disk_param: int
    reveals: int
    events: list[tuple[Any, ...]]

    def __init__(self, names: tuple[str, ...]) -> None:
        """An empty pre-game state: use :func:`core.elgrande.rules.new_game` to start one."""
        n = len(names)
        self.names = names
        self.players = n
        self.veto_windows = "every_step"
        self.use_veto = True
        self.castillo_visible = True
        self.short_game = False
        self.printed_classes = False
        self.viewer = FULL
        self.castillo_masked = False
        self.rng = None
        self.cache = None
        self.cache_seat = -1
        self.round = 1
        self.phase = BID
        self.king = 0
        self.grandes = [0] * n
        self.board = [[0] * n for _ in range(NUM_REGIONS)]
        self.castillo = [0] * n
        self.castillo_log = []
        self.court = [0] * n
        self.provinces = [0] * n
        self.score = [0] * n
        self.points = [[0] * len(CATEGORIES) for _ in range(n)]
        self.hand = [ALL_POWER] * n
        self.played = [[] for _ in range(n)]
        self.backs_hidden = [0] * n
        self.cands = [0] * n
        self.scoreboards = [-1, -1]
        self.stacks = [[] for _ in range(4)]
        self.face_up = [-1] * 5
        self.out = []
        self.vetoes = []
        self.bid_first = 0
        self.bids = [0] * n
        self.bid_count = 0
        self.order = []
        self.turn_idx = 0
        self.cur = -1
        self.refill_left = 0
        self.reset_turn()
        self.veto_queue = []
        self.ret_queue = []
        self.ret_owed = 0
        self.disk_purpose = D_NONE
        self.disk_group = []
        self.disks = [NO_DISK] * n
        self.disk_param = -1
        self.reveals = 0
        self.events = []

    def reset_turn(self) -> None:
        """Clear the per-card fields (no card in play)."""
        self.card = -1
        self.placed = 0
        self.place_closed = False
        self.special = NOT_STARTED
        self.sp_mode = M_NONE
        self.pick_region = -1
        self.pick_seat = -1
        self.src_region = -1
        self.moved_own = 0
        self.moved_opp = 0
        self.arrived = []
        self.extra_placed = 0
        self.removed_mask = 0
        self.pull_left = 0
        self.proposals = 0
        self.proposal = None

    def clone(self) -> "State":
        """An independent copy (explicit list copies; tuples and immutable values are shared)."""
        new = State.__new__(State)
        new.names = self.names
        new.players = self.players
        new.veto_windows = self.veto_windows
        new.use_veto = self.use_veto
        new.castillo_visible = self.castillo_visible
        new.short_game = self.short_game
        new.printed_classes = self.printed_classes
        new.viewer = self.viewer
        new.castillo_masked = self.castillo_masked
        new.rng = None if self.rng is None else self.rng.clone()
        new.cache = self.cache  # never mutated; legal_actions hands out copies
        new.cache_seat = self.cache_seat
        new.round = self.round
        new.phase = self.phase
        new.king = self.king
        new.grandes = self.grandes[:]
        new.board = [row[:] for row in self.board]
        new.castillo = self.castillo[:]
        new.castillo_log = self.castillo_log[:]
        new.court = self.court[:]
        new.provinces = self.provinces[:]
        new.score = self.score[:]
        new.points = [row[:] for row in self.points]
        new.hand = self.hand[:]
        new.played = [row[:] for row in self.played]
        new.backs_hidden = self.backs_hidden[:]
        new.cands = self.cands[:]
        new.scoreboards = self.scoreboards[:]
        new.stacks = [row[:] for row in self.stacks]
        new.face_up = self.face_up[:]
        new.out = self.out[:]
        new.vetoes = self.vetoes[:]
        new.bid_first = self.bid_first
        new.bids = self.bids[:]
        new.bid_count = self.bid_count
        new.order = self.order[:]
        new.turn_idx = self.turn_idx
        new.cur = self.cur
        new.refill_left = self.refill_left
        new.card = self.card
        new.placed = self.placed
        new.place_closed = self.place_closed
        new.special = self.special
        new.sp_mode = self.sp_mode
        new.pick_region = self.pick_region
        new.pick_seat = self.pick_seat
        new.src_region = self.src_region
        new.moved_own = self.moved_own
        new.moved_opp = self.moved_opp
        new.arrived = self.arrived[:]
        new.extra_placed = self.extra_placed
        new.removed_mask = self.removed_mask
        new.pull_left = self.pull_left
        new.proposals = self.proposals
        new.proposal = self.proposal
        new.veto_queue = self.veto_queue[:]
        new.ret_queue = self.ret_queue[:]
        new.ret_owed = self.ret_owed
        new.disk_purpose = self.disk_purpose
        new.disk_group = self.disk_group[:]
        new.disks = self.disks[:]
        new.disk_param = self.disk_param
        new.reveals = self.reveals
        new.events = self.events[:]  # the events themselves are immutable tuples
        return new

    # --- read-only helpers for the UI -----------------------------------------------------
    @property
    def phase_name(self) -> str:
        """The phase as text ("bid", "body", "veto", "disk", ...)."""
        return PHASES[self.phase]

    def caballeros(self, region: int) -> list[int]:
        """Caballeros per seat in a region (a copy)."""
        return self.board[region][:]

    def pile(self, seat: int) -> list[int]:
        """``seat``'s power-card discard pile, oldest first (top = last), as this state knows it."""
        hand = self.hand[seat]
        seen: set[int] = set()
        pile: list[int] = []
        for value in reversed(self.played[seat]):
            if value in seen or hand >> value & 1:
                continue
            seen.add(value)
            pile.append(value)
        pile.reverse()
        return pile

    def hand_values(self, seat: int) -> list[int]:
        """Power values in ``seat``'s hand as this state knows them (views: the sure ones)."""
        mask = self.hand[seat]
        return [v for v in range(1, POWER_VALUES + 1) if mask >> v & 1]

    def hand_known(self, seat: int) -> list[int]:
        """Power values everyone knows to be in ``seat``'s hand (never played, or seen going back)."""
        mask = self.hand[seat] & ~self.cands[seat]
        return [v for v in range(1, POWER_VALUES + 1) if mask >> v & 1]

    def hand_unknown(self, seat: int) -> int:
        """How many cards went back to ``seat``'s hand unseen (card 4.2) and are still unknown."""
        return self.backs_hidden[seat]

    def candidates(self, seat: int) -> list[int]:
        """Played values of ``seat`` that may be among its unseen take-backs."""
        mask = self.cands[seat]
        return [v for v in range(1, POWER_VALUES + 1) if mask >> v & 1]

    def face_up_cards(self) -> list[tuple[int, int]]:
        """``(stack, card type)`` of every action card still available this round."""
        return [(i + 1, c) for i, c in enumerate(self.face_up) if c >= 0]

    def castillo_totals(self) -> list[int] | None:
        """Caballeros per seat in the Castillo, or None in a view where they are hidden."""
        return None if self.castillo_masked else self.castillo[:]

    def region_values(self, region: int) -> tuple[int, int, int]:
        """Current 1st/2nd/3rd values of a region (a mobile scoreboard replaces the printed ones)."""
        for board, where in enumerate(self.scoreboards):
            if where == region:
                return BOARD.scoreboard_values[board]
        return REGIONS[region].values

    def veto_holders(self) -> dict[int, int]:
        """Seat -> number of live Veto cards held."""
        held: dict[int, int] = {}
        for seat, _ in self.vetoes:
            held[seat] = held.get(seat, 0) + 1
        return held

    def castillo_insertions(self, seat: int) -> int:
        """Caballeros of ``seat`` put into the Castillo since it was last emptied (from the log)."""
        return sum(count for _, who, count in self.castillo_log if who == seat)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return all(
            getattr(self, name) == getattr(other, name)
            for name in State.__slots__
            # events tell what the last move did, not where the game stands (as in Council)
            if name not in ("cache", "cache_seat", "events")
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"<El Grande State round={self.round} phase={PHASES[self.phase]} cur={self.cur}>"


def playable_rounds(short_game: bool) -> tuple[int, ...]:
    """Round numbers played in order (the short game skips rounds 1, 4 and 7)."""
    return SETUP.short_game_rounds if short_game else tuple(range(1, SETUP.rounds + 1))


# --- events -------------------------------------------------------------------------------
EVENTS: dict[str, tuple[str, ...]] = {
    # setup and rounds
    "start": ("region", "[region]n"),  # the King's region, each seat's home region
    "round": ("round", "[card]"),  # a round begins: the face-up cards of stacks 1-4
    "order": ("[seat]", "[count]"),  # the turn order, with each seat's bid
    "general": ("round",),  # the general scoring after that round begins (and again at its
    # secret disks' reveal, when the Castillo and then the regions are scored)
    "special_scoring": ("card",),  # that card's special scoring begins
    "veto_expires": ("seat",),
    "over": ("[seat]", "count"),  # the winners, their score
    # forced decisions (taken by the engine) and Vetos
    "auto": ("seat", "action", "facts"),  # a seat's only legal action (facts: action_facts)
    "disk_auto": ("seat",),  # a seat's disk had only one region (which is not told)
    "veto": ("seat", "seat", "action", "facts"),  # holder, acting seat, the proposal vetoed
    # steps of a special action after the last "allow" of a Veto window
    "move": ("seat", "seat", "region", "area"),  # acting seat, owner, from, to
    "extra": ("seat", "area"),
    "remove": ("seat", "seat", "region"),  # acting seat, owner, region
    "scoreboard": ("seat", "board", "region"),
    "grande": ("seat", "region"),
    "king": ("seat", "region"),
    "court": ("seat", "count"),  # caballeros from the provinces to the court
    "court_from": ("seat", "region"),
    "movement": ("seat", "region"),
    # effects of special actions and scorings
    "decay": ("[seat]", "[count]"),  # caballeros each opponent sent from court to provinces
    "returns_all": ("seat", "count"),  # The King returns!: all that seat could return
    "no_disks": (),  # nobody has to set a secret disk
    "disks": ("[seat]", "[region]"),  # the secret disks revealed
    "empty_board": (),  # no region holds a caballero: nothing is scored
    "no_lonely": (),  # no region was chosen by exactly one player: nothing is scored
    "castillo": ("[count]n",),  # the Castillo's contents, shown before it is scored
    "scored": ("area", "[count]n", "seat?", "seat?"),  # points per seat; who got the King's/Grande bonus
}
"""Event kinds and their fields after the kind. Field types: ``seat`` (``seat?`` may be
-1: nobody), ``round``, ``count``, ``region``, ``area`` (a region or the Castillo),
``board`` (a mobile scoreboard), ``action`` (an :mod:`~core.elgrande.actions` value),
``facts`` (:func:`action_facts` of the action before it); ``[t]`` is a tuple of ``t``
(the tuples of one event run in parallel: same length), ``[t]n`` one per seat."""

FACTS: dict[type, tuple[str, ...]] = {
    act.Court: ("flag",),  # brought during the turn's body (card The Court)
    act.Take: ("card?",),  # the card on that stack
    act.SpecialGo: ("card?",),  # the card in play
    act.Pick: ("seat?",),  # the acting seat
    act.To: ("region?", "seat?"),  # the picked caballero's region and owner
    act.TakeBack: ("flag",),  # the card was the top of the pile: everyone saw it
}
"""What :func:`action_facts` records per action type (the types of :data:`EVENTS`)."""


def action_facts(state: State | None, action: Any) -> tuple[int, ...]:
    """The public facts of ``state`` that an action's words depend on (:data:`FACTS`), so
    that an event can word an action after the state has moved on.

    ``state`` is the state the action is chosen in (None: nothing known, as in saves).
    """
    match action:
        case act.Court():
            return (state is not None and state.phase == BODY,)
        case act.Take(stack=stack):
            if state is None or not (isinstance(stack, int) and 1 <= stack <= 5):
                return (-1,)
            return (state.face_up[stack - 1],)
        case act.SpecialGo():
            return (state.card if state is not None and 0 <= state.card < len(CARDS) else -1,)
        case act.Pick():
            return (-1 if state is None else state.cur,)
        case act.To():
            return (-1, -1) if state is None else (state.pick_region, state.pick_seat)
        case act.TakeBack(value=value):
            if state is None or not 0 <= state.cur < state.players:
                return (False,)
            pile = state.pile(state.cur)
            return (bool(pile) and pile[-1] == value,)
    return ()


def _mask(values: list[int]) -> int:
    """The bit mask with bit ``v`` set for each of ``values`` (hands, ``cands``)."""
    mask = 0
    for v in values:
        mask |= 1 << v
    return mask
