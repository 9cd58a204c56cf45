"""Seat facts: what a person's seat shows of their account, the same at every table.

A seat shows a name, an avatar, whether a bot account holds it (``bot_account``) and the
title beside the name (``title``), in the room (``SeatOut``) and at the match's table
(``TableSeat``). There is one path from an account to those facts for every kind of
table, so that no table can show less than another (issue 38, 6: a tournament table
showed every bot account as a person and no master's title):

- :func:`seat_facts` reads them from the account once, when it sits down (a room's
  ``sit`` and ``take_seat``, a tournament table's seats);
- ``Seat.person`` (``younuo.server.seats``) makes the seat of them;
- ``match_seat`` (there too, and importable from here) carries a room's seat into the
  match (a room's start and a tournament table's start alike); the match core builds
  every ``TableSeat`` of that same seat.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from younuo.protocol.messages import Avatar, TitleName
from younuo.server.accounts.auth import title_of
from younuo.server.seats.seat import match_seat
from younuo.store.models import Account


@dataclass(frozen=True, slots=True)
class SeatFacts:
    """A person's facts as a seat shows them, taken when they sit down."""

    name: str
    avatar: Avatar
    bot_account: bool = False
    """The seat is held by a bot account (a program on the network, shown as one)."""
    title: TitleName | None = None
    """The title shown beside the name (``auth.title_of``), None: none."""

    def named(self, name: str) -> SeatFacts:
        """The same facts under another name (a tournament table's ``Ann (2)``)."""
        return replace(self, name=name)


def seat_facts(account: Account) -> SeatFacts:
    """The seat facts of ``account`` as it is now."""
    return SeatFacts(
        name=account.name,
        avatar=Avatar.model_validate({"outfit": account.outfit, "expression": account.expression}),
        bot_account=bool(account.bot),
        title=title_of(account),
    )


__all__ = ["SeatFacts", "match_seat", "seat_facts"]
