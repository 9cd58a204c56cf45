"""Administration (issue 27): roles and what each may do, the first admin from the command
line, suspensions and bans that end an account's sessions at once, and the audit log of
every admin action. The authorization is tested for real: a player cannot review, grant
or ban, a moderator cannot ban or touch an admin, nobody changes their own standing."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest

from younuo.protocol.roles import PERMISSIONS, Permission, Role, Standing, allows, standing_now

from .harness import Client, ServerProcess

PASSWORD = "correct horse battery"


def test_roles_permissions_and_standing() -> None:
    assert not any(allows(Role.PLAYER, p) for p in Permission)
    assert all(allows(Role.ADMIN, p) for p in Permission)
    assert allows(Role.MODERATOR, Permission.REVIEW_CASES)
    assert allows(Role.MODERATOR, Permission.SUSPEND)
    for kept in (Permission.BAN, Permission.SET_ROLES, Permission.CREATE_PUBLIC_EVENTS):
        assert not allows("moderator", kept)
    assert PERMISSIONS[Role.MODERATOR] < PERMISSIONS[Role.ADMIN]
    assert not allows("emperor", Permission.READ_AUDIT)  # an unknown role may do nothing
    assert standing_now("suspended", 100.0, 99.0) is Standing.SUSPENDED
    assert standing_now("suspended", 100.0, 100.0) is Standing.ACTIVE  # served
    assert standing_now("banned", None, 1e12) is Standing.BANNED


def admin_create(
    data: Path, name: str, password: str | None = None
) -> subprocess.CompletedProcess[str]:
    args = [sys.executable, "-m", "younuo", "admin", "create", name, "--data", str(data)]
    if password is not None:
        args.append("--password-stdin")
    return subprocess.run(
        args, input=f"{password}\n" if password else "", capture_output=True, text=True, timeout=120
    )


def login(http: str, name: str) -> dict[str, Any]:
    answer = httpx.post(f"{http}/api/auth/login", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def register(http: str, name: str) -> dict[str, Any]:
    answer = httpx.post(f"{http}/api/auth/register", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def bearer(session: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {session['token']}"}


def test_first_admin_from_the_command_line(tmp_path: Path) -> None:
    data = tmp_path / "data"
    made = admin_create(data, "Root", PASSWORD)
    assert made.returncode == 0, made.stderr
    assert "created and made an admin" in made.stdout
    again = admin_create(data, "root")  # an existing account: no password needed
    assert again.returncode == 0 and "made an admin" in again.stdout
    assert "created" not in again.stdout
    missing = admin_create(data, "Nobody")  # no such account and no password given
    assert missing.returncode != 0
    bad = admin_create(data, "x" * 300, PASSWORD)
    assert bad.returncode == 2 and "younuo admin:" in bad.stderr
    with ServerProcess(data) as server:
        root = login(server.http, "Root")
        assert root["account"]["role"] == "admin"
        log = httpx.get(f"{server.http}/api/admin/audit", headers=bearer(root)).json()
        assert [(e["action"], e["actor"], e["details"]["created"]) for e in log] == [
            ("set_role", None, False),
            ("set_role", None, True),
        ]


def test_the_readme_makes_the_first_admin_without_a_terminal() -> None:
    """The README's command runs in a script or a container too: without
    ``--password-stdin`` it asks for the password at a terminal."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    given = [line for line in readme.splitlines() if "younuo admin create" in line]
    assert given and all("--password-stdin" in line for line in given), given


@pytest.fixture
def staffed(tmp_path: Path) -> Any:
    """A server with an admin (Root), a moderator (Mo) and a player (Pat)."""
    data = tmp_path / "data"
    assert admin_create(data, "Root", PASSWORD).returncode == 0
    with ServerProcess(data) as server:
        root = login(server.http, "Root")
        mo = register(server.http, "Mo")
        pat = register(server.http, "Pat")
        made = httpx.post(
            f"{server.http}/api/admin/accounts/{mo['account']['id']}/role",
            json={"role": "moderator"},
            headers=bearer(root),
        )
        assert made.status_code == 200 and made.json()["role"] == "moderator"
        yield server, root, mo, pat


