"""Bot accounts (issue 28): owned by a registered account, signed in by revocable API
tokens (hashed at rest, shown once), shown as bots, kept out of rated play unless an
admin allows it (audit-logged), and playing over the network with younuo.client."""

from __future__ import annotations

import asyncio
import hashlib
import sqlite3
import time
from pathlib import Path
from typing import Any

import httpx
from typer.testing import CliRunner

from younuo.cli import app
from younuo.client import Client as LibraryClient
from younuo.client import Host as ClientHost
from younuo.client import LevelBot, MatchOver, RoomSettingsPatch, run_bot
from younuo.server.accounts.bots import may_enter_rated
from younuo.server.realtime.connections import CLOSE_REVOKED
from younuo.store.models import Account

from .harness import Client, ServerProcess
from .test_admin import PASSWORD, admin_create, bearer, login, register

ONE_ROUND = {"scoring": "single", "turn_seconds": 0}


def bot_of(http: str, owner: dict[str, Any], name: str) -> dict[str, Any]:
    made = httpx.post(f"{http}/api/me/bots", json={"name": name}, headers=bearer(owner))
    assert made.status_code == 200, made.text
    return dict(made.json())


def token_of(http: str, owner: dict[str, Any], bot_id: str, label: str = "") -> dict[str, Any]:
    made = httpx.post(
        f"{http}/api/me/bots/{bot_id}/tokens", json={"label": label}, headers=bearer(owner)
    )
    assert made.status_code == 200, made.text
    return dict(made.json())


def test_may_enter_rated_is_false_only_for_a_bot_no_admin_allowed() -> None:
    assert may_enter_rated(Account(bot=False, bot_rated=False))
    assert not may_enter_rated(Account(bot=True, bot_rated=False))
    assert may_enter_rated(Account(bot=True, bot_rated=True))


def test_owner_makes_bots_and_tokens_and_a_revoked_token_closes_its_socket(
    server: ServerProcess,
) -> None:
    http = server.http
    owner = register(http, "Owner")
    guest = server.guest("Drifter")
    # A guest cannot own bots; bad input is refused and makes nothing.
    refused = httpx.post(f"{http}/api/me/bots", json={"name": "G Bot"}, headers=bearer(guest))
    assert refused.status_code == 403 and refused.json()["code"] == "forbidden"
    bad = httpx.post(f"{http}/api/me/bots", json={"name": "  "}, headers=bearer(owner))
    assert bad.status_code == 400 and bad.json()["code"] == "bad_name"
    taken = httpx.post(f"{http}/api/me/bots", json={"name": "owner"}, headers=bearer(owner))
    assert taken.status_code == 409 and taken.json()["code"] == "name_taken"
    assert httpx.get(f"{http}/api/me/bots", headers=bearer(owner)).json() == []

    bot = bot_of(http, owner, "Owner Bot")
    assert bot["bot"] is True and bot["bot_owner"] == owner["account"]["id"]
    listed = httpx.get(f"{http}/api/me/bots", headers=bearer(owner)).json()
    assert [b["id"] for b in listed] == [bot["id"]]
    # The bot has no password: it cannot log in with one.
    no_login = httpx.post(f"{http}/api/auth/login", json={"name": "Owner Bot", "password": ""})
    assert no_login.status_code in (401, 422)

    first = token_of(http, owner, bot["id"], "laptop")
    second = token_of(http, owner, bot["id"])
    tokens = httpx.get(f"{http}/api/me/bots/{bot['id']}/tokens", headers=bearer(owner)).json()
    assert [t["id"] for t in tokens] == [first["id"], second["id"]]
    assert all("token" not in t for t in tokens)  # shown once, at creation only
    assert tokens[0]["label"] == "laptop"
    # Hashed at rest: the token itself is nowhere in the database.
    db = sqlite3.connect(server.data / "younuo.db")
    stored = {row[0] for row in db.execute("SELECT token_hash FROM bot_tokens")}
    db.close()
    assert hashlib.sha256(first["token"].encode()).hexdigest() in stored
    assert first["token"] not in stored

    me = httpx.get(f"{http}/api/me", headers=bearer(first))
    assert me.status_code == 200 and me.json()["bot"] is True
    assert me.json()["name"] == "Owner Bot"
    # Someone else's bot is as unknown as none; so is a token of another bot.
    stranger = register(http, "Stranger")
    for method, path in (
        ("GET", f"/api/me/bots/{bot['id']}/tokens"),
        ("POST", f"/api/me/bots/{bot['id']}/tokens"),
        ("DELETE", f"/api/me/bots/{bot['id']}/tokens/{first['id']}"),
    ):
        answer = httpx.request(method, f"{http}{path}", json={}, headers=bearer(stranger))
        assert answer.status_code == 404 and answer.json()["code"] == "not_found"
    # A bot cannot own bots.
    nested = httpx.post(f"{http}/api/me/bots", json={"name": "Sub Bot"}, headers=bearer(first))
    assert nested.status_code == 403

    async def main() -> None:
        socket = Client(server, {"token": first["token"], "account": bot})
        other = Client(server, {"token": second["token"], "account": bot})
        welcome = await socket.connect()
        assert welcome is not None and welcome["account"]["bot"] is True
        revoked = httpx.delete(
            f"{http}/api/me/bots/{bot['id']}/tokens/{first['id']}", headers=bearer(owner)
        )
        assert revoked.json() == {"ok": True}
        await asyncio.wait_for(socket.closed.wait(), 5)
        assert socket.ws.close_code == CLOSE_REVOKED
        # The other token still opens the bot's socket.
        await other.connect()
        assert (await other.request({"type": "ping"}))["type"] == "pong"
        await other.close()

    asyncio.run(main())
    gone = httpx.get(f"{http}/api/me", headers=bearer(first))
    assert gone.status_code == 401 and gone.json()["code"] == "bad_token"
    again = httpx.delete(
        f"{http}/api/me/bots/{bot['id']}/tokens/{first['id']}", headers=bearer(owner)
    )
    assert again.status_code == 404


