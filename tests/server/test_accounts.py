"""Accounts over REST on a real server, settings precedence, and a match on PostgreSQL."""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path

import httpx
import pytest

from younuo.engine import CHOICES, PRESETS
from younuo.engine.rating import ESCAPE_BANDS, escape_penalty
from younuo.server.settings import Settings

from .harness import ServerProcess, act, play_until_over
from .test_play import make_table


def test_guest_registers_logs_in_and_out(server: ServerProcess) -> None:
    """Guests are durable accounts; registering (argon2) keeps the account; tokens are
    refused after logout; wrong passwords and taken names are refused."""
    http = server.http
    guest = server.guest("Ann")
    bearer = {"Authorization": f"Bearer {guest['token']}"}
    me = httpx.get(f"{http}/api/me", headers=bearer).json()
    assert me["guest"] is True and me["id"] == guest["account"]["id"]
    reg = httpx.post(
        f"{http}/api/auth/register",
        json={"name": "Annie", "password": "correct horse"},
        headers=bearer,
    )
    assert reg.status_code == 200 and reg.json()["account"]["id"] == me["id"]
    assert reg.json()["account"]["guest"] is False
    taken = httpx.post(
        f"{http}/api/auth/register", json={"name": "ANNIE", "password": "whatever123"}
    )
    assert taken.status_code == 409 and taken.json()["code"] == "name_taken"
    short = httpx.post(f"{http}/api/auth/register", json={"name": "Zed", "password": "short"})
    assert short.status_code == 401 and short.json()["code"] == "bad_password"
    wrong = httpx.post(
        f"{http}/api/auth/login", json={"name": "Annie", "password": "wrong password"}
    )
    assert wrong.status_code == 401 and wrong.json()["code"] == "bad_password"
    login = httpx.post(
        f"{http}/api/auth/login", json={"name": "annie", "password": "correct horse"}
    )
    assert login.status_code == 200
    token = {"Authorization": f"Bearer {login.json()['token']}"}
    patched = httpx.patch(
        f"{http}/api/me", json={"avatar": {"outfit": "pink", "expression": "wink"}}, headers=token
    )
    assert patched.json()["avatar"] == {"outfit": "pink", "expression": "wink"}
    assert httpx.post(f"{http}/api/auth/logout", headers=token).status_code == 200
    gone = httpx.get(f"{http}/api/me", headers=token)
    assert gone.status_code == 401 and gone.json()["code"] == "bad_token"
    # The interactive API pages are off unless api_docs turns them on (docs/security.md).
    assert httpx.get(f"{http}/docs").status_code == 404
    # The web client's files are revalidated each time: no stale modules after an upgrade.
    module = httpx.get(f"{http}/js/main.js")
    assert module.status_code == 200 and module.headers["cache-control"] == "no-cache"
    again = httpx.get(f"{http}/js/main.js", headers={"If-None-Match": module.headers["etag"]})
    assert again.status_code == 304
    assert "/ws" in httpx.get(f"{http}/openapi.json").json()["info"]["description"]
    assert len(httpx.get(f"{http}/api/levels").json()) == 20
    # The room editor's whole picture of the rules (the web client keeps no copy).
    rules = httpx.get(f"{http}/api/rules").json()
    assert rules["presets"]["younuo"] == PRESETS["younuo"].to_dict()
    assert set(rules["choices"]) == set(CHOICES)
    assert rules["ranges"]["turn_seconds"] == [0, 3600]
    assert set(rules["ranges"]) == {k for k, v in CHOICES.items() if v is int}
    # R-LEAVE: the escape table the leave dialog quotes, the engine's own.
    escape = [(b["from_points"], b["penalty"], b["compensation"]) for b in rules["escape"]]
    assert escape and all(escape_penalty(low)[0] == pen for low, pen, _ in escape)
    assert escape == list(ESCAPE_BANDS) and escape[3] == (101, -40, 10)


def test_settings_flags_over_environment_over_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Settings: a flag beats the environment, which beats the TOML file."""
    config = tmp_path / "younuo.toml"
    config.write_text(
        'port = 9001\nreconnect_grace = 30\ncatch_grace = 0.5\nallowed_origins = ["https://a.example"]\n'
    )
    monkeypatch.setenv("YOUNUO_RECONNECT_GRACE", "45")
    settings = Settings.load(config, port=9002)
    assert settings.port == 9002
    assert settings.reconnect_grace == 45
    assert settings.catch_grace == 0.5
    assert settings.allowed_origins == ["https://a.example"]
    assert Settings.load(db="postgresql://u@h/d").database_url.startswith("postgresql+asyncpg://")


def test_a_match_on_postgresql(tmp_path: Path) -> None:
    """The server on a real PostgreSQL (``--db``): a match with bots to its end, rated."""
    from store.postgres import INSTALL, fresh_database, pg_bin, postgres_server

    if pg_bin() is None:
        pytest.skip(f"PostgreSQL binaries not found: install them with `{INSTALL}`")
    with postgres_server() as admin:
        url = asyncio.run(fresh_database(admin, "s_" + uuid.uuid4().hex[:10]))
        server = ServerProcess(tmp_path / "data", db=url)
        server.start()
        try:

            async def main() -> dict[str, object]:
                clients, _room = await make_table(
                    server, ["Ann"], 2, {"scoring": "single", "turn_seconds": 0}
                )
                ann = clients[0]
                assert (await ann.request({"type": "start"}))["type"] == "ack"
                state = await ann.expect("state")
                await act(ann, state)
                over = await play_until_over(ann, state["match"])
                await ann.close()
                return over

            over = asyncio.run(main())
            assert over["status"] == "over"
            health = httpx.get(f"{server.http}/healthz").json()
            assert health["db"] == "postgresql"
        finally:
            server.stop()
