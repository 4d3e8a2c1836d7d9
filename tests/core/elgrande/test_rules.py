"""Round flow (rules: "Set-up", "A round"): setup, bidding, court refill, taking cards,
placement, scoring, end."""

from __future__ import annotations

import pytest

from core.elgrande import GAME
from core.elgrande.actions import (
    COURT_N,
    COURT_FROM,
    COURT_STOP,
    DISK,
    KING,
    PLACE,
    PLACE_DONE,
    POWER,
    SPECIAL_SKIP,
    TAKE,
    Court,
    Place,
    Take,
)
from core.elgrande.content import ALL_POWER, CARD_INDEX, CASTILLO, KING_CARD, SETUP
from core.elgrande.state import BID, BODY, COURT, DISK as DISK_PHASE, OVER, PULL, TAKE as TAKE_PHASE
from core.engine import IllegalAction
from tests.core.elgrande.helpers import (
    R,
    act,
    clear_board,
    conserved,
    fresh,
    legal,
    new,
    play_random,
    play_until,
    set_region,
    turn,
)


# --- setup ("Set-up") --------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup(players: int) -> None:
    for seed in range(8):
        state = new(players, seed)
        homes = state.grandes
        assert len(set(homes)) == players and state.king not in homes
        for s in range(players):
            assert state.board[homes[s]][s] == 2
            assert sum(row[s] for row in state.board) == 2
            assert (state.court[s], state.provinces[s], state.castillo[s], state.score[s]) == (7, 21, 0, 0)
            assert state.hand[s] == ALL_POWER and state.played[s] == []
        assert [len(row) for row in state.stacks] == [10, 10, 10, 10]
        assert all(c >= 0 for c in state.face_up[:4]) and state.face_up[4] == KING_CARD
        assert state.phase == BID and state.round == 1 and state.reveals == 1
        assert GAME.to_act(state) == [state.bid_first]
        assert conserved(state)


def test_random_start_and_first_player_option() -> None:
    assert {new(4, seed).bid_first for seed in range(40)} == {0, 1, 2, 3}
    assert {new(5, seed).king for seed in range(60)} == set(range(9))
    assert new(4, 9, first_player="2").bid_first == 2
    with pytest.raises(ValueError):
        new(2, 1, first_player="3")
    with pytest.raises(ValueError):
        new(1, 1)
    with pytest.raises(ValueError):
        new(6, 1)


def test_short_game_plays_six_rounds() -> None:
    state = new(3, 4, short_game=True)
    assert state.round == 2 and GAME.round_number(state) == 1  # rounds played, not the board's
    state = play_random(state, 10_000, seed=2)
    assert state.phase == OVER and state.round == 9 and GAME.round_number(state) == 6
    assert all(len(p) == 6 for p in state.played)


# --- bidding ("A round", power cards) ---------------------------------------------------------------
def test_bidding_clockwise_distinct_and_turn_order() -> None:
    state = new(4, 2, first_player="1")
    assert GAME.to_act(state) == [1]
    state = act(state, 1, POWER[9])
    assert GAME.to_act(state) == [2]
    assert POWER[9] not in legal(state)
    assert "already played 9" in GAME.why_illegal(state, 2, POWER[9])
    state = act(state, 2, POWER[2])
    state = act(state, 3, POWER[13])
    state = act(state, 0, POWER[5])
    assert state.order == [3, 1, 0, 2]  # 13, 9, 5, 2
    assert GAME.turn_holder(state) == 3
    assert state.hand[1] == ALL_POWER & ~(1 << 9)
    # Power 13 brings nobody to court: seat 3 goes straight to taking a card.
    assert state.phase == TAKE_PHASE and GAME.to_act(state) == [3]


