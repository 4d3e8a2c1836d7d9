"""Every action card's special action (rules: "Action cards in short"; each card's steps)."""

from __future__ import annotations

from core.elgrande import GAME
from core.elgrande.actions import (
    COURT_FROM,
    COURT_N,
    COURT_STOP,
    DISK,
    GRANDE,
    KING,
    MOVEMENT,
    PICK,
    PLACE,
    PLACE_DONE,
    PLACE_EXTRA,
    REMOVE,
    RET,
    SCORE,
    SCOREBOARD,
    SPECIAL_DONE,
    SPECIAL_GO,
    SPECIAL_SKIP,
    TAKE_BACK,
    TO,
    Pick,
    Place,
    PlaceExtra,
    Remove,
    Ret,
)
from core.elgrande.content import ALL_POWER, CASTILLO, COURT
from core.elgrande.state import BODY, CAT_SPECIAL, DISK as DISK_PHASE, DONE, RET as RET_PHASE, RUNNING, State
from tests.core.elgrande.helpers import R, act, conserved, fresh, legal, turn

GA, PV, AR, CT, CV, CN, VA, SE, GR = (
    R[k]
    for k in (
        "galicia",
        "pais_vasco",
        "aragon",
        "cataluna",
        "castilla_vieja",
        "castilla_nueva",
        "valencia",
        "sevilla",
        "granada",
    )
)


def picks(state: State) -> set[tuple[int, int]]:
    """(region, seat) of the legal picks."""
    return {(a.region, a.seat) for a in legal(state) if isinstance(a, Pick)}


def ended(state: State) -> bool:
    """True once seat 0's turn is over."""
    return state.cur != 0 or state.phase != BODY


# --- stack 1: intrigue ----------------------------------------------------------------------------
def test_move5_from_one_region() -> None:
    state = turn(
        "s1_move5_from_region",
        king="galicia",
        court=0,
        regions={"aragon": [2, 3, 2], "sevilla": [1, 1, 0], "galicia": [2, 2, 2]},
    )
    assert (GA, 0) not in picks(state)  # the King's region is taboo
    assert picks(state) == {(AR, 0), (AR, 1), (AR, 2), (SE, 0), (SE, 1)}
    state = act(state, 0, PICK[AR][1])
    assert set(legal(state)) == {TO[a] for a in range(10) if a not in (GA, AR)}
    assert "taboo" in GAME.why_illegal(state, 0, TO[GA])
    assert "leave its region" in GAME.why_illegal(state, 0, TO[AR])
    state = act(state, 0, TO[CASTILLO])
    assert state.castillo[1] == 1 and state.castillo_log[-1] == (1, 1, 1)
    assert picks(state) == {(AR, 0), (AR, 1), (AR, 2)}  # only out of Aragón now
    assert "out of Aragón only" in GAME.why_illegal(state, 0, PICK[SE][0])
    for seat, dest in ((1, VA), (2, VA), (2, CV), (0, SE)):
        state = act(state, 0, PICK[AR][seat])
        state = act(state, 0, TO[dest])
    assert ended(state)  # five moved: the action is complete
    assert state.board[AR] == [1, 1, 0] and state.board[VA] == [0, 1, 1] and state.board[SE] == [2, 1, 0]
    assert conserved(state)


def test_move4_any_never_moves_a_caballero_twice() -> None:
    state = turn("s1_move4_any", king="galicia", court=0, regions={"aragon": [1, 0, 0]})
    state = act(state, 0, PICK[AR][0])
    state = act(state, 0, TO[SE])
    assert picks(state) == set()
    assert ended(state)  # nothing else could move


def test_move4_own_and_special_done() -> None:
    state = turn("s1_move4_own", king="galicia", court=0, regions={"aragon": [3, 3, 0], "sevilla": [0, 2, 0]})
    assert picks(state) == {(AR, 0)}
    assert "only your own" in GAME.why_illegal(state, 0, PICK[AR][1])
    state = act(state, 0, PICK[AR][0])
    state = act(state, 0, TO[SE])
    assert SPECIAL_DONE in legal(state)
    state = act(state, 0, SPECIAL_DONE)
    assert ended(state)


def test_move_2_own_and_2_opponents() -> None:
    state = turn("s1_move2own_2opp", king="galicia", court=0, regions={"aragon": [3, 2, 2]})
    for seat in (1, 2):
        state = act(state, 0, PICK[AR][seat])
        state = act(state, 0, TO[VA])
    assert picks(state) == {(AR, 0)}  # opponents' quota used up, own still open
    assert "limit" in GAME.why_illegal(state, 0, PICK[AR][1])
    for _ in range(2):
        state = act(state, 0, PICK[AR][0])
        state = act(state, 0, TO[CT])
    assert ended(state)
    assert state.board[AR] == [1, 1, 1] and state.board[CT][0] == 2


