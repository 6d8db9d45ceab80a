"""A tiny, fully specified random generator (SplitMix64) for the bots' sampling.

Python's ``random`` is stable in practice, but its integer helpers have changed
between versions; bots promise the same decision on every machine and version, so
they draw from this instead. Seed it with :func:`knowledge.decision_seed`.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Rng:
    """SplitMix64: ``below(n)`` is uniform on ``0..n-1`` (n < 2**32)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        # The top 32 bits times n, shifted: bias below 2**-32 for the n we use (< 64).
        return ((self.next64() >> 32) * n) >> 32

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates, two 32-bit draws per 64-bit step."""
        i = len(items) - 1
        while i > 0:
            word = self.next64()
            j = ((word >> 32) * (i + 1)) >> 32
            items[i], items[j] = items[j], items[i]
            i -= 1
            if i > 0:
                j = ((word & 0xFFFFFFFF) * (i + 1)) >> 32
                items[i], items[j] = items[j], items[i]
                i -= 1
