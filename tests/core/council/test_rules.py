"""Rules of play: setup, turn flow, actions, network bonus, nobility, reward tiles, game end
(rules: "Your turn" to "End of the game")."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from core.council import (
    GAME,
    State,
    Acquire,
    Build,
    Change,
    Elect,
    ElectQuick,
    EndTurn,
    Extra,
    FreePermit,
    Hire,
    Rebonus,
    Royal,
    Token,
)
from core.council.actions import pay_of
from core.council.board import LAYOUT_KEYS, LAYOUTS
from core.council.content import CITY_REGION, COLOURS, PERMIT_INDEX, PERMITS, REGION_PERMITS
from core.council.rules import network
from core.council.state import CH_TOKEN, W_STEPS
from tests.core.council.helpers import (
    why,
    check_invariants,
    fresh,
    grant,
    new,
    place,
    put_face_up,
    rulebook_tokens,
    set_balcony,
    set_hand,
    take_permit,
)

L = "ABCDEFGHIJKLMNO"


def city(letter: str) -> int:
    """City code."""
    return L.index(letter)


def tokens_gained(state: State) -> list[str]:
    """Letters of the city tokens gained in the last action, in order."""
    return [L[e[2]] for e in state.events if e[0] == "token"]


# --- setup -----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players: int) -> None:
    state = new(players, seed=players, first_player="1")
    check_invariants(state)
    assert state.current == 1 and GAME.to_act(state) == [1] and GAME.turn_holder(state) == 1
    for position in range(players):
        seat = (1 + position) % players
        assert state.coins[seat] == 10 + position and state.servants[seat] == 1 + position
        assert state.hand_count[seat] == (7 if position == 0 else 6)  # the first player has drawn
    assert state.deck_size() == 90 - 6 * players - 1
    assert sum(state.reserve) == 8 and all(len(b) == 4 for b in state.balconies)
    assert all(len([p for p in slots if p >= 0]) == 2 for slots in state.face_up)
    assert [state.permit_deck_size(r) for r in range(3)] == [13, 13, 13]
    assert state.queen == LAYOUTS["1/1/1"].royal == city("J")
    assert state.city_bonus[city("J")] is None and sum(b is not None for b in state.city_bonus) == 14
    assert state.tiles_left == 0b1111111 and state.queen_taken == 0
    assert state.mains_allowed == 1 and state.mains_taken == 0 and not state.quick_used
    assert (state.neutral != 0) == (players == 2)
    assert GAME.progress(state) == "Turn 1"


def test_layout_option_and_royal_city() -> None:
    for key in LAYOUT_KEYS:
        state = new(3, layout=key)
        assert state.layout is LAYOUTS[key]
        assert L[state.queen] == ("J" if key.split("/")[1] == "1" else "G")
        assert state.city_bonus[state.queen] is None
    with pytest.raises(ValueError):
        new(3, layout="3/1/1")
    with pytest.raises(ValueError):
        new(1)
    with pytest.raises(ValueError):
        new(5)
    with pytest.raises(ValueError, match="seats 0 to 1"):
        new(2, first_player="3")
    assert {new(4, seed=s).first for s in range(30)} == {0, 1, 2, 3}


def test_setup_is_random_but_seeded() -> None:
    a, b, c = new(3, seed=1), new(3, seed=1), new(3, seed=2)
    assert a == b and GAME.encode_state(a) == GAME.encode_state(b)
    assert a != c
    layouts = {tuple(new(3, seed=s).city_bonus) for s in range(10)}
    assert len(layouts) == 10  # city tokens are shuffled each game


def test_two_player_neutral_merchants() -> None:
    counts = Counter()
    for seed in range(60):
        state = new(2, seed=seed)
        n = state.neutral.bit_count()
        counts[n] += 1
        assert 3 <= n <= 9
        for r in range(3):
            cities = tuple(c for c in range(15) if state.neutral >> c & 1 and CITY_REGION[c] == r)
            assert any(PERMITS[p].cities == cities for p in REGION_PERMITS[r])
        check_invariants(state)
    assert len(counts) > 3


def test_e6_neutral_merchants_cost_servants() -> None:
    state = fresh(2)
    state.neutral = 0
    for tile in ("CO11", "HI04", "MO10"):
        for c in PERMITS[PERMIT_INDEX[tile]].cities:
            state.neutral |= 1 << c
    assert state.neutral.bit_count() == 6
    take_permit(state, 0, "CO01")  # Arkon
    state.servants[0] = 1
    assert Build("CO01", "A") in GAME.legal_actions(state, 0)
    after = GAME.apply(state, 0, Build("CO01", "A"))
    assert after.servants[0] == 0  # + Arkon's token gives 1 VP only
    assert after.built[0] == 1 << city("A") and after.vp[0] == 1
    place(state, 1, "A")
    reason = GAME.why_illegal(state, 0, Build("CO01", "A"))
    assert reason is not None and "costs 2 servants" in reason
    state.servants[0] = 2
    assert GAME.apply(state, 0, Build("CO01", "A")).servants[0] == 0
    # Neutral merchants never link a network.
    assert network(state.layout, 1 << city("B"), city("B")) == [city("B")]


# --- main actions ----------------------------------------------------------------------------
def test_elect_pushes_out_the_oldest_and_pays_four() -> None:
    state = fresh()
    old = state.balconies[1]
    colour = next(c for c in range(6) if state.reserve[c])
    after = GAME.apply(state, 0, Elect("hills", COLOURS[colour]))
    assert after.balconies[1] == (colour,) + old[:3]
    assert after.coins[0] == state.coins[0] + 4
    expected = state.reserve[:]
    expected[colour] -= 1
    expected[old[3]] += 1
    assert after.reserve == expected and after.mains_taken == 1
    check_invariants(after)


def test_elect_options_collapse_identical_councillors() -> None:
    state = fresh()
    elects = [a for a in GAME.legal_actions(state, 0) if isinstance(a, Elect)]
    colours = [c for c in range(6) if state.reserve[c]]
    assert len(elects) == 4 * len(colours) == len(set(elects))


def test_build_with_a_permit() -> None:
    state = fresh()
    take_permit(state, 0, "CO13")  # A, D, E
    place(state, 1, "D")
    builds = [a for a in GAME.legal_actions(state, 0) if isinstance(a, Build)]
    assert set(builds) == {Build("CO13", "A"), Build("CO13", "D"), Build("CO13", "E")}
    after = GAME.apply(state, 0, Build("CO13", "D"))
    assert after.used[0] == [PERMIT_INDEX["CO13"]] and after.unused[0] == []
    assert after.servants[0] == state.servants[0] - 1 + 2  # pays Red's merchant, gains Dorful's 2 servants
    assert not any(isinstance(a, Build) for a in GAME.legal_actions(after, 0))
    after.mains_allowed = 2
    assert not any(isinstance(a, Build) for a in GAME.legal_actions(after, 0))
    assert "already used" in why(after, 0, Build("CO13", "A"))
    assert "do not own" in why(state, 0, Build("CO01", "A"))
    assert "does not name" in why(state, 0, Build("CO13", "B"))
    place(state, 0, "A")
    assert "already have a merchant in Arkon" in why(state, 0, Build("CO13", "A"))


def test_no_merchants_left() -> None:
    state = fresh()
    place(state, 0, *"ABCDEFGHIK")  # 10 merchants (J is royal but holds one too)
    state.end_trigger = 0
    take_permit(state, 0, "MO02")
    reason = GAME.why_illegal(state, 0, Build("MO02", "L"))
    assert reason == "You have no merchants left."
    assert not any(isinstance(a, (Build, Royal)) for a in GAME.legal_actions(state, 0))


def test_build_need_names_what_a_build_in_a_city_lacks() -> None:
    """The city detail's words: what stands between a player and building there, holdings
    first; "" exactly when a build there is a legal move."""
    from core.council.explain import build_need

    state = fresh()
    state.coins[0] = 0  # no Queen's help
    assert build_need(state, 0, "A") == "build: needs a permit for A"
    take_permit(state, 0, "CO13")  # A, D, E
    assert build_need(state, 0, "A") == "" and Build("CO13", "A") in GAME.legal_actions(state, 0)
    assert build_need(state, 0, "B") == "build: needs a permit for B"
    place(state, 1, "D")
    state.servants[0] = 0
    assert build_need(state, 0, "D") == "build: needs 1 servant"
    assert build_need(state, 0, "A") == ""  # (free: nobody there)
    take_permit(state, 1, "CO01")  # A
    assert build_need(state, 1, "A") == "build next turn"  # seat 0 is playing
    place(state, 0, "E")
    assert build_need(state, 0, "E") == "you built here"
    state.mains_taken = 1
    assert build_need(state, 0, "A") == "build next turn"  # no main action left this turn
    state.mains_allowed = 2
    assert build_need(state, 0, "A") == ""
    state.pending.append((CH_TOKEN, 1, -1))
    assert build_need(state, 0, "A") == "build after this move"
    state.pending.clear()
    place(state, 0, *"BCFGHIKLM")  # 10 merchants with E's
    assert build_need(state, 0, "A") == "no merchants left"
    assert not any(isinstance(a, (Build, Royal)) for a in GAME.legal_actions(state, 0))
    # The Queen's help alone is enough: no permit for J, and she stands there.
    queen = fresh()
    set_balcony(queen, 3, "orange", "pink", "blue", "black")
    set_hand(queen, 0, "orange", "pink", "blue", "black")
    queen.coins[0] = 0
    assert build_need(queen, 0, L[queen.queen]) == ""
    assert build_need(queen, 0, "A") == "build: needs a permit for A"  # her 4 roads cost 8 coins


@pytest.mark.parametrize("seed", range(6))
def test_build_need_is_empty_exactly_when_a_build_there_is_legal(seed: int) -> None:
    """Over random games, for every seat and city: "" if and only if a Build or the
    Queen's help there is among the legal moves."""
    from core.council.explain import build_need

    state = new(2 + seed % 3, seed)
    rng = random.Random(seed)
    for _ in range(150):
        if GAME.is_over(state):
            break
        for seat in range(state.players):
            legal = GAME.legal_actions(state, seat)
            builds = {a.city for a in legal if isinstance(a, (Build, Royal))}
            for letter in L:
                need = build_need(state, seat, letter)
                assert (need == "") is (letter in builds), (seat, letter, need)
        seat = GAME.to_act(state)[0]
        GAME.apply_in_place(state, seat, rng.choice(GAME.legal_actions(state, seat)))


