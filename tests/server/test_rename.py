"""A moderator renames an offensive name (issue 29, Reports and moderation): only
moderators and admins, with a reason, checked like any name, audit-logged with the old
and the new name; the player's account carries the new name from then on, and the player
is told why (a ``moderation`` notice, pushed if connected and kept)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx

from .harness import Client, ServerProcess
from .test_admin import PASSWORD, admin_create, bearer, login, register


def test_a_moderator_renames_an_offensive_name_with_a_reason(tmp_path: Path) -> None:
    data = tmp_path / "data"
    assert admin_create(data, "Root", PASSWORD).returncode == 0
    with ServerProcess(data) as server:
        http = server.http
        root = login(http, "Root")
        rude = register(http, "Rudename")
        other = register(http, "Bystander")
        moderator = register(http, "Modder")
        made = httpx.post(
            f"{http}/api/admin/accounts/{moderator['account']['id']}/role",
            json={"role": "moderator"},
            headers=bearer(root),
        )
        assert made.status_code == 200
        path = f"{http}/api/admin/accounts/{rude['account']['id']}/name"
        body = {"name": "Player 7", "reason": "reported name (report 12)"}
        assert httpx.post(path, json=body, headers=bearer(other)).status_code == 403
        assert (
            httpx.post(path, json={**body, "reason": " "}, headers=bearer(moderator)).json()["code"]
            == "bad_request"
        )
        taken = httpx.post(path, json={**body, "name": "bystander"}, headers=bearer(moderator))
        assert taken.status_code == 409 and taken.json()["code"] == "name_taken"
        bad = httpx.post(path, json={**body, "name": "\u200b"}, headers=bearer(moderator))
        assert bad.status_code == 400 and bad.json()["code"] == "bad_name"
        me = httpx.get(f"{http}/api/me", headers=bearer(rude)).json()
        assert me["name"] == "Rudename"  # nothing changed by the refusals

        async def renamed_while_connected() -> dict[str, object]:
            ws = Client(server, rude)
            await ws.connect()
            done = httpx.post(path, json=body, headers=bearer(moderator))
            assert done.status_code == 200 and done.json()["name"] == "Player 7"
            pushed = await ws.expect("notice")
            await ws.close()
            return dict(pushed["notice"])

        told = {"action": "rename", "note": body["reason"], "name": "Player 7",
                "from": "Rudename"}  # fmt: skip
        pushed = asyncio.run(renamed_while_connected())
        assert pushed["kind"] == "moderation" and pushed["payload"] == told
        kept = httpx.get(f"{http}/api/me/notices", headers=bearer(rude)).json()
        assert [(n["kind"], n["payload"]) for n in kept] == [("moderation", told)]
        assert httpx.get(f"{http}/api/me/notices", headers=bearer(other)).json() == []
        assert httpx.get(f"{http}/api/me", headers=bearer(rude)).json()["name"] == "Player 7"
        log = httpx.get(
            f"{http}/api/admin/audit",
            params={"target": rude["account"]["id"]},
            headers=bearer(root),
        ).json()
        assert [(e["action"], e["details"]["from"], e["details"]["to"]) for e in log] == [
            ("rename", "Rudename", "Player 7")
        ]
        # A moderator acts on players only.
        path = f"{http}/api/admin/accounts/{root['account']['id']}/name"
        assert httpx.post(path, json=body, headers=bearer(moderator)).status_code == 403
