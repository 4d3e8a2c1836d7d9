"""The post-game review (core/ai/review.py): every decision of the human seats valued by the
coach from the seat's own view, resumable and cancellable, on a short seeded toy game."""

from __future__ import annotations

from typing import Any, Hashable

import pytest

from core.ai import coach, make_bot
from core.ai.review import Decision, costliest, positions, review, value
from core.engine import IllegalAction
from tests.toy_game import SealedBids

GAME = SealedBids()
PLAYERS = ["Ada", "Brook"]
SEED = 11
OPTIONS: dict[str, Any] = {"rounds": 3, "veto": True}
LEVEL = "normal"


def played_game() -> list[tuple[int, Hashable]]:
    """A whole seeded game: seat 0 plays at random (so it makes mistakes), seat 1 greedily."""
    state = GAME.setup(PLAYERS, SEED, OPTIONS)
    bots = [make_bot("random", 3, game=GAME), make_bot("greedy", 4, game=GAME)]
    log: list[tuple[int, Hashable]] = []
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        action = bots[seat].choose(GAME, GAME.view(state, seat), seat)
        log.append((seat, action))
        state = GAME.apply(state, seat, action)
    return log


LOG = played_game()


@pytest.fixture(scope="module")
def whole() -> Any:
    return review(GAME, PLAYERS, SEED, OPTIONS, LOG, [0], LEVEL)


def test_positions_are_the_human_seats_real_choices_seen_from_their_view() -> None:
    found = list(positions(GAME, PLAYERS, SEED, OPTIONS, LOG, [0]))
    assert found and all(p.seat == 0 for p in found)
    state = GAME.setup(PLAYERS, SEED, OPTIONS)
    expected = []
    for index, (seat, action) in enumerate(LOG):
        if seat == 0 and len(GAME.legal_actions(state, seat)) > 1:
            expected.append(index)
            position = found[len(expected) - 1]
            assert position.index == index and position.action == action
            assert position.view == GAME.view(state, 0)  # the seat's view, never the state
        state = GAME.apply(state, seat, action)
    assert [p.index for p in found] == expected
    # a forced move (one legal move) decides nothing and is left out
    forced = [i for i, (seat, _) in enumerate(LOG) if seat == 0 and i not in expected]
    assert len(forced) + len(expected) == sum(1 for seat, _ in LOG if seat == 0)


def test_every_decision_is_valued_with_a_loss_that_is_never_negative(whole: Any) -> None:
    assert whole.complete and whole.total == len(whole.decisions) > 3
    assert [d.index for d in whole.decisions] == sorted(d.index for d in whole.decisions)
    for decision in whole.decisions:
        assert decision.seat == 0 and decision.level == LEVEL
        assert decision.coach_version == coach.COACH_VERSION and decision.unit == "points"
        assert decision.loss >= 0.0
        assert decision.loss == pytest.approx(decision.best_value - decision.played_value, abs=1e-3)
        assert decision.played == GAME.encode_action(LOG[decision.index][1])
        assert decision.played_text and decision.best_text
        if decision.played == decision.best:
            assert decision.loss == 0.0 and decision.best_played
    assert any(d.loss > 0 for d in whole.decisions)  # a random player gives points away


def test_a_decision_is_the_hint_the_player_would_have_got(whole: Any) -> None:
    position = next(iter(positions(GAME, PLAYERS, SEED, OPTIONS, LOG, [0])))
    hint = coach.hint(GAME, position.view, 0, LEVEL, extra=[position.action])
    decision = whole.decisions[0]
    best = hint.best
    assert best is not None
    assert decision.best_value == pytest.approx(best.value, abs=1e-3)
    assert decision.loss == pytest.approx(hint.loss(position.action), abs=1e-3)
    assert value(GAME, position, LEVEL) == decision  # seeded from the view: the same again


def test_the_costliest_are_the_largest_losses_first(whole: Any) -> None:
    top = whole.costliest(3)
    losses = sorted((d.loss for d in whole.decisions if d.loss > 0), reverse=True)
    assert [d.loss for d in top] == losses[:3]
    assert all(d.loss > 0 for d in costliest(whole.decisions))


def test_resume_values_only_what_is_missing(whole: Any) -> None:
    kept = whole.decisions[: len(whole.decisions) // 2]
    newly: list[Decision] = []
    progress: list[tuple[int, int]] = []
    again = review(GAME, PLAYERS, SEED, OPTIONS, LOG, [0], LEVEL, done=kept,
                   valued=newly.append, progress=lambda done, total: progress.append((done, total)))
    assert again.decisions == whole.decisions and again.complete
    assert [d.index for d in newly] == [d.index for d in whole.decisions[len(kept):]]
    assert progress[0] == (len(kept), whole.total) and progress[-1] == (whole.total, whole.total)


def test_kept_decisions_of_another_level_version_or_move_are_valued_again(whole: Any) -> None:
    first = whole.decisions[0]
    stale = [
        Decision(**{**first.to_data(), "level": "hard"}),
        Decision(**{**first.to_data(), "coach_version": coach.COACH_VERSION - 1, "index": whole.decisions[1].index}),
        Decision(**{**first.to_data(), "played": {"kind": "nothing"}, "index": whole.decisions[2].index}),
    ]
    newly: list[Decision] = []
    review(GAME, PLAYERS, SEED, OPTIONS, LOG, [0], LEVEL, done=stale, valued=newly.append,
           should_stop=lambda: len(newly) >= 3)
    assert [d.index for d in newly] == [d.index for d in whole.decisions[:3]]


def test_a_stopped_review_returns_what_it_valued(whole: Any) -> None:
    asked = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 40  # in the middle of a decision: that one is not kept

    partial = review(GAME, PLAYERS, SEED, OPTIONS, LOG, [0], LEVEL, should_stop=stop)
    assert not partial.complete and partial.total == whole.total
    assert 0 < len(partial.decisions) < whole.total
    assert partial.decisions == whole.decisions[: len(partial.decisions)]
    nothing = review(GAME, PLAYERS, SEED, OPTIONS, LOG, [0], LEVEL, should_stop=lambda: True)
    assert nothing.decisions == () and not nothing.complete


def test_both_seats_and_a_bad_log() -> None:
    both = list(positions(GAME, PLAYERS, SEED, OPTIONS, LOG, [0, 1]))
    assert {p.seat for p in both} == {0, 1}
    assert list(positions(GAME, PLAYERS, SEED, OPTIONS, LOG, [])) == []
    with pytest.raises(ValueError):
        review(GAME, PLAYERS, SEED, OPTIONS, LOG, [0], "easy")
    broken = [LOG[0], LOG[0]] + LOG[2:]
    with pytest.raises(IllegalAction):
        list(positions(GAME, PLAYERS, SEED, OPTIONS, broken, [0]))