def test_queen_help() -> None:
    state = fresh()
    set_balcony(state, 3, "orange", "pink", "blue", "black")
    set_hand(state, 0, "orange", "pink", "blue", "black")  # 0 coins to the council
    state.coins[0] = 8
    legal = GAME.legal_actions(state, 0)
    assert Royal("A") in legal and Royal("J") in legal  # 4 roads = 8 coins; staying put is free
    assert GAME.describe(Royal("A"), state) == "Queen's help: build in Arkon (4 roads, 8 coins)"
    only = GAME.apply(state, 0, Royal("A"))  # one affordable payment: made automatically
    assert ("auto", 0, pay_of(["black", "blue", "orange", "pink"])) in only.events
    state.coins[0] = 20
    after = GAME.apply(state, 0, Royal("A"))
    options = GAME.legal_actions(after, 0)
    assert pay_of(["black", "blue", "orange", "pink"]) in options and len(options) > 1
    assert GAME.prompt(after, 0).startswith("Choose cards to pay for the Queen's move to Arkon")
    done = GAME.apply(after, 0, pay_of(["black", "blue", "orange", "pink"]))
    assert done.queen == city("A") and done.built[0] == 1 << city("A")
    assert done.coins[0] == 12 and done.vp[0] == 1  # Arkon's token
    assert done.mains_taken == 1 and done.events == only.events[1:]
    state.coins[0] = 7
    assert Royal("A") not in GAME.legal_actions(state, 0)
    reason = GAME.why_illegal(state, 0, Royal("A"))
    assert reason is not None and "8 coins for the Queen's roads" in reason
    place(state, 0, "J")
    assert "already have a merchant in Juvelar" in why(state, 0, Royal("J"))


