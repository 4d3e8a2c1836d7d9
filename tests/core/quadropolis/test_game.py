"""The game contract: setup options, encoding, views, texts, results and tie-breaks."""

from __future__ import annotations

import json
import random
from typing import Callable

import pytest

from core.engine import CorruptData, IllegalAction
from core.quadropolis import CATEGORIES, GAME
from core.quadropolis.actions import BUILD, DISCARD, PLACE, Build, Discard, Place
from core.quadropolis.content import TILES
from core.quadropolis.scoring import best_score
from core.quadropolis.state import State, square_code
from core.quadropolis.text import penalty_note, takes
from core.rng import Rng
from tests.core.quadropolis.helpers import stack_of


def play(state: State, steps: int, seed: int = 0) -> State:
    """Play up to ``steps`` random moves in place."""
    rng = random.Random(seed)
    for _ in range(steps):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)[0]
        actions = GAME.legal_actions(state, seat)
        GAME.apply_in_place(state, seat, rng.choice(actions))
    return state


def new(players: int = 3, seed: int = 7, **options: object) -> State:
    """A fresh game."""
    return GAME.setup([f"P{i}" for i in range(players)], seed, options)


# --- info and setup --------------------------------------------------------------------------
def test_info() -> None:
    info = GAME.info
    assert (info.id, info.title, info.min_players, info.max_players) == ("quadropolis", "Quadropolis", 2, 4)
    assert not info.hidden_information and info.blurb
    options = {o.key: o for o in info.options}
    assert options["first_player"].default == "random"
    assert options["first_player"].choices == ("random", "0", "1", "2", "3")
    assert options["adjacency_needs_activation"].default is False


def test_first_player_option() -> None:
    state = new(3, first_player="2")
    assert state.mayor == 2 and GAME.to_act(state) == [2] and GAME.turn_holder(state) == 2
    with pytest.raises(ValueError, match="seats 0 to 1"):
        new(2, first_player="3")
    with pytest.raises(ValueError):
        new(3, first_player="x")
    seats = {new(4, seed=s).mayor for s in range(40)}
    assert seats == {0, 1, 2, 3}  # random by default, drawn from the seed
    assert new(4, seed=11).mayor == new(4, seed=11).mayor


def test_player_count_checked() -> None:
    with pytest.raises(ValueError):
        GAME.setup(["solo"], 1, {})
    with pytest.raises(ValueError):
        GAME.setup(list("abcde"), 1, {})


def test_adjacency_option_parsed_and_kept() -> None:
    assert new(adjacency_needs_activation="true").adjacency_needs_activation is True
    assert new().adjacency_needs_activation is False


def test_same_seed_and_moves_give_same_game() -> None:
    a = play(new(4, seed=99), 500, seed=3)
    b = play(new(4, seed=99), 500, seed=3)
    assert a == b and GAME.encode_state(a) == GAME.encode_state(b)


# --- encoding ------------------------------------------------------------------------------------
@pytest.mark.parametrize("steps", [0, 1, 5, 33, 70, 1000])
def test_state_round_trip(steps: int) -> None:
    state = play(new(3, seed=steps), steps, seed=steps)
    data = GAME.encode_state(state)
    text = json.dumps(data)  # plain data only (and no None)
    assert "null" not in text
    again = GAME.decode_state(json.loads(text))
    assert again == state
    assert GAME.encode_state(again) == data
    view = GAME.view(state, 0)
    assert "rng" not in GAME.encode_state(view)
    assert GAME.decode_state(GAME.encode_state(view)) == view