def test_lowest_bidder_starts_next_round_and_played_cards_are_gone() -> None:
    state = new(3, 7, first_player="0")
    for seat, value in ((0, 11), (1, 1), (2, 7)):
        state = act(state, seat, POWER[value])
    state = play_until(state, lambda s: s.round == 2, seed=1)
    assert state.round == 2 and state.phase == BID
    assert state.bid_first == 1 and GAME.to_act(state) == [1]
    assert POWER[1] not in legal(state, 1)
    assert "no longer hold" in GAME.why_illegal(state, 1, POWER[1])


def test_last_bidder_with_one_legal_card_plays_it_automatically() -> None:
    state = new(2, 7, first_player="0")
    state.hand[1] = (1 << 4) | (1 << 8)
    fresh(state)
    state = act(state, 0, POWER[8])
    assert state.bids == [8, 4]  # seat 1 could only play 4
    assert "P1: Play power card 4 (4 caballeros to court) (only option)." in GAME.effects(state)


# --- court refill (the first step of a turn) -------------------------------------------------------
def test_court_refill_up_to_the_card() -> None:
    state = new(2, 5, first_player="0")
    state = act(state, 0, POWER[1])  # 6 caballeros
    state = act(state, 1, POWER[4])  # 4 caballeros; turn order 4, 1
    assert state.phase == COURT and GAME.to_act(state) == [1]
    assert legal(state) == [COURT_N[i] for i in range(4, -1, -1)], "most first, the usual choice"
    assert "at most 4" in GAME.why_illegal(state, 1, Court(5))
    state = act(state, 1, COURT_N[3])
    assert (state.court[1], state.provinces[1]) == (10, 18)
    assert state.phase == TAKE_PHASE


def test_court_shortage_pulls_from_regions_but_not_the_kings() -> None:
    state = new(2, 5, first_player="0")
    clear_board(state)
    state.king = R["galicia"]
    set_region(state, "galicia", [3, 0])
    set_region(state, "aragon", [2, 0])
    set_region(state, "sevilla", [1, 0])
    state.court[0] += state.provinces[0] - 2
    state.provinces[0] = 2  # 2 left in the provinces
    fresh(state)
    state = act(state, 0, POWER[1])  # 6 allowed
    state = act(state, 1, POWER[13])
    state = act(state, 1, legal(state, 1)[0])  # seat 1 takes a card ...
    while GAME.to_act(state) == [1]:
        state = act(state, 1, SPECIAL_SKIP if SPECIAL_SKIP in legal(state, 1) else PLACE_DONE)
    assert state.phase == COURT and legal(state, 0) == [COURT_N[2], COURT_N[1], COURT_N[0]]
    state = act(state, 0, COURT_N[2])
    assert state.phase == PULL
    assert set(legal(state, 0)) == {COURT_FROM[R["aragon"]], COURT_FROM[R["sevilla"]], COURT_STOP}
    assert "taboo" in GAME.why_illegal(state, 0, COURT_FROM[R["galicia"]])
    state = act(state, 0, COURT_FROM[R["aragon"]])
    state = act(state, 0, COURT_FROM[R["aragon"]])
    state = act(state, 0, COURT_FROM[R["sevilla"]])  # 2 + 3 taken: one more allowed, none left
    assert state.phase == TAKE_PHASE  # no region left to pull from: stopped automatically
    assert state.board[R["galicia"]][0] == 3 and state.provinces[0] == 0


def test_taking_fewer_than_the_provinces_hold_ends_the_refill() -> None:
    state = new(2, 5, first_player="0")
    state = act(state, 0, POWER[1])
    state = act(state, 1, POWER[13])
    state = act(state, 1, legal(state, 1)[0])
    while GAME.to_act(state) == [1]:
        state = act(state, 1, SPECIAL_SKIP if SPECIAL_SKIP in legal(state, 1) else PLACE_DONE)
    state = act(state, 0, COURT_N[1])
    assert state.phase == TAKE_PHASE and state.court[0] == 8


