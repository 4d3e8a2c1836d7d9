"""Seeded random games of Intendentes at 2, 3 and 4 players (advanced, family and hidden-money
games), checking the rules' invariants after every action, plus hypothesis over seeds.

After every move: ``GAME.problems(state) == []``; the 70 inhabitants are all in the supply or
the districts; money, indices and card counts never negative; hands of at most 4; warehouse
0..40; discontent 0..15; exactly one seat to act (the others have no legal action) until the
game is over; rounds and phases only move forward. At a sample of positions every entry of
``legal_actions`` is applied to a copy (each must apply and keep the invariants), the bots'
thinned list is a part of it, and the views of every seat and the spectator round-trip
through the encoding and hide other hands (and other money with the hidden-money option).
The game ends after phase 8 of round 8, and ``result()`` adds up: each seat's splendor before
the final scoring plus the §11 categories (recomputed here from the spec's tables) is its
total, the final splendor.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.intendentes import GAME
from core.intendentes.rules import secretly_forced
from core.intendentes.actions import (
    BUY,
    END,
    HYDRAULIC_WORKS,
    PASS,
    STADIUM,
    Action,
    Move,
    NationalHelp,
    Officer,
    Paid,
    Play,
    Stadium,
    TrainStation,
)
from core.intendentes.content import (
    BLOCK_BY_ID,
    BLOCKS,
    CITY,
    EVENTS,
    FIELD,
    FIRE_BRIGADE,
    PLANS,
    POLICE,
    ROUNDS,
    SPECIAL,
    SUPPLY,
    TOWN,
)
from core.intendentes.state import HIDDEN, S_DEMOGRAPHY, S_MARKET, S_SECURITY, S_WINDOW, SPECTATOR, State
from tests.core.intendentes.builders import inhabitants_total

GAMES = 8
SAMPLE_EVERY = 5
MAX_MOVES = 5000


def happiness(space: int) -> int:
    """§11 happiness by discontent space (A34)."""
    if space == 0:
        return 8
    if space <= 3:
        return 4
    if space <= 6:
        return 0
    if space <= 9:
        return -4
    return -8


def district(blocks: int) -> int:
    """§11 district size points (A32)."""
    if blocks >= 10:
        return 10
    return {9: 6, 8: 2, 7: 0}.get(blocks, -4)


def expected_bonuses(state: State) -> list[list[int]]:
    """The §11 final scoring recomputed from the spec's tables (inputs untouched by it)."""
    n = state.players
    risk = []
    for index in range(3):
        values = [state.risk[s][index] for s in range(n)]
        low = min(values)
        award = 5 if values.count(low) == 1 else 2
        risk.append([award if v == low else 0 for v in values])
    return [
        [
            district(len(state.blocks[s])),
            sum(state.people[s]) // 2,
            happiness(state.discontent[s]),
            risk[0][s],
            risk[1][s],
            risk[2][s],
            2 * (state.warehouse[s] // 5),
            state.money[s] // 5,
        ]
        for s in range(n)
    ]


# --- an independent reading of §4.2 (which plays are legal), for windows and turns -------------
RADIO = BLOCK_BY_ID["B64"].index
HOSPITAL = BLOCK_BY_ID["B56"].index
STADIUM_BLOCK = BLOCK_BY_ID["B58"].index
HYDRAULIC = BLOCK_BY_ID["B59"].index
CENTRAL_MARKET = BLOCK_BY_ID["B61"].index
TRAIN = BLOCK_BY_ID["B63"].index


def spec_neighbours(players: int, seat: int) -> set[int]:
    """§4.3: seat ±1 with 4 mayors, everyone else with 2 or 3."""
    if players == 4:
        return {(seat + 1) % 4, (seat - 1) % 4}
    return set(range(players)) - {seat}


def spec_event_cards(state: State, seat: int, cut: int) -> int:
    """§10: the penalty cards this round's event gives ``seat`` (cap first, then the cut)."""
    event = EVENTS[state.event]
    if event.key == "social_protest":
        return max(0, (1 if state.discontent[seat] >= 3 else 0) - cut)
    room = 3 - state.capped[seat]
    total = 0
    for index, threshold in event.catastrophes:
        take = min(max(0, state.risk[seat][index] - threshold), room)
        room -= take
        total += take
    return max(0, total - cut)


def free_space(state: State, seat: int) -> bool:
    return any(p < c for p, c in zip(state.people[seat], state.capacity[seat]))


def spec_event_changes(state: State, seat: int, cut: int) -> bool:
    """§4.2 for Civil Defense: False when this round's event is certain to change nothing."""
    key = EVENTS[state.event].key
    kinds = [BLOCKS[b].kind for b in state.blocks[seat]]
    if key in ("drought", "bumper_harvest", "general_strike", "provincial_funds"):
        return True
    if key == "inflation":
        return False
    if key == "elections":
        return not 4 <= state.discontent[seat] <= 6
    if key == "epidemic":
        return HOSPITAL not in state.blocks[seat] and sum(state.people[seat]) >= 5
    if key == "tourism_boom":
        return CITY in kinds or SPECIAL in kinds
    if key == "migration_wave":
        return state.supply > 0 and free_space(state, seat)
    return spec_event_cards(state, seat, cut) > 0


def spec_plays(state: State, seat: int, played: list[str], hits: set[tuple[str, int]]) -> set[tuple[str, int]]:
    """The ``(plan key, target)`` pairs §4.2 allows ``seat`` now, from this round's plays
    (``played``: ``seat``'s plan keys; ``hits``: every neighbour plan's (key, target))."""
    out: set[tuple[str, int]] = set()
    cards, risk = state.cards[seat], state.risk[seat]
    defended = "civil_defense" in played
    cut = 2 * played.count("prevention_campaign")
    for index in set(state.hand[seat]):
        p = PLANS[index]
        cost = max(0, p.cost - (1 if RADIO in state.blocks[seat] else 0))
        if p.phase != state.phase or cost > state.money[seat]:
            continue
        key = p.key
        if p.neighbour:
            for t in spec_neighbours(state.players, seat):
                if (key, t) in hits:
                    continue
                ok = {
                    "permit_fees": state.money[t] > 0,
                    "tax_audit": state.money[t] > 0,
                    "rural_exodus": sum(state.people[t]) > 0 and free_space(state, seat),
                    "arson": state.capped[t] < 3,
                    "agitators": state.discontent[t] < 15,
                }.get(key, True)
                if ok:
                    out.add((key, t))
            continue
        kinds = [BLOCKS[b].kind for b in state.blocks[seat]]
        field_people = any(BLOCKS[b].kind == FIELD and n > 0 for b, n in zip(state.blocks[seat], state.people[seat]))
        ok = {
            "housing_plan": TOWN in kinds or CITY in kinds,
            "immigration_program": state.supply > 0 and free_space(state, seat),
            "advisors": bool(state.plan_deck or state.plan_discard),
            "prevention_campaign": not defended and spec_event_cards(state, seat, cut) > 0,
            "civil_defense": not defended and spec_event_changes(state, seat, cut),
            "community_volunteers": cards[0] + cards[1] > 0,
            "neighbourhood_watch": cards[2] > 0,
            "dialogue_table": cards[3] > 0,
            "fire_prevention": risk[0] > 0,
            "drainage_works": risk[1] > 0,
            "street_lighting": risk[2] > 0,
            "social_subsidies": state.discontent[seat] > 0,
            "open_concert": state.discontent[seat] > 0,
            "popular_festival": state.discontent[seat] > 0,
            "soup_kitchens": state.warehouse[seat] < 40,
            "irrigation": field_people,
            "press_campaign": sum(cards) > 0,
        }.get(key, True)
        if ok:
            out.add((key, seat))
    return out


class Uses:
    """This round's once-per-round uses, tracked from the actions applied (not from the state)."""

    def __init__(self, players: int) -> None:
        self.played: list[list[str]] = [[] for _ in range(players)]  # plan keys, per seat
        self.hits: set[tuple[str, int]] = set()  # neighbour plays (A19)
        self.officers: dict[tuple[int, int], int] = {}  # (seat, block) -> officers used
        self.paid: set[tuple[int, int]] = set()
        self.once: set[tuple[int, str]] = set()  # (seat, "help" | "hydraulic" | "stadium" | "train")

    def record(self, seat: int, action: Action) -> None:
        if isinstance(action, Play):
            plan = PLANS[action.plan]
            self.played[seat].append(plan.key)
            if plan.neighbour:
                self.hits.add((plan.key, action.target))
        elif isinstance(action, Officer):
            key = (seat, action.block)
            self.officers[key] = self.officers.get(key, 0) + 1
        elif isinstance(action, Paid):
            self.paid.add((seat, action.block))
        elif isinstance(action, NationalHelp):
            self.once.add((seat, "help"))
        elif action == HYDRAULIC_WORKS:
            self.once.add((seat, "hydraulic"))
        elif isinstance(action, Stadium):
            self.once.add((seat, "stadium"))
        elif isinstance(action, TrainStation):
            self.once.add((seat, "train"))


POLICE_REMOVES = (2, 1, 3)  # insecurity, flood, demonstration (§4.7)
BRIGADE_REMOVES = (0, 1)  # fire, flood


def spec_others(state: State, seat: int, uses: Uses) -> set[Action]:
    """The actions other than plays and moves that §4.7, §4.12 and §8.1 allow ``seat`` now
    in a window, a Demography or Security turn, or the market."""
    owned = state.blocks[seat]
    money, cards = state.money[seat], state.cards[seat]
    out: set[Action] = set()
    if state.step == S_WINDOW:
        out.add(PASS)
        if (
            state.phase == 7
            and STADIUM_BLOCK in owned
            and (seat, "stadium") not in uses.once
            and money >= 3
            and state.discontent[seat] > 0
        ):
            out.add(STADIUM)
    elif state.step == S_DEMOGRAPHY:
        out.add(END)
        if TRAIN in owned and (seat, "train") not in uses.once and state.supply >= 1:
            for b, p, c in zip(owned, state.people[seat], state.capacity[seat]):
                if p < c:
                    out.add(TrainStation(b))
    elif state.step == S_SECURITY:
        out.add(END)
        for b in owned:
            kind = BLOCKS[b].kind
            if kind not in (POLICE, FIRE_BRIGADE) or (seat, b) in uses.paid:
                continue
            used = uses.officers.get((seat, b), 0)
            if used < BLOCKS[b].police + BLOCKS[b].firemen:
                for t in POLICE_REMOVES if kind == POLICE else BRIGADE_REMOVES:
                    if cards[t] > 0:
                        out.add(Officer(b, t))
            index = 2 if kind == POLICE else 0
            if used == 0 and money >= 6 and state.risk[seat][index] > 0:
                out.add(Paid(b))
        if (seat, "help") not in uses.once and money >= 5:
            out.update(NationalHelp(t) for t in range(4) if cards[t] > 0)
        if HYDRAULIC in owned and (seat, "hydraulic") not in uses.once and cards[1] > 0:
            out.add(HYDRAULIC_WORKS)
    elif state.step == S_MARKET:
        out.add(PASS)
        price = 3 + state.market
        if CENTRAL_MARKET in owned:
            price = max(1, price - 2)
        if money >= price:
            out.add(BUY)
    return out


def check_state(state: State) -> None:
    """The invariants that hold after every action."""
    problems = GAME.problems(state)
    assert problems == [], problems
    assert inhabitants_total(state) == SUPPLY
    assert state.supply >= 0
    for s in range(state.players):
        assert state.money[s] >= 0
        assert min(state.risk[s]) >= 0 and min(state.cards[s]) >= 0
        assert len(state.hand[s]) <= 4
        assert 0 <= state.warehouse[s] <= 40
        assert 0 <= state.discontent[s] <= 15
        assert all(p >= 0 for p in state.people[s])
    assert 1 <= state.round <= ROUNDS


def check_legal(state: State, seat: int, actions: list[Any]) -> None:
    """Every legal action applies to a copy and keeps the invariants; bots choose among them."""
    for action in actions:
        assert GAME.why_illegal(state, seat, action) is None
        after = GAME.apply(state, seat, action)
        check_state(after)
        assert GAME.decode_action(GAME.encode_action(action)) == action
    thinned = GAME.bot_actions(state, seat)
    assert thinned and all(a in actions for a in thinned)


def check_views(state: State) -> None:
    """Views hide other hands (and other money with the option), keep the viewer's own, and
    round-trip through the encoding."""
    n = state.players
    for seat in list(range(n)) + [None]:
        view = GAME.view(state, seat)
        assert view.viewer == (SPECTATOR if seat is None else seat)
        assert view.rng is None and GAME.problems(view) == []
        for other in range(n):
            if other == seat:
                assert view.hand[other] == state.hand[other]
                assert view.money[other] == state.money[other]
                continue
            assert view.hand[other] == [HIDDEN] * len(state.hand[other])
            if state.hidden_money and state.money[other] > 0:
                assert view.money[other] == HIDDEN
            else:
                assert view.money[other] == state.money[other]
        assert all(p == HIDDEN for p in view.plan_deck) and len(view.plan_deck) == len(state.plan_deck)
        assert all(e == HIDDEN for e in view.event_deck)
        assert view.block_deck == sorted(state.block_deck)
        if state.drawn and state.actor != seat:
            assert all(p == HIDDEN for p in view.drawn)
        data = GAME.encode_state(view)
        assert "rng" not in data
        back = GAME.decode_state(data)
        assert back == view and GAME.encode_state(back) == data
        if seat is not None and not GAME.is_over(state):
            assert GAME.legal_actions(view, seat) == GAME.legal_actions(state, seat)
    data = GAME.encode_state(state)
    assert GAME.decode_state(data) == state


def check_result(state: State) -> None:
    """The game ended after round 8 and the result's categories add up to the totals."""
    assert GAME.is_over(state) and GAME.to_act(state) == []
    assert state.round == ROUNDS and state.phase == 8
    for s in range(state.players):
        assert GAME.legal_actions(state, s) == []
    result = GAME.result(state)
    assert result.totals == tuple(state.splendor)
    bonuses = expected_bonuses(state)
    for s, row in enumerate(result.breakdown):
        assert len(row) == len(result.categories)
        assert sum(row[:-1]) == row[-1] == result.totals[s]
        assert list(row[1:-1]) == bonuses[s] == list(state.final[s])
    best = max(result.totals)
    assert [r == 1 for r in result.ranks] == [t == best for t in result.totals]


def run_game(players: int, seed: int, options: dict[str, Any] | None = None) -> State:
    """One random game (half the moves from the bots' thinned list, so auctions are not
    always won at random all-in prices), every check on the way; returns the final state."""
    rng = random.Random(seed)
    state = GAME.setup([f"P{i}" for i in range(players)], seed, options or {})
    check_state(state)
    check_views(state)
    clock = (state.round, state.phase)
    moves = 0
    uses = Uses(players)
    while not GAME.is_over(state):
        acting = GAME.to_act(state)
        assert len(acting) == 1, acting
        seat = acting[0]
        actions = GAME.legal_actions(state, seat)
        assert len(actions) >= 2 or secretly_forced(state), f"a single option is asked: {actions}"
        assert len(set(actions)) == len(actions)
        for other in range(players):
            if other != seat:
                assert GAME.legal_actions(state, other) == []
        if state.step in (S_WINDOW, S_DEMOGRAPHY, S_SECURITY, S_MARKET):
            offered = {(PLANS[a.plan].key, a.target) for a in actions if isinstance(a, Play)}
            expected = set() if state.step == S_MARKET else spec_plays(state, seat, uses.played[seat], uses.hits)
            assert offered == expected, (state.round, state.phase, seat)
            others = {a for a in actions if not isinstance(a, (Play, Move))}
            assert others == spec_others(state, seat, uses), (state.round, state.phase, seat)
        if moves % SAMPLE_EVERY == 0:
            check_legal(state, seat, actions)
            check_views(state)
        pool = GAME.bot_actions(state, seat) if rng.random() < 0.5 else actions
        action = rng.choice(pool)
        state = GAME.apply(state, seat, action)
        check_state(state)
        now = (state.round, state.phase)
        assert now >= clock, f"the game went back from {clock} to {now}"
        uses.record(seat, action)
        if now[0] != clock[0]:  # a new round: the round's uses are forgotten
            uses = Uses(players)
        clock = now
        moves += 1
        assert moves < MAX_MOVES, "the game does not end"
    check_result(state)
    check_views(state)
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_invariants(players: int) -> None:
    for game in range(GAMES):
        run_game(players, seed=1000 * players + game)


@pytest.mark.parametrize(
    "options",
    [{"family": True}, {"hidden_money": True}, {"family": True, "hidden_money": True}],
    ids=["family", "hidden_money", "family+hidden_money"],
)
def test_random_games_with_options(options: dict[str, Any]) -> None:
    for players, seed in ((2, 71), (3, 72), (4, 73), (2, 74), (3, 75), (4, 76)):
        state = run_game(players, seed=seed, options=options)
        assert state.family == options.get("family", False)
        assert state.hidden_money == options.get("hidden_money", False)
        if state.family:
            assert all(EVENTS[e].family for e in state.events_seen)


@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.sampled_from([2, 3, 4]),
    family=st.booleans(),
    hidden_money=st.booleans(),
)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_seed_plays_to_the_end(seed: int, players: int, family: bool, hidden_money: bool) -> None:
    run_game(players, seed, {"family": family, "hidden_money": hidden_money})
