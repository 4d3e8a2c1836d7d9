"""Player-facing wording shared by every game's texts (prompts, reasons, panels)."""

from __future__ import annotations


def counted(number: int, noun: str) -> str:
    """``number`` with ``noun`` in the right number: "1 coin", "3 coins", "0 servants"."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"
