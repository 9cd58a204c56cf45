"""Group commit on PostgreSQL: the moves of many matches in one statement of one connection.

:class:`BatchedPostgresLog` is the match writer (:class:`~younuo.store.movelog.MoveLog`)
on PostgreSQL. Its writer task keeps **one** asyncpg connection of its own, outside
SQLAlchemy's pool, and writes every move waiting when it is free in one statement:
an ``UPDATE … FROM unnest(…)`` of the matches, conditional on each move's ``version``,
on the match still running and, with several nodes, on its ``owner``, whose returned
rows feed the ``INSERT`` of the actions in the same statement (a data-modifying
``WITH``). One statement is one transaction, so a batch costs one round trip and one
commit, where a move through the pool cost a ping, a ``BEGIN``, two statements, a
``COMMIT`` and the pool's ``ROLLBACK`` when the connection went back.

- **Fencing, move by move.** A move whose match is at another version, has ended or
  is run by another node matches no row: it is written neither to ``matches`` nor
  to ``match_actions``, and only its sender hears of it (:class:`NotOwner` when the
  match's ``owner`` is another node, else :class:`VersionConflict`); the other moves
  of the batch are written. Two moves of one match in a batch (one node never sends
  them: the match service holds the match's lock until its write returns) go in
  successive statements of one transaction, so the second sees the first.
- **Prepared once.** The statement is prepared when the connection opens and kept;
  the connection plans it generically (``plan_cache_mode=force_generic_plan``), so
  no execution plans it again. :meth:`BatchedPostgresLog.prepared` shows what
  PostgreSQL counted (``pg_prepared_statements``).
- **No ping.** A connection that died (the server restarted, an administrator
  terminated it, the network cut) is found by the error of the batch, which is
  then written once more on a fresh connection. A move whose statement may have
  committed before the connection died is recognised on the second try by its
  action row (same match, number and time) and reported written, not refused.
- **The other changes** (a change of seats alone, the change that ends a match)
  carry more statements (results, ratings) and are rare: they are written as
  before, one short transaction each on the engine's pool
  (:func:`~younuo.store.movelog.apply_write`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import asyncpg  # type: ignore[import-untyped]
from sqlalchemy.engine import make_url

from younuo.store.errors import NotOwner, VersionConflict
from younuo.store.groupcommit import GroupCommit, Outcome
from younuo.store.movelog import MatchWrite, MoveLog, SessionLog

log = logging.getLogger(__name__)

WRITE_MOVES = """
WITH v AS (
    SELECT * FROM unnest(
        $1::varchar[], $2::int[], $3::float8[], $4::text[], $5::text[],
        $6::varchar[], $7::text[], $8::varchar[]
    ) AS v(id, version, at, clock, control, owner, action, source)
), moved AS (
    UPDATE matches AS m
    SET version = v.version + 1, updated_at = v.at,
        clock = v.clock::json, control = v.control::json
    FROM v
    WHERE m.id = v.id AND m.version = v.version AND m.status = 'running'
      AND (v.owner IS NULL OR m.owner = v.owner)
    RETURNING m.id, v.version, v.action, v.source, v.at
)
INSERT INTO match_actions (match_id, seq, action, source, at)
SELECT id, version, action::json, source, at FROM moved
RETURNING match_id
"""
"""Moves of distinct matches, conditional each on its version, the match running, and
its owner (when given); returns the ids of the matches moved."""

OWNERS = "SELECT id, owner FROM matches WHERE id = any($1::varchar[])"
"""Who runs the matches of refused moves (another node: NotOwner)."""

LANDED = """
SELECT w.n FROM match_actions AS a
JOIN unnest($1::varchar[], $2::int[], $3::float8[]) WITH ORDINALITY AS w(id, seq, at, n)
  ON a.match_id = w.id AND a.seq = w.seq AND a.at = w.at
"""
"""Which of these moves are in the log already (a commit whose answer was lost)."""

SETTINGS = {"plan_cache_mode": "force_generic_plan", "application_name": "younuo-movelog"}
"""The writer connection's settings: its statement is planned once, not per execution."""

Connect = Callable[[], Awaitable[asyncpg.Connection]]


