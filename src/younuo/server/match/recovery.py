"""A running match rebuilt from the database: after a restart, a takeover or a handover
(the whole match), after a write that lost a race (:meth:`Recovery.reload`), and after a
write that failed (:meth:`Recovery.undo`, from memory).

Everything a match needs to go on lives in the database (the record's recipe, the
action log, the clocks and seat states): a :class:`~.runtime.Runtime` is only a cache
of it.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from younuo.engine import IllegalAction, RecordError
from younuo.engine.records import Record
from younuo.server.match import storage
from younuo.server.match.driver import BotDriver
from younuo.server.match.kinds import MatchStatus
from younuo.server.match.runtime import Runtime, recipe
from younuo.server.match.snapshots import take_snapshot
from younuo.store import Database
from younuo.store import matches as repo
from younuo.store.models import Match

log = logging.getLogger(__name__)

ATTEMPTS = 3
"""Reads of a match's row and log that may find them out of step before giving up."""


class Recovery:
    """Reads running matches back from the database and rebuilds their games."""

    def __init__(self, db: Database, driver: BotDriver) -> None:
        """``driver``: makes the bots of a rebuilt match, which see its whole log."""
        self.db = db
        self.driver = driver

    async def stored_running(self, owner: str | None) -> list[Match]:
        """The running matches stored: all of them, or those ``owner`` runs."""
        async with self.db.session() as s:
            return list(await repo.running(s, owner=owner))

    async def row(self, match_id: str) -> Match | None:
        async with self.db.session() as s:
            return await repo.get(s, match_id)

    async def rows_and_logs(self, match_ids: list[str]) -> list[tuple[Match, list[dict[str, Any]]]]:
        """The stored rows of ``match_ids`` with their logs, read together."""
        async with self.db.session() as s:
            return await repo.rows_and_logs(s, match_ids)

    async def _log(self, match_id: str) -> list[dict[str, Any]]:
        async with self.db.session() as s:
            return [a.action for a in await repo.actions(s, match_id)]

    async def load(self, row: Match, stored: list[dict[str, Any]] | None = None) -> Runtime | None:
        """The running match ``row`` rebuilt, or None when it is no longer running or
        cannot be rebuilt (then it is marked abandoned). ``stored``: its log, when read
        with the row (:meth:`rows_and_logs`)."""
        actions = stored
        for _ in range(ATTEMPTS):
            if actions is None:
                actions = await self._log(row.id)
            if len(actions) == row.version:
                break
            # The row was read before a move that is in the log now: read both again.
            fresh = await self.row(row.id)
            if fresh is None or fresh.status != MatchStatus.RUNNING:
                return None
            row, actions = fresh, None
        if actions is None:  # the last row read after the last log read: its own log
            actions = await self._log(row.id)
        try:
            return self.rebuild(row, actions)
        except (RecordError, IllegalAction, ValueError, KeyError, TypeError) as exc:
            log.error("match %s cannot be restored (%s): marked abandoned", row.id, exc)
            async with self.db.session() as s, s.begin():
                await repo.mark_abandoned(s, row.id, time.time())
            return None

    def rebuild(self, row: Match, actions: list[dict[str, Any]]) -> Runtime:
        """The match of ``row`` with its log ``actions`` replayed, bots and all."""
        made = recipe(row.rules, row.players, row.teams, row.setup, repo.seed_of(row))
        record = Record.from_dict({**made, "actions": actions})
        game = record.start()
        control, abandon = storage.control_of(row)
        rt = Runtime(
            id=row.id,
            room_id=row.room_id,
            game=game,
            version=0,
            seats=storage.seats_of(row),
            control=control,
            clock=storage.clock_of(row),
            abandon=abandon,
            opening=game.opening_events,
            recipe=made,
        )
        bots = self.driver.seat_bots(rt)
        for action in record.actions:
            events = game.apply(action)
            for name in bots:
                rt.bots[name].observe(game.redact(e, name) for e in events)
        if len(record.actions) != row.version:
            raise ValueError(f"log holds {len(record.actions)} actions, version is {row.version}")
        rt.version = row.version
        rt.public = game.view(None)
        rt.snapshot = take_snapshot(game, rt.public, rt.rules_json, rt.version)
        return rt

    async def reload(self, rt: Runtime) -> None:
        """Throw away the cached game and read the match back from the database."""
        async with self.db.session() as s:
            row = await repo.get(s, rt.id)
            actions = [a.action for a in await repo.actions(s, rt.id)] if row is not None else []
        if row is None:
            rt.status = MatchStatus.GONE
            return
        fresh = self.rebuild(row, actions)
        rt.game, rt.version, rt.clock, rt.control = (
            fresh.game,
            fresh.version,
            fresh.clock,
            fresh.control,
        )
        rt.public, rt.bots, rt.snapshot = fresh.public, fresh.bots, fresh.snapshot
        if row.status != MatchStatus.RUNNING:
            rt.status = MatchStatus(row.status)

    @staticmethod
    def undo(rt: Runtime) -> None:
        """The engine applied a move that was not stored: the game again without it,
        from the match's recipe and its committed actions (no database needed, so that
        bots and clocks go on deciding from the committed table while it is away)."""
        committed = [a.to_dict() for a in rt.game.history[: rt.version]]
        record = Record.from_dict({**rt.recipe, "actions": committed})
        game = record.start()
        for action in record.actions:
            game.apply(action)
        rt.game = game


__all__ = ["Recovery"]
