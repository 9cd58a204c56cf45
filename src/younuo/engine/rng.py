"""The engine's own seeded random generator.

The standard library's ``random.shuffle`` is not promised to stay the same across
Python versions, and a game record must replay identically forever, so the engine
shuffles with SplitMix64 (a small, well-tested 64-bit generator) and an unbiased
Fisher-Yates shuffle of its own. The generator's whole state is one 64-bit integer,
kept in the game, so copying a game copies its future shuffles too.

The arithmetic is done on 32-bit halves, with 16-bit pieces for the products: every
intermediate value stays far below 2**62. Compiled (docs/engine.md), such numbers are
machine integers, while 64-bit products would be Python's arbitrary-size integers,
several times slower; the outputs are exactly SplitMix64's (``tests/rules/test_rng.py``).
"""

from __future__ import annotations

from typing import Final, TypeVar

T = TypeVar("T")

_M32: Final = 0xFFFFFFFF
_M16: Final = 0xFFFF
_GOLDEN_HI: Final = 0x9E3779B9
_GOLDEN_LO: Final = 0x7F4A7C15
# The two multipliers of SplitMix64's mix, 0xBF58476D1CE4E5B9 and 0x94D049BB133111EB.
_C1_HI: Final = 0xBF58476D
_C1_LO: Final = 0x1CE4E5B9
_C2_HI: Final = 0x94D049BB
_C2_LO: Final = 0x133111EB
_TWO32: Final = 1 << 32


def _mul_lo32(x: int, y: int) -> int:
    """``x * y`` modulo 2**32, for ``x`` and ``y`` below 2**32."""
    x0, x1 = x & _M16, x >> 16
    y0, y1 = y & _M16, y >> 16
    return (x0 * y0 + (((x1 * y0 + x0 * y1) & _M16) << 16)) & _M32


def _mul64(hi: int, lo: int, c_hi: int, c_lo: int) -> tuple[int, int]:
    """``(hi:lo) * (c_hi:c_lo)`` modulo 2**64, as 32-bit halves."""
    a0, a1 = lo & _M16, lo >> 16
    b0, b1 = c_lo & _M16, c_lo >> 16
    mid = a0 * b1 + a1 * b0
    low = a0 * b0 + ((mid & _M16) << 16)
    high = a1 * b1 + (mid >> 16) + (low >> 32)
    high += _mul_lo32(hi, c_lo) + _mul_lo32(lo, c_hi)
    return high & _M32, low & _M32


class Rng:
    """SplitMix64. ``Rng(seed)`` for any integer seed; equal seeds give equal streams."""

    __slots__ = ("hi", "lo")

    def __init__(self, seed: int) -> None:
        self.hi = (seed >> 32) & _M32
        self.lo = seed & _M32

    @property
    def state(self) -> int:
        """The whole state, a 64-bit integer (a seed that continues this stream)."""
        return (self.hi << 32) | self.lo

    def _next(self) -> tuple[int, int]:
        """The next output as 32-bit halves."""
        lo = self.lo + _GOLDEN_LO
        hi = (self.hi + _GOLDEN_HI + (lo >> 32)) & _M32
        lo &= _M32
        self.hi, self.lo = hi, lo
        lo ^= ((lo >> 30) | (hi << 2)) & _M32
        hi ^= hi >> 30
        hi, lo = _mul64(hi, lo, _C1_HI, _C1_LO)
        lo ^= ((lo >> 27) | (hi << 5)) & _M32
        hi ^= hi >> 27
        hi, lo = _mul64(hi, lo, _C2_HI, _C2_LO)
        lo ^= ((lo >> 31) | (hi << 1)) & _M32
        hi ^= hi >> 31
        return hi, lo

    def next64(self) -> int:
        """The next 64-bit output."""
        hi, lo = self._next()
        return (hi << 32) | lo

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if n > _M16:
            return self._below_big(n)
        step = _TWO32 % n
        # 2**64 mod n: the outputs from 2**64 - rest up are refused (they would favour
        # the low numbers); with 16-bit n, every product here stays below 2**32.
        rest = step * step % n
        while True:
            hi, lo = self._next()
            if hi < _M32 or lo < _TWO32 - rest:
                return ((hi % n) * step + lo) % n

    def _below_big(self, n: int) -> int:
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates, from the end)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        return items[self.below(len(items))]

    def copy(self) -> Rng:
        twin = Rng(0)
        twin.hi, twin.lo = self.hi, self.lo
        return twin
