"""The Veto (card 2.1, rules: "The Veto", and its Veto windows) and its options."""

from __future__ import annotations

import random
from typing import Any, Callable

from core.elgrande import GAME
from core.elgrande.actions import (
    ALLOW,
    KING,
    PICK,
    PLACE,
    PLACE_DONE,
    POWER,
    RET,
    SPECIAL_GO,
    SPECIAL_SKIP,
    TAKE,
    TO,
    VETO,
)
from core.elgrande.content import CASTILLO, COURT
from core.elgrande.state import BODY, DONE, VETO as VETO_PHASE, VETO_CARD, State
from core.elgrande.text import veto_prompt
from tests.core.elgrande.helpers import R, act, give_veto, legal, new, turn

AR, SE, VA, GA = R["aragon"], R["sevilla"], R["valencia"], R["galicia"]


def intrigue(**options: Any) -> State:
    """Seat 0 plays "move up to 4 of any colour"; seats 2 and 3 hold a Veto."""
    return turn(
        "s1_move4_any",
        players=4,
        king="galicia",
        court=2,
        regions={"aragon": [2, 2, 2, 2]},
        vetoes=(2, 3),
        **options,
    )


def test_window_asks_other_holders_clockwise_and_allow_applies() -> None:
    state = intrigue()
    state = act(state, 0, PICK[AR][1])
    assert state.phase == BODY  # a pick opens no window: it comes with the "to"
    state = act(state, 0, TO[SE])
    assert state.phase == VETO_PHASE
    assert GAME.to_act(state) == [2]  # seat 1 holds none
    assert GAME.turn_holder(state) == 0
    assert set(legal(state, 2)) == {VETO, ALLOW}
    assert veto_prompt(state) == (
        "P0 is about to move a caballero of P1 from Aragón to Sevilla (Intrigue: 4 of any colour)."
    )
    assert "Veto it?" in GAME.prompt(state, 2)
    assert "decide whether to veto" in GAME.why_illegal(state, 0, PLACE[CASTILLO])
    assert state.board[AR][1] == 2  # nothing happens before everyone has answered
    state = act(state, 2, ALLOW)
    assert GAME.to_act(state) == [3]
    state = act(state, 3, ALLOW)
    assert state.phase == BODY and GAME.to_act(state) == [0]
    assert state.board[AR][1] == 1 and state.board[SE][1] == 1
    assert len(state.vetoes) == 2


def test_the_actor_is_never_asked() -> None:
    state = turn("s5_king", players=4, king="galicia", court=0, vetoes=(0, 3))
    state = act(state, 0, KING[SE])
    assert GAME.to_act(state) == [3]
    state = act(state, 3, ALLOW)
    assert state.king == SE and len(state.vetoes) == 2


def test_veto_stops_the_rest_but_earlier_steps_stand() -> None:
    state = intrigue()
    state = act(state, 0, PICK[AR][1])
    state = act(state, 0, TO[SE])
    state = act(state, 2, ALLOW)
    state = act(state, 3, ALLOW)
    state = act(state, 0, PICK[AR][2])
    state = act(state, 0, TO[VA])
    assert GAME.to_act(state) == [2]  # every step opens a window (default)
    state = act(state, 2, ALLOW)
    state = act(state, 3, VETO)
    assert state.board[AR] == [2, 1, 2, 2] and state.board[SE][1] == 1 and state.board[VA] == [0, 0, 0, 0]
    assert state.special == DONE and state.pick_region == -1
    assert [s for s, _ in state.vetoes] == [2] and state.out.count(VETO_CARD) == 1
    assert (
        "P3 vetoes: P0 may not move a caballero of P2 from Aragón to Valencia; the special action ends."
        in GAME.effects(state)
    )
    # The Veto never blocks placement: seat 0 may still place its court caballeros.
    assert state.phase == BODY and PLACE[CASTILLO] in legal(state, 0)


def test_veto_before_the_start_cancels_everything() -> None:
    state = turn("s5_king", players=3, king="galicia", court=0, vetoes=(1,))
    state = act(state, 0, KING[SE])
    assert GAME.to_act(state) == [1]
    assert veto_prompt(state).startswith("P0 is about to move the King to Sevilla")
    state = act(state, 1, VETO)
    assert state.king == GA and state.cur != 0 and state.vetoes == []


def test_start_only_opens_one_window() -> None:
    state = intrigue(veto_windows="start_only")
    state = act(state, 0, PICK[AR][1])
    state = act(state, 0, TO[SE])
    state = act(state, 2, ALLOW)
    state = act(state, 3, ALLOW)
    state = act(state, 0, PICK[AR][2])
    state = act(state, 0, TO[VA])
    assert state.phase == BODY and state.board[VA][2] == 1  # no second window


