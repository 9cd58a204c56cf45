"""What the fair-play signals read: a stored match (its record) and the facts of its seats.

The record is the game record (docs/records.md) the server stores for every match
(rules, players, seed or setup, actions); it is replayed with the engine, so every state,
legal action and event of the match is at hand without storing any of them. The seat facts are the
rest: which account sat in a seat (None for a bot), where it connected from and how
long it took over each turn decision. Every fact is optional: a signal that lacks its
facts (no addresses, no think times) simply says nothing.

The values are plain and immutable, and this package does no I/O: the server (or a
benchmark) builds them from what it stored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class SeatFacts:
    """One seat of one match as the server saw it, besides the record.

    ``player``: the seat's name in the record. ``account``: the account that sat
    there, None for a bot seat (bots are never a member of a flagged pair, but they
    are opponents like any other). ``address`` and ``browser``: where the seat's
    session connected from, as the server chooses to keep them (a keyed hash or a
    network prefix serves as well as the raw value: only equality is used).
    ``think_times``: seconds the seat took over each of its turn decisions, in order.
    """

    player: str
    account: str | None
    address: str | None = None
    browser: str | None = None
    think_times: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class StoredMatch:
    """One match: its id, its record (docs/records.md, as a dict) and the facts of its seats.

    ``period``: a whole number that orders matches in time (a day number, a tournament
    round); the co-occurrence expectation compares players active in the same period
    (docs/fairplay.md), and the account-change series follow it. Seats missing from
    ``seats`` count as accounts named as their player, with no other facts.
    """

    match_id: str
    record: Mapping[str, Any]
    seats: tuple[SeatFacts, ...] = ()
    period: int = 0

    def facts(self, player: str) -> SeatFacts:
        """The facts of the seat named ``player`` (the player's name as account if none given)."""
        for seat in self.seats:
            if seat.player == player:
                return seat
        return SeatFacts(player, account=player)


__all__ = ["SeatFacts", "StoredMatch"]
