"""Quadropolis Classic rules: setup, round preparation, legal moves, applying moves.

A turn has two decisions: ``Place`` (an Architect on a slot; the targeted face-up tile is
taken and the Urbanist moves to the target) and, if a tile was taken, ``Build`` or
``Discard``. Everything here works on :class:`~core.quadropolis.state.State` and is written
for speed (random playouts); :mod:`core.quadropolis.explain` gives the player-readable reasons.
"""

from __future__ import annotations

from typing import Sequence

from core.quadropolis.actions import BUILD, DISCARD, PLACE, Action, Build, Discard, Place
from core.quadropolis.board import (
    CITY,
    CITY_SQUARES,
    IN_LINE_MASK,
    NUM_SLOTS,
    SITE_SQUARES,
    SLOT_INDEX,
    SLOT_TARGET,
    URBANIST_BLOCKS,
)
from core.quadropolis.content import (
    RULES,
    ROUND_TILES,
    TILE_EN,
    TILE_INH,
    TILE_KIND,
    TILE_MAYOR,
    TILES,
    TOWER,
)
from core.quadropolis.state import ALL_ARCHITECTS, LAST_DISCARD, State
from core.rng import Rng

ARCHITECTS = RULES.architects
MAX_HEIGHT = RULES.max_tower_height
_NUMBERS = tuple(range(1, ARCHITECTS + 1))
# FACE_UP[players][tile] = True if that tile is turned face up with that many players.
FACE_UP: dict[int, tuple[bool, ...]] = {
    n: tuple(t.mark in marks for t in TILES) for n, marks in RULES.face_up_marks.items()
}


def new_game(
    names: Sequence[str],
    seed: int,
    first_player: str | int = "random",
    adjacency_needs_activation: bool = False,
) -> State:
    """Set up a game: pick the first player (the Mayor) and prepare round 1.

    ``first_player`` is "random" (drawn with the seeded RNG) or a seat number; raises
    ValueError for a bad player count or a seat that does not exist.
    """
    n = len(names)
    if not RULES.min_players <= n <= RULES.max_players:
        raise ValueError(f"Quadropolis takes {RULES.min_players}-{RULES.max_players} players, not {n}")
    state = State(tuple(str(name) for name in names), bool(adjacency_needs_activation))
    state.rng = Rng(seed)
    if first_player == "random":
        first = state.rng.randbelow(n)
    else:
        try:
            first = int(first_player)
        except (TypeError, ValueError):
            raise ValueError(
                f"first_player must be 'random' or a seat number, not {first_player!r}"
            ) from None
        if not 0 <= first < n:
            raise ValueError(
                f"first_player {first} is not a seat: a {n}-player game has seats 0 to {n - 1}"
            )
    state.mayor = first
    prepare_round(state, 1)
    return state


def prepare_round(state: State, number: int) -> None:
    """Lay out round ``number``'s tiles (shuffled with the state's RNG) and reset the round.

    A view has no RNG; it still needs a layout to keep going past a round's end, so it gets
    the tiles in data-file order — a placeholder that reveals nothing (bots should
    determinize instead of planning across rounds on a view).
    """
    tiles = list(ROUND_TILES[number])
    if state.rng is not None:
        state.rng.shuffle(tiles)
    face_up = FACE_UP[state.players]
    site, down = state.site, state.face_down
    for sq, tile in enumerate(tiles):
        if face_up[tile]:
            site[sq], down[sq] = tile, -1
        else:
            site[sq], down[sq] = -1, tile
    state.round = number
    state.phase = "place"
    state.first = state.mayor
    state.turn = 0
    state.urbanist = -1
    state.slots = [-1] * NUM_SLOTS
    state.available = [ALL_ARCHITECTS] * state.players


def to_act(state: State) -> list[int]:
    """The seat that must decide now (empty once the game is over)."""
    if state.phase == "over":
        return []
    return [(state.first + state.turn) % state.players]


def free_slots(state: State) -> list[int]:
    """Slots (indices) that are unoccupied and not closed by the Urbanist."""
    blocked = URBANIST_BLOCKS[state.urbanist] if state.urbanist >= 0 else 0
    slots = state.slots
    return [s for s in range(NUM_SLOTS) if slots[s] < 0 and not blocked >> s & 1]


