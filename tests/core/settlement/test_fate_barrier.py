"""A move that turns up the next fate card is an undo barrier: the fate pile's order is
hidden, so the draw is a reveal, and undo never takes back what a player has seen."""

from __future__ import annotations

import pytest

from core.registry import get_game
from core.rng import Rng
from core.table import Controller, Seat, Table


@pytest.mark.parametrize("seed", [1, 2, 4])
def test_the_work_that_turns_up_a_fate_card_cannot_be_undone(seed: int) -> None:
    game = get_game("settlement")
    table = Table.new(game, [Seat(0, "Ada", Controller())], seed, {})
    rng = Rng(seed)
    draws = 0
    while not table.is_over():
        seat = table.to_act()[0]
        legal = table.legal_actions(seat)
        before = len(table.state.fate_pile)
        entry = table.submit(seat, legal[rng.randbelow(len(legal))])
        if len(table.state.fate_pile) != before:
            draws += 1
            assert entry.barrier, entry.text
            assert table.undo_depth(seat) == 0
    assert draws >= 1