def test_queen_payment_leaves_coins_for_the_roads() -> None:
    state = fresh()
    set_balcony(state, 3, "orange", "pink", "blue", "black")
    set_hand(state, 0, "orange", "pink", "joker")
    state.coins[0] = 12
    after = GAME.apply(state, 0, Royal("M"))  # 2 roads = 4 coins, 8 left for the council
    options = GAME.legal_actions(after, 0)
    assert {a.cards for a in options} == {
        ("orange", "pink"), ("joker", "orange", "pink"), ("joker", "orange"), ("joker", "pink")
    }


# --- quick actions -----------------------------------------------------------------------------
def test_hire_and_one_quick_action_per_turn() -> None:
    state = fresh()
    after = GAME.apply(state, 0, Hire())
    assert after.coins[0] == state.coins[0] - 3 and after.servants[0] == state.servants[0] + 1
    legal = GAME.legal_actions(after, 0)
    assert not any(isinstance(a, (Hire, Change, ElectQuick, Extra)) for a in legal)
    assert EndTurn() not in legal  # the main action is still due
    assert GAME.why_illegal(after, 0, Hire()) == "You already took your quick action this turn."
    assert GAME.why_illegal(after, 0, EndTurn()) == "You cannot end your turn yet: take your main action first."
    # With the main action done too, the turn ends by itself.
    colour = COLOURS[next(c for c in range(6) if after.reserve[c])]
    done = GAME.apply(after, 0, Elect("coast", colour))
    assert done.current == 1 and ("auto", 0, EndTurn()) in done.events


