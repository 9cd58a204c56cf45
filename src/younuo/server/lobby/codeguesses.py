"""The budget of wrong private-room codes, per account and per client address.

A private room is joined by its code alone, so a code is a password that anyone may
try. Codes are long (:func:`younuo.store.ids.new_code`, 50 bits), and wrong guesses are
counted: ``code_guesses_per_hour`` of them an hour (after a burst of
``code_guess_burst``) for each account and, separately, for each client address (the
IPv4 address or the IPv6 /64, as the other limits count it), in buckets every node of
a deployment shares (:class:`~younuo.server.edge.limits.SharedBuckets`). A client that has
spent either budget gets ``rate_limited`` with ``details.retry_after`` and its code is
not even looked up, so that a spent budget tells it nothing.

Each attempt takes its token *before* the code is looked up and gives it back once
the code turns out right: a token checked first and spent only after a wrong answer
would let every connection of an address pass the check at once, and the budget
would be multiplied by the number of connections in flight.
"""

from __future__ import annotations

import math

from younuo.server.edge.limits import Refusal, SharedBuckets, address_key
from younuo.server.realtime.connections import Hub
from younuo.server.settings import Settings

HOUR = 3600.0


class CodeGuesses:
    """Counts join codes tried by an account and by an address; only wrong ones stay spent."""

    def __init__(self, settings: Settings, hub: Hub) -> None:
        rate = settings.code_guesses_per_hour / HOUR
        burst = settings.code_guess_burst
        self.by_account = SharedBuckets("code_account", rate, burst, settings.limit_entries, hub)
        self.by_address = SharedBuckets("code_address", rate, burst, settings.limit_entries, hub)

    async def attempt(self, account: str, host: str | None) -> Refusal | None:
        """Take a token from both budgets for a code about to be tried; a refusal when
        either is spent (then neither is charged: a refused try is not a guess)."""
        address = address_key(host)
        wait = await self.by_address.take(address)
        if wait:
            return Refusal("too many wrong room codes from your address", _seconds(wait))
        wait = await self.by_account.take(account)
        if wait:
            await self.by_address.give_back(address)
            return Refusal("too many wrong room codes for this account", _seconds(wait))
        return None

    async def right(self, account: str, host: str | None) -> None:
        """The code tried was right (the room was found): its tokens come back."""
        await self.by_address.give_back(address_key(host))
        await self.by_account.give_back(account)


def _seconds(wait: float) -> int:
    return max(1, math.ceil(wait))


__all__ = ["CodeGuesses"]
