"""Seeded, serialisable randomness that lives inside a game state.

The generator is PCG32 (O'Neill), written out in plain Python so that its whole state is
two integers: it encodes to a tiny dict, clones in O(1) and gives the same numbers on every
machine and Python version (unlike ``random.Random``, whose algorithm and state format are
CPython details).
"""

from __future__ import annotations

import re
from typing import Any, MutableSequence, Sequence, TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1
_MULT = 6364136223846793005
_HEX = re.compile(r"[0-9a-f]{1,16}")


class Rng:
    """A PCG32 generator (XSH-RR output) with a 64-bit state and an odd stream increment."""

    __slots__ = ("state", "inc")

    def __init__(self, seed: int, stream: int = 54) -> None:
        """Seed the generator; equal ``(seed, stream)`` pairs give equal sequences."""
        self.inc = ((stream << 1) | 1) & _MASK64
        self.state = 0
        self._step()
        self.state = (self.state + (seed & _MASK64)) & _MASK64
        self._step()

    def _step(self) -> None:
        self.state = (self.state * _MULT + self.inc) & _MASK64

    def next_u32(self) -> int:
        """Return the next 32-bit unsigned integer."""
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _MASK32

    def randbelow(self, n: int) -> int:
        """Return a uniform integer in ``[0, n)`` without modulo bias."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        if n > _MASK32 + 1:
            raise ValueError("randbelow bound must fit in 32 bits")
        threshold = ((1 << 32) - n) % n
        while True:
            r = self.next_u32()
            if r >= threshold:
                return r % n

    def randint(self, lo: int, hi: int) -> int:
        """Return a uniform integer in ``[lo, hi]`` (both ends included)."""
        return lo + self.randbelow(hi - lo + 1)

    def random(self) -> float:
        """Return a float in ``[0, 1)`` with 53 random bits."""
        hi = self.next_u32() >> 5
        lo = self.next_u32() >> 6
        return (hi * 67108864.0 + lo) / 9007199254740992.0

    def choice(self, items: Sequence[T]) -> T:
        """Return one element of a non-empty sequence."""
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle a list in place (Fisher–Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def spawn(self) -> "Rng":
        """Return an independent generator seeded from this one (advances this one)."""
        seed = (self.next_u32() << 32) | self.next_u32()
        stream = (self.next_u32() << 32) | self.next_u32()
        return Rng(seed, stream)

    def clone(self) -> "Rng":
        """Return a copy that will produce the same sequence."""
        other = Rng.__new__(Rng)
        other.state = self.state
        other.inc = self.inc
        return other

    def encode(self) -> dict[str, str]:
        """Encode as plain data (hex strings: TOML integers are only 64-bit signed)."""
        return {"state": format(self.state, "016x"), "inc": format(self.inc, "016x")}

    @classmethod
    def decode(cls, data: Any) -> "Rng":
        """Rebuild a generator from :meth:`encode` output; raises ``ValueError`` if malformed."""
        if not isinstance(data, dict):
            raise ValueError("rng must be a table")
        raw_state, raw_inc = data.get("state"), data.get("inc")
        if not (isinstance(raw_state, str) and _HEX.fullmatch(raw_state)
                and isinstance(raw_inc, str) and _HEX.fullmatch(raw_inc)):
            raise ValueError("rng state and inc must be 1-16 lowercase hex digits")
        state, inc = int(raw_state, 16), int(raw_inc, 16)
        if not (0 <= state <= _MASK64 and 0 <= inc <= _MASK64 and inc & 1):
            raise ValueError("rng values out of range")
        rng = cls.__new__(cls)
        rng.state = state
        rng.inc = inc
        return rng

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and (self.state, self.inc) == (other.state, other.inc)

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x}, inc={self.inc:#x})"
