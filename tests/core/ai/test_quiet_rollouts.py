"""Rollouts that play on past their depth while a game's ``quiet`` test says the position is
unsettled (SearchProfile.quiet / quiet_extra)."""

from __future__ import annotations

from typing import Any

import pytest

from core.ai import SearchBot, SearchProfile, make_bot
from tests.toy_game import GAME, BidState, SealedBids


class _Counting(SealedBids):
    """Sealed Bids counting the decisions applied to one state (not to the copies a greedy
    step tries its moves on)."""

    def __init__(self) -> None:
        super().__init__()
        self.applied = 0
        self.target: BidState | None = None

    def apply_in_place(self, state: BidState, seat: int, action: Any) -> None:
        if state is self.target:
            self.applied += 1
        super().apply_in_place(state, seat, action)


def _rollout_length(bot: SearchBot, game: _Counting, policy: bool = False) -> int:
    state = game.setup(["A", "B", "C"], 4, {"rounds": 8})
    game.applied, game.target = 0, state
    if policy:
        bot.policy_rollout(game, state, lambda s, seat: game.legal_actions(s, seat)[0])
    else:
        bot.play_out(game, state)
    return game.applied


@pytest.mark.parametrize("policy", [False, True])
def test_an_unsettled_position_is_played_on_at_most_quiet_extra_decisions(policy: bool) -> None:
    game = _Counting()
    plain = SearchBot(1, rollout="greedy", rollout_depth=5, greedy_noise=0.0)
    assert _rollout_length(plain, game, policy) == 5
    never = SearchBot(1, rollout="greedy", rollout_depth=5, greedy_noise=0.0, quiet=lambda s: False, quiet_extra=7)
    assert _rollout_length(never, game, policy) == 12
    always = SearchBot(1, rollout="greedy", rollout_depth=5, greedy_noise=0.0, quiet=lambda s: True, quiet_extra=7)
    assert _rollout_length(always, game, policy) == 5


def test_the_rollout_stops_at_the_first_settled_position() -> None:
    game = _Counting()

    def settled(state: BidState) -> bool:  # no sealed bids pending
        return len(GAME.to_act(state)) <= 1 and not GAME.is_over(state)

    state = game.setup(["A", "B", "C"], 4, {"rounds": 8})
    game.apply_in_place(state, GAME.to_act(state)[0], GAME.legal_actions(state, GAME.to_act(state)[0])[0])
    assert not settled(state)  # the prize is chosen: three sealed bids are due
    bot = SearchBot(1, rollout="greedy", rollout_depth=1, greedy_noise=0.0, quiet=settled, quiet_extra=20)
    game.applied, game.target = 0, state
    bot.play_out(game, state)
    assert 1 < game.applied <= 21
    assert settled(state)


def test_the_levels_take_quiet_from_the_profile() -> None:
    def quiet(state: BidState) -> bool:
        return True

    class QuietGame(SealedBids):
        ai_profile = SearchProfile(rollout_depth=4, quiet=quiet, quiet_extra=9)

    bot = make_bot("hard", 3, game=QuietGame())
    assert isinstance(bot, SearchBot)
    assert bot.quiet is quiet and bot.quiet_extra == 9


def test_a_negative_quiet_extra_is_refused() -> None:
    with pytest.raises(ValueError):
        SearchProfile(quiet_extra=-1)
