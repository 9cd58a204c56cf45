"""The match as one connection last saw it: :class:`Match`, kept up to date by frames.

A ``state`` gives a whole picture; each ``update`` that follows it (its version is one
more) gives the next, its view completed from the previous one when it is a delta
(docs/protocol.md §4, *view deltas*). :meth:`Match.follows` says whether an update
can be applied; one that cannot (a version gap) calls for a ``sync``, never a guess.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from younuo.client.messages import ClockOut, State, TableSeat, Update


@dataclass(frozen=True, slots=True)
class Match:
    """One match at one version, as the seat ``you`` sees it (None: a spectator).

    ``view`` is the whole ``PlayerView.to_dict()`` of the engine (deltas applied);
    ``legal`` the seat's legal actions now (docs/records.md, *Actions*, without ``player``;
    None for a spectator); ``events`` those of the frame that brought this version
    (redacted for the seat; empty after a ``state``). Never changed in place: each
    frame makes a new one.
    """

    id: str
    version: int
    you: str | None
    view: Mapping[str, Any]
    table: tuple[TableSeat, ...]
    clock: ClockOut
    legal: tuple[Mapping[str, Any], ...] | None
    events: tuple[Mapping[str, Any], ...]
    server_time: float

    @classmethod
    def of(cls, state: State) -> Match:
        """The picture a ``state`` gives."""
        return cls(
            id=state.match,
            version=state.version,
            you=state.you,
            view=dict(state.view),
            table=tuple(state.table),
            clock=state.clock,
            legal=None if state.legal is None else tuple(state.legal),
            events=tuple(state.events),
            server_time=state.server_time,
        )

    def follows(self, update: Update) -> bool:
        """Whether ``update`` is this match's next version (and so may be applied)."""
        return update.match == self.id and update.version == self.version + 1

    def after(self, update: Update) -> Match:
        """The picture once ``update`` (which :meth:`follows` this one) is applied."""
        if not self.follows(update):
            raise ValueError(
                f"update {update.match}@{update.version} does not follow {self.id}@{self.version}"
            )
        view = {**self.view, **update.view} if update.delta else dict(update.view)
        return Match(
            id=self.id,
            version=update.version,
            you=self.you,
            view=view,
            table=tuple(update.table),
            clock=update.clock,
            legal=None if update.legal is None else tuple(update.legal),
            events=tuple(update.events),
            server_time=update.server_time,
        )

    @property
    def status(self) -> str:
        """The engine's status: ``playing``, ``round_over`` or ``match_over``."""
        return str(self.view.get("status", ""))

    @property
    def my_turn(self) -> bool:
        """Whether the seat is the player to move."""
        return self.you is not None and self.view.get("current") == self.you


__all__ = ["Match"]
