"""Fair play on the server: the scan that files cases, and the moderators' decisions.

The signals are :mod:`younuo.fairplay`'s (pure, docs/fairplay.md); this is the shell
around them. :meth:`FairPlay.scan`, a scheduler job, reads the matches that ended in the
last ``window_days`` (their records, who sat where, how long each move took, from the
action log's times), runs the detector off the event loop and files each finding in the
review queue (:mod:`younuo.store.cases`). Nothing is ever decided automatically: a
moderator reads a case's evidence and records a decision (:meth:`FairPlay.decide`), which
is written with the audit log, applied (rating points deducted from the accounts the
case names, when the decision says so) and shown to those players
(``GET /api/me/decisions``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from younuo.engine import RecordError
from younuo.fairplay import Case, SeatFacts, StoredMatch, detect, digest
from younuo.protocol.errors import ErrorCode
from younuo.protocol.roles import Permission, allows
from younuo.server.admin.origins import OriginBook, Origins
from younuo.server.admin.service import AdminError
from younuo.store import Database, moderation
from younuo.store import accounts as accounts_repo
from younuo.store import cases as cases_repo
from younuo.store import matches as matches_repo
from younuo.store.models import Account, FairplayCase, Match, MatchAction

log = logging.getLogger(__name__)

MAX_NOTE = 1000
MAX_POINTS = 10_000


class Verdict(StrEnum):
    """What a moderator decides about a case."""

    DISMISS = "dismiss"  # nothing wrong was found
    WARN = "warn"  # the players are told, nothing else changes
    DEDUCT = "deduct"  # ``points`` rating points taken from each account the case names


@dataclass(frozen=True, slots=True)
class Decision:
    """A moderator's decision, as stored with the case and shown to its players."""

    verdict: Verdict
    note: str
    points: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"verdict": self.verdict.value, "note": self.note, "points": self.points}


def stored_match(
    match: Match, log_rows: list[MatchAction], book: OriginBook | None = None
) -> StoredMatch:
    """What the detector reads of one ended match: its record, each seat's account (None
    for a bot), the seconds each of its moves took (since the action before it) and,
    from ``book``, where the seat's account last connected from before the match ended."""
    thinking: dict[str, list[float]] = {}
    previous = match.created_at
    for row in log_rows:
        player = row.action.get("player") if isinstance(row.action, dict) else None
        if isinstance(player, str) and row.source == "player":
            thinking.setdefault(player, []).append(max(0.0, row.at - previous))
        previous = row.at
    ended = match.ended_at or match.created_at
    seats = []
    for name, seat in zip(match.players, match.seats, strict=False):
        account = seat.get("account") if seat.get("kind") != "bot" else None
        origin = book.at(account, ended) if book is not None and account else None
        seats.append(
            SeatFacts(
                player=name,
                account=account,
                address=origin.address if origin else None,
                browser=origin.browser if origin else None,
                think_times=tuple(thinking.get(name, ())),
            )
        )
    return StoredMatch(
        match_id=match.id,
        record=matches_repo.record_of(match, log_rows),
        seats=tuple(seats),
        period=int((match.ended_at or match.created_at) // 86400),
    )


def _detect(stored: list[StoredMatch]) -> tuple[Case, ...]:
    """The detector's cases; a stored record the engine refuses (a repair gone wrong) is
    left out and logged, rather than stopping every scan after it."""
    try:
        return detect(stored)
    except RecordError:
        pass
    kept = []
    for match in stored:
        try:
            digest(match)
        except RecordError as exc:
            log.error("fair play: match %s does not replay: %s", match.match_id, exc.message)
        else:
            kept.append(match)
    return detect(kept)


class FairPlay:
    """The scan and the review queue over the database."""

    def __init__(
        self, db: Database, window_days: float, max_matches: int, origins: Origins | None = None
    ) -> None:
        self.db = db
        self.window = window_days * 86400
        self.max_matches = max_matches
        self.origins = origins

    async def scan(self) -> int:
        """File the findings over the recent matches; how many cases it opened."""
        now = time.time()
        # Connections from a day before the window: a seat's player may have connected
        # long before the match ended.
        book = None
        if self.origins is not None:
            book = await self.origins.as_of(now - self.window - 86400)
        async with self.db.session() as s:
            ended = await matches_repo.ended_since(s, now - self.window, self.max_matches)
            stored = [stored_match(m, await matches_repo.actions(s, m.id), book) for m in ended]
        # Replaying thousands of matches takes seconds of CPU: not on the event loop.
        found = await asyncio.to_thread(_detect, stored)
        opened = 0
        async with self.db.session() as s, s.begin():
            for case in found:
                opened += await cases_repo.file(s, case.to_dict(), list(case.accounts), now)
        if opened:
            log.info("fair play: %d new case(s) over %d matches", opened, len(stored))
        return opened

    def _permit(self, actor: Account | None) -> None:
        if actor is not None and not allows(actor.role, Permission.REVIEW_CASES):
            raise AdminError(
                ErrorCode.FORBIDDEN, "only moderators and admins review fair-play cases"
            )

    async def queue(self, actor: Account | None, status: str, limit: int) -> list[FairplayCase]:
        self._permit(actor)
        async with self.db.session() as s:
            return await cases_repo.queue(s, status, limit)

    async def case(self, actor: Account | None, key: str) -> FairplayCase:
        self._permit(actor)
        async with self.db.session() as s:
            case = await cases_repo.get(s, key)
        if case is None:
            raise AdminError(ErrorCode.NOT_FOUND, f"no case {key!r}")
        return case

    async def decide(self, actor: Account | None, key: str, decision: Decision) -> FairplayCase:
        """Record a moderator's decision on an open case, apply it, and audit it."""
        self._permit(actor)
        note = decision.note.strip()
        if not note or len(note) > MAX_NOTE:
            raise AdminError(
                ErrorCode.BAD_REQUEST, f"write the decision's reason (1 to {MAX_NOTE} characters)"
            )
        deduct = decision.verdict is Verdict.DEDUCT
        if deduct != (0 < decision.points <= MAX_POINTS):
            raise AdminError(
                ErrorCode.BAD_REQUEST,
                f"deduct takes 1 to {MAX_POINTS} points; the other verdicts none",
            )
        now = time.time()
        async with self.db.session() as s, s.begin():
            case = await cases_repo.get(s, key)
            if case is None:
                raise AdminError(ErrorCode.NOT_FOUND, f"no case {key!r}")
            if case.status != cases_repo.OPEN:
                raise AdminError(ErrorCode.BAD_REQUEST, "this case is decided already")
            accounts = await cases_repo.accounts_of(s, key)
            stored = Decision(decision.verdict, note, decision.points).to_dict()
            case.status = cases_repo.DECIDED
            case.decision = stored
            case.decided_by = actor.id if actor else None
            case.decided_at = now
            if deduct:
                for account in accounts:
                    await accounts_repo.deduct_rating(s, account, decision.points)
            await moderation.audit(
                s,
                at=now,
                actor=actor.id if actor else None,
                action=f"case_{decision.verdict.value}",
                target=key,
                details={**stored, "accounts": accounts},
            )
        return case

    async def decisions_for(self, account_id: str, limit: int = 50) -> list[FairplayCase]:
        """The decided cases that name this account: what its player is shown."""
        async with self.db.session() as s:
            return await cases_repo.decided_for(s, account_id, limit)


__all__ = ["Decision", "FairPlay", "Verdict", "stored_match"]
