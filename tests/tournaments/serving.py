"""A real server for the tournament tests: an admin made on the command line, guests,
events created and entered through the REST API, waiting on an event's status, and the
checks of a finished elimination of eight (its tables, their matches, what is stored)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import select

from server.harness import ServerProcess
from younuo.server.tournaments.tables import table_match_id, table_room_id
from younuo.store import Database
from younuo.store.models import Match, Room

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


def _eight_at_fours(**spec: Any) -> dict[str, Any]:
    """An event of 8 at tables of exactly 4, one round a table, starting in 6 s, with
    ``spec``'s fields over it."""
    return {
        "starts_at": starting_in(6),
        "options": {"scoring": "single"},
        "table_min": 4,
        "table_max": 4,
        "cap": 8,
        "check_in": 0,
        **spec,
    }


def elimination(**more: Any) -> dict[str, Any]:
    """8 entrants at tables of exactly 4, the top 2 of each go on: a final of 4."""
    return _eight_at_fours(**{"name": "Cup", "format": "elimination", "advance": 2, **more})


def swiss(**more: Any) -> dict[str, Any]:
    """8 entrants at two tables of 4, for two rounds."""
    return _eight_at_fours(**{"name": "Swiss", "format": "swiss", "rounds": 2, **more})


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


def enter_eight(
    server: ServerProcess, root: dict[str, Any], **spec: Any
) -> tuple[str, list[dict[str, Any]]]:
    """Create :func:`elimination` (with ``spec``'s fields over it) and register 8
    guests; the event's id and the guests."""
    made = post(server, "", root, elimination(**spec))
    assert made.status_code == 200, made.text
    event = made.json()
    assert event["private"] is False and event["status"] == "registration"
    assert event["code"] is None and event["tables"] == []
    guests = [server.guest(f"Pat {i}") for i in range(8)]
    for g in guests:
        entered = post(server, f"/{event['id']}/register", g, {"code": None})
        assert entered.status_code == 200, entered.text
    return event["id"], guests


def check_finished(server: ServerProcess, done: dict[str, Any]) -> None:
    """Three tables (two of 4, a final of 4 with the top two of each), each one's match
    over and its places the ones recorded, the champion the final's winner."""
    tables = done["tables"]
    assert [(t["stage"], len(t["seats"])) for t in tables] == [(1, 4), (1, 4), (2, 4)]
    assert all(t["done"] for t in tables)
    first, second, final = tables
    assert set(final["seats"]) == {*first["places"][:2], *second["places"][:2]}
    assert done["places"][0] == final["places"][0]
    assert done["standings"][0]["entrant"] == done["places"][0]
    assert sorted(done["places"]) == sorted(e["id"] for e in done["entrants"])
    for t in tables:
        assert t["match"] == table_match_id(done["id"], t["id"])
        assert t["room"] == table_room_id(done["id"], t["id"])
        match = httpx.get(f"{server.http}/api/matches/{t['match']}", timeout=10).json()
        assert match["status"] == "over", match
        winner = next(r for r in match["results"] if r["winner"])
        assert winner["account"] == t["places"][0]
        assert {r["account"] for r in match["results"]} == set(t["seats"])


def tables_stored(url: str) -> tuple[list[str], list[str]]:
    """The ids of every table's match and room in the database (``m1…``, ``r1…``)."""

    async def read() -> tuple[list[str], list[str]]:
        db = Database.from_url(url)
        try:
            async with db.session() as s:
                matches = await s.scalars(select(Match.id).where(Match.id.like("m1%")))
                rooms = await s.scalars(select(Room.id).where(Room.id.like("r1%")))
                return sorted(matches), sorted(rooms)
        finally:
            await db.close()

    return asyncio.run(read())