def test_action_round_trip() -> None:
    everything = [a for row in PLACE for a in row] + list(BUILD) + [DISCARD]
    for action in everything:
        data = GAME.encode_action(action)
        assert GAME.decode_action(json.loads(json.dumps(data))) == action


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        "place",
        {},
        {"type": "fly"},
        {"type": "place", "architect": 0, "slot": "W1"},
        {"type": "place", "architect": 5, "slot": "W1"},
        {"type": "place", "architect": True, "slot": "W1"},
        {"type": "place", "architect": "3", "slot": "W1"},
        {"type": "place", "architect": 3, "slot": "X9"},
        {"type": "place", "architect": 3, "slot": 4},
        {"type": "place", "architect": 3},
        {"type": "build", "row": 0, "col": 1},
        {"type": "build", "row": 1, "col": 5},
        {"type": "build", "row": 1.0, "col": 2},
        {"type": "discard", "extra": 1},
    ],
)
def test_decode_action_rejects_garbage(data: object) -> None:
    with pytest.raises(CorruptData):
        GAME.decode_action(data)


def corrupt(change: Callable[[dict], object]) -> dict:
    """Encoded mid-game state (in a build phase) with one change applied."""
    state = play(new(3, seed=5), 41, seed=5)
    while state.phase != "build":
        play(state, 1, seed=state.turn)
    data = json.loads(json.dumps(GAME.encode_state(state)))
    change(data)
    return data


def first_built(data: dict) -> tuple[int, int]:
    """(seat, square) of some built square in encoded data."""
    return next((s, q) for s, city in enumerate(data["cities"]) for q, stack in enumerate(city) if stack)


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.pop("round"),
        lambda d: d.update(extra=1),
        lambda d: d.update(format=2),
        lambda d: d.update(round="2"),
        lambda d: d.update(round=9),
        lambda d: d.update(round=True),
        lambda d: d.update(phase="dance"),
        lambda d: d.update(mayor=3),
        lambda d: d.update(names=["solo"]),
        lambda d: d.update(names=[1, 2, 3]),
        lambda d: d.update(adjacency_needs_activation="no"),
        lambda d: d.update(rng={"state": "zz", "inc": "1"}),
        lambda d: d.update(site=d["site"][:-1]),
        lambda d: d["site"].__setitem__(0, "9-99"),
        lambda d: d["site"].__setitem__(d["site"].index(""), d["cities"][first_built(d)[0]][first_built(d)[1]][0]),
        lambda d: d.update(urbanist=25),
        lambda d: d.update(slots={"Q1": [0, 1]}),
        lambda d: d.update(slots={**d["slots"], "W9": [0, 1]}),
        lambda d: d.update(available=[[1, 2, 3, 4]] * 3),
        lambda d: d.update(inhabitants=[x + 1 for x in d["inhabitants"]]),
        lambda d: d.update(energy=[-1, 0, 0]),
        lambda d: d.update(pending=""),
        lambda d: d.update(pending_architect=0),
        lambda d: d.update(discards=d["discards"] + ["1-01"]),
        lambda d: d.update(box=["4-01"]),
        lambda d: d.update(last_slot=["Z3", "", ""]),
        lambda d: d.update(placements=[0, 0, 0]),
        lambda d: d["cities"][0].__setitem__(15, ["1-20", "1-21"]),
        lambda d: d.update(cities="none"),
        lambda d: d.update(turn=-1),
    ],
)
def test_decode_state_rejects_garbage(change: Callable[[dict], object]) -> None:
    data = corrupt(change)
    with pytest.raises(CorruptData):
        GAME.decode_state(data)


def test_decode_state_rejects_non_tables() -> None:
    for data in (None, [], "state", 3):
        with pytest.raises(CorruptData):
            GAME.decode_state(data)


# --- apply and legality --------------------------------------------------------------------------
def test_apply_never_mutates_input() -> None:
    rng = random.Random(4)
    state = new(4, seed=4)
    while not GAME.is_over(state):
        before = GAME.encode_state(state)
        seat = GAME.to_act(state)[0]
        after = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        assert GAME.encode_state(state) == before
        state = after


