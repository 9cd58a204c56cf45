"""Requests about a match served on the node that runs it.

A move (or any :class:`~younuo.server.realtime.routing.Op`) for a match another node
runs is sent to that node's channel as a :class:`Request`; that node serves it with
the same :meth:`Router.handle <younuo.server.realtime.routing.Router.handle>` as its own
connections' requests, and sends back a :class:`Reply` with the answer or the error.

:class:`Forwarded` counts both directions (``/healthz`` shows it): with the balancer's
room rule (docs/scaling.md, "Routing") a table's seats sit on its match's node and
these stay near zero; they grow while sockets are elsewhere (failover, drain, a stale
balancer, a client that does not follow the rule).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from dataclasses import dataclass
from typing import Any

from redis.exceptions import RedisError

from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import ProtocolError
from younuo.server.cluster.inbox import Inbox
from younuo.server.cluster.keys import node_channel, unavailable
from younuo.server.cluster.leases import SCAN_EVERY, Leases
from younuo.server.cluster.link import Link
from younuo.server.cluster.messages import Failure, Reply, Request
from younuo.server.cluster.ports import Desk, Matches
from younuo.server.cluster.roster import SILENT_FOR, Roster
from younuo.server.realtime.routing import Op
from younuo.store import Database
from younuo.store import nodes as repo
from younuo.store.errors import is_outage

log = logging.getLogger(__name__)

FORWARD_START = 5.0
"""Seconds a forwarded request may wait for the node running the match to start on it."""
FORWARD_TIMEOUT = FORWARD_START + 5.0
"""Seconds a forwarded request waits for its answer: longer than a started request takes
(a move waits out a catch grace, then one write), so that an answer of ``unavailable``
after it means the request was never started."""
NOT_HERE = "not_here"
"""The answer of a node asked about a match it does not run (between nodes only)."""

GONE = (
    "the server running the match is gone:"
    " another server takes its tables over within match_lease seconds"
)
"""What a request for a match of a node found gone is answered (``unavailable``)."""


@dataclass
class Forwarded:
    """Requests this node sent to the node running their match, and served for others."""

    sent: int = 0
    """Calls sent to another node (each attempt counts: a retry after ``not_here`` too)."""
    moves: int = 0
    """Of ``sent``, the players' actions (``Op.PLAY``): the figure the routing is for."""
    served: int = 0
    """Requests of other nodes served here (answered, refused or not here)."""

    def as_json(self) -> dict[str, int]:
        return {"sent": self.sent, "moves": self.moves, "served": self.served}


class _NotHere(Exception):
    """The node asked does not run the match (any more)."""