# --- taking a card and placing ("A round" turns, "The King") -----------------------------------------
def test_take_a_face_up_card_each_stack_once() -> None:
    state = new(3, 8, first_player="0")
    for seat, value in ((0, 13), (1, 12), (2, 11)):
        state = act(state, seat, POWER[value])
    assert legal(state, 0) == [TAKE[1], TAKE[2], TAKE[3], TAKE[4], TAKE[5]]
    card = state.face_up[2]
    state = act(state, 0, TAKE[3])
    assert state.card == card and state.face_up[2] == -1
    while GAME.to_act(state) == [0]:
        state = act(state, 0, PLACE_DONE if PLACE_DONE in legal(state, 0) else SPECIAL_SKIP)
    assert TAKE[3] not in legal(state, 1)
    assert "already been taken" in GAME.why_illegal(state, 1, Take(3))


def test_placement_goes_next_to_the_king_or_into_the_castillo() -> None:
    state = turn("s4_royal_adviser", king="galicia", court=6)
    near = {PLACE[R["castilla_vieja"]], PLACE[R["pais_vasco"]], PLACE[CASTILLO]}
    assert {a for a in legal(state) if isinstance(a, Place)} == near
    assert "taboo" in GAME.why_illegal(state, 0, PLACE[R["galicia"]])
    assert "next to the King" in GAME.why_illegal(state, 0, PLACE[R["sevilla"]])
    for dest in (R["pais_vasco"], CASTILLO, CASTILLO, R["castilla_vieja"]):
        state = act(state, 0, PLACE[dest])
    assert state.castillo[0] == 2 and state.castillo_log == [(1, 0, 2)]
    assert state.court[0] == 2
    # Four placed with a stack-4 card: placement is over, only the special action remains.
    assert not any(isinstance(a, Place) for a in legal(state))
    assert "at most 4" in GAME.why_illegal(state, 0, PLACE[CASTILLO])


def test_placement_limited_by_the_court() -> None:
    state = turn("s5_king", king="galicia", court=1)
    state = act(state, 0, PLACE[CASTILLO])
    assert not any(isinstance(a, Place) for a in legal(state))
    assert "court is empty" in GAME.why_illegal(state, 0, PLACE[CASTILLO])


def test_special_first_then_placement_next_to_the_new_king() -> None:
    state = turn("s5_king", king="galicia", court=6)
    state = act(state, 0, KING[R["sevilla"]])
    assert state.king == R["sevilla"]
    places = {a for a in legal(state) if isinstance(a, Place)}
    assert places == {PLACE[R["castilla_nueva"]], PLACE[R["granada"]], PLACE[CASTILLO]}
    for _ in range(5):
        state = act(state, 0, PLACE[R["granada"]])
    assert state.board[R["granada"]][0] == 5 and state.cur != 0  # five placed: the turn is over


def test_placement_then_special_never_interleaved() -> None:
    state = turn("s5_king", king="galicia", court=6)
    state = act(state, 0, PLACE[R["pais_vasco"]])
    state = act(state, 0, KING[R["aragon"]])  # starting the special closes placement
    assert state.cur != 0 or state.phase != BODY
    assert state.board[R["pais_vasco"]][0] == 1 and state.court[0] == 5


def test_place_done_then_special() -> None:
    state = turn("s5_king", king="galicia", court=6)
    state = act(state, 0, PLACE[R["pais_vasco"]])
    state = act(state, 0, PLACE_DONE)
    assert not any(isinstance(a, Place) for a in legal(state))
    assert "finished placing" in GAME.why_illegal(state, 0, PLACE[R["pais_vasco"]])
    assert SPECIAL_SKIP in legal(state) and KING[R["aragon"]] in legal(state)


def test_king_card_returns_every_round() -> None:
    state = new(2, 3, first_player="0")
    state = act(state, 0, POWER[13])
    state = act(state, 1, POWER[12])
    state = act(state, 0, TAKE[5])
    assert state.face_up[4] == -1
    state = play_until(state, lambda s: s.round == 2, seed=1)
    assert state.face_up[4] == KING_CARD
    assert CARD_INDEX["s5_king"] not in state.out