def test_use_veto_off() -> None:
    state = turn("s2_veto", players=3, court=3, use_veto=False)
    state = act(state, 0, PLACE[CASTILLO])
    state = act(state, 0, PLACE_DONE)
    assert state.vetoes == [] and VETO_CARD in state.out
    state = turn("s5_king", players=3, king="galicia", court=0, use_veto=False)
    assert state.vetoes == []
    state = act(state, 0, KING[SE])
    assert state.king == SE


def test_skip_and_placement_open_no_window() -> None:
    state = turn("s5_king", players=3, king="galicia", court=2, vetoes=(1,))
    state = act(state, 0, PLACE[R["pais_vasco"]])
    assert state.phase == BODY
    state = act(state, 0, SPECIAL_SKIP)
    assert state.cur != 0 and len(state.vetoes) == 1


def test_power_cards_window_comes_with_go() -> None:
    state = turn("s4_power_card_back", players=3, court=0, vetoes=(2,))
    state = act(state, 0, SPECIAL_GO)
    assert GAME.to_act(state) == [2]
    assert veto_prompt(state) == "P0 is about to take back one of their played power cards (Power cards)."
    state = act(state, 2, ALLOW)
    # One played card only (this round's): taken back automatically, no second window.
    assert state.cur != 0 and state.hand[0] >> state.bids[0] & 1


def test_opponents_choices_open_no_window() -> None:
    state = turn(
        "s2_king_returns",
        players=3,
        king="galicia",
        court=0,
        vetoes=(2,),
        regions={"aragon": [0, 4, 0], "sevilla": [0, 3, 0]},
    )
    state = act(state, 0, SPECIAL_GO)
    assert GAME.to_act(state) == [2]
    state = act(state, 2, ALLOW)
    assert GAME.to_act(state) == [1]
    state = act(state, 1, RET[AR])
    assert GAME.to_act(state) == [1]  # no window between the opponents' returns
    state = act(state, 1, RET[COURT])
    state = act(state, 1, RET[SE])
    # Seat 2 can only give court caballeros: done automatically; seat 0's turn then ends.
    assert state.court[2] == 4 and state.cur != 0 and state.phase != VETO_PHASE


def test_holder_with_two_vetoes_spends_the_older() -> None:
    state = turn("s5_king", players=3, king="galicia", court=0)
    state.vetoes = []
    give_veto(state, 1)
    give_veto(state, 1)
    state.vetoes = [(1, 3), (1, 2)]
    state = act(state, 0, KING[SE])
    assert GAME.to_act(state) == [1]  # asked once
    state = act(state, 1, VETO)
    assert state.vetoes == [(1, 3)]


def _play_allowing(state: State, until: Callable[[State], bool]) -> State:
    """Random play in place, except that every Veto question is answered with "allow"."""
    rng = random.Random(0)
    while not until(state):
        seat = GAME.to_act(state)[0]
        actions = legal(state, seat)
        GAME.apply_in_place(state, seat, ALLOW if ALLOW in actions else rng.choice(actions))
    return state


def test_veto_lasts_until_the_end_of_the_next_round() -> None:
    state = new(3, 4, first_player="0")
    for seat, value in ((0, 13), (1, 12), (2, 11)):
        state = act(state, seat, POWER[value])
    if state.face_up[1] != VETO_CARD:  # make sure the Veto is the face-up card of stack 2
        state.stacks[1].remove(VETO_CARD)
        state.stacks[1].append(state.face_up[1])
        state.face_up[1] = VETO_CARD
        state.cache = None
    state = act(state, 0, TAKE[2])
    assert state.vetoes == [(0, 2)]
    state = _play_allowing(state, lambda s: s.round == 2)
    assert state.vetoes == [(0, 2)]  # still live during the next round
    state = _play_allowing(state, lambda s: s.round == 3)
    assert state.vetoes == [] and "P0's unused Veto expires." in GAME.effects(state)
    assert VETO_CARD in state.out


def test_effects_report_what_an_answer_caused() -> None:
    state = turn("s5_king", players=3, king="galicia", court=0, vetoes=(1,))
    direct = turn("s5_king", players=3, king="galicia", court=0)
    direct = act(direct, 0, KING[SE])
    assert not any("moves the King" in line for line in GAME.effects(direct))  # the table logs it
    state = act(state, 0, KING[SE])
    assert GAME.effects(state) == []
    state = act(state, 1, ALLOW)
    assert GAME.effects(state)[0] == "P0 moves the King to Sevilla."
    assert GAME.effects(GAME.view(state, None)) == GAME.effects(state)