def test_quick_action_after_the_main_action() -> None:
    state = fresh()
    colour = COLOURS[next(c for c in range(6) if state.reserve[c])]
    after = GAME.apply(state, 0, Elect("coast", colour))
    legal = GAME.legal_actions(after, 0)
    assert Hire() in legal and EndTurn() in legal and not any(isinstance(a, Elect) for a in legal)
    assert "no main action left" in why(after, 0, Elect("coast", colour))
    end = GAME.apply(after, 0, EndTurn())
    assert end.current == 1 and end.hand_count[1] == 7 and end.turn_number == 2


def test_change_permits_order() -> None:
    state = fresh()
    deck = state.permit_decks[1][:]
    slots = state.face_up[1][:]
    after = GAME.apply(state, 0, Change("hills"))
    assert after.servants[0] == state.servants[0] - 1 and after.quick_used
    assert after.face_up[1] == [deck[-1], deck[-2]]
    assert after.permit_decks[1] == [slots[1], slots[0]] + deck[:-2]  # slot 1 ends up lowest
    assert GAME.is_undo_barrier(state, after)


def test_change_with_a_short_deck() -> None:
    state = fresh()
    state.permit_decks[2] = []
    state.face_up[2] = [-1, REGION_PERMITS[2][0]]
    # (the other 13 mountain tiles go to seat 1, keeping every tile somewhere)
    state.unused[1] = [p for p in REGION_PERMITS[2][1:] if p not in state.face_up[2]]
    after = GAME.apply(state, 0, Change("mountains"))
    assert after.face_up[2] == [REGION_PERMITS[2][0], -1]
    state.face_up[2] = [-1, -1]
    state.unused[1].append(REGION_PERMITS[2][0])
    assert Change("mountains") not in GAME.legal_actions(state, 0)
    assert "no face-up permit" in why(state, 0, Change("mountains"))
    assert not any(isinstance(a, Acquire) and a.region == "mountains" for a in GAME.legal_actions(state, 0))