def test_who_may_do_what_and_the_audit_log(staffed: Any) -> None:
    server, root, mo, pat = staffed
    http = server.http
    pat_id, mo_id, root_id = (s["account"]["id"] for s in (pat, mo, root))

    def post(who: dict[str, Any], path: str, body: dict[str, Any]) -> httpx.Response:
        return httpx.post(f"{http}/api/admin/{path}", json=body, headers=bearer(who))

    suspend = {"standing": "suspended", "reason": "abuse in chat", "seconds": 3600}
    # A player may do nothing of it, nor read the log.
    for path, body in (
        (f"accounts/{mo_id}/role", {"role": "player"}),
        (f"accounts/{mo_id}/standing", suspend),
    ):
        refused = post(pat, path, body)
        assert refused.status_code == 403 and refused.json()["code"] == "forbidden"
    assert httpx.get(f"{http}/api/admin/audit", headers=bearer(pat)).status_code == 403
    assert httpx.get(f"{http}/api/admin/accounts/{mo_id}", headers=bearer(pat)).status_code == 403
    # A moderator: no roles, no bans, nothing against an admin; nobody acts on themselves.
    assert post(mo, f"accounts/{pat_id}/role", {"role": "moderator"}).status_code == 403
    assert (
        post(mo, f"accounts/{pat_id}/standing", {**suspend, "standing": "banned"}).status_code
        == 403
    )
    assert post(mo, f"accounts/{root_id}/standing", suspend).status_code == 403
    assert post(root, f"accounts/{root_id}/role", {"role": "player"}).status_code == 403
    # Bad input changes nothing.
    assert post(mo, f"accounts/{pat_id}/standing", {**suspend, "reason": " "}).status_code == 400
    assert post(mo, f"accounts/{pat_id}/standing", {**suspend, "seconds": None}).status_code == 400
    assert post(mo, f"accounts/{pat_id}/standing", {**suspend, "seconds": -1}).status_code == 422
    assert post(mo, "accounts/nobody/standing", suspend).status_code == 404
    assert post(root, f"accounts/{pat_id}/role", {"role": "emperor"}).status_code == 422
    seen = httpx.get(f"{http}/api/admin/accounts/{pat_id}", headers=bearer(mo)).json()
    assert (seen["role"], seen["standing"]) == ("player", "active")
    # A guest may not take a registered name (docs/security.md); a name a guest held
    # before it was registered is shared, the registered account listed first.
    taken = httpx.post(f"{http}/api/auth/guest", json={"name": "pat"})
    assert taken.status_code == 409 and taken.json()["code"] == "name_taken"
    httpx.post(f"{http}/api/auth/guest", json={"name": "sam"}).raise_for_status()
    register(http, "Sam")
    found = httpx.get(f"{http}/api/admin/accounts", params={"name": "SAM"}, headers=bearer(mo))
    assert [(a["name"], a["guest"]) for a in found.json()] == [("Sam", False), ("sam", True)]
    assert (
        httpx.get(
            f"{http}/api/admin/accounts", params={"name": "Pat"}, headers=bearer(pat)
        ).status_code
        == 403
    )

    # The fair-play queue: moderators read and decide it, players see only their decisions.
    assert httpx.get(f"{http}/api/admin/cases", headers=bearer(mo)).json() == []
    assert httpx.get(f"{http}/api/admin/cases", headers=bearer(pat)).status_code == 403
    verdict = {"verdict": "warn", "note": "careful"}
    assert post(mo, "cases/collusion:x,y/decision", verdict).status_code == 404
    assert post(pat, "cases/collusion:x,y/decision", verdict).status_code == 403
    assert post(mo, "cases/k/decision", {**verdict, "verdict": "jail"}).status_code == 422
    assert httpx.get(f"{http}/api/me/decisions", headers=bearer(pat)).json() == []

    log = httpx.get(f"{http}/api/admin/audit", headers=bearer(mo)).json()
    assert [(e["action"], e["actor"], e["target"]) for e in log] == [
        ("set_role", root_id, mo_id),
        ("set_role", None, root_id),
    ]


def test_a_suspension_and_a_ban_end_the_sessions_at_once(staffed: Any) -> None:
    server, root, mo, pat = staffed
    http = server.http
    pat_id = pat["account"]["id"]

    async def scenario() -> None:
        client = Client(server, pat)
        await client.connect()
        answer = httpx.post(
            f"{http}/api/admin/accounts/{pat_id}/standing",
            json={"standing": "suspended", "reason": "feeding points", "seconds": 3600},
            headers=bearer(mo),
        )
        assert answer.status_code == 200 and answer.json()["standing"] == "suspended"
        await asyncio.wait_for(client.closed.wait(), 10)
        assert client.ws.close_code == 4002
        await client.close()

    asyncio.run(scenario())
    assert httpx.get(f"{http}/api/me", headers=bearer(pat)).status_code == 401
    refused = httpx.post(f"{http}/api/auth/login", json={"name": "Pat", "password": PASSWORD})
    assert refused.status_code == 403 and refused.json()["code"] == "account_suspended"
    assert "until" in refused.json()["message"]

    ban = {"standing": "banned", "reason": "multi-accounting"}
    answer = httpx.post(
        f"{http}/api/admin/accounts/{pat_id}/standing", json=ban, headers=bearer(root)
    )
    assert answer.status_code == 200
    refused = httpx.post(f"{http}/api/auth/login", json={"name": "Pat", "password": PASSWORD})
    assert refused.json()["code"] == "account_banned"
    # Lifting a ban is an admin's; then Pat plays again.
    lift = {"standing": "active", "reason": "appeal upheld"}
    assert (
        httpx.post(
            f"{http}/api/admin/accounts/{pat_id}/standing", json=lift, headers=bearer(mo)
        ).status_code
        == 403
    )
    assert (
        httpx.post(
            f"{http}/api/admin/accounts/{pat_id}/standing", json=lift, headers=bearer(root)
        ).status_code
        == 200
    )
    login(http, "Pat")

    log = httpx.get(
        f"{http}/api/admin/audit", params={"target": pat_id}, headers=bearer(root)
    ).json()
    assert [(e["action"], e["details"]["reason"]) for e in log] == [
        ("standing_active", "appeal upheld"),
        ("standing_banned", "multi-accounting"),
        ("standing_suspended", "feeding points"),
    ]
    assert log[2]["details"]["until"] > log[2]["at"]
