"""The :class:`~core.engine.Game` contract, checked on every registered game and the toy game.

Each case is a seeded random playout (a few seeds, the fewest and the most players). The
checks run at sampled steps (the final position included), except :func:`problems`, which
runs at every step. Nothing here names a registered game: a new game gets all of it by
registering, provided it declares its invariants (:meth:`~core.engine.Game.problems`).
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Any, Callable, Iterator

import pytest

from core.engine import CorruptData, Game
from core.registry import game_ids, get_game
from core.rng import Rng
from core.table import Seat, Table, parse_options
from tests import toy_game

SEEDS = (1, 2, 3)
SAMPLES = 30
"""Roughly how many positions of each playout get the (slower) sampled checks."""
MAX_MOVES = 10_000
"""No game needs this many moves (the longest, Council of Four at 4 players, takes ~600)."""
DETERMINIZATIONS = 3

Problems = Callable[[Any], list[str]]


def game_of(game_id: str) -> Game[Any, Any]:
    """The game object of a registered id, or the toy game."""
    return toy_game.GAME if game_id == toy_game.GAME.info.id else get_game(game_id)


def problems_of(game_id: str) -> Problems:
    """The game's invariant check, :meth:`Game.problems`; every game must declare its own."""
    game = game_of(game_id)
    assert type(game).problems is not Game.problems, (
        f"{game_id} must override Game.problems with its state's invariants"
    )
    return game.problems


@dataclass(frozen=True)
class Case:
    """One seeded random playout."""

    game_id: str
    players: int
    seed: int

    def __str__(self) -> str:
        return f"{self.game_id}, {self.players} players, seed {self.seed}"

    @property
    def game(self) -> Game[Any, Any]:
        """The game played."""
        return game_of(self.game_id)

    def names(self) -> list[str]:
        """The players' names."""
        return [f"P{i}" for i in range(self.players)]

    def options(self) -> dict[str, Any]:
        """The default options, parsed as a table parses them."""
        return parse_options(self.game, {}, self.players)

    def setup(self) -> Any:
        """The initial state."""
        return self.game.setup(self.names(), self.seed, self.options())


def cases() -> list[Case]:
    """Every game id (registered and toy) x fewest and most players x seeds."""
    found: list[Case] = []
    for game_id in game_ids() + [toy_game.GAME.info.id]:
        info = game_of(game_id).info
        for players in sorted({info.min_players, info.max_players}):
            found.extend(Case(game_id, players, seed) for seed in SEEDS)
    return found


CASES = cases()
parametrize_cases = pytest.mark.parametrize(
    "case", CASES, ids=[f"{c.game_id}-{c.players}p-seed{c.seed}" for c in CASES]
)


@functools.cache
def moves(case: Case) -> tuple[tuple[int, Any], ...]:
    """The playout's ``(seat, action)`` pairs, from a random acting seat's random legal action.

    Fails if a position has nobody to act or an acting seat without a legal action, or if
    the game has not ended after :data:`MAX_MOVES` moves.
    """
    game = case.game
    rng = random.Random(case.seed)
    state = case.setup()
    played: list[tuple[int, Any]] = []
    while not game.is_over(state):
        assert len(played) < MAX_MOVES, f"{case}: the game has not ended after {MAX_MOVES} moves"
        acting = game.to_act(state)
        assert acting, f"{case}, move {len(played)}: the game is not over but nobody is to act"
        seat = rng.choice(acting)
        actions = game.legal_actions(state, seat)
        assert actions, f"{case}, move {len(played)}: seat {seat} must act but has no legal action"
        action = rng.choice(actions)
        game.apply_in_place(state, seat, action)
        played.append((seat, action))
    return tuple(played)


