"""Titles and series over a real server (issue 27): a master title shows beside the
name (``/api/me``, the leaderboard, a room's seat, the table), the profile's titles
with their history, a moderator's revocation (a player's refused, audit-logged), and
series made by an admin only, checked before they are stored."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, time
from pathlib import Path
from typing import Any

import httpx

from younuo.store import Database
from younuo.store import titles as stored
from younuo.tournaments.levels import EventLevel
from younuo.tournaments.series import Schedule, Series, SeriesEvent, upcoming
from younuo.tournaments.spec import Format, TournamentSpec
from younuo.tournaments.titles import award

from .harness import Client, ServerProcess
from .test_admin import PASSWORD, admin_create, bearer, login, register

EVENT = "spring:monthly:2026-11"


def _award(data: Path, account: str) -> None:
    """The series job's write, made straight on the server's database: ``account`` won
    a monthly today."""

    async def main() -> None:
        db = Database.from_url(f"sqlite+aiosqlite:///{data / 'younuo.db'}")
        try:
            today = datetime.now(UTC).date()
            async with db.session() as s, s.begin():
                await stored.replace(s, account, list(award((), EVENT, EventLevel.MONTHLY, today)))
        finally:
            await db.close()

    asyncio.run(main())


def _series(key: str) -> dict[str, Any]:
    template = TournamentSpec(
        "Spring monthly", Format.ELIMINATION, datetime(2027, 1, 1, tzinfo=UTC)
    )
    event = SeriesEvent("monthly", EventLevel.MONTHLY, Schedule(time(19), day=28), template)
    return Series(key, "Spring", datetime(2027, 1, 1).date(), (event,)).to_dict()


def test_a_title_shows_beside_the_name_and_is_revoked_by_a_moderator(tmp_path: Path) -> None:
    data = tmp_path / "data"
    assert admin_create(data, "Root", PASSWORD).returncode == 0
    with ServerProcess(data) as server:
        http = server.http
        root = login(http, "Root")
        champ = register(http, "Champ")
        other = register(http, "Other")
        me = champ["account"]["id"]
        assert httpx.get(f"{http}/api/me", headers=bearer(champ)).json()["title"] is None
        _award(data, me)

        assert httpx.get(f"{http}/api/me", headers=bearer(champ)).json()["title"] == "master"
        board = {r["account"]: r for r in httpx.get(f"{http}/api/leaderboard").json()}
        assert board[me]["title"] == "master" and board[other["account"]["id"]]["title"] is None
        titles = httpx.get(f"{http}/api/accounts/{me}/titles").json()
        assert titles["shown"]["kind"] == "master" and titles["shown"]["event"] == EVENT
        assert [t["event"] for t in titles["active"]] == [EVENT] and titles["history"] == []

        async def seated() -> None:
            client = Client(server, champ)
            await client.connect()
            reply = await client.request(
                {"type": "create_room", "settings": {"seats": 2, "needed": 2}}
            )
            assert reply["type"] == "ack", reply
            room = (await client.expect("room"))["room"]
            assert room["seats"][0]["title"] == "master"
            assert (await client.request({"type": "add_bot", "level": "easy"}))["type"] == "ack"
            assert (await client.request({"type": "start"}))["type"] == "ack"
            state = await client.expect("state")
            marks = {s["name"]: s["title"] for s in state["table"]}
            assert marks["Champ"] == "master" and list(marks.values()).count(None) == 1
            await client.close()

        asyncio.run(seated())

        # A player may not revoke, not even their own; a reason is needed; unknown: 404.
        path = f"{http}/api/admin/accounts/{me}/titles/revoke"
        body = {"event": EVENT, "reason": "collusion: fed by a partner (case c1)"}
        assert httpx.post(path, json=body, headers=bearer(other)).status_code == 403
        assert httpx.post(path, json=body, headers=bearer(champ)).status_code == 403
        blank = httpx.post(path, json={**body, "reason": " "}, headers=bearer(root))
        assert blank.status_code == 400 and blank.json()["code"] == "bad_reason"
        unknown = httpx.post(path, json={**body, "event": "x:y:z"}, headers=bearer(root))
        assert unknown.status_code == 404 and unknown.json()["code"] == "unknown_title"
        extra = httpx.post(path, json={**body, "also": 1}, headers=bearer(root))
        assert extra.status_code in (400, 422)
        assert httpx.get(f"{http}/api/me", headers=bearer(champ)).json()["title"] == "master"

        done = httpx.post(path, json=body, headers=bearer(root))
        assert done.status_code == 200, done.text
        assert done.json()["shown"] is None and done.json()["active"] == []
        (past,) = done.json()["history"]
        assert past["revoked_reason"] == body["reason"] and past["revoked_on"] is not None
        assert httpx.get(f"{http}/api/me", headers=bearer(champ)).json()["title"] is None
        again = httpx.post(path, json=body, headers=bearer(root))
        assert again.status_code == 409 and again.json()["code"] == "already_revoked"
        log = httpx.get(
            f"{http}/api/admin/audit", params={"target": me}, headers=bearer(root)
        ).json()
        assert [(e["action"], e["details"]["event"]) for e in log] == [("revoke_title", EVENT)]


def test_series_are_made_by_admins_only_and_checked(tmp_path: Path) -> None:
    data = tmp_path / "data"
    assert admin_create(data, "Root", PASSWORD).returncode == 0
    with ServerProcess(data) as server:
        http = server.http
        root = login(http, "Root")
        player = register(http, "Plain")
        path = f"{http}/api/admin/series"
        good = {"series": _series("spring")}
        refused = httpx.post(path, json=good, headers=bearer(player))
        assert refused.status_code == 403 and refused.json()["code"] == "forbidden"
        assert httpx.get(f"{http}/api/series").json() == []
        bad = {"series": {**_series("spring"), "key": "Not A Key!"}}
        answer = httpx.post(path, json=bad, headers=bearer(root))
        assert answer.status_code == 400 and answer.json()["code"] == "bad_series"
        assert httpx.get(f"{http}/api/series").json() == []

        made = httpx.post(path, json=good, headers=bearer(root))
        assert made.status_code == 200, made.text
        assert made.json()["key"] == "spring" and made.json()["results"] == {}
        # What players look forward to: the first monthly, not open for entry yet.
        (soon,) = made.json()["upcoming"]
        (first,) = upcoming(Series.from_dict(good["series"]), datetime.now(UTC))
        assert soon["key"] == first.key == "spring:monthly:2027-01"
        assert datetime.fromisoformat(soon["starts_at"]) == first.starts_at
        assert datetime.fromisoformat(soon["opens_at"]) == first.opens_at
        assert (soon["event"], soon["level"], soon["qualifiers_only"]) == (
            "monthly",
            "monthly",
            False,
        )
        taken = httpx.post(path, json=good, headers=bearer(root))
        assert taken.status_code == 409 and taken.json()["code"] == "series_taken"
        listed = httpx.get(f"{http}/api/series").json()
        assert [s["key"] for s in listed] == ["spring"]
        assert httpx.get(f"{http}/api/series/spring").json()["series"] == good["series"]
        assert httpx.get(f"{http}/api/series/nope").status_code == 404
        log = httpx.get(
            f"{http}/api/admin/audit", params={"target": "spring"}, headers=bearer(root)
        ).json()
        assert [e["action"] for e in log] == ["create_series"]
