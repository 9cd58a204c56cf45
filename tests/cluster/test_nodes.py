"""Two nodes on one PostgreSQL and one Redis serve one game (docs/scaling.md).

Players of one table connected to different nodes play a whole match together;
spectators, the lobby, the host's powers, the second-tab rule and logouts work across
nodes; every connection gets every version once and in order, with no hidden card.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from server.harness import Client
from server.test_admin import bearer, login, register
from server.test_bot_accounts import bot_of, token_of
from server.test_play import hidden_cards_seen
from tournaments.serving import admin_create

from .deployment import (
    Deployment,
    Player,
    lost_moves,
    record_actions,
    same_history,
    versions_in_order,
)
from .services import PostgresServer, RedisServer


@pytest.fixture(scope="module")
def deployment(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Deployment]:
    """Two nodes started at the same moment on a fresh database (migrations under a lock)."""
    root = tmp_path_factory.mktemp("nodes")
    with PostgresServer() as pg, RedisServer() as redis:
        url = asyncio.run(pg.fresh_database("nodes"))
        # A bot account's budget and the budget of wrong room codes small enough to
        # spend in a test (the last tests here).
        budget = {
            "YOUNUO_BOT_PER_MINUTE": "6",
            "YOUNUO_BOT_BURST": "3",
            "YOUNUO_CODE_GUESSES_PER_HOUR": "1",
            "YOUNUO_CODE_GUESS_BURST": "3",
        }
        nodes = Deployment(root, url, redis, 2, env=budget)
        try:
            nodes.start()
            yield nodes
        finally:
            nodes.stop()


def with_people(deployment: Deployment, body: Callable[[list[Client]], Awaitable[None]]) -> None:
    """Run ``body`` with Ann and Cat connected to node n0, Bob and Dan to n1."""

    async def main() -> None:
        made = []
        for name, node in (("Ann", 0), ("Bob", 1), ("Cat", 0), ("Dan", 1)):
            server = deployment.nodes[node]
            client = Client(server, server.guest(f"{name}{time.monotonic_ns() % 10_000}"))
            await client.connect()
            made.append(client)
        try:
            await body(made)
        finally:
            for client in made:
                await client.close()

    asyncio.run(main())


async def _table(host: Client, guests: list[Client], bots: int) -> str:
    reply = await host.request(
        {"type": "create_room", "settings": {"seats": 1 + len(guests) + bots, "needed": 2}}
    )
    assert reply["type"] == "ack", reply
    room: str = (await host.expect("room"))["room"]["id"]
    for _ in range(bots):
        assert (await host.request({"type": "add_bot", "level": "easy"}))["type"] == "ack"
    for guest in guests:
        assert (await guest.request({"type": "join_room", "room": room}))["type"] == "ack"
        assert (await guest.request({"type": "ready", "ready": True}))["type"] == "ack"
    return room


def test_nodes_name_themselves_and_share_one_schema(deployment: Deployment) -> None:
    for i in range(2):
        health = deployment.health(i)
        assert health["ok"] and health["db_ok"] and health["redis"] is True
        assert health["node"] == f"n{i}"


def test_a_match_with_players_on_two_nodes(deployment: Deployment) -> None:
    """Ann (n0) hosts, Bob (n1) plays, Dan (n1) watches: all of them get every version in
    order and the same history, no hidden card, and no acknowledged move is lost."""

    async def body(people: list[Client]) -> None:
        ann, bob, _, dan = people
        await _table(ann, [bob], bots=2)
        room = (await ann.expect("room"))["room"]["id"]
        assert (await dan.request({"type": "join_room", "room": room, "spectate": True}))[
            "type"
        ] == "ack"
        assert (await ann.request({"type": "start"}))["type"] == "ack"
        match = (await ann.expect("state"))["match"]
        assert (await bob.expect("state", 15))["you"] == bob.name
        assert (await dan.expect("state", 15))["you"] is None
        assert deployment.running_on(match) == "n0"
        players = [Player(ann), Player(bob)]
        until = time.monotonic() + 120
        results = await asyncio.gather(*(p.play(match, until) for p in players))
        assert all(r is not None and r["type"] == "match_over" for r in results), results
        await dan.expect("match_over", 15)
        everyone = [*players, Player(dan)]
        for player in everyone:
            assert versions_in_order(player.seen(match)) == [], player.name
        assert same_history(everyone, match) == []
        actions = await record_actions(deployment.nodes[1], match)
        assert lost_moves(players, actions) == []
        names = players[0].seen(match)[0]["view"]["players"]
        for player in everyone:
            me = player.name if player is not everyone[2] else None
            for frame in player.seen(match):
                assert hidden_cards_seen(frame, me or "", names) == [], player.name
        assert deployment.running_on(match) is None  # over: nobody runs it

    with_people(deployment, body)


def test_a_match_goes_to_the_node_of_most_of_its_players(deployment: Deployment) -> None:
    """Ann hosts on n0, Bob and Dan sit from n1 (a client that does not follow the room
    rule, or a table started by another node): the match opens on n0, then moves to n1,
    where most of its players are, and is played there to its end with every version
    in order and no acknowledged move lost; n1 forwards none of its players' moves."""

    async def body(people: list[Client]) -> None:
        ann, bob, _, dan = people
        await _table(ann, [bob, dan], bots=1)
        assert (await ann.request({"type": "start"}))["type"] == "ack"
        match = (await ann.expect("state"))["match"]
        for _ in range(100):
            if deployment.running_on(match) == "n1":
                break
            await asyncio.sleep(0.05)
        assert deployment.running_on(match) == "n1"
        sent = deployment.health(1)["forwarded"]["moves"]
        players = [Player(ann), Player(bob), Player(dan)]
        until = time.monotonic() + 120
        results = await asyncio.gather(*(p.play(match, until) for p in players))
        assert all(r is not None and r["type"] == "match_over" for r in results), results
        for player in players:
            assert versions_in_order(player.seen(match)) == [], player.name
        assert same_history(players, match) == []
        assert lost_moves(players, await record_actions(deployment.nodes[1], match)) == []
        assert deployment.health(1)["forwarded"]["moves"] == sent
        assert deployment.health(0)["forwarded"]["moves"] > 0  # Ann's, from n0

    with_people(deployment, body)


