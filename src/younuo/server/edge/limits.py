"""Limits by client address and by account name, so that no client slows the others.

- Logins and sign-ups (``/api/auth/login``, ``/register``, ``/guest``) are rate-limited
  per address, and logins and registrations also per account name: over either, HTTP
  429 with ``Retry-After``.
- WebSocket connections are capped per address (close code :data:`CLOSE_TOO_MANY`).
- A bot account's requests (WebSocket messages and REST calls, all its tokens and
  connections together) are rate-limited per account: ``rate_limited`` with
  ``details.retry_after`` on the socket, HTTP 429 with ``Retry-After`` on REST.
- What one account writes over REST (events, rooms, reports, friend requests, renames)
  is rate-limited per account and kind (:class:`WriteLimits`, every node together):
  over it, HTTP 429 ``too_many_writes`` with ``Retry-After``. One guest once made
  20,000 events in 200 s, and every tournament tick after that read them all.
- Abuse (a connection closed for flooding, a frame over ``max_frame_bytes``) is a
  strike against the address; ``abuse_strikes`` of them close every connection of that
  address and refuse new ones for ``ban_seconds`` (close code :data:`CLOSE_ABUSE`).

Every table is bounded: an entry that has been idle long enough to be back at its
initial state is forgotten (it would behave the same as a new one), and past
``limit_entries`` the least recently used goes, so that an attacker cycling through
addresses or names cannot grow the server's memory. IPv6 addresses count by their /64
network: one host usually holds a whole /64, and would otherwise get 2**64 budgets.
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections import OrderedDict
from dataclasses import dataclass
from enum import StrEnum

from starlette.types import ASGIApp, Receive, Scope, Send

from younuo.server.realtime.connections import Connection, Hub
from younuo.server.settings import Settings
from younuo.social.ratelimit import Bucket
from younuo.store.accounts import name_key
from younuo.store.models import Account

CLOSE_TOO_MANY = 4029
"""Close code for a connection over ``ws_per_address`` open ones from its address."""
CLOSE_ABUSE = 4003
"""Close code for the connections of an address banned for abuse, and for its new ones."""


def address_key(host: str | None) -> str:
    """What limits count by: the IPv4 address, or the IPv6 address's /64 network."""
    if not host:
        return "?"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host[:64]  # a unix socket's name, a proxy's oddity: as given
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