def test_illegal_actions_raise_readable_reasons_and_change_nothing() -> None:
    state = new(3, first_player="0")
    before = GAME.encode_state(state)
    cases = [
        (1, Place(1, "W1"), "P0's turn"),
        (0, Place(7, "W1"), "numbered 1 to 4"),
        (0, Place(1, "Q7"), "no slot called"),
        (0, Build(1, 1), "Place an Architect first"),
        (0, "jump", "not a Quadropolis move"),
        (5, Place(1, "W1"), "no seat 5"),
    ]
    for seat, action, text in cases:
        with pytest.raises(IllegalAction) as info:
            GAME.apply(state, seat, action)  # type: ignore[arg-type]
        assert text in info.value.reason
    assert GAME.encode_state(state) == before
    over = play(new(2), 10_000)
    assert GAME.why_illegal(over, 0, Discard()) == "The game is over."
    assert GAME.legal_actions(over, 0) == [] and GAME.to_act(over) == []


def test_why_illegal_agrees_with_legal_actions() -> None:
    rng = random.Random(8)
    state = new(3, seed=8)
    candidates = [a for row in PLACE for a in row] + list(BUILD) + [DISCARD]
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        legal = set(GAME.legal_actions(state, seat))
        for action in candidates:
            assert (GAME.why_illegal(state, seat, action) is None) == (action in legal), action
        state = GAME.apply(state, seat, rng.choice(sorted(legal, key=repr)))


# --- views and determinization ------------------------------------------------------------------
def test_view_hides_rng_and_determinize_reseeds() -> None:
    state = play(new(3, seed=2), 10)
    view = GAME.view(state, 1)
    assert view.rng is None and state.rng is not None
    assert GAME.view(state, None).rng is None
    det_a = GAME.determinize(view, 1, Rng(1))
    det_b = GAME.determinize(view, 1, Rng(2))
    assert det_a.rng is not None and det_a.rng != state.rng and det_a.rng != det_b.rng
    det_a.rng = None
    assert det_a == view
    assert GAME.legal_actions(view, GAME.to_act(view)[0]) == GAME.legal_actions(state, GAME.to_act(state)[0])


def test_view_plays_within_and_past_round_end() -> None:
    view = GAME.view(new(2, seed=3), 0)
    play(view, 40)
    assert view.round >= 2 and view.rng is None
    det = GAME.determinize(GAME.view(new(2, seed=3), 0), 0, Rng(5))
    play(det, 40)
    assert det.round >= 2


def test_round_preparation_is_an_undo_barrier() -> None:
    state = new(2, seed=1)
    barriers = 0
    rng = random.Random(1)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        after = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        if GAME.is_undo_barrier(state, after):
            barriers += 1
            assert after.round == state.round + 1
        state = after
    assert barriers == 3


# --- texts ---------------------------------------------------------------------------------------
def test_describe() -> None:
    state = new(4, seed=1, first_player="0")
    shop = next(sq for sq in range(25) if state.site[sq] >= 0 and TILES[state.site[sq]].type_key == "shop")
    row, col = shop // 5 + 1, shop % 5 + 1
    slot, n = (f"W{row}", col) if col <= 4 else (f"E{row}", 1)
    assert GAME.describe(Place(n, slot), state) == f"Architect {n} → {slot} (takes Shop)"
    assert GAME.describe(Place(3, "W2")) == "Architect 3 → W2"
    assert GAME.describe(Build(2, 3)) == "Build at row 2, col 3"
    assert GAME.describe(Discard()) == "Discard the tile"
    after = GAME.apply(state, 0, Place(n, slot))
    assert GAME.describe(Discard(), after) == "Discard the Shop"
    assert GAME.describe(Build(n, 1), after) == f"Build the Shop at row {n}, col 1"
    assert GAME.prompt(after, 0) == f"Build the Shop in row or column {n}, or discard it"
    empty = GAME.view(after, None)
    empty.phase = "place"
    empty.site = [-1] * 25
    empty.face_down = [-1] * 25
    assert GAME.describe(Place(1, "N1"), empty) == "Architect 1 → N1 (takes nothing)"


