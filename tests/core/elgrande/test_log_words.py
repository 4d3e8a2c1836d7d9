"""The shared log of El Grande speaks about players, not to the reader, and logs a step
held for a Veto as proposed: it only happens once the Veto holders allow it."""

from __future__ import annotations

import re

import pytest

from core.elgrande import GAME
from core.elgrande.actions import Allow, Veto
from core.elgrande.content import CARDS
from core.rng import Rng
from core.table import Seat, Table

SECOND_PERSON = re.compile(r"\b(you|your|yours)\b", re.IGNORECASE)


def _play(seed: int, players: int, choose_veto: bool = False) -> Table:
    table = Table.new(GAME, [Seat(i, f"P{i}") for i in range(players)], seed, {})
    rng = Rng(seed)
    while not table.is_over():
        seat = table.to_act()[0]
        legal = table.legal_actions(seat)
        vetoes = [a for a in legal if isinstance(a, Veto)]
        table.submit(seat, vetoes[0] if choose_veto and vetoes else legal[rng.randbelow(len(legal))])
    return table


@pytest.mark.parametrize("seed,players", [(1, 3), (2, 4), (3, 5)])
def test_no_log_line_addresses_the_reader(seed: int, players: int) -> None:
    table = _play(seed, players)
    lines = [line for entry in table.log for line in (entry.text, *entry.effects)]
    # Card names are names ("Special scoring: your choice"), not words to the reader.
    names = sorted((card.name for card in CARDS), key=len, reverse=True)

    def words(line: str) -> str:
        for name in names:
            line = line.replace(name, "<card>")
        return line

    assert lines and not [line for line in lines if SECOND_PERSON.search(words(line))]


def test_a_step_held_for_a_veto_is_logged_as_proposed_and_its_fate_follows() -> None:
    table = _play(5, 4, choose_veto=True)
    held = [i for i, e in enumerate(table.log) if e.text.startswith("Proposes to ")]
    assert held, "the seeded game must reach a Veto window"
    for i in held:
        answers = [e for e in table.log[i + 1:] if isinstance(e.action, (Veto, Allow))]
        assert answers, "a proposal is answered"
        answer = answers[0]
        if isinstance(answer.action, Veto):
            assert any("vetoes" in effect and "may not" in effect for effect in answer.effects)
    vetoed = [e for e in table.log if isinstance(e.action, Veto)]
    assert vetoed
