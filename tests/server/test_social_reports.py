"""Reports and moderation over a real server (issue 29): a player reports another with
their messages attached; a moderator reads the queue and decides (mute, warn, dismiss),
each decision in the audit log and shown to the player concerned; a muted player cannot
post; a player can neither read the queue nor decide a report."""

from __future__ import annotations

import asyncio
import sqlite3
from typing import Any

import httpx

from .harness import Client, ServerProcess
from .test_admin import bearer, register, staffed

__all__ = ["staffed"]


def api(
    server: ServerProcess, method: str, path: str, who: dict[str, Any], body: Any = None
) -> httpx.Response:
    return httpx.request(
        method, f"{server.http}/api{path}", json=body, headers=bearer(who), timeout=10
    )


def chat_rows(server: ServerProcess) -> int:
    db = sqlite3.connect(server.data / "younuo.db")
    try:
        return int(db.execute("SELECT count(*) FROM chat_messages").fetchone()[0])
    finally:
        db.close()


def test_report_queue_mute_warn_dismiss_and_audit(staffed: Any) -> None:
    server, _root, mo, pat = staffed
    ann = register(server.http, "Ann")
    pat_id, ann_id = pat["account"]["id"], ann["account"]["id"]

    async def main() -> None:
        a, p = Client(server, ann), Client(server, pat)
        await a.connect()
        await p.connect()
        made = await a.request({"type": "create_room", "settings": {"name": "R"}})
        assert made["type"] == "ack"
        room = (await a.expect("room"))["room"]["id"]
        assert (await p.request({"type": "join_room", "room": room}))["type"] == "ack"
        assert (await p.request({"type": "chat", "room": room, "text": "you play badly"}))[
            "type"
        ] == "ack"

        # Ann reports Pat from the chat; the reporter sees only that it is queued.
        body = {"account": pat_id, "reason": "abuse", "source": "chat", "room": room,
                "note": "rude"}  # fmt: skip
        filed = api(server, "POST", "/reports", ann, body)
        assert filed.status_code == 200, filed.text
        assert set(filed.json()) == {"id", "status"} and filed.json()["status"] == "open"
        report = filed.json()["id"]
        self_report = api(server, "POST", "/reports", ann, {**body, "account": ann_id})
        assert self_report.status_code == 400 and self_report.json()["code"] == "social_self"
        nobody = api(server, "POST", "/reports", ann, {**body, "account": "nosuch"})
        assert nobody.status_code == 404 and nobody.json()["code"] == "not_found"
        bad = api(server, "POST", "/reports", ann, {**body, "reason": "ugly"})
        assert bad.status_code == 422 and bad.json()["code"] == "bad_message"

        # A player neither reads the queue nor decides.
        for who in (ann, pat):
            queue = api(server, "GET", "/admin/reports", who)
            assert queue.status_code == 403 and queue.json()["code"] == "forbidden"
            decision = {"action": "dismiss", "note": "mine"}
            no = api(server, "POST", f"/admin/reports/{report}/decision", who, decision)
            assert no.status_code == 403 and no.json()["code"] == "forbidden"

        # The moderator's queue holds it, with Pat's message as evidence.
        [queued] = api(server, "GET", "/admin/reports", mo).json()
        assert queued["id"] == report and queued["reported"] == pat_id
        assert queued["reporter"] == ann_id and queued["reason"] == "abuse"
        assert [m["text"] for m in queued["evidence"]["messages"]] == ["you play badly"]
        assert queued["evidence"]["note"] == "rude"

        no_time = api(server, "POST", f"/admin/reports/{report}/decision", mo,
                      {"action": "mute", "note": "x"})  # fmt: skip
        assert no_time.status_code == 400 and no_time.json()["code"] == "bad_request"
        muted = api(server, "POST", f"/admin/reports/{report}/decision", mo,
                    {"action": "mute", "minutes": 60, "note": "insults"})  # fmt: skip
        assert muted.status_code == 200, muted.text
        decided = muted.json()
        assert decided["status"] == "actioned" and decided["decided_by"] == mo["account"]["id"]
        assert decided["decision"]["action"] == "mute" and decided["decision"]["until"] > 0
        twice = api(server, "POST", f"/admin/reports/{report}/decision", mo,
                    {"action": "dismiss", "note": "again"})  # fmt: skip
        assert twice.status_code == 409 and twice.json()["code"] == "bad_transition"
        missing = api(server, "POST", "/admin/reports/999999/decision", mo,
                      {"action": "dismiss", "note": "x"})  # fmt: skip
        assert missing.status_code == 404 and missing.json()["code"] == "not_found"
        huge = api(server, "POST", f"/admin/reports/{2**70}/decision", mo,
                   {"action": "dismiss", "note": "x"})  # fmt: skip
        assert huge.status_code == 422 and huge.json()["code"] == "bad_message"

        # Pat is told (pushed, and stored), and cannot post: nothing is stored.
        told = await p.expect("notice")
        assert told["notice"]["kind"] == "moderation"
        assert told["notice"]["payload"]["action"] == "mute"
        before = chat_rows(server)
        refused = await p.request({"type": "chat", "room": room, "phrase": "hello"})
        assert refused["type"] == "error" and refused["code"] == "muted", refused
        assert chat_rows(server) == before
        mine = api(server, "GET", "/me/social", pat).json()
        assert mine["muted_until"] == decided["decision"]["until"]
        # A mute is the moderator's: Pat's own settings change does not lift it.
        api(server, "PATCH", "/me/social", pat, {"free_text": True})
        assert api(server, "GET", "/me/social", pat).json()["muted_until"] is not None
        await a.close()
        await p.close()

    asyncio.run(main())

    # A warning and a dismissal; every decision is in the audit log.
    def filed(reason: str) -> int:
        answer = api(server, "POST", "/reports", ann,
                     {"account": pat_id, "reason": reason, "source": "profile"})  # fmt: skip
        assert answer.status_code == 200, answer.text
        return int(answer.json()["id"])

    warned, dismissed = filed("name"), filed("afk")
    answer = api(server, "POST", f"/admin/reports/{warned}/decision", mo,
                 {"action": "warn", "note": "change your name"})  # fmt: skip
    assert answer.status_code == 200 and answer.json()["status"] == "actioned"
    answer = api(server, "POST", f"/admin/reports/{dismissed}/decision", mo,
                 {"action": "dismiss", "note": "not afk"})  # fmt: skip
    assert answer.status_code == 200 and answer.json()["status"] == "dismissed"
    assert api(server, "GET", "/admin/reports", mo).json() == []
    assert len(api(server, "GET", "/admin/reports?status=actioned", mo).json()) == 2
    kinds = [n["payload"]["action"] for n in api(server, "GET", "/me/notices", pat).json()
             if n["kind"] == "moderation"]  # fmt: skip
    assert kinds == ["warn", "mute"]  # newest first; a dismissal tells nobody
    audit = api(server, "GET", f"/admin/audit?target={pat_id}", mo).json()
    assert [e["action"] for e in audit] == ["report_dismiss", "report_warn", "report_mute"]
    assert all(e["actor"] == mo["account"]["id"] for e in audit)
    assert audit[-1]["details"]["minutes"] == 60 and audit[-1]["details"]["until"] > 0
    assert audit[-1]["details"]["note"] == "insults"


