"""The game contract: info, encoding, views and determinization, texts, results, UI helpers."""

from __future__ import annotations

import json
import random
from typing import Any, Callable

import pytest

from core.council import (
    CATEGORIES,
    GAME,
    Acquire,
    Build,
    Change,
    Elect,
    ElectQuick,
    EndTurn,
    Extra,
    FreePermit,
    Hire,
    Pay,
    Rebonus,
    Royal,
    State,
    Token,
)
from core.council import actions as act
from core.council import helpers as ui
from core.council import text as words
from core.council.content import COLOURS, PERMIT_INDEX
from core.council.scoring import nobility_awards, permit_awards
from core.engine import CorruptData, IllegalAction
from core.rng import Rng
from tests.core.council.helpers import check_invariants, fresh, grant, new, place, play, take_permit, why

ALL_ACTIONS: list[Any] = (
    [a for row in act.ELECT for a in row]
    + [a for row in act.ELECT_Q for a in row]
    + list(act.ACQUIRE)
    + [a for row in act.BUILD for a in row if a is not None]
    + list(act.ROYAL)
    + list(act.PAY.values())
    + [act.HIRE, act.EXTRA, act.END_TURN]
    + list(act.CHANGE)
    + list(act.TOKEN)
    + list(act.FREE_PERMIT)
    + list(act.REBONUS)
)


def random_states(players: int, seed: int, every: int = 1, limit: int = 10_000) -> list[State]:
    """States of one random game (every ``every``-th decision), the final one included."""
    rng = random.Random(seed)
    state = new(players, seed)
    out = [state.clone()]
    steps = 0
    while not GAME.is_over(state) and steps < limit:
        seat = GAME.to_act(state)[0]
        GAME.apply_in_place(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        steps += 1
        if steps % every == 0:
            out.append(state.clone())
    out.append(state)
    return out


# --- info ------------------------------------------------------------------------------------
def test_info() -> None:
    info = GAME.info
    assert (info.id, info.title, info.min_players, info.max_players) == ("council", "Council of Four", 2, 4)
    assert info.hidden_information and info.blurb and len(info.blurb) < 200
    options = {o.key: o for o in info.options}
    assert options["layout"].default == "1/1/1" and len(options["layout"].choices) == 8
    assert options["first_player"].default == "random"
    assert options["layout"].parse("2/1/2") == "2/1/2"
    with pytest.raises(ValueError):
        options["layout"].parse("1/1")


# --- encoding ------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_state_round_trip(players: int) -> None:
    for state in random_states(players, seed=players, every=7):
        data = GAME.encode_state(state)
        text = json.dumps(data)
        assert "null" not in text
        again = GAME.decode_state(json.loads(text))
        assert again == state and GAME.encode_state(again) == data
        for seat in [None, *range(players)]:
            view = GAME.view(state, seat)
            vdata = GAME.encode_state(view)
            assert GAME.decode_state(json.loads(json.dumps(vdata))) == view


def test_action_round_trip() -> None:
    for action in ALL_ACTIONS:
        data = GAME.encode_action(action)
        assert data["kind"] == action.kind
        assert GAME.decode_action(json.loads(json.dumps(data))) == action
    assert GAME.encode_action(Pay(("blue", "joker", "orange"))) == {"kind": "pay", "cards": ["blue", "joker", "orange"]}
    assert GAME.decode_action({"kind": "pay", "cards": ["orange", "joker", "blue"]}) == Pay(("blue", "joker", "orange"))
    assert len(set(ALL_ACTIONS)) == len(ALL_ACTIONS)  # no two kinds of action compare equal
    assert Hire() != EndTurn() != Extra() and Elect("coast", "pink") != ElectQuick("coast", "pink")
    with pytest.raises(TypeError):
        GAME.encode_action(("elect", "coast"))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        "elect",
        {},
        {"kind": "fly"},
        {"kind": "elect", "balcony": "sea", "colour": "pink"},
        {"kind": "elect", "balcony": "coast", "colour": "joker"},
        {"kind": "elect", "balcony": "coast"},
        {"kind": "acquire", "region": "coast", "tile": "HI01"},
        {"kind": "acquire", "region": "coast", "tile": "XX01"},
        {"kind": "build", "tile": "CO01", "city": "Z"},
        {"kind": "build", "tile": "CO01", "city": 1},
        {"kind": "royal", "city": "AB"},
        {"kind": "pay", "cards": []},
        {"kind": "pay", "cards": ["joker"] * 5},
        {"kind": "pay", "cards": ["gold"]},
        {"kind": "pay", "cards": "orange"},
        {"kind": "hire", "extra": 1},
        {"kind": "change", "region": "royal"},
        {"kind": "token", "city": None},
        {"kind": "rebonus", "tile": ""},
        {"kind": True},
    ],
)
def test_decode_action_rejects_garbage(data: object) -> None:
    with pytest.raises(CorruptData):
        GAME.decode_action(data)