class Forwarding:
    """The router's ``forward`` with several nodes, and the serving of others' requests."""

    def __init__(
        self,
        db: Database,
        matches: Matches,
        here: Desk,
        leases: Leases,
        roster: Roster,
        link: Link,
        inbox: Inbox,
    ) -> None:
        """``here`` serves requests on this node (a router that forwards nothing);
        ``db`` is the leases' small pool (an owner's lookup must not queue behind moves)."""
        self.node = link.node
        self.db = db
        self.matches = matches
        self.here = here
        self.leases = leases
        self.roster = roster
        self.link = link
        self._calls: dict[str, asyncio.Future[Reply]] = {}
        self._gone: dict[str, float] = {}
        """Match -> when (monotonic) the database last named a silent node its owner."""
        self.counted = Forwarded()
        inbox.on(Request, self._serve)
        inbox.on(Reply, self._reply)

    async def forward(self, match: str, op: Op, account: str, args: dict[str, Any]) -> Any:
        """Serve a request about ``match`` on the node that runs it."""
        if op is Op.STATE:
            self.link.watch(match)
            await asyncio.sleep(0)  # the subscription goes out before the request
        for attempt in range(3):
            owner = await self._owner(match, fresh=attempt > 0)
            if owner == self.node:
                if match not in self.matches.runtimes:
                    await self.leases.take_up(match)
                if match in self.matches.runtimes:
                    return await self.here.handle(match, op, account, args)
                raise unavailable("the match is being taken up")
            if owner is None:
                raise unavailable("the match is between servers")
            if self.roster.is_silent(owner):
                # Its node did not listen a moment ago. Read the owner once more (a drain
                # hands matches on before its node goes), unless the database named that
                # node again for this match just now: then the match waits for the lease.
                fresh = attempt > 0 or self._gone_recently(match)
                if fresh:
                    self._remember_gone(match)
                    raise unavailable(GONE)
                continue
            try:
                return await self._call(owner, match, op, account, args)
            except _NotHere:
                self.roster.runs(match, None)
                await asyncio.sleep(0.2 * attempt)
        raise unavailable("the match is moving to another server")

    def _remember_gone(self, match: str) -> None:
        now = time.monotonic()
        if len(self._gone) >= 10_000:  # bounded: the expired go first
            self._gone = {m: t for m, t in self._gone.items() if now - t < SILENT_FOR}
        self._gone[match] = now

    def _gone_recently(self, match: str) -> bool:
        """Whether the database named a silent node as ``match``'s owner in the last
        :data:`~younuo.server.cluster.roster.SILENT_FOR` seconds."""
        since = self._gone.get(match)
        if since is None:
            return False
        if time.monotonic() - since < SILENT_FOR:
            return True
        del self._gone[match]
        return False

    async def _owner(self, match: str, fresh: bool) -> str | None:
        if not fresh and match in self.roster.owners:
            return self.roster.owners[match]
        try:
            async with self.db.session() as s:
                found = await repo.owner_of(s, match)
        except Exception:
            raise unavailable("the database did not answer") from None
        if found is None or found[1] != "running":
            raise ProtocolError(ErrorCode.NO_MATCH, "no such running match")
        owner = found[0]
        if owner is not None:
            self.roster.runs(match, owner)
        return owner

    async def _call(self, node: str, match: str, op: Op, account: str, args: dict[str, Any]) -> Any:
        if not self.link.redis_up:
            raise unavailable("the servers cannot reach each other (Redis is down)")
        self.counted.sent += 1
        if op is Op.PLAY:
            self.counted.moves += 1
        call = secrets.token_hex(8)
        future: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        self._calls[call] = future
        request = Request(
            id=call,
            sender=self.node,
            match=match,
            op=op.value,
            account=account,
            args=args,
            # Past this the node running the match refuses to start on the request: an
            # answer of unavailable here then surely means nothing was made.
            until=time.time() + FORWARD_START,
        )
        try:
            if not await self.link.send_now(node, request):
                self.roster.unheard(node)
                raise _NotHere  # that node is not listening: gone, or restarting
            reply = await self._answer(future, node)
        except TimeoutError:
            raise unavailable("the server running the match did not answer") from None
        except RedisError:
            raise unavailable("the servers cannot reach each other (Redis)") from None
        finally:
            self._calls.pop(call, None)
        error = reply.error
        if error is None:
            return reply.result
        if error.code == NOT_HERE:
            raise _NotHere
        raise ProtocolError(error.code, error.message, details=error.details)

    async def _answer(self, future: asyncio.Future[Reply], node: str) -> Reply:
        """The reply to a call to ``node``, or ``_NotHere`` once a scan begun after the
        call finds its lease run out: a node killed after it heard the request never
        answers, and the caller should not wait out ``FORWARD_TIMEOUT`` for it. Nothing
        more is made by a node past its lease, so the request may go to the new owner."""
        asked = time.monotonic()
        deadline = asked + FORWARD_TIMEOUT
        while (left := deadline - time.monotonic()) > 0:
            try:
                return await asyncio.wait_for(asyncio.shield(future), min(left, SCAN_EVERY / 2))
            except TimeoutError:
                if self.roster.scanned > asked and node not in self.roster.living:
                    raise _NotHere from None
        raise TimeoutError

    def _reply(self, reply: Reply) -> None:
        future = self._calls.pop(reply.id, None)
        if future is not None and not future.done():
            future.set_result(reply)

    async def _serve(self, m: Request) -> None:
        """A request from another node about a match this node runs."""
        self.counted.served += 1
        try:
            if time.time() > m.until:
                raise unavailable("the request waited too long to be served")
            if m.match not in self.matches.runtimes:
                raise _NotHere
            # That node watches the match from now on (it subscribed before asking):
            # its changes are published from before this answer on.
            self.roster.share(m.match)
            result = await self.here.handle(m.match, Op(m.op), m.account, m.args)
            reply = Reply(id=m.id, result=result)
        except _NotHere:
            reply = Reply(id=m.id, error=Failure(NOT_HERE, "not run here"))
        except ProtocolError as exc:
            reply = Reply(id=m.id, error=Failure(exc.code, exc.message, exc.details))
        except Exception as exc:
            if is_outage(exc):
                failure = Failure(ErrorCode.UNAVAILABLE, "the database did not answer")
            else:
                log.exception("node %s: request %s on %s failed", self.node, m.op, m.match)
                failure = Failure(ErrorCode.INTERNAL, "the server failed on this request")
            reply = Reply(id=m.id, error=failure)
        self.link.send(node_channel(m.sender), reply)


__all__ = ["FORWARD_START", "FORWARD_TIMEOUT", "NOT_HERE", "Forwarded", "Forwarding"]