def test_move3_opponents_only() -> None:
    state = turn("s1_move3_opp", king="galicia", court=0, regions={"aragon": [3, 2, 2]})
    assert picks(state) == {(AR, 1), (AR, 2)}
    assert "only opponents'" in GAME.why_illegal(state, 0, PICK[AR][0])


def test_move3_any_limit() -> None:
    state = turn("s1_move3_any", king="galicia", court=0, regions={"aragon": [3, 2, 2]})
    for seat in (0, 1, 2):
        state = act(state, 0, PICK[AR][seat])
        state = act(state, 0, TO[SE])
    assert ended(state) and state.board[SE] == [1, 1, 1]


def test_move_all_own_from_one_region_is_mandatory() -> None:
    state = turn(
        "s1_move_all_own_from_region",
        king="galicia",
        court=0,
        regions={"aragon": [3, 2, 0], "sevilla": [1, 0, 0]},
    )
    assert picks(state) == {(AR, 0), (SE, 0)}
    state = act(state, 0, PICK[AR][0])
    state = act(state, 0, TO[VA])
    # No way to stop: the only option, picking the next own caballero in Aragón, is automatic.
    assert SPECIAL_DONE not in legal(state) and state.pick_region == AR and state.pick_seat == 0
    assert "picked caballero" in GAME.why_illegal(state, 0, SPECIAL_DONE)
    state = act(state, 0, TO[CASTILLO])
    assert not ended(state)
    state = act(state, 0, TO[GR])
    assert ended(state)
    assert state.board[AR] == [0, 2, 0] and state.board[SE] == [1, 0, 0]


def test_place2_from_court_anywhere() -> None:
    state = turn("s1_place2_from_court", king="galicia", court=3)
    extra = {a.dest for a in legal(state) if isinstance(a, PlaceExtra)}
    assert extra == set(range(10)) - {GA}
    state = act(state, 0, PLACE_EXTRA[GR])  # far from the King
    assert SPECIAL_DONE in legal(state) and not any(isinstance(a, Place) for a in legal(state))
    state = act(state, 0, PLACE_EXTRA[CASTILLO])
    # Special done; the card's own placement (1 caballero) was not used before: still open.
    assert state.special == DONE and PLACE[PV] in legal(state)
    state = act(state, 0, PLACE[PV])
    assert ended(state)
    assert state.board[GR][0] == 1 and state.castillo[0] == 1 and state.board[PV][0] == 1


def test_all_own_or_place2_branches() -> None:
    state = turn("s1_all_own_or_place2", king="galicia", court=2, regions={"aragon": [2, 1, 0]})
    acts = set(legal(state))
    assert PICK[AR][0] in acts and PLACE_EXTRA[SE] in acts and PICK[AR][1] not in acts
    moved = act(state, 0, PICK[AR][0])
    moved = act(moved, 0, TO[SE])
    assert not any(isinstance(a, PlaceExtra) for a in legal(moved))  # branch fixed
    placed = act(state, 0, PLACE_EXTRA[SE])
    assert not any(isinstance(a, Pick) for a in legal(placed))
    assert "place caballeros with this card" in GAME.why_illegal(placed, 0, PICK[AR][0])


# --- stack 2 ------------------------------------------------------------------------------------------
def test_veto_card_is_kept() -> None:
    state = turn("s2_veto", court=0)
    assert ended(state)  # nothing to place, no special step: the turn is over at once
    assert state.vetoes == [(0, 2)]


def test_decay_all_and_three() -> None:
    state = turn("s2_decay_all", court=4)
    for s in (1, 2):
        state.court[s], state.provinces[s] = 5, state.provinces[s] + state.court[s] - 5
    fresh(state)
    state = act(state, 0, SPECIAL_GO)
    assert state.court == [4, 0, 0]
    state = turn("s2_decay_3", court=4)
    state.court[1], state.provinces[1] = 5, state.provinces[1] + state.court[1] - 5
    state.court[2], state.provinces[2] = 2, state.provinces[2] + state.court[2] - 2
    fresh(state)
    state = act(state, 0, SPECIAL_GO)
    assert state.court == [4, 2, 0] and conserved(state)


