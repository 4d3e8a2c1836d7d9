"""The Quadropolis game state: a mutable ``__slots__`` object with a fast explicit clone.

Conventions (all ints, so rules code and clones stay cheap):

* tiles are indices into :data:`core.quadropolis.content.TILES`; ``-1`` means none;
* site squares ``0..24`` and city squares ``0..15`` are row-major (see :mod:`.board`);
* an Architect on a slot is stored as ``seat * 8 + number``; ``-1`` is a free slot;
* ``available[seat]`` is a bit mask of the Architects not yet used this round (bit ``n``);
* ``cities[seat][square]`` is the stack of tiles on that square (bottom first, ``()`` empty) and
  ``codes[seat][square]`` a small int summarising it for scoring (see :func:`square_code`).

Plain-data encoding uses tile ids ("2-13") and slot names ("W3") so saves stay readable and
survive a reordering of the data file; :func:`decode_state` checks everything and raises
:class:`~core.engine.CorruptData` with a readable reason.
"""

from __future__ import annotations

from typing import Any

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
    whole_in,
    whole_list,
)
from core.quadropolis.board import CITY_SQUARES, NUM_SLOTS, SITE_SQUARES, SLOT_INDEX, SLOT_NAMES
from core.quadropolis.content import (
    RULES,
    TILE_EN,
    TILE_INH,
    TILE_KIND,
    TILE_MAYOR,
    TILE_VP,
    TILES,
    TOWER,
    SERVICE,
    HARBOR,
)
from core.rng import Rng

PHASES: tuple[str, ...] = ("place", "build", "over")
LAST_DISCARD = -2  # value of ``last_build`` after a discard
FORMAT = 1


def square_code(stack: tuple[int, ...]) -> int:
    """Scoring summary of a city square: 0 if empty, else ``1 + kind + 8 * param``.

    ``param`` is the height for a Tower Block, the printed VP for Public Services and
    Harbors, and 0 otherwise.
    """
    if not stack:
        return 0
    kind = TILE_KIND[stack[0]]
    if kind == TOWER:
        param = len(stack)
    elif kind == SERVICE or kind == HARBOR:
        param = TILE_VP[stack[0]]
    else:
        param = 0
    return 1 + kind + 8 * param


