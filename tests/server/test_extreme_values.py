"""Issue 38 §2: values at the very ends of what the routes accept are stored, and then
every public listing reads and every scheduler job runs as with ordinary ones.

The application runs in this process (the real app, its SQLite store and its jobs, no
stand-ins) so that each of its scheduler's jobs can be run on demand: an event a year
ahead with the longest check-in and the biggest cap, a series from the calendar's first
day (a year of instances due at once) and one in its last year, a room with every
number option at its highest, a suspension of a year, a report with the longest note.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tournaments.serving import PASSWORD, admin_create
from younuo.engine import INT_RANGES
from younuo.server.app import create_app
from younuo.server.cluster.scheduler import Scheduler
from younuo.server.settings import Settings
from younuo.tournaments.series import OPENS_MAX
from younuo.tournaments.spec import CAP_MAX, CHECK_IN_MAX, ROUNDS_MAX, STARTS_AHEAD_MAX

JOBS = {
    "purge_sessions",
    "purge_origins",
    "fairplay_scan",
    "tournaments",
    "series",
    "purge_chat",
    "purge_evidence",
}
"""Every job the scheduler of a single server runs."""


def _spec(name: str, starts: datetime, **fields: Any) -> dict[str, Any]:
    return {
        "name": name,
        "format": "swiss",
        "starts_at": starts.isoformat(),
        "cap": CAP_MAX,
        "check_in": int(CHECK_IN_MAX.total_seconds()),
        "rounds": ROUNDS_MAX,
        "match_seconds": 86_400,
        "target": 1_000_000,
        "table_min": 4,
        "table_max": 8,
        "no_show": "bot",
        **fields,
    }


def _series(key: str, starts: str, template: dict[str, Any]) -> dict[str, Any]:
    opens = int(OPENS_MAX.total_seconds())
    return {
        "key": key,
        "name": key.title(),
        "starts": starts,
        "events": [
            {
                "key": "weekly",
                "level": "weekly",
                "schedule": {"at": "23:59:59", "weekday": 6, "opens": opens},
                "spec": template,
            },
            {
                "key": "annual",
                "level": "annual",
                "schedule": {"at": "23:59:59", "day": 28, "month": 12, "opens": opens},
                "spec": template,
            },
        ],
        "feeds": [{"source": "weekly", "target": "annual", "places": CAP_MAX}],
        "top": "annual",
        "titles": {"master_levels": ["weekly", "annual"]},
    }


def test_extreme_accepted_values_leave_every_listing_and_job_working(tmp_path: Path) -> None:
    data = tmp_path / "data"
    admin_create(data, "Root")
    settings = Settings.load(data=data, bot_timing="none", sqlite_synchronous="normal")
    app = create_app(settings)
    now = datetime.now(UTC)
    with TestClient(app, client=("127.0.0.1", 50000)) as client:

        def as_(who: dict[str, Any]) -> dict[str, str]:
            return {"Authorization": f"Bearer {who['token']}"}

        def ok(method: str, path: str, who: dict[str, Any], body: Any = None) -> Any:
            answer = client.request(method, path, json=body, headers=as_(who))
            assert answer.status_code == 200, (path, answer.text)
            return answer.json()

        root = client.post("/api/auth/login", json={"name": "Root", "password": PASSWORD}).json()
        ann, bob = (client.post("/api/auth/guest", json={"name": n}).json() for n in "AB")
        latest = now + STARTS_AHEAD_MAX - timedelta(minutes=1)
        template = _spec("Far cup", latest)
        far = ok("POST", "/api/tournaments", root, template)
        ok("POST", f"/api/tournaments/{far['id']}/register", ann, {"code": None})
        soon = _spec("Soon", now + timedelta(seconds=2), code="Z" * 8 + "9" * 8, check_in=0)
        mine = ok("POST", "/api/tournaments", ann, soon)
        ok("POST", "/api/admin/series", root, {"series": _series("first", "2000-01-01", template)})
        ok("POST", "/api/admin/series", root, {"series": _series("last", "2199-01-01", template)})
        options = {key: high for key, (_low, high) in INT_RANGES.items()}
        room = ok(
            "POST",
            "/api/rooms",
            bob,
            {"name": "R" * 40, "seats": 10, "needed": 10, "options": options},
        )
        ok("POST", "/api/me/friends", bob, {"account": ann["account"]["id"]})
        report = {"account": ann["account"]["id"], "reason": "name", "source": "profile"}
        ok("POST", "/api/reports", bob, {**report, "note": "n" * 500})
        ok("PATCH", "/api/me", bob, {"name": "B" * 20})
        year = {"standing": "suspended", "reason": "r" * 500, "seconds": 366 * 86_400}
        ok("POST", f"/api/admin/accounts/{ann['account']['id']}/standing", root, year)
        ok("GET", "/api/admin/audit", root, None)
        client.get(f"/api/admin/audit?before={2**31 - 1}", headers=as_(root))

        # Every job, at once and again (jobs are idempotent), past the near event's start.
        scheduler: Scheduler = app.services.scheduler
        assert {job.name for job in scheduler.jobs} == JOBS
        assert client.portal is not None
        for job in scheduler.jobs:
            client.portal.call(job.run)
        time.sleep(max(0.0, (now + timedelta(seconds=2.5) - datetime.now(UTC)).total_seconds()))
        for job in scheduler.jobs:
            client.portal.call(job.run)
        # The first series made a year of weekly instances (and its annual one).
        events = ok("GET", "/api/tournaments?limit=200", root)
        weekly = [e for e in events if e["id"].startswith("first:weekly:")]
        assert len(weekly) >= 50, len(weekly)
        assert far["id"] in [e["id"] for e in events]

        # Every listing and page reads, with these values in it.
        ids = {
            "account_id": ann["account"]["id"],
            "tournament_id": far["id"],
            "key": "last",
            "room_id": room["id"],
            "match_id": "nomatch",
            "bot_id": "nobot",
            "token_id": "notoken",
            "notice_id": "1",
            "report_id": "1",
        }
        gets = [
            path
            for path, methods in app.openapi()["paths"].items()
            if "get" in methods and path.startswith("/api/")
        ]
        assert len(gets) > 25
        for template_path in gets:
            path = template_path.format(**ids)
            for who in (root, bob, None):
                answer = client.get(path, headers=as_(who) if who else {})
                assert answer.status_code < 500, (path, answer.text)
        series = {s["key"]: s for s in ok("GET", "/api/series", bob)}
        assert set(series) == {"first", "last"}
        assert series["last"]["upcoming"][0]["starts_at"].startswith("2199-01-")
        page = ok("GET", f"/api/tournaments/{far['id']}", bob)
        assert page["spec"]["check_in"] == 86_400 and page["spec"]["cap"] == CAP_MAX
        # The near event was started at its time (with nobody registered: called off).
        assert ok("GET", f"/api/tournaments/{mine['id']}", ann)["status"] == "cancelled"
        assert ok("GET", f"/api/rooms/{room['id']}", bob)["settings"]["seats"] == 10
        assert client.get("/healthz").json()["ok"] is True
