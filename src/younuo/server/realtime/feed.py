"""A node's fan-out: each committed change of a match, to the connections on this node.

The node running a match announces every change it commits as a :class:`Committed`:
the match at its new version as each seat and the public may see it (views, legal
actions, events), with the table and the clock. :class:`Feeds` on every node, the
runner's included, delivers it to the connections on that node: an ``update`` after a
move, a fresh ``state`` after a change of the seats (or a takeover), ``match_over`` at
the end, an ``emote``. With several nodes the announcement travels between them as
JSON (:meth:`Committed.to_wire`, :mod:`younuo.server.cluster.link`: between the nodes only,
never to a client, which gets its own seat's part); on one node it is handed over as it
is.

A connection joins a match's fan-out when it is sent its first ``state`` of the match
(``Connection.seen``), in the same step: it never gets an update for a version before
the state it applies to. An update that does not follow the version a connection saw
(a node that missed announcements, say while Redis was restarting) goes out as a fresh
``state`` instead: nobody is ever shown a version skipped.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from pydantic_core import from_json, to_json

from younuo.protocol.messages import ClockOut, State, TableSeat, update_text
from younuo.server.match.views import PRIVATE, Views, changes, seat_changes
from younuo.server.realtime.connections import Hub

EventsOf = Callable[[str | None], list[dict[str, Any]]]
"""A seat's (None: the public's) events of a change, as that seat may see them."""
LegalOf = Callable[[str], list[dict[str, Any]]]
"""A seat's legal actions at the new version, as the protocol sends them."""


class Kind(StrEnum):
    """What a :class:`Committed` announces."""

    UPDATE = "update"
    """A move: each member gets an ``update``."""
    STATE = "state"
    """The seats changed, or the match was taken up again: each member gets a ``state``."""
    OVER = "over"
    """The match ended: each member gets ``match_over`` (``message``)."""
    EMOTE = "emote"
    """A player changed expression at the table: each member gets ``message``."""


@dataclass(slots=True)
class Committed:
    """A committed change of one match, as every node's :class:`Feeds` delivers it."""

    match: str
    room: str | None
    version: int
    kind: Kind
    at: float
    views: Views
    """By seat name, and None for the public view, at ``version``."""
    table: list[dict[str, Any]]
    clock: dict[str, Any]
    players: dict[str, str]
    """The seat of each account still playing the match."""
    events: EventsOf
    legal: LegalOf
    opening: bool = False
    """A ``state`` whose events are the match's opening (the first deal)."""
    message: str | None = None
    """The frame of an ``over`` or ``emote``."""
    node: str | None = None
    """The node that committed it (several nodes)."""
    _events: dict[str | None, list[dict[str, Any]]] = field(default_factory=dict, repr=False)

    def events_of(self, name: str | None) -> list[dict[str, Any]]:
        found = self._events.get(name)
        if found is None:
            found = self._events[name] = self.events(name)
        return found

    def to_wire(self) -> str:
        """This change as JSON for the other nodes: every seat's part in it.

        Seats' views differ from the public view only in their private fields
        (:data:`~younuo.server.match.views.PRIVATE`), so the public view goes once with each
        seat's private fields beside it: a quarter of the bytes of every view whole.
        """
        seats = [name for name in self.views if name is not None]
        public = self.views[None]
        return to_json(
            {
                "match": self.match,
                "room": self.room,
                "version": self.version,
                "kind": self.kind.value,
                "at": self.at,
                "public": public,
                "private": {n: {f: self.views[n][f] for f in PRIVATE} for n in seats},
                "table": self.table,
                "clock": self.clock,
                "players": self.players,
                "events": {name or "": self.events_of(name) for name in self.views},
                "legal": {name: self.legal(name) for name in seats},
                "opening": self.opening,
                "message": self.message,
                "node": self.node,
            }
        ).decode()

    @classmethod
    def from_wire(cls, text: str | bytes) -> Committed:
        """A change another node announced (:meth:`to_wire`)."""
        data = from_json(text)
        events = {name or None: e for name, e in data["events"].items()}
        legal = data["legal"]
        public = data["public"]
        views: Views = {None: public}
        for name, private in data["private"].items():
            views[name] = {**public, **private}
        return cls(
            match=data["match"],
            room=data["room"],
            version=data["version"],
            kind=Kind(data["kind"]),
            at=data["at"],
            views=views,
            table=data["table"],
            clock=data["clock"],
            players=data["players"],
            events=lambda name: events.get(name, []),
            legal=lambda name: legal.get(name, []),
            opening=data["opening"],
            message=data["message"],
            node=data["node"],
        )


