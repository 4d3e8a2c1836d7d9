"""Tests for core.engine: option parsing, ranking, results and the contract's defaults.

The contract's default methods are exercised through the toy game (``tests/toy_game.py``).
"""

from __future__ import annotations

from typing import Any

import pytest

from core.engine import CorruptData, Game, IllegalAction, OptionSpec, Result, rank_by
from core.rng import Rng
from tests.toy_game import GAME, Action, BidState

# --- OptionSpec.parse ----------------------------------------------------------------------

BOOL = OptionSpec("veto", "Veto", True)
INT = OptionSpec("rounds", "Rounds", 5)
INT_CHOICE = OptionSpec("rounds", "Rounds", 5, choices=("3", "4", "5"))
CHOICE = OptionSpec("map", "Map", "small", choices=("small", "large"))
FREE_TEXT = OptionSpec("title", "Title", "")


@pytest.mark.parametrize(
    ("raw", "expected"),
    [(True, True), (False, False), ("yes", True), ("ON", True), (" 1 ", True), ("true", True),
     ("no", False), ("off", False), ("0", False), ("False", False), (1, True), (0, False)],
)
def test_bool_option_parses(raw: Any, expected: bool) -> None:
    assert BOOL.parse(raw) is expected


@pytest.mark.parametrize("raw", ["maybe", "", "2", None, [], 2])
def test_bool_option_rejects(raw: Any) -> None:
    with pytest.raises(ValueError, match="veto"):
        BOOL.parse(raw)


@pytest.mark.parametrize(("raw", "expected"), [(7, 7), ("7", 7), ("-2", -2), (" 3 ", 3)])
def test_int_option_parses(raw: Any, expected: int) -> None:
    assert INT.parse(raw) == expected


@pytest.mark.parametrize("raw", ["seven", "3.5", 3.5, True, None, ""])
def test_int_option_rejects(raw: Any) -> None:
    with pytest.raises(ValueError, match="rounds"):
        INT.parse(raw)


def test_int_option_with_choices() -> None:
    assert INT_CHOICE.parse("4") == 4
    assert INT_CHOICE.parse(3) == 3
    with pytest.raises(ValueError, match="3, 4, 5"):
        INT_CHOICE.parse(6)


def test_choice_option() -> None:
    assert CHOICE.parse("large") == "large"
    for bad in ("huge", "Large", 1):
        with pytest.raises(ValueError, match="map"):
            CHOICE.parse(bad)


def test_free_text_option_accepts_text() -> None:
    assert FREE_TEXT.parse("Friday game") == "Friday game"


def test_toy_game_options_parse() -> None:
    specs = {spec.key: spec for spec in GAME.info.options}
    assert specs["rounds"].parse("6") == 6
    assert specs["veto"].parse("off") is False
    with pytest.raises(ValueError):
        specs["rounds"].parse("9")


# --- ranking and results -------------------------------------------------------------------

@pytest.mark.parametrize(
    ("keys", "ranks"),
    [
        ([(10,), (20,), (15,)], (3, 1, 2)),
        ([(10,), (10,), (5,), (20,)], (2, 2, 4, 1)),  # competition ranks: 1, 2, 2, 4
        ([(7,), (7,), (7,)], (1, 1, 1)),
        ([(10, 1), (10, 2), (9, 5)], (2, 1, 3)),  # the second key breaks the tie
        ([(3,)], (1,)),
    ],
)
def test_rank_by(keys: list[tuple[int, ...]], ranks: tuple[int, ...]) -> None:
    assert rank_by(keys) == ranks


def test_result_winners() -> None:
    single = Result(("Total",), ((5,), (9,)), (5, 9), rank_by([(5,), (9,)]))
    assert single.winners == (1,)
    shared = Result(("Total",), ((9,), (9,), (1,)), (9, 9, 1), rank_by([(9,), (9,), (1,)]))
    assert shared.winners == (0, 1)


def _finished(seed: int, players: int = 3) -> BidState:
    state = GAME.setup([f"p{i}" for i in range(players)], seed, {"rounds": 3, "veto": True})
    rng = Rng(seed, stream=9)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


