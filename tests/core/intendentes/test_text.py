"""Intendentes words: every move has a label, the shared log speaks about players (never to
the reader) and tells no secret, prompts and progress read right, and ``why_illegal`` is
None exactly for the legal moves, with a specific reason for most illegal ones."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from core.intendentes import GAME
from core.intendentes import actions as act
from core.intendentes.content import BLOCKS, PLANS
from core.intendentes.explain import why_illegal
from core.intendentes.state import HIDDEN, S_SECURITY, S_WINDOW, State
from core.intendentes.text import block_label, describe, effects, narrate, progress, prompt
from core.table import Seat, Table

SECOND_PERSON = re.compile(r"\b(you|your|yours)\b", re.IGNORECASE)
GENERIC = "That move is not allowed now"


def _one_of_each() -> list[Any]:
    """One action of every kind (the action module's table, in order)."""
    samples = {
        "play": act.Play(14, 1),
        "pass": act.PASS,
        "open": act.Open(0),
        "decline": act.Decline(1),
        "bid": act.bid(9),
        "move": act.Move(64, 28),
        "train_station": act.TrainStation(12),
        "end": act.END,
        "keep": act.Keep(5),
        "keep_hand": act.KEEP_HAND,
        "discard": act.Discard(5),
        "officer": act.Officer(42, 1),
        "paid": act.Paid(47),
        "national_help": act.NationalHelp(0),
        "hydraulic_works": act.HYDRAULIC_WORKS,
        "stadium": act.STADIUM,
        "buy": act.BUY,
        "place": act.Place(28),
        "stop": act.STOP,
        "remove": act.Remove(64),
        "choose": act.Choose(12),
        "birth": act.Birth(4),
        "fast": act.Fast(65),
        "skip": act.SKIP,
    }
    assert tuple(samples) == act.KINDS, "a new action kind needs its words"
    return list(samples.values())


def _play(seed: int, players: int, options: dict[str, Any] | None = None) -> Table[Any]:
    table = Table.new(GAME, [Seat(i, f"P{i}") for i in range(players)], seed, options or {})
    rng = random.Random(seed)
    while not table.is_over():
        seat = table.to_act()[0]
        table.submit(seat, rng.choice(table.legal_actions(seat)))
    return table


def test_every_action_kind_has_plain_words() -> None:
    state = GAME.setup(["Ann", "Bea", "Carl"], 1, {})
    for action in _one_of_each():
        for context in (None, state, GAME.view(state, 0), GAME.view(state, None)):
            text = describe(action, context)
            assert text and text == text.strip(), action
            assert "[" not in text and "]" not in text, text
            assert "repr" not in text and "None" not in text, text
        text = narrate(action, state.actor, GAME.view(state, None), GAME.view(state, None))
        assert text and not SECOND_PERSON.search(text), text
        assert "[" not in text and "]" not in text, text


def test_labels_lead_with_what_tells_moves_apart() -> None:
    state = GAME.setup(["Ann", "Bea", "Carl"], 1, {})
    block = state.display[0]
    assert describe(act.Open(0), state) == f"Open the auction for {block_label(block)} (from ${BLOCKS[block].cost})"
    assert describe(act.Decline(0), state) == f"Decline, and put {block_label(block)} up for auction"
    assert describe(act.bid(9)) == "Bid $9"
    assert describe(act.Move(64, 28)) == "Move 1 inhabitant Initial Town \u2192 Field (B29)"
    assert describe(act.Officer(42, 1)) == "Officer of Police Station (B43) removes a Flood card"
    assert describe(act.NationalHelp(0)) == "National help: remove a Fire card ($5, \u22125 splendor)"
    arson = next(p.index for p in PLANS if p.key == "arson")
    assert describe(act.Play(arson, 1), state) == "Play Arson on Bea ($4)"
    assert block_label(12) == "City (B13)" and block_label(64) == "Initial Town"


def test_progress_and_prompt() -> None:
    state = GAME.setup(["Ann", "Bea"], 3, {})
    assert progress(state) == "Round 1/8 \u00b7 Phase 1 Bidding"
    actor = state.actor
    assert prompt(state, actor) == "Open an auction, or decline and name a block for the others."
    other = 1 - actor
    assert prompt(state, other).startswith(f"Waiting for {state.names[actor]} ")


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 3), (3, 4), (4, 4)])
def test_no_log_line_addresses_the_reader(seed: int, players: int) -> None:
    table = _play(seed, players, {"family": seed % 2 == 0})
    lines = [line for entry in table.log for line in (entry.text, *entry.effects)]
    assert lines
    assert [line for line in lines if SECOND_PERSON.search(line)] == []
    assert [line for line in lines if "[" in line or "]" in line or "None" in line] == []
    assert table.log[-1].effects[-1].startswith("Game over: ")
    assert any(line.startswith("Final scoring: ") for line in table.log[-1].effects)


