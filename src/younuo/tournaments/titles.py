"""The master title (docs/tournaments.md, Titles): pure functions over one player's titles.

- The champion of an event of a title level (monthly, quarterly and annual by default,
  set per series in :class:`TitleRules`) is a **master** for one year from the award.
- Winning such an event again while the title is valid extends it by one year from its
  current expiry (so two wins in one year make two years), and records the extension.
  Winning again after it expired gives a new title.
- The champion of the series' top event is a **lifetime master**; a lifetime master's
  later wins change nothing (the highest title is already held).
- A moderator may revoke a title, with a reason: it leaves the active titles from that
  day and shows in the history as revoked (the shell records who revoked it).
- :func:`active` and :func:`history` split a player's titles at a date: expired and
  revoked titles are history.

Dates are ``datetime.date`` (the award day in UTC). A title "valid one year" from
2026-03-10 is valid up to and including 2027-03-09; ``expires`` is the first day it is
not (2027-03-10). A title awarded on 29 February expires on 28 February.
Every function is idempotent for the same event: replaying an award changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from enum import StrEnum
from typing import Any

from younuo.tournaments.errors import ErrorCode, TournamentError
from younuo.tournaments.levels import EventLevel

REASON_MAX = 200


class TitleKind(StrEnum):
    MASTER = "master"
    LIFETIME_MASTER = "lifetime_master"


@dataclass(frozen=True, slots=True)
class TitleRules:
    """Which event levels make their champion a master (per series)."""

    master_levels: frozenset[EventLevel] = field(
        default_factory=lambda: frozenset(
            {EventLevel.MONTHLY, EventLevel.QUARTERLY, EventLevel.ANNUAL}
        )
    )

    def to_dict(self) -> dict[str, Any]:
        return {"master_levels": sorted(str(level) for level in self.master_levels)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TitleRules:
        return cls(frozenset(EventLevel(level) for level in data["master_levels"]))


@dataclass(frozen=True, slots=True)
class Extension:
    """One more year, earned by winning ``event`` on ``on``."""

    on: date
    event: str


@dataclass(frozen=True, slots=True)
class Revocation:
    """A moderator took the title away from ``on``, for ``reason``."""

    on: date
    reason: str


@dataclass(frozen=True, slots=True)
class Title:
    """One title of a player: won at ``event`` (an event instance key) on ``awarded``.

    ``expires`` is the first day it is no longer valid (None: lifetime).
    """

    kind: TitleKind
    event: str
    awarded: date
    expires: date | None
    extensions: tuple[Extension, ...] = ()
    revoked: Revocation | None = None

    def is_active(self, at: date) -> bool:
        """Valid on ``at``: awarded by then, not expired, not revoked by then."""
        if at < self.awarded:
            return False
        if self.revoked is not None and at >= self.revoked.on:
            return False
        return self.expires is None or at < self.expires

    @property
    def events(self) -> tuple[str, ...]:
        """The events that earned this title: its award and every extension."""
        return (self.event, *(e.event for e in self.extensions))

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": str(self.kind),
            "event": self.event,
            "awarded": self.awarded.isoformat(),
            "expires": None if self.expires is None else self.expires.isoformat(),
            "extensions": [{"on": e.on.isoformat(), "event": e.event} for e in self.extensions],
            "revoked": None
            if self.revoked is None
            else {"on": self.revoked.on.isoformat(), "reason": self.revoked.reason},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Title:
        expires, revoked = data["expires"], data["revoked"]
        return cls(
            kind=TitleKind(data["kind"]),
            event=data["event"],
            awarded=date.fromisoformat(data["awarded"]),
            expires=None if expires is None else date.fromisoformat(expires),
            extensions=tuple(
                Extension(date.fromisoformat(e["on"]), e["event"]) for e in data["extensions"]
            ),
            revoked=None
            if revoked is None
            else Revocation(date.fromisoformat(revoked["on"]), revoked["reason"]),
        )


def one_year_after(day: date) -> date:
    """The same day a year later; 29 February gives 28 February."""
    try:
        return day.replace(year=day.year + 1)
    except ValueError:
        return day.replace(year=day.year + 1, day=28)


def award(
    titles: Sequence[Title],
    event: str,
    level: EventLevel,
    on: date,
    rules: TitleRules | None = None,
    top: bool = False,
) -> tuple[Title, ...]:
    """A player's titles after they won ``event`` (of ``level``) on ``on``.

    ``top``: the event is the series' top event (a lifetime master). Events of a level
    that gives no title leave the titles as they are; so does an event already counted.
    """
    rules = rules or TitleRules()
    held = tuple(titles)
    if any(event in t.events for t in held):
        return held
    if any(t.kind is TitleKind.LIFETIME_MASTER and t.is_active(on) for t in held):
        return held
    if top:
        return (*held, Title(TitleKind.LIFETIME_MASTER, event, on, None))
    if level not in rules.master_levels:
        return held
    if current(held, on) is not None:
        return extend(held, event, on)
    return (*held, Title(TitleKind.MASTER, event, on, one_year_after(on)))


def extend(titles: Sequence[Title], event: str, on: date) -> tuple[Title, ...]:
    """The active master title one year longer, from its current expiry, for ``event``.

    :func:`award` calls it for a win while the title is valid; a series may count other
    requalifications too. ``unknown_title`` when no master title is valid on ``on``.
    """
    held = tuple(titles)
    if any(event in t.events for t in held):
        return held
    title = current(held, on)
    if title is None:
        raise TournamentError(ErrorCode.UNKNOWN_TITLE, "no master title is valid then")
    assert title.expires is not None
    longer = replace(
        title,
        expires=one_year_after(title.expires),
        extensions=(*title.extensions, Extension(on, event)),
    )
    return tuple(longer if t is title else t for t in held)


def revoke(titles: Sequence[Title], event: str, on: date, reason: str) -> tuple[Title, ...]:
    """The title ``event`` earned (its award or an extension) revoked from ``on``."""
    if not isinstance(reason, str) or not reason.strip() or len(reason) > REASON_MAX:
        raise TournamentError(ErrorCode.BAD_REASON, f"a reason is 1 to {REASON_MAX} characters")
    held = tuple(titles)
    title = next((t for t in held if event in t.events), None)
    if title is None:
        raise TournamentError(ErrorCode.UNKNOWN_TITLE, f"no title won at {event!r}")
    if title.revoked is not None:
        raise TournamentError(ErrorCode.ALREADY_REVOKED, "that title is already revoked")
    gone = replace(title, revoked=Revocation(on, reason.strip()))
    return tuple(gone if t is title else t for t in held)


def current(titles: Sequence[Title], at: date) -> Title | None:
    """The master title (not lifetime) valid on ``at``, if any."""
    return next((t for t in titles if t.kind is TitleKind.MASTER and t.is_active(at)), None)


def active(titles: Sequence[Title], at: date) -> tuple[Title, ...]:
    """Titles valid on ``at``, the highest first (lifetime, then the latest expiry)."""
    valid = [t for t in titles if t.is_active(at)]
    return tuple(sorted(valid, key=lambda t: (t.expires is not None, -_ordinal(t.expires))))


def history(titles: Sequence[Title], at: date) -> tuple[Title, ...]:
    """Titles awarded by ``at`` that are no longer valid (expired or revoked), latest first."""
    past = [t for t in titles if t.awarded <= at and not t.is_active(at)]
    return tuple(sorted(past, key=lambda t: t.awarded, reverse=True))


def shown(titles: Sequence[Title], at: date) -> Title | None:
    """The title to show beside a name (profile, table, lobby, leaderboard), or None."""
    valid = active(titles, at)
    return valid[0] if valid else None


def _ordinal(day: date | None) -> int:
    return 0 if day is None else day.toordinal()
