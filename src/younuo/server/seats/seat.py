"""The seat as a plain value: who sits there and how they look, nothing about the wire.

The lobby's rooms, the match core (its ``SeatInfo`` is this class) and the tournaments'
tables all hold this one :class:`Seat`; a match's seat is a room's seat carried into it
by :func:`match_seat`. Its kind is the match's :class:`~younuo.server.match.kinds.SeatKind`.
Nothing here does I/O or knows the protocol, so the room rules and the match core
(both pure) can hold it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any, Protocol

from younuo.server.match.kinds import SeatKind


class Looks(Protocol):
    """An avatar as a seat shows it (the wire's ``Avatar`` is one)."""

    @property
    def outfit(self) -> str: ...
    @property
    def expression(self) -> str: ...


class Facts(Protocol):
    """What a person's seat shows of their account (``accounts.seatfacts.SeatFacts``
    is one), read here without importing the accounts."""

    @property
    def name(self) -> str: ...
    @property
    def avatar(self) -> Looks: ...
    @property
    def bot_account(self) -> bool: ...
    @property
    def title(self) -> str | None: ...


@dataclass
class Seat:
    """A taken seat: a person (or a bot account) or a server bot.

    ``ready`` is the room's preparation state; a match's seats carry it unread (the
    match stores :meth:`to_dict`, which leaves it out, as it always did).
    """

    kind: SeatKind
    name: str
    account: str | None = None
    bot_level: str | None = None
    ready: bool = False
    camp: str | None = None
    outfit: str = "red"
    expression: str = "smile"
    bot_account: bool = False
    """A person's seat held by a bot account (a program on the network, shown as one)."""
    title: str | None = None
    """The title shown beside the person's name when they sat down."""

    def __post_init__(self) -> None:
        # Stored rows give the kind as its string: it is the enum from here on.
        self.kind = SeatKind(self.kind)

    def to_dict(self) -> dict[str, Any]:
        """Who sits here, as a match stores it (``matches.seats``): every field but
        ``ready``, which only a room keeps (``lobby.rows``); the kind as its value."""
        data = asdict(self)
        del data["ready"]
        data["kind"] = self.kind.value
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seat:
        return cls(**data)

    @classmethod
    def person(
        cls, account: str, facts: Facts, camp: str | None = None, ready: bool = False
    ) -> Seat:
        """A person's seat showing ``facts`` (``seatfacts.seat_facts``): every table's
        people are seated through here."""
        return cls(
            kind=SeatKind.HUMAN,
            name=facts.name,
            account=account,
            ready=ready,
            camp=camp,
            outfit=facts.avatar.outfit,
            expression=facts.avatar.expression,
            bot_account=facts.bot_account,
            title=facts.title,
        )

    @classmethod
    def bot(cls, name: str, level: str | None, camp: str | None, outfit: str = "red") -> Seat:
        """A server bot's seat: always ready, grinning (a room's ``add_bot``, a
        tournament table's bot entrants)."""
        return cls(
            kind=SeatKind.BOT,
            name=name,
            bot_level=level,
            ready=True,
            camp=camp,
            outfit=outfit,
            expression="grin",
        )

    @property
    def is_bot(self) -> bool:
        return self.kind is SeatKind.BOT

    @property
    def is_ready(self) -> bool:
        return self.ready or self.is_bot


def match_seat(seat: Seat, teams: bool) -> Seat:
    """The match's seat from a room's: every fact the room shows, its camp in a team
    match only (a room's start and a tournament table's start alike)."""
    return replace(seat, camp=seat.camp if teams else None, ready=False)


__all__ = ["Facts", "Looks", "Seat", "SeatKind", "match_seat"]
