"""A player downloads their data and deletes their account (issue 38, item 5), over a real
server: what the download holds (and never holds), what a deletion refuses, what goes,
and what remains (the other players' matches, anonymised and still replaying to the same
result; the reports; the audit entry)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from typing import Any

import httpx

from younuo.engine.records import Record, replay
from younuo.store.erasure import anonymise_match, pseudonym, renamed_action
from younuo.store.models import Match

from .harness import Client, ServerProcess, start_and_play_out
from .test_admin import PASSWORD, bearer, register


def call(
    server: ServerProcess, method: str, path: str, who: dict[str, Any] | None, body: Any = None
) -> httpx.Response:
    headers = bearer(who) if who is not None else {}
    return httpx.request(method, f"{server.http}/api{path}", json=body, headers=headers, timeout=30)


async def play_together(server: ServerProcess, host: dict[str, Any], other: dict[str, Any]) -> str:
    """``host`` and ``other`` chat in a room and play a one-round match with a bot; the
    host stays in the room afterwards."""
    a, b = Client(server, host), Client(server, other)
    await a.connect()
    await b.connect()
    settings = {"name": "Ours", "seats": 3, "needed": 3,
                "options": {"scoring": "single", "turn_seconds": 0}}  # fmt: skip
    assert (await a.request({"type": "create_room", "settings": settings}))["type"] == "ack"
    room = (await a.expect("room"))["room"]["id"]
    assert (await a.request({"type": "add_bot", "level": "easy"}))["type"] == "ack"
    assert (await b.request({"type": "join_room", "room": room}))["type"] == "ack"
    said = await a.request({"type": "chat", "room": room, "text": "good luck Annabel here"})
    assert said["type"] == "ack", said
    overs = await start_and_play_out(a, b)
    match = str(overs[0]["match"])
    await a.close()
    await b.close()
    return match


def dump(server: ServerProcess, *tables: str) -> str:
    db = sqlite3.connect(server.data / "younuo.db")
    try:
        return json.dumps([list(db.execute(f"SELECT * FROM {t}")) for t in tables])
    finally:
        db.close()


def test_download_then_delete_an_account(server: ServerProcess) -> None:
    ann, bob = register(server.http, "Annabel"), register(server.http, "Bobby")
    ann_id, bob_id = ann["account"]["id"], bob["account"]["id"]
    assert call(server, "POST", "/me/friends", ann, {"account": bob_id}).status_code == 200
    took = call(server, "POST", f"/me/friends/{ann_id}", bob, {"action": "accept"})
    assert took.status_code == 200, took.text
    bot = call(server, "POST", "/me/bots", ann, {"name": "Annabel Bot"}).json()
    token = call(server, "POST", f"/me/bots/{bot['id']}/tokens", ann, {"label": "laptop"}).json()
    bot_session = {"token": token["token"]}
    filed = call(server, "POST", "/reports", ann,
                 {"account": bob_id, "reason": "afk", "source": "profile"})  # fmt: skip
    assert filed.status_code == 200, filed.text

    async def talk() -> None:
        a = Client(server, ann)
        await a.connect()
        sent = await a.request({"type": "chat", "to": bob_id, "text": "hi Bobby, Annabel here"})
        assert sent["type"] == "ack", sent
        await a.close()

    asyncio.run(talk())
    match = asyncio.run(play_together(server, ann, bob))
    before = call(server, "GET", f"/matches/{match}/record", bob).json()["record"]
    winner_before = replay(Record.from_dict(before)).state["match_winner"]

    # --- the download ---
    assert call(server, "GET", "/me/data", None).status_code == 401
    got = call(server, "GET", "/me/data", ann)
    assert got.status_code == 200, got.text
    assert "attachment" in got.headers["content-disposition"]
    data = got.json()
    assert data["format"] == "younuo-data/1" and data["account"]["id"] == ann_id
    assert data["account"]["name"] == "Annabel" and data["account"]["guest"] is False
    assert [f["account"] for f in data["friends"]] == [bob_id]
    texts = {m["text"] for m in data["messages"]}
    assert texts == {"hi Bobby, Annabel here", "good luck Annabel here"}
    assert [m["to"] for m in data["messages"] if m["room"] is None] == [bob_id]
    assert [m["match"] for m in data["matches"]] == [match]
    assert data["matches"][0]["result"]["name"] == "Annabel"
    assert [r["reported"] for r in data["reports_filed"]] == [bob_id]
    assert data["sessions"] and all(
        set(x) == {"created_at", "expires_at"} for x in data["sessions"]
    )
    assert [b["name"] for b in data["bots"]] == ["Annabel Bot"]
    assert [t["label"] for t in data["bots"][0]["tokens"]] == ["laptop"]
    assert data["room_visits"] and data["room_visits"][0]["role"] == "player"
    # Never a secret: no password hash, no token, no token hash.
    assert "argon2" not in got.text and ann["token"] not in got.text
    assert token["token"] not in got.text and "token_hash" not in got.text

    # --- refusals: nothing changes ---
    sure = {"confirm": "Annabel", "password": PASSWORD}
    wrong_name = call(server, "DELETE", "/me", ann, {**sure, "confirm": "annabel"})
    assert wrong_name.status_code == 400 and wrong_name.json()["code"] == "bad_confirmation"
    wrong_pw = call(server, "DELETE", "/me", ann, {**sure, "password": "not it at all"})
    assert wrong_pw.status_code == 401 and wrong_pw.json()["code"] == "bad_password"
    as_bot = call(server, "DELETE", "/me", bot_session, {"confirm": "Annabel Bot"})
    assert as_bot.status_code == 403 and as_bot.json()["code"] == "bot_account"
    seated = call(server, "DELETE", "/me", ann, sure)
    assert seated.status_code == 409 and seated.json()["code"] == "in_room", seated.text
    assert call(server, "GET", "/me", ann).status_code == 200

    async def leave_and_delete() -> tuple[httpx.Response, int | None]:
        a = Client(server, ann)
        await a.connect()
        left = await a.request({"type": "leave_room"})
        assert left["type"] in ("ack", "left_room"), left
        answer = await asyncio.to_thread(call, server, "DELETE", "/me", ann, sure)
        await asyncio.wait_for(a.closed.wait(), 10)
        return answer, a.ws.close_code

    deleted, close_code = asyncio.run(leave_and_delete())
    assert deleted.status_code == 200, deleted.text
    assert deleted.json() == {"deleted": ann_id, "matches_anonymised": 1, "bots_deleted": 1}
    assert close_code == 4002

    # --- what went ---
    for who in (ann, bot_session):
        assert call(server, "GET", "/me", who).status_code == 401
    assert call(server, "GET", f"/accounts/{ann_id}", None).status_code == 404
    assert call(server, "GET", f"/accounts/{bot['id']}", None).status_code == 404
    assert call(server, "GET", "/me/friends", bob).json() == []
    assert call(server, "GET", f"/me/friends/{ann_id}/chat", bob).status_code == 404
    stored = dump(server, "matches", "match_actions", "results", "chat_messages",
                  "accounts", "notices", "friend_links", "room_visits", "sessions")  # fmt: skip
    assert "Annabel" not in stored and ann_id not in stored
    again = httpx.post(f"{server.http}/api/auth/register",
                       json={"name": "Annabel", "password": PASSWORD}, timeout=10)  # fmt: skip
    assert again.status_code == 200  # the name is free again

    # --- what remains: Bob's match, anonymised, replaying to the same result ---
    summary = call(server, "GET", f"/matches/{match}", bob).json()
    [stranger] = [p for p in summary["players"] if p.startswith("Player ")]
    assert "Annabel" not in summary["players"] and "Bobby" in summary["players"]
    after = call(server, "GET", f"/matches/{match}/record", bob).json()["record"]
    result = replay(Record.from_dict(after))
    assert result.ok
    assert result.state["match_winner"] == (
        stranger if winner_before == "Annabel" else winner_before
    )
    assert [m["id"] for m in call(server, "GET", f"/accounts/{bob_id}/matches", bob).json()] == [
        match
    ]
    assert call(server, "GET", f"/matches/{match}/replay", bob).status_code == 200
    # The report Annabel filed stays (by id only), and the deletion is in the audit log.
    remains = dump(server, "reports", "audit_log")
    assert ann_id in remains and "account_deleted" in remains and "Annabel" not in remains


def test_a_guest_deletes_itself_by_its_name_alone(server: ServerProcess) -> None:
    guest = server.guest("Gus")
    assert call(server, "DELETE", "/me", guest, {"confirm": "Gus"}).status_code == 200
    assert call(server, "GET", "/me", guest).status_code == 401
    assert call(server, "GET", "/me/data", guest).status_code == 401


def test_a_match_is_renamed_everywhere_and_pseudonyms_avoid_taken_names() -> None:
    draws = iter(["aaaaaa", "aaaaaa", "bbbbbb"])
    assert pseudonym({"Player aaaaaa"}, lambda: next(draws)) == "Player bbbbbb"
    match = Match(
        players=["Ann", "Bob"],
        teams=[["Ann"], ["Bob"]],
        seats=[{"name": "Ann", "account": "a1"}, {"name": "Bob", "account": "b1"}],
        control={"abandon": "bot", "seats": {"Ann": {"x": 1}, "Bob": {"x": 2}}},
        clock={"turn_player": "Ann", "catch_player": None},
        winner="Ann",
        final={
            "hands": {"Ann": [], "Bob": ["r5"]},
            "scores": {"Ann": 5, "Bob": 0},
            "current": "Bob",
            "round_winner": "Ann",
            "match_winner": "Ann",
        },
        setup={"hands": {"Ann": ["r1"], "Bob": ["b2"]}, "first": "Ann"},
    )
    anonymise_match(match, "Ann", "Player x")
    assert match.players == ["Player x", "Bob"] and match.teams == [["Player x"], ["Bob"]]
    assert match.seats[0] == {"name": "Player x", "account": None}
    assert match.seats[1] == {"name": "Bob", "account": "b1"}
    assert set(match.control["seats"]) == {"Player x", "Bob"}
    assert match.clock["turn_player"] == "Player x" and match.winner == "Player x"
    assert match.final is not None and set(match.final["hands"]) == {"Player x", "Bob"}
    assert match.final["match_winner"] == "Player x" and match.final["current"] == "Bob"
    assert match.setup == {"hands": {"Player x": ["r1"], "Bob": ["b2"]}, "first": "Player x"}
    caught = renamed_action({"type": "catch", "player": "Bob", "target": "Ann"}, "Ann", "P")
    assert caught == {"type": "catch", "player": "Bob", "target": "P"}
    # A name that happens to equal a colour changes only where it is a player's name.
    played = renamed_action({"type": "play", "player": "red", "color": "red"}, "red", "P")
    assert played == {"type": "play", "player": "P", "color": "red"}