def test_describe_names_the_mayors_tower_and_face_down_tiles() -> None:
    """The move list, the log and the screen's hint take their words from ``takes``: the
    Mayor's Tower Block is named so, and a face-down tile says it gives nothing."""
    state = new(2, seed=1, first_player="0")
    mayor = next(t.index for t in TILES if t.mayor)
    state.site[7] = mayor
    down = next(sq for sq in range(25) if state.face_down[sq] >= 0)  # 2 players: some face down
    assert takes(state, 7) == "takes the Mayor's Tower Block"
    assert takes(state, down) == "face-down tile: takes nothing"
    other = next(sq for sq in range(25) if state.site[sq] >= 0 and not TILES[state.site[sq]].mayor)
    assert takes(state, other) == f"takes {TILES[state.site[other]].name}"
    assert GAME.describe(Place(3, "W2"), state) == "Architect 3 → W2 (takes the Mayor's Tower Block)"
    row, col = divmod(down, 5)
    assert GAME.describe(Place(col + 1, f"W{row + 1}"), state) == (
        f"Architect {col + 1} → W{row + 1} (face-down tile: takes nothing)")


def test_penalty_note_tells_unused_resources_when_the_penalty_changes() -> None:
    """What the build preview adds to "VP if it ended now": the unused inhabitants/energy
    of the best allocation, only for a penalty that changed."""
    empty = new(2, seed=1, first_player="0")
    empty.codes[0] = [0] * 16
    empty.inhabitants[0] = empty.energy[0] = 0
    tower = empty.clone()
    tower.codes[0][0] = square_code(stack_of(("tower", 1)))
    tower.inhabitants[0] = 3  # a tower needs energy: the 3 inhabitants activate nothing
    assert GAME.standings(tower).projected[0] == -3
    assert penalty_note(empty, tower, 0) == "3 inhabitants unused: -1 each"
    powered = tower.clone()
    powered.energy[0] = 2  # one activates the tower, one is left over
    assert penalty_note(tower, powered, 0) == "1 energy unused: -1"  # inhabitants: as before
    assert penalty_note(empty, powered, 0) == "3 inhabitants unused: -1 each; 1 energy unused: -1"
    assert penalty_note(tower, empty, 0) == "no inhabitants unused"
    assert penalty_note(tower, tower.clone(), 0) == ""
    one = tower.clone()
    one.inhabitants[0] = 1
    assert penalty_note(empty, one, 0) == "1 inhabitant unused: -1"


def test_prompt_and_progress() -> None:
    state = new(2, seed=1, first_player="0")
    assert GAME.prompt(state, 0) == "Place an Architect (1-4) on a free slot"
    assert GAME.prompt(state, 1) == "Waiting for P0."
    assert GAME.progress(state) == "Round 1/4, turn 1/4"
    state.available[0] = 0b11010
    assert GAME.prompt(state, 0) == "Place an Architect (1, 3, 4) on a free slot"
    state.available[0] = 0b10000
    assert GAME.prompt(state, 0) == "Place your Architect 4 on a free slot"
    over = play(new(2), 10_000)
    assert GAME.progress(over) == "Game over" and GAME.prompt(over, 0) == "The game is over."


# --- scores, evaluation, result -----------------------------------------------------------------------
def test_scores_track_best_allocation_and_match_result() -> None:
    state = play(new(4, seed=12), 10_000, seed=12)
    assert GAME.is_over(state)
    result = GAME.result(state)
    assert result.categories == CATEGORIES
    assert list(result.totals) == GAME.scores(state)
    for seat in range(4):
        assert sum(result.breakdown[seat][:-1]) == result.breakdown[seat][-1] == result.totals[seat]
        alloc = GAME.allocation(state, seat)
        assert alloc.breakdown == result.breakdown[seat]
        assert result.totals[seat] == best_score(state.codes[seat], state.inhabitants[seat], state.energy[seat])