def test_unused_cards_are_discarded_at_round_end() -> None:
    state = new(2, 3)
    shown = state.face_up[:4]
    state = play_until(state, lambda s: s.round == 2, seed=2)
    taken_or_gone = [c for c in shown]
    assert sorted(c for c in state.out if c in taken_or_gone) == sorted(taken_or_gone)
    assert all(c >= 0 for c in state.face_up[:4])


# --- general scoring ("The Castillo", after rounds 3, 6 and 9) ---------------------------------
def test_general_scoring_after_round_three() -> None:
    state = play_until(new(3, 11), lambda s: s.round == 4 or (s.phase == DISK_PHASE and s.cur < 0), seed=3)
    assert state.phase == DISK_PHASE and state.round == 3  # this seed filled the Castillo
    group = list(state.disk_group)
    assert group == [s for s in range(3) if state.castillo[s]]
    assert all(DISK[state.king] not in legal(state, s) for s in group)
    assert len(legal(state, group[0])) == 8
    before = state.clone()
    inside = list(state.castillo)
    for s in group:
        target = next(r for r in range(9) if r != state.king)
        state = act(state, s, DISK[target])
    assert sum(state.castillo) == 0 and state.castillo_log == []
    target = next(r for r in range(9) if r != before.king)
    for s in group:  # the moved caballeros arrived (general scoring never removes any)
        assert state.board[target][s] == before.board[target][s] + inside[s]
    caused = GAME.effects(state)  # by the last disk: the reveal and the scoring
    assert any("Castillo scored" in line for line in caused)
    assert sum(1 for line in caused if " scored" in line) >= 10
    assert state.round == 4 and state.reveals > before.reveals


def test_general_scoring_in_detail() -> None:
    """Hand-made end of round 3: Castillo scored first, then caballeros moved, then regions."""
    state = turn(
        "s5_king",
        players=3,
        king="galicia",
        court=0,
        regions={"aragon": [2, 1, 0], "sevilla": [0, 0, 1]},
        castillo=[3, 1, 0],
        grandes=["aragon", "sevilla", "sevilla"],
    )
    state.round = 3
    for s in range(3):
        state.played[s] = [1, 2, state.bids[s]]
        state.hand[s] = ALL_POWER & ~(1 << 1) & ~(1 << 2) & ~(1 << state.bids[s])
    state.order = [0, 1, 2]
    state.turn_idx = 2  # seat 0 plays the last turn of the round
    fresh(state)
    state = act(state, 0, SPECIAL_SKIP)
    assert state.phase == DISK_PHASE and GAME.to_act(state) == [0, 1]
    state = act(state, 1, DISK[R["aragon"]])
    assert GAME.to_act(state) == [0]
    state = act(state, 0, DISK[R["sevilla"]])
    # Castillo 3 vs 1: seat 0 gets 5, seat 1 gets 3 (category Castillo).
    assert [p[0] for p in state.points] == [5, 3, 0]
    # Moves: seat 0's 3 to Sevilla, seat 1's 1 to Aragón; then regions.
    assert state.board[R["sevilla"]] == [3, 0, 1] and state.board[R["aragon"]] == [2, 2, 0]
    # Aragón 5/4/1: tie 2-2 -> both 4, no Grande bonus; Sevilla 4/3/1: seat 0 leads (4), seat 2 3.
    assert [p[1] for p in state.points] == [4 + 4, 4, 3]
    assert [p[3] for p in state.points] == [0, 0, 0]
    assert state.round == 4 and state.phase == BID


def test_game_ends_after_round_nine() -> None:
    state = play_random(new(4, 21), 100_000, seed=5)
    assert GAME.is_over(state) and state.round == SETUP.rounds
    assert GAME.to_act(state) == [] and GAME.legal_actions(state, 0) == []
    assert GAME.why_illegal(state, 0, POWER[1]) == "The game is over."
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, POWER[1])
    result = GAME.result(state)
    assert result.categories[-1] == "Total"
    assert all(sum(row[:-1]) == row[-1] for row in result.breakdown)
