"""The match writer: every change of a running match, durable before anyone hears of it.

Every change of a running match is one conditional write, a :class:`MatchWrite`: a
move (an action for the log, the version up by one) or a change of the seats alone
(away, back, auto-play: the version stays), with the match's new clocks and seat
states, and for the change that ends the match a :class:`MatchEnd` (status, final
state, results, rating changes). It is written only if the match is still at the
version it was made at and, with several nodes, still run by the node that made it
(``owner``); otherwise nothing changes and :class:`VersionConflict` (or its kind
:class:`NotOwner`) is raised. ``MoveLog.write`` is the one way to write it, and
returns only once the transaction has committed.

Two writers share these semantics:

- :class:`BatchedSqliteLog` (SQLite): a single writer thread with its own connection
  commits every write waiting at that moment in **one** transaction (group commit),
  so the event loop pays one thread hop per batch instead of several per move, and
  the file gets one commit (one fsync) per batch. The ordinary moves of a batch go in
  two SQL statements per 200 moves (:func:`write_moves`), not through SQLAlchemy's
  compile and execute per move: under load a writer thread busy in Python, or handing
  the GIL back and forth once per row, makes the event loop and itself wait up to the
  interpreter's switch interval at each hand-over, and latencies climb to seconds. The
  writer keeps its one connection open, and a batch of ordinary moves only commits
  through the driver, without SQLAlchemy's per-transaction work. If any move of the
  batch finds its match at another version, the batch is rolled back and each write
  done on its own, the conflicting ones skipped.
- :class:`~younuo.store.pgmovelog.BatchedPostgresLog` (PostgreSQL): group commit too,
  one writer task with its own asyncpg connection and one statement per batch of
  moves (see that module); its rare other changes (seats alone, a match's end) go
  through :class:`SessionLog`.
- :class:`SessionLog` (in-memory SQLite, and the other changes on PostgreSQL): one
  short transaction per write on the async pool.
"""

from __future__ import annotations

import asyncio
import json
import logging
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Literal

from sqlalchemy import Connection, Table, create_engine, event, insert, select, update
from sqlalchemy.engine import Engine

from younuo.social.skill import Skill, Standing, rate
from younuo.store.errors import NotOwner, VersionConflict
from younuo.store.groupcommit import GroupCommit, Outcome
from younuo.store.models import Account, Match, MatchAction, Result
from younuo.store.sqlite import set_pragmas

log = logging.getLogger(__name__)

_MATCHES: Table = Match.__table__  # type: ignore[assignment]
_ACTIONS: Table = MatchAction.__table__  # type: ignore[assignment]
_RESULTS: Table = Result.__table__  # type: ignore[assignment]
_ACCOUNTS: Table = Account.__table__  # type: ignore[assignment]


@dataclass(frozen=True, slots=True)
class MatchEnd:
    """How a match ended, written with the change that ends it."""

    status: Literal["over", "abandoned"]
    final: dict[str, Any]
    """The engine's final snapshot of the game."""
    winner: str | None
    results: tuple[dict[str, Any], ...]
    """Rows of ``results`` (``rating_after`` is filled in when written)."""
    ratings: dict[str, int]
    """Rating changes by account, added in the database."""
    standings: tuple[Standing, ...] = ()
    """The camps' places by seat name, which move the accounts' skill (none: no change)."""


@dataclass(frozen=True, slots=True)
class MatchWrite:
    """One change of a running match (see the module's docstring)."""

    match_id: str
    version: int
    """The version the change was made at: it is written only if the match still is."""
    at: float
    clock: dict[str, Any]
    control: dict[str, Any]
    action: dict[str, Any] | None = None
    """A move's action (logged as number ``version``; the version goes up), or None."""
    source: str = "server"
    """Who sent the action: player, bot, autoplay or server."""
    seats: list[Any] | None = None
    """The seats' new avatars, when they changed."""
    end: MatchEnd | None = None
    owner: str | None = None
    """With several nodes: the node making the change, which must still own the match."""

    @property
    def new_version(self) -> int:
        return self.version + 1 if self.action is not None else self.version

    @property
    def is_plain_move(self) -> bool:
        """A move that changes only clocks and seat states (the SQLite fast path)."""
        return (
            self.action is not None
            and self.end is None
            and self.seats is None
            and self.owner is None
        )


