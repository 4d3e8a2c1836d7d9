"""The bot levels a seat can play at (a tiny module: settings read it at start-up)."""

from __future__ import annotations

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")

COACH_LEVELS: tuple[str, ...] = ("normal", "hard")
"""The levels a hint or a review can be asked at (``hard`` is the hint panel's)."""