def test_the_lobby_is_one_lobby(deployment: Deployment) -> None:
    """A room created, filled and closed on n0 shows so in n1's listing within a second."""

    async def body(people: list[Client]) -> None:
        ann, _, cat, dan = people

        async def listed(room: str) -> dict[str, Any] | None:
            reply = await dan.request({"type": "list_rooms"})
            return next((r for r in reply["rooms"] if r["id"] == room), None)

        async def shows(room: str, check: Any) -> float:
            start = time.monotonic()
            while time.monotonic() - start < 5:
                if check(await listed(room)):
                    return time.monotonic() - start
                await asyncio.sleep(0.05)
            raise AssertionError(f"{room} never showed as expected on n1")

        reply = await ann.request({"type": "create_room", "settings": {"name": "Across"}})
        assert reply["type"] == "ack"
        room = (await ann.expect("room"))["room"]["id"]
        assert await shows(room, lambda r: r is not None and r["taken"] == 1) < 1.0
        assert (await cat.request({"type": "join_room", "room": room}))["type"] == "ack"
        assert await shows(room, lambda r: r is not None and r["taken"] == 2) < 1.0
        for client in (cat, ann):
            assert (await client.request({"type": "leave_room"}))["type"] == "left_room"
        assert await shows(room, lambda r: r is None) < 1.0

    with_people(deployment, body)


def test_room_members_on_two_nodes_hear_each_other(deployment: Deployment) -> None:
    """The host on n0 sees Bob (n1) sit, get ready and show as connected; the host's
    kick reaches Bob on n1."""

    async def body(people: list[Client]) -> None:
        ann, bob, _, _ = people
        room = await _table(ann, [bob], bots=0)

        def bob_ready(frame: dict[str, Any]) -> bool:
            if frame.get("type") != "room" or frame["room"]["id"] != room:
                return False
            seats = [s for s in frame["room"]["seats"] if s and s["account"] == bob.account]
            return bool(seats) and seats[0]["ready"] and seats[0]["connected"]

        seen = await ann.expect(bob_ready, 5)
        seat = next(s["seat"] for s in seen["room"]["seats"] if s and s["account"] == bob.account)
        assert (await ann.request({"type": "kick", "seat": seat}))["type"] == "ack"
        kicked = await bob.expect("kicked", 5)
        assert kicked["room"] == room
        reply = await bob.request({"type": "start"})
        assert reply["code"] == "not_in_room"

    with_people(deployment, body)


def test_a_second_tab_on_another_node_takes_over(deployment: Deployment) -> None:
    async def main() -> None:
        first = deployment.nodes[0]
        session = first.guest(f"Tab{time.monotonic_ns() % 10_000}")
        old = Client(first, session)
        await old.connect()
        new = Client(deployment.nodes[1], session)
        await new.connect()
        await old.expect("replaced", 5)
        await asyncio.wait_for(old.closed.wait(), 5)
        assert old.ws.close_code == 4001
        assert (await new.request({"type": "ping"}))["type"] == "pong"
        await old.close()
        await new.close()

    asyncio.run(main())