def apply_write(conn: Connection, write: MatchWrite) -> dict[str, int]:
    """Run one write's statements on ``conn``; the ratings after it (a match's end).

    Raises :class:`NotOwner` or :class:`VersionConflict` when it may not be written.
    """
    values: dict[str, Any] = {
        "version": write.new_version,
        "updated_at": write.at,
        "clock": write.clock,
        "control": write.control,
    }
    if write.seats is not None:
        values["seats"] = write.seats
    end = write.end
    if end is not None:
        values.update(status=end.status, winner=end.winner, final=end.final, ended_at=write.at)
    where = [_MATCHES.c.id == write.match_id, _MATCHES.c.version == write.version]
    where.append(_MATCHES.c.status == "running")
    if write.owner is not None:
        where.append(_MATCHES.c.owner == write.owner)
    done = conn.execute(update(_MATCHES).where(*where).values(**values))
    if done.rowcount != 1:
        raise _refusal(conn, write)
    if write.action is not None:
        conn.execute(
            insert(_ACTIONS).values(
                match_id=write.match_id,
                seq=write.version,
                action=write.action,
                source=write.source,
                at=write.at,
            )
        )
    if end is None:
        return {}
    return apply_results(conn, list(end.results), end.ratings, end.standings)


def _refusal(conn: Connection, write: MatchWrite) -> VersionConflict:
    """Why ``write`` found no row to change: another owner, or another version."""
    if write.owner is not None:
        row = conn.execute(select(_MATCHES.c.owner).where(_MATCHES.c.id == write.match_id)).first()
        if row is not None and row[0] != write.owner:
            return NotOwner(write.match_id, row[0])
    return VersionConflict("match", write.match_id, write.version)


def apply_results(
    conn: Connection,
    results: list[dict[str, Any]],
    deltas: dict[str, int],
    standings: tuple[Standing, ...] = (),
) -> dict[str, int]:
    """Add rating deltas, move the skills and store result rows on ``conn``; the ratings
    after, by account (the rows get ``skill_change`` and ``skill_after`` in place)."""
    apply_skill(conn, results, standings)
    ratings: dict[str, int] = {}
    if any(deltas.values()):
        # A bot account no admin allowed into rated play moves no rating
        # (younuo.server.accounts.bots.may_enter_rated): its change is dropped here, where
        # every match's end is written, and its result row says 0.
        unrated = set(
            conn.scalars(
                select(_ACCOUNTS.c.id).where(
                    _ACCOUNTS.c.id.in_(list(deltas)),
                    _ACCOUNTS.c.bot.is_(True),
                    _ACCOUNTS.c.bot_rated.is_(False),
                )
            )
        )
        if unrated:
            deltas = {a: 0 if a in unrated else d for a, d in deltas.items()}
            # In place: the rows are the MatchEnd's own, from which the match service
            # then announces match_over, which must say what was stored.
            for r in results:
                if r.get("account_id") in unrated:
                    r["rating_change"] = 0
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


def apply_skill(
    conn: Connection, results: list[dict[str, Any]], standings: tuple[Standing, ...]
) -> None:
    """Move the seated accounts' skills by ``standings`` (younuo.social.skill), in the
    transaction that stores the level points, and fill in the rows' skill columns.

    A seat without an account plays at a new account's skill and stores nothing; a bot
    account no admin allowed into rated play keeps its skill (change 0), as it keeps its
    level points.
    """
    for r in results:
        r.setdefault("skill_change", None)
        r.setdefault("skill_after", None)
    accounts = {r["name"]: r["account_id"] for r in results if r.get("account_id")}
    if not standings or not accounts:
        return
    c = _ACCOUNTS.c
    found = {
        row.id: row
        for row in conn.execute(
            select(c.id, c.skill_mu, c.skill_sigma, c.skill, c.bot, c.bot_rated).where(
                c.id.in_(list(accounts.values()))
            )
        )
    }
    before = {
        name: Skill(found[a].skill_mu, found[a].skill_sigma)
        for name, a in accounts.items()
        if a in found
    }
    after = rate(standings, before)
    for r in results:
        row = found.get(r.get("account_id") or "")
        if row is None or r["name"] not in after:
            continue
        if row.bot and not row.bot_rated:
            r["skill_change"], r["skill_after"] = 0, row.skill
            continue
        new = after[r["name"]]
        conn.execute(
            update(_ACCOUNTS)
            .where(c.id == row.id)
            .values(skill_mu=new.mu, skill_sigma=new.sigma, skill=new.shown)
        )
        r["skill_change"], r["skill_after"] = new.shown - row.skill, new.shown


