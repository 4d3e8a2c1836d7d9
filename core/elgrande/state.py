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

The plain-data encoding uses ids (regions, cards, phases, scoreboards) so that saves stay
readable; :func:`decode_state` checks everything and raises
:class:`~core.engine.CorruptData` with a readable reason.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from core.elgrande import actions as act
from core.elgrande.content import (
    ALL_POWER,
    AREA_IDS,
    AREA_INDEX,
    BOARD,
    CARD_INDEX,
    CARD_STACK,
    CARDS,
    DECKS,
    E_VETO,
    KING_CARD,
    NUM_REGIONS,
    POWER_VALUES,
    REGION_IDS,
    REGION_INDEX,
    REGIONS,
    SETUP,
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
    whole_in,
    whole_list,
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


def _encode_scalar(typ: str, value: int) -> PlainData:
    if typ in ("region", "region?"):
        return _region_id(value)
    if typ == "area":
        return AREA_IDS[value]
    if typ in ("card", "card?"):
        return _card_id(value)
    if typ == "board":
        return BOARD.scoreboard_ids[value]
    if typ == "flag":
        return bool(value)
    return value


def _encode_event(event: tuple[Any, ...]) -> PlainData:
    """``[kind, field, ...]``: ids for regions, areas, cards and scoreboards, as in the state."""
    out: list[PlainData] = [event[0]]
    action: Any = None
    for typ, value in zip(EVENTS[event[0]], event[1:]):
        if typ == "action":
            action = value
            out.append(act.encode_action(value))
        elif typ == "facts":
            out.append([_encode_scalar(t, v) for t, v in zip(FACTS.get(type(action), ()), value)])
        elif typ.startswith("["):
            elem = typ[1 : typ.index("]")]
            out.append([_encode_scalar(elem, v) for v in value])
        else:
            out.append(_encode_scalar(typ, value))
    return out


def _decode_scalar(typ: str, value: Any, what: str, n: int) -> int:
    if typ == "seat":
        return whole(value, what, 0, n - 1)
    if typ == "seat?":
        return whole(value, what, -1, n - 1)
    if typ == "round":
        return whole(value, what, 1, SETUP.rounds)
    if typ == "count":
        return whole(value, what, 0, 10_000)
    if typ in ("region", "region?"):
        return _region(value, what, typ == "region?")
    if typ == "area":
        return lookup(value, what, AREA_INDEX, "region or castillo")
    if typ in ("card", "card?"):
        return _card(value, what, typ == "card?")
    if typ == "board":
        return one_of(value, what, BOARD.scoreboard_ids)
    if typ == "flag":
        if not isinstance(value, bool):
            raise CorruptData(f"{what} must be true or false, got {value!r}")
        return value
    raise AssertionError(f"unknown event field type {typ}")


def _decode_event(data: Any, n: int) -> tuple[Any, ...]:
    """An event from :func:`_encode_event` output, every field checked."""
    items = as_list(data, "event")
    kind = items[0] if items else None
    if not isinstance(kind, str) or kind not in EVENTS:
        raise CorruptData(f"unknown event {kind!r}")
    types = EVENTS[kind]
    if len(items) != 1 + len(types):
        raise CorruptData(f"a {kind} event must have {len(types)} fields, got {len(items) - 1}")
    what = f"{kind} event"
    out: list[Any] = [kind]
    lengths: set[int] = set()
    action: Any = None
    for typ, value in zip(types, items[1:]):
        if typ == "action":
            try:
                action = act.decode_action(value)
            except CorruptData as exc:
                raise CorruptData(f"{what}: {exc}") from None
            out.append(action)
        elif typ == "facts":
            facts = FACTS.get(type(action), ())
            values = as_list(value, f"{what} facts", len(facts))
            out.append(tuple(_decode_scalar(t, v, what, n) for t, v in zip(facts, values)))
        elif typ.startswith("["):
            elem = typ[1 : typ.index("]")]
            per_seat = typ.endswith("n")
            values = as_list(value, f"{what} list", n if per_seat else None)
            if not per_seat:
                lengths.add(len(values))
            out.append(tuple(_decode_scalar(elem, v, what, n) for v in values))
        else:
            out.append(_decode_scalar(typ, value, what, n))
    if len(lengths) > 1:
        raise CorruptData(f"the lists of a {kind} event must have the same length")
    return tuple(out)


# --- encoding -------------------------------------------------------------------------------
def _card_id(card: int) -> str:
    return "" if card < 0 else CARDS[card].id


def _region_id(region: int) -> str:
    return "" if region < 0 else REGION_IDS[region]


def encode_state(state: State) -> dict[str, PlainData]:
    """Plain data (no None): ids for regions, cards and phases; ``rng`` is omitted in views."""
    data: dict[str, PlainData] = {
        "format": FORMAT,
        "names": list(state.names),
        "options": {
            "veto_windows": state.veto_windows,
            "use_veto": state.use_veto,
            "castillo_visible": state.castillo_visible,
            "short_game": state.short_game,
            "score_class_uses_printed": state.printed_classes,
        },
        "viewer": state.viewer,
        "castillo_masked": state.castillo_masked,
        "round": state.round,
        "phase": PHASES[state.phase],
        "king": REGION_IDS[state.king],
        "grandes": [REGION_IDS[r] for r in state.grandes],
        "board": {REGION_IDS[r]: list(state.board[r]) for r in range(NUM_REGIONS)},
        "castillo": list(state.castillo),
        "castillo_log": [[rnd, seat, count] for rnd, seat, count in state.castillo_log],
        "court": list(state.court),
        "provinces": list(state.provinces),
        "score": list(state.score),
        "points": [list(row) for row in state.points],
        "hand": [state.hand_values(s) for s in range(state.players)],
        "played": [list(row) for row in state.played],
        "backs_hidden": list(state.backs_hidden),
        "candidates": [[v for v in range(1, POWER_VALUES + 1) if m >> v & 1] for m in state.cands],
        "scoreboards": [_region_id(r) for r in state.scoreboards],
        "stacks": [[_card_id(c) for c in row] for row in state.stacks],
        "face_up": [_card_id(c) for c in state.face_up],
        "out": [_card_id(c) for c in state.out],
        "vetoes": [[seat, expiry] for seat, expiry in state.vetoes],
        "bid_first": state.bid_first,
        "bids": list(state.bids),
        "bid_count": state.bid_count,
        "order": list(state.order),
        "turn_idx": state.turn_idx,
        "cur": state.cur,
        "refill_left": state.refill_left,
        "card": _card_id(state.card),
        "placed": state.placed,
        "place_closed": state.place_closed,
        "special": SPECIAL_STATES[state.special],
        "sp_mode": MODES[state.sp_mode],
        "pick_region": _region_id(state.pick_region),
        "pick_seat": state.pick_seat,
        "src_region": _region_id(state.src_region),
        "moved_own": state.moved_own,
        "moved_opp": state.moved_opp,
        "arrived": list(state.arrived),
        "extra_placed": state.extra_placed,
        "removed_mask": state.removed_mask,
        "pull_left": state.pull_left,
        "proposals": state.proposals,
        "proposal": {} if state.proposal is None else act.encode_action(state.proposal),
        "veto_queue": list(state.veto_queue),
        "ret_queue": list(state.ret_queue),
        "ret_owed": state.ret_owed,
        "disk_purpose": DISK_PURPOSES[state.disk_purpose],
        "disk_group": list(state.disk_group),
        "disks": list(state.disks),
        "disk_param": state.disk_param,
        "reveals": state.reveals,
        "events": [_encode_event(event) for event in state.events],
    }
    if state.rng is not None:
        data["rng"] = state.rng.encode()
    return data


_KEYS = frozenset(
    (
        "format names options viewer castillo_masked round phase king grandes board castillo "
        "castillo_log court provinces score points hand played backs_hidden candidates scoreboards "
        "stacks face_up out vetoes bid_first bids bid_count order turn_idx cur refill_left card "
        "placed place_closed special sp_mode pick_region pick_seat src_region moved_own moved_opp "
        "arrived extra_placed removed_mask pull_left proposals proposal veto_queue ret_queue ret_owed "
        "disk_purpose disk_group disks disk_param reveals"
    ).split()
)
_OPTIONAL_KEYS = frozenset(("rng", "events", "log", "log_mark"))  # log, log_mark: old snapshots
_OPTION_KEYS = frozenset(("veto_windows", "use_veto", "castillo_visible", "short_game", "score_class_uses_printed"))


def _region(value: Any, what: str, allow_none: bool = False) -> int:
    return lookup(value, what, REGION_INDEX, "region", allow_none)


def _card(value: Any, what: str, allow_none: bool = False) -> int:
    return lookup(value, what, CARD_INDEX, "action card", allow_none)


def _mask(values: list[int]) -> int:
    mask = 0
    for v in values:
        mask |= 1 << v
    return mask


@prefixed("El Grande state")
def decode_state(data: Any) -> State:
    """Rebuild a state from :func:`encode_state` output: each field is checked as it is read,
    then the rules' invariants (:func:`problems`) across fields."""
    data = as_table(data, "the state")
    check_keys(data, _KEYS, _OPTIONAL_KEYS)
    check_format(data["format"], FORMAT)
    names = player_names(data["names"], SETUP.min_players, SETUP.max_players)
    n = len(names)
    state = State(names)

    options = as_table(data["options"], "options")
    check_keys(options, _OPTION_KEYS, what="options")
    state.veto_windows = VETO_WINDOWS[one_of(options["veto_windows"], "veto_windows", VETO_WINDOWS)]
    state.use_veto = bool_in(options, "use_veto")
    state.castillo_visible = bool_in(options, "castillo_visible")
    state.short_game = bool_in(options, "short_game")
    state.printed_classes = bool_in(options, "score_class_uses_printed")
    state.viewer = whole_in(data, "viewer", SPECTATOR, n - 1)
    state.castillo_masked = bool_in(data, "castillo_masked")
    if "rng" in data:
        state.rng = decode_rng(data["rng"])
    state.round = whole_in(data, "round", 1, SETUP.rounds)
    state.phase = one_of(data["phase"], "phase", PHASES)

    # Board.
    state.king = _region(data["king"], "king")
    grandes = as_list(data["grandes"], "grandes", n)
    state.grandes = [_region(r, "grandes") for r in grandes]
    board = data["board"]
    if not isinstance(board, dict) or set(board) != set(REGION_IDS):
        raise CorruptData("board must list every region once")
    state.board = [whole_list(board[rid], f"board.{rid}", n, 0, SETUP.in_play) for rid in REGION_IDS]
    state.castillo = whole_list(data["castillo"], "castillo", n, 0, SETUP.in_play)
    state.castillo_log = []
    for entry in as_list(data["castillo_log"], "castillo_log"):
        rnd, seat, count = whole_list(entry, "castillo_log entry", 3, 0, SETUP.in_play)
        if rnd < 1 or seat >= n or count < 1:
            raise CorruptData(f"castillo_log entry {entry} is impossible")
        state.castillo_log.append((rnd, seat, count))
    state.court = whole_list(data["court"], "court", n, 0, SETUP.in_play)
    state.provinces = whole_list(data["provinces"], "provinces", n, 0, SETUP.in_play)
    state.score = whole_list(data["score"], "score", n, 0, 10_000)
    points = as_list(data["points"], "points", n)
    state.points = [whole_list(row, "points row", len(CATEGORIES), 0, 10_000) for row in points]
    state.scoreboards = [
        _region(r, "scoreboards", True) for r in as_list(data["scoreboards"], "scoreboards", 2)
    ]

    # Power cards.
    hands = as_list(data["hand"], "hand", n)
    played = as_list(data["played"], "played", n)
    cands = as_list(data["candidates"], "candidates", n)
    state.backs_hidden = whole_list(data["backs_hidden"], "backs_hidden", n, 0, POWER_VALUES)
    for seat in range(n):
        values = whole_list(hands[seat], f"hand[{seat}]", None, 1, POWER_VALUES)
        if len(set(values)) != len(values):
            raise CorruptData(f"hand[{seat}] repeats a value")
        state.hand[seat] = _mask(values)
        state.played[seat] = whole_list(played[seat], f"played[{seat}]", None, 1, POWER_VALUES)
        state.cands[seat] = _mask(whole_list(cands[seat], f"candidates[{seat}]", None, 1, POWER_VALUES))

    # Action cards.
    state.stacks = [
        [_card(c, "stacks") for c in as_list(row, "stacks row")] for row in as_list(data["stacks"], "stacks", 4)
    ]
    state.face_up = [_card(c, "face_up", True) for c in as_list(data["face_up"], "face_up", 5)]
    state.out = [_card(c, "out") for c in as_list(data["out"], "out")]
    state.vetoes = []
    for entry in as_list(data["vetoes"], "vetoes"):
        seat, expiry = whole_list(entry, "vetoes entry", 2, 0, SETUP.rounds + 1)
        if seat >= n:
            raise CorruptData(f"vetoes entry {entry} is impossible")
        state.vetoes.append((seat, expiry))
    state.card = _card(data["card"], "card", True)

    # Bidding and turns.
    state.bid_first = whole_in(data, "bid_first", 0, n - 1)
    state.bids = whole_list(data["bids"], "bids", n, 0, POWER_VALUES)
    state.bid_count = whole_in(data, "bid_count", 0, n)
    state.order = whole_list(data["order"], "order", None, 0, n - 1)
    state.turn_idx = whole_in(data, "turn_idx", 0, n)
    state.cur = whole_in(data, "cur", -1, n - 1)
    state.refill_left = whole_in(data, "refill_left", 0, SETUP.in_play)

    # The current card.
    state.placed = whole_in(data, "placed", 0, 5)
    state.place_closed = bool_in(data, "place_closed")
    state.special = one_of(data["special"], "special", SPECIAL_STATES)
    state.sp_mode = one_of(data["sp_mode"], "sp_mode", MODES)
    state.pick_region = _region(data["pick_region"], "pick_region", True)
    state.pick_seat = whole_in(data, "pick_seat", -1, n - 1)
    state.src_region = _region(data["src_region"], "src_region", True)
    state.moved_own = whole_in(data, "moved_own", 0, SETUP.in_play)
    state.moved_opp = whole_in(data, "moved_opp", 0, SETUP.in_play * n)
    state.arrived = whole_list(data["arrived"], "arrived", None, 0, SETUP.in_play)
    if state.arrived and len(state.arrived) != NUM_REGIONS * n:
        raise CorruptData("arrived must be empty or hold one count per region and seat")
    state.extra_placed = whole_in(data, "extra_placed", 0, 30)
    state.removed_mask = whole_in(data, "removed_mask", 0, (1 << n) - 1)
    state.pull_left = whole_in(data, "pull_left", 0, 30)
    state.proposals = whole_in(data, "proposals", 0, 1000)
    proposal = data["proposal"]
    if proposal == {}:
        state.proposal = None
    else:
        try:
            state.proposal = act.decode_action(proposal)
        except CorruptData as exc:
            raise CorruptData(f"proposal: {exc}") from None
    state.veto_queue = whole_list(data["veto_queue"], "veto_queue", None, 0, n - 1)

    # Others' steps.
    state.ret_queue = whole_list(data["ret_queue"], "ret_queue", None, 0, n - 1)
    state.ret_owed = whole_in(data, "ret_owed", 0, 30)
    state.disk_purpose = one_of(data["disk_purpose"], "disk_purpose", DISK_PURPOSES)
    state.disk_group = whole_list(data["disk_group"], "disk_group", None, 0, n - 1)
    state.disks = whole_list(data["disks"], "disks", n, HIDDEN_DISK, NUM_REGIONS - 1)
    state.disk_param = whole_in(data, "disk_param", -1, NUM_REGIONS - 1)
    state.reveals = whole_in(data, "reveals", 0, 1_000_000)
    # Snapshots written before events replaced the text log carry "log" and "log_mark"
    # instead: they are dropped (that log only repeated words), and such a state has no events.
    events = as_list(data.get("events", []), "events")
    state.events = [_decode_event(event, n) for event in events]
    refuse_problems(problems(state))
    return state



def problems(state: State) -> list[str]:
    """The rules' invariants that ``state`` (a whole game or a view) breaks, in plain sentences.

    Empty when all hold. Each field is assumed to have its type and range (as
    :func:`decode_state` reads it); these are the checks across fields: what views hide,
    the round, 30 caballeros in play per colour and none negative, scores, the 13 power
    cards, the action cards of every stack, the bids and turn order, the card in play, the
    steps other players owe, and that no event tells a secret.
    """
    found: list[str] = []
    n = state.players
    full = state.viewer == FULL
    over = state.phase == OVER
    if state.rng is not None and not full:
        found.append("a view carries no random generator")
    if state.castillo_masked and (full or state.castillo_visible):
        found.append("only views of a game with a hidden Castillo mask its contents")
    for event in state.events:
        if event[0] == "auto" and (
            isinstance(event[2], act.Disk) or (isinstance(event[2], act.TakeBack) and not event[3][0])
        ):
            found.append("an event tells a secret (a disk's region or an unseen take-back)")
    rounds = playable_rounds(state.short_game)
    if state.round not in rounds:
        found.append(f"round {state.round} is not played in this game")
        return found  # the counts of cards played below depend on the round's place
    round_pos = rounds.index(state.round)
    if over and state.round != rounds[-1]:
        found.append("the game can only be over after the last round")

    # Caballeros and scores.
    for rnd, seat, count in state.castillo_log:
        if rnd > state.round:
            found.append(f"castillo_log entry {[rnd, seat, count]} is impossible")
    for seat in range(n):
        if sum(state.points[seat]) != state.score[seat]:
            found.append(f"seat {seat}'s score {state.score[seat]} differs from its breakdown")
        if min(state.points[seat]) < 0:
            found.append(f"seat {seat} has negative points")
        places = [row[seat] for row in state.board] + [state.castillo[seat], state.court[seat], state.provinces[seat]]
        if min(places) < 0:
            found.append(f"seat {seat} has a negative number of caballeros somewhere")
        inside = state.castillo[seat]
        logged = state.castillo_insertions(seat)
        if state.castillo_masked:
            if inside:
                found.append("a masked Castillo must show zeros")
            inside = logged
        elif inside != logged:
            found.append(f"seat {seat} has {inside} in the Castillo but the insertion log says {logged}")
        total = sum(row[seat] for row in state.board) + inside + state.court[seat] + state.provinces[seat]
        if total != SETUP.in_play:
            found.append(f"seat {seat} has {total} caballeros in play, not {SETUP.in_play}")
    if state.scoreboards[0] >= 0 and state.scoreboards[0] == state.scoreboards[1]:
        found.append("both mobile scoreboards stand on one region")

    # Power cards: each of the 13 is in the hand or was played (views: the sure ones).
    for seat in range(n):
        hand, cands = state.hand[seat], state.cands[seat]
        ever = _mask(state.played[seat])
        if hand & ~ALL_POWER:
            found.append(f"seat {seat} holds a power card that does not exist")
        if cands & ~ever:
            found.append(f"seat {seat}: a take-back candidate was never played")
        if state.backs_hidden[seat] > bin(cands).count("1"):
            found.append(f"seat {seat}: more hidden take-backs than candidates")
        if (state.backs_hidden[seat] == 0) != (cands == 0):
            found.append(f"seat {seat}: candidates without hidden take-backs (or the reverse)")
        if not (full or seat == state.viewer) and hand & cands:
            found.append(f"seat {seat}'s hand in a view may show only the sure values")
        if ALL_POWER & ~ever & ~hand & ~cands:
            found.append(f"seat {seat} lacks a power card it never played")

    # Action cards: every stack's cards add up to its deck (a kept Veto is in ``vetoes``).
    if any(expiry < state.round for _, expiry in state.vetoes):
        found.append("a Veto card is held after it expired")
    if state.vetoes and not state.use_veto:
        found.append("Vetos are held although use_veto is off")
    for i in range(5):
        if state.face_up[i] >= 0 and CARD_STACK[state.face_up[i]] != i + 1:
            found.append(f"face-up card of stack {i + 1} belongs to another stack")
    for i in range(4):
        if any(CARD_STACK[c] != i + 1 for c in state.stacks[i]):
            found.append(f"stack {i + 1} holds a card of another stack")
        seen = Counter(state.stacks[i])
        if state.face_up[i] >= 0:
            seen[state.face_up[i]] += 1
        seen.update(c for c in state.out if CARD_STACK[c] == i + 1)
        if state.card >= 0 and CARD_STACK[state.card] == i + 1:
            if not (state.card == VETO_CARD and state.use_veto):
                seen[state.card] += 1
        if i + 1 == CARD_STACK[VETO_CARD]:
            seen[VETO_CARD] += len(state.vetoes)
        if seen != Counter(DECKS[i + 1]):
            found.append(f"the cards of stack {i + 1} do not add up to its deck")
        if not full and state.stacks[i] != sorted(state.stacks[i]):
            found.append("a view lists face-down cards in sorted order only")
    if state.face_up[4] not in (-1, KING_CARD) or any(CARD_STACK[c] == 5 for c in state.out):
        found.append("the King's card is misplaced")
    revealed = sum(1 for c in state.out if CARD_STACK[c] <= 4)
    if revealed > 4 * (round_pos + 1):
        found.append("more action cards are out of play than rounds allow")

    # Bidding and turns.
    made = [b for b in state.bids if b]
    if len(set(made)) != len(made):
        found.append("two players bid the same power value this round")
    if len(made) != state.bid_count:
        found.append("bid_count differs from the bids made")
    for j in range(n):
        seat = (state.bid_first + j) % n
        if (state.bids[seat] > 0) != (j < state.bid_count):
            found.append("the bids do not follow the bidding order")
        if state.bids[seat] and (not state.played[seat] or state.played[seat][-1] != state.bids[seat]):
            found.append(f"seat {seat}'s bid is not its last played card")
        plays = round_pos + (1 if state.bids[seat] else 0)
        if len(state.played[seat]) != plays:
            found.append(f"seat {seat} played {len(state.played[seat])} power cards, expected {plays}")
    in_turn = state.phase in (COURT, PULL, TAKE, BODY, VETO, RET) or (
        state.phase == DISK and state.bid_count == n and state.turn_idx < n
    )
    order_ok = sorted(state.order) == list(range(n))
    if state.phase != BID and not over and state.bid_count == n:
        if not order_ok:
            found.append("order must list every seat once")
        elif [state.bids[s] for s in state.order] != sorted(made, reverse=True):
            found.append("the turn order does not follow the bids")
    elif state.order and not order_ok:
        found.append("order must be empty or list every seat once")
    if in_turn:
        if state.bid_count != n or state.turn_idx >= n or not order_ok or state.cur != state.order[state.turn_idx]:
            found.append("the current player is not the one whose turn it is")
    elif state.phase == BID and state.cur != -1:
        found.append("nobody is on turn while bidding")

    # The current card.
    if (state.phase == VETO) != (state.proposal is not None) or (state.phase == VETO) != bool(state.veto_queue):
        found.append("a proposal and veto queue exist exactly while asking for a Veto")
    held = {seat for seat, _ in state.vetoes}
    if any(s not in held or s == state.cur for s in state.veto_queue):
        found.append("only other players holding a Veto may be asked")
    if (state.pick_region >= 0) != (state.pick_seat >= 0):
        found.append("a picked caballero needs both a region and a seat")
    elif state.pick_region >= 0 and state.board[state.pick_region][state.pick_seat] < 1:
        found.append("the picked caballero is not there")
    if state.placed > (CARD_STACK[state.card] if state.card >= 0 else 0):
        found.append("more caballeros placed than the card allows")

    # Others' steps.
    if (state.phase == RET) != bool(state.ret_queue):
        found.append("the return queue is used exactly while opponents return caballeros")
    if state.cur in state.ret_queue:
        found.append("the acting player does not return caballeros for his own card")
    if (state.phase == DISK) != (state.disk_purpose != D_NONE) or (state.phase == DISK) != bool(state.disk_group):
        found.append("a disk group exists exactly while disks are being set")
    if len(set(state.disk_group)) != len(state.disk_group):
        found.append("disk_group repeats a seat")
    for seat in range(n):
        if state.disks[seat] != NO_DISK and seat not in state.disk_group:
            found.append(f"seat {seat} set a disk outside the group")
        if state.disks[seat] == HIDDEN_DISK and (full or seat == state.viewer):
            found.append("only views hide other players' disks")
        if state.disks[seat] >= 0 and not full and seat != state.viewer:
            found.append("a view shows another player's secret disk")
    if state.phase == DISK and all(state.disks[s] != NO_DISK for s in state.disk_group):
        found.append("every disk is set but they were not revealed")
    if state.phase in (BODY, VETO, RET) or (state.phase == DISK and state.disk_purpose != D_GENERAL):
        if state.card < 0:
            found.append("a turn in progress needs its action card")
    elif state.card >= 0:
        found.append("an action card is in play outside a turn")
    return found
