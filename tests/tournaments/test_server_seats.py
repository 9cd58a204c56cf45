"""A tournament table's seats on a real server show who sits there (issue 38, 6): a bot
account's seat is marked ``bot_account`` and a master's seat has its ``title``, in the
table's room and on every ``TableSeat`` of its match, as at any other table."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx

from server.harness import Client, ServerProcess
from server.test_bot_accounts import bot_of, token_of
from server.test_titles_api import _award

from .serving import ENV, admin_create, bearer, login, post, starting_in


def test_a_bot_account_and_a_master_show_as_such_at_their_table(tmp_path: Path) -> None:
    data = tmp_path / "data"
    admin_create(data, "Root")
    with ServerProcess(data, env=ENV) as server:
        http = server.http
        root = login(server, "Root")
        master = httpx.post(
            f"{http}/api/auth/register",
            json={"name": "Champ", "password": "correct horse battery"},
            timeout=10,
        ).json()
        _award(data, master["account"]["id"])
        bot = bot_of(http, master, "Robo")
        allowed = httpx.post(
            f"{http}/api/admin/accounts/{bot['id']}/bot-rated",
            json={"allowed": True, "reason": "a known program"},
            headers=bearer(root),
            timeout=10,
        )
        assert allowed.status_code == 200, allowed.text
        token = token_of(http, master, bot["id"])
        spec = {"name": "League", "format": "league", "cap": 4, "check_in": 0}
        made = post(server, "", root, {**spec, "starts_at": starting_in(5)})
        assert made.status_code == 200, made.text
        tid = made.json()["id"]
        robo = {"token": token["token"], "account": bot}
        for who in (master, robo, server.guest("Pat"), server.guest("Sam")):
            assert post(server, f"/{tid}/register", who).status_code == 200

        async def table_of(session: dict[str, Any]) -> tuple[dict[str, Any], ...]:
            client = Client(server, session)
            await client.connect()
            try:
                told = await client.expect("tournament_table", 60)
                room = await client.expect(
                    lambda f: f.get("type") == "room" and f["room"]["id"] == told["room"], 30
                )
                state = await client.expect(
                    lambda f: f.get("type") == "state" and f["match"] == told["match"], 30
                )
            finally:
                await client.close()
            return room, state

        async def both() -> list[tuple[dict[str, Any], ...]]:
            return list(await asyncio.gather(table_of(master), table_of(robo)))

        for room, state in asyncio.run(both()):
            seats = {s["name"]: s for s in room["room"]["seats"] if s}
            assert (seats["Champ"]["title"], seats["Champ"]["bot_account"]) == ("master", False)
            assert (seats["Robo"]["title"], seats["Robo"]["bot_account"]) == (None, True)
            assert seats["Pat"]["title"] is None and not seats["Pat"]["bot_account"]
            table = {s["name"]: s for s in state["table"]}
            assert (table["Champ"]["title"], table["Champ"]["bot_account"]) == ("master", False)
            assert (table["Robo"]["title"], table["Robo"]["bot_account"]) == (None, True)
            assert table["Robo"]["kind"] == "human"  # a person's seat, held by a program