def positions(case: Case) -> Iterator[tuple[int, Any]]:
    """``(move number, state)`` at the sampled positions of the playout, the final one included.

    The states are the playout's own: checks must not change them.
    """
    game = case.game
    played = moves(case)
    stride = max(1, len(played) // SAMPLES)
    state = case.setup()
    for step, (seat, action) in enumerate(played):
        if step % stride == case.seed % stride:
            yield step, state
        game.apply_in_place(state, seat, action)
    yield len(played), state


def acting_actions(game: Game[Any, Any], state: Any) -> list[tuple[int, Any]]:
    """Every ``(seat, legal action)`` of the seats to act."""
    if game.is_over(state):
        return []
    return [(seat, action) for seat in game.to_act(state) for action in game.legal_actions(state, seat)]


def round_trip(game: Game[Any, Any], value: Any, where: str) -> None:
    """``encode(decode(encode(value))) == encode(value)``."""
    data = game.encode_state(value)
    assert game.encode_state(game.decode_state(data)) == data, f"{where}: the encoding does not round-trip"


@parametrize_cases
def test_every_game_ends_with_a_result(case: Case) -> None:
    game = case.game
    state = case.setup()
    for seat, action in moves(case):
        game.apply_in_place(state, seat, action)
    assert game.is_over(state) and game.to_act(state) == []
    result = game.result(state)
    assert len(result.totals) == len(result.ranks) == case.players
    if game.cooperative:  # one team: one row for all, ranked 1 together or nobody wins
        assert len(set(result.breakdown)) == 1 and len(set(result.ranks)) == 1
        assert min(result.ranks) in (1, 2)
    else:
        assert min(result.ranks) == 1


@parametrize_cases
def test_problems_are_empty_at_every_step(case: Case) -> None:
    game, problems = case.game, problems_of(case.game_id)
    state = case.setup()
    assert problems(state) == [], f"{case}: set-up"
    for step, (seat, action) in enumerate(moves(case), start=1):
        game.apply_in_place(state, seat, action)
        assert problems(state) == [], f"{case}, after move {step} ({game.describe(action)})"


@parametrize_cases
def test_rounds_start_at_1_and_go_up_one_at_a_time(case: Case) -> None:
    """:meth:`Game.round_number` is 1 at the set-up, never goes down, goes up by at most one
    a move (charts take a point per round), and is the same on every view. Every game says
    what its rounds are and plays more than one."""
    game = case.game
    assert type(game).round_number is not Game.round_number, f"{case.game_id} must override Game.round_number"
    state = case.setup()
    assert game.round_number(state) == 1, f"{case}: set-up"
    last = 1
    for step, (seat, action) in enumerate(moves(case), start=1):
        game.apply_in_place(state, seat, action)
        now = game.round_number(state)
        assert last <= now <= last + 1, f"{case}, move {step} ({game.describe(action)}): round {last} -> {now}"
        last = now
    for step, position in positions(case):
        number = game.round_number(position)
        for viewer in [None, *range(case.players)]:
            assert game.round_number(game.view(position, viewer)) == number, f"{case}, step {step}, view of {viewer}"
    assert last > 1, f"{case}: the whole game was one round"


@parametrize_cases
def test_legal_actions_are_legal_and_only_for_seats_to_act(case: Case) -> None:
    game = case.game
    for step, state in positions(case):
        acting = [] if game.is_over(state) else game.to_act(state)
        for seat in range(case.players):
            if seat not in acting:
                assert game.legal_actions(state, seat) == [], f"{case}, move {step}: seat {seat} is not to act"
        for seat, action in acting_actions(game, state):
            assert game.why_illegal(state, seat, action) is None, f"{case}, move {step}: {action!r}"


@parametrize_cases
def test_apply_equals_apply_in_place_on_a_clone_and_keeps_its_input(case: Case) -> None:
    game = case.game
    rng = random.Random(case.seed)
    for step, state in positions(case):
        options = acting_actions(game, state)
        for seat, action in rng.sample(options, min(3, len(options))):
            before = game.encode_state(state)
            after = game.apply(state, seat, action)
            assert game.encode_state(state) == before, f"{case}, move {step}: apply changed its input"
            copy = game.clone(state)
            assert game.encode_state(copy) == before, f"{case}, move {step}: the clone differs"
            game.apply_in_place(copy, seat, action)
            assert game.encode_state(state) == before, f"{case}, move {step}: the clone shares parts"
            assert game.encode_state(copy) == game.encode_state(after), f"{case}, move {step}: {action!r}"


@parametrize_cases
def test_states_and_views_round_trip_and_only_states_decode_as_full(case: Case) -> None:
    game, problems = case.game, problems_of(case.game_id)
    for step, state in positions(case):
        where = f"{case}, move {step}"
        assert not game.is_view(state), where
        round_trip(game, state, where)
        data = game.encode_state(state)
        assert game.encode_state(game.decode_full_state(data)) == data, where
        for seat in [*range(case.players), None]:
            view = game.view(state, seat)
            assert game.is_view(view), f"{where}: the view of seat {seat}"
            assert problems(view) == [], f"{where}: the view of seat {seat}"
            round_trip(game, view, f"{where}: the view of seat {seat}")
            with pytest.raises(CorruptData):
                game.decode_full_state(game.encode_state(view))


@parametrize_cases
def test_determinize_keeps_the_view(case: Case) -> None:
    """Re-dealing what a seat cannot see changes neither its view nor the spectator's."""
    game, problems = case.game, problems_of(case.game_id)
    for step, state in positions(case):
        public = game.encode_state(game.view(state, None))
        for seat in range(case.players):
            view = game.view(state, seat)
            expected = game.encode_state(view)
            for k in range(DETERMINIZATIONS):
                where = f"{case}, move {step}: seat {seat}'s view, determinization {k}"
                det = game.determinize(view, seat, Rng(k))
                assert not game.is_view(det), where
                assert problems(det) == [], where
                assert game.encode_state(game.view(det, seat)) == expected, where
                assert game.encode_state(game.view(det, None)) == public, f"{where}: the spectator's view"


@parametrize_cases
def test_log_text_does_not_depend_on_hidden_parts(case: Case) -> None:
    """What :meth:`Table.submit` logs (``describe`` on the spectator's view) is the same
    whatever the hidden parts of the game are."""
    game = case.game
    for step, state in positions(case):
        actions = acting_actions(game, state)
        public = game.view(state, None)
        expected = [game.describe(action, public) for _, action in actions]
        for seat in range(case.players):
            view = game.view(state, seat)
            for k in range(DETERMINIZATIONS):
                det_public = game.view(game.determinize(view, seat, Rng(k)), None)
                texts = [game.describe(action, det_public) for _, action in actions]
                assert texts == expected, f"{case}, move {step}: from seat {seat}'s determinization {k}"


@parametrize_cases
def test_replay_rebuilds_the_live_state(case: Case) -> None:
    game = case.game
    played = moves(case)
    seats = [Seat(i, name) for i, name in enumerate(case.names())]
    state = case.setup()
    for count, (seat, action) in enumerate(played, start=1):
        game.apply_in_place(state, seat, action)
        if count in (len(played) // 2, len(played)):
            table = Table.replay(game, seats, case.seed, {}, played[:count])
            assert game.encode_state(table.state) == game.encode_state(state), f"{case}, move {count}"


@parametrize_cases
def test_standings_are_whole_and_end_as_the_result(case: Case) -> None:
    """Every seat has a value per category at every sampled step, on the state and on each
    seat's view; what is scored so far never exceeds what the game would give if it ended
    now (unless its final scoring can take points away); at the end both are the final
    result."""
    game = case.game
    for step, state in positions(case):
        for where, position in [("state", state)] + [
            (f"view of {seat}", game.view(state, seat)) for seat in range(case.players)
        ]:
            standings = game.standings(position)
            rows = [standings.if_ended] + ([standings.so_far] if standings.so_far is not None else [])
            for table in rows:
                assert len(table) == case.players, f"step {step}, {where}: a row per seat"
                assert all(len(row) == len(standings.categories) for row in table), f"step {step}, {where}"
            if standings.now is not None and not game.final_scoring_subtracts:
                assert all(n <= p for n, p in zip(standings.now, standings.projected)), f"step {step}, {where}"
    final = game.standings(state)
    assert final.projected == game.result(state).totals
    assert final.now is None or final.now == final.projected


@parametrize_cases
def test_a_scoring_is_public_and_adds_up_to_the_points_it_gave(case: Case) -> None:
    """After every move the scoring it set off (if any) is the same on every view, has a
    value per seat in each row, and — for games that score during play — its totals are
    exactly what the seats' points so far grew by."""
    game = case.game
    state = case.setup()
    for seat, action in moves(case):
        before = game.standings(state).now
        game.apply_in_place(state, seat, action)
        report = game.scoring(state)
        for viewer in range(case.players):
            assert game.scoring(game.view(state, viewer)) == report, f"{action}: the view of {viewer} differs"
        if report is None:
            continue
        assert report.players == case.players and report.title
        assert all(len(points) == case.players for _, points in report.rows)
        after = game.standings(state).now
        if before is not None and after is not None:
            grown = tuple(a - b for a, b in zip(after, before))
            assert report.totals == grown, f"{action}: the scoring gave {report.totals}, the points grew {grown}"
