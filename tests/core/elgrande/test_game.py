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
    SPECIAL_GO,
    TAKE,
    TAKE_BACK,
    TO,
    Pick,
    Place,
    Power,
    encode_action,
    kind_of,
)
from core.elgrande.content import CARD_INDEX, CARDS, CASTILLO, KING_CARD
from core.elgrande.state import EVENTS, OVER
from core.elgrande.text import event_texts
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


AR, SE, GA, VA = R["aragon"], R["sevilla"], R["galicia"], R["valencia"]
C = CARD_INDEX

# One event of each kind (several for some) and its words, as the game wrote them when the
# log was text (seats 0-2 are P0-P2).
EVENT_WORDS: list[tuple[tuple[Any, ...], str]] = [
    (("start", GA, (AR, SE, VA)), "The King starts in Galicia. Home regions: P0 Aragón, P1 Sevilla, P2 Valencia."),
    (
        ("round", 2, (C["s2_veto"], C["s1_move4_any"])),
        "Round 2: the action cards are Veto!, Intrigue: 4 of any colour.",
    ),
    (("order", (2, 0, 1), (13, 9, 4)), "Turn order: P2 (13), P0 (9), P1 (4)."),
    (("general", 3), "General scoring after round 3."),
    (("special_scoring", C["s3_score_least"]), f"{CARDS[C['s3_score_least']].name}."),
    (("veto_expires", 1), "P1's unused Veto expires."),
    (("over", (0, 2), 71), "Game over: P0 and P2 win with 71."),
    (("over", (1,), 60), "Game over: P1 wins with 60."),
    (("auto", 1, TAKE[5], (KING_CARD,)), "P1: Take The King (place up to 5) (only option)."),
    (
        ("auto", 0, COURT_N[2], (True,)),
        "P0: Bring 2 caballeros from the provinces to the court (The Court) (only option).",
    ),
    (("auto", 0, COURT_N[1], (False,)), "P0: Bring 1 caballero from the provinces to the court (only option)."),
    (("auto", 0, PICK[AR][0], (0,)), "P0: Pick one of their own caballeros in Aragón (only option)."),
    (("auto", 0, TO[SE], (AR, 2)), "P0: Move P2's caballero from Aragón to Sevilla (only option)."),
    (("auto", 2, TAKE_BACK[7], (True,)), "P2: Take back power card 7 (only option)."),
    (("auto", 2, SPECIAL_GO, (C["s3_score_castillo"],)), "P2: Score the Castillo (only option)."),
    (("auto", 1, SPECIAL_DONE, ()), "P1: End the special action (only option)."),
    (("disk_auto", 2), "P2 sets the secret disk (only one choice)."),
    (
        ("veto", 1, 0, TO[VA], (AR, 2)),
        "P1 vetoes: P0 may not move a caballero of P2 from Aragón to Valencia; the special action ends.",
    ),
    (
        ("veto", 1, 0, SPECIAL_GO, (C["s2_decay_3"],)),
        "P1 vetoes: P0 may not send 3 court caballeros of every opponent back to the provinces; "
        "the special action ends.",
    ),
    (("move", 0, 0, AR, CASTILLO), "P0 moves one of their own caballeros from Aragón to the Castillo."),
    (("move", 0, 1, AR, SE), "P0 moves a caballero of P1 from Aragón to Sevilla."),
    (("extra", 1, VA), "P1 places an extra caballero in Valencia."),
    (("remove", 1, 2, GA), "P1 sends a caballero of P2 home from Galicia."),
    (("scoreboard", 0, 1, SE), "P0 puts the 4/0/0 scoreboard on Sevilla."),
    (("grande", 2, VA), "P2 moves the Grande to Valencia."),
    (("king", 2, AR), "P2 moves the King to Aragón."),
    (("court", 1, 3), "P1 brings 3 caballero(s) from the provinces to the court."),
    (("court_from", 1, SE), "P1 takes a caballero from Sevilla into the court."),
    (("movement", 0, GA), "P0 names Galicia for Movement."),
    (("decay", (1, 2), (3, 0)), "Back to the provinces from the courts: P1 3, P2 0."),
    (("returns_all", 2, 1), "P2 returns all 1 available caballeros to the provinces."),
    (("no_disks",), "Nobody has to set a secret disk."),
    (("disks", (0, 2), (SE, SE)), "Secret disks revealed: P0 → Sevilla, P2 → Sevilla."),
    (("empty_board",), "No region holds a caballero: nothing is scored."),
    (("no_lonely",), "No region was chosen by exactly one player: nothing is scored."),
    (("castillo", (2, 0, 1)), "The Castillo holds: P0 2, P2 1."),
    (("castillo", (0, 0, 0)), "The Castillo holds: nothing."),
    (("scored", AR, (7, 0, 2), 0, 0), "Aragón scored: P0 7 (incl. King and Grande bonus), P2 2."),
    (("scored", SE, (4, 5, 0), -1, 1), "Sevilla scored: P0 4, P1 5 (incl. Grande bonus)."),
    (("scored", CASTILLO, (0, 0, 0), -1, -1), "Castillo scored: nobody scores."),
]


def test_every_event_kind_is_worded_and_round_trips() -> None:
    state = new(3, 1)
    state.events = [event for event, _ in EVENT_WORDS]
    assert {event[0] for event in state.events} == set(EVENTS)
    assert event_texts(state) == [words for _, words in EVENT_WORDS]
    assert GAME.effects(GAME.view(state, None)) == event_texts(state)
    back = GAME.decode_state(json.loads(json.dumps(GAME.encode_state(state))))
    assert back.events == state.events and back == state


def test_old_snapshot_with_a_text_log_still_decodes() -> None:
    """Saves written while the log was text hold "log" and "log_mark" and no "events"."""
    state = play_random(new(3, 8), 60, seed=2)
    old = {key: value for key, value in GAME.encode_state(state).items() if key != "events"}
    old["log"] = ["The King starts in Aragón. Home regions: P0 Galicia, P1 Sevilla, P2 Valencia."]
    old["log_mark"] = 0
    back = GAME.decode_state(json.loads(json.dumps(old)))
    assert back.events == [] and GAME.effects(back) == []
    state.events = []
    assert back == state
    assert GAME.decode_state(GAME.encode_state(back)) == back  # and it is saved in the new form
    assert "log" not in GAME.encode_state(back)


def test_snapshots_hold_no_player_names_but_their_field() -> None:
    names = [f"Zed-Name-{k}" for k in range(5)]
    state = GAME.setup(names, 7, {})
    rng = random.Random(7)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        GAME.apply_in_place(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        assert "Zed-Name" not in json.dumps(GAME.encode_state(state)["events"])
    data = GAME.encode_state(state)
    assert data["names"] == names
    assert json.dumps({**data, "names": []}, ensure_ascii=False).count("Zed-Name") == 0
    # The words of the final scoring are still there, made from the events.
    assert any(line.startswith("Game over: Zed-Name-") for line in GAME.effects(state))


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
        (["events"], [3]),
        (["events"], [["fly"]]),
        (["events"], [["king", 0]]),  # a field missing
        (["events"], [["king", 3, "aragon"]]),  # no seat 3 in a 3-player game
        (["events"], [["king", 0, "portugal"]]),
        (["events"], [["decay", [1, 2], [3]]]),  # parallel lists of different lengths
        (["events"], [["castillo", [1, 2]]]),  # not one count per seat
        (["events"], [["auto", 0, {"kind": "disk", "region": "aragon"}, []]]),  # a secret
        (["events"], [["auto", 0, {"kind": "take", "stack": 2}, []]]),  # facts missing
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
