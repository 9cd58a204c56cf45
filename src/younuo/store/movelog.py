"""The move log writer: every accepted action, durable before its result goes out.

A move is one conditional write (:class:`MoveWrite`): bump the match's version from the
version it was applied to, append the action, update the match's clocks and seat
states, and, for the move that ends a match, store the results and add the rating
changes. ``write`` returns only once that transaction has committed; a version that
moved on raises :class:`VersionConflict` and changes nothing.

Two writers share these semantics:

- :class:`BatchedSqliteLog` (SQLite): a single writer thread with its own connection
  commits every move waiting at that moment in **one** transaction (group commit),
  so the event loop pays one thread hop per batch instead of several per move, and
  the file gets one commit (one fsync) per batch. The ordinary moves of a batch go in
  two SQL statements per 200 moves (:func:`write_simple`), not through SQLAlchemy's
  compile and execute per move: under load a writer thread busy in Python, or handing
  the GIL back and forth once per row, makes the event loop and itself wait up to the
  interpreter's switch interval at each hand-over, and latencies climb to seconds. The
  writer keeps its one connection open, and a batch of ordinary moves only commits
  through the driver, without SQLAlchemy's per-transaction work. If any move of the
  batch finds its match at another version, the batch is rolled back and each move
  written on its own, the conflicting ones skipped.
- :class:`SessionLog` (PostgreSQL): one short transaction per move on the async pool;
  the database itself runs them concurrently.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, Table, create_engine, event, insert, select, update
from sqlalchemy.engine import Engine

from younuo.store.errors import VersionConflict
from younuo.store.models import Account, Match, MatchAction, Result
from younuo.store.sqlite import set_pragmas

log = logging.getLogger(__name__)

_MATCHES: Table = Match.__table__  # type: ignore[assignment]
_ACTIONS: Table = MatchAction.__table__  # type: ignore[assignment]
_RESULTS: Table = Result.__table__  # type: ignore[assignment]
_ACCOUNTS: Table = Account.__table__  # type: ignore[assignment]


@dataclass
class MoveWrite:
    """One move to store (see the module's docstring)."""

    match_id: str
    expected_version: int
    action: dict[str, Any]
    source: str
    at: float
    values: dict[str, Any] = field(default_factory=dict)
    results: list[dict[str, Any]] = field(default_factory=list)
    """Rows of ``results`` for the move that ends the match (``rating_after`` is filled in)."""
    ratings: dict[str, int] = field(default_factory=dict)
    """Rating deltas by account, added in the database."""


def apply_move(conn: Connection, move: MoveWrite) -> dict[str, int] | None:
    """Run one move's statements on ``conn``; the ratings after, or None on a conflict."""
    done = conn.execute(
        update(_MATCHES)
        .where(_MATCHES.c.id == move.match_id, _MATCHES.c.version == move.expected_version)
        .values(version=move.expected_version + 1, updated_at=move.at, **move.values)
    )
    if done.rowcount != 1:
        return None
    conn.execute(
        insert(_ACTIONS).values(
            match_id=move.match_id,
            seq=move.expected_version,
            action=move.action,
            source=move.source,
            at=move.at,
        )
    )
    return apply_results(conn, move.results, move.ratings)


def apply_results(
    conn: Connection, results: list[dict[str, Any]], deltas: dict[str, int]
) -> dict[str, int]:
    """Add rating deltas and store result rows on ``conn``; the ratings after, by account."""
    ratings: dict[str, int] = {}
    for account, delta in deltas.items():
        if delta:
            row = conn.execute(
                update(_ACCOUNTS)
                .where(_ACCOUNTS.c.id == account)
                .values(rating=_ACCOUNTS.c.rating + delta)
                .returning(_ACCOUNTS.c.rating)
            ).first()
        else:
            row = conn.execute(select(_ACCOUNTS.c.rating).where(_ACCOUNTS.c.id == account)).first()
        if row is not None:
            ratings[account] = int(row[0])
    if results:
        rows = [{**r, "rating_after": ratings.get(r["account_id"] or "")} for r in results]
        conn.execute(insert(_RESULTS), rows)
    return ratings


SIMPLE_VALUES = frozenset({"clock", "control"})
"""The match columns an ordinary move changes (besides its version): the fast path."""

CHUNK = 200
"""Moves per statement of the fast path (6 parameters each, far below SQLite's limits)."""


class _BatchConflict(Exception):
    """A move of the fast path found its match at another version: undo the batch."""


def is_simple(move: MoveWrite) -> bool:
    """An ordinary move: new clocks and seat states, no results (the fast path)."""
    return move.values.keys() == SIMPLE_VALUES and not move.results and not move.ratings


def write_simple(conn: Connection, moves: list[MoveWrite]) -> None:
    """Ordinary moves of distinct matches, ``CHUNK`` to a statement.

    Each chunk is one ``UPDATE … FROM`` (the version check for every row) and one
    multi-row ``INSERT``: two steps of SQLite, so the writer thread gives up and
    takes back the GIL twice per chunk, not once per row as ``executemany`` would.
    A stale move raises :class:`_BatchConflict` (the caller's transaction is then
    rolled back).
    """
    cursor = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
    try:
        for start in range(0, len(moves), CHUNK):
            chunk = moves[start : start + CHUNK]
            rows = ", ".join(["(?, ?, ?, ?, ?, ?)"] * len(chunk))
            params: list[Any] = []
            for m in chunk:
                params += (
                    m.match_id,
                    m.expected_version,
                    m.at,
                    json.dumps(m.values["clock"]),
                    json.dumps(m.values["control"]),
                    m.expected_version + 1,
                )
            # (VALUES …) names its columns column1 … column6, in the order of params.
            # The statement must begin with UPDATE for the driver to count its rows.
            cursor.execute(
                "UPDATE matches SET version = v.column6, updated_at = v.column3,"
                " clock = v.column4, control = v.column5"
                f" FROM (VALUES {rows}) AS v"
                " WHERE matches.id = v.column1 AND matches.version = v.column2",
                params,
            )
            if cursor.rowcount != len(chunk):
                raise _BatchConflict
            actions: list[Any] = []
            for m in chunk:
                actions += (m.match_id, m.expected_version, json.dumps(m.action), m.source, m.at)
            cursor.execute(
                "INSERT INTO match_actions (match_id, seq, action, source, at) VALUES "
                + ", ".join(["(?, ?, ?, ?, ?)"] * len(chunk)),
                actions,
            )
    finally:
        cursor.close()


class MoveLog:
    """Where moves are written."""

    async def write(self, move: MoveWrite) -> dict[str, int]:
        """Store ``move``; the ratings after it (a match's last move). VersionConflict if stale."""
        raise NotImplementedError

    async def close(self) -> None:
        return None


class SessionLog(MoveLog):
    """One transaction per move on an async engine (PostgreSQL)."""

    def __init__(self, engine: Any) -> None:
        self.engine = engine

    async def write(self, move: MoveWrite) -> dict[str, int]:
        async with self.engine.begin() as conn:
            ratings: dict[str, int] | None = await conn.run_sync(apply_move, move)
            if ratings is None:
                raise VersionConflict("match", move.match_id, move.expected_version)
        return ratings


class BatchedSqliteLog(MoveLog):
    """Group commit on SQLite: one writer thread, one transaction per batch."""

    def __init__(self, path: str, synchronous: str, max_batch: int = 500) -> None:
        self.max_batch = max_batch
        self._engine: Engine = create_engine(f"sqlite:///{path}", pool_size=1, max_overflow=0)

        @event.listens_for(self._engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            set_pragmas(dbapi_connection, synchronous)

        self._thread = ThreadPoolExecutor(1, thread_name_prefix="younuo-movelog")
        self._conn: Connection | None = None
        self._queue: list[tuple[MoveWrite, asyncio.Future[dict[str, int] | None]]] = []
        self._wake: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None

    async def write(self, move: MoveWrite) -> dict[str, int]:
        loop = asyncio.get_running_loop()
        if self._task is None or self._task.done():
            self._wake = asyncio.Event()
            self._task = loop.create_task(self._run())
        future: asyncio.Future[dict[str, int] | None] = loop.create_future()
        self._queue.append((move, future))
        assert self._wake is not None
        self._wake.set()
        ratings = await future
        if ratings is None:
            raise VersionConflict("match", move.match_id, move.expected_version)
        return ratings

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        assert self._wake is not None
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._queue:
                batch, self._queue = self._queue[: self.max_batch], self._queue[self.max_batch :]
                try:
                    outcomes = await loop.run_in_executor(
                        self._thread, self._write_batch, [m for m, _ in batch]
                    )
                except Exception as exc:  # the whole batch failed: tell every writer
                    for _, future in batch:
                        if not future.done():
                            future.set_exception(exc)
                    continue
                for (_, future), outcome in zip(batch, outcomes, strict=True):
                    if future.done():
                        continue
                    if isinstance(outcome, BaseException):
                        future.set_exception(outcome)
                    else:
                        future.set_result(outcome)

    def _connection(self) -> Connection:
        """The writer thread's one connection, kept open (a checkout per batch costs)."""
        if self._conn is not None and self._conn.invalidated:
            self._conn.close()  # the database failed under it: start on a fresh one
        if self._conn is None or self._conn.closed:
            self._conn = self._engine.connect()
        return self._conn

    def _write_batch(self, moves: list[MoveWrite]) -> list[dict[str, int] | BaseException | None]:
        conn = self._connection()
        simple = [m for m in moves if is_simple(m)]
        if len({m.match_id for m in simple}) != len(simple):
            simple = []  # two moves of one match: each must see the other's version
        try:
            if simple and len(simple) == len(moves):
                # The usual batch: ordinary moves only. The driver's own transaction
                # (pysqlite begins before the first write), without SQLAlchemy's
                # bookkeeping, which cost more than the statements in small batches.
                dbapi = conn.connection.dbapi_connection
                assert dbapi is not None
                try:
                    write_simple(conn, simple)
                    dbapi.commit()
                except BaseException:
                    dbapi.rollback()
                    raise
                return [{} for _ in moves]
            chosen = {id(m) for m in simple}
            with conn.begin():
                if simple:
                    write_simple(conn, simple)
                return [{} if id(m) in chosen else apply_move(conn, m) for m in moves]
        except _BatchConflict:
            pass  # some match moved on elsewhere: find which, one move at a time
        except Exception:
            if len(moves) == 1:
                raise
            log.warning("a batch of %d moves failed: writing them one by one", len(moves))
        out: list[dict[str, int] | BaseException | None] = []
        for move in moves:
            try:
                with conn.begin():
                    out.append(apply_move(conn, move))
            except Exception as exc:
                out.append(exc)
        return out

    async def close(self) -> None:
        if self._task is not None:
            while self._queue:
                await asyncio.sleep(0.01)
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._conn is not None:
            self._thread.submit(self._conn.close).result()
        self._thread.shutdown(wait=True)
        self._engine.dispose()


__all__ = ["BatchedSqliteLog", "MoveLog", "MoveWrite", "SessionLog", "apply_move", "apply_results"]