def test_king_returns() -> None:
    state = turn(
        "s2_king_returns",
        players=4,
        king="galicia",
        court=0,
        seat=1,
        regions={"galicia": [5, 0, 0, 4], "aragon": [2, 0, 3, 0], "sevilla": [1, 0, 0, 0]},
    )
    state.court = [1, 0, 0, 2]
    state.provinces = [30 - 9, 30, 30 - 3, 30 - 6]
    fresh(state)
    state = act(state, 1, SPECIAL_GO)
    # Seat 2 (left of seat 1) has exactly 3 outside the King's region: returned automatically.
    assert state.board[AR][2] == 0 and state.provinces[2] == 30
    # Seat 3 has 2 in court and 4 in the (taboo) King's region: only the court counts.
    assert state.court[3] == 0 and state.board[GA][3] == 4
    # Seat 0 chooses: court 1, Aragón 2, Sevilla 1.
    assert state.phase == RET_PHASE and GAME.to_act(state) == [0] and GAME.turn_holder(state) == 1
    assert set(legal(state)) == {RET[COURT], RET[AR], RET[SE]}
    assert "taboo" in GAME.why_illegal(state, 0, Ret(GA))
    state = act(state, 0, RET[AR])
    state = act(state, 0, RET[AR])
    assert set(legal(state)) == {RET[COURT], RET[SE]}
    state = act(state, 0, RET[SE])
    assert state.court[0] == 1 and state.board[GA][0] == 5
    assert state.cur != 1  # nothing left to do for seat 1 (empty court): the turn is over
    assert conserved(state)


def test_secret_remove_all() -> None:
    state = turn(
        "s2_secret_remove_all",
        players=4,
        king="galicia",
        court=0,
        regions={"aragon": [1, 3, 1, 0], "sevilla": [0, 2, 0, 0], "galicia": [0, 0, 0, 4]},
    )
    state = act(state, 0, SPECIAL_GO)
    # Seat 3 has caballeros only in the King's region: not in the group. Seat 2 has one choice.
    assert state.phase == DISK_PHASE and state.disk_group == [1, 2]
    assert GAME.to_act(state) == [1] and state.disks[2] == R["aragon"]
    assert set(legal(state, 1)) == {DISK[AR], DISK[SE]}
    provinces = list(state.provinces)
    state = act(state, 1, DISK[AR])
    assert state.board[AR] == [1, 0, 0, 0] and state.board[SE] == [0, 2, 0, 0]
    assert state.provinces[1] == provinces[1] + 3 and state.provinces[2] == provinces[2] + 1
    assert conserved(state)


def test_secret_remove_two() -> None:
    state = turn(
        "s2_secret_remove_2",
        players=3,
        king="galicia",
        court=0,
        regions={"aragon": [0, 3, 1], "sevilla": [0, 1, 0], "valencia": [0, 0, 1]},
    )
    state = act(state, 0, SPECIAL_GO)
    assert state.disk_group == [1, 2]
    # Seat 1 must pick a region with ≥ 2 (only Aragón: set automatically); seat 2 has only singles.
    assert state.disks[1] == AR and GAME.to_act(state) == [2]
    assert "already set" in GAME.why_illegal(state, 1, DISK[SE])
    assert set(legal(state, 2)) == {DISK[AR], DISK[VA]}
    state = act(state, 2, DISK[VA])
    assert state.board[AR] == [0, 1, 1] and state.board[VA] == [0, 0, 0]


def test_remove_one_of_each_opponent() -> None:
    state = turn(
        "s2_remove_1_each_opponent",
        players=3,
        king="galicia",
        court=0,
        regions={"aragon": [1, 2, 1], "galicia": [0, 3, 0]},
    )
    assert {(a.seat, a.region) for a in legal(state) if isinstance(a, Remove)} == {(1, AR), (2, AR)}
    state = act(state, 0, REMOVE[1][AR])
    assert {(a.seat, a.region) for a in legal(state) if isinstance(a, Remove)} == {(2, AR)}
    assert "already sent" in GAME.why_illegal(state, 0, REMOVE[1][AR])
    state = act(state, 0, REMOVE[2][AR])
    assert ended(state) and state.board[AR] == [1, 1, 0] and state.board[GA][1] == 3


def test_score_chosen_region_king_region_and_castillo() -> None:
    state = turn(
        "s2_score_chosen_region", king="galicia", court=0, regions={"galicia": [2, 1, 0]}, castillo=[1, 2, 0]
    )
    assert set(legal(state)) == {SCORE[a] for a in range(10)} | {SPECIAL_SKIP}
    after = act(state, 0, SCORE[GA])
    assert after.score == [4 + 2, 2, 0] and after.points[0][CAT_SPECIAL] == 6
    after = act(state, 0, SCORE[CASTILLO])
    assert after.score == [3, 5, 0] and after.castillo == [1, 2, 0]  # contents stay inside


