"""Where each signed-in connection comes from, kept only for the fair-play scan's
same-origin signal (docs/fairplay.md, "Same origin").

Only keyed hashes are stored: of the client address (as the limits count it: the IPv4
address, or the IPv6 /64) and of the web client's browser id (a random id it keeps in
the browser and sends in ``hello``). The key is the ``origin_secret`` setting, or the key
kept in the data directory (:mod:`younuo.server.admin.originsecret`), never in the database,
so that a copy of the database does not give the addresses back by trying every IPv4
address.
Rows older than ``origin_days`` are purged by the ``purge_origins`` job. The scan asks
:meth:`Origins.as_of` which origin each account's seat had when a match ended.
"""

from __future__ import annotations

import bisect
import hashlib
import hmac
import logging
import time
from dataclasses import dataclass

from younuo.server.edge.limits import address_key
from younuo.store import Database
from younuo.store import origins as stored

log = logging.getLogger(__name__)

DAY = 86400.0


def keyed_hash(secret: str, value: str | None) -> str | None:
    """What is stored of ``value``: its HMAC-SHA256 under ``secret``, 32 hex digits."""
    if not value:
        return None
    return hmac.new(secret.encode(), value.encode(), hashlib.sha256).hexdigest()[:32]


@dataclass(frozen=True, slots=True)
class Origin:
    """A connection's hashed address and browser id (None: not known)."""

    address: str | None
    browser: str | None


class Origins:
    """Records connections' origins, purges old ones, and answers the scan."""

    def __init__(self, db: Database, secret: str, days: float) -> None:
        self.db = db
        self.secret = secret
        self.days = days

    def origin(self, host: str | None, browser: str | None) -> Origin:
        return Origin(
            keyed_hash(self.secret, address_key(host) if host else None),
            keyed_hash(self.secret, browser),
        )

    async def seen(self, account_id: str, host: str | None, browser: str | None) -> None:
        """A connection of ``account_id`` signed in (never delays the connection: the
        caller runs this in the background, and a failure is only logged)."""
        origin = self.origin(host, browser)
        try:
            async with self.db.session() as s, s.begin():
                await stored.add(s, account_id, origin.address, origin.browser, time.time())
        except Exception as exc:
            log.warning("could not store a connection's origin: %s", exc)

    async def forget_all(self) -> int:
        """Delete every stored origin (made under another key); how many went."""
        async with self.db.session() as s, s.begin():
            return await stored.purge(s, time.time() + DAY)

    async def purge(self) -> int:
        """The ``purge_origins`` job: rows older than ``origin_days`` go."""
        async with self.db.session() as s, s.begin():
            return await stored.purge(s, time.time() - self.days * DAY)

    async def as_of(self, since: float) -> OriginBook:
        """Every origin from ``since`` on, for looking seats up."""
        async with self.db.session() as s:
            rows = await stored.since(s, since)
        book = OriginBook()
        for r in rows:
            book.add(r.account_id, r.at, Origin(r.address, r.browser))
        return book


class OriginBook:
    """Origins by account in time order: which one an account had at a moment."""

    def __init__(self) -> None:
        self._times: dict[str, list[float]] = {}
        self._origins: dict[str, list[Origin]] = {}

    def add(self, account: str, at: float, origin: Origin) -> None:
        self._times.setdefault(account, []).append(at)
        self._origins.setdefault(account, []).append(origin)

    def at(self, account: str, moment: float) -> Origin | None:
        """The account's latest connection at or before ``moment`` (None: none known)."""
        times = self._times.get(account)
        if not times:
            return None
        i = bisect.bisect_right(times, moment)
        return self._origins[account][i - 1] if i else None
