"""A tournament on two nodes (issue 27 on the deployment of issue 25): created on one
node, entered on the other, its tables started by whichever node holds the scheduler.
Kill -9 that node while the first stage plays: the other takes the scheduler and the
tables' matches over, and the event finishes there, each table played exactly once."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from tournaments.serving import (
    ENV,
    admin_create,
    check_finished,
    enter_eight,
    get,
    login,
    tables_stored,
    wait_for,
)

from .deployment import Deployment
from .services import PostgresServer, RedisServer

LEASE = 2.0
"""``match_lease`` of the nodes (seconds), and so of the scheduler's lease."""

SLOW = {**ENV, "YOUNUO_MATCH_LEASE": str(LEASE), "YOUNUO_NEXT_ROUND_DELAY": "1"}
"""Bots act at once, so a one-round table can end before the test looks at it (CI saw
that): tables play to 500 with 1 s between rounds, so the first stage is still running
when the node that runs it is killed."""


def test_an_event_survives_the_loss_of_the_node_that_runs_it(tmp_path: Path) -> None:
    with PostgresServer() as pg, RedisServer() as redis:
        url = asyncio.run(pg.fresh_database("events"))
        admin_create(tmp_path / "admin", "Root", url)
        nodes = Deployment(tmp_path, url, redis, 2, env=SLOW)
        nodes.start()
        try:
            n0, n1 = nodes.nodes
            tid, _ = enter_eight(n1, login(n0, "Root"), options={}, target=500)
            deadline = time.monotonic() + 60
            while not (first := get(n0, tid))["tables"]:
                assert time.monotonic() < deadline, f"the event did not start: {first}"
                time.sleep(0.2)
            assert first["status"] == "running"
            assert not all(t["done"] for t in first["tables"]), "stage 1 ended before the kill"
            (runner,) = [i for i in (0, 1) if nodes.health(i)["scheduler"]]
            # The scheduler's node started the tables, so it runs their matches: its
            # death takes the matches down too, not only the scheduler.
            owners = {nodes.running_on(t["match"]) for t in first["tables"] if not t["done"]}
            assert f"n{runner}" in owners, (runner, owners)
            nodes.nodes[runner].kill9()
            survivor = nodes.nodes[1 - runner]
            done = wait_for(survivor, tid, "finished", timeout=240)
            assert nodes.health(1 - runner)["scheduler"]
            check_finished(survivor, done)
            matches, rooms = tables_stored(url)
            assert matches == sorted(t["match"] for t in done["tables"])
            assert rooms == sorted(t["room"] for t in done["tables"])
        finally:
            nodes.stop()
