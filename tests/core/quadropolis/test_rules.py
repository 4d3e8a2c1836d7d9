"""Rules: slot targeting (rules: "Your turn" › "1. Send an Architect"), the Urbanist, slot
occupancy, building (rules: "Your turn" › "2. Build it, or discard it"), Mayor."""

from __future__ import annotations

import pytest

from core.quadropolis import GAME
from core.quadropolis.actions import DISCARD, Build, Discard, Place
from core.quadropolis.board import SLOT_NAMES, site_square, target_of
from core.quadropolis.content import TILES, TYPE_KEYS
from core.quadropolis.state import State, square_code
from tests.core.quadropolis.helpers import stack_of, tile_of


def new(players: int = 3, first: str = "0", seed: int = 1) -> State:
    """A fresh game with a fixed first player."""
    return GAME.setup([f"P{i}" for i in range(players)], seed, {"first_player": first})


def put_city(state: State, seat: int, row: int, col: int, entry: tuple) -> None:
    """Place a building straight into a city (test set-up only; pools not touched)."""
    stack = stack_of(entry)
    sq = (row - 1) * 4 + col - 1
    state.cities[seat][sq] = stack
    state.codes[seat][sq] = square_code(stack)


def hand(state: State, tile: int, architect: int) -> None:
    """Put ``tile`` in the current player's hand as if taken with ``architect``."""
    state.phase = "build"
    state.pending = tile
    state.pending_architect = architect


def builds(state: State) -> set[tuple[int, int]]:
    """Squares offered by the legal Build actions."""
    seat = GAME.to_act(state)[0]
    return {(a.row, a.col) for a in GAME.legal_actions(state, seat) if isinstance(a, Build)}


# --- slot targeting ("1. Send an Architect") ----------------------------------------------
@pytest.mark.parametrize(
    "slot, n, square",
    [("W2", 3, (2, 3)), ("E2", 3, (2, 3)), ("N5", 4, (4, 5)), ("S1", 1, (5, 1)), ("W1", 1, (1, 1)), ("E5", 4, (5, 2))],
)
def test_slot_targets(slot: str, n: int, square: tuple[int, int]) -> None:
    assert target_of(slot, n) == square


def test_slot_table_formula() -> None:
    for name in SLOT_NAMES:
        side, line = name[0], int(name[1:])
        for n in range(1, 5):
            expected = {"W": (line, n), "E": (line, 6 - n), "N": (n, line), "S": (6 - n, line)}[side]
            assert target_of(name, n) == expected


def test_far_square_only_from_opposite_side() -> None:
    reach = {target_of(s, n) for s in SLOT_NAMES for n in range(1, 5)}
    assert len(reach) == 25  # every square reachable, (r, 5) only from E/N/S etc.
    assert all(target_of(f"W{r}", n)[1] != 5 for r in range(1, 6) for n in range(1, 5))


def test_first_placement_of_round_offers_every_slot_and_architect() -> None:
    state = new()
    actions = GAME.legal_actions(state, 0)
    assert len(actions) == 80 and len(set(actions)) == 80
    assert GAME.legal_actions(state, 1) == []


def test_place_takes_tile_and_moves_urbanist() -> None:
    state = new()
    target = next(sq for sq in range(25) if state.site[sq] >= 0 and sq % 5 < 4)
    row, col = target // 5 + 1, target % 5 + 1
    tile = state.site[target]
    slot = f"W{row}"
    after = GAME.apply(state, 0, Place(col, slot))
    assert after.urbanist == target
    assert after.pending == tile and after.phase == "build" and after.pending_architect == col
    assert after.site[target] == -1
    assert after.architect_on(slot) == (0, col)
    assert after.architects_on_slots() == {slot: (0, col)}
    assert after.last_slot[0] == SLOT_NAMES.index(slot) and after.last_target[0] == target
    assert after.last_tile[0] == tile
    assert GAME.to_act(after) == [0]
    assert after.placements[0] == 1