def mid_game() -> dict:
    """Encoded mid-game state with merchants, permits and reward tiles in play."""
    states = random_states(3, seed=21)
    state = next(s for s in states if sum(b.bit_count() for b in s.built) >= 8 and s.rewards != [[], [], []])
    return json.loads(json.dumps(GAME.encode_state(state)))


MID = mid_game()


def some_merchant(d: dict) -> str:
    """A city letter holding a merchant."""
    return next(iter(d["merchants"]))


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.pop("queen"),
        lambda d: d.update(extra=1),
        lambda d: d.update(format=2),
        lambda d: d.update(names=["solo"]),
        lambda d: d.update(names=[1, 2, 3]),
        lambda d: d.update(layout="3/3/3"),
        lambda d: d.update(first=3),
        lambda d: d.update(rng={"state": "zz", "inc": "1"}),
        lambda d: d.pop("rng"),
        lambda d: d.update(deck_size=3),
        lambda d: d["deck"].append("joker"),
        lambda d: d["deck"].__setitem__(0, "gold"),
        lambda d: d["hands"][0].update(joker=d["hands"][0]["joker"] + 1),
        lambda d: d["hands"].__setitem__(1, {"hidden": 6}),
        lambda d: d["discard"].update(orange=-1),
        lambda d: d["city_tokens"].update(J={"vp": 1}),
        lambda d: d["city_tokens"].update(A={"vp": 9}),
        lambda d: d.update(queen="Q"),
        lambda d: d["balconies"]["coast"].append("pink"),
        lambda d: d["balconies"].update(coast=["pink"] * 4),
        lambda d: d["reserve"].update(pink=9),
        lambda d: d["face_up"].update(coast=["HI01", ""]),
        lambda d: d["face_up"]["coast"].__setitem__(0, "MO99"),
        lambda d: d["players"][0]["unused_permits"].append(d["face_up"]["hills"][0]),
        lambda d: d["players"][0].update(coins=-1),
        lambda d: d["players"][0].update(nobility=21),
        lambda d: d["players"][0].update(vp="3"),
        lambda d: d["players"][1]["reward_tiles"].append("gold"),
        lambda d: d["players"][1]["reward_tiles"].append("platinum"),
        lambda d: d["permit_decks"]["coast"].pop(),
        lambda d: d["permit_decks"].update(coast=d["permit_decks"]["hills"]),
        lambda d: d["merchants"].update(A=[0, 0]),
        lambda d: d["merchants"].update(A=[7]),
        lambda d: d["merchants"].update({some_merchant(d): []}),
        lambda d: d.update(neutral=["A", "B", "C"]),
        lambda d: d.update(reward_tiles_left=["gold", "gold"]),
        lambda d: d.update(queen_tiles_taken=5),
        lambda d: d.update(current=3),
        lambda d: d.update(mains_taken=9),
        lambda d: d.update(quick_used="no"),
        lambda d: d.update(stage="dance"),
        lambda d: d.update(stage="acquire", stage_target="CO01"),
        lambda d: d.update(stage_target="A"),
        lambda d: d.update(pending=[{"kind": "steps", "steps": 1}]),
        lambda d: d.update(pending=[{"kind": "choose_token", "count": 3, "exclude": ""}]),
        lambda d: d.update(pending=[{"kind": "sing"}]),
        lambda d: d.update(end_trigger=1),
        lambda d: d.update(over=True),
        lambda d: d.update(turn_number=0),
        lambda d: d.update(reveals=-2),
        lambda d: d.update(players="none"),
    ],
)
def test_decode_state_rejects_garbage(change: Callable[[dict], object]) -> None:
    data = json.loads(json.dumps(MID))
    change(data)
    with pytest.raises(CorruptData):
        GAME.decode_state(data)


def test_decode_state_rejects_non_tables() -> None:
    for data in (None, [], "state", 3):
        with pytest.raises(CorruptData):
            GAME.decode_state(data)


