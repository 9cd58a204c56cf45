"""An event's secrets, and the seeds of its tables derived from them.

The event gets its randomness once, when it starts (the shell draws it; this package
draws nothing); everything random after that (the seat order at each table, each
table's deal) is derived from it, so a stored event replays to the same tables.

Since keyed deals (docs/security.md, "Threat model") an event holds two 128-bit secrets
from the operating system's CSPRNG, :class:`EventSecrets`:

- ``deals`` keys every table's deal: a table's engine key is BLAKE2b keyed with it over
  the table id, a pseudo-random function, so neither a table's key (shown in its record
  once its match has ended) nor anything public tells the secret or another table's key;
- ``seats`` shuffles every table's seats, which are public from the start: it decides
  no card, so what the seat orders give away is worth nothing for the deals.

An event stored before keyed deals holds one integer seed instead, from which both were
derived with an unkeyed hash (:func:`derive`): it stays readable and replays the same,
and its later stages are still formed from it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from younuo.engine.rng import KEY_BYTES, Seed, is_key

# BLAKE2b's personalisation: table keys are meant for nothing else.
_PERSON: Final = b"younuo-event-v1"


@dataclass(frozen=True, slots=True)
class EventSecrets:
    """The two secrets of an event, each 128 bits as 32 lowercase hex digits.

    ``deals`` decides every card at every table and is never shown; ``seats`` decides
    only the seat orders, which are public. Two different secrets: knowing one (or
    everything derived from it) tells nothing of the other.
    """

    deals: str
    seats: str

    def __post_init__(self) -> None:
        if not (is_key(self.deals) and is_key(self.seats)):
            raise ValueError(f"an event's secrets are {KEY_BYTES * 2} lowercase hex digits each")
        if self.deals == self.seats:
            raise ValueError("an event's deal and seat secrets must differ")

    def to_dict(self) -> dict[str, str]:
        return {"deals": self.deals, "seats": self.seats}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EventSecrets:
        return cls(deals=data["deals"], seats=data["seats"])


EventSeed = int | EventSecrets
"""What an event starts from: its secrets, or the integer seed of an event stored before."""


def table_deal(seed: EventSeed, table_id: str) -> Seed:
    """The engine seed of table ``table_id``'s match: a key under the event's deal secret
    (an integer under an old event's seed)."""
    if isinstance(seed, EventSecrets):
        return keyed(seed.deals, "deal", table_id)
    return derive(seed, table_id)


def table_seats(seed: EventSeed, table_id: str) -> Seed:
    """The seed that shuffles table ``table_id``'s seats: a key under the event's seat
    secret, never its deal secret (an integer under an old event's seed)."""
    if isinstance(seed, EventSecrets):
        return keyed(seed.seats, "seats", table_id)
    return derive(seed, table_id, "seats")


def keyed(secret: str, *parts: str) -> str:
    """A 128-bit key for ``parts`` under ``secret``: keyed BLAKE2b, as 32 hex digits."""
    text = ":".join(parts).encode()
    return hashlib.blake2b(
        text, key=bytes.fromhex(secret), person=_PERSON, digest_size=KEY_BYTES
    ).hexdigest()


def derive(seed: int, *parts: str | int) -> int:
    """A 63-bit seed for ``parts`` (a stage, a table id) under an old event's ``seed``.

    Unkeyed: anyone who finds the seed (31 bits, searched from public seat orders) has
    every table's deal. Kept only so that events stored before keyed deals replay.
    """
    text = ":".join(str(p) for p in (seed, *parts))
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1
