"""The REST API of ended and running matches: a player's history, a match's summary,
its record and its replay (docs/protocol.md §1, docs/records.md).

Anyone may read a public room's matches; a private room's only its players and the
moderators (:mod:`younuo.server.match.privacy`), and to anyone else such a match is as
unknown as none.
"""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import Response

from younuo.engine import RecordError
from younuo.protocol.errors import ErrorCode
from younuo.protocol.replays import ReplayOut
from younuo.protocol.rest import MatchSummary, RecordOut
from younuo.server.accounts.caller import Page, Viewer, app_service, rest_router
from younuo.server.match.privacy import may_read, private_history
from younuo.server.match.replays import ReplayCache
from younuo.server.match.wire import match_summary, result_out
from younuo.server.problems import Problem
from younuo.server.services import services_of
from younuo.store import Database
from younuo.store import matches as matches_repo
from younuo.store.models import Account, Match

router = rest_router("history", "/api")


_db = app_service(Database, "db")


def _readable(match: Match | None, viewer: Account | None) -> Match:
    """``match`` if ``viewer`` may read it; else 404, as for no match at all
    (:mod:`younuo.server.match.privacy`: a private match's id leaks nothing)."""
    if match is None or not may_read(
        private=bool(match.private),
        seats=match.seats,
        viewer=viewer.id if viewer is not None else None,
        role=viewer.role if viewer is not None else None,
    ):
        raise Problem(404, ErrorCode.NO_MATCH, "no such match")
    return match


@router.get("/accounts/{account_id}/matches", response_model=list[MatchSummary])
async def account_matches(
    account_id: str,
    request: Request,
    viewer: Viewer,
    limit: Page = 20,
) -> list[MatchSummary]:
    """A player's ended matches, newest first, with their own result (a private room's
    matches only to those who may read them: the player, their table, moderators)."""
    private_of = private_history(
        account=account_id,
        viewer=viewer.id if viewer is not None else None,
        role=viewer.role if viewer is not None else None,
    )
    async with _db(request).session() as s:
        rows = await matches_repo.history(s, account_id, limit, private_of=private_of)
    return [match_summary(match, [result_out(result)]) for match, result in rows]


@router.get("/matches/{match_id}", response_model=MatchSummary)
async def get_match(match_id: str, request: Request, viewer: Viewer) -> MatchSummary:
    """A match's summary (a private room's: to its players and moderators alone)."""
    async with _db(request).session() as s:
        match = _readable(await matches_repo.get(s, match_id), viewer)
        results = await matches_repo.results(s, match_id)
    return match_summary(match, [result_out(r) for r in results])


@router.get("/matches/{match_id}/record", response_model=RecordOut)
async def get_record(match_id: str, request: Request, viewer: Viewer) -> RecordOut:
    """The match's record (docs/records.md) once it has ended; its public part while it runs
    (a private room's: to its players and moderators alone)."""
    async with _db(request).session() as s:
        match = _readable(await matches_repo.get(s, match_id), viewer)
        log = await matches_repo.actions(s, match_id)
    complete = match.status != "running"
    return RecordOut(complete=complete, record=matches_repo.record_of(match, log, complete))


@router.get(
    "/matches/{match_id}/replay",
    response_model=ReplayOut,
    responses={404: {"description": "no such match"}, 409: {"description": "still running"}},
)
async def get_replay(match_id: str, request: Request, viewer: Viewer) -> Response:
    """Every step of an ended match: each action, all its events and the table after it
    (every hand: the match is over). Refused (409 ``match_running``) while it runs. A
    private room's match: to its players and moderators alone (others: 404, as for no
    match)."""
    async with _db(request).session() as s:
        match = _readable(await matches_repo.get(s, match_id), viewer)
        log = await matches_repo.actions(s, match_id)
    if match.status == "running":
        raise Problem(
            409,
            ErrorCode.MATCH_RUNNING,
            "the match is still running: its replay shows every hand, so it opens once"
            " the match has ended",
        )
    record = matches_repo.record_of(match, log)
    cache: ReplayCache = services_of(request).replays
    try:
        text = await cache.text(match_id, record)
    except RecordError as exc:
        raise Problem(
            500, ErrorCode.BAD_RECORD, f"the match's record cannot be replayed: {exc.message}"
        ) from None
    return Response(text, media_type="application/json")


__all__ = ["router"]