def _plan_names(text: str) -> set[str]:
    return {p.name for p in PLANS if re.search(rf"\b{re.escape(p.name)}\b", text)}


@pytest.mark.parametrize(("seed", "players"), [(5, 3), (6, 4)])
def test_the_log_tells_no_secret(seed: int, players: int) -> None:
    """Kept plans are never named: a plan appears in the log only when it is played (this
    move or earlier this round) or reaches the (public) discard pile; a spectator's and
    every seat's view give the same effect lines; menus name a kept plan only to the mayor
    who keeps it."""
    state = GAME.setup([f"P{i}" for i in range(players)], seed, {"hidden_money": True})
    rng = random.Random(seed)
    keeps = 0
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        action = rng.choice(GAME.legal_actions(state, seat))
        if isinstance(action, act.Keep):
            keeps += 1
            for viewer in [None, *range(players)]:
                view = GAME.view(state, viewer)
                words = describe(action, view).removeprefix("Advisors: ")
                if viewer == seat:
                    assert PLANS[action.plan].name in words
                else:
                    assert not _plan_names(words), words
        before = GAME.view(state, None)
        after_state = GAME.apply(state, seat, action)
        after = GAME.view(after_state, None)
        line = narrate(action, seat, before, after)
        lines = effects(after)
        for viewer in range(players):
            assert effects(GAME.view(after_state, viewer)) == lines
        public = {PLANS[e[2]].name for e in after.log if e[0] == "plan_discard"}
        if isinstance(action, (act.Play, act.Discard)):
            public.add(PLANS[action.plan].name)
        public |= {PLANS[p].name for view in (before, after) for row in view.round_plays for p in row}
        named = _plan_names(line) | set().union(*(_plan_names(x) for x in lines))
        # Event and block names never clash with plan names; only public plans are named.
        assert named <= public, (action, line, lines)
        state = after_state
    assert keeps > 0


def _candidates(state: State, seat: int) -> list[Any]:
    """The legal moves and many illegal ones of every kind around them."""
    n = state.players
    own = list(state.blocks[seat])
    others = [b for row in state.blocks for b in row if b not in own][:3] + list(state.display)
    blocks = [b for b in own + others if b >= 0] + [len(BLOCKS) + 3]
    out: list[Any] = list(GAME.legal_actions(state, seat))
    out += [act.Play(p, t) for p in range(len(PLANS)) for t in range(n)]
    out += [act.PASS, act.END, act.KEEP_HAND, act.HYDRAULIC_WORKS, act.STADIUM, act.BUY, act.STOP, act.SKIP]
    out += [act.Open(s) for s in range(4)] + [act.Decline(s) for s in range(4)]
    high = max(state.high_bid, 1)
    out += [act.bid(a) for a in {0, 1, high - 1, high, high + 1, max(0, state.money[seat]), state.money[seat] + 1}]
    out += [act.Move(a, b) for a in blocks for b in blocks]
    for make in (act.TrainStation, act.Paid, act.Place, act.Remove, act.Choose, act.Birth, act.Fast):
        out += [make(b) for b in blocks]
    out += [act.Officer(b, k) for b in blocks for k in range(4)]
    out += [act.NationalHelp(k) for k in range(5)]
    hand = [p for p in state.hand[seat] if p != HIDDEN]
    out += [act.Keep(p) for p in range(len(PLANS))] + [act.Discard(p) for p in range(len(PLANS))]
    out += [act.Keep(p) for p in hand]
    return out