CHUNK = 200
"""Moves per statement of the fast path (6 parameters each, far below SQLite's limits)."""


class _BatchConflict(Exception):
    """A move of the fast path found its match at another version: undo the batch."""


def write_moves(conn: Connection, moves: list[MatchWrite]) -> None:
    """Plain moves (:attr:`MatchWrite.is_plain_move`) of distinct matches, ``CHUNK`` to a statement.

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
                    m.version,
                    m.at,
                    json.dumps(m.clock),
                    json.dumps(m.control),
                    m.version + 1,
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
                actions += (m.match_id, m.version, json.dumps(m.action), m.source, m.at)
            cursor.execute(
                "INSERT INTO match_actions (match_id, seq, action, source, at) VALUES "
                + ", ".join(["(?, ?, ?, ?, ?)"] * len(chunk)),
                actions,
            )
    finally:
        cursor.close()


class MoveLog:
    """Where the changes of running matches are written."""

    async def write(self, change: MatchWrite) -> dict[str, int]:
        """Store ``change``; the ratings after it (a match's end). VersionConflict if stale."""
        raise NotImplementedError

    async def close(self) -> None:
        return None


class SessionLog(MoveLog):
    """One transaction per write on an async engine."""

    def __init__(self, engine: Any) -> None:
        self.engine = engine

    async def write(self, change: MatchWrite) -> dict[str, int]:
        async with self.engine.begin() as conn:
            ratings: dict[str, int] = await conn.run_sync(apply_write, change)
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
        self._group: GroupCommit[MatchWrite] = GroupCommit(self._in_thread, max_batch)

    async def write(self, change: MatchWrite) -> dict[str, int]:
        return await self._group.write(change)

    async def _in_thread(self, changes: list[MatchWrite]) -> list[Outcome]:
        """A batch, written by the writer thread (SQLite's calls block)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, self._write_batch, changes)

    def _connection(self) -> Connection:
        """The writer thread's one connection, kept open (a checkout per batch costs)."""
        if self._conn is not None and self._conn.invalidated:
            self._conn.close()  # the database failed under it: start on a fresh one
        if self._conn is None or self._conn.closed:
            self._conn = self._engine.connect()
        return self._conn

    def _write_batch(self, changes: list[MatchWrite]) -> list[Outcome]:
        conn = self._connection()
        plain = [m for m in changes if m.is_plain_move]
        if len({m.match_id for m in plain}) != len(plain):
            plain = []  # two moves of one match: each must see the other's version
        try:
            if plain and len(plain) == len(changes):
                # The usual batch: plain moves only. The driver's own transaction
                # (pysqlite begins before the first write), without SQLAlchemy's
                # bookkeeping, which cost more than the statements in small batches.
                dbapi = conn.connection.dbapi_connection
                assert dbapi is not None
                try:
                    write_moves(conn, plain)
                    dbapi.commit()
                except BaseException:
                    dbapi.rollback()
                    raise
                return [{} for _ in changes]
            chosen = {id(m) for m in plain}
            with conn.begin():
                if plain:
                    write_moves(conn, plain)
                return [{} if id(m) in chosen else apply_write(conn, m) for m in changes]
        except (_BatchConflict, VersionConflict):
            pass  # some match moved on elsewhere: find which, one write at a time
        except Exception:
            if len(changes) == 1:
                raise
            log.warning("a batch of %d writes failed: writing them one by one", len(changes))
        out: list[Outcome] = []
        for change in changes:
            try:
                with conn.begin():
                    out.append(apply_write(conn, change))
            except Exception as exc:
                out.append(exc)
        return out

    async def close(self) -> None:
        await self._group.close()
        if self._conn is not None:
            self._thread.submit(self._conn.close).result()
        self._thread.shutdown(wait=True)
        self._engine.dispose()


__all__ = [
    "BatchedSqliteLog",
    "MatchEnd",
    "MatchWrite",
    "MoveLog",
    "SessionLog",
    "apply_results",
    "apply_skill",
    "apply_write",
]
