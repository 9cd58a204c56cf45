"""Issue 38 §2 on a real server: every number and date a route or message takes has its
bounds where the input is parsed (422 ``bad_message``, never 500), a series past them is
not stored, an event starts within a year, a taken event code is 409, and what one
account writes is limited per kind (429 ``too_many_writes``)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, time, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest

from tournaments.serving import admin_create, bearer, login, starting_in
from younuo.tournaments import Format, TournamentSpec
from younuo.tournaments.levels import EventLevel
from younuo.tournaments.series import Schedule, Series, SeriesEvent

from .fuzzing import traceback_free
from .harness import Client, ServerProcess

EXTREMES = [10**15, 2**63, 10**30, -(10**14), 2**53, -(2**63) - 1]
"""The integers that once overflowed a duration or a database integer (500)."""

Staff = tuple[ServerProcess, dict[str, Any]]


@pytest.fixture(scope="module")
def staffed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Staff]:
    data: Path = tmp_path_factory.mktemp("bounds") / "data"
    admin_create(data, "Root")
    with ServerProcess(data) as server:
        yield server, login(server, "Root")


def event(**fields: Any) -> dict[str, Any]:
    return {
        "name": "Bounded cup",
        "format": "elimination",
        "starts_at": starting_in(3600),
        **fields,
    }


def series(key: str, starts: str = "2027-01-01", **schedule: Any) -> dict[str, Any]:
    template = TournamentSpec("Monthly", Format.ELIMINATION, datetime(2027, 1, 1, tzinfo=UTC))
    one = SeriesEvent("monthly", EventLevel.MONTHLY, Schedule(time(19), day=28), template)
    value = Series(key, "Bounded", datetime(2027, 1, 1).date(), (one,)).to_dict()
    value["starts"] = starts
    value["events"][0]["schedule"].update(schedule)
    return value


def answer(r: httpx.Response) -> tuple[int, str]:
    return r.status_code, str(r.json().get("code"))


def test_event_numbers_and_times_past_their_bounds_are_422(staffed: Staff) -> None:
    server, root = staffed
    url = f"{server.http}/api/tournaments"

    def create(**fields: Any) -> tuple[int, str]:
        return answer(httpx.post(url, json=event(**fields), headers=bearer(root), timeout=30))

    for value in EXTREMES:
        for field in ("check_in", "cap", "table_min", "table_max", "advance", "rounds"):
            assert create(**{field: value}) == (422, "bad_message"), (field, value)
        for field in ("match_seconds", "target"):
            assert create(**{field: value}) == (422, "bad_message"), (field, value)
    for when in (
        "9999-12-31T00:00:00+00:00",
        "9999-12-31T23:00:00-05:00",
        "0001-01-01T00:00:00+05:00",
        "2200-01-01T00:00:00+00:00",
        "1999-12-31T23:59:59+00:00",
    ):
        assert create(starts_at=when) == (422, "bad_message"), when
    assert create(starts_at=1_800_000_000) == (422, "bad_message")  # a number is no time
    # Inside the bounds the spec judges as before.
    assert create(check_in=86_400)[0] == 200
    assert create(check_in=86_401) == (422, "bad_message")
    assert create(cap=2) == (400, "bad_cap")
    listed = httpx.get(url, timeout=10)
    assert listed.status_code == 200
    traceback_free(server.log)


def test_series_past_their_bounds_are_422_and_not_stored(staffed: Staff) -> None:
    server, root = staffed
    url = f"{server.http}/api/admin/series"

    def make(value: dict[str, Any]) -> tuple[int, str]:
        return answer(httpx.post(url, json={"series": value}, headers=bearer(root), timeout=30))

    for value in EXTREMES:
        assert make(series("opens", opens=value)) == (422, "bad_message"), value
        assert make(series("day", day=value)) == (422, "bad_message"), value
        assert make(series("weekday", weekday=value)) == (422, "bad_message"), value
    assert make(series("late", starts="9999-12-31")) == (422, "bad_message")
    assert make(series("early", starts="0001-01-01")) == (422, "bad_message")
    feeds = series("feeds")
    feeds["feeds"] = [{"source": "monthly", "target": "monthly", "places": 2**63}]
    assert make(feeds) == (422, "bad_message")
    # Nothing of it was stored: the listing is empty and answers.
    listed = httpx.get(f"{server.http}/api/series", timeout=10)
    assert (listed.status_code, listed.json()) == (200, [])
    # A series whose first instance would start after the calendar's last day is refused
    # by the series (and not stored); one that fits is stored, listed, and its next
    # instance shown.
    assert make(series("last", starts="2199-12-31")) == (400, "bad_start_time")
    assert httpx.get(f"{server.http}/api/series", timeout=10).json() == []
    assert make(series("last", starts="2199-01-01", opens=366 * 86_400))[0] == 200
    (listed,) = httpx.get(f"{server.http}/api/series", timeout=10).json()
    assert listed["key"] == "last"
    assert listed["upcoming"][0]["starts_at"].startswith("2199-01-28")
    assert httpx.get(f"{server.http}/api/series/last", timeout=10).status_code == 200
    traceback_free(server.log)


def test_an_event_starts_within_a_year_of_its_creation(staffed: Staff) -> None:
    server, root = staffed
    url = f"{server.http}/api/tournaments"
    far = (datetime.now(UTC) + timedelta(days=367)).isoformat()
    late = httpx.post(url, json=event(starts_at=far), headers=bearer(root), timeout=30)
    assert answer(late) == (400, "starts_too_late")
    near = (datetime.now(UTC) + timedelta(days=365)).isoformat()
    assert httpx.post(url, json=event(starts_at=near), headers=bearer(root)).status_code == 200


def test_a_code_another_event_has_is_409(staffed: Staff) -> None:
    server, _root = staffed
    pat, sam = server.guest("Pat"), server.guest("Sam")
    url = f"{server.http}/api/tournaments"
    first = httpx.post(url, json=event(code="SAME42"), headers=bearer(pat), timeout=30)
    assert first.status_code == 200, first.text
    again = httpx.post(url, json=event(code="SAME42"), headers=bearer(sam), timeout=30)
    assert answer(again) == (409, "code_taken")
    assert "code" in again.json()["message"]
    # The first event keeps it; another code is free.
    other = httpx.post(url, json=event(code="OTHER7"), headers=bearer(sam), timeout=30)
    assert other.status_code == 200 and other.json()["code"] == "OTHER7"
    traceback_free(server.log)


def test_query_and_message_numbers_have_bounds(staffed: Staff) -> None:
    server, root = staffed
    for before in (10**30, 2**63, 2**31, 0, -(10**14)):
        r = httpx.get(
            f"{server.http}/api/admin/audit",
            params={"before": str(before)},
            headers=bearer(root),
            timeout=10,
        )
        assert answer(r) == (422, "bad_message"), before
    ok = httpx.get(
        f"{server.http}/api/admin/audit",
        params={"before": str(2**31 - 1)},
        headers=bearer(root),
        timeout=10,
    )
    assert ok.status_code == 200

    async def main() -> list[dict[str, Any]]:
        client = Client(server, server.guest("Wire"))
        await client.connect(hello=False)
        await client.send({"type": "hello", "protocol": 10**30, "token": client.token})
        out = [await client.expect("error")]
        await client.send({"type": "hello", "protocol": 1, "token": client.token})
        await client.expect("welcome")
        for version in (2**63, 10**30, -1):
            out.append(
                await client.request(
                    {
                        "type": "action",
                        "match": "m1",
                        "version": version,
                        "action": {"type": "draw"},
                    }
                )
            )
        await client.close()
        return out

    refused = asyncio.run(main())
    assert [r["code"] for r in refused] == ["bad_message"] * 4, refused
    traceback_free(server.log)


LIMITED = {
    "YOUNUO_EVENTS_PER_HOUR": "2",
    "YOUNUO_ROOMS_PER_HOUR": "2",
    "YOUNUO_REPORTS_PER_HOUR": "2",
    "YOUNUO_FRIEND_REQUESTS_PER_HOUR": "2",
    "YOUNUO_RENAMES_PER_HOUR": "2",
}


def test_each_account_has_a_budget_of_each_kind_of_write(tmp_path: Path) -> None:
    with ServerProcess(tmp_path / "data", env=LIMITED) as server:
        http = server.http
        ann, bob = server.guest("Ann"), server.guest("Bob")
        others = [server.guest(f"Other{i}") for i in range(4)]

        def call(method: str, path: str, who: dict[str, Any], body: Any) -> httpx.Response:
            return httpx.request(method, http + path, json=body, headers=bearer(who), timeout=30)

        Write = Callable[[dict[str, Any], int], httpx.Response]
        writes: dict[str, Write] = {
            "events": lambda who, i: call("POST", "/api/tournaments", who, event()),
            "rooms": lambda who, i: call("POST", "/api/rooms", who, {"name": f"R{i}"}),
            "reports": lambda who, i: call(
                "POST",
                "/api/reports",
                who,
                {"account": others[i]["account"]["id"], "reason": "abuse", "source": "profile"},
            ),
            "friend requests": lambda who, i: call(
                "POST", "/api/me/friends", who, {"account": others[i]["account"]["id"]}
            ),
            "renames": lambda who, i: call("PATCH", "/api/me", who, {"name": f"{who['n']}{i}"}),
        }
        ann["n"], bob["n"] = "Ann", "Bob"
        for kind, write in writes.items():
            # Two attempts, accepted or refused for another reason (a guest's event
            # needs a code, one room at a time): each counts.
            for i in range(2):
                assert write(ann, i).status_code != 429, kind
            refused = write(ann, 3)
            assert answer(refused) == (429, "too_many_writes"), (kind, refused.text)
            assert kind in refused.json()["message"]
            assert int(refused.headers["Retry-After"]) >= 1
            # Another account's budget is its own.
            assert write(bob, 0).status_code != 429, kind

        # Rooms made over the WebSocket spend the same budget: leaving and making one
        # again is no way round it.
        async def rooms_over_the_socket() -> list[dict[str, Any]]:
            client = Client(server, server.guest("Cat"))
            await client.connect()
            answers = []
            for _ in range(3):
                answers.append(await client.request({"type": "create_room"}))
                await client.request({"type": "leave_room"})
            await client.close()
            return answers

        made, again, refused_ws = asyncio.run(rooms_over_the_socket())
        assert made["type"] == again["type"] == "ack", (made, again)
        assert refused_ws["code"] == "too_many_writes", refused_ws
        assert refused_ws["details"]["retry_after"] >= 1
        # A name sent again unchanged is no rename (it costs nothing).
        me = httpx.get(http + "/api/me", headers=bearer(ann)).json()
        assert call("PATCH", "/api/me", ann, {"name": me["name"]}).status_code == 200
        traceback_free(server.log)
