"""Token buckets kept in Redis, so that a limit holds across every node of a deployment.

The rule is the pure one of :mod:`younuo.social.ratelimit`; this module only stores the
bucket. Each spend reads the bucket under ``WATCH``, applies :func:`take` and writes the
result in a ``MULTI`` transaction, retried when another node spent from the same bucket
in between, so two nodes never both spend the last token. A bucket's key expires once
it would have refilled (a missing bucket is a full one).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

from redis.asyncio import Redis
from redis.exceptions import WatchError

from younuo.social.ratelimit import Bucket, give_back, take

RETRIES = 8
"""Lost races retried before the spend is counted here instead (see :func:`spend`)."""


def _ttl(fresh: Bucket) -> int:
    """Seconds after which an unused bucket is full again, so it can be forgotten."""
    return max(1, math.ceil(fresh.capacity / max(fresh.per_second, 1e-9)) + 1)


async def spend(redis: Redis, key: str, fresh: Bucket, now: float) -> tuple[bool, Bucket] | None:
    """Spend one token of the bucket stored under ``key`` (``fresh`` when there is none):
    whether it was there, and the bucket after; None after :data:`RETRIES` lost races
    (the caller falls back on its own count). Redis errors go up to the caller."""
    return await _apply(redis, key, fresh, lambda held: take(held, now))


async def refund(redis: Redis, key: str, fresh: Bucket, now: float) -> bool:
    """Give one token back to the bucket under ``key`` (:func:`give_back`); False after
    :data:`RETRIES` lost races. Redis errors go up to the caller."""
    done = await _apply(redis, key, fresh, lambda held: (True, give_back(held, now)))
    return done is not None


async def _apply(
    redis: Redis, key: str, fresh: Bucket, rule: Callable[[Bucket], tuple[bool, Bucket]]
) -> tuple[bool, Bucket] | None:
    """Read the bucket under ``WATCH``, apply ``rule`` and write the result at once."""
    async with redis.pipeline(transaction=True) as pipe:
        for _ in range(RETRIES):
            try:
                await pipe.watch(key)
                tokens, at = await pipe.hmget(key, ["tokens", "at"])
                held = fresh
                if tokens is not None and at is not None:
                    held = replace(fresh, tokens=float(tokens), at=float(at))
                allowed, after = rule(held)
                pipe.multi()  # type: ignore[no-untyped-call]  # redis-py leaves it untyped
                pipe.hset(key, mapping={"tokens": repr(after.tokens), "at": repr(after.at)})
                pipe.expire(key, _ttl(fresh))
                await pipe.execute()
                return allowed, after
            except WatchError:
                continue
    return None


__all__ = ["refund", "spend"]
