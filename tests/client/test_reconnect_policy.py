"""The reconnect policy: close codes' verdicts, backoff with jitter, the address to try."""

from __future__ import annotations

import random

from younuo.client import Reconnect, Verdict, http_url, ws_url
from younuo.client.reconnect import reason, verdict


def test_close_codes_follow_the_protocol() -> None:
    assert verdict(1012) is Verdict.AT_ONCE  # a node drains: hello again at once
    assert verdict(None) is Verdict.RETRY  # lost without a close frame
    for code in (1000, 1001, 1006, 1011, 4008, 4999):
        assert verdict(code) is Verdict.RETRY
    assert verdict(4029) is Verdict.SLOW
    assert verdict(4001) is Verdict.STOP
    assert verdict(4002) is Verdict.REVOKED
    for code in (1008, 1009, 4003):
        assert verdict(code) is Verdict.REFUSED
    assert reason(4002) == "the session token was revoked (close code 4002)"
    assert reason(None) == "the connection was lost (close code 1006)"


def test_backoff_grows_to_its_cap_with_jitter() -> None:
    policy = Reconnect(base=0.5, factor=2.0, cap=4.0, slow=20.0)
    rng = random.Random(1)
    assert policy.delay(0, Verdict.AT_ONCE, rng) == 0.0
    for attempt, ceiling in enumerate([0.5, 1.0, 2.0, 4.0, 4.0, 4.0]):
        waits = [policy.delay(attempt, Verdict.RETRY, rng) for _ in range(200)]
        assert all(ceiling / 2 <= w <= ceiling for w in waits)
        assert max(waits) - min(waits) > ceiling / 4  # spread: the clients do not all come at once
    assert 0.5 <= policy.delay(1, Verdict.AT_ONCE, rng) <= 1.0  # at once only the first time
    assert all(10.0 <= policy.delay(0, Verdict.SLOW, rng) <= 20.0 for _ in range(50))
    assert policy.delay(10_000, Verdict.RETRY, rng) <= 4.0


def test_addresses_same_first_then_the_others_and_next_after_a_restart() -> None:
    tries = [Reconnect.address(1, 3, attempt, Verdict.RETRY) for attempt in range(5)]
    assert tries == [1, 2, 0, 1, 2]
    tries = [Reconnect.address(1, 3, attempt, Verdict.AT_ONCE) for attempt in range(4)]
    assert tries == [2, 0, 1, 2]
    assert [Reconnect.address(0, 1, a, Verdict.AT_ONCE) for a in range(3)] == [0, 0, 0]


def test_server_addresses() -> None:
    assert ws_url("http://127.0.0.1:8000") == "ws://127.0.0.1:8000/ws"
    assert ws_url("https://younuo.example/") == "wss://younuo.example/ws"
    assert ws_url("https://younuo.example/game") == "wss://younuo.example/game/ws"
    assert ws_url("ws://h:1/ws") == "ws://h:1/ws"
    assert http_url("ws://h:1/ws") == "http://h:1"
    assert http_url("wss://younuo.example/game/ws") == "https://younuo.example/game"
    assert http_url("http://h:1/") == "http://h:1"
    for bad in ("127.0.0.1:8000", "ftp://h", "http://"):
        try:
            ws_url(bad)
        except ValueError:
            continue
        raise AssertionError(f"{bad!r} taken as an address")