@pytest.mark.parametrize(("seed", "players"), [(11, 2), (12, 3), (13, 4), (14, 4)])
def test_why_illegal_is_none_exactly_for_legal_moves(seed: int, players: int) -> None:
    state = GAME.setup([f"P{i}" for i in range(players)], seed, {"family": seed % 2 == 1})
    rng = random.Random(seed)
    generic = specific = 0
    moves = 0
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        check_view = moves % 7 == 0
        views = [state, GAME.view(state, seat)] if check_view else [state]
        for where in views:
            for action in _candidates(where, seat):
                reason = why_illegal(where, seat, action)
                if action in legal:
                    assert reason is None, (action, reason)
                else:
                    assert reason, action
                    assert "[" not in reason and "None" not in reason, reason
                    if reason.startswith(GENERIC):
                        generic += 1
                    else:
                        specific += 1
        for other in range(players):
            if other != seat:
                assert why_illegal(state, other, legal[0]) == f"It is {state.names[seat]}'s turn, not yours."
        GAME.apply_in_place(state, seat, rng.choice(legal))
        moves += 1
    assert why_illegal(state, 0, act.PASS) == "The game is over."
    assert specific > 20 * max(1, generic), (specific, generic)


def test_specific_reasons() -> None:
    state = GAME.setup(["Ann", "Bea", "Carl"], 2, {})
    seat = state.actor
    money = state.money[seat]
    assert why_illegal(state, seat, act.Open(3)) == "The blocks for sale are in slots 1 to 3."
    assert why_illegal(state, seat, act.bid(5)) == "First open the auction of a block (or decline)."
    slot = next(s for s, b in enumerate(state.display) if BLOCKS[b].cost <= money)
    state = GAME.apply(state, seat, act.Open(slot))
    block = state.display[slot]
    cost = BLOCKS[block].cost
    if cost > 1:
        assert why_illegal(state, seat, act.bid(cost - 1)) == (
            f"The opening bid for {block_label(block)} is at least ${cost}."
        )
    assert why_illegal(state, seat, act.bid(money + 1)) == f"You can't bid ${money + 1}: you have ${money}."
    if money > cost:
        state = GAME.apply(state, seat, act.bid(cost + 1))
        bidder = state.actor
        assert why_illegal(state, bidder, act.bid(cost + 1)) == f"Bids must be above ${cost + 1}."


def _until(seed: int, players: int, wanted: Any) -> State:
    """A seeded random playout's first state where ``wanted(state)`` holds."""
    state = GAME.setup([f"P{i}" for i in range(players)], seed, {})
    rng = random.Random(seed)
    while not wanted(state):
        assert not GAME.is_over(state), "the playout never got there"
        seat = GAME.to_act(state)[0]
        GAME.apply_in_place(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


def test_plan_reasons() -> None:
    state = _until(3, 4, lambda s: s.step == S_WINDOW and s.phase != 5 and len(s.hand[s.actor]) < 4)
    seat = state.actor
    security = next(p for p in PLANS if p.phase == 5 and p.key == "arson")
    assert why_illegal(state, seat, act.Play(security.index, seat)) == "You hold no Arson."
    state.hand[seat] = sorted(state.hand[seat] + [security.index])
    state.cache = None
    assert why_illegal(state, seat, act.Play(security.index, (seat + 1) % 4)) == (
        "Arson belongs to phase 5 (Security)."
    )
    state = _until(4, 4, lambda s: s.step == S_SECURITY and s.money[s.actor] >= 4)
    seat = state.actor
    state.hand[seat] = sorted(state.hand[seat] + [security.index])
    state.cache = None
    opposite = (seat + 2) % 4
    name = state.names[opposite]
    assert why_illegal(state, seat, act.Play(security.index, opposite)) == (
        f"{name} is not your neighbour: with 4 mayors, only the two beside you are."
    )
    assert why_illegal(state, seat, act.Play(security.index, seat)) == (
        "Arson is played on a neighbour, not on your own district."
    )
    neighbour = (seat + 1) % 4
    if state.capped[neighbour] < 3:
        assert why_illegal(state, seat, act.Play(security.index, neighbour)) is None
        state.hit[neighbour] |= 1 << security.index
        state.cache = None
        assert why_illegal(state, seat, act.Play(security.index, neighbour)) == (
            f"{state.names[neighbour]} was already hit by Arson this round."
        )
