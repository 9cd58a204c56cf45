"""Several accounts at one table from one browser or one address: the same-origin signal.

A pure function of the seat facts (:class:`~younuo.fairplay.facts.SeatFacts`): for each
match, the accounts seated from the same browser id, and those seated from the same
address, when two or more distinct accounts share one. Matches are gathered per set of
accounts, so a case lists every table they shared from that origin.

One browser behind several seats of a table is one person (or one device) playing
several hands; one address is weaker evidence, since a household, an office or a
mobile carrier puts many people behind one address. The thresholds differ accordingly
(:class:`~younuo.fairplay.thresholds.Thresholds`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from younuo.fairplay.facts import SeatFacts, StoredMatch


class OriginKind(StrEnum):
    """What the accounts shared."""

    BROWSER = "browser"
    ADDRESS = "address"

    def of(self, seat: SeatFacts) -> str | None:
        """The seat's origin of this kind (None when the server kept none)."""
        return seat.browser if self is OriginKind.BROWSER else seat.address


@dataclass(frozen=True, slots=True)
class SharedOrigin:
    """Accounts that sat at one table from one origin, in every match where they did.

    ``accounts`` sorted; ``matches`` in the order given; ``origins`` the distinct
    values seen (addresses or browser ids, as the server kept them).
    """

    kind: OriginKind
    accounts: tuple[str, ...]
    matches: tuple[str, ...]
    origins: tuple[str, ...]


def shared_origins(matches: Iterable[StoredMatch]) -> tuple[SharedOrigin, ...]:
    """Every set of two or more accounts seated at one table from one origin, by kind."""
    found: dict[tuple[OriginKind, tuple[str, ...]], tuple[list[str], list[str]]] = {}
    for match in matches:
        for kind in OriginKind:
            by_origin: dict[str, set[str]] = {}
            for seat in match.seats:
                origin = kind.of(seat)
                if seat.account is None or origin is None:
                    continue
                by_origin.setdefault(origin, set()).add(seat.account)
            for origin, accounts in sorted(by_origin.items()):
                if len(accounts) < 2:
                    continue
                ids, origins = found.setdefault((kind, tuple(sorted(accounts))), ([], []))
                if match.match_id not in ids:
                    ids.append(match.match_id)
                if origin not in origins:
                    origins.append(origin)
    return tuple(
        SharedOrigin(kind, accounts, tuple(ids), tuple(origins))
        for (kind, accounts), (ids, origins) in found.items()
    )


__all__ = ["OriginKind", "SharedOrigin", "shared_origins"]
