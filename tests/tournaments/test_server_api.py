"""The tournament REST API on a real server: who may create what (an admin a public
event, a player only a private one with its code), entering with the code, a bot
account refused until an admin allows it into rated play, check-in and withdrawal,
the admin's cancel in the audit log (a player may not), registrants told of each change
(one message a second at most, nobody else), and bad input answered with its code."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone
from itertools import pairwise
from pathlib import Path
from typing import Any

import httpx
import pytest

from server.harness import Client, ServerProcess

from .serving import ENV, admin_create, bearer, elimination, get, login, post, starting_in

Staff = tuple[ServerProcess, dict[str, Any], dict[str, Any]]


@pytest.fixture(scope="module")
def staffed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Staff]:
    data: Path = tmp_path_factory.mktemp("api") / "data"
    admin_create(data, "Root")
    with ServerProcess(data, env=ENV) as server:
        root = login(server, "Root")
        owner = httpx.post(
            f"{server.http}/api/auth/register",
            json={"name": "Owner", "password": "correct horse battery"},
            timeout=10,
        ).json()
        yield server, root, owner


def code(answer: httpx.Response) -> tuple[int, str]:
    return answer.status_code, str(answer.json().get("code"))


def test_a_player_creates_only_private_events_and_others_enter_with_the_code(
    staffed: Staff,
) -> None:
    server, root, _ = staffed
    pat, sam = server.guest("Pat"), server.guest("Sam")
    assert code(post(server, "", pat, elimination(starts_at=starting_in(3600)))) == (
        403,
        "not_admin",
    )
    made = post(server, "", pat, elimination(starts_at=starting_in(3600), code="PATS1"))
    assert made.status_code == 200, made.text
    event = made.json()
    tid = event["id"]
    assert event["private"] is True and event["code"] == "PATS1"
    # Not in the public list; its code is shown to its creator and admins only.
    listed = httpx.get(f"{server.http}/api/tournaments", timeout=10).json()
    assert tid not in [e["id"] for e in listed]
    assert get(server, tid)["code"] is None and get(server, tid)["spec"]["code"] is None
    seen = httpx.get(f"{server.http}/api/tournaments/{tid}", headers=bearer(root), timeout=10)
    assert seen.json()["code"] == "PATS1"
    assert code(post(server, f"/{tid}/register", sam, {"code": "WRONG"})) == (403, "wrong_code")
    assert code(post(server, f"/{tid}/register", sam)) == (403, "wrong_code")
    entered = post(server, f"/{tid}/register", sam, {"code": "pats1"})  # any case
    assert entered.status_code == 200, entered.text
    assert [r["account"] for r in entered.json()["registrations"]] == [sam["account"]["id"]]
    assert code(post(server, f"/{tid}/register", sam, {"code": "PATS1"})) == (
        409,
        "already_registered",
    )
    gone = post(server, f"/{tid}/unregister", sam)
    assert gone.status_code == 200 and gone.json()["registrations"] == []
    assert code(post(server, f"/{tid}/unregister", sam)) == (409, "not_registered")


def test_only_an_admin_cancels_and_the_cancel_is_audited(staffed: Staff) -> None:
    server, root, _ = staffed
    pat = server.guest("Pat")
    spec = elimination(starts_at=starting_in(3600), name="Called off")
    tid = post(server, "", root, spec).json()["id"]
    assert post(server, f"/{tid}/register", pat).status_code == 200
    assert code(post(server, f"/{tid}/cancel", pat)) == (403, "forbidden")
    mine = post(server, "", pat, elimination(starts_at=starting_in(3600), code="MINE7")).json()
    # Not even the creator of a private event: calling events off is an admin's.
    assert code(post(server, f"/{mine['id']}/cancel", pat)) == (403, "forbidden")
    assert get(server, tid)["status"] == "registration"

    async def cancelled() -> list[dict[str, Any]]:
        """Pat, registered and connected, is told once (a second cancel tells nobody)."""
        client = Client(server, pat)
        await client.connect()
        done = await asyncio.to_thread(post, server, f"/{tid}/cancel", root)
        assert done.status_code == 200 and done.json()["status"] == "cancelled"
        assert done.json()["cancelled"] == "by_organiser"
        again = await asyncio.to_thread(post, server, f"/{tid}/cancel", root)
        assert again.status_code == 200  # twice is once: one audit entry
        await client.expect("tournament_over")
        await asyncio.sleep(1.0)
        await client.close()
        return [f for f in client.frames if f.get("type") == "tournament_over"]

    assert asyncio.run(cancelled()) == [
        {
            "type": "tournament_over",
            "tournament": tid,
            "name": "Called off",
            "status": "cancelled",
            "champion": None,
            "champion_name": None,
            "reason": "by_organiser",
        }
    ]
    log = httpx.get(
        f"{server.http}/api/admin/audit", params={"target": tid}, headers=bearer(root), timeout=10
    ).json()
    assert [(e["action"], e["actor"]) for e in log] == [
        ("cancel_tournament", root["account"]["id"])
    ]
    assert code(post(server, f"/{tid}/register", pat)) == (409, "registration_closed")


def test_registrants_are_told_of_changes_at_most_once_a_second(staffed: Staff) -> None:
    server, root, _ = staffed
    pat, kim = server.guest("Pat"), server.guest("Kim")
    tid = post(server, "", root, elimination(starts_at=starting_in(3600), name="Told")).json()
    assert post(server, f"/{tid['id']}/register", pat).status_code == 200
    others = [server.guest(f"Reg {i}") for i in range(6)]

    async def told() -> tuple[list[tuple[float, dict[str, Any]]], float, list[Any]]:
        """Six more register one after the other while Pat (registered) and Kim (not)
        are connected; a refused registration changes nothing."""
        mine, theirs = Client(server, pat), Client(server, kim)
        await mine.connect()
        await theirs.connect()
        heard: list[tuple[float, dict[str, Any]]] = []

        async def listen() -> None:
            while True:
                frame = await mine.expect("tournament_update", timeout=60)
                heard.append((time.monotonic(), frame))

        listening = asyncio.ensure_future(listen())
        await asyncio.sleep(1.5)  # Pat's own registration's gap is over
        last = 0.0
        for g in others:
            last = time.monotonic()
            entered = await asyncio.to_thread(post, server, f"/{tid['id']}/register", g)
            assert entered.status_code == 200, entered.text
        again = await asyncio.to_thread(post, server, f"/{tid['id']}/register", others[0])
        assert again.status_code == 409, again.text
        await asyncio.sleep(2.5)  # past the gap after the last change
        listening.cancel()
        await mine.close()
        await theirs.close()
        return heard, last, [f for f in theirs.frames if f.get("type") == "tournament_update"]

    heard, last, kims = asyncio.run(told())
    assert kims == []
    assert {json_of(f) for _, f in heard} == {
        json_of({"type": "tournament_update", "tournament": tid["id"], "status": "registration"})
    }
    # Six changes, gathered: the first told at once, the rest at the ends of the gaps.
    assert 2 <= len(heard) < 6, heard
    times = [at for at, _ in heard]
    assert all(b - a >= 0.9 for a, b in pairwise(times)), times
    assert times[-1] > last  # the last change is told too


def json_of(frame: dict[str, Any]) -> str:
    return json.dumps(frame, sort_keys=True)


def test_a_bot_account_enters_only_once_allowed_into_rated_play(staffed: Staff) -> None:
    server, root, owner = staffed
    http = server.http
    bot = httpx.post(
        f"{http}/api/me/bots", json={"name": "Owner Bot"}, headers=bearer(owner), timeout=10
    ).json()
    token = httpx.post(
        f"{http}/api/me/bots/{bot['id']}/tokens",
        json={"label": "t"},
        headers=bearer(owner),
        timeout=10,
    ).json()["token"]
    as_bot = {"token": token}
    tid = post(server, "", root, elimination(starts_at=starting_in(3600))).json()["id"]
    assert code(post(server, f"/{tid}/register", as_bot)) == (403, "bot_not_rated")
    allowed = httpx.post(
        f"{http}/api/admin/accounts/{bot['id']}/bot-rated",
        json={"allowed": True, "reason": "a known good bot"},
        headers=bearer(root),
        timeout=10,
    )
    assert allowed.status_code == 200, allowed.text
    entered = post(server, f"/{tid}/register", as_bot)
    assert entered.status_code == 200, entered.text


def test_check_in_within_its_window(staffed: Staff) -> None:
    server, root, _ = staffed
    pat = server.guest("Pat")
    later = post(server, "", root, elimination(starts_at=starting_in(3600), check_in=600))
    tid = later.json()["id"]
    assert post(server, f"/{tid}/register", pat).status_code == 200
    assert code(post(server, f"/{tid}/check-in", pat)) == (409, "check_in_not_open")
    soon = post(server, "", root, elimination(starts_at=starting_in(300), check_in=600))
    sid = soon.json()["id"]
    assert code(post(server, f"/{sid}/check-in", pat)) == (409, "not_registered")
    assert post(server, f"/{sid}/register", pat).status_code == 200
    checked = post(server, f"/{sid}/check-in", pat)
    assert checked.status_code == 200 and checked.json()["registrations"][0]["checked_in"]


def test_bad_input_is_answered_with_its_code(staffed: Staff) -> None:
    server, root, _ = staffed
    pat = server.guest("Pat")
    assert code(post(server, "", root, elimination(cap=2))) == (400, "bad_cap")
    assert code(post(server, "", root, elimination(advance=3))) == (400, "bad_advance")
    assert code(post(server, "", root, elimination(starts_at="2020-01-01T00:00:00+00:00"))) == (
        400,
        "starts_in_past",
    )
    # A time that is not ISO 8601 with its offset is refused where the body is parsed;
    # one with an offset other than UTC by the spec.
    assert code(post(server, "", root, elimination(starts_at="tomorrow"))) == (
        422,
        "bad_message",
    )
    assert code(post(server, "", root, elimination(starts_at=starting_in(3600)[:19]))) == (
        422,
        "bad_message",
    )
    tokyo = (datetime.now(UTC) + timedelta(hours=2)).astimezone(timezone(timedelta(hours=9)))
    assert code(post(server, "", root, elimination(starts_at=tokyo.isoformat()))) == (
        400,
        "bad_start_time",
    )
    assert code(post(server, "", root, elimination(options={"preset": "classic"}))) == (
        400,
        "bad_options",
    )
    assert code(post(server, "", root, {"name": "x", "format": "knockout"})) == (
        422,
        "bad_message",
    )
    assert code(post(server, "", root, {**elimination(), "colour": "red"})) == (
        422,
        "bad_message",
    )
    assert httpx.post(f"{server.http}/api/tournaments", json=elimination()).status_code == 401
    assert code(post(server, "/nope/register", pat)) == (404, "tournament_not_found")
    missing = httpx.get(f"{server.http}/api/tournaments/nope", timeout=10)
    assert (missing.status_code, missing.json()["code"]) == (404, "tournament_not_found")


def test_a_table_brings_its_people_out_of_the_rooms_and_matches_they_were_in(
    staffed: Staff,
) -> None:
    """Ann waits in a room of her own, Bob plays a casual match: when their table starts
    both are moved to the table's room (Bob leaves his match, R-LEAVE), and that room
    is the one they come back to."""
    server, root, _ = staffed
    ann, bob, cat, dan = (server.guest(n) for n in ("Ann", "Bob", "Cat", "Dan"))
    spec = elimination(starts_at=starting_in(8), cap=4)
    tid = post(server, "", root, spec).json()["id"]
    for who in (ann, bob, cat, dan):
        assert post(server, f"/{tid}/register", who).status_code == 200

    async def main() -> tuple[str, str, dict[str, Any], dict[str, Any]]:
        a, b = Client(server, ann), Client(server, bob)
        await a.connect()
        await b.connect()
        assert (await a.request({"type": "create_room", "settings": {}}))["type"] == "ack"
        old_room = (await a.expect("room"))["room"]["id"]
        made = await b.request({"type": "create_room", "settings": {"seats": 2, "needed": 2}})
        assert made["type"] == "ack"
        assert (await b.request({"type": "add_bot", "level": "easy"}))["type"] == "ack"
        assert (await b.request({"type": "start"}))["type"] == "ack"
        casual = (await b.expect("state"))["match"]
        told_a = await a.expect("tournament_table", timeout=60)
        told_b = await b.expect("tournament_table", timeout=60)
        assert told_a["room"] == told_b["room"] and told_a["match"] == told_b["match"]
        again = Client(server, ann)
        welcome = await again.connect()
        assert welcome is not None and welcome["room"] == told_a["room"]
        for c in (a, b, again):
            await c.close()
        return old_room, casual, told_a, welcome

    old_room, casual, told, _ = asyncio.run(main())
    assert httpx.get(f"{server.http}/api/rooms/{old_room}", timeout=10).status_code == 404
    left = httpx.get(f"{server.http}/api/matches/{casual}", timeout=10).json()
    assert left["status"] != "running"
    assert [r["left"] for r in left["results"] if r["account"] == bob["account"]["id"]] == [True]
    event = get(server, tid)
    assert [t["match"] for t in event["tables"]] == [told["match"]]
