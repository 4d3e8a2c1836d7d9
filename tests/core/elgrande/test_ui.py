"""What the UI reads: content tables, state helpers, prompts and the Veto question."""

from __future__ import annotations

from importlib.resources import files

from core.elgrande import GAME
from core.elgrande.actions import DISK, KING, PICK, PLACE, POWER, SPECIAL_GO, TAKE_BACK, TO
from core.elgrande.content import BOARD, CARDS, CASTILLO, REGIONS
from core.elgrande.text import veto_prompt
from tests.core.elgrande.helpers import R, act, fresh, new, turn


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