def build_squares(codes: Sequence[int], tower: bool, architect: int) -> list[int]:
    """City squares where a tile taken with ``architect`` may be built.

    Rules: "Your turn" › "2. Build it, or discard it".

    Empty squares of row or column ``architect``; for a Tower Block also any Tower Block below
    the height limit that is in that row/column or would get exactly floor ``architect``.
    """
    line = IN_LINE_MASK[architect]
    out = []
    for sq in range(CITY_SQUARES):
        code = codes[sq]
        if code == 0:
            if line >> sq & 1:
                out.append(sq)
        elif tower and (code - 1) & 7 == TOWER:
            height = (code - 1) >> 3
            if height < MAX_HEIGHT and (line >> sq & 1 or height + 1 == architect):
                out.append(sq)
    return out


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every legal action of ``seat`` now (empty if it is not that seat's decision)."""
    if state.phase == "over" or seat != (state.first + state.turn) % state.players:
        return []
    if state.phase == "build":
        squares = build_squares(
            state.codes[seat], TILE_KIND[state.pending] == TOWER, state.pending_architect
        )
        out: list[Action] = [BUILD[sq] for sq in squares]
        out.append(DISCARD)
        return out
    free = free_slots(state)
    mask = state.available[seat]
    out = []
    for n in _NUMBERS:
        if mask >> n & 1:
            row = PLACE[n]
            out.extend([row[s] for s in free])
    if not out:
        # A player always has a legal slot: at most 15 slots are taken and the Urbanist closes
        # at most 4 more.
        raise RuntimeError("no legal Architect placement: the state is inconsistent")
    return out


def apply_in_place(state: State, seat: int, action: Action) -> None:
    """Perform a legal action (not re-checked) and advance the turn/round as needed."""
    match action:
        case Place(architect=n, slot=slot_name):
            slot = SLOT_INDEX[slot_name]
            target = SLOT_TARGET[slot][n]
            state.slots[slot] = seat * 8 + n
            state.available[seat] &= ~(1 << n)
            state.placements[seat] += 1
            state.urbanist = target
            state.last_slot[seat] = slot
            state.last_target[seat] = target
            state.last_build[seat] = -1
            tile = state.site[target]
            state.last_tile[seat] = tile
            if tile >= 0:
                state.site[target] = -1
                state.pending = tile
                state.pending_architect = n
                state.phase = "build"
            else:
                _end_turn(state)
        case Build(row=row, col=col):
            sq = (row - 1) * CITY + col - 1
            tile = state.pending
            city = state.cities[seat]
            city[sq] = city[sq] + (tile,)
            codes = state.codes[seat]
            # Square code: 1 + kind + 8 * param; a new floor adds 8 to a Tower Block's code.
            if codes[sq]:
                codes[sq] += 8
            else:
                kind = TILE_KIND[tile]
                param = 1 if kind == TOWER else TILES[tile].vp
                codes[sq] = 1 + kind + 8 * param
            state.inhabitants[seat] += TILE_INH[tile]
            state.energy[seat] += TILE_EN[tile]
            if TILE_MAYOR[tile]:
                state.mayor = seat
            state.last_build[seat] = sq
            state.pending = -1
            state.pending_architect = 0
            state.phase = "place"
            _end_turn(state)
        case Discard():
            state.discards.append(state.pending)
            state.last_build[seat] = LAST_DISCARD
            state.pending = -1
            state.pending_architect = 0
            state.phase = "place"
            _end_turn(state)
        case _:
            raise TypeError(f"not a Quadropolis action: {action!r}")


def _end_turn(state: State) -> None:
    state.turn += 1
    if state.turn < state.players * ARCHITECTS:
        return
    # End of round: Architects go home, tiles left on the site go back to the box.
    box = state.box
    for sq in range(SITE_SQUARES):
        if state.site[sq] >= 0:
            box.append(state.site[sq])
            state.site[sq] = -1
        if state.face_down[sq] >= 0:
            box.append(state.face_down[sq])
            state.face_down[sq] = -1
    if state.round >= RULES.rounds:
        state.phase = "over"
        state.turn = 0
        state.urbanist = -1
        state.slots = [-1] * NUM_SLOTS
        state.available = [ALL_ARCHITECTS] * state.players
    else:
        prepare_round(state, state.round + 1)
