"""A report's evidence over a real server (issue 38, item 5): only the reported player's
messages the reporter could see (in the room, while there, not across a block), a room
the reporter never saw refused, and the evidence's own retention, apart from the chat's."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path
from typing import Any

from .harness import Client, ServerProcess
from .test_admin import PASSWORD, admin_create, login, register, staffed
from .test_social_reports import api, chat_rows

__all__ = ["staffed"]


def test_evidence_holds_only_what_the_reporter_saw_while_in_the_room(staffed: Any) -> None:
    server, _root, mo, pat = staffed
    ann, eve = register(server.http, "Ann"), register(server.http, "Eve")
    pat_id = pat["account"]["id"]

    async def main() -> str:
        a, p = Client(server, ann), Client(server, pat)
        await a.connect()
        await p.connect()
        assert (await p.request({"type": "create_room", "settings": {"name": "R"}}))[
            "type"
        ] == "ack"
        room = str((await p.expect("room"))["room"]["id"])

        async def say(text: str) -> None:
            said = await p.request({"type": "chat", "room": room, "text": text})
            assert said["type"] == "ack", said

        await say("before Ann came")
        assert (await a.request({"type": "join_room", "room": room}))["type"] == "ack"
        await say("while Ann was there")
        assert (await a.request({"type": "leave_room"}))["type"] in ("ack", "left_room")
        await say("after Ann left")
        assert (await a.request({"type": "join_room", "room": room}))["type"] == "ack"
        await say("while Ann was back")
        blocked = await asyncio.to_thread(
            api, server, "POST", "/me/blocks", ann, {"account": pat_id}
        )
        assert blocked.status_code == 200, blocked.text
        await say("after Ann blocked Pat")
        await a.close()
        await p.close()
        return room

    room = asyncio.run(main())
    body = {"account": pat_id, "reason": "abuse", "source": "chat", "room": room}
    filed = api(server, "POST", "/reports", ann, body)
    assert filed.status_code == 200, filed.text
    [queued] = api(server, "GET", "/admin/reports", mo).json()
    assert [m["text"] for m in queued["evidence"]["messages"]] == [
        "while Ann was there",
        "while Ann was back",
    ]  # not before she came, not while away, not since her block kept Pat's words from her

    # Eve never was in the room: refused, as for a room that does not exist, and nothing
    # is stored.
    never = api(server, "POST", "/reports", eve, body)
    assert never.status_code == 403 and never.json()["code"] == "not_member", never.text
    nosuch = api(server, "POST", "/reports", eve, {**body, "room": "r-nosuch"})
    assert nosuch.status_code == 403 and nosuch.json() == never.json()
    assert len(api(server, "GET", "/admin/reports", mo).json()) == 1


def reports_evidence(server: ServerProcess) -> list[dict[str, Any]]:
    import json

    db = sqlite3.connect(server.data / "younuo.db")
    try:
        return [json.loads(r[0]) for r in db.execute("SELECT evidence FROM reports")]
    finally:
        db.close()


def test_evidence_has_a_retention_of_its_own(tmp_path: Path) -> None:
    """Evidence past ``report_evidence_days`` is emptied by the ``purge_evidence`` job
    while the chat (30 days) stays; the report itself and its decision stay."""
    env = {"YOUNUO_REPORT_EVIDENCE_DAYS": str(2 / 86400), "YOUNUO_EVIDENCE_PURGE_SECONDS": "1"}
    data = tmp_path / "data"
    assert admin_create(data, "Root", PASSWORD).returncode == 0
    with ServerProcess(data, env=env) as server:
        root = login(server.http, "Root")
        kim, lee = register(server.http, "Kim"), register(server.http, "Lee")
        lee_id = lee["account"]["id"]

        async def main() -> str:
            k, le = Client(server, kim), Client(server, lee)
            await k.connect()
            await le.connect()
            assert (await k.request({"type": "create_room", "settings": {"name": "Q"}}))[
                "type"
            ] == "ack"
            room = str((await k.expect("room"))["room"]["id"])
            assert (await le.request({"type": "join_room", "room": room}))["type"] == "ack"
            assert (await le.request({"type": "chat", "room": room, "text": "rude words"}))[
                "type"
            ] == "ack"
            await k.close()
            await le.close()
            return room

        room = asyncio.run(main())
        filed = api(server, "POST", "/reports", kim,
                    {"account": lee_id, "reason": "abuse", "source": "chat", "room": room,
                     "note": "see this"})  # fmt: skip
        assert filed.status_code == 200, filed.text
        [held] = reports_evidence(server)
        assert held["note"] == "see this" and len(held["messages"]) == 1
        deadline = time.monotonic() + 20
        while "purged_at" not in reports_evidence(server)[0] and time.monotonic() < deadline:
            time.sleep(0.5)
        [emptied] = reports_evidence(server)
        assert set(emptied) == {"room", "purged_at"} and emptied["room"] == room
        assert chat_rows(server) == 1  # the chat keeps its own, longer retention
        [report] = api(server, "GET", "/admin/reports", root).json()
        assert report["reported"] == lee_id and report["reason"] == "abuse"
        assert report["evidence"] == emptied