def test_elect_with_a_servant() -> None:
    state = fresh()
    colour = COLOURS[next(c for c in range(6) if state.reserve[c])]
    after = GAME.apply(state, 0, ElectQuick("royal", colour))
    assert after.coins[0] == state.coins[0] and after.servants[0] == state.servants[0] - 1
    assert after.balconies[3][0] == COLOURS.index(colour) and after.mains_taken == 0
    state.servants[0] = 0
    assert "costs 1 servant" in why(state, 0, ElectQuick("royal", colour))


def test_extra_main_action() -> None:
    state = fresh()
    state.servants[0] = 3
    after = GAME.apply(state, 0, Extra())
    assert after.servants[0] == 0 and after.mains_allowed == 2
    colour = COLOURS[next(c for c in range(6) if after.reserve[c])]
    one = GAME.apply(after, 0, Elect("coast", colour))
    assert EndTurn() in GAME.legal_actions(one, 0)  # the second main action is optional
    colour = COLOURS[next(c for c in range(6) if one.reserve[c])]
    two = GAME.apply(one, 0, Elect("coast", colour))
    assert two.current == 1  # nothing left: the turn ended by itself
    state.servants[0] = 2
    assert "costs 3 servants" in why(state, 0, Extra())


def test_reshuffle_and_empty_deck() -> None:
    state = fresh()
    for c in state.deck:
        state.discard[c] += 1
    state.deck = []
    colour = COLOURS[next(c for c in range(6) if state.reserve[c])]
    state = GAME.apply(state, 0, Elect("coast", colour))
    end = GAME.apply(state, 0, EndTurn())
    assert ("reshuffle",) in end.events and end.hand_count[1] == 7
    assert sum(end.discard) == 0 and len(end.deck) == 90 - 3 * 6 - 2
    assert GAME.is_undo_barrier(state, end)
    check_invariants(end)
    # Nothing anywhere: nothing is drawn.
    state.discard = [0] * 7
    end = GAME.apply(state, 0, EndTurn())
    assert end.hand_count[1] == 6 and not any(e[0] == "draw" for e in end.events)


# --- network bonus -------------------------------------------------------------------------------
def test_e2_network_bonus() -> None:
    state = fresh(3)
    place(state, 0, "C", "F", "G", "H", "J")
    place(state, 1, "I")
    take_permit(state, 0, "HI04")
    state.servants[0] = 1
    state.queen_taken = 1  # the first Queen's tile is already gone
    state.tiles_left &= ~(1 << 3)
    state.rewards[2] = ["iron", "queen1"]
    coins, vp = state.coins[0], state.vp[0]
    after = GAME.apply(state, 0, Build("HI04", "I"))
    assert network(state.layout, after.built[0], city("I")) == [city(x) for x in "IFJCGH"]
    assert tokens_gained(after) == ["I", "F", "C", "G", "H"]
    assert after.coins[0] == coins + 5 and after.vp[0] == vp + 5
    assert after.servants[0] == 1  # paid 1 for Red's merchant, gained 1 from Graden
    assert after.rewards[0] == ["hills", "queen2"]
    assert ("reward", 0, "queen2") in after.events


def test_network_runs_through_the_whole_chain_and_the_royal_city() -> None:
    state = fresh(3)
    place(state, 0, "A", "B", "D", "G")
    take_permit(state, 0, "HI05")  # Juvelar: 2 VP + extra main action
    before = (state.servants[0], state.coins[0], state.vp[0], state.hand_count[0])
    after = GAME.apply(state, 0, Build("HI05", "J"))
    assert tokens_gained(after) == ["G", "D", "B", "A"]
    assert (after.servants[0], after.coins[0], after.vp[0], after.hand_count[0]) == (
        before[0] + 3, before[1] + 1, before[2] + 2, before[3] + 1
    )
    # Through the royal city: K-I-J-L chain.
    state = fresh(3)
    place(state, 0, "J", "L")
    take_permit(state, 0, "HI04")
    assert tokens_gained(GAME.apply(state, 0, Build("HI04", "I"))) == ["I", "L"]


