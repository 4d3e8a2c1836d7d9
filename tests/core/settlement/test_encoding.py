"""Encoding: states and actions round-trip through plain data, views hide the RNG and the
fate pile's order, and decoding refuses broken data with a reason."""

from __future__ import annotations

import pytest

from core.engine import CorruptData
from core.rng import Rng
from core.settlement import GAME
from core.settlement import actions as act
from core.settlement.actions import Action, Buy, Finish, Other, PayOne, Pick, Swap
from core.settlement.state import SPECTATOR, State
from tests.core.settlement.helpers import at, do, encoded, new, to_field

ACTIONS: list[Action] = [
    Pick(0), Pick(8), act.SPECIALTY, Other(0), Other(6), Swap(0, 4), Finish(-1), Finish(2),
    act.PAY, PayOne(3), act.REFUSE, Buy(0), Buy(19), act.DONE,
]  # fmt: skip


def real_dice(s: State) -> State:
    """Give a scripted state a real RNG again, so that it can be encoded and decoded."""
    s.rng = Rng(5)
    return s


def round_trip(s: State) -> None:
    data = encoded(s)
    assert encoded(GAME.decode_state(data)) == data


@pytest.mark.parametrize("action", ACTIONS)
def test_actions_round_trip(action: Action) -> None:
    """Every kind of action encodes to ids and decodes to itself."""
    data = GAME.encode_action(action)
    assert GAME.decode_action(data) == action
    assert isinstance(data["kind"], str)


def test_bad_actions_are_refused() -> None:
    """Unknown kinds, unknown ids and RP as a good are refused with CorruptData."""
    for data in ({"kind": "steal"}, {"kind": "pick", "character": "king"}, {"kind": "swap", "buy": "rp", "pay": "wood"},
                 {"kind": "buy", "item": "castle"}, {"kind": "done", "extra": 1}):
        with pytest.raises(CorruptData):
            GAME.decode_action(data)


def test_new_games_round_trip() -> None:
    """A new game (draft, in the middle of the draft, dealt) round-trips, RNG included."""
    for players, deal in ((1, "draft"), (4, "draft"), (4, "random"), (9, "order")):
        s = new(players, deal=deal)
        round_trip(s)
        if s.step == "pick":
            do(s, Pick(3))
            round_trip(s)


def test_views_hide_the_rng_and_the_pile_order() -> None:
    """A view has no RNG and shows the draw pile sorted (its contents are public)."""
    s = new(3, seed=4)
    for seat in (None, 0, 1, 2):
        v = GAME.view(s, seat)
        assert v.rng is None and v.viewer == (SPECTATOR if seat is None else seat)
        assert v.fate_pile == sorted(s.fate_pile)
        assert v.fate_discard == s.fate_discard
        round_trip(v)
        assert "rng" not in encoded(v)


def test_a_tampered_state_is_refused() -> None:
    """Broken data is refused naming the problem (a negative stock, too many tokens without
    the gates, a card missing from the piles, a view with an RNG)."""
    data = encoded(new(2))
    for key, value, words in (
        ("tokens", 3, "Warehouse"),
        ("pool", -1, "pool"),
        ("fate_pile", [], "20 cards"),
        ("round", 14, "round"),
        ("viewer", 0, "rng"),
    ):
        bad = dict(data, **{key: value})
        with pytest.raises(CorruptData, match=words):
            GAME.decode_state(bad)
    bad = dict(data, stock=dict(data["stock"], wood=-1))
    with pytest.raises(CorruptData, match="wood"):
        GAME.decode_state(bad)


def test_state_after_downpour_specialty_round_trips() -> None:
    """A game saved right after the Builder's specialty under Downpour loads again."""
    s = at("builder", fate="downpour", dice=[3])
    do(s, act.SPECIALTY)
    assert s.events[0][4] == -2
    round_trip(real_dice(s))


def test_state_after_quarrel_round_trips() -> None:
    """A game saved right after a Quarrel took 4 smiles loads again."""
    s = at("miner", pool=9, top="quarrel")
    do(s, Other(1))
    assert s.events[-1] == ("pool", -4)
    round_trip(real_dice(s))


def test_state_after_a_small_loss_round_trips() -> None:
    """A Quarrel that takes only 1 smile, an ordinary specialty and the mayor field load again."""
    s = at("miner", pool=1, top="quarrel")
    do(s, Other(1))
    round_trip(real_dice(s))
    s = at("builder", fate="quiet_year", dice=[3])
    do(s, act.SPECIALTY)
    round_trip(real_dice(s))
    to_field(s, "mayor")
    round_trip(real_dice(s))
