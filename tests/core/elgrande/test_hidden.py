"""Hidden information (secret choices, what views hide, determinizing): secret disks, the
Castillo option, hidden power-card take-backs, the face-down stacks; undo barriers at reveals."""

from __future__ import annotations

import json
from collections import Counter

from core.elgrande import GAME
from core.elgrande.actions import (
    DISK,
    MOVEMENT,
    PICK,
    PLACE,
    POWER,
    SPECIAL_GO,
    TAKE_BACK,
    TO,
    Disk,
    TakeBack,
)
from core.elgrande.content import CASTILLO, REGION_IDS
from core.elgrande.state import DISK as DISK_PHASE, FULL, HIDDEN_DISK, SPECTATOR, State
from core.rng import Rng
from tests.core.elgrande.helpers import R, act, fresh, legal, new, play_until, turn

AR, SE, GA, VA = R["aragon"], R["sevilla"], R["galicia"], R["valencia"]


def unique_scoring() -> State:
    """Seat 0 has just started "secret disks: lonely choices" in a 3-player game."""
    state = turn("s4_secret_unique_scoring", king="galicia", court=0, regions={"aragon": [1, 2, 0]})
    return act(state, 0, SPECIAL_GO)


def test_committed_disk_is_hidden_from_everyone_else_until_the_reveal() -> None:
    state = unique_scoring()
    assert sorted(GAME.to_act(state)) == [0, 1, 2]
    before = state
    state = act(state, 1, DISK[SE])
    assert not GAME.is_undo_barrier(before, state)
    assert GAME.to_act(state) == [0, 2]
    assert GAME.view(state, 1).disks[1] == SE
    for seat in (0, 2, None):
        view = GAME.view(state, seat)
        assert view.disks[1] == HIDDEN_DISK
        assert "sevilla" not in json.dumps(GAME.encode_state(view)["disks"])
        assert "Sevilla" not in " ".join(GAME.effects(view))
        assert "sevilla" not in json.dumps(GAME.encode_state(view)["events"])
    assert "already set" in GAME.why_illegal(state, 1, DISK[AR])
    assert GAME.prompt(state, 1) == "Your disk is set; waiting for the others."
    # The table log (full state) and saves (no state) never name the region.
    assert GAME.describe(DISK[SE], state) == "Set the secret disk" == GAME.describe(DISK[SE])
    assert GAME.describe(DISK[SE], GAME.view(state, 1)) == "Set the secret disk"  # already committed
    assert GAME.describe(DISK[SE], GAME.view(state, 0)) == "Point your secret disk at Sevilla"  # menu
    assert GAME.describe(DISK[SE], GAME.view(state, None)) == "Set the secret disk"
    state = act(state, 0, DISK[AR])
    assert GAME.view(state, 2).disks == [HIDDEN_DISK, HIDDEN_DISK, -1]
    last = state
    state = act(state, 2, DISK[SE])
    assert GAME.is_undo_barrier(last, state)  # the reveal
    assert state.phase != DISK_PHASE
    assert "Secret disks revealed: P0 → Aragón, P1 → Sevilla, P2 → Sevilla." in GAME.effects(state)
    assert state.score == [4, 5, 0]  # only Aragón was chosen alone: 2-1 for seat 1 (5/4/1)


def test_determinize_samples_hidden_disks_legally() -> None:
    state = unique_scoring()
    state = act(state, 1, DISK[SE])
    view = GAME.view(state, 0)
    seen = set()
    for i in range(40):
        det = GAME.determinize(view, 0, Rng(i))
        assert det.disks[1] in range(9) and det.disks[0] == -1 and det.viewer == FULL
        assert GAME.view(det, 0) == view
        seen.add(det.disks[1])
    assert len(seen) > 3


def test_movement_disks_hidden_and_sampled_among_legal_regions() -> None:
    state = turn("s4_movement", players=3, king="galicia", court=0, regions={"aragon": [1, 2, 2]})
    state = act(state, 0, MOVEMENT[AR])
    state = act(state, 2, DISK[SE])
    view = GAME.view(state, 1)
    for i in range(30):
        det = GAME.determinize(view, 1, Rng(i))
        assert det.disks[2] not in (GA, AR)


def test_castillo_hidden_option() -> None:
    state = turn("s5_king", king="galicia", court=4, castillo_visible=False)
    state = act(state, 0, PLACE[CASTILLO])
    state = act(state, 0, PLACE[CASTILLO])
    state = act(state, 0, PLACE[R["pais_vasco"]])
    assert state.castillo[0] == 2  # the real state knows
    for seat in (0, 1, None):
        view = GAME.view(state, seat)
        assert view.castillo == [0, 0, 0] and view.castillo_masked
        assert view.castillo_log == [(1, 0, 2)]  # who put how many in stays public
        data = GAME.encode_state(view)
        assert data["castillo"] == [0, 0, 0]
        assert GAME.decode_state(data) == view
    det = GAME.determinize(GAME.view(state, 1), 1, Rng(1))
    assert det.castillo == [2, 0, 0] and not det.castillo_masked
    visible = turn("s5_king", king="galicia", court=4)
    visible = act(visible, 0, PLACE[CASTILLO])
    assert GAME.view(visible, 1).castillo == [1, 0, 0]