def test_a_report_from_a_conversation_carries_the_direct_messages_to_the_reporter(
    staffed: Any,
) -> None:
    """With no room, the evidence is what the reported sent the reporter directly, and
    nothing of what they sent anyone else."""
    server, _root, mo, _pat = staffed
    kim, lee, max_ = (register(server.http, n) for n in ("Kim", "Lee", "Max"))
    kim_id, lee_id = kim["account"]["id"], lee["account"]["id"]
    for friend in (kim, max_):
        asked = api(server, "POST", "/me/friends", lee, {"account": friend["account"]["id"]})
        assert asked.status_code == 200, asked.text
        took = api(server, "POST", f"/me/friends/{lee_id}", friend, {"action": "accept"})
        assert took.status_code == 200, took.text

    async def main() -> None:
        ws = Client(server, lee)
        await ws.connect()
        for to, text in ((kim_id, "you are hopeless"), (max_["account"]["id"], "see you")):
            sent = await ws.request({"type": "chat", "to": to, "text": text})
            assert sent["type"] == "ack", sent
        await ws.close()

    asyncio.run(main())
    for reporter in (kim, max_):
        filed = api(server, "POST", "/reports", reporter,
                    {"account": lee_id, "reason": "abuse", "source": "chat"})  # fmt: skip
        assert filed.status_code == 200, filed.text
    queue = api(server, "GET", "/admin/reports", mo).json()
    evidence = {r["reporter"]: [m["text"] for m in r["evidence"]["messages"]] for r in queue}
    assert evidence == {kim_id: ["you are hopeless"], max_["account"]["id"]: ["see you"]}
