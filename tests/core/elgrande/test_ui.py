"""What the UI reads: content tables, state helpers, prompts and the Veto question."""

from __future__ import annotations

from importlib.resources import files

import pytest

from core.elgrande import GAME
from core.elgrande.actions import (
    DISK,
    KING,
    PICK,
    PLACE,
    POWER,
    SPECIAL_GO,
    SPECIAL_SKIP,
    TAKE_BACK,
    TO,
    VETO,
    Place,
    PlaceDone,
)
from core.elgrande.content import BOARD, CARD_STACK, CARDS, CASTILLO, REGIONS
from core.elgrande.rules import can_place
from core.elgrande.state import BODY, NOT_STARTED
from core.elgrande.text import unplaced_by, unplaced_note, veto_prompt, vetoed_notice
from core.rng import Rng
from tests.core.elgrande.helpers import R, act, fresh, legal, new, turn


def test_content_for_the_map() -> None:
    for region in REGIONS:
        assert region.name and region.english and len(region.short) == 2
        assert len(region.values) == 3 and region.adjacent
        assert 0 <= region.row < BOARD.map_rows and 0 <= region.col < BOARD.map_cols
    assert BOARD.castillo_name == "Castillo"
    assert all(card.text and card.name for card in CARDS)
    assert (files("seeds") / "elgrande" / "rules.md").read_text(encoding="utf-8").startswith("# El Grande")


def test_state_helpers() -> None:
    state = turn(
        "s4_power_card_back",
        players=3,
        court=3,
        king="galicia",
        regions={"aragon": [1, 2, 0]},
        castillo=[0, 2, 0],
    )
    assert state.caballeros(R["aragon"]) == [1, 2, 0]
    assert state.castillo_totals() == [0, 2, 0]
    assert state.face_up_cards()[-1][0] == 5
    assert state.region_values(R["granada"]) == (6, 3, 1)
    state.scoreboards = [R["granada"], -1]
    assert state.region_values(R["granada"]) == (8, 4, 0)
    assert state.veto_holders() == {}
    state.played[0] = [3, 13]
    state.hand[0] &= ~(1 << 3)
    fresh(state)
    state = act(state, 0, SPECIAL_GO)
    state = act(state, 0, TAKE_BACK[3])
    view = GAME.view(state, 2)
    assert view.hand_unknown(0) == 1 and view.candidates(0) == [3]
    assert 3 not in view.hand_known(0) and 1 in view.hand_known(0)
    assert view.pile(0) == [3, 13]
    assert GAME.view(state, 0).pile(0) == [13]


def test_castillo_totals_hidden_in_views() -> None:
    state = turn("s5_king", court=2, castillo_visible=False, castillo=[1, 0, 0])
    view = GAME.view(state, 1)
    assert view.castillo_totals() is None and view.castillo_insertions(0) == 1


def test_prompts_by_phase() -> None:
    state = new(3, 1, first_player="0")
    assert GAME.prompt(state, 0) == "Play a power card."
    assert GAME.prompt(state, 1) == "Waiting for P0."
    state = act(state, 0, POWER[5])
    assert "(played: 5)" in GAME.prompt(state, 1)
    state = act(state, 1, POWER[1])
    state = act(state, 2, POWER[13])
    assert GAME.prompt(state, 2) == "Take one of the face-up action cards."
    state = turn("s5_king", king="galicia", court=3)
    text = GAME.prompt(state, 0)
    assert text.startswith("Place up to 3 caballeros and/or")
    assert "use The King or skip it" in text
    assert GAME.progress(state) == "Round 1/9, scoring after 3"


def test_disk_and_veto_prompts() -> None:
    state = turn("s4_secret_unique_scoring", court=0)
    state = act(state, 0, SPECIAL_GO)
    assert "only regions nobody else picks" in GAME.prompt(state, 1)
    state = act(state, 1, DISK[0])
    assert GAME.prompt(state, 1) == "Your disk is set; waiting for the others."
    state = turn("s1_move3_any", king="galicia", court=0, regions={"aragon": [0, 2, 0]}, vetoes=(1,))
    state = act(state, 0, PICK[R["aragon"]][1])
    assert "Where does the picked caballero" in GAME.prompt(state, 0)
    state = act(state, 0, TO[CASTILLO])
    assert veto_prompt(state) == (
        "P0 is about to move a caballero of P1 from Aragón to the Castillo (Intrigue: 3 of any colour)."
    )
    assert GAME.prompt(state, 1) == "Veto it? P0 is about to move a caballero of P1 from Aragón to the Castillo."
    assert GAME.prompt(state, 0) == "Waiting for P1."
    state = turn("s5_king", king="galicia", court=0, vetoes=(2,))
    state = act(state, 0, KING[R["sevilla"]])
    assert veto_prompt(state) == "P0 is about to move the King to Sevilla (The King)."


def test_describe_texts() -> None:
    state = turn("s5_king", king="galicia", court=2)
    assert GAME.describe(PLACE[CASTILLO], state) == "Place a caballero in the Castillo"
    assert GAME.describe(KING[R["sevilla"]]) == "Move the King to Sevilla"
    assert GAME.describe(POWER[1]) == "Play power card 1 (6 caballeros to court)"


