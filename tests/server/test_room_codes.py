"""Private room codes (issue 38, section 4): long codes, and a budget of wrong guesses per
account and per client address (docs/security.md, "Smaller defences").

The server under test allows 3 wrong codes at once and then 1 an hour, so that a test
spends a budget in a few requests; each test speaks from loopback addresses of its own
(127.0.0.N), so that one test's spent address budget never reaches another's.
"""

from __future__ import annotations

import asyncio
import math
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tournaments.serving import elimination, starting_in
from younuo.server.edge.limits import Buckets
from younuo.social.ratelimit import Bucket, give_back, take
from younuo.store.ids import CODE_LENGTH, new_code

from .harness import Client, ServerProcess

BUDGET = {"YOUNUO_CODE_GUESSES_PER_HOUR": "1", "YOUNUO_CODE_GUESS_BURST": "3"}
ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


@pytest.fixture(scope="module")
def budget(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with ServerProcess(Path(tmp_path_factory.mktemp("codes")), env=BUDGET) as proc:
        yield proc


def _guest(server: ServerProcess, source: str, name: str) -> dict[str, Any]:
    transport = httpx.HTTPTransport(local_address=source)
    with httpx.Client(transport=transport, timeout=30) as client:
        r = client.post(server.http + "/api/auth/guest", json={"name": name})
    r.raise_for_status()
    session: dict[str, Any] = r.json()
    return session


async def _person(server: ServerProcess, source: str, name: str) -> Client:
    client = Client(server, _guest(server, source, f"{name}{time.monotonic_ns() % 100_000}"))
    await client.connect(local_addr=(source, 0))
    return client


async def _private_room(host: Client) -> str:
    reply = await host.request({"type": "create_room", "settings": {"private": True}})
    assert reply["type"] == "ack", reply
    code: str = (await host.expect("room"))["room"]["code"]
    return code


def _wrong(code: str) -> str:
    """A code of the right shape that is not ``code``."""
    return ("B" if code[0] == "A" else "A") + code[1:]


async def _try(client: Client, code: str) -> str:
    """``ack``, or the error's code; a refusal's ``retry_after`` is checked on the way."""
    reply = await client.request({"type": "join_room", "code": code})
    if reply["type"] == "error" and reply["code"] == "rate_limited":
        assert 1 <= reply["details"]["retry_after"] <= 3600, reply
    return str(reply["type"] if reply["type"] != "error" else reply["code"])


def test_join_codes_hold_fifty_bits() -> None:
    codes = {new_code() for _ in range(2000)}
    assert CODE_LENGTH == 10
    assert len(codes) == 2000  # no repeats among 2000 draws of 50 bits
    assert all(re.fullmatch(f"[{ALPHABET}]{{{CODE_LENGTH}}}", c) for c in codes)
    assert math.log2(len(ALPHABET)) * CODE_LENGTH >= 50
    assert set("".join(codes)) == set(ALPHABET)  # every symbol is used


def test_a_private_room_gets_a_long_code(budget: ServerProcess) -> None:
    async def main() -> str:
        host = await _person(budget, "127.0.0.31", "Host")
        try:
            return await _private_room(host)
        finally:
            await host.close()

    code = asyncio.run(main())
    assert len(code) == CODE_LENGTH and set(code) <= set(ALPHABET)


def test_wrong_codes_are_limited_per_account(budget: ServerProcess) -> None:
    """Three wrong codes, then ``rate_limited``: even the right code is not looked up
    once the budget is spent (it would tell a guesser it was right)."""

    async def main() -> list[str]:
        host = await _person(budget, "127.0.0.32", "Host")
        guesser = await _person(budget, "127.0.0.33", "Guesser")
        try:
            code = await _private_room(host)
            answers = [await _try(guesser, _wrong(code)) for _ in range(4)]
            answers.append(await _try(guesser, code))
            # Another account from another address still has its own budget.
            other = await _person(budget, "127.0.0.34", "Other")
            answers.append(await _try(other, code))
            await other.close()
            return answers
        finally:
            await host.close()
            await guesser.close()

    assert asyncio.run(main()) == [
        "room_not_found",
        "room_not_found",
        "room_not_found",
        "rate_limited",
        "rate_limited",
        "ack",
    ]


def test_wrong_codes_are_limited_per_address(budget: ServerProcess) -> None:
    """Fresh accounts from one address share its budget: a new guest buys no new guesses."""

    async def main() -> list[str]:
        host = await _person(budget, "127.0.0.35", "Host")
        first = await _person(budget, "127.0.0.36", "First")
        second = await _person(budget, "127.0.0.36", "Second")
        try:
            code = await _private_room(host)
            answers = [await _try(first, _wrong(code)) for _ in range(2)]
            answers += [await _try(second, _wrong(code)) for _ in range(2)]
            return answers
        finally:
            for client in (host, first, second):
                await client.close()

    assert asyncio.run(main()) == [
        "room_not_found",
        "room_not_found",
        "room_not_found",
        "rate_limited",
    ]


def test_right_codes_cost_nothing(budget: ServerProcess) -> None:
    """Only wrong codes count: joining rooms by their right codes, again and again, and a
    refusal after the room was found (a full room) never spend the budget."""

    async def main() -> list[str]:
        hosts = [await _person(budget, "127.0.0.37", f"Host{i}") for i in range(5)]
        walker = await _person(budget, "127.0.0.38", "Walker")
        late = await _person(budget, "127.0.0.39", "Late")
        try:
            codes = [await _private_room(h) for h in hosts]
            # The walker ends in the first room, which then has no free seat.
            answers = [await _try(walker, code) for code in reversed(codes)]
            full = await hosts[0].request(
                {"type": "configure", "settings": {"seats": 2, "needed": 2}}
            )
            assert full["type"] == "ack", full
            answers += [await _try(late, codes[0]) for _ in range(5)]
            # The whole budget is still there: three wrong codes before the refusal.
            answers += [await _try(late, _wrong(codes[0])) for _ in range(4)]
            return answers
        finally:
            for client in (*hosts, walker, late):
                await client.close()

    answers = asyncio.run(main())
    assert answers[:5] == ["ack"] * 5
    assert answers[5:10] == ["room_full"] * 5
    assert answers[10:] == ["room_not_found"] * 3 + ["rate_limited"]


def test_a_given_back_token_never_overfills_the_bucket() -> None:
    bucket = Bucket.full(capacity=3, per_second=1 / 3600, now=0.0)
    allowed, spent = take(bucket, 0.0)
    assert allowed and spent.tokens == 2
    assert give_back(spent, 1.0).tokens == 3
    assert give_back(give_back(spent, 1.0), 2.0).tokens == 3
    local = Buckets(rate=1 / 3600, burst=2, capacity=100)
    assert local.take("a") == 0.0 and local.take("a") == 0.0
    assert local.take("a") > 0
    local.give_back("a")
    assert local.take("a") == 0.0
    local.give_back("unknown")  # a forgotten key is a full bucket: nothing to return
    assert len(local) == 1


def _register(
    server: ServerProcess, source: str, who: dict[str, Any], tid: str, code: str
) -> tuple[int, str]:
    transport = httpx.HTTPTransport(local_address=source)
    with httpx.Client(transport=transport, timeout=30) as client:
        r = client.post(
            f"{server.http}/api/tournaments/{tid}/register",
            json={"code": code},
            headers={"Authorization": f"Bearer {who['token']}"},
        )
    if r.status_code == 429:
        assert 1 <= int(r.headers["retry-after"]) <= 3600
    return r.status_code, "ok" if r.status_code == 200 else str(r.json()["code"])


def test_a_private_event_s_code_spends_the_same_budget(budget: ServerProcess) -> None:
    """A private event's code is a password too: entering with a wrong one spends the
    same budget, per account and per address, and a right one costs nothing."""
    maker = _guest(budget, "127.0.0.40", f"Maker{time.monotonic_ns() % 100_000}")
    transport = httpx.HTTPTransport(local_address="127.0.0.40")
    with httpx.Client(transport=transport, timeout=30) as client:
        made = client.post(
            f"{budget.http}/api/tournaments",
            json=elimination(starts_at=starting_in(3600), code="OURCUP77"),
            headers={"Authorization": f"Bearer {maker['token']}"},
        )
    assert made.status_code == 200, made.text
    tid = made.json()["id"]
    prober = _guest(budget, "127.0.0.41", f"Prober{time.monotonic_ns() % 100_000}")
    answers = [_register(budget, "127.0.0.41", prober, tid, "OURCUP78") for _ in range(4)]
    answers.append(_register(budget, "127.0.0.41", prober, tid, "OURCUP77"))
    assert answers == [(403, "wrong_code")] * 3 + [(429, "rate_limited")] * 2
    friend = _guest(budget, "127.0.0.42", f"Friend{time.monotonic_ns() % 100_000}")
    assert _register(budget, "127.0.0.42", friend, tid, "ourcup77") == (200, "ok")