# --- Urbanist (the whole line is closed) and E6, the worked Architect and Urbanist example ---
def test_e6_urbanist_closes_its_row_and_column() -> None:
    state = new(4)
    state.urbanist = site_square(2, 4)
    state.slots[SLOT_NAMES.index("N1")] = 1 * 8 + 2  # another player's Architect on N1
    seat = GAME.to_act(state)[0]
    legal = GAME.legal_actions(state, seat)
    slots = {a.slot for a in legal}
    assert not slots & {"W2", "E2", "N4", "S4", "N1"}
    assert {"S3", "E5", "S1"} <= slots
    assert target_of("S3", 2) == (4, 3) and Place(2, "S3") in legal
    assert target_of("E5", 4) == (5, 2) and Place(4, "E5") in legal
    reason = GAME.why_illegal(state, seat, Place(1, "E2"))
    assert reason is not None and "Urbanist" in reason and "row 2" in reason
    reason = GAME.why_illegal(state, seat, Place(1, "S4"))
    assert reason is not None and "column 4" in reason


def test_urbanist_blocks_whole_line_even_short_of_it() -> None:
    state = new()
    state.urbanist = site_square(3, 5)
    legal = GAME.legal_actions(state, 0)
    assert all(a.slot not in ("W3", "E3", "N5", "S5") for a in legal)  # #1 from W3 stops at (3,1)


def test_urbanist_moves_to_face_down_or_empty_target() -> None:
    state = new(2)
    down = next(sq for sq in range(25) if state.face_down[sq] >= 0)
    row, col = divmod(down, 5)
    after = GAME.apply(state, 0, Place(col + 1, f"W{row + 1}"))
    assert after.urbanist == down
    assert after.face_down[down] >= 0  # face-down tiles are never taken
    assert after.phase == "place" and GAME.to_act(after) == [1]
    assert after.last_tile[0] == -1


# --- slot occupancy -------------------------------------------------------------------------
def test_occupied_slot_is_closed_but_opposite_end_is_free() -> None:
    state = new(2)
    state = play_place_and_discard(state, Place(1, "W1"))  # Urbanist to (1,1)
    state = play_place_and_discard(state, Place(4, "N3"))  # Urbanist to (4,3)
    legal = GAME.legal_actions(state, GAME.to_act(state)[0])
    assert all(a.slot != "W1" for a in legal) and any(a.slot == "E1" for a in legal)
    assert all(a.slot != "N3" for a in legal) and all(a.slot not in ("W4", "E4", "S3") for a in legal)
    reason = GAME.why_illegal(state, GAME.to_act(state)[0], Place(2, "W1"))
    assert reason is not None and "taken by P0's Architect 1" in reason


def play_place_and_discard(state: State, action: Place) -> State:
    """Place, and discard whatever was taken."""
    seat = GAME.to_act(state)[0]
    state = GAME.apply(state, seat, action)
    if state.phase == "build":
        state = GAME.apply(state, seat, DISCARD)
    return state


def test_architect_used_once_per_round() -> None:
    state = new(2)
    state = play_place_and_discard(state, Place(2, "W1"))
    state = play_place_and_discard(state, Place(1, "E3"))
    assert all(a.architect != 2 for a in GAME.legal_actions(state, 0))
    assert "already placed" in (GAME.why_illegal(state, 0, Place(2, "N5")) or "")
    assert state.unused_architects(0) == [1, 3, 4]