# --- what a move costs the placing: the special action (or skipping it) after a placement ---
def test_the_special_action_after_a_placement_ends_the_placing_and_says_how_many_are_lost() -> None:
    state = turn("s5_king", king="galicia", court=7)
    king = KING[R["granada"]]
    assert unplaced_by(state, king) == 0, "first the King, then all five caballeros"
    assert PLACE[CASTILLO] in legal(act(state, 0, king), 0)
    for _ in range(3):
        state = act(state, 0, PLACE[CASTILLO])
    assert GAME.prompt(state, 0) == "Place up to 2 more caballeros, then use The King or skip it."
    for action in legal(state, 0):
        expected = 0 if isinstance(action, (Place, PlaceDone)) else 2
        assert unplaced_by(state, action) == expected, action
    assert unplaced_note(state, king) == "ends placing: 2 not placed"
    assert unplaced_note(state, SPECIAL_SKIP) == "ends placing: 2 not placed"
    after = act(state, 0, king)
    assert after.cur != 0 and after.court[0] == 4, "the turn is over: two caballeros stay in court"
    # As many as could still be placed: the court may hold fewer than the card allows.
    state = turn("s5_king", king="galicia", court=4)
    for _ in range(3):
        state = act(state, 0, PLACE[CASTILLO])
    assert unplaced_note(state, king) == "ends placing: 1 not placed"


@pytest.mark.parametrize("seed,players", [(1, 3), (2, 4), (3, 5), (4, 2)])
def test_the_placing_cost_of_every_move_is_what_the_rules_do(seed: int, players: int) -> None:
    """Over seeded games, at every choice of a turn's body: a move said to end the placing
    with N unplaced leaves exactly N placeable caballeros behind for good, and every other
    move (but Finish placing) leaves the placing open, or ends the turn with no caballero
    left that could have been placed."""
    state = new(players, seed)
    rng = Rng(seed)
    checked = 0
    while not GAME.is_over(state) and checked < 400:
        seat = GAME.to_act(state)[0]
        actions = GAME.legal_actions(state, seat)
        if state.phase == BODY and state.special == NOT_STARTED and can_place(state):
            room = min(CARD_STACK[state.card] - state.placed, state.court[seat])
            for action in actions:
                if isinstance(action, PlaceDone):
                    continue
                after = GAME.apply(state, seat, action)
                same_turn = (after.round, after.turn_idx) == (state.round, state.turn_idx)
                if same_turn:
                    closed = after.place_closed
                else:  # the turn ended: closed if caballeros the card allowed stayed in court
                    closed = min(CARD_STACK[state.card] - state.placed, after.court[seat]) > 0
                assert unplaced_by(state, action) == (room if closed else 0), (action, state.placed)
                checked += 1
        state = GAME.apply(state, seat, actions[rng.randbelow(len(actions))])
    assert checked > 50


# --- a Veto told to the player whose step it stopped ---------------------------------------------
def test_a_veto_is_told_to_the_player_whose_step_it_stopped() -> None:
    state = turn("s5_king", king="galicia", court=5, vetoes=(1,))
    state = act(state, 0, KING[R["granada"]])
    assert vetoed_notice(state, 0) == ""
    state = act(state, 1, VETO)
    notice = "P1 vetoed your move of the King to Granada; your special action is over."
    for viewer in (None, 0, 1, 2):  # public: the same words on every view
        view = GAME.view(state, viewer)
        assert vetoed_notice(view, 0) == notice
        assert vetoed_notice(view, 1) == vetoed_notice(view, 2) == ""
    # Nothing was placed yet: the turn goes on, and its prompt starts with the news.
    assert GAME.prompt(state, 0) == "P1 vetoed your move of the King to Granada. Place up to 5 caballeros."
    state = act(state, 0, PLACE[CASTILLO])
    assert vetoed_notice(state, 0) == "" and GAME.prompt(state, 0).startswith("Place up to 4 more")
    # A step with no short name is told whole in the notice, shortly in the prompt.
    state = turn("s3_score_castillo", court=2, castillo=[1, 0, 0], vetoes=(2,))
    state = act(state, 0, SPECIAL_GO)
    state = act(state, 2, VETO)
    assert vetoed_notice(state, 0) == "P2 vetoed your special action: score the Castillo."
    assert GAME.prompt(state, 0).startswith("P2 vetoed your special action. Place up to ")


def test_a_veto_after_a_placement_ends_the_turn_and_the_notice_still_tells_it() -> None:
    state = turn("s5_king", king="galicia", court=5, vetoes=(1,))
    state = act(state, 0, PLACE[CASTILLO])
    state = act(state, 0, KING[R["granada"]])
    state = act(state, 1, VETO)
    assert state.cur != 0 and state.king == R["galicia"]
    assert vetoed_notice(state, 0).startswith("P1 vetoed your move of the King to Granada")
    assert "vetoed" not in GAME.prompt(state, 0), "waiting: the status line says whom for"