def test_other_players_merchants_do_not_link() -> None:
    state = fresh(3)
    place(state, 0, "F", "J")
    place(state, 1, "I")
    take_permit(state, 0, "MO01")  # Kultos
    after = GAME.apply(state, 0, Build("MO01", "K"))
    assert tokens_gained(after) == ["K"]


# --- reward tiles ----------------------------------------------------------------------------------
def test_colour_and_region_in_one_placement() -> None:
    state = fresh(3)
    place(state, 0, "B", "C", "D", "E", "M")
    take_permit(state, 0, "CO01")
    after = GAME.apply(state, 0, Build("CO01", "A"))
    assert after.rewards[0] == ["iron", "queen1", "coast", "queen2"]
    assert after.queen_taken == 2 and after.tiles_left == 0b1111111 & ~(1 << 3) & ~(1 << 4)
    # Completing iron again later earns nothing.
    place(after, 1, "M")
    after.current = 1
    after.mains_taken = 0
    take_permit(after, 1, "CO07")
    later = GAME.apply(after, 1, Build("CO07", "A"))
    assert later.rewards[1] == []


def test_reward_tiles_after_the_queens_pile_is_empty() -> None:
    state = fresh(3)
    state.queen_taken = 5
    place(state, 0, "M")
    take_permit(state, 0, "CO01")
    after = GAME.apply(state, 0, Build("CO01", "A"))
    assert after.rewards[0] == ["iron"]


# --- nobility track ------------------------------------------------------------------------------
def test_e4_space_four_interrupts_the_steps() -> None:
    state = fresh(3)
    state.nobility[0] = 3
    place(state, 0, "A", "C", "M")  # Merkatim's token is a nobility step: not eligible
    grant(state, 0, nobility=2)
    assert state.nobility[0] == 4
    assert state.pending == [(W_STEPS, 1), (CH_TOKEN, 1, -1)]
    assert set(GAME.legal_actions(state, 0)) == {Token("A"), Token("C")}
    assert GAME.prompt(state, 0) == "Nobility: choose one of your cities whose token bonus you gain"
    assert "moves the nobility marker" in why(state, 0, Token("M"))
    assert "no merchant in Burgen" in why(state, 0, Token("B"))
    assert "First finish your nobility bonus" in why(state, 0, Hire())
    vp = state.vp[0]
    after = GAME.apply(state, 0, Token("C"))
    assert after.vp[0] == vp + 3 and after.nobility[0] == 5 and after.pending == []


def test_space_four_forced_and_skipped() -> None:
    state = fresh(3)
    state.nobility[0] = 3
    place(state, 0, "C", "M")
    vp = state.vp[0]
    grant(state, 0, nobility=1)
    assert state.vp[0] == vp + 3 and ("auto", 0, Token("C")) in state.events and not state.pending
    state = fresh(3)
    state.nobility[0] = 3
    place(state, 0, "J", "M")  # royal city and a nobility token: nothing eligible
    grant(state, 0, nobility=1)
    assert state.nobility[0] == 4 and not state.pending


def test_steps_pay_every_space_entered_and_stop_at_twenty() -> None:
    state = fresh(3)
    state.nobility[0] = 1
    vp, coins = state.vp[0], state.coins[0]
    grant(state, 0, nobility=2)  # enters 2 (2 VP + 2 coins) and 3
    assert state.nobility[0] == 3 and state.vp[0] == vp + 2 and state.coins[0] == coins + 2
    state.nobility[0] = 19
    vp = state.vp[0]
    grant(state, 0, nobility=2)
    assert state.nobility[0] == 20 and state.vp[0] == vp + 3
    grant(state, 0, nobility=1)
    assert state.nobility[0] == 20 and state.vp[0] == vp + 3
    state.nobility[0] = 17
    vp = state.vp[0]
    grant(state, 0, nobility=3)
    assert state.vp[0] == vp + 8 + 2 + 3