class State:
    """Everything about a game in progress (see the module docstring for conventions)."""

    __slots__ = (
        "names",
        "players",
        "adjacency_needs_activation",
        "rng",
        "round",
        "phase",
        "first",
        "turn",
        "mayor",
        "site",
        "face_down",
        "urbanist",
        "slots",
        "available",
        "pending",
        "pending_architect",
        "cities",
        "codes",
        "inhabitants",
        "energy",
        "discards",
        "box",
        "last_slot",
        "last_target",
        "last_tile",
        "last_build",
        "placements",
    )

    names: tuple[str, ...]
    players: int
    adjacency_needs_activation: bool
    rng: Rng | None
    round: int
    phase: str
    first: int
    turn: int
    mayor: int
    site: list[int]
    face_down: list[int]
    urbanist: int
    slots: list[int]
    available: list[int]
    pending: int
    pending_architect: int
    cities: list[list[tuple[int, ...]]]
    codes: list[list[int]]
    inhabitants: list[int]
    energy: list[int]
    discards: list[int]
    box: list[int]
    last_slot: list[int]
    last_target: list[int]
    last_tile: list[int]
    last_build: list[int]
    placements: list[int]

    def __init__(self, names: tuple[str, ...], adjacency_needs_activation: bool = False) -> None:
        """An empty pre-game state (no round prepared): use ``rules.new_game`` to start one."""
        n = len(names)
        self.names = names
        self.players = n
        self.adjacency_needs_activation = adjacency_needs_activation
        self.rng = None
        self.round = 0
        self.phase = "place"
        self.first = 0
        self.turn = 0
        self.mayor = 0
        self.site = [-1] * SITE_SQUARES
        self.face_down = [-1] * SITE_SQUARES
        self.urbanist = -1
        self.slots = [-1] * NUM_SLOTS
        self.available = [ALL_ARCHITECTS] * n
        self.pending = -1
        self.pending_architect = 0
        self.cities = [[()] * CITY_SQUARES for _ in range(n)]
        self.codes = [[0] * CITY_SQUARES for _ in range(n)]
        self.inhabitants = [0] * n
        self.energy = [0] * n
        self.discards = []
        self.box = []
        self.last_slot = [-1] * n
        self.last_target = [-1] * n
        self.last_tile = [-1] * n
        self.last_build = [-1] * n
        self.placements = [0] * n

    def clone(self) -> "State":
        """An independent copy (explicit list copies; tuples and the name tuple are shared)."""
        new = State.__new__(State)
        new.names = self.names
        new.players = self.players
        new.adjacency_needs_activation = self.adjacency_needs_activation
        new.rng = None if self.rng is None else self.rng.clone()
        new.round = self.round
        new.phase = self.phase
        new.first = self.first
        new.turn = self.turn
        new.mayor = self.mayor
        new.site = self.site[:]
        new.face_down = self.face_down[:]
        new.urbanist = self.urbanist
        new.slots = self.slots[:]
        new.available = self.available[:]
        new.pending = self.pending
        new.pending_architect = self.pending_architect
        new.cities = [city[:] for city in self.cities]
        new.codes = [codes[:] for codes in self.codes]
        new.inhabitants = self.inhabitants[:]
        new.energy = self.energy[:]
        new.discards = self.discards[:]
        new.box = self.box[:]
        new.last_slot = self.last_slot[:]
        new.last_target = self.last_target[:]
        new.last_tile = self.last_tile[:]
        new.last_build = self.last_build[:]
        new.placements = self.placements[:]
        return new

    # --- convenient read-only helpers for the UI -------------------------------------------
    @property
    def current(self) -> int:
        """The seat whose turn it is (meaningless once the game is over)."""
        return (self.first + self.turn) % self.players

    def architect_on(self, slot: str) -> tuple[int, int] | None:
        """``(seat, number)`` of the Architect on a slot ("W1".."S5"), or None if free."""
        code = self.slots[SLOT_INDEX[slot]]
        return None if code < 0 else (code >> 3, code & 7)

    def architects_on_slots(self) -> dict[str, tuple[int, int]]:
        """Every occupied slot: slot name -> ``(seat, number)``."""
        return {SLOT_NAMES[s]: (c >> 3, c & 7) for s, c in enumerate(self.slots) if c >= 0}

    def unused_architects(self, seat: int) -> list[int]:
        """Numbers of ``seat``'s Architects not yet placed this round, ascending."""
        mask = self.available[seat]
        return [n for n in range(1, RULES.architects + 1) if mask >> n & 1]

    def height(self, seat: int, square: int) -> int:
        """Number of tiles on a city square (Tower Block floors; 1 for other buildings)."""
        return len(self.cities[seat][square])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in State.__slots__)

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"<Quadropolis State round={self.round} phase={self.phase} turn={self.turn}>"


ALL_ARCHITECTS: int = sum(1 << n for n in range(1, RULES.architects + 1))


# --- encoding -----------------------------------------------------------------------------
def _tid(tile: int) -> str:
    return "" if tile < 0 else TILES[tile].id


def encode_state(state: State) -> dict[str, PlainData]:
    """Plain data (no None): tiles by id, slots by name; ``rng`` is omitted for views."""
    data: dict[str, PlainData] = {
        "format": FORMAT,
        "names": list(state.names),
        "adjacency_needs_activation": state.adjacency_needs_activation,
        "round": state.round,
        "phase": state.phase,
        "first": state.first,
        "turn": state.turn,
        "mayor": state.mayor,
        "site": [_tid(t) for t in state.site],
        "face_down": [_tid(t) for t in state.face_down],
        "urbanist": state.urbanist,
        "slots": {SLOT_NAMES[s]: [c >> 3, c & 7] for s, c in enumerate(state.slots) if c >= 0},
        "available": [state.unused_architects(seat) for seat in range(state.players)],
        "pending": _tid(state.pending),
        "pending_architect": state.pending_architect,
        "cities": [[[_tid(t) for t in stack] for stack in city] for city in state.cities],
        "inhabitants": list(state.inhabitants),
        "energy": list(state.energy),
        "discards": [_tid(t) for t in state.discards],
        "box": [_tid(t) for t in state.box],
        "last_slot": ["" if s < 0 else SLOT_NAMES[s] for s in state.last_slot],
        "last_target": list(state.last_target),
        "last_tile": [_tid(t) for t in state.last_tile],
        "last_build": list(state.last_build),
        "placements": list(state.placements),
    }
    if state.rng is not None:
        data["rng"] = state.rng.encode()
    return data


_KEYS = frozenset(
    (
        "format names adjacency_needs_activation round phase first turn mayor site face_down "
        "urbanist slots available pending pending_architect cities inhabitants energy discards box "
        "last_slot last_target last_tile last_build placements"
    ).split()
)


_TILE_INDEX: dict[str, int] = {tile.id: tile.index for tile in TILES}


