"""Tests for the shared player-facing wording helpers."""

from core.words import counted


def test_counted_agrees_in_number() -> None:
    assert counted(1, "coin") == "1 coin"
    assert counted(0, "servant") == "0 servants"
    assert counted(3, "caballero") == "3 caballeros"


def test_visible_shows_every_control_character() -> None:
    from core.words import visible

    hostile = "a\x1b]0;title\x07b\x9bc\u202ed\ne\x7f" + "\udcff"
    shown = visible(hostile)
    assert shown == "a␛]0;title␇b\\u009bc\\u202ed␊e␡\\xff"
    assert all(ch.isprintable() for ch in shown)
    assert visible("Ada & Brook [b]") == "Ada & Brook [b]"
    assert visible("Zoë") == "Zoë"