class Feeds:
    """The fan-out of every match watched from this node (see the module docstring)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.latest: dict[str, Committed] = {}
        """By match: the newest change delivered here (what a ``state`` is built from)."""

    # ------------------------------------------------------------------ delivering
    def deliver(self, change: Committed) -> None:
        """Send ``change`` to this node's members of its match (older ones are ignored)."""
        before = self.latest.get(change.match)
        if before is not None and change.version < before.version:
            return  # announced late: a newer change is here already
        if change.kind is Kind.OVER:
            self._over(change)
            return
        if change.kind is Kind.EMOTE and before is not None:
            before.table = change.table
        else:
            self.latest[change.match] = change
        if change.kind is Kind.UPDATE:
            self._updates(change, before)
        elif change.kind is Kind.STATE:
            for account, _ in self.recipients(change):
                self.send_state(change.match, account)
        else:
            assert change.message is not None
            for account, _ in self.recipients(change):
                self.hub.send(account, change.message)

    def recipients(self, change: Committed) -> list[tuple[str, str | None]]:
        """(account, seat name or None for the public view) of each member on this node."""
        out: list[tuple[str, str | None]] = []
        members = self.hub.members(change.room) if change.room else set()
        for account in members | change.players.keys():
            if not self.hub.online(account):
                continue
            out.append((account, change.players.get(account)))
        return out

    def _updates(self, change: Committed, before: Committed | None) -> None:
        """Each member's ``update``: their seat's view (or only what changed in it, for a
        connection that asked for deltas), their legal actions, the events as they may
        see them; one text per kind of receiver. A connection that did not see the
        version before gets a ``state``; one not yet sent a ``state`` is left out."""
        previous = before.views if before is not None else {}
        follows = before is not None and before.version == change.version - 1
        views = change.views
        texts: dict[tuple[str | None, bool], str] = {}
        public_delta: dict[str, Any] | None = None
        for account, name in self.recipients(change):
            conn = self.hub.by_account.get(account)
            if conn is None:
                continue
            seen = conn.seen.get(change.match)
            if seen is None:
                continue
            if not follows or seen[1] != change.version - 1:
                self.send_state(change.match, account)
                continue
            delta = conn.deltas and name in previous and seen[0] == name
            text = texts.get((name, delta))
            if text is None:
                if delta:
                    if public_delta is None:
                        public_delta = changes(previous[None], views[None])
                    view = seat_changes(previous, views, public_delta, name)
                else:
                    view = views[name]
                text = texts[(name, delta)] = update_text(
                    change.match,
                    change.version,
                    change.at,
                    change.events_of(name),
                    view,
                    delta,
                    change.table,
                    change.clock,
                    None if name is None else change.legal(name),
                )
            conn.send(text)
            conn.seen[change.match] = (name, change.version)

    def _over(self, change: Committed) -> None:
        assert change.message is not None
        for account, _ in self.recipients(change):
            self.hub.send(account, change.message)
            conn = self.hub.by_account.get(account)
            if conn is not None:
                conn.seen.pop(change.match, None)
        self.latest.pop(change.match, None)

    # ------------------------------------------------------------------ states
    def state(self, match: str, account: str, ref: Any = None) -> State | None:
        """The full table as ``account`` may see it (a player's own view, else the
        public one) at the newest version delivered here; None when none was."""
        change = self.latest.get(match)
        if change is None:
            return None
        name = change.players.get(account)
        return State(
            ref=ref,
            match=match,
            version=change.version,
            server_time=time.time(),
            you=name,
            view=change.views[name],
            table=[TableSeat.model_validate(seat) for seat in change.table],
            clock=ClockOut.model_validate(change.clock),
            events=change.events_of(name) if change.opening else [],
            legal=None if name is None else change.legal(name),
        )

    def send_state(self, match: str, account: str, ref: Any = None) -> bool:
        """Send ``account`` the full table (:meth:`state`): also the base of deltas.

        This is where a connection joins the match's fan-out (``seen``), in the same
        step as its state is queued: the next update it gets follows this state.
        Whether there was a state to send.
        """
        conn = self.hub.by_account.get(account)
        state = self.state(match, account, ref)
        if conn is None or state is None:
            return False
        conn.send(state)
        conn.seen[match] = (state.you, state.version)
        return True

    def forget(self, match: str) -> None:
        """No member of ``match`` is on this node any more."""
        self.latest.pop(match, None)


__all__ = ["Committed", "EventsOf", "Feeds", "Kind", "LegalOf"]