def asyncpg_dsn(url: str) -> str:
    """The DSN asyncpg itself takes for a SQLAlchemy URL (``postgresql+asyncpg://…``)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def rounds(moves: list[MatchWrite]) -> list[list[MatchWrite]]:
    """``moves`` split so that no statement holds two moves of one match, order kept."""
    out: list[list[MatchWrite]] = []
    seen: dict[str, int] = {}
    for move in moves:
        n = seen.get(move.match_id, 0)
        seen[move.match_id] = n + 1
        if n == len(out):
            out.append([])
        out[n].append(move)
    return out


def is_dead(conn: asyncpg.Connection | None, exc: BaseException) -> bool:
    """Whether ``exc`` means the connection is gone (a fresh one may succeed)."""
    if conn is not None and conn.is_closed():
        return True
    return isinstance(
        exc,
        (
            OSError,
            asyncpg.PostgresConnectionError,
            asyncpg.ConnectionDoesNotExistError,
            asyncpg.AdminShutdownError,
            asyncpg.CannotConnectNowError,
        ),
    )


class BatchedPostgresLog(MoveLog):
    """Group commit on PostgreSQL (see the module's docstring)."""

    def __init__(
        self, dsn: str, engine: Any, max_batch: int = 500, connect: Connect | None = None
    ) -> None:
        self.max_batch = max_batch
        self._connect: Connect = connect or (lambda: asyncpg.connect(dsn, server_settings=SETTINGS))
        self._others = SessionLog(engine)
        self._conn: asyncpg.Connection | None = None
        self._statement: Any = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._group: GroupCommit[MatchWrite] = GroupCommit(self._write_batch, max_batch)

    async def write(self, change: MatchWrite) -> dict[str, int]:
        if change.action is None or change.end is not None or change.seats is not None:
            return await self._others.write(change)
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            self._forget()  # a connection belongs to the loop that opened it
            self._loop = loop
        return await self._group.write(change)

    async def _connection(self) -> asyncpg.Connection:
        """The writer's one connection, opened (and its statement prepared) when needed."""
        if self._conn is None or self._conn.is_closed():
            self._conn = None
            conn = await self._connect()
            self._statement = await conn.prepare(WRITE_MOVES)
            self._conn = conn
        return self._conn

    def _forget(self) -> None:
        """Drop the connection without a round trip (it is dead, or of another loop)."""
        if self._conn is not None:
            with contextlib.suppress(Exception):  # its loop may be closed already
                self._conn.terminate()
        self._conn = None
        self._statement = None

    async def _write_batch(self, moves: list[MatchWrite]) -> list[Outcome]:
        """Write ``moves``; once more on a fresh connection if the connection died."""
        try:
            return await self._try(moves, retry=False)
        except Exception as exc:
            if not is_dead(self._conn, exc):
                if len(moves) == 1:
                    raise
                # A fault of one move (bad data) must not refuse the others.
                log.warning("a batch of %d moves failed: writing them one by one", len(moves))
                return [await self._alone(m) for m in moves]
            log.warning("the move writer's connection died (%s): writing again", exc)
            self._forget()
        return await self._try(moves, retry=True)

    async def _alone(self, move: MatchWrite) -> Outcome:
        try:
            return (await self._write_batch([move]))[0]
        except Exception as exc:
            return exc

    async def _try(self, moves: list[MatchWrite], retry: bool) -> list[Outcome]:
        conn = await self._connection()
        parts = rounds(moves)
        moved: set[int] = set()  # id() of the moves written
        if len(parts) == 1:
            moved = await self._moves(parts[0])
        else:
            async with conn.transaction():
                for part in parts:
                    moved |= await self._moves(part)
        refused = [m for m in moves if id(m) not in moved]
        if not refused:
            return [{} for _ in moves]
        landed: set[int] = set()
        if retry:
            rows = await conn.fetch(
                LANDED,
                [m.match_id for m in refused],
                [m.version for m in refused],
                [m.at for m in refused],
            )
            landed = {id(refused[r[0] - 1]) for r in rows}
        owners = dict(await conn.fetch(OWNERS, [m.match_id for m in refused]))
        out: list[Outcome] = []
        for m in moves:
            if id(m) in moved or id(m) in landed:
                out.append({})
            elif m.owner is not None and m.match_id in owners and owners[m.match_id] != m.owner:
                out.append(NotOwner(m.match_id, owners[m.match_id]))
            else:
                out.append(VersionConflict("match", m.match_id, m.version))
        return out

    async def _moves(self, moves: list[MatchWrite]) -> set[int]:
        """One statement for moves of distinct matches; the id() of those written."""
        rows = await self._statement.fetch(
            [m.match_id for m in moves],
            [m.version for m in moves],
            [m.at for m in moves],
            [json.dumps(m.clock) for m in moves],
            [json.dumps(m.control) for m in moves],
            [m.owner for m in moves],
            [json.dumps(m.action) for m in moves],
            [m.source for m in moves],
        )
        by_match = {m.match_id: id(m) for m in moves}
        return {by_match[r[0]] for r in rows}

    async def prepared(self) -> list[tuple[str, int, int]]:
        """The writer connection's prepared statements: (text, generic plans, custom
        plans), as PostgreSQL counts them (for operators and tests)."""
        conn = await self._connection()
        rows = await conn.fetch(
            "SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements"
        )
        return [(r[0], r[1], r[2]) for r in rows]

    async def backend_pid(self) -> int:
        """The process id of the writer connection's server backend."""
        conn = await self._connection()
        return int(conn.get_server_pid())

    async def close(self) -> None:
        await self._group.close()
        if self._conn is not None and not self._conn.is_closed():
            try:
                await self._conn.close(timeout=5)
            except Exception:
                self._forget()
        self._conn = None


__all__ = ["BatchedPostgresLog", "asyncpg_dsn", "is_dead", "rounds"]