# --- apply and legality ------------------------------------------------------------------------
def test_apply_never_mutates_input() -> None:
    for players in (2, 4):
        rng = random.Random(players)
        state = new(players, seed=players)
        while not GAME.is_over(state):
            before = GAME.encode_state(state)
            copy = state.clone()
            seat = GAME.to_act(state)[0]
            after = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            assert GAME.encode_state(state) == before and state == copy
            state = after


def test_why_illegal_agrees_with_legal_actions() -> None:
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        for state in random_states(players, seed, every=5):
            if GAME.is_over(state):
                assert all(GAME.why_illegal(state, 0, a) == "The game is over." for a in ALL_ACTIONS[:5])
                continue
            seat = GAME.to_act(state)[0]
            legal = set(GAME.legal_actions(state, seat))
            assert len(legal) != 1
            for action in ALL_ACTIONS:
                reason = GAME.why_illegal(state, seat, action)
                assert (reason is None) == (action in legal), (action, reason)
            other = (seat + 1) % players
            assert GAME.legal_actions(state, other) == []
            assert "turn, not yours" in why(state, other, next(iter(legal)))


def test_illegal_actions_raise_readable_reasons_and_change_nothing() -> None:
    state = fresh(3)
    before = GAME.encode_state(state)
    cases = [
        (1, Hire(), "P0's turn"),
        (0, Elect("sea", "pink"), "no balcony called"),
        (0, Elect("coast", "gold"), "no 'gold' councillors"),
        (0, Build("CO99", "A"), "no permit tile called"),
        (0, Royal("Z"), "no city with the letter"),
        (0, Pay(("blue",)), "nothing to pay for"),
        (0, Token("A"), "no nobility bonus"),
        (0, FreePermit("CO01"), "no nobility bonus"),
        (0, Rebonus("CO01"), "no nobility bonus"),
        (0, EndTurn(), "take your main action first"),
        (0, Acquire("hills", "CO01"), "belongs to the coast region"),
        (0, "jump", "not a Council of Four move"),
        (0, Elect("coast", "pink", "hire"), "not a Council of Four move"),
        (0, Elect(["coast"], "pink"), "must be a name"),  # type: ignore[arg-type]
        (0, Pay(["pink"]), "sorted alphabetically"),  # type: ignore[arg-type]
        (9, Hire(), "no seat 9"),
    ]
    for seat, action, text in cases:
        with pytest.raises(IllegalAction) as info:
            GAME.apply(state, seat, action)  # type: ignore[arg-type]
        assert text in info.value.reason, (action, info.value.reason)
    assert GAME.encode_state(state) == before
    empty = next(c for c in range(6) if state.reserve[c] == 0) if 0 in state.reserve else None
    if empty is not None:
        assert "waiting beside the board" in why(state, 0, Elect("coast", COLOURS[empty]))
    hidden = next(p for p in state.permit_decks[0])
    from core.council.content import PERMITS

    assert "not face up" in why(state, 0, Acquire("coast", PERMITS[hidden].id))


# --- views and determinization ------------------------------------------------------------------
def assert_hides(view: State, real: State, seat: int | None) -> None:
    """``view`` holds nothing ``seat`` may not see of ``real``."""
    assert view.rng is None and view.deck is None and view.deck_size() == real.deck_size()
    assert all(d is None for d in view.permit_decks)
    assert [view.permit_deck_size(r) for r in range(3)] == [real.permit_deck_size(r) for r in range(3)]
    for other in range(real.players):
        if other == seat:
            assert view.hands[other] == real.hands[other]
        else:
            assert view.hands[other] is None
        assert view.hand_count[other] == real.hand_count[other]
    data = GAME.encode_state(view)
    assert "rng" not in data and "deck" not in data and "permit_decks" not in data
    for other, hand in enumerate(data["hands"]):
        assert (set(hand) == {"hidden"}) == (other != seat)
    # Everything else is public and unchanged.
    assert view.discard == real.discard and view.balconies == real.balconies
    assert view.face_up == real.face_up and view.unused == real.unused and view.used == real.used


@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_never_show_other_hands(players: int) -> None:
    for state in random_states(players, seed=40 + players, every=3):
        for seat in [None, *range(players)]:
            view = GAME.view(state, seat)
            assert_hides(view, state, seat)
            assert_hides(GAME.view(view, seat), state, seat)  # a view of a view hides as much


