"""A sanction in the middle of an event, on a real server (issue 38, 3): the entrant
leaves the table it plays (R-LEAVE), and every later table it is seated at takes it
out as it starts, so it is placed as a player who left at each (docs/security.md,
Sanctions)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx

from server.harness import Client, ServerProcess, play_until_over

from .serving import ENV, admin_create, bearer, login, post, starting_in, swiss, wait_for


def _left(name: str, match: str) -> Any:
    """A frame of ``match`` whose table shows ``name`` as having left."""
    return lambda f: (
        f.get("type") in ("state", "update")
        and f["match"] == match
        and any(s["name"] == name and s["left"] for s in f["table"])
    )


async def _seen_left(client: Client, name: str, match: str) -> None:
    """Wait for a view of ``match`` showing ``name`` as having left, then ask for the
    newest view (``sync``) and keep it unread where it arrived. ``expect`` takes the view
    it waits for out of the unread frames, and that view may be the last before Ann's
    turn: play_until_over would then act on an older one, where another player is to
    move, and the table would wait for her for ever (CI saw two minutes of it)."""
    await client.expect(_left(name, match), 30)
    newest = await client.request({"type": "sync"})
    assert newest["type"] == "state" and newest["match"] == match, newest
    client.unread.append(newest)


def test_an_entrant_banned_mid_event_leaves_each_of_its_tables(tmp_path: Path) -> None:
    data = tmp_path / "data"
    admin_create(data, "Root")
    with ServerProcess(data, env=ENV) as server:
        root = login(server, "Root")
        # One table of four a round, for two rounds; no turn clock, so that the first
        # round waits for Ann (connected) while Bob is banned.
        spec = swiss(cap=4, options={"scoring": "single", "turn_seconds": 0})
        made = post(server, "", root, {**spec, "starts_at": starting_in(5)})
        assert made.status_code == 200, made.text
        tid = made.json()["id"]
        ann, bob = server.guest("Ann"), server.guest("Bob")
        for who in (ann, bob, server.guest("Cat"), server.guest("Dan")):
            assert post(server, f"/{tid}/register", who).status_code == 200

        async def main() -> None:
            client = Client(server, ann)
            await client.connect()
            first = await client.expect("tournament_table", 60)
            await client.expect(lambda f: f.get("type") == "state" and f["match"] == first["match"])
            async with httpx.AsyncClient() as http:
                banned = await http.post(
                    f"{server.http}/api/admin/accounts/{bob['account']['id']}/standing",
                    json={"standing": "banned", "reason": "collusion"},
                    headers=bearer(root),
                    timeout=30,
                )
            assert banned.status_code == 200, banned.text
            await _seen_left(client, "Bob", first["match"])
            await play_until_over(client, first["match"], 120)
            second = await client.expect(
                lambda f: f.get("type") == "tournament_table" and f["stage"] == 2, 60
            )
            assert second["match"] != first["match"]
            await _seen_left(client, "Bob", second["match"])
            await play_until_over(client, second["match"], 120)
            await client.close()

        asyncio.run(main())
        done = wait_for(server, tid, "finished", timeout=120)
        assert [t["stage"] for t in done["tables"]] == [1, 2]
        for table in done["tables"]:
            match = httpx.get(f"{server.http}/api/matches/{table['match']}", timeout=10).json()
            left = {r["account"]: r["left"] for r in match["results"]}
            assert left[bob["account"]["id"]] is True
            assert left[ann["account"]["id"]] is False
