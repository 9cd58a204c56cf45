"""Swiss rounds and the partner-rotation league run for real on a server: every table a
match on the match service (its players away, so bots play their seats), each stored
result recorded once, to the final standings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from server.harness import ServerProcess

from .serving import ENV, admin_create, login, post, starting_in, swiss, wait_for


def _run(tmp_path: Path, spec: dict[str, Any], players: int) -> tuple[ServerProcess, Any]:
    data = tmp_path / "data"
    admin_create(data, "Root")
    server = ServerProcess(data, env=ENV)
    server.start()
    root = login(server, "Root")
    made = post(server, "", root, {**spec, "starts_at": starting_in(6)})
    assert made.status_code == 200, made.text
    tid = made.json()["id"]
    for i in range(players):
        assert post(server, f"/{tid}/register", server.guest(f"Pat {i}")).status_code == 200
    return server, wait_for(server, tid, "finished", timeout=240)


def _matches_over(server: ServerProcess, event: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for t in event["tables"]:
        match = httpx.get(f"{server.http}/api/matches/{t['match']}", timeout=10).json()
        assert match["status"] == "over", match
        assert {r["account"] for r in match["results"]} == set(t["seats"])
        out.append(match)
    return out


def test_a_swiss_of_eight_over_two_rounds(tmp_path: Path) -> None:
    server, done = _run(tmp_path, swiss(), 8)
    try:
        assert [(t["stage"], len(t["seats"])) for t in done["tables"]] == [(1, 4)] * 2 + [
            (2, 4)
        ] * 2
        _matches_over(server, done)
        standings = done["standings"]
        assert [s["place"] for s in standings] == list(range(1, 9))
        assert all(s["played"] == 2 for s in standings)
        points = [s["points"] for s in standings]
        assert points == sorted(points, reverse=True)
        # Each round's winner earns 420 placement points, so the totals add up.
        assert sum(points) == 2 * 2 * (420 + 280 + 140)
        assert done["places"] == [s["entrant"] for s in standings]
    finally:
        server.stop()


def test_a_league_of_four_in_one_partner_rotation_match(tmp_path: Path) -> None:
    spec = {
        "name": "League",
        "format": "league",
        "cap": 4,
        "check_in": 0,
    }
    server, done = _run(tmp_path, spec, 4)
    try:
        (table,) = done["tables"]
        (match,) = _matches_over(server, done)
        assert match["rules"].get("partner_rotation") is True
        totals = {r["account"]: r["score"] for r in match["results"]}
        standings = done["standings"]
        assert {s["entrant"]: s["score"] for s in standings} == totals
        assert done["places"] == [s["entrant"] for s in standings]
        assert len(done["places"]) == 4 and set(table["places"]) == set(done["places"])
    finally:
        server.stop()
