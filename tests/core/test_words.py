"""Tests for the shared player-facing wording helpers."""

from core.words import counted


def test_counted_agrees_in_number() -> None:
    assert counted(1, "coin") == "1 coin"
    assert counted(0, "servant") == "0 servants"
    assert counted(3, "caballero") == "3 caballeros"