def _tile(value: Any, what: str, allow_empty: bool = False) -> int:
    return lookup(value, what, _TILE_INDEX, "tile", allow_empty)


@prefixed("Quadropolis state")
def decode_state(data: Any) -> State:
    """Rebuild a state from :func:`encode_state` output: each field is checked as it is read,
    then the rules' invariants (:func:`problems`) across fields."""
    data = as_table(data, "the state")
    check_keys(data, _KEYS, {"rng"})
    check_format(data["format"], FORMAT)
    names = player_names(data["names"], RULES.min_players, RULES.max_players)
    n = len(names)
    state = State(names, bool_in(data, "adjacency_needs_activation"))
    if "rng" in data:
        state.rng = decode_rng(data["rng"])
    state.round = whole_in(data, "round", 1, RULES.rounds)
    phase = PHASES[one_of(data["phase"], "phase", PHASES)]
    state.phase = phase
    architects = RULES.architects
    state.first = whole_in(data, "first", 0, n - 1)
    state.turn = whole_in(data, "turn", 0, 0 if phase == "over" else n * architects - 1)
    state.mayor = whole_in(data, "mayor", 0, n - 1)
    state.urbanist = whole_in(data, "urbanist", -1, SITE_SQUARES - 1)
    site = as_list(data["site"], "site", SITE_SQUARES)
    down = as_list(data["face_down"], "face_down", SITE_SQUARES)
    state.site = [_tile(t, "site", True) for t in site]
    state.face_down = [_tile(t, "face_down", True) for t in down]

    slots = as_table(data["slots"], "slots")
    for name, value in slots.items():
        if name not in SLOT_INDEX:
            raise CorruptData(f"unknown slot {name!r}")
        pair = whole_list(value, f"slot {name}", 2, 0, 7)
        seat, number = pair
        if seat >= n or not 1 <= number <= architects:
            raise CorruptData(f"slot {name} holds an impossible Architect {pair}")
        state.slots[SLOT_INDEX[name]] = seat * 8 + number
    available = as_list(data["available"], "available", n)
    for seat, numbers in enumerate(available):
        numbers = whole_list(numbers, f"available[{seat}]", len(as_list(numbers, "available")), 1, architects)
        if len(set(numbers)) != len(numbers):
            raise CorruptData(f"available[{seat}] repeats an Architect")
        state.available[seat] = sum(1 << k for k in numbers)
    state.pending = _tile(data["pending"], "pending", True)
    state.pending_architect = whole_in(data, "pending_architect", 0, architects)

    cities = as_list(data["cities"], "cities", n)
    for seat, city in enumerate(cities):
        city = as_list(city, f"cities[{seat}]", CITY_SQUARES)
        for sq, stack in enumerate(city):
            tiles = tuple(_tile(t, f"city of seat {seat}") for t in as_list(stack, "a city square"))
            state.cities[seat][sq] = tiles
            state.codes[seat][sq] = square_code(tiles)
    state.inhabitants = whole_list(data["inhabitants"], "inhabitants", n, 0, 999)
    state.energy = whole_list(data["energy"], "energy", n, 0, 999)
    state.discards = [_tile(t, "discards") for t in as_list(data["discards"], "discards")]
    state.box = [_tile(t, "box") for t in as_list(data["box"], "box")]

    last_slot = as_list(data["last_slot"], "last_slot", n)
    for seat, name in enumerate(last_slot):
        if name != "" and name not in SLOT_INDEX:
            raise CorruptData(f"last_slot: unknown slot {name!r}")
        state.last_slot[seat] = -1 if name == "" else SLOT_INDEX[name]
    state.last_target = whole_list(data["last_target"], "last_target", n, -1, SITE_SQUARES - 1)
    state.last_tile = [_tile(t, "last_tile", True) for t in as_list(data["last_tile"], "last_tile", n)]
    state.last_build = whole_list(data["last_build"], "last_build", n, LAST_DISCARD, CITY_SQUARES - 1)
    state.placements = whole_list(data["placements"], "placements", n, 0, RULES.rounds * architects)
    refuse_problems(problems(state))
    return state