# --- stack 3 -----------------------------------------------------------------------------------------
def test_class_scorings() -> None:
    regions = {"galicia": [1, 0, 0], "cataluna": [0, 1, 0], "aragon": [1, 0, 0], "granada": [0, 0, 1]}
    state = act(turn("s3_score_4_regions", king="sevilla", court=0, regions=regions), 0, SPECIAL_GO)
    assert state.score == [4, 4, 0]
    state = act(turn("s3_score_5_regions", king="sevilla", court=0, regions=regions), 0, SPECIAL_GO)
    assert state.score == [5, 0, 0]
    state = act(turn("s3_score_6_7_regions", king="sevilla", court=0, regions=regions), 0, SPECIAL_GO)
    assert state.score == [0, 0, 6]


def test_class_scoring_with_scoreboard_current_or_printed() -> None:
    regions = {"galicia": [1, 0, 0], "castilla_nueva": [0, 1, 0]}
    state = turn("s3_score_4_regions", king="sevilla", court=0, regions=regions)
    state.scoreboards = [GA, CN]  # Galicia 8/4/0, New Castile 4/0/0
    fresh(state)
    assert act(state, 0, SPECIAL_GO).score == [0, 4, 0]
    state = turn(
        "s3_score_4_regions", king="sevilla", court=0, regions=regions, score_class_uses_printed=True
    )
    state.scoreboards = [GA, CN]
    fresh(state)
    assert act(state, 0, SPECIAL_GO).score == [8, 0, 0]


def test_castillo_first_only_most_least() -> None:
    state = act(turn("s3_score_castillo", court=0, castillo=[2, 2, 1]), 0, SPECIAL_GO)
    assert state.score == [3, 3, 1] and state.castillo == [2, 2, 1]
    regions = {"galicia": [2, 1, 0], "aragon": [1, 1, 1], "sevilla": [0, 0, 1]}
    state = act(turn("s3_score_first_only", king="galicia", court=0, regions=regions), 0, SPECIAL_GO)
    assert state.score == [4 + 2, 0, 4]
    state = act(turn("s3_score_most", king="galicia", court=0, regions=regions), 0, SPECIAL_GO)
    # Galicia and Aragón tie for most (3 each); in Aragón all three tie and take the 2nd value.
    assert state.score == [4 + 2 + 4, 2 + 4, 4]
    state = act(turn("s3_score_least", king="galicia", court=0, regions=regions), 0, SPECIAL_GO)
    assert state.score == [0, 0, 4]
    state = act(turn("s3_score_least", king="galicia", court=0), 0, SPECIAL_GO)
    assert state.score == [0, 0, 0] and GAME.effects(state) == [
        "Special scoring: emptiest region.", "No region holds a caballero: nothing is scored."]


# --- stack 4 -----------------------------------------------------------------------------------------
def test_mobile_scoreboard() -> None:
    state = turn("s4_mobile_scoreboard", king="galicia", court=0)
    targets = {(a.board, a.region) for a in legal(state) if hasattr(a, "board")}
    assert targets == {(b, r) for b in (0, 1) for r in range(9) if r != GA}
    state = act(state, 0, SCOREBOARD[0][AR])
    assert state.scoreboards == [AR, -1]
    state = turn("s4_mobile_scoreboard", king="galicia", court=0)
    state.scoreboards = [AR, GA]
    fresh(state)
    targets = {(a.board, a.region) for a in legal(state) if hasattr(a, "board")}
    # The 4/0/0 board stands in the King's region: stuck. The 8/4/0 may not join it or stay.
    assert targets == {(0, r) for r in range(9) if r not in (GA, AR)}
    assert "King's region" in GAME.why_illegal(state, 0, SCOREBOARD[1][SE])


def test_power_card_back_hidden_or_top() -> None:
    state = turn("s4_power_card_back", court=0)
    state.played[0] = [3, 5, 13]
    state.hand[0] = ALL_POWER & ~(1 << 3) & ~(1 << 5) & ~(1 << 13)
    state.bids[0] = 13
    fresh(state)
    state = act(state, 0, SPECIAL_GO)
    assert set(legal(state)) == {TAKE_BACK[3], TAKE_BACK[5], TAKE_BACK[13]}
    hidden = act(state, 0, TAKE_BACK[5])
    assert hidden.hand[0] >> 5 & 1 and ended(hidden)
    assert hidden.backs_hidden[0] == 1 and hidden.cands[0] == (1 << 3) | (1 << 5)
    assert not any("card 5" in line for line in GAME.effects(hidden))
    top = act(state, 0, TAKE_BACK[13])  # this round's card is the visible top
    assert top.backs_hidden[0] == 0 and top.cands[0] == 0 and top.hand[0] >> 13 & 1


