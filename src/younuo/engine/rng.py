"""The engine's seeded random generators: where every shuffle and every draw comes from.

A game record must replay identically forever, so the engine never uses the standard
library's ``random`` (its shuffle is not promised to stay the same across versions): it
draws 64-bit outputs from a generator of its own and builds an unbiased bounded draw
and a Fisher-Yates shuffle on them (:class:`RandomStream`). Two generators, chosen by
the seed's type (docs/records.md, "Seeds and generators"):

- :class:`Rng`, SplitMix64, seeded by an integer: small, fast, and what every record
  made before keyed deals used. Its whole state is 64 bits, so anyone who sees enough
  of a game could in principle search for it: fine for tests, simulations and bots,
  not for the deals of matches people play for real.
- :class:`KeyedRng`, seeded by a 128-bit key (32 hex digits): output block *i* is
  BLAKE2b keyed with the key over the counter *i*, a pseudo-random function, so the
  outputs tell nothing of the key or of later outputs. The server deals every match
  from a fresh key drawn from the operating system (docs/security.md).

Each generator's whole state is kept in the game, so copying a game copies its future
shuffles too.

SplitMix64's arithmetic is done on 32-bit halves, with 16-bit pieces for the products:
every intermediate value stays far below 2**62. Compiled (docs/engine.md), such numbers
are machine integers, while 64-bit products would be Python's arbitrary-size integers,
several times slower; the outputs are exactly SplitMix64's (``tests/rules/test_rng.py``).
"""

from __future__ import annotations

import hashlib
import re
from enum import StrEnum
from typing import Final, TypeVar

from younuo.engine.errors import RecordError

T = TypeVar("T")

Seed = int | str
"""A game's seed: an integer (SplitMix64) or a 128-bit key as 32 lowercase hex digits
(the keyed BLAKE2b generator)."""

KEY_BYTES: Final = 16
"""A key's size: 128 bits, out of reach of any search."""
_KEY_TEXT: Final = re.compile(r"[0-9a-f]{32}")
# BLAKE2b's personalisation: the same key used by another program for another purpose
# gives other outputs. 64-byte blocks are BLAKE2b's widest: eight outputs a call.
_PERSON: Final = b"younuo-deal-v1"
_BLOCK: Final = 64

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


class GeneratorName(StrEnum):
    """The generators a record may name (its ``generator`` field)."""

    SPLITMIX64 = "splitmix64"
    """Integer seeds: the default, and every record made before keyed deals."""
    BLAKE2B = "blake2b"
    """128-bit keys, BLAKE2b as a keyed pseudo-random function over a counter."""


class RandomStream:
    """A deterministic stream of 64-bit outputs, and the draws the engine makes from it.

    ``below(n)`` takes the next output ``x``, refuses it when ``x >= 2**64 - 2**64 % n``
    (those would favour the low numbers) and otherwise gives ``x % n``; ``shuffle`` is
    Fisher-Yates from the end with ``below``. Both generators share these two, so a
    record's deal is defined by its generator's outputs alone.
    """

    __slots__ = ()

    @property
    def name(self) -> GeneratorName:
        raise NotImplementedError

    def _next(self) -> tuple[int, int]:
        """The next output as 32-bit halves (high, low)."""
        raise NotImplementedError

    def copy(self) -> RandomStream:
        """An independent twin that gives the same outputs from here on."""
        raise NotImplementedError

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


class Rng(RandomStream):
    """SplitMix64. ``Rng(seed)`` for any integer seed; equal seeds give equal streams."""

    __slots__ = ("hi", "lo")

    def __init__(self, seed: int) -> None:
        self.hi = (seed >> 32) & _M32
        self.lo = seed & _M32

    @property
    def name(self) -> GeneratorName:
        return GeneratorName.SPLITMIX64

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

    def copy(self) -> Rng:
        twin = Rng(0)
        twin.hi, twin.lo = self.hi, self.lo
        return twin


class KeyedRng(RandomStream):
    """BLAKE2b keyed with a 128-bit key, over a counter: output block ``i`` is
    ``blake2b(i as 8 bytes little-endian, key=key, person=b"younuo-deal-v1",
    digest_size=64)``, read as eight 64-bit big-endian outputs in order.

    Keyed BLAKE2b is a pseudo-random function: without the key, no number of outputs
    tells the next one or the key. One hash call gives eight outputs, so a 108-card
    shuffle costs about fourteen calls (docs/records.md has the measured cost).
    """

    __slots__ = ("at", "block", "counter", "key")

    def __init__(self, key: bytes) -> None:
        if len(key) != KEY_BYTES:
            raise ValueError(f"a key is {KEY_BYTES} bytes, not {len(key)}")
        self.key = key
        self.counter = 0
        self.block = b""
        self.at = _BLOCK  # the block is used up: the first draw hashes block 0

    @property
    def name(self) -> GeneratorName:
        return GeneratorName.BLAKE2B

    def _next(self) -> tuple[int, int]:
        at = self.at
        if at >= _BLOCK:
            self.block = hashlib.blake2b(
                self.counter.to_bytes(8, "little"),
                key=self.key,
                person=_PERSON,
                digest_size=_BLOCK,
            ).digest()
            self.counter += 1
            at = 0
        block = self.block
        self.at = at + 8
        hi = int.from_bytes(block[at : at + 4], "big")
        return hi, int.from_bytes(block[at + 4 : at + 8], "big")

    def copy(self) -> KeyedRng:
        twin = KeyedRng(self.key)
        twin.counter, twin.block, twin.at = self.counter, self.block, self.at
        return twin


def is_key(seed: object) -> bool:
    """Whether ``seed`` is written as a key: 32 lowercase hex digits (128 bits)."""
    return isinstance(seed, str) and _KEY_TEXT.fullmatch(seed) is not None


def generator_of(seed: Seed) -> GeneratorName:
    """The generator ``seed`` selects (an integer: SplitMix64; a key: BLAKE2b)."""
    return GeneratorName.BLAKE2B if isinstance(seed, str) else GeneratorName.SPLITMIX64


def generator(seed: Seed) -> RandomStream:
    """A new generator for ``seed``; a string that is not a key raises ``bad_seed``."""
    if isinstance(seed, str):
        if not is_key(seed):
            raise RecordError(
                "bad_seed", f"a key is {KEY_BYTES * 2} lowercase hex digits, not {seed!r}"
            )
        return KeyedRng(bytes.fromhex(seed))
    return Rng(seed)
