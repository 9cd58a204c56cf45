"""Sessions and seats do what they say: a logout closes that token's sockets, expired
tokens are purged, and seats do not change while a match runs."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path
from typing import Any

import httpx

from younuo.server.accounts.auth import token_hash
from younuo.server.realtime.connections import CLOSE_REVOKED, Hub

from .harness import Client, ServerProcess


def _register(server: ServerProcess, name: str, password: str) -> dict[str, Any]:
    r = httpx.post(
        f"{server.http}/api/auth/register", json={"name": name, "password": password}, timeout=10
    )
    r.raise_for_status()
    session: dict[str, Any] = r.json()
    return session


def _login(server: ServerProcess, name: str, password: str) -> dict[str, Any]:
    r = httpx.post(
        f"{server.http}/api/auth/login", json={"name": name, "password": password}, timeout=10
    )
    r.raise_for_status()
    session: dict[str, Any] = r.json()
    return session


def _logout(server: ServerProcess, token: str) -> httpx.Response:
    return httpx.post(
        f"{server.http}/api/auth/logout", headers={"Authorization": f"Bearer {token}"}, timeout=10
    )


def test_logout_closes_the_sockets_opened_with_that_token(server: ServerProcess) -> None:
    """Issue 24: logging out revokes the token at once: the socket that said ``hello``
    with it is closed (code 4002) and the token opens nothing any more; a socket of the
    same account opened with another token, and other accounts' sockets, stay open."""

    async def main() -> None:
        first = _register(server, "Ann", "a long password")
        second = _login(server, "Ann", "a long password")
        ann = Client(server, first)
        bob = Client(server, server.guest("Bob"))
        await ann.connect()
        await bob.connect()
        # Revoking the other token of the account leaves this socket alone.
        assert _logout(server, second["token"]).json() == {"ok": True}
        assert (await ann.request({"type": "ping"}))["type"] == "pong"
        assert _logout(server, first["token"]).json() == {"ok": True}
        await asyncio.wait_for(ann.closed.wait(), 5)
        assert ann.ws.close_code == CLOSE_REVOKED == 4002
        assert (await bob.request({"type": "ping"}))["type"] == "pong"
        again = Client(server, first)
        await again.connect(hello=False)
        await again.send({"type": "hello", "protocol": 1, "token": first["token"], "ref": 1})
        refused = await again.expect("error")
        assert refused["code"] == "bad_token"
        await again.close()
        await bob.close()

    asyncio.run(main())


def test_expired_tokens_are_purged_on_schedule(tmp_path: Path) -> None:
    """Issue 24: with ``session_purge_seconds`` the server deletes expired sessions from
    the database on its own, and only expired ones."""
    lifetime = 5.0
    server = ServerProcess(
        tmp_path / "data",
        env={
            "YOUNUO_TOKEN_DAYS": str(lifetime / 86400),
            "YOUNUO_SESSION_PURGE_SECONDS": "0.2",
        },
    )
    server.start()
    try:
        made = time.time()
        session = server.guest("Ann")
        hashed = token_hash(session["token"])
        db = sqlite3.connect(server.data / "younuo.db")

        def stored() -> bool:
            row = db.execute("SELECT 1 FROM sessions WHERE token_hash = ?", (hashed,)).fetchone()
            return row is not None

        time.sleep(1.0)  # several purges while the token is alive: it stays
        assert time.time() < made + lifetime
        assert stored()
        deadline = made + lifetime + 5.0
        while stored() and time.time() < deadline:
            time.sleep(0.1)
        assert not stored(), "the expired session is still stored"
        db.close()
    finally:
        server.stop()


def test_seats_do_not_change_while_a_match_runs(server: ServerProcess) -> None:
    """Issue 24: during a match a spectator's ``take_seat`` is refused (``room_playing``),
    as are the other seat changes the protocol allows only between matches; once the
    match is over the spectator can sit."""

    async def main() -> None:
        ann = Client(server, server.guest("Ann"))
        sam = Client(server, server.guest("Sam"))
        await ann.connect()
        await sam.connect()
        settings = {"seats": 4, "needed": 2, "options": {"turn_seconds": 0}}
        assert (await ann.request({"type": "create_room", "settings": settings}))["type"] == "ack"
        room = (await ann.expect("room"))["room"]["id"]
        assert (await ann.request({"type": "add_bot", "level": "random"}))["type"] == "ack"
        reply = await sam.request({"type": "join_room", "room": room, "spectate": True})
        assert reply["type"] == "ack", reply
        assert (await ann.request({"type": "start"}))["type"] == "ack"
        match = (await ann.expect("state"))["match"]
        playing = await sam.expect(
            lambda f: f.get("type") == "room" and f["room"]["status"] == "playing"
        )
        refusals = {
            "take_seat": await sam.request({"type": "take_seat"}),
            "take_seat 3": await sam.request({"type": "take_seat", "seat": 3}),
            "stand_up": await ann.request({"type": "stand_up"}),
            "kick": await ann.request({"type": "kick", "seat": 1}),
            "set_camp": await ann.request({"type": "set_camp", "seat": 1, "camp": "red"}),
            "configure": await ann.request({"type": "configure", "settings": {"needed": 3}}),
            "add_bot": await ann.request({"type": "add_bot", "level": "random"}),
            "remove_bot": await ann.request({"type": "remove_bot", "seat": 1}),
        }
        codes = {what: (r["type"], r.get("code")) for what, r in refusals.items()}
        assert codes == {what: ("error", "room_playing") for what in refusals}, codes
        assert "while a match is running" in refusals["take_seat"]["message"]
        # Ann leaves: the match is abandoned and the spectator may sit.
        left = await ann.request({"type": "action", "match": match, "action": {"type": "leave"}})
        assert left["type"] == "ack", left
        await sam.expect(lambda f: f.get("type") == "match_over" and f["match"] == match)
        await sam.expect(
            lambda f: (
                f.get("type") == "room"
                and f["room"]["status"] == "open"
                and f["room"]["version"] > playing["room"]["version"]
            )
        )
        assert (await sam.request({"type": "take_seat"}))["type"] == "ack"
        await ann.close()
        await sam.close()

    asyncio.run(main())


def test_the_hub_remembers_revoked_tokens_for_a_hello_under_way() -> None:
    """A logout between a ``hello``'s token check and its attach finds no socket to
    close; the hub remembers the token, and ``hello`` asks it before attaching."""
    hub = Hub()
    assert not hub.revoked(token_hash("t1"))
    assert hub.revoke(token_hash("t1")) == 0  # no socket was open with it yet
    assert hub.revoked(token_hash("t1"))
    assert not hub.revoked(token_hash("t2"))