def test_evaluate_in_build_phase_is_best_build() -> None:
    for seed in range(5):
        state = play(new(3, seed=seed), seed * 9, seed=seed)
        while state.phase != "build":
            play(state, 1, seed=seed)
        seat = GAME.to_act(state)[0]
        options = [GAME.evaluate(GAME.apply(state, seat, a), seat) for a in GAME.legal_actions(state, seat)]
        assert GAME.evaluate(state, seat) == pytest.approx(max(options))


def test_evaluate_is_margin_at_the_end() -> None:
    state = play(new(3, seed=9), 10_000)
    totals = GAME.result(state).totals
    assert GAME.evaluate(state, 0) == totals[0] - max(totals[1:])


def finished(layouts: list[dict], inhabitants: list[int], energy: list[int]) -> State:
    """A game-over state with the given cities and pools (result() needs nothing else)."""
    state = State(tuple(f"P{i}" for i in range(len(layouts))))
    state.phase = "over"
    state.round = 4
    for seat, layout in enumerate(layouts):
        for (r, c), entry in layout.items():
            stack = stack_of(entry)
            state.cities[seat][(r - 1) * 4 + c - 1] = stack
            state.codes[seat][(r - 1) * 4 + c - 1] = square_code(stack)
    state.inhabitants = list(inhabitants)
    state.energy = list(energy)
    return state


def test_tie_break_more_inhabitants() -> None:
    state = finished([{}, {(1, 1): ("tower", 1)}], [0, 1], [0, 1])
    result = GAME.result(state)
    assert result.totals == (0, 0) and result.ranks == (2, 1) and result.winners == (1,)
    assert any("Inhabitants" in note and "P1 1" in note for note in result.notes)


def test_tie_break_fewer_empty_squares() -> None:
    state = finished([{(1, 1): ("park",)}, {}], [0, 0], [0, 0])
    result = GAME.result(state)
    assert result.totals == (0, 0) and result.ranks == (1, 2)
    assert any("empty squares" in note for note in result.notes)


def test_full_tie_is_shared() -> None:
    state = finished([{(1, 1): ("park",)}, {(4, 4): ("park",)}, {}], [0, 0, 0], [0, 0, 0])
    result = GAME.result(state)
    assert result.ranks == (1, 1, 3)
    assert any("share" in note for note in result.notes)
    assert GAME.result(finished([{(1, 1): ("tower", 1)}, {}], [0, 0], [1, 0])).notes == ()


def test_ui_helpers() -> None:
    from core.quadropolis.text import city_grid, site_grid, turn_order

    state = new(3, seed=4, first_player="1")
    assert turn_order(state) == [1, 2, 0]
    grid = site_grid(state)
    assert len(grid) == 5 and all(len(row) == 5 for row in grid)
    assert sum(1 for row in grid for tid, down in row if tid and down) == 5  # the "4" tiles
    while state.phase != "build":
        play(state, 1)
    seat = GAME.to_act(state)[0]
    tile = TILES[state.pending]
    build = next(a for a in GAME.legal_actions(state, seat) if isinstance(a, Build))
    GAME.apply_in_place(state, seat, build)
    cell = city_grid(state, seat)[build.row - 1][build.col - 1]
    assert cell[0] == tile.id and cell[2] == tile.name and cell[1] >= 1


def test_adjacency_option_changes_scoring() -> None:
    layout = {(1, 1): ("park",), (1, 2): ("tower", 2)}
    plain = finished([layout, {}], [0, 0], [0, 0])
    strict = finished([layout, {}], [0, 0], [0, 0])
    strict.adjacency_needs_activation = True
    assert GAME.result(plain).totals[0] == 2  # the Park counts the unpowered Tower Block
    assert GAME.result(strict).totals[0] == 0
