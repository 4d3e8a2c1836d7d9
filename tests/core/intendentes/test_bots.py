"""The Intendentes bots: the moves they weigh, their bids and their strength (small, seeded)."""

from __future__ import annotations

from typing import Any

from core.ai import Bot, GreedyBot, RandomBot
from core.intendentes import GAME
from core.intendentes import bots
from core.intendentes.actions import Bid, Open, Pass
from core.intendentes.state import NONE, S_AUCTION
from tests.core.intendentes.rules_helpers import block, new, play, put_on_display


def _choice(bot: Bot, state: Any, seat: int) -> Any:
    return bot.choose(GAME, GAME.view(state, seat), seat)


def test_bot_actions_are_legal_and_keep_the_lowest_bid_and_pass() -> None:
    for seed in range(4):
        players = 2 + seed % 3
        state = GAME.setup([f"P{i}" for i in range(players)], seed, {})
        seats: list[Bot] = [GreedyBot(seed * 10 + s) if s % 2 == 0 else RandomBot(seed * 10 + s) for s in range(players)]
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            chosen = GAME.bot_actions(state, seat)
            assert chosen and set(chosen) <= set(legal)
            bids = [a.amount for a in legal if type(a) is Bid]
            if bids:
                assert Bid(min(bids)) in chosen
                assert len([a for a in chosen if type(a) is Bid]) <= 9
            if Pass() in legal:
                assert Pass() in chosen
            GAME.apply_in_place(state, seat, _choice(seats[seat], state, seat))


def test_a_rich_easy_bot_does_not_bid_its_whole_money_on_a_cheap_block() -> None:
    s = new(2)
    s.money[0] = 60
    put_on_display(s, 0, "B29")  # a $3 Field, 1 splendor
    worth = bots.block_worth(s, 0, block("B29"))
    assert 3 <= worth < 30
    play(s, Open(0))
    action = GreedyBot(1).choose(GAME, GAME.view(s, 0), 0)
    assert type(action) is Bid and action.amount < 30
    # the other mayor raises at most to about what the block is worth to it
    play(s, action)
    assert s.step == S_AUCTION and s.actor == 1
    s.money[1] = 60
    s.cache = None
    reply = GreedyBot(2).choose(GAME, GAME.view(s, 1), 1)
    assert reply == Pass() or (type(reply) is Bid and reply.amount <= bots.block_worth(s, 1, block("B29")) + 2)


def test_a_block_adds_more_early_than_in_the_last_round() -> None:
    early = new(2)
    town = block("B05")
    late = early.clone()
    late.round = 8
    late.event_deck = late.event_deck[:1]
    gain_early = bots.seat_value(early, 0, extra=town) - bots.seat_value(early, 0)
    gain_late = bots.seat_value(late, 0, extra=town) - bots.seat_value(late, 0)
    assert gain_early > gain_late + 3


def test_the_evaluation_counts_the_auction_running() -> None:
    s = new(2)
    put_on_display(s, 0, "B13")
    play(s, Open(0))
    cheap, dear = s.clone(), s.clone()
    play(cheap, Bid(6))
    play(dear, Bid(20))
    assert cheap.high_bidder == 0 and cheap.slot != NONE
    assert GAME.evaluate(cheap, 0) > GAME.evaluate(dear, 0)


def test_the_easy_bot_beats_random() -> None:
    wins = 0
    for seed in range(10):
        state = GAME.setup(["A", "B"], 100 + seed, {})
        easy = seed % 2
        seats: list[Bot] = [RandomBot(seed), RandomBot(seed + 50)]
        seats[easy] = GreedyBot(seed)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            GAME.apply_in_place(state, seat, _choice(seats[seat], state, seat))
        if GAME.result(state).winners == (easy,):
            wins += 1
    assert wins >= 8
