"""A private room's matches are their players' and the moderators' alone (issue 38, item 5):
summary, record, replay and the players' histories, over a real server. A stranger (signed
in or not) gets exactly the answer of an id that does not exist."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx

from .harness import Client, ServerProcess, start_and_play_out
from .test_admin import bearer, register, staffed

__all__ = ["staffed"]


async def private_match(server: ServerProcess, host: dict[str, Any], guest: dict[str, Any]) -> str:
    """``host`` and ``guest`` play a private room's one-round match with a bot to its end."""
    a, b = Client(server, host), Client(server, guest)
    await a.connect()
    await b.connect()
    settings = {"name": "Secret", "private": True, "seats": 3, "needed": 3,
                "options": {"scoring": "single", "turn_seconds": 0}}  # fmt: skip
    assert (await a.request({"type": "create_room", "settings": settings}))["type"] == "ack"
    room = (await a.expect("room"))["room"]
    assert room["settings"]["private"] is True and room["code"]
    assert (await a.request({"type": "add_bot", "level": "easy"}))["type"] == "ack"
    joined = await b.request({"type": "join_room", "code": room["code"]})
    assert joined["type"] == "ack", joined
    overs = await start_and_play_out(a, b)
    match = str(overs[0]["match"])
    assert overs[0]["status"] == "over"
    await a.close()
    await b.close()
    return match


def get(server: ServerProcess, path: str, who: dict[str, Any] | None) -> httpx.Response:
    headers = bearer(who) if who is not None else {}
    return httpx.get(f"{server.http}/api{path}", headers=headers, timeout=30)


def test_a_private_rooms_match_is_read_only_by_its_players_and_moderators(staffed: Any) -> None:
    server, _root, mo, pat = staffed
    ann = register(server.http, "Ann")
    eve = server.guest("Eve")
    match = asyncio.run(private_match(server, ann, pat))
    paths = [f"/matches/{match}", f"/matches/{match}/record", f"/matches/{match}/replay"]

    for who in (ann, pat, mo):
        for path in paths:
            answer = get(server, path, who)
            assert answer.status_code == 200, (who["account"]["name"], path, answer.text)
    assert get(server, paths[1], ann).json()["record"]["seed"] is not None
    assert len(get(server, paths[2], pat).json()["steps"]) > 1

    # A stranger, signed in or not, or with a token that opens nothing: as if no such
    # match existed (the same status and body as for an id never made).
    nothing = get(server, "/matches/m-nosuch", None)
    assert nothing.status_code == 404 and nothing.json()["code"] == "no_match"
    for who in (eve, None, {"token": "forged"}):
        for path in paths:
            answer = get(server, path, who)
            assert answer.status_code == 404, (path, answer.text)
            assert answer.json() == nothing.json()

    # The players' histories list it to those who may read it only.
    ann_id = ann["account"]["id"]
    for who in (ann, pat, mo):
        listed = [m["id"] for m in get(server, f"/accounts/{ann_id}/matches", who).json()]
        assert listed == [match], who["account"]["name"]
    for who in (eve, None):
        assert get(server, f"/accounts/{ann_id}/matches", who).json() == []
    pat_id = pat["account"]["id"]
    assert get(server, f"/accounts/{pat_id}/matches", eve).json() == []
    assert [m["id"] for m in get(server, f"/accounts/{pat_id}/matches", ann).json()] == [match]


def test_a_public_rooms_match_stays_public(server: ServerProcess) -> None:
    async def main() -> str:
        c = Client(server, server.guest("Pub"))
        await c.connect()
        settings = {"name": "Open", "seats": 2, "needed": 2,
                    "options": {"scoring": "single", "turn_seconds": 0}}  # fmt: skip
        assert (await c.request({"type": "create_room", "settings": settings}))["type"] == "ack"
        await c.expect("room")
        assert (await c.request({"type": "add_bot", "level": "easy"}))["type"] == "ack"
        (over,) = await start_and_play_out(c)
        await c.close()
        return str(over["match"])

    match = asyncio.run(main())
    for path in (f"/matches/{match}", f"/matches/{match}/record", f"/matches/{match}/replay"):
        assert get(server, path, None).status_code == 200
