"""Shared helpers for the bot tests: decision points of the toy game and a spying game."""

from __future__ import annotations

from typing import Any, Callable, Iterator

from core.rng import Rng
from tests.toy_game import FULL, HIDDEN, MASKED, NO_BID, BidState, SealedBids

SPIED_METHODS = (
    "to_act", "legal_actions", "apply_in_place", "apply", "why_illegal", "is_over", "result",
    "clone", "view", "determinize", "describe", "evaluate", "scores", "num_players",
    "is_undo_barrier", "turn_holder", "prompt", "progress", "encode_state",
)


def decision_points(seed: int, players: int, rounds: int = 4) -> Iterator[tuple[BidState, int]]:
    """Every (real state, seat to act) of one random game of the toy game."""
    game = SealedBids()
    state = game.setup([f"p{i}" for i in range(players)], seed, {"rounds": rounds, "veto": True})
    rng = Rng(seed, stream=77)
    while not game.is_over(state):
        acting = game.to_act(state)
        for seat in acting:
            yield state, seat
        seat = rng.choice(acting)
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))


def choice_points(game: SealedBids, count: int, moves: int = 3) -> list[tuple[BidState, int]]:
    """``count`` decisions with at least ``moves`` legal moves (copies of the states, and the
    seat to act), from seeded games of ``game`` played by a fixed rule."""
    found: list[tuple[BidState, int]] = []
    for seed in range(40):
        state = game.setup(["A", "B", "C"], seed, {})
        while not game.is_over(state) and len(found) < count:
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            if len(legal) >= moves:
                found.append((game.clone(state), seat))
            game.apply_in_place(state, seat, legal[seed % len(legal)])
        if len(found) >= count:
            break
    return found


def assert_is_masked_view(view: BidState, real: BidState, seat: int) -> None:
    """``view`` holds nothing ``seat`` may not see about ``real``."""
    assert view is not real
    assert view.viewer == seat
    assert view.rng == Rng(0) and view.rng != real.rng
    assert set(view.stock) <= {MASKED}
    assert view.hands[seat] == real.hands[seat]
    for other in range(real.n):
        if other == seat:
            continue
        assert sorted(c for c in view.hands[other] if c != MASKED) == real.shown[other]
        assert len(view.hands[other]) == len(real.hands[other])
        assert view.bids[other] in (NO_BID, HIDDEN)


class SpyGame(SealedBids):
    """The toy game, checking every state a bot hands to any of its methods.

    Each state must be either the view object the bot was given (which must be properly
    masked) or derived from it through ``determinize``/``clone``/``apply`` (and then
    mutated by ``apply_in_place``). The real state, or anything carrying its RNG, fails.
    """

    def __init__(self, real: BidState, seat: int) -> None:
        self.real = real
        self.seat = seat
        self.view_obj = SealedBids.view(self, real, seat)
        assert_is_masked_view(self.view_obj, real, seat)
        self.calls: dict[str, int] = {}
        self.derived: dict[int, BidState] = {}  # id -> object (kept alive so ids stay unique)
        self.checked = 0
        for name in SPIED_METHODS:
            setattr(self, name, self._wrap(name, getattr(SealedBids, name)))

    def _wrap(self, name: str, inner: Callable[..., Any]) -> Callable[..., Any]:
        def spy(*args: Any) -> Any:
            self.calls[name] = self.calls.get(name, 0) + 1
            for arg in args:
                if isinstance(arg, BidState):
                    self._check(arg)
            out = inner(self, *args)
            if isinstance(out, BidState):
                if name == "view":  # a view of a derived state is fine; of anything else not
                    assert args[0] is self.view_obj or id(args[0]) in self.derived
                assert out.viewer != FULL or name in ("determinize", "clone", "apply")
                self.derived[id(out)] = out
            return out

        return spy

    def _check(self, state: BidState) -> None:
        self.checked += 1
        assert state is not self.real, "a bot received the real state"
        assert state.rng != self.real.rng, "a bot received the real RNG"
        if id(state) in self.derived and self.derived[id(state)] is state:
            return
        assert state is self.view_obj, "a bot used a state not derived from its view"