def test_plain_spaces() -> None:
    state = fresh(3)
    state.nobility[0] = 5
    grant(state, 0, nobility=1)
    assert state.mains_allowed == 2
    cards, vp = state.hand_count[0], state.vp[0]
    state.nobility[0] = 7
    grant(state, 0, nobility=1)
    assert state.hand_count[0] == cards + 1 and state.vp[0] == vp + 3
    servants, vp = state.servants[0], state.vp[0]
    state.nobility[0] = 11
    grant(state, 0, nobility=1)
    assert state.servants[0] == servants + 1 and state.vp[0] == vp + 5
    check_invariants(state)


def test_space_ten_free_permit() -> None:
    state = fresh(3)
    state.nobility[0] = 9
    put_face_up(state, 0, "CO04")
    options = set(FreePermit(PERMITS[p].id) for slots in state.face_up for p in slots)
    grant(state, 0, nobility=1)
    assert set(GAME.legal_actions(state, 0)) == options and len(options) == 6
    vp, coins = state.vp[0], state.coins[0]
    after = GAME.apply(state, 0, FreePermit("CO04"))
    assert after.unused[0] == [PERMIT_INDEX["CO04"]] and after.vp[0] == vp + 7 and after.coins[0] == coins
    assert PERMIT_INDEX["CO04"] not in after.face_up[0] and -1 not in after.face_up[0]
    assert "not face up" in why(state, 0, FreePermit(PERMITS[state.permit_decks[1][0]].id))
    check_invariants(after)


def test_space_fourteen_rebonus_any_owned_tile() -> None:
    state = fresh(3)
    take_permit(state, 0, "CO04", used=True)
    take_permit(state, 0, "MO04")
    state.nobility[0] = 13
    grant(state, 0, nobility=1)
    assert set(GAME.legal_actions(state, 0)) == {Rebonus("CO04"), Rebonus("MO04")}
    vp = state.vp[0]
    after = GAME.apply(state, 0, Rebonus("CO04"))
    assert after.vp[0] == vp + 7 and after.used[0] == [PERMIT_INDEX["CO04"]]
    assert "do not own" in why(state, 0, Rebonus("HI01"))
    # One tile: automatic; none: skipped.
    state = fresh(3)
    take_permit(state, 0, "MO04")
    state.nobility[0] = 13
    coins = state.coins[0]
    grant(state, 0, nobility=1)
    assert state.coins[0] == coins + 7 and not state.pending
    state = fresh(3)
    state.nobility[0] = 13
    grant(state, 0, nobility=1)
    assert state.nobility[0] == 14 and not state.pending


def test_rebonus_chains_into_more_nobility() -> None:
    state = fresh(3)
    take_permit(state, 0, "CO07")  # 2 nobility steps
    take_permit(state, 0, "CO04", used=True)
    state.nobility[0] = 13
    grant(state, 0, nobility=2)  # 14 (choice), then 15 waits
    assert state.pending[0] == (W_STEPS, 1)
    after = GAME.apply(state, 0, Rebonus("CO07"))  # 15, then 16 (no city: skipped), then 17
    assert after.nobility[0] == 17 and not after.pending
    assert ("space", 0, 16) in after.events


