"""The game contract: info and options, encoding and garbage, texts, results, evaluation."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from typing import Any

import pytest

from core.elgrande import GAME
from core.elgrande.actions import (
    ALLOW,
    COURT_N,
    PICK,
    PLACE,
    POWER,
    SCOREBOARD,
    SPECIAL_DONE,
    TAKE,
    TO,
    Pick,
    Place,
    Power,
    encode_action,
    kind_of,
)
from core.elgrande.content import CASTILLO
from core.elgrande.state import OVER
from core.engine import CorruptData, IllegalAction
from core.table import Seat, Table
from tests.core.elgrande.helpers import R, act, legal, new, play_random, turn


# --- info and options ----------------------------------------------------------------------------
def test_info() -> None:
    info = GAME.info
    assert (info.id, info.title, info.min_players, info.max_players) == ("elgrande", "El Grande", 2, 5)
    assert info.hidden_information and info.blurb and len(info.blurb) < 200
    options = {o.key: o for o in info.options}
    assert options["veto_windows"].default == "every_step"
    assert options["veto_windows"].choices == ("every_step", "start_only")
    assert options["use_veto"].default is True
    assert options["castillo_visible"].default is True
    assert options["short_game"].default is False


def test_options_parsed_and_kept() -> None:
    state = new(3, 1, veto_windows="start_only", use_veto="false", castillo_visible="no")
    assert (state.veto_windows, state.use_veto, state.castillo_visible) == ("start_only", False, False)
    with pytest.raises(ValueError):
        new(3, 1, veto_windows="sometimes")
    with pytest.raises(ValueError):
        new(3, 1, use_veto="perhaps")
    table = Table.new(GAME, [Seat(0, "Ana"), Seat(1, "Ben")], 3, {"short_game": True})
    assert table.state.round == 2


def test_same_seed_same_game() -> None:
    a = play_random(new(4, 99), 300, seed=3)
    b = play_random(new(4, 99), 300, seed=3)
    assert a == b and GAME.encode_state(a) == GAME.encode_state(b)
    assert new(4, 98).face_up != new(4, 99).face_up or new(4, 98).king != new(4, 99).king


# --- encoding -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("steps", [0, 1, 7, 40, 150, 400, 5000])
def test_state_round_trip(steps: int) -> None:
    state = play_random(new(4, 5), steps, seed=steps)
    data = GAME.encode_state(state)
    json.dumps(data)  # plain data only
    back = GAME.decode_state(json.loads(json.dumps(data)))
    assert back == state
    if not GAME.is_over(state):
        assert legal(back) == legal(state)
    for seat in (0, 3, None):
        view = GAME.view(state, seat)
        assert GAME.decode_state(GAME.encode_state(view)) == view


def test_mid_veto_state_round_trip() -> None:
    state = turn(
        "s1_move4_any", players=3, king="galicia", court=0, regions={"aragon": [1, 1, 1]}, vetoes=(2,)
    )
    state = act(state, 0, PICK[R["aragon"]][1])
    state = act(state, 0, TO[R["sevilla"]])
    assert GAME.decode_state(GAME.encode_state(state)) == state


def _tamper(data: dict, path: list, value: Any) -> dict:
    bad = copy.deepcopy(data)
    target = bad
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return bad


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (["format"], 2),
        (["names"], ["solo"]),
        (["phase"], "lunch"),
        (["king"], "portugal"),
        (["board", "aragon"], [1, 2]),
        (["board", "aragon", 0], 5),  # caballeros no longer add up to 30
        (["court", 0], -1),
        (["score", 0], 3),  # differs from the breakdown
        (["hand", 0], [1, 1, 2]),
        (["stacks", 0, 0], "s2_veto"),
        (["face_up", 4], "s1_move4_any"),
        (["bids", 0], 99),
        (["round"], 12),
        (["disks", 0], 4),  # a disk outside a disk group
        (["vetoes"], [[0, 2], [1, 2], [2, 2]]),
        (["proposal"], {"kind": "king", "region": "galicia"}),
        (["castillo_log"], [[1, 0, 3]]),
        (["options", "veto_windows"], "never"),
        (["rng"], {"state": "zz", "inc": "1"}),
        (["viewer"], 7),
        (["log"], [3]),
        (["grandes"], ["aragon"]),
    ],
)
def test_garbage_state_rejected(path: list, value: Any) -> None:
    data = GAME.encode_state(play_random(new(3, 8), 30, seed=2))
    with pytest.raises(CorruptData):
        GAME.decode_state(_tamper(data, path, value))


@pytest.mark.parametrize("garbage", [None, [], "state", 3, {"format": 1}])
def test_garbage_state_types_rejected(garbage: Any) -> None:
    with pytest.raises(CorruptData):
        GAME.decode_state(garbage)


def test_extra_or_missing_state_keys_rejected() -> None:
    data = GAME.encode_state(new(2, 1))
    with pytest.raises(CorruptData, match="unknown"):
        GAME.decode_state({**data, "cheat": 1})
    data.pop("board")
    with pytest.raises(CorruptData, match="missing"):
        GAME.decode_state(data)


def test_action_round_trip_and_garbage() -> None:
    state = play_random(new(5, 4), 60, seed=1)
    seen = 0
    for _ in range(300):
        if GAME.is_over(state):
            break
        for action in legal(state):
            data = GAME.encode_action(action)
            assert data["kind"] and GAME.decode_action(json.loads(json.dumps(data))) == action
            seen += 1
        state = play_random(state, 1, seed=seen)
    assert seen > 1000
    assert GAME.encode_action(PLACE[CASTILLO]) == {"kind": "place", "dest": "castillo"}
    assert GAME.encode_action(PICK[R["aragon"]][2]) == {"kind": "pick", "region": "aragon", "seat": 2}
    assert GAME.encode_action(SCOREBOARD[1][0]) == {
        "kind": "scoreboard",
        "board": "sb_4_0_0",
        "region": "galicia",
    }
    for bad in (
        None,
        [],
        {"kind": "fly"},
        {"kind": "power"},
        {"kind": "power", "value": 14},
        {"kind": "power", "value": True},
        {"kind": "place", "dest": "portugal"},
        {"kind": "pick", "region": "aragon", "seat": 9},
        {"kind": "veto", "extra": 1},
        {"kind": "ret", "source": "castillo"},
        {"kind": "take", "stack": 0},
    ):
        with pytest.raises(CorruptData):
            GAME.decode_action(bad)
    with pytest.raises(TypeError):
        encode_action(("power", 3))  # type: ignore[arg-type]


def test_different_kinds_never_compare_equal() -> None:
    assert ALLOW != SPECIAL_DONE and not (ALLOW == SPECIAL_DONE)
    assert Place(3) != Power(3) and Pick(1, 2) == Pick(1, 2)
    assert len({Place(3), Power(3), COURT_N[3], TAKE[3]}) == 4


def test_actions_are_frozen_slotted_dataclasses() -> None:
    for action in _universe():
        assert dataclasses.is_dataclass(action) and not hasattr(action, "__dict__")
        values = [getattr(action, f.name) for f in dataclasses.fields(action)]
        copy_ = type(action)(*values)  # positional construction, as decode_action does
        assert copy_ == action and hash(copy_) == hash(action) and copy_ is not action
        assert kind_of(copy_) == kind_of(action)
    with pytest.raises(dataclasses.FrozenInstanceError):
        PLACE[0].dest = 1  # type: ignore[misc]
    assert Pick(region=1, seat=2) == PICK[1][2] and repr(PICK[1][2]) == "Pick(region=1, seat=2)"


# --- apply, legality, texts ---------------------------------------------------------------------------
def test_apply_never_mutates_and_rejects_illegal() -> None:
    state = play_random(new(3, 6), 25, seed=9)
    frozen = GAME.encode_state(state)
    seat = GAME.to_act(state)[0]
    for action in legal(state, seat):
        GAME.apply(state, seat, action)
    assert GAME.encode_state(state) == frozen
    other = (seat + 1) % 3
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, other, legal(state, seat)[0])
    assert err.value.reason
    assert GAME.encode_state(state) == frozen


def test_why_illegal_reasons() -> None:
    state = new(3, 1, first_player="0")
    assert "turn to play a power card" in GAME.why_illegal(state, 1, POWER[3])
    assert GAME.why_illegal(state, 7, POWER[3]).startswith("There is no seat")
    assert "not an El Grande move" in GAME.why_illegal(state, 0, ("power", 3))
    assert "1 to 13" in GAME.why_illegal(state, 0, Power(14))
    assert "play a power card" in GAME.why_illegal(state, 0, TAKE[1])
    assert GAME.why_illegal(state, 0, POWER[3]) is None


def test_every_legal_action_has_text_and_prompt() -> None:
    state = new(4, 31)
    rng = random.Random(2)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        assert GAME.prompt(state, seat) and GAME.progress(state).startswith("Round")
        for other in range(4):
            assert GAME.prompt(state, other)
        for action in legal(state, seat):
            assert GAME.describe(action, state) and GAME.describe(action, GAME.view(state, seat))
            assert "(" not in GAME.describe(action)[:1]
        state = GAME.apply(state, seat, rng.choice(legal(state, seat)))
    assert GAME.progress(state) == "Game over" and GAME.prompt(state, 0) == "The game is over."
    assert GAME.turn_holder(state) is None


def test_result_and_shared_ranks() -> None:
    state = play_random(new(3, 2), 100_000, seed=1)
    assert state.phase == OVER
    state.score = [50, 50, 40]
    state.points = [[0, 50, 0, 0, 0], [0, 50, 0, 0, 0], [0, 40, 0, 0, 0]]
    result = GAME.result(state)
    assert result.ranks == (1, 1, 3) and result.winners == (0, 1)
    assert result.breakdown[0] == (0, 50, 0, 0, 0, 50)
    assert "share" in result.notes[0]


def test_evaluate_prefers_majorities() -> None:
    state = turn("s5_king", players=2, king="galicia", court=7, regions={"aragon": [3, 1]})
    assert GAME.evaluate(state, 0) > 0 > GAME.evaluate(state, 1)
    better = act(state, 0, PLACE[R["pais_vasco"]])
    assert GAME.evaluate(better, 0) > GAME.evaluate(state, 0) - 0.5
    final = play_random(new(2, 3), 100_000, seed=3)
    assert GAME.evaluate(final, 0) == final.score[0] - final.score[1]


def test_table_replay_and_log_texts_hide_secrets() -> None:
    table = Table.new(GAME, [Seat(0, "Ana"), Seat(1, "Ben"), Seat(2, "Cy")], 17, {})
    rng = random.Random(4)
    while not table.is_over():
        seat = table.to_act()[0]
        table.submit(seat, rng.choice(table.legal_actions(seat)))
    replayed = Table.replay(GAME, table.seats, 17, table.options, table.actions())
    assert replayed.state == table.state
    for entry in table.log:
        if type(entry.action).__name__ == "Disk":
            assert entry.text == "Set the secret disk"
        if type(entry.action).__name__ == "TakeBack":
            assert "card" in entry.text
    assert any(entry.barrier for entry in table.log)


def _paths(data: Any, prefix: tuple = ()) -> list[tuple]:
    """Every key/index path into nested plain data (first 6 items of each list)."""
    out: list[tuple] = []
    if isinstance(data, dict):
        items = list(data.items())
    elif isinstance(data, list):
        items = list(enumerate(data[:6]))
    else:
        return out
    for key, value in items:
        out.append(prefix + (key,))
        out.extend(_paths(value, prefix + (key,)))
    return out


def test_mutated_saves_fail_only_with_corrupt_data() -> None:
    rng = random.Random(5)
    junk = [None, -1, 0, 1, 7, 99, "", "x", "galicia", "castillo", "s2_veto", [], [1], {}, True, 2.5]
    bases = [GAME.encode_state(play_random(new(n, s), 25 * s, seed=s)) for n in (2, 5) for s in range(4)]
    bases.append(GAME.encode_state(GAME.view(play_random(new(3, 2), 90, seed=2), 1)))
    for _ in range(1500):
        data = copy.deepcopy(rng.choice(bases))
        path = rng.choice(_paths(data))
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = rng.choice(junk)
        try:
            state = GAME.decode_state(data)
        except CorruptData:
            continue
        if not GAME.is_over(state):  # whatever is accepted must be playable
            for seat in GAME.to_act(state):
                GAME.legal_actions(state, seat)


def _universe() -> list[Any]:
    """Every prebuilt action instance."""
    from core.elgrande import actions as a

    out: list[Any] = [
        a.COURT_STOP,
        a.PLACE_DONE,
        a.SPECIAL_SKIP,
        a.SPECIAL_GO,
        a.SPECIAL_DONE,
        a.VETO,
        a.ALLOW,
    ]
    for table in (
        a.POWER[1:],
        a.COURT_N[:8],
        a.COURT_FROM,
        a.TAKE[1:],
        a.PLACE,
        a.TO,
        a.PLACE_EXTRA,
        a.RET,
        a.DISK,
        a.SCORE,
        a.TAKE_BACK[1:],
        a.GRANDE,
        a.KING,
        a.MOVEMENT,
    ):
        out.extend(table)
    for rows in (a.PICK, a.REMOVE, a.SCOREBOARD):
        for row in rows:
            out.extend(row)
    return out


def test_why_illegal_agrees_with_legal_actions() -> None:
    universe = _universe()
    rng = random.Random(8)
    state = new(3, 40)
    checked = 0
    while not GAME.is_over(state) and checked < 60:
        acting = GAME.to_act(state)
        for seat in range(3):
            legal_now = set(GAME.legal_actions(state, seat)) if seat in acting else set()
            for action in universe:
                reason = GAME.why_illegal(state, seat, action)
                assert (reason is None) == (action in legal_now), (action, reason)
                assert reason is None or len(reason) > 5
        checked += 1
        for _ in range(rng.randint(1, 6)):
            if GAME.is_over(state):
                break
            seat = GAME.to_act(state)[0]
            state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