# --- building ("2. Build it, or discard it"), the Tower Block example with Architect 3 ---------
def test_e7_tower_placement_with_architect_3() -> None:
    state = new()
    put_city(state, 0, 1, 1, ("tower", 2))
    put_city(state, 0, 3, 2, ("tower", 1))
    put_city(state, 0, 2, 2, ("tower", 3))
    put_city(state, 0, 3, 4, ("tower", 4))
    hand(state, tile_of("tower"), 3)
    targets = builds(state)
    assert (1, 1) in targets  # becomes floor 3
    assert (3, 2) in targets  # row 3
    assert (2, 2) not in targets  # would be floor 4, not in row/column 3
    assert (3, 4) not in targets  # full
    empty_in_line = {(3, 1), (3, 3), (1, 3), (2, 3), (4, 3)}
    assert targets == empty_in_line | {(1, 1), (3, 2)}
    assert "floor" in (GAME.why_illegal(state, 0, Build(2, 2)) or "")
    assert "maximum of 4 floors" in (GAME.why_illegal(state, 0, Build(3, 4)) or "")
    after = GAME.apply(state, 0, Build(1, 1))
    assert after.height(0, 0) == 3
    # A Shop taken with #3 only goes to empty squares of row/column 3.
    hand(state, tile_of("shop"), 3)
    assert builds(state) == empty_in_line
    assert "Only a Tower Block can go on top of a Tower Block" in (GAME.why_illegal(state, 0, Build(3, 2)) or "")


def test_non_tower_squares_never_stack() -> None:
    state = new()
    put_city(state, 0, 1, 1, ("shop",))
    hand(state, tile_of("tower"), 1)
    assert (1, 1) not in builds(state)
    assert "only Tower Blocks can be stacked" in (GAME.why_illegal(state, 0, Build(1, 1)) or "")


@pytest.mark.parametrize("n", [1, 2, 3, 4])
@pytest.mark.parametrize("height", [1, 2, 3, 4])
def test_tower_floor_rule_for_each_architect(n: int, height: int) -> None:
    state = new()
    out_of_line = (1, 1) if n != 1 else (2, 2)
    in_line = (n, 4) if n != 4 else (4, 1)
    put_city(state, 0, *out_of_line, ("tower", height))
    put_city(state, 0, *in_line, ("tower", height))
    hand(state, tile_of("tower"), n)
    targets = builds(state)
    assert (in_line in targets) == (height < 4)
    assert (out_of_line in targets) == (height < 4 and height + 1 == n)


def test_out_of_line_square_rejected_with_reason() -> None:
    state = new()
    hand(state, tile_of("park"), 2)
    assert (1, 1) not in builds(state)
    assert "row 2 or column 2" in (GAME.why_illegal(state, 0, Build(1, 1)) or "")
    assert "rows and columns 1 to 4" in (GAME.why_illegal(state, 0, Build(5, 1)) or "")


def test_discard_always_legal_even_with_no_room_and_gives_nothing() -> None:
    state = new()
    for r in range(1, 5):
        for c in range(1, 5):
            put_city(state, 0, r, c, ("park",))
    tile = tile_of("tower")
    hand(state, tile, 2)
    assert GAME.legal_actions(state, 0) == [Discard()]
    assert "discard" in GAME.prompt(state, 0).lower()
    after = GAME.apply(state, 0, Discard())
    assert after.inhabitants[0] == 0 and after.energy[0] == 0
    assert after.discards[-1] == tile and after.mayor == state.mayor
    assert after.last_build[0] == -2


def test_build_gains_resources() -> None:
    state = new()
    factory = next(t.index for t in TILES if TYPE_KEYS[t.kind] == "factory" and t.en == 3)
    hand(state, factory, 1)
    after = GAME.apply(state, 0, Build(1, 2))
    assert after.energy[0] == 3 and after.inhabitants[0] == 0
    harbor = next(t.index for t in TILES if TYPE_KEYS[t.kind] == "harbor" and t.inh == 1 and t.en == 1)
    hand(after, harbor, 1)
    seat = GAME.to_act(after)[0]
    after2 = GAME.apply(after, seat, Build(1, 1))
    assert (after2.inhabitants[seat], after2.energy[seat]) == (1, 1)
    assert after2.last_build[seat] == 0