def test_a_bot_plays_a_match_over_the_network_unrated_until_an_admin_allows_it(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    assert admin_create(data, "Root", PASSWORD).returncode == 0
    with ServerProcess(data) as server:
        http = server.http
        root = login(http, "Root")
        owner = register(http, "Maker")
        bot = bot_of(http, owner, "Maker Bot")
        token = token_of(http, owner, bot["id"])["token"]

        async def play(seed: int) -> Any:
            level = LevelBot("hard", seed=seed)
            return await run_bot(
                http,
                token,
                level.decide,
                observe=level.observe,
                quick_match="party",
                host=ClientHost(
                    bots=("normal", "normal"),
                    settings=RoomSettingsPatch(needed=3, options=ONE_ROUND),
                ),
            )

        def scoring_match(seed: int) -> tuple[str, Any]:
            """Matches until one in which the bot's points would move a rating."""
            for attempt in range(6):
                result = asyncio.run(asyncio.wait_for(play(seed + attempt), 60))
                assert result.status == "over"
                (mine,) = [r for r in result.results if r.name == "Maker Bot"]
                if sum(mine.breakdown.values()):
                    return result.match, mine
            raise AssertionError("the bot never scored in 6 matches")

        match, mine = scoring_match(1)
        assert mine.rating_change == 0  # announced as stored: no rating moved
        stored = httpx.get(f"{http}/api/matches/{match}").json()["results"]
        assert [r["rating_change"] for r in stored if r["name"] == "Maker Bot"] == [0]
        me = httpx.get(f"{http}/api/me", headers={"Authorization": f"Bearer {token}"})
        assert me.json()["rating"] == 0

        # Only an admin may allow it; a player's try is refused and changes nothing.
        path = f"{http}/api/admin/accounts/{bot['id']}/bot-rated"
        body = {"allowed": True, "reason": "a known research bot"}
        assert httpx.post(path, json=body, headers=bearer(owner)).status_code == 403
        person = f"{http}/api/admin/accounts/{owner['account']['id']}/bot-rated"
        assert httpx.post(person, json=body, headers=bearer(root)).status_code == 400
        assert (
            httpx.post(path, json={**body, "reason": " "}, headers=bearer(root)).status_code == 400
        )
        allowed = httpx.post(path, json=body, headers=bearer(root))
        assert allowed.status_code == 200 and allowed.json()["bot_rated"] is True
        log = httpx.get(
            f"{http}/api/admin/audit", params={"target": bot["id"]}, headers=bearer(root)
        ).json()
        assert [(e["action"], e["details"]["to"]) for e in log] == [("bot_rated", True)]
        # Allowed, its results move its rating like anyone's.
        match, mine = scoring_match(100)
        assert mine.rating_change == sum(mine.breakdown.values()) != 0
        me = httpx.get(f"{http}/api/me", headers={"Authorization": f"Bearer {token}"})
        assert me.json()["rating"] == mine.rating == max(0, mine.rating_change)


def test_a_bot_account_that_stops_answering_is_handled_like_a_human_who_drops(
    server: ServerProcess,
) -> None:
    """The bot account sits at a table through younuo.client and then sends nothing: the
    turn clock runs out on it and the server puts its seat on auto-play, as for anyone."""
    http = server.http
    owner = register(http, "Idle Owner")
    bot = bot_of(http, owner, "Idle Bot")
    token = token_of(http, owner, bot["id"])["token"]

    async def main() -> None:
        client = LibraryClient(http, token)
        await client.connect()
        person = LibraryClient(http, server.guest("Looker")["token"])
        await person.connect()
        try:
            await client.create_room(
                RoomSettingsPatch(
                    seats=3, needed=3, options={"turn_seconds": 1, "scoring": "single"}
                )
            )
            await client.add_bot("easy")
            await client.add_bot("easy")
            await client.until(lambda: client.room is not None and all(client.room.seats), 10)
            room = client.room
            assert room is not None
            # Shown as a bot: its seat in the room, the lobby's count, and at the table.
            marks = {s.name: (s.kind, s.bot_account) for s in room.seats if s is not None}
            assert marks["Idle Bot"] == ("human", True)
            assert [m for n, m in marks.items() if n != "Idle Bot"] == [("bot", False)] * 2
            listed = {r.id: r for r in await person.list_rooms()}
            assert listed[room.id].bot_accounts == 1
            await client.ready(True)
            await client.start()
            await client.until(lambda: client.match is not None, 10)
            assert client.match is not None
            table = {s.name: s.bot_account for s in client.match.table}
            assert table == {n: n == "Idle Bot" for n in marks}

            def on_autoplay() -> bool:
                match = client.match
                return match is not None and any(
                    s.name == "Idle Bot" and s.autoplay for s in match.table
                )

            await client.until(on_autoplay, 20)
        finally:
            await client.close()
            await person.close()

    asyncio.run(asyncio.wait_for(main(), 40))


def test_a_bot_account_is_held_to_one_budget_over_all_its_tokens(tmp_path: Path) -> None:
    """30 requests a minute, 3 at once: another token or socket buys the bot nothing;
    over the budget the socket says ``rate_limited`` with ``retry_after`` and REST says
    429 with Retry-After, and a person on the same server is not held to it. The client
    library waits the ``retry_after`` it is told, then goes on."""
    env = {"YOUNUO_BOT_PER_MINUTE": "30", "YOUNUO_BOT_BURST": "3"}
    with ServerProcess(tmp_path / "data", env=env) as server:
        http = server.http
        owner = register(http, "Budget Owner")
        bot = bot_of(http, owner, "Budget Bot")
        first, second = (token_of(http, owner, bot["id"]) for _ in range(2))

        async def main() -> None:
            one = Client(server, {"token": first["token"], "account": bot})
            two = Client(server, {"token": second["token"], "account": bot})
            person = Client(server, server.guest("Free Walker"))
            await person.connect()
            await one.connect()
            replies = [await one.request({"type": "ping"}) for _ in range(2)]
            await one.close()
            await two.connect()  # another token, a new socket: the same budget
            replies.append(await two.request({"type": "ping"}))
            assert [r["type"] for r in replies] == ["pong"] * 3
            over = await two.request({"type": "ping"})
            assert over["type"] == "error" and over["code"] == "rate_limited", over
            assert over["details"]["retry_after"] >= 1 and "try again" in over["message"]
            rest = httpx.get(f"{http}/api/me", headers=bearer(first))
            assert rest.status_code == 429 and rest.json()["code"] == "rate_limited"
            assert int(rest.headers["Retry-After"]) >= 1
            people = [await person.request({"type": "ping"}) for _ in range(10)]
            assert {r["type"] for r in people} == {"pong"}
            await two.close()
            await person.close()

            library = LibraryClient(http, first["token"], retry_for=15)
            await library.connect()
            asked = time.monotonic()
            await library.ping()  # refused first, sent again after retry_after
            assert time.monotonic() - asked >= 1.0
            await library.close()

        asyncio.run(asyncio.wait_for(main(), 60))


def test_younuo_bot_with_a_bot_account_s_token(server: ServerProcess) -> None:
    """``younuo bot --server URL --level hard --token T`` (the issue's words) sits a hard
    bot at a table under the bot account's name and plays the match to its end."""
    owner = register(server.http, "Cli Owner")
    bot = bot_of(server.http, owner, "Cli Bot")
    token = token_of(server.http, owner, bot["id"])["token"]
    result = CliRunner().invoke(
        app,
        [
            "bot", "--server", server.http, "--token", token, "--level", "hard",
            "--quick-match", "classic", "--bots", "normal,normal,normal",
            "--option", "scoring=single", "--option", "turn_seconds=0", "--json",
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    # The token on the command line works, with a warning on standard error (docs/client.md).
    assert "process list" in result.stderr
    over = MatchOver.model_validate_json(result.stdout)
    assert over.status == "over" and "Cli Bot" in {r.name for r in over.results}