def test_view_keeps_legal_actions_of_the_player_to_act() -> None:
    for state in random_states(3, seed=8, every=4)[:-1]:
        seat = GAME.to_act(state)[0]
        assert GAME.legal_actions(GAME.view(state, seat), seat) == GAME.legal_actions(state, seat)
        assert GAME.prompt(GAME.view(state, seat), seat) == GAME.prompt(state, seat)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinize_is_consistent_with_the_view(players: int) -> None:
    for state in random_states(players, seed=60 + players, every=9):
        seat = state.current
        view = GAME.view(state, seat)
        det_a = GAME.determinize(view, seat, Rng(1))
        det_b = GAME.determinize(view, seat, Rng(2))
        for det in (det_a, det_b):
            check_invariants(det)
            assert det.rng is not None and det.rng != state.rng
            assert GAME.view(det, seat) == view
            assert GAME.encode_state(GAME.view(det, seat)) == GAME.encode_state(view)
            assert det.hands[seat] == state.hands[seat]
            if not GAME.is_over(det):
                assert GAME.legal_actions(det, seat) == GAME.legal_actions(state, seat)
        if state.deck_size() > 5:
            assert det_a.deck != det_b.deck
        assert GAME.encode_state(GAME.determinize(view, seat, Rng(1))) == GAME.encode_state(det_a)


def test_determinized_states_play_to_the_end() -> None:
    state = play(new(3, seed=5), 100, seed=5)
    det = GAME.determinize(GAME.view(state, 1), 1, Rng(9))
    play(det, 100_000, seed=9)
    assert GAME.is_over(det)
    spectator = GAME.determinize(GAME.view(state, None), 0, Rng(3))
    check_invariants(spectator)


def test_undo_barriers() -> None:
    state = fresh(3)
    colour = COLOURS[next(c for c in range(6) if state.reserve[c])]
    elect = GAME.apply(state, 0, Elect("coast", colour))
    assert not GAME.is_undo_barrier(state, elect)
    assert not GAME.is_undo_barrier(state, GAME.apply(state, 0, Hire()))
    assert GAME.is_undo_barrier(elect, GAME.apply(elect, 0, EndTurn()))  # the next player draws
    assert GAME.is_undo_barrier(state, GAME.apply(state, 0, Change("coast")))
    before = state.clone()
    grant(state, 0, cards=1)
    assert GAME.is_undo_barrier(before, state)
    assert not GAME.is_undo_barrier(GAME.view(before, 0), GAME.view(before, 0))


# --- results ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "positions, awards",
    [((7, 7, 3), [5, 5, 0]), ((9, 4, 4, 1), [5, 2, 2, 0]), ((6, 6), [5, 5]), ((0, 0, 0), [5, 5, 5]), ((3, 0), [5, 2])],
)
def test_e5_nobility_awards(positions: tuple[int, ...], awards: list[int]) -> None:
    assert nobility_awards(positions) == awards


def test_permit_awards() -> None:
    assert permit_awards([3, 5, 5]) == [0, 3, 3]
    assert permit_awards([0, 0]) == [3, 3]
    assert permit_awards([1, 0, 0, 0]) == [3, 0, 0, 0]


def finished(players: int = 3) -> State:
    """A game-over state (result() needs nothing else)."""
    state = fresh(players)
    state.over = True
    state.end_trigger = 0
    return state


def test_result_breakdown_and_tiebreak() -> None:
    state = finished(3)
    state.vp = [20, 30, 25]
    state.rewards = [["gold", "queen1"], [], []]
    state.nobility = [4, 4, 1]
    take_permit(state, 2, "CO01")
    take_permit(state, 2, "CO02", used=True)
    state.servants = [0, 5, 0]
    result = GAME.result(state)
    assert result.categories == CATEGORIES and CATEGORIES[-1] == "Total"
    assert result.breakdown[0] == (20, 45, 5, 0, 0 + state.hand_count[0], 70)
    assert result.breakdown[1][-1] == 35 and result.breakdown[2] == (25, 0, 0, 3, state.hand_count[2], 28)
    assert result.totals == (70, 35, 28) and result.ranks == (1, 2, 3) and result.winners == (0,)
    assert GAME.scores(state) == [70, 35, 28]
    assert GAME.evaluate(state, 1) == 35 - 70
    # A tie on points is broken by servants + cards; a full tie is shared.
    state.rewards = [[], [], []]
    state.vp = [30, 30, 30]
    state.unused[2] = []
    state.used[2] = []
    state.hand_count = [4, 4, 4]
    state.servants = [1, 0, 1]
    result = GAME.result(state)
    assert result.totals == (38, 38, 33) and result.ranks == (1, 2, 3)
    assert any("servants + politics cards" in note for note in result.notes)
    state.servants = [0, 0, 1]
    result = GAME.result(state)
    assert result.ranks == (1, 1, 3) and any("share" in note for note in result.notes)


