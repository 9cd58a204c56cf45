"""The keyed generator is exactly keyed BLAKE2b over a counter, with the same unbiased
bounded draw and shuffle as SplitMix64 (docs/records.md, "Seeds and generators").

A record dealt from a key replays forever from it, so these outputs may never change:
this file checks the engine against a plain definition written with ``hashlib``.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from younuo.engine import Card, Game, RecordError, Rules, standard_deck
from younuo.engine.rng import KEY_BYTES, GeneratorName, KeyedRng, Rng, generator, is_key


def reference(key: bytes, count: int) -> list[int]:
    """Block i = BLAKE2b(i as 8 bytes little-endian, key, person "younuo-deal-v1", 64
    bytes), read as eight big-endian 64-bit outputs."""
    out: list[int] = []
    block = 0
    while len(out) < count:
        digest = hashlib.blake2b(
            block.to_bytes(8, "little"), key=key, person=b"younuo-deal-v1", digest_size=64
        ).digest()
        out += [int.from_bytes(digest[i : i + 8], "big") for i in range(0, 64, 8)]
        block += 1
    return out[:count]


def reference_below(key: bytes, bounds: list[int]) -> list[int]:
    outputs = iter(reference(key, 4 * len(bounds) + 64))
    out = []
    for n in bounds:
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = next(outputs)
            if x < limit:
                out.append(x % n)
                break
    return out


def keys(count: int) -> list[bytes]:
    pick = random.Random(38)
    return [bytes(16), b"\xff" * 16, *(pick.randbytes(16) for _ in range(count))]


@pytest.mark.parametrize("key", keys(5), ids=lambda k: k.hex()[:8])
def test_outputs_are_keyed_blake2b_over_a_counter(key: bytes) -> None:
    rng = KeyedRng(key)
    # 200 outputs cross 25 blocks: each block's eight outputs, in order.
    assert [rng.next64() for _ in range(200)] == reference(key, 200)


def test_below_is_the_same_unbiased_draw_as_splitmix64s() -> None:
    pick = random.Random(7)
    for key in keys(40):
        bounds = [pick.choice([1, 2, 3, 7, 108, 240, 65535, 65536, 1 << 40, 3 << 62])]
        bounds += [pick.randint(1, 300) for _ in range(10)]
        rng = KeyedRng(key)
        assert [rng.below(n) for n in bounds] == reference_below(key, bounds)


def test_shuffle_is_fisher_yates_from_the_end_on_below() -> None:
    key = bytes(range(16))
    items = list(range(108))
    KeyedRng(key).shuffle(items)
    expected = list(range(108))
    draws = iter(reference_below(key, list(range(108, 1, -1))))
    for i in range(107, 0, -1):
        j = next(draws)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected


def test_copy_continues_the_same_stream_mid_block() -> None:
    rng = KeyedRng(bytes(16))
    for _ in range(5):  # three outputs into the block after
        rng.next64()
    twin = rng.copy()
    assert [twin.next64() for _ in range(20)] == [rng.next64() for _ in range(20)]


def test_other_keys_give_other_streams() -> None:
    streams = {tuple(reference(key, 4)) for key in keys(50)}
    assert len(streams) == 52


@pytest.mark.parametrize(
    "text",
    ["", "00" * 15, "00" * 17, "0" * 31, "AB" * 16, "g" * 32, " " + "0" * 31, "0x" + "0" * 30],
)
def test_a_seed_string_is_a_key_of_exactly_32_lowercase_hex_digits(text: str) -> None:
    assert not is_key(text)
    with pytest.raises(RecordError) as info:
        generator(text)
    assert info.value.code == "bad_seed"
    with pytest.raises(RecordError):
        Game.new(["ann", "bob"], Rules(), seed=text)


def test_the_seed_chooses_the_generator() -> None:
    assert KEY_BYTES * 8 == 128
    key = "0123456789abcdef" * 2
    assert is_key(key)
    keyed = generator(key)
    assert isinstance(keyed, KeyedRng) and keyed.name is GeneratorName.BLAKE2B
    assert [keyed.next64() for _ in range(9)] == reference(bytes.fromhex(key), 9)
    plain = generator(7)
    assert isinstance(plain, Rng) and plain.name is GeneratorName.SPLITMIX64
    assert plain.next64() == Rng(7).next64()


def test_a_key_needs_sixteen_bytes() -> None:
    for size in (0, 8, 15, 17, 32):
        with pytest.raises(ValueError, match="16 bytes"):
            KeyedRng(bytes(size))


def test_a_game_dealt_from_a_key_is_the_keyed_shuffle_of_one_deck() -> None:
    """Worked by hand as R-SETUP-1 with SplitMix64: shuffle one deck with the keyed
    generator and deal round-robin from the first seat (the host starts)."""
    key = "5a" * 16
    players = ["ann", "bob", "cat"]
    game = Game.new(players, Rules.from_preset("younuo"), seed=key)
    deck = standard_deck()
    KeyedRng(bytes.fromhex(key)).shuffle(deck)
    hands: dict[str, list[Card]] = {p: [] for p in players}
    for _ in range(7):
        for p in players:
            hands[p].append(deck.pop())
    assert {p: game.hand(p) for p in players} == {p: tuple(h) for p, h in hands.items()}
    other = Game.new(players, Rules.from_preset("younuo"), seed="5b" + "5a" * 15)
    assert other.snapshot()["hands"] != game.snapshot()["hands"]
    assert game.origin()["seed"] == key
