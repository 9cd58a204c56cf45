"""Who plays an event: people by their account, and bots that take a seat.

An :class:`Entrant` is fixed when the event starts. People keep their account id as
their entrant id; bots are numbered ``bot:1``, ``bot:2``, ... (an account id never
starts with ``bot:``, registration refuses it), so one string names a seat everywhere:
in tables, results, standings and commands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

BOT_PREFIX = "bot:"


class EntrantKind(StrEnum):
    PLAYER = "player"
    BOT = "bot"


@dataclass(frozen=True, slots=True)
class Entrant:
    """One seat-holder of the event.

    ``rating`` seeds the first stage (bots: 0). ``order`` is the registration order
    (0 first), the last tiebreak of every standing; bots come after every person, by
    number. ``replaces`` is the no-show whose seat a bot took (None for a bot filling an
    awkward count, and for people). ``bot_level`` is the bot's level (None for people).
    """

    id: str
    kind: EntrantKind
    rating: int
    order: int
    bot_level: str | None = None
    replaces: str | None = None

    @property
    def is_bot(self) -> bool:
        return self.kind is EntrantKind.BOT

    @property
    def account(self) -> str | None:
        """The person's account (None for a bot)."""
        return None if self.is_bot else self.id

    @classmethod
    def player(cls, account: str, rating: int, order: int) -> Entrant:
        return cls(account, EntrantKind.PLAYER, rating, order)

    @classmethod
    def bot(cls, number: int, level: str, order: int, replaces: str | None = None) -> Entrant:
        return cls(f"{BOT_PREFIX}{number}", EntrantKind.BOT, 0, order, level, replaces)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": str(self.kind),
            "rating": self.rating,
            "order": self.order,
            "bot_level": self.bot_level,
            "replaces": self.replaces,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Entrant:
        return cls(
            id=data["id"],
            kind=EntrantKind(data["kind"]),
            rating=data["rating"],
            order=data["order"],
            bot_level=data["bot_level"],
            replaces=data["replaces"],
        )


def seed_order(entrants: Sequence[Entrant]) -> tuple[Entrant, ...]:
    """The first stage's seeding: people by rating (highest first), then bots; ties by order."""
    return tuple(sorted(entrants, key=lambda e: (e.is_bot, -e.rating, e.order)))


def more_bots(
    entrants: Sequence[Entrant],
    count: int,
    level: str,
    replaces: tuple[str | None, ...] = (),
) -> tuple[Entrant, ...]:
    """``count`` new bots, numbered and ordered after every entrant so far.

    ``replaces`` names, bot by bot, the no-show whose seat it takes (None: a filler).
    """
    number = sum(1 for e in entrants if e.is_bot)
    order = max((e.order for e in entrants), default=-1) + 1
    return tuple(
        Entrant.bot(number + i + 1, level, order + i, replaces[i] if i < len(replaces) else None)
        for i in range(count)
    )
