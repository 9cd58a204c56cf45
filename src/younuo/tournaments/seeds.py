"""Seeds derived from the event's one seed: per stage for seating, per table for the deal.

The event gets a single seed when it starts (the shell draws it); everything random
after that (the seat order at each table, each table's shuffle) comes from it, so a
stored event replays to the same tables. A hash (BLAKE2b) mixes the parts: Python's
``hash()`` of a string differs from run to run, and the stored value must not.
"""

from __future__ import annotations

import hashlib


def derive(seed: int, *parts: str | int) -> int:
    """A 63-bit seed for ``parts`` (a stage, a table id) under the event's ``seed``."""
    text = ":".join(str(p) for p in (seed, *parts))
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1