def test_random_games_end_with_consistent_results() -> None:
    for players in (2, 3, 4):
        state = random_states(players, seed=100 + players)[-1]
        assert GAME.is_over(state)
        result = GAME.result(state)
        for seat in range(players):
            row = result.breakdown[seat]
            assert sum(row[:4]) == row[-1] == result.totals[seat]
        assert min(result.ranks) == 1 and list(result.totals) == GAME.scores(state)


# --- texts ---------------------------------------------------------------------------------------
def test_describe() -> None:
    state = fresh(3)
    assert GAME.describe(Elect("coast", "pink")) == "Elect a pink councillor to the coast council (+4 coins)"
    assert GAME.describe(ElectQuick("royal", "pink")) == "Quick: elect a pink councillor to the Queen's council for 1 servant"
    assert GAME.describe(Elect("hills", "orange")).startswith("Elect an orange councillor")
    assert GAME.describe(Acquire("coast", "CO04")) == "Acquire permit D [7 VP]"
    assert GAME.describe(Build("HI04", "I")) == "Build in Indur with permit I"
    place(state, 1, "I")
    assert GAME.describe(Build("HI04", "I"), state) == "Build in Indur with permit I (pay 1 servant)"
    assert GAME.describe(Royal("J"), state) == "Queen's help: build in Juvelar (0 roads, 0 coins)"
    assert GAME.describe(Pay(("blue", "joker"))) == "Pay blue + joker"
    assert GAME.describe(Hire()) == "Quick: engage a servant for 3 coins"
    assert GAME.describe(Change("hills")) == "Quick: change the hills permit tiles for 1 servant"
    assert GAME.describe(Extra()) == "Quick: one more main action for 3 servants"
    assert GAME.describe(EndTurn()) == "End turn"
    assert GAME.describe(Token("C"), state) == "Take Castrum's token (3 VP)"
    assert GAME.describe(FreePermit("MO02")) == "Take permit L [1 coin + 3 servants] for free"
    assert GAME.describe(Rebonus("HI02")) == "Gain the bonus of permit G again (2 VP + 2 servants + 1 nobility step)"
    for action in ALL_ACTIONS:
        assert GAME.describe(action, state) and GAME.describe(action)


def test_prompt_and_progress() -> None:
    state = fresh(3)
    assert GAME.prompt(state, 0) == "Take your main action or a quick action"
    assert GAME.prompt(state, 1) == "Waiting for P0."
    colour = COLOURS[next(c for c in range(6) if state.reserve[c])]
    after = GAME.apply(state, 0, Elect("coast", colour))
    assert GAME.prompt(after, 0) == "Take a quick action or end your turn"
    state.servants[0] = 3
    extra = GAME.apply(state, 0, Extra())
    assert GAME.prompt(extra, 0) == "Take your main action"
    again = GAME.apply(extra, 0, Elect("coast", colour))
    assert GAME.prompt(again, 0) == "Take a main action (1 left), or end your turn"
    assert GAME.progress(state) == "Turn 1"



@pytest.mark.parametrize(
    ("turn_number", "over", "round_number"),
    [(1, False, 1), (3, False, 1), (4, False, 2), (7, False, 3), (4, True, 1), (7, True, 2), (8, True, 3)],
)
def test_a_round_is_every_player_taking_a_turn(turn_number: int, over: bool, round_number: int) -> None:
    """Three players: turns 1-3 are round 1. At the end the turn count is one past the last
    turn taken, whose round it is."""
    state = finished(3) if over else fresh(3)
    state.turn_number = turn_number
    assert GAME.round_number(state) == round_number


# --- evaluation ----------------------------------------------------------------------------------
def test_evaluate_prefers_progress() -> None:
    state = fresh(3)
    take_permit(state, 0, "CO04")
    base = GAME.evaluate(state, 0)
    after = GAME.apply(state, 0, Build("CO04", "D"))
    assert GAME.evaluate(after, 0) > base
    assert GAME.evaluate(after, 1) < GAME.evaluate(state, 1)