def problems(state: State) -> list[str]:
    """The rules' invariants that ``state`` (a whole game or a view) breaks, in plain sentences.

    Empty when all hold. Each field is assumed to have its type and range (as
    :func:`decode_state` reads it); these are the checks across fields: tiles conserved,
    Architects either placed or available, the tile in hand, cities and their resources,
    the Mayor, the placement counters.
    """
    found: list[str] = []
    n = state.players
    phase = state.phase
    over = phase == "over"
    architects = RULES.architects

    face_up_marks = RULES.face_up_marks[n]
    for sq in range(SITE_SQUARES):
        up, hidden = state.site[sq], state.face_down[sq]
        if up >= 0 and hidden >= 0:
            found.append(f"site square {sq} holds two tiles")
        if up >= 0 and TILES[up].mark not in face_up_marks:
            found.append(f"tile {TILES[up].id} cannot be face up with {n} players")
        if hidden >= 0 and TILES[hidden].mark in face_up_marks:
            found.append(f"tile {TILES[hidden].id} cannot be face down with {n} players")

    # Architects: each either on one slot or still available, as many placed as turns taken.
    placed = [(code >> 3, code & 7) for code in state.slots if code >= 0]
    for seat, number in sorted({p for p in placed if placed.count(p) > 1}):
        found.append(f"Architect {number} of seat {seat} stands on two slots")
    on_site = set(placed)
    for seat in range(n):
        for k in range(1, architects + 1):
            if bool(state.available[seat] >> k & 1) == ((seat, k) in on_site):
                found.append(f"Architect {k} of seat {seat} must be either available or on a slot")
    done = state.turn + (1 if phase == "build" else 0)
    if len(placed) != done:
        found.append(f"{len(placed)} Architects on the site after {done} placements this round")
    for seat in range(n):
        expected = sum(1 for j in range(done) if (state.first + j) % n == seat)
        if sum(1 for s, _ in placed if s == seat) != expected:
            found.append(f"seat {seat} has placed the wrong number of Architects for turn {state.turn}")
    if done and state.urbanist < 0:
        found.append("the Urbanist must be on the site after a placement")
    if not done and state.urbanist >= 0:
        found.append("the Urbanist must be off the site before the first placement of a round")

    if (phase == "build") != (state.pending >= 0) or (state.pending >= 0) != (state.pending_architect > 0):
        found.append("a tile is in hand exactly in the build phase, with its Architect number")
    elif phase == "build" and (state.current, state.pending_architect) not in on_site:
        found.append("the tile in hand must come from an Architect of the current player")

    for seat in range(n):
        built: list[int] = []
        for sq, stack in enumerate(state.cities[seat]):
            if len(stack) > 1 and any(TILE_KIND[t] != TOWER for t in stack):
                found.append(f"seat {seat}: only Tower Blocks can be stacked")
            if len(stack) > RULES.max_tower_height:
                found.append(f"seat {seat}: a Tower Block is higher than {RULES.max_tower_height}")
            if state.codes[seat][sq] != square_code(stack):
                found.append(f"seat {seat}: the scoring code of city square {sq} does not match its tiles")
            built.extend(stack)
        if state.inhabitants[seat] != sum(TILE_INH[t] for t in built):
            found.append(f"seat {seat}: Inhabitants do not match the buildings in the city")
        if state.energy[seat] != sum(TILE_EN[t] for t in built):
            found.append(f"seat {seat}: Energy does not match the buildings in the city")

    # Every tile of the rounds played so far appears exactly once; no tile of a later round.
    where: list[int] = [t for t in state.site + state.face_down if t >= 0]
    where += [t for city in state.cities for stack in city for t in stack]
    where += state.discards + state.box
    if state.pending >= 0:
        where.append(state.pending)
    if len(set(where)) != len(where):
        found.append("a tile appears twice")
    if set(where) != {t.index for t in TILES if t.round <= state.round}:
        found.append("the tiles in play do not match the rounds played so far")
    early = [t for t in state.box if TILES[t].round >= state.round]
    if early and not over:
        found.append(f"tile {TILES[early[0]].id} is in the box before its round ended")
    if over and any(t >= 0 for t in state.site + state.face_down):
        found.append("tiles are left on the site after the game ended")

    # Mayor: whoever built the most recent Mayor tile holds it.
    if not 0 <= state.mayor < n:
        found.append(f"the Mayor is with seat {state.mayor}, which is not in the game")
    mayor_builds = [
        (TILES[t].round, seat)
        for seat in range(n)
        for stack in state.cities[seat]
        for t in stack
        if TILE_MAYOR[t]
    ]
    if mayor_builds and max(mayor_builds)[1] != state.mayor:
        found.append("the Mayor is not with the player who built the latest Mayor Tower Block")

    for seat in range(n):
        this_round = architects - bin(state.available[seat]).count("1")
        expected = RULES.rounds * architects if over else (state.round - 1) * architects + this_round
        if state.placements[seat] != expected:
            found.append(f"seat {seat} has {state.placements[seat]} placements, expected {expected}")
    return found