def test_space_sixteen_two_different_cities() -> None:
    state = fresh(3)
    place(state, 0, "A", "C", "I")
    state.nobility[0] = 15
    grant(state, 0, nobility=1)
    assert set(GAME.legal_actions(state, 0)) == {Token("A"), Token("C"), Token("I")}
    assert "first of two" in GAME.prompt(state, 0)
    after = GAME.apply(state, 0, Token("C"))
    assert set(GAME.legal_actions(after, 0)) == {Token("A"), Token("I")}
    assert "different city" in why(after, 0, Token("C"))
    done = GAME.apply(after, 0, Token("I"))
    assert not done.pending and done.coins[0] == state.coins[0] + 3 and done.vp[0] == state.vp[0] + 3
    # Exactly two eligible cities: both taken automatically; one: just that one.
    state = fresh(3)
    place(state, 0, "A", "C", "M")
    state.nobility[0] = 15
    vp = state.vp[0]
    grant(state, 0, nobility=1)
    assert state.vp[0] == vp + 4 and not state.pending
    state = fresh(3)
    place(state, 0, "C", "M")
    state.nobility[0] = 15
    vp = state.vp[0]
    grant(state, 0, nobility=1)
    assert state.vp[0] == vp + 3 and not state.pending


def test_token_choice_during_the_network_waits_for_the_rest() -> None:
    state = fresh(3)
    state.nobility[0] = 3
    place(state, 0, "N", "C", "I")  # Osium's token is a nobility step; Naris is next to it
    take_permit(state, 0, "MO05")
    after = GAME.apply(state, 0, Build("MO05", "O"))
    # Osium's token moves the marker to 4: choose a token before Naris' is paid.
    assert tokens_gained(after) == ["O"] and after.pending[-1] == (CH_TOKEN, 1, -1)
    done = GAME.apply(after, 0, Token("I"))
    assert tokens_gained(done) == ["I", "N"]
    assert done.coins[0] == state.coins[0] + 3 + 2


# --- end of the game -----------------------------------------------------------------------------
def finish_turn(state: State, seat: int) -> State:
    """Elect (main action) and end the turn."""
    colour = COLOURS[next(c for c in range(6) if state.reserve[c])]
    state = GAME.apply(state, seat, Elect("coast", colour))
    if GAME.to_act(state) == [seat]:
        state = GAME.apply(state, seat, EndTurn())
    return state


def test_tenth_merchant_ends_the_game_after_one_more_turn_each() -> None:
    state = new(4, seed=3, first_player="1")
    rulebook_tokens(state)
    place(state, 1, *"ABCDEFGHI")
    take_permit(state, 1, "MO01")
    vp = state.vp[1]
    after = GAME.apply(state, 1, Build("MO01", "K"))
    assert after.end_trigger == 1 and ("last_merchant", 1) in after.events
    assert after.vp[1] == vp + 3 + 7 and after.merchants_left(1) == 0  # + A, B, C, F tokens
    assert EndTurn() in GAME.legal_actions(after, 1)  # the trigger finishes the turn
    assert "final round" in GAME.progress(after)
    state = GAME.apply(after, 1, EndTurn())
    order = []
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        order.append(seat)
        state = finish_turn(state, seat)
    assert order == [2, 3, 0]
    assert GAME.to_act(state) == [] and GAME.legal_actions(state, 1) == []
    assert GAME.progress(state) == "Game over" and GAME.prompt(state, 0) == "The game is over."
    assert GAME.why_illegal(state, 2, EndTurn()) == "The game is over."


def test_a_second_tenth_merchant_scores_nothing() -> None:
    state = fresh(3)
    place(state, 0, *"ABCDEFGHI")
    place(state, 1, *"ABCDEFGHI")
    take_permit(state, 0, "MO01")
    take_permit(state, 1, "MO04")
    state = GAME.apply(state, 0, Build("MO01", "K"))
    state = GAME.apply(state, 0, EndTurn())
    assert state.current == 1
    vp = state.vp[1]
    state = GAME.apply(state, 1, Build("MO04", "N"))
    assert state.vp[1] == vp and state.end_trigger == 0 and state.rewards[1] == ["bronze", "queen2"]
    state = GAME.apply(state, 1, EndTurn())
    state = finish_turn(state, 2)
    assert GAME.is_over(state)
