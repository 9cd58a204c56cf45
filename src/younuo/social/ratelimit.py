"""A token bucket over given times: how many chat messages an account may send.

The bucket is a frozen value; :func:`take` returns whether the message may go and the
new bucket, so the rule is tested with plain numbers; the shell applies it to the
buckets it keeps in Redis, which every node of a deployment spends from
(``server.cluster.buckets``, ``server.edge.limits.SharedBuckets``; see ``docs/social.md``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Bucket:
    """A token bucket: ``tokens`` left at time ``at``."""

    capacity: float
    per_second: float
    tokens: float
    at: float

    @classmethod
    def full(cls, capacity: float, per_second: float, now: float) -> Bucket:
        """A new, full bucket."""
        return cls(capacity, per_second, capacity, now)


def refill(bucket: Bucket, now: float) -> Bucket:
    """The bucket at ``now``; a time earlier than the last is treated as no time passed."""
    elapsed = max(0.0, now - bucket.at)
    tokens = min(bucket.capacity, bucket.tokens + elapsed * bucket.per_second)
    return Bucket(bucket.capacity, bucket.per_second, tokens, max(now, bucket.at))


def take(bucket: Bucket, now: float) -> tuple[bool, Bucket]:
    """Spend one token if there is one: (allowed, new bucket)."""
    current = refill(bucket, now)
    if current.tokens >= 1.0:
        return True, Bucket(current.capacity, current.per_second, current.tokens - 1, current.at)
    return False, current


def give_back(bucket: Bucket, now: float) -> Bucket:
    """Return one token spent on something that turned out not to count (a join code that
    was right, where only wrong guesses count); never above capacity."""
    current = refill(bucket, now)
    tokens = min(current.capacity, current.tokens + 1)
    return Bucket(current.capacity, current.per_second, tokens, current.at)