class Buckets:
    """Token buckets by key: ``rate`` tokens a second, at most ``burst`` saved up."""

    def __init__(self, rate: float, burst: float, capacity: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.capacity = capacity
        self._refill = self.burst / rate
        """Seconds after which an idle bucket is full again: as good as forgotten."""
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        """Key to (tokens, when counted), least recently used first."""

    def take(self, key: str) -> float:
        """Take a token for ``key``: 0.0 if there was one, else the seconds until one."""
        now = time.monotonic()
        self._forget(now)
        tokens, stamp = self._buckets.pop(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - stamp) * self.rate)
        wait = 0.0
        if tokens >= 1.0:
            tokens -= 1.0
        else:
            wait = (1.0 - tokens) / self.rate
        self._buckets[key] = (tokens, now)
        if len(self._buckets) > self.capacity:
            self._buckets.popitem(last=False)
        return wait

    def give_back(self, key: str) -> None:
        """Return a token taken for ``key`` that turned out not to count."""
        now = time.monotonic()
        held = self._buckets.pop(key, None)
        if held is None:
            return  # forgotten: as good as full
        tokens, stamp = held
        tokens = min(self.burst, tokens + (now - stamp) * self.rate + 1.0)
        self._buckets[key] = (tokens, now)

    def _forget(self, now: float) -> None:
        while self._buckets:
            _tokens, stamp = next(iter(self._buckets.values()))
            if now - stamp < self._refill:
                return
            self._buckets.popitem(last=False)

    def __len__(self) -> int:
        return len(self._buckets)


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a request is refused, and in how many whole seconds to try again."""

    message: str
    retry_after: int


class AuthLimits:
    """Logins and sign-ups: per client address, and per account name."""

    def __init__(self, settings: Settings) -> None:
        self.by_address = Buckets(
            settings.auth_per_minute / 60, settings.auth_burst, settings.limit_entries
        )
        self.by_name = Buckets(
            settings.login_per_minute / 60, settings.login_burst, settings.limit_entries
        )

    def check(self, host: str | None, name: object = None) -> Refusal | None:
        """Count one attempt from ``host`` (for account ``name``, if a str); None: go on.

        The address is counted first: a refused address costs the name nothing, so that
        one flooding client cannot also lock the account it aims at for others.
        """
        wait = self.by_address.take(address_key(host))
        if wait:
            return Refusal("too many logins and sign-ups from your address", _seconds(wait))
        if isinstance(name, str):
            wait = self.by_name.take(name_key(name.strip())[:64])
            if wait:
                return Refusal("too many login attempts for this account", _seconds(wait))
        return None


class SharedBuckets:
    """Token buckets by key that every node of a deployment spends from alike
    (``hub.peers.spend``: one bucket in Redis per key); on one node, or while Redis is
    away, each node counts its own in :class:`Buckets`."""

    def __init__(self, name: str, rate: float, burst: float, capacity: int, hub: Hub) -> None:
        self.name = name
        self.rate = rate
        self.burst = float(burst)
        self.hub = hub
        self.here = Buckets(rate, burst, capacity)

    async def take(self, key: str) -> float:
        """Take a token for ``key``: 0.0 if there was one, else the seconds until one."""
        now = time.time()
        fresh = Bucket.full(self.burst, self.rate, now)
        spent = await self.hub.peers.spend(f"{self.name}:{key}", fresh, now)
        if spent is None:
            return self.here.take(key)
        allowed, after = spent
        return 0.0 if allowed else (1.0 - after.tokens) / self.rate

    async def give_back(self, key: str) -> None:
        """Return a token taken for ``key`` that turned out not to count."""
        now = time.time()
        fresh = Bucket.full(self.burst, self.rate, now)
        if not await self.hub.peers.refund(f"{self.name}:{key}", fresh, now):
            self.here.give_back(key)


class BotLimits:
    """Bot accounts' budget: one bucket per bot account, whatever token, connection or
    node it uses (:class:`SharedBuckets`), so that a bot cannot buy itself more by
    opening connections, minting tokens or connecting to another node. People are not
    counted here (their limits are per connection and address)."""

    def __init__(self, settings: Settings, hub: Hub) -> None:
        self.buckets = SharedBuckets(
            "bot", settings.bot_per_minute / 60, settings.bot_burst, settings.limit_entries, hub
        )

    async def check(self, account: Account) -> Refusal | None:
        """Count one request of ``account``; None: go on (and always for a person)."""
        if not account.bot:
            return None
        wait = await self.buckets.take(account.id)
        if wait:
            return Refusal("this bot account sends too many requests", _seconds(wait))
        return None


class Write(StrEnum):
    """The kinds of REST writes each account has a budget of (``<kind>_per_hour``)."""

    EVENTS = "events"
    ROOMS = "rooms"
    REPORTS = "reports"
    FRIEND_REQUESTS = "friend_requests"
    RENAMES = "renames"


WRITE_NAMES = {
    Write.EVENTS: "events",
    Write.ROOMS: "rooms",
    Write.REPORTS: "reports",
    Write.FRIEND_REQUESTS: "friend requests",
    Write.RENAMES: "renames",
}
"""How a refusal names each kind."""


class WriteLimits:
    """Per-account budgets of REST writes, one per kind: ``<kind>_per_hour`` at once,
    then one each ``3600 / <kind>_per_hour`` seconds, whatever token, connection or node
    the account uses (:class:`SharedBuckets`)."""

    def __init__(self, settings: Settings, hub: Hub) -> None:
        per_hour = {
            Write.EVENTS: settings.events_per_hour,
            Write.ROOMS: settings.rooms_per_hour,
            Write.REPORTS: settings.reports_per_hour,
            Write.FRIEND_REQUESTS: settings.friend_requests_per_hour,
            Write.RENAMES: settings.renames_per_hour,
        }
        self.buckets = {
            kind: SharedBuckets(
                f"write:{kind}", count / 3600, max(1, int(count)), settings.limit_entries, hub
            )
            for kind, count in per_hour.items()
        }

    async def check(self, account: Account, kind: Write) -> Refusal | None:
        """Count one ``kind`` write of ``account``; None: go on."""
        wait = await self.buckets[kind].take(account.id)
        if wait:
            return Refusal(f"you have made too many {WRITE_NAMES[kind]} lately", _seconds(wait))
        return None


class AddressGuard:
    """The WebSocket's limits by client address: open connections, strikes and bans."""

    def __init__(self, settings: Settings) -> None:
        self.per_address = settings.ws_per_address
        self.ban_seconds = settings.ban_seconds
        self.capacity = settings.limit_entries
        # A strike takes a token; the strike that finds none bans. Tokens come back at
        # abuse_strikes per abuse_window: only abuse that keeps on gets banned.
        self.strikes = Buckets(
            settings.abuse_strikes / settings.abuse_window,
            settings.abuse_strikes - 1,
            settings.limit_entries,
        )
        self._bans: OrderedDict[str, float] = OrderedDict()
        """Address to the monotonic time its ban ends, the soonest first."""
        self._open: dict[str, set[Connection]] = {}
        """Each address's open connections (an address with none has no entry)."""

    def refusal(self, host: str | None) -> tuple[int, str] | None:
        """The close code and reason for a new connection from ``host``; None: admit it."""
        key = address_key(host)
        now = time.monotonic()
        while self._bans and next(iter(self._bans.values())) <= now:
            self._bans.popitem(last=False)
        until = self._bans.get(key)
        if until is not None:
            return CLOSE_ABUSE, f"banned for abuse: try again in {_seconds(until - now)} s"
        if len(self._open.get(key, ())) >= self.per_address:
            return CLOSE_TOO_MANY, f"at most {self.per_address} connections per address"
        return None

    def banned(self, host: str | None) -> bool:
        """Whether ``host`` is banned now (for refusing its connections outright)."""
        until = self._bans.get(address_key(host))
        return until is not None and until > time.monotonic()

    def attach(self, host: str | None, conn: Connection) -> None:
        self._open.setdefault(address_key(host), set()).add(conn)

    def detach(self, host: str | None, conn: Connection) -> None:
        key = address_key(host)
        conns = self._open.get(key)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self._open[key]

    def strike(self, host: str | None) -> bool:
        """Count one abuse by ``host``; whether that banned it (its connections close)."""
        key = address_key(host)
        if not self.strikes.take(key):
            return False
        self._bans.pop(key, None)
        self._bans[key] = time.monotonic() + self.ban_seconds
        if len(self._bans) > self.capacity:
            self._bans.popitem(last=False)
        for conn in list(self._open.get(key, ())):
            conn.close(CLOSE_ABUSE)
        return True


class FrontDoor:
    """An ASGI wrapper that refuses a banned or capped address's WebSocket at once.

    The same refusal as the ``/ws`` endpoint's, before the framework's routing and
    middleware run: an address hammering the server with new connections then costs
    it as little per attempt as the ASGI server allows.
    """

    def __init__(self, app: ASGIApp, guard: AddressGuard) -> None:
        self.app = app
        self.guard = guard

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            client = scope.get("client")
            refused = self.guard.refusal(client[0] if client else None)
            if refused is not None:
                await receive()  # websocket.connect
                await send({"type": "websocket.accept"})
                await send({"type": "websocket.close", "code": refused[0], "reason": refused[1]})
                return
        await self.app(scope, receive, send)


def _seconds(wait: float) -> int:
    return max(1, math.ceil(wait))


__all__ = [
    "CLOSE_ABUSE",
    "CLOSE_TOO_MANY",
    "AddressGuard",
    "AuthLimits",
    "Buckets",
    "FrontDoor",
    "Refusal",
    "SharedBuckets",
    "Write",
    "WriteLimits",
    "address_key",
]