def test_a_logout_closes_the_tokens_sockets_on_every_node(deployment: Deployment) -> None:
    async def main() -> None:
        first, second = deployment.nodes
        session = first.guest(f"Out{time.monotonic_ns() % 10_000}")
        there = Client(second, session)
        await there.connect()
        async with httpx.AsyncClient() as http:
            reply = await http.post(
                f"{first.http}/api/auth/logout",
                headers={"Authorization": f"Bearer {session['token']}"},
                timeout=10,
            )
        assert reply.json() == {"ok": True}
        await asyncio.wait_for(there.closed.wait(), 5)
        assert there.ws.close_code == 4002
        await there.close()

    asyncio.run(main())


def test_redis_with_sqlite_is_refused_at_start(tmp_path: Path) -> None:
    """Nodes cannot share a SQLite file: the server says what to give instead."""
    done = subprocess.run(
        [sys.executable, "-m", "younuo", "serve", "--data", str(tmp_path), "--redis", "redis://x"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "postgresql" in done.stderr and "redis" in done.stderr


def test_chat_notices_and_presence_reach_players_on_the_other_node(
    deployment: Deployment,
) -> None:
    """Social play across nodes (issue 29): Ann on n0 asks Bob on n1 to be friends; the
    notice is pushed to Bob on n1; once accepted, Ann's friends list (n0) sees Bob in
    the lobby while he watches it on n1, then in Ann's room (joined on n1); Ann's quick
    phrase in the room reaches Bob on n1."""

    async def body(people: list[Client]) -> None:
        ann, bob, _, _ = people
        n0, n1 = deployment.nodes
        auth = {"Authorization": f"Bearer {ann.token}"}
        async with httpx.AsyncClient() as http:
            asked = await http.post(
                f"{n0.http}/api/me/friends", json={"account": bob.account}, headers=auth
            )
            assert asked.status_code == 200, asked.text
            notice = await bob.expect("notice", 5)
            assert notice["notice"]["kind"] == "friend_request"
            accepted = await http.post(
                f"{n1.http}/api/me/friends/{ann.account}",
                json={"action": "accept"},
                headers={"Authorization": f"Bearer {bob.token}"},
            )
            assert accepted.status_code == 200, accepted.text

            async def bob_seen_as(state: str) -> None:
                deadline = time.monotonic() + 5
                while True:
                    friends = (await http.get(f"{n0.http}/api/me/friends", headers=auth)).json()
                    (friend,) = [f for f in friends if f["account"] == bob.account]
                    if friend["presence"]["state"] == state or time.monotonic() > deadline:
                        break
                    await asyncio.sleep(0.2)
                assert friend["status"] == "friends" and friend["presence"]["state"] == state

            # Bob watches the room list on n1: n0 shows him in the lobby, then online.
            assert (await bob.request({"type": "watch_lobby"}))["type"] == "lobby"
            await bob_seen_as("lobby")
            assert (await bob.request({"type": "watch_lobby", "on": False}))["type"] == "ack"
            await bob_seen_as("online")
            room = await _table(ann, [bob], bots=0)
            await bob_seen_as("room")
        sent = await ann.request({"type": "chat", "room": room, "phrase": "good_luck"})
        assert sent["type"] == "ack", sent
        heard = await bob.expect(lambda f: f.get("type") == "chat", 5)
        assert heard["phrase"] == "good_luck" and heard["sender"] == ann.account

    with_people(deployment, body)


def test_the_chat_rate_limit_holds_across_nodes(deployment: Deployment) -> None:
    """Ann spends her burst of chat messages on n0, then goes on from n1 (a second tab):
    n1 counts from the same bucket (Redis), so it refuses her rather than starting a
    fresh burst. At most the burst plus what refilled meanwhile goes out."""
    n0, n1 = deployment.nodes
    session = n0.guest(f"Ann{time.monotonic_ns() % 10_000}")
    burst, per_second = 5, 20 / 60  # the defaults, chat_burst and chat_per_minute

    async def main() -> tuple[list[str], float]:
        first = Client(n0, session)
        await first.connect()
        room = await _table(first, [], bots=1)
        began = time.monotonic()
        answers = []
        for _ in range(burst):
            reply = await first.request({"type": "chat", "room": room, "phrase": "good_luck"})
            answers.append(reply["type"] if reply["type"] == "ack" else reply["code"])
        second = Client(n1, session)
        await second.connect()
        for _ in range(3):
            reply = await second.request({"type": "chat", "room": room, "phrase": "oops"})
            answers.append(reply["type"] if reply["type"] == "ack" else reply["code"])
        elapsed = time.monotonic() - began
        for client in (first, second):
            await client.close()
        return answers, elapsed

    answers, elapsed = asyncio.run(main())
    assert answers[:burst] == ["ack"] * burst
    assert "rate_limited" in answers[burst:], answers
    assert answers.count("ack") <= burst + int(elapsed * per_second), (answers, elapsed)


def test_a_bot_account_s_budget_holds_across_nodes(deployment: Deployment) -> None:
    """3 requests at once, then 6 a minute: a bot that spent its burst on n0 is refused
    on n1 too (one bucket in Redis), over the socket and over REST."""
    n0, n1 = deployment.nodes
    owner = register(n0.http, f"Owner{time.monotonic_ns() % 100_000}")
    bot = bot_of(n0.http, owner, f"Bot{time.monotonic_ns() % 100_000}")
    token = token_of(n0.http, owner, bot["id"])

    async def main() -> list[str]:
        first = Client(n0, {"token": token["token"], "account": bot})
        await first.connect()
        replies = [(await first.request({"type": "ping"}))["type"] for _ in range(3)]
        await first.close()
        second = Client(n1, {"token": token["token"], "account": bot})
        await second.connect()
        over = await second.request({"type": "ping"})
        replies.append(over["type"] if over["type"] != "error" else over["code"])
        await second.close()
        return replies

    # Counted on each node alone, n1 would have a fresh burst of 3 to give.
    assert asyncio.run(main()) == ["pong", "pong", "pong", "rate_limited"]
    rest = httpx.get(f"{n1.http}/api/me", headers=bearer(token))
    assert rest.status_code == 429 and rest.json()["code"] == "rate_limited"


def test_a_ban_closes_its_bots_sockets_on_the_other_node_at_once(
    deployment: Deployment,
) -> None:
    """Issue 38, 3: an owner banned through n0 takes its bot account's socket on n1
    with it (4002, within seconds) and the bot out of the room it sits in there."""
    n0, n1 = deployment.nodes
    suffix = time.monotonic_ns() % 100_000
    admin_create(n0.data, f"Boss{suffix}", db=deployment.db)
    boss = login(n0.http, f"Boss{suffix}")
    owner = register(n0.http, f"Owner{suffix}")
    bot = bot_of(n0.http, owner, f"Bot{suffix}")
    token = token_of(n0.http, owner, bot["id"])

    async def main() -> float:
        robo = Client(n1, {"token": token["token"], "account": bot})
        host = Client(n1, n1.guest(f"Host{suffix}"))
        await robo.connect()
        await host.connect()
        reply = await host.request({"type": "create_room", "settings": {"seats": 4}})
        assert reply["type"] == "ack", reply
        room = (await host.expect("room"))["room"]["id"]
        assert (await robo.request({"type": "join_room", "room": room}))["type"] == "ack"

        def seated(frame: dict[str, Any]) -> list[str]:
            return [s["name"] for s in frame["room"]["seats"] if s is not None]

        await host.expect(lambda f: f.get("type") == "room" and bot["name"] in seated(f))
        started = time.monotonic()
        async with httpx.AsyncClient() as http:
            banned = await http.post(
                f"{n0.http}/api/admin/accounts/{owner['account']['id']}/standing",
                json={"standing": "banned", "reason": "a bot farm"},
                headers=bearer(boss),
                timeout=30,
            )
        assert banned.status_code == 200, banned.text
        await asyncio.wait_for(robo.closed.wait(), 5)
        took = time.monotonic() - started
        assert robo.ws.close_code == 4002
        await host.expect(lambda f: f.get("type") == "room" and bot["name"] not in seated(f))
        await robo.close()
        await host.close()
        return took

    assert asyncio.run(main()) < 5
    refused = httpx.get(f"{n1.http}/api/me", headers=bearer(token), timeout=10)
    assert refused.status_code == 401


def test_the_budget_of_wrong_room_codes_holds_across_nodes(deployment: Deployment) -> None:
    """3 wrong codes at once, then 1 an hour: a guesser who spent them on n0 is refused
    on n1 too (buckets in Redis), and a right code given back on one node counts for both."""
    n0, n1 = deployment.nodes

    async def main() -> list[str]:
        host = Client(n0, n0.guest(f"Host{time.monotonic_ns() % 100_000}"))
        await host.connect()
        reply = await host.request({"type": "create_room", "settings": {"private": True}})
        assert reply["type"] == "ack", reply
        code = (await host.expect("room"))["room"]["code"]
        wrong = ("B" if code[0] == "A" else "A") + code[1:]
        guesser = Client(n0, n0.guest(f"Guesser{time.monotonic_ns() % 100_000}"))
        answers = []
        try:
            for node, tried in ((n0, code), (n1, wrong), (n0, wrong), (n1, wrong), (n0, wrong)):
                guesser.server = node
                await guesser.connect()
                got = await guesser.request({"type": "join_room", "code": tried})
                answers.append(got["type"] if got["type"] != "error" else got["code"])
                await guesser.close()
        finally:
            await host.close()
        return answers

    # Counted on each node alone, n0 would still allow its third wrong code.
    assert asyncio.run(main()) == [
        "ack",
        "room_not_found",
        "room_not_found",
        "room_not_found",
        "rate_limited",
    ]