def test_greedy_beats_random() -> None:
    from core.ai import make_bot, play_game

    wins = 0
    for game in range(6):
        kinds = ["greedy", "random"] if game % 2 == 0 else ["random", "greedy"]
        bots = [make_bot(k, game * 7 + s, game=GAME) for s, k in enumerate(kinds)]
        state, _ = play_game(GAME, ["A", "B"], game, bots)
        if kinds.index("greedy") in GAME.result(state).winners:
            wins += 1
    assert wins >= 5


# --- UI helpers ----------------------------------------------------------------------------------
def test_ui_helpers() -> None:
    state = fresh(3)
    place(state, 1, "A")
    cities = ui.map_cities(state)
    assert [c.letter for c in cities] == list("ABCDEFGHIJKLMNO")
    arkon = cities[0]
    assert (arkon.name, arkon.initial, arkon.colour, arkon.region, arkon.token) == ("Arkon", "A", "iron", "coast", "1 VP")
    assert arkon.merchants == (1,) and not arkon.neutral and (arkon.x, arkon.y) == (0, 0)
    assert cities[9].colour == "royal" and cities[9].token == ""
    assert len(ui.map_roads(state)) == 18 and ("A", "B") in ui.map_roads(state)
    assert ui.layout_key(state) == "1/1/1" and ui.queen_city(state) == "J"
    assert list(ui.balconies(state)) == ["coast", "hills", "mountains", "royal"]
    assert sum(ui.reserve(state).values()) == 8
    assert all(len(v) == 2 and all(v) for v in ui.face_up(state).values())
    assert ui.permit_deck_sizes(state) == {"coast": 13, "hills": 13, "mountains": 13}
    assert ui.permit_info("CO13") == ("CO13", "coast", ("A", "D", "E"), "2 VP + 1 coin")
    assert ui.rewards_left(state)["gold"] == 20 and ui.queen_rewards_left(state) == [25, 18, 12, 7, 3]
    take_permit(state, 0, "CO04", used=True)
    info = ui.player_info(state, 0)
    assert info.coins == 10 and info.servants == 1 and info.merchants_left == 10 and info.used_permits == ("CO04",)
    assert info.hand is not None and sum(info.hand.values()) == info.hand_size == 7
    assert ui.player_info(GAME.view(state, 1), 0).hand is None
    assert ui.player_info(state, 1).cities == ("A",)
    assert ui.deck_size(state) == 90 - 19 and ui.discard_pile(state) == {}
    spaces = ui.nobility_spaces()
    assert spaces[2] == "2 VP + 2 coins" and "two" not in spaces[16] and "2 different" in spaces[16]
    assert words.paying_for(state) == ""


def test_event_texts() -> None:
    state = fresh(3)
    colour = COLOURS[next(c for c in range(6) if state.reserve[c])]
    after = GAME.apply(GAME.apply(state, 0, Elect("coast", colour)), 0, Hire())
    texts = words.event_texts(after, GAME.describe)
    assert texts == [
        "P0: End turn (the only option).",
        "P1's turn.",
        "P1 draws 1 politics card.",
    ]
    place(state, 0, "B", "C", "D", "E", "M")
    take_permit(state, 0, "CO01")
    done = GAME.apply(state, 0, Build("CO01", "A"))
    texts = words.event_texts(done)
    assert "P0 gains Arkon's token: 1 VP." in texts
    assert "P0 takes the iron reward tile (5 VP)." in texts
    assert "P0 takes the Queen's reward tile (25 VP)." in texts
    assert PERMIT_INDEX["CO01"] in done.used[0]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_build_gains_are_the_tokens_the_build_then_gives(seed: int) -> None:
    """The preview of a build (``helpers.build_gains``) names the cities whose tokens the
    build then gains (its "token" events, in that order), and adds their bonuses up."""
    checked = 0
    for state in random_states(3, seed, every=3):
        if GAME.is_over(state):
            continue
        seat = GAME.to_act(state)[0]
        for action in GAME.legal_actions(state, seat):
            if not isinstance(action, Build):
                continue
            from core.council.content import CITY_INDEX

            cities, total = ui.build_gains(state, seat, CITY_INDEX[action.city])
            after = GAME.apply(state, seat, action)
            gained = [event[2] for event in after.events if event[0] == "token" and event[1] == seat]
            # In resolution order; a token's nobility step that asks a choice holds the rest
            # of the chain until it is made.
            assert gained == cities[:len(gained)]
            assert len(gained) == len(cities) or after.pending
            sums = [sum(state.city_bonus[c][i] for c in cities) for i in range(6)]
            assert list(total) == sums
            checked += 1
    assert checked, "the game offered builds"
