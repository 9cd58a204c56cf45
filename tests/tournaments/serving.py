"""A real server for the tournament tests: an admin made on the command line, guests,
events created and entered through the REST API, and waiting on an event's status."""

from __future__ import annotations

import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx

from server.harness import ServerProcess

PASSWORD = "correct horse battery"

ENV = {
    # The scheduler starts due events and re-issues running ones often.
    "YOUNUO_TOURNAMENT_TICK_SECONDS": "0.5",
    # Players who are not connected are played by a bot for the whole match (the grace
    # outlasts it), so every table ends "over" with its real scores.
    "YOUNUO_RECONNECT_GRACE": "3600",
}


def admin_create(data: Path, name: str, db: str | None = None) -> None:
    """Make the first admin on the command line (on ``db`` when given, else in ``data``)."""
    where = ["--db", db] if db else ["--data", str(data)]
    args = [sys.executable, "-m", "younuo", "admin", "create", name, *where]
    args.append("--password-stdin")
    done = subprocess.run(
        args, input=f"{PASSWORD}\n", capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr


def login(server: ServerProcess, name: str) -> dict[str, Any]:
    answer = httpx.post(
        f"{server.http}/api/auth/login", json={"name": name, "password": PASSWORD}, timeout=10
    )
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def bearer(session: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {session['token']}"}


def post(
    server: ServerProcess, path: str, who: dict[str, Any], body: dict[str, Any] | None = None
) -> httpx.Response:
    return httpx.post(
        f"{server.http}/api/tournaments{path}", json=body or {}, headers=bearer(who), timeout=30
    )


def get(server: ServerProcess, tournament_id: str) -> dict[str, Any]:
    answer = httpx.get(f"{server.http}/api/tournaments/{tournament_id}", timeout=30)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def starting_in(seconds: float) -> str:
    return (datetime.now(UTC) + timedelta(seconds=seconds)).isoformat()


def elimination(**more: Any) -> dict[str, Any]:
    """8 entrants at tables of exactly 4, the top 2 of each go on: a final of 4."""
    return {
        "name": "Cup",
        "format": "elimination",
        "starts_at": starting_in(6),
        "options": {"scoring": "single"},
        "table_min": 4,
        "table_max": 4,
        "advance": 2,
        "cap": 8,
        "check_in": 0,
        **more,
    }


def wait_for(
    server: ServerProcess, tournament_id: str, status: str, timeout: float = 120.0
) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        event = get(server, tournament_id)
        if event["status"] == status:
            return event
        if time.monotonic() > deadline:
            raise TimeoutError(f"{tournament_id} is {event['status']}: {event}")
        time.sleep(0.3)