def test_castillo_special_scoring_is_a_reveal_when_hidden() -> None:
    hidden = turn("s3_score_castillo", court=0, castillo=[2, 1, 0], castillo_visible=False)
    after = act(hidden, 0, SPECIAL_GO)
    assert GAME.is_undo_barrier(hidden, after)
    shown = turn("s3_score_castillo", court=0, castillo=[2, 1, 0])
    assert not GAME.is_undo_barrier(shown, act(shown, 0, SPECIAL_GO))


def test_hidden_take_back() -> None:
    state = turn("s4_power_card_back", court=0)
    state.played[0] = [3, 5, 13]
    state.hand[0] &= ~(1 << 3) & ~(1 << 5)
    fresh(state)
    state = act(state, 0, SPECIAL_GO)
    assert GAME.describe(TAKE_BACK[5], state) == "Take back a power card"  # log text
    assert GAME.describe(TAKE_BACK[5], GAME.view(state, 0)) == "Take back power card 5"  # menu text
    assert GAME.describe(TAKE_BACK[5], GAME.view(state, None)) == "Take back a power card"
    assert GAME.describe(TAKE_BACK[5], GAME.view(state, 1)) == "Take back a power card"
    assert GAME.describe(TAKE_BACK[13], state) == "Take back power card 13"  # the visible top
    state = act(state, 0, TAKE_BACK[5])
    mine = GAME.view(state, 0)
    theirs = GAME.view(state, 1)
    assert mine.hand[0] >> 5 & 1
    assert not theirs.hand[0] >> 5 & 1 and not theirs.hand[0] >> 3 & 1
    assert theirs.backs_hidden[0] == 1 and theirs.cands[0] == (1 << 3) | (1 << 5)
    assert theirs.pile(0) == [3, 5, 13]  # as the others know it
    values = Counter()
    for i in range(60):
        det = GAME.determinize(theirs, 1, Rng(i))
        back = [v for v in (3, 5) if det.hand[0] >> v & 1]
        assert len(back) == 1
        values[back[0]] += 1
        assert GAME.view(det, 1) == theirs
    assert set(values) == {3, 5}


def test_playing_a_hidden_card_again_reveals_it() -> None:
    state = turn("s4_power_card_back", court=0)
    state.played[0] = [3, 5, 13]
    state.hand[0] &= ~(1 << 3) & ~(1 << 5)
    fresh(state)
    state = act(state, 0, SPECIAL_GO)
    state = act(state, 0, TAKE_BACK[5])
    state = play_until(state, lambda s: s.round == 2 and s.phase == 0 and GAME.to_act(s) == [0], seed=4)
    assert 5 not in state.bids  # nobody blocked 5 before seat 0's bid with this seed
    state = act(state, 0, POWER[5])
    assert state.backs_hidden[0] == 0 and state.cands[0] == 0
    assert GAME.view(state, 1).hand[0] == state.hand[0]


def test_face_down_stacks_are_hidden_and_reshuffled() -> None:
    state = new(4, 12)
    view = GAME.view(state, 2)
    assert all(row == sorted(row) for row in view.stacks)
    assert view.face_up == state.face_up
    orders = set()
    for i in range(10):
        det = GAME.determinize(view, 2, Rng(i))
        assert [Counter(r) for r in det.stacks] == [Counter(r) for r in state.stacks]
        orders.add(tuple(det.stacks[0]))
    assert len(orders) > 1


def test_views_have_no_rng_and_determinize_spawns_one() -> None:
    state = new(3, 2)
    view = GAME.view(state, None)
    assert view.rng is None and view.viewer == SPECTATOR
    rng = Rng(5)
    before = rng.clone()
    det = GAME.determinize(GAME.view(state, 0), 0, rng)
    assert det.rng is not None and rng != before and det.rng != rng
    assert legal(det) == legal(state)


def test_reveal_of_new_action_cards_is_an_undo_barrier() -> None:
    state = play_until(new(2, 3), lambda s: s.phase == 3 and s.turn_idx == 1 and s.round == 1, seed=1)
    states = [state]
    while states[-1].round == 1:
        s = states[-1]
        seat = GAME.to_act(s)[0]
        states.append(GAME.apply(s, seat, legal(s, seat)[-1]))
    assert GAME.is_undo_barrier(states[-2], states[-1])
    assert not GAME.is_undo_barrier(states[0], states[1])


def test_pending_veto_question_is_public() -> None:
    state = turn(
        "s1_move4_any", players=3, king="galicia", court=0, regions={"aragon": [1, 1, 1]}, vetoes=(2,)
    )
    state = act(state, 0, PICK[AR][1])
    state = act(state, 0, TO[VA])
    for seat in (0, 1, 2, None):
        assert GAME.view(state, seat).proposal == TO[VA]
    assert isinstance(GAME.decode_action(GAME.encode_action(Disk(3))), Disk)
    assert isinstance(GAME.decode_action(GAME.encode_action(TakeBack(3))), TakeBack)
    assert REGION_IDS[VA] == "valencia"
