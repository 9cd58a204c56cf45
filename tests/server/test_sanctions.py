"""A ban or a suspension ends everything the account can do (issue 38, 3), on a real
server: every session and bot API token of the account and of the bots it owns is
revoked, their sockets close at once with 4002, they leave their rooms, matches and
registrations as players who leave, a sanctioned owner's bots are refused, and lifting
the sanction restores none of it (docs/security.md, Sanctions)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tournaments.serving import elimination, starting_in
from younuo.server.accounts.auth import AuthError, check_standing, may_play
from younuo.server.realtime.connections import CLOSE_REVOKED
from younuo.store.models import Account

from .harness import Client, ServerProcess
from .test_admin import PASSWORD, admin_create, bearer, login, register
from .test_bot_accounts import bot_of, token_of

NO_CLOCK = {"scoring": "single", "turn_seconds": 0}
"""A match that waits for its people: it is still running when the sanction comes."""


def test_a_bot_of_a_sanctioned_owner_is_refused_as_its_owner_is() -> None:
    now = 1000.0
    owner = Account(id="o", standing="active", standing_until=None)
    bot = Account(id="b", bot=True, bot_owner="o", standing="active", standing_until=None)
    check_standing(bot, now, owner)
    assert may_play(bot, now, owner)
    for standing, until, code in (
        ("banned", None, "account_banned"),
        ("suspended", now + 60, "account_suspended"),
    ):
        sanctioned = Account(id="o", standing=standing, standing_until=until)
        with pytest.raises(AuthError) as refused:
            check_standing(bot, now, sanctioned)
        assert refused.value.code == code and "owner" in refused.value.message
        assert not may_play(bot, now, sanctioned)
    served = Account(id="o", standing="suspended", standing_until=now - 1)
    assert may_play(bot, now, served)  # a suspension served holds nothing back


@pytest.fixture
def staffed(tmp_path: Path) -> Iterator[tuple[ServerProcess, dict[str, Any]]]:
    """A server with an admin, Root; its session."""
    data = tmp_path / "data"
    assert admin_create(data, "Root", PASSWORD).returncode == 0
    with ServerProcess(data) as server:
        yield server, login(server.http, "Root")


def standing(
    http: str, actor: dict[str, Any], account: str, body: dict[str, Any]
) -> dict[str, Any]:
    answer = httpx.post(
        f"{http}/api/admin/accounts/{account}/standing",
        json=body,
        headers=bearer(actor),
        timeout=30,
    )
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def me(http: str, token: str) -> httpx.Response:
    return httpx.get(f"{http}/api/me", headers={"Authorization": f"Bearer {token}"}, timeout=10)


async def closed_revoked(client: Client) -> None:
    await asyncio.wait_for(client.closed.wait(), 5)
    assert client.ws.close_code == CLOSE_REVOKED


def test_a_ban_ends_everything_the_owner_and_its_bots_can_do(
    staffed: tuple[ServerProcess, dict[str, Any]],
) -> None:
    server, root = staffed
    http = server.http
    owner = register(http, "Owner")
    other_session = login(http, "Owner")  # a second session, used over REST only
    owner_id = owner["account"]["id"]
    bot = bot_of(http, owner, "Robo")
    tokens = [token_of(http, owner, bot["id"], label)["token"] for label in ("a", "b")]
    robo = {"token": tokens[0], "account": bot}
    allowed = httpx.post(
        f"{http}/api/admin/accounts/{bot['id']}/bot-rated",
        json={"allowed": True, "reason": "a known program"},
        headers=bearer(root),
    )
    assert allowed.status_code == 200
    made = httpx.post(
        f"{http}/api/tournaments",
        json=elimination(starts_at=starting_in(3600)),
        headers=bearer(root),
    )
    assert made.status_code == 200, made.text
    event = made.json()["id"]
    pat, sam = server.guest("Pat"), server.guest("Sam")
    for who in (owner, robo, pat):
        entered = httpx.post(
            f"{http}/api/tournaments/{event}/register", json={}, headers=bearer(who)
        )
        assert entered.status_code == 200, entered.text

    def registered() -> list[str]:
        got = httpx.get(f"{http}/api/tournaments/{event}").json()
        return [r["account"] for r in got["registrations"]]

    assert registered() == [owner_id, bot["id"], pat["account"]["id"]]

    async def scenario() -> None:
        people = {name: Client(server, s) for name, s in (("owner", owner), ("pat", pat))}
        people |= {"robo": Client(server, robo), "sam": Client(server, sam)}
        for client in people.values():
            await client.connect()
        host, guest = people["owner"], people["pat"]
        # The owner plays a match with Pat and a bot; Robo sits in Sam's room.
        settings = {"seats": 3, "needed": 3, "options": NO_CLOCK}
        assert (await host.request({"type": "create_room", "settings": settings}))["type"] == "ack"
        room = (await host.expect("room"))["room"]["id"]
        assert (await host.request({"type": "add_bot", "level": "easy"}))["type"] == "ack"
        assert (await guest.request({"type": "join_room", "room": room}))["type"] == "ack"
        assert (await guest.request({"type": "ready", "ready": True}))["type"] == "ack"
        assert (await host.request({"type": "start"}))["type"] == "ack"
        match = (await guest.expect("state"))["match"]
        assert (await people["sam"].request({"type": "create_room", "settings": {"seats": 4}}))[
            "type"
        ] == "ack"
        sams = (await people["sam"].expect("room"))["room"]["id"]
        reply = await people["robo"].request({"type": "join_room", "room": sams})
        assert reply["type"] == "ack", reply
        await people["sam"].expect(
            lambda f: f.get("type") == "room" and "Robo" in _seated(f["room"])
        )

        standing(http, root, owner_id, {"standing": "banned", "reason": "cheating"})

        # Both sockets closed at once, the person's and the bot's.
        await asyncio.gather(closed_revoked(host), closed_revoked(people["robo"]))
        # At the table the owner has left (R-LEAVE): the match goes on without them.
        left = await guest.expect(
            lambda f: (
                f.get("type") in ("update", "state")
                and f["match"] == match
                and any(s["name"] == "Owner" and s["left"] for s in f["table"])
            )
        )
        assert left["match"] == match
        # Robo is out of Sam's room, the owner out of theirs.
        await people["sam"].expect(
            lambda f: f.get("type") == "room" and "Robo" not in _seated(f["room"])
        )
        await guest.expect(lambda f: f.get("type") == "room" and "Owner" not in _seated(f["room"]))
        for client in people.values():
            await client.close()

    asyncio.run(scenario())
    # Every token of the owner and of its bot opens nothing; registrations are gone.
    for token in (owner["token"], other_session["token"], *tokens):
        refused = me(http, token)
        assert refused.status_code == 401 and refused.json()["code"] == "bad_token"
    assert registered() == [pat["account"]["id"]]
    log = httpx.get(
        f"{http}/api/admin/audit", params={"target": owner_id}, headers=bearer(root)
    ).json()
    assert log[0]["action"] == "standing_banned"
    assert log[0]["details"]["bots"] == [bot["id"]] and log[0]["details"]["tokens_ended"] == 4

    # Lifting the ban restores nothing: no token, no registration; the owner signs in
    # again and gives the bot a new token, which works.
    standing(http, root, owner_id, {"standing": "active", "reason": "appeal upheld"})
    for token in (owner["token"], *tokens):
        assert me(http, token).status_code == 401
    assert registered() == [pat["account"]["id"]]
    back = login(http, "Owner")
    fresh = token_of(http, back, bot["id"])["token"]
    assert me(http, fresh).json()["id"] == bot["id"]


def test_a_suspended_bot_account_is_closed_out_and_its_tokens_stay_revoked(
    staffed: tuple[ServerProcess, dict[str, Any]],
) -> None:
    """Issue 38: a bot account's API tokens are not sessions, and a suspension left its
    sockets playing; now they close, and reinstating it gives no token back."""
    server, root = staffed
    http = server.http
    owner = register(http, "Maker")
    bot = bot_of(http, owner, "Tin")
    token = token_of(http, owner, bot["id"])["token"]

    async def scenario() -> None:
        tin = Client(server, {"token": token, "account": bot})
        await tin.connect()
        reply = await tin.request({"type": "create_room", "settings": {"seats": 2, "needed": 2}})
        assert reply["type"] == "ack"
        room = (await tin.expect("room"))["room"]["id"]
        suspend = {"standing": "suspended", "reason": "spamming", "seconds": 3600}
        started = time.monotonic()
        standing(http, root, bot["id"], suspend)
        await closed_revoked(tin)
        assert time.monotonic() - started < 5
        await tin.close()
        # Its room is gone with it (nobody else was in it).
        listed = httpx.get(f"{http}/api/rooms").json()
        assert room not in [r["id"] for r in listed]

    asyncio.run(scenario())
    assert me(http, token).status_code == 401
    standing(http, root, bot["id"], {"standing": "active", "reason": "served"})
    refused = me(http, token)
    assert refused.status_code == 401 and refused.json()["code"] == "bad_token"
    # The owner was not sanctioned: their own session goes on.
    assert me(http, owner["token"]).status_code == 200


def _seated(room: dict[str, Any]) -> list[str]:
    return [s["name"] for s in room["seats"] if s is not None]