@pytest.mark.parametrize("seed", range(5))
def test_toy_result_breakdown_adds_up(seed: int) -> None:
    result = GAME.result(_finished(seed))
    assert result.categories[-1] == "Total"
    for row, total in zip(result.breakdown, result.totals):
        assert sum(row[:-1]) == row[-1] == total
    assert min(result.ranks) == 1 and result.winners
    assert GAME.scores(_finished(seed)) == list(result.totals)


# --- defaults of the contract, on the toy game -----------------------------------------------

def _state(players: int = 2) -> BidState:
    return GAME.setup([f"p{i}" for i in range(players)], 3, {"rounds": 4, "veto": True})


def test_why_illegal_not_your_turn() -> None:
    state = _state()
    assert GAME.to_act(state) == [0]
    assert GAME.why_illegal(state, 1, Action("pick", 0)) == "It is not your turn."


def test_why_illegal_move_not_allowed_names_the_move() -> None:
    state = _state()
    reason = GAME.why_illegal(state, 0, Action("veto"))
    assert reason is not None and reason.startswith("That move is not allowed now")
    assert "Veto" in reason


def test_why_illegal_game_over() -> None:
    state = _finished(1, players=2)
    assert GAME.why_illegal(state, 0, Action("pick", 0)) == "The game is over."


def test_why_illegal_none_for_legal_moves() -> None:
    state = _state()
    for action in GAME.legal_actions(state, 0):
        assert GAME.why_illegal(state, 0, action) is None


def test_apply_raises_illegal_action_with_reason() -> None:
    state = _state()
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 1, Action("pick", 0))
    assert info.value.reason == "It is not your turn."
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("seed", range(8))
def test_apply_never_mutates_its_input(seed: int) -> None:
    state = GAME.setup(["a", "b", "c"], seed, {"rounds": 4, "veto": True})
    rng = Rng(seed)
    while not GAME.is_over(state):
        seat = rng.choice(GAME.to_act(state))
        action = rng.choice(GAME.legal_actions(state, seat))
        before = GAME.encode_state(state)
        after = GAME.apply(state, seat, action)
        assert GAME.encode_state(state) == before
        assert after is not state
        try:  # a failed apply leaves the state untouched too
            GAME.apply(state, seat, Action("bid", 999))
        except IllegalAction:
            pass
        assert GAME.encode_state(state) == before
        state = after


def test_default_turn_holder_prompt_progress_evaluate() -> None:
    state = _state(3)
    assert Game.turn_holder(GAME, state) == GAME.to_act(state)[0]
    assert isinstance(GAME.prompt(state, 0), str) and GAME.progress(state) == "Round 1/4"
    state.won[1].append(10)
    # default evaluate: own score minus the best other score
    assert GAME.evaluate(state, 1) == 10.0
    assert GAME.evaluate(state, 0) == -10.0


def test_default_undo_barrier_compares_rng() -> None:
    state = _state()
    same = GAME.clone(state)
    assert not Game.is_undo_barrier(GAME, state, same)
    same.rng.next_u32()
    assert Game.is_undo_barrier(GAME, state, same)


# --- encoding ---------------------------------------------------------------------------------

def _plain(value: Any) -> bool:
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    return isinstance(value, (str, int, bool))


@pytest.mark.parametrize("seed", range(4))
def test_toy_encode_decode_round_trip(seed: int) -> None:
    state = GAME.setup(["a", "b"], seed, {"rounds": 3, "veto": True})
    rng = Rng(seed)
    while True:
        data = GAME.encode_state(state)
        assert _plain(data)
        assert GAME.encode_state(GAME.decode_state(data)) == data
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)[0]
        action = rng.choice(GAME.legal_actions(state, seat))
        assert GAME.decode_action(GAME.encode_action(action)) == action
        state = GAME.apply(state, seat, action)


@pytest.mark.parametrize(
    "garbage",
    [None, [], {}, {"names": ["a"]}, {"kind": "bid"}],
)
def test_toy_decode_state_rejects_garbage(garbage: Any) -> None:
    with pytest.raises(CorruptData):
        GAME.decode_state(garbage)


