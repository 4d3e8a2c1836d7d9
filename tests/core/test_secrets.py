"""Who can tell a move from the others its maker had (``Game.unseen_by``, ``Table.seen``):
a sealed choice is seen by its maker alone until the move that reveals it, open moves by
everyone, in the toy game and in every registered game."""

from __future__ import annotations

from typing import Any

import pytest

from core.registry import game_ids, get_game
from core.rng import Rng
from core.table import Controller, Seat, Table
from tests.secret_pairs import SEARCHED, WITH_SECRETS, secret_pairs
from tests.toy_game import GAME, Action

# The move kinds of each game that may be a secret choice (all others are seen by all).
SECRET_KINDS: dict[str, set[str]] = {
    "elgrande": {"Disk", "Score"},
}


def toy_table() -> Table[Action]:
    seats = [Seat(i, f"P{i}", Controller()) for i in range(3)]
    return Table.new(GAME, seats, 7, {"rounds": 3})


def test_a_sealed_bid_is_seen_by_its_maker_alone_until_the_bid_that_reveals_them() -> None:
    table = toy_table()
    while len(table.to_act()) < 3:  # to the first sealed-bid round
        seat = table.to_act()[0]
        table.submit(seat, table.legal_actions(seat)[0])
    first = len(table.log)
    for seat in (0, 1, 2):
        table.submit(seat, table.legal_actions(seat)[0])
    for index, maker in ((first, 0), (first + 1, 1)):
        assert table.seen(index, maker)
        assert not any(table.seen(index, viewer) for viewer in (None, 0, 1, 2) if viewer != maker)
    # The last bid reveals all three: everyone could tell it from the maker's other cards.
    assert all(table.seen(first + 2, viewer) for viewer in (None, 0, 1, 2))


def test_undo_forgets_what_it_worked_out_for_the_moves_taken_back() -> None:
    table = toy_table()
    while len(table.to_act()) < 3:
        seat = table.to_act()[0]
        table.submit(seat, table.legal_actions(seat)[0])
    index = len(table.log)
    table.submit(0, table.legal_actions(0)[0])
    assert not table.seen(index, 1)
    table.undo(0)
    table.submit(1, table.legal_actions(1)[0])  # another seat's bid now at the same index
    assert table.seen(index, 1) and not table.seen(index, 0)


def random_game(game_id: str, seed: int, moves: int = 300) -> Table[Any]:
    game = get_game(game_id)
    players, options = SEARCHED[game_id]
    table = Table.new(game, [Seat(i, f"P{i}") for i in range(players)], seed, options)
    rng = Rng(seed)
    while not table.is_over() and len(table.log) < moves:
        acting = table.to_act()
        seat = acting[rng.randbelow(len(acting))]
        legal = table.legal_actions(seat)
        table.submit(seat, legal[rng.randbelow(len(legal))])
    return table


@pytest.mark.parametrize("game_id", game_ids())
def test_only_a_games_secret_choices_are_hidden_and_always_from_a_spectator(game_id: str) -> None:
    table = random_game(game_id, seed=3)
    viewers: list[int | None] = [None, *range(len(table.seats))]
    for index, entry in enumerate(table.log):
        assert table.seen(index, entry.seat)
        unseen = [viewer for viewer in viewers if not table.seen(index, viewer)]
        if unseen:
            assert type(entry.action).__name__ in SECRET_KINDS.get(game_id, set()), entry
            # A seat sees at least what a spectator does.
            assert None in unseen, entry


@pytest.mark.parametrize("game_id", WITH_SECRETS)
def test_the_games_with_secret_choices_have_some_in_seeded_games(game_id: str) -> None:
    pairs = secret_pairs(game_id)
    assert pairs
    game = get_game(game_id)
    for pair in pairs:
        table = Table.replay(game, [Seat(i, f"P{i}") for i in range(pair.players)], pair.seed,
                             pair.options, [*pair.moves, (pair.seat, pair.made)])
        index = len(table.log) - 1
        assert table.seen(index, pair.seat)
        assert not table.seen(index, pair.viewer) and not table.seen(index, None)
