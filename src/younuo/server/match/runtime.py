"""A running match as the node running it holds it in memory.

A :class:`Runtime` is only a cache of what the database holds (the record's recipe,
the action log, the clocks and seat states): :mod:`.recovery` rebuilds one from it.
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass, field
from typing import Any

from younuo.engine.records import seed_fields
from younuo.engine.rng import KEY_BYTES, Seed
from younuo.server.match.bots import BotSeat
from younuo.server.match.core import MatchState
from younuo.server.match.wire import SeatTable


@dataclass
class Runtime(MatchState):
    """A running match held in memory by the node running it: its state, and what the
    shell runs for it (the lock, the bots, the timer)."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bots: dict[str, BotSeat] = field(default_factory=dict)
    bot_tasks: dict[str, asyncio.Task[None]] = field(default_factory=dict)
    timer: asyncio.TimerHandle | None = None
    """The event loop's call at the match's next due time (:meth:`.timers.Timers.arm`)."""
    armed_at: float | None = None
    """The due time (epoch seconds) ``timer`` was set for."""
    firing: asyncio.Task[None] | None = None
    """The task firing what is due, while it runs."""
    recipe: dict[str, Any] = field(default_factory=dict)
    """The match's record without its actions (docs/records.md): rebuilds the game."""
    table: SeatTable = field(default_factory=SeatTable)
    """The table's seats as every ``state`` and ``update`` carries them (cached)."""


def recipe(
    rules: dict[str, Any],
    players: list[Any],
    teams: list[Any] | None,
    setup: dict[str, Any] | None,
    seed: Seed | None,
) -> dict[str, Any]:
    """A match's record without its actions (held by the runtime, never sent)."""
    return {
        "format": "younuo-record/1",
        "rules": rules,
        "players": players,
        "teams": teams,
        "setup": setup,
        **seed_fields(seed),
    }


def fresh_deal_key() -> str:
    """A new match's deal key: 128 bits from the operating system's CSPRNG, as the
    keyed generator takes it (32 hex digits). It decides every card of the match, so it
    is shown to nobody before the match ends (docs/security.md, "Threat model")."""
    return secrets.token_hex(KEY_BYTES)


__all__ = ["Runtime", "fresh_deal_key", "recipe"]