def test_toy_decode_state_rejects_bad_fields() -> None:
    data = GAME.encode_state(_state())
    for key, bad in [("phase", "dance"), ("rounds", "5"), ("veto_on", 1), ("bids", [1]),
                     ("rng", {"state": "x"}), ("hands", "no")]:
        broken = dict(data)
        broken[key] = bad
        with pytest.raises(CorruptData):
            GAME.decode_state(broken)
    missing = dict(data)
    del missing["pool"]
    with pytest.raises(CorruptData, match="pool"):
        GAME.decode_state(missing)


@pytest.mark.parametrize("garbage", [None, {}, {"kind": "dance"}, {"kind": "bid", "value": "3"},
                                     {"kind": "bid", "value": True}])
def test_toy_decode_action_rejects_garbage(garbage: Any) -> None:
    with pytest.raises(CorruptData):
        GAME.decode_action(garbage)


def test_an_action_of_another_type_with_equal_fields_is_illegal() -> None:
    """NamedTuples compare as tuples: legality must also compare the action type."""
    from typing import NamedTuple

    class Impostor(NamedTuple):
        kind: str
        value: int

    state = GAME.setup(["A", "B"], 3, {})
    seat = GAME.to_act(state)[0]
    real = GAME.legal_actions(state, seat)[0]
    fake = Impostor(*real)
    assert fake == real
    assert GAME.why_illegal(state, seat, fake) is not None
    with pytest.raises(IllegalAction):
        GAME.apply(state, seat, fake)


def test_option_choice_labels_and_seat_choices() -> None:
    """Choices show their labels; seat choices beyond the player count are not offered."""
    from core.engine import first_player_option

    first = first_player_option("First player", "Who starts.", 4)
    assert first.offered(2) == [("Random", "random"), ("Seat A", "0"), ("Seat B", "1")]
    assert [label for label, _ in first.offered(4)][-1] == "Seat D"
    assert first.choice_label("3") == "Seat D" and first.choice_label("nope") == "nope"
    plain = OptionSpec("layout", "Layout", "1/1/1", choices=("1/1/1", "2/2/2"))
    assert plain.offered(2) == [("1/1/1", "1/1/1"), ("2/2/2", "2/2/2")]
    with pytest.raises(ValueError, match="one label per choice"):
        OptionSpec("x", "X", "a", choices=("a", "b"), choice_labels=("A",))


# --- views and snapshot options ------------------------------------------------------------


def test_is_view_default_is_a_state_without_rng() -> None:
    state = _state()
    default = Game.is_view  # the toy game overrides it; this is the contract's default
    assert default(GAME, state) is False
    state.rng = None  # type: ignore[assignment]
    assert default(GAME, state) is True

    class NoRng:
        pass

    assert default(GAME, NoRng()) is True


def test_decode_full_state_refuses_views(monkeypatch: pytest.MonkeyPatch) -> None:
    data = GAME.encode_state(_state())
    assert GAME.encode_state(GAME.decode_full_state(data)) == data
    real = type(GAME).decode_state

    def as_view(self: Any, raw: Any) -> BidState:
        state = real(self, raw)
        state.viewer = 0  # what the toy game's views record
        return state

    monkeypatch.setattr(type(GAME), "decode_state", as_view)
    with pytest.raises(CorruptData, match="one seat's view of a game, not the whole game"):
        GAME.decode_full_state(data)
    with pytest.raises(CorruptData):
        GAME.decode_full_state({"garbage": True})


def test_snapshot_options_default_is_nothing_to_compare() -> None:
    assert GAME.snapshot_options(_state()) == {}


def test_the_toy_game_tells_its_views_from_whole_states() -> None:
    from core.engine import CorruptData
    from tests.toy_game import GAME as TOY

    state = TOY.setup(["Ada", "Brook"], 3, {})
    assert not TOY.is_view(state)
    for seat in (0, None):
        view = TOY.view(state, seat)
        assert TOY.is_view(view)
        with pytest.raises(CorruptData):
            TOY.decode_full_state(TOY.encode_state(view))
    assert TOY.decode_full_state(TOY.encode_state(state)) == state