# --- Mayor: on build, not on discard; E8, the worked example of the Mayor built mid-round --------
def mayor_tile(state: State) -> int:
    """The Mayor tile lying face up on the site."""
    return next(t for t in state.site if t >= 0 and TILES[t].mayor)


def take_mayor_tile(state: State) -> State:
    """The current player places an Architect on a slot that reaches the Mayor tile."""
    seat = GAME.to_act(state)[0]
    square = state.site.index(mayor_tile(state))
    for action in GAME.legal_actions(state, seat):
        if target_of(action.slot, action.architect) == (square // 5 + 1, square % 5 + 1):
            return GAME.apply(state, seat, action)
    raise AssertionError("Mayor tile not reachable")


def pass_turn(state: State) -> State:
    """The current player takes nothing useful: places and discards (or takes nothing)."""
    seat = GAME.to_act(state)[0]
    actions = GAME.legal_actions(state, seat)
    mayor_sq = next((sq for sq in range(25) if state.site[sq] >= 0 and TILES[state.site[sq]].mayor), None)
    for action in actions:
        target = target_of(action.slot, action.architect)
        if mayor_sq is None or (target[0] - 1) * 5 + target[1] - 1 != mayor_sq:
            return play_place_and_discard(state, action)
    raise AssertionError("no safe placement")


def test_e8_mayor_moves_on_build_effective_next_round() -> None:
    state = new(3, first="0")
    assert state.mayor == 0 and GAME.to_act(state) == [0]
    state = pass_turn(state)
    state = pass_turn(state)
    assert GAME.to_act(state) == [2]
    state = take_mayor_tile(state)
    seat = GAME.to_act(state)[0]
    assert seat == 2
    build = next(a for a in GAME.legal_actions(state, 2) if isinstance(a, Build))
    state = GAME.apply(state, 2, build)
    assert state.mayor == 2
    order = []
    while state.round == 1:
        order.append(GAME.to_act(state)[0])
        state = pass_turn(state)
    assert order == [0, 1, 2, 0, 1, 2, 0, 1, 2]
    assert state.round == 2 and state.first == 2
    order = []
    for _ in range(3):
        order.append(GAME.to_act(state)[0])
        state = pass_turn(state)
    assert order == [2, 0, 1]


def test_mayor_stays_when_mayor_tile_is_discarded() -> None:
    state = new(3, first="1")
    state = take_mayor_tile(state)
    tile = state.pending
    assert TILES[tile].mayor
    state = GAME.apply(state, 1, DISCARD)
    assert state.mayor == 1 and tile in state.discards
    state = new(3, first="1")
    state = pass_turn(state)  # seat 1
    state = take_mayor_tile(state)  # seat 2 takes and discards
    state = GAME.apply(state, 2, DISCARD)
    assert state.mayor == 1


def test_round_end_returns_architects_and_boxes_leftovers() -> None:
    state = new(2)
    while state.round == 1:
        state = pass_turn(state)
    assert state.round == 2 and state.urbanist == -1
    assert state.available == [0b11110, 0b11110] and all(s == -1 for s in state.slots)
    assert len(state.box) + len(state.discards) == 25
    assert sum(1 for t in state.site + state.face_down if t >= 0) == 25
    assert all(TILES[t].round == 2 for t in state.site + state.face_down if t >= 0)


def test_build_phase_rejects_place_and_place_phase_rejects_build() -> None:
    state = new()
    assert "Place an Architect first" in (GAME.why_illegal(state, 0, Build(1, 1)) or "")
    assert "Place an Architect first" in (GAME.why_illegal(state, 0, Discard()) or "")
    hand(state, tile_of("shop"), 1)
    assert "First build or discard the Shop" in (GAME.why_illegal(state, 0, Place(2, "W1")) or "")
    assert "P0's turn" in (GAME.why_illegal(state, 1, Discard()) or "")
