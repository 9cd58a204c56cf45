"""A new match: dealt and prepared (its runtime and its database row), then opened once
its row is stored.

The match service stores the row between the two steps (a room or a tournament's table
does it in its own transaction), and announces the opened match to its members.
"""

from __future__ import annotations

import time

from younuo.engine import Game, Rules
from younuo.engine.rng import Seed
from younuo.server.match import storage
from younuo.server.match.clocks import SeatControl, start_clock
from younuo.server.match.core import SeatInfo
from younuo.server.match.driver import BotDriver
from younuo.server.match.kinds import Abandon
from younuo.server.match.running import Running
from younuo.server.match.runtime import Runtime, fresh_deal_key, recipe
from younuo.server.match.snapshots import take_snapshot
from younuo.store.ids import new_id
from younuo.store.models import Match


class Lifecycle:
    """Prepares new matches and opens them on this node."""

    def __init__(
        self,
        running: Running,
        driver: BotDriver,
        catch_grace: float,
        deal_seed: Seed | None = None,
    ) -> None:
        """``deal_seed``: every match dealt from this seed (tests), else a fresh key each."""
        self.running = running
        self.driver = driver
        self.catch_grace = catch_grace
        self.deal_seed = deal_seed

    def prepare(
        self,
        room_id: str,
        seats: list[SeatInfo],
        rules: Rules,
        teams: list[list[str]] | None,
        abandon: str,
        seed: Seed | None,
        match_id: str | None,
        owner: str | None,
    ) -> tuple[Runtime, Match]:
        """A new match's runtime and database row (not stored yet: see :meth:`open`)."""
        if seed is None:
            seed = self.deal_seed
        if seed is None:
            seed = fresh_deal_key()
        game = Game.new([s.name for s in seats], rules, seed=seed, teams=teams)
        now = time.time()
        public = game.view(None)
        rt = Runtime(
            id=match_id or new_id("m"),
            room_id=room_id,
            game=game,
            version=0,
            seats=seats,
            control={s.name: SeatControl() for s in seats},
            clock=start_clock(game, public, now, self.catch_grace),
            abandon=Abandon(abandon),
            opening=game.opening_events,
            public=public,
            recipe=recipe(rules.changes(), [s.name for s in seats], teams, None, seed),
        )
        # Until opened, the match is being started here: a scan that finds it stored
        # with this node as owner must not take it up as well.
        self.running.taking.add(rt.id)
        return rt, storage.match_row(rt, rules.changes(), teams, seed, now, owner)

    def unprepare(self, rt: Runtime) -> None:
        """A prepared match was not stored after all (:meth:`prepare`)."""
        self.running.taking.discard(rt.id)

    def open(self, rt: Runtime) -> None:
        """Take a stored new match into play here: its bots see the deal, and its first
        snapshot is taken (the service announces it and starts its clocks)."""
        self.running.taking.discard(rt.id)
        self.running.runtimes[rt.id] = rt
        self.driver.seat_bots(rt)
        assert rt.public is not None
        rt.snapshot = take_snapshot(rt.game, rt.public, rt.rules_json, rt.version)


__all__ = ["Lifecycle"]