def test_grande() -> None:
    state = turn("s4_grande", king="galicia", court=0, grandes=["aragon", "aragon", "aragon"])
    assert {a.region for a in legal(state) if hasattr(a, "region")} == set(range(9)) - {GA, AR}
    state = act(state, 0, GRANDE[SE])
    assert state.grandes[0] == SE
    stuck = turn("s4_grande", king="galicia", court=0, grandes=["galicia", "aragon", "aragon"])
    assert GAME.why_illegal(stuck, 0, GRANDE[SE]) is not None
    assert stuck.cur != 0 or legal(stuck) == []  # only "skip" was possible: done automatically


def test_the_court_with_shortage() -> None:
    state = turn("s4_court", king="galicia", court=0, regions={"aragon": [2, 0, 0]})
    state.provinces[0], state.court[0] = 1, state.provinces[0] - 1
    fresh(state)
    # Only court(1) and skip (and placements: court is not empty now).
    state = act(state, 0, PLACE_DONE)
    assert set(legal(state)) == {COURT_N[1], SPECIAL_SKIP}
    state = act(state, 0, COURT_N[1])
    assert state.special == RUNNING and set(legal(state)) == {COURT_FROM[AR], COURT_STOP}
    state = act(state, 0, COURT_FROM[AR])
    assert ended(state) and state.board[AR][0] == 1 and state.provinces[0] == 0


def test_unique_choice_scoring() -> None:
    state = turn(
        "s4_secret_unique_scoring",
        king="galicia",
        court=0,
        regions={"galicia": [2, 0, 0], "aragon": [0, 1, 2], "sevilla": [1, 0, 0]},
    )
    state = act(state, 0, SPECIAL_GO)
    assert state.disk_group == [0, 1, 2] and len(legal(state, 0)) == 9  # King's region allowed
    state = act(state, 0, DISK[GA])
    state = act(state, 1, DISK[AR])
    state = act(state, 2, DISK[AR])
    # Aragón picked twice: not scored; Galicia picked once: seat 0 leads there (+ King).
    assert state.score == [4 + 2, 0, 0]


def test_royal_adviser_and_king_card() -> None:
    state = turn("s4_royal_adviser", king="galicia", court=0)
    assert set(legal(state)) == {KING[CV], KING[PV], SPECIAL_SKIP}
    assert "neighbouring" in GAME.why_illegal(state, 0, KING[SE])
    state = turn("s5_king", king="galicia", court=0)
    assert set(legal(state)) == {KING[r] for r in range(9) if r != GA} | {SPECIAL_SKIP}
    assert "already stands there" in GAME.why_illegal(state, 0, KING[GA])


def test_movement() -> None:
    state = turn(
        "s4_movement",
        players=4,
        king="galicia",
        court=0,
        regions={"aragon": [3, 2, 0, 1], "sevilla": [2, 0, 0, 0]},
    )
    assert set(legal(state)) == {MOVEMENT[AR], SPECIAL_SKIP}  # Sevilla holds no opponent
    state = act(state, 0, MOVEMENT[AR])
    assert state.disk_group == [1, 3]
    assert set(legal(state, 1)) == {DISK[r] for r in range(9) if r not in (GA, AR)}
    state = act(state, 3, DISK[SE])
    state = act(state, 1, DISK[VA])
    assert state.board[AR] == [3, 0, 0, 0] and state.board[SE] == [2, 0, 0, 1] and state.board[VA][1] == 2


def test_secret_remove_two_prefers_regions_with_two() -> None:
    state = turn(
        "s2_secret_remove_2",
        players=2,
        king="galicia",
        court=0,
        regions={"aragon": [0, 2], "sevilla": [0, 3], "valencia": [0, 1], "galicia": [0, 5]},
    )
    state = act(state, 0, SPECIAL_GO)
    assert set(legal(state, 1)) == {DISK[AR], DISK[SE]}
    assert "at least 2" in GAME.why_illegal(state, 1, DISK[VA])
    assert "taboo" in GAME.why_illegal(state, 1, DISK[GA])
    state = act(state, 1, DISK[SE])
    assert state.board[SE] == [0, 1] and state.board[GA] == [0, 5]
