"""The tournament REST API (``/api/tournaments``): list, read, create, enter, cancel.

Thin handlers over :class:`younuo.server.tournaments.service.TournamentService`; the pure
package decides (``TournamentError``, answered with its code and message), this module
only checks who asks: public events are created by admins (``create_public_events``),
a player's event is private with its code, and only an admin cancels (audit-logged).
"""

from __future__ import annotations

from collections.abc import Awaitable
from datetime import UTC, datetime

from fastapi import Request

from younuo.protocol.errors import ErrorCode
from younuo.protocol.roles import Permission, allows
from younuo.protocol.tournaments import (
    CodeIn,
    EntrantOut,
    EventTableOut,
    RegistrationOut,
    StandingOut,
    TournamentIn,
    TournamentOut,
    TournamentSummary,
)
from younuo.server.accounts.caller import Me, Page, Problem, Viewer, app_service, rest_router
from younuo.server.edge.limits import Write
from younuo.server.edge.writebudget import spend_write
from younuo.server.lobby.codeguesses import CodeGuesses
from younuo.server.storedvalues import skipped
from younuo.server.tournaments.service import TournamentService
from younuo.server.tournaments.tables import table_match_id, table_room_id
from younuo.store.models import Account
from younuo.tournaments import Tournament, TournamentSpec
from younuo.tournaments.errors import ErrorCode as TournamentCode
from younuo.tournaments.errors import TournamentError

router = rest_router("tournaments", "/api/tournaments")

FORBIDDEN = {
    TournamentCode.NOT_ADMIN,
    TournamentCode.WRONG_CODE,
    TournamentCode.NOT_QUALIFIED,
    TournamentCode.BOT_NOT_RATED,
}
CONFLICT = {
    TournamentCode.FULL,
    TournamentCode.ALREADY_REGISTERED,
    TournamentCode.NOT_REGISTERED,
    TournamentCode.REGISTRATION_CLOSED,
    TournamentCode.CHECK_IN_CLOSED,
    TournamentCode.CHECK_IN_NOT_OPEN,
    TournamentCode.ALREADY_OVER,
    TournamentCode.CODE_TAKEN,
}


_service = app_service(TournamentService, "tournaments")
_guesses = app_service(CodeGuesses, "code_guesses")


def _refused(exc: TournamentError) -> Problem:
    status = 403 if exc.code in FORBIDDEN else 409 if exc.code in CONFLICT else 400
    return Problem(status, str(exc.code), exc.message)


def _not_found(tournament_id: str) -> Problem:
    return Problem(404, "tournament_not_found", f"no tournament {tournament_id[:80]!r}")


def _is_admin(account: Account | None) -> bool:
    return account is not None and allows(account.role, Permission.CREATE_PUBLIC_EVENTS)


def _now() -> datetime:
    return datetime.now(UTC)


def _out(t: Tournament, code: str | None, viewer: Account | None) -> TournamentOut:
    """The event as ``viewer`` sees it: the code only for its creator and admins."""
    shown = code if viewer is not None and (_is_admin(viewer) or viewer.id == t.creator) else None
    spec = t.spec.to_dict()
    spec["code"] = shown
    tables = [
        EventTableOut(
            id=table.id,
            stage=table.stage,
            number=table.number,
            seats=list(table.seats),
            match=table_match_id(t.id, table.id),
            room=table_room_id(t.id, table.id),
            done=table.done,
            places=None if table.result is None else list(table.result.places),
        )
        for stage in t.stages
        for table in stage.tables
    ]
    return TournamentOut(
        id=t.id,
        name=t.spec.name,
        status=t.status.value,
        spec=spec,
        creator=t.creator,
        private=code is not None,
        code=shown,
        registrations=[
            RegistrationOut(account=r.account, rating=r.rating, checked_in=r.checked_in is not None)
            for r in t.registrations
        ],
        entrants=[
            EntrantOut(
                id=e.id,
                kind=e.kind.value,
                rating=e.rating,
                bot_level=e.bot_level,
                replaces=e.replaces,
            )
            for e in t.entrants
        ],
        standings=[StandingOut(**s.to_dict()) for s in t.standings()] if t.stages else [],
        bracket=t.bracket() if t.stages else {},
        tables=tables,
        places=list(t.places),
        cancelled=None if t.cancelled is None else str(t.cancelled),
        qualified=None if t.qualified is None else list(t.qualified),
    )


async def _answer(request: Request, t: Tournament, viewer: Account | None) -> TournamentOut:
    return _out(t, await _service(request).code_of(t.id), viewer)


async def _change(
    request: Request, tournament_id: str, me: Account, what: Awaitable[Tournament]
) -> TournamentOut:
    try:
        t = await what
    except LookupError:
        raise _not_found(tournament_id) from None
    except TournamentError as exc:
        raise _refused(exc) from None
    return await _answer(request, t, me)


@router.get("", response_model=list[TournamentSummary])
async def listing(request: Request, limit: Page = 50) -> list[TournamentSummary]:
    """The public events, the newest first, with their status."""
    return [
        TournamentSummary(
            id=t.id,
            name=t.spec.name,
            format=t.spec.format.value,
            status=t.status.value,
            starts_at=t.spec.starts_at.isoformat(),
            private=False,
            registered=len(t.registrations),
            cap=t.spec.cap,
        )
        for t in await _service(request).public(limit)
    ]


@router.get("/{tournament_id}", response_model=TournamentOut)
async def read(tournament_id: str, request: Request, viewer: Viewer) -> TournamentOut:
    """One event: spec, status, registrations, entrants, standings, bracket, tables."""
    try:
        t = await _service(request).get(tournament_id)
    except TournamentError as exc:  # a stored value that no longer reads
        skipped(f"event {tournament_id[:80]}", exc)
        t = None
    if t is None:
        raise _not_found(tournament_id)
    return await _answer(request, t, viewer)


@router.post("", response_model=TournamentOut)
async def create(body: TournamentIn, request: Request, me: Me) -> TournamentOut:
    """A new event: an admin's without a code is public; anyone's with a code is private
    (a player may create only private events: ``not_admin`` otherwise)."""
    await spend_write(request, me, Write.EVENTS)
    try:
        spec = TournamentSpec.from_dict(body.model_dump(mode="json", exclude_none=True))
        t = await _service(request).create(spec, me.id, admin=_is_admin(me), now=_now())
    except TournamentError as exc:
        raise _refused(exc) from None
    return await _answer(request, t, me)


@router.post("/{tournament_id}/register", response_model=TournamentOut)
async def register(tournament_id: str, body: CodeIn, request: Request, me: Me) -> TournamentOut:
    """Enter the event (a private one with its code); seeded by the current rating.

    A code spends the budget of wrong codes that private rooms' codes spend too
    (server/lobby/codeguesses.py): over it, ``429`` ``rate_limited``; only ``wrong_code``
    keeps its token spent."""
    service = _service(request)
    if body.code is None:
        return await _change(
            request, tournament_id, me, service.enter(tournament_id, me, _now(), None)
        )
    guesses = _guesses(request)
    host = request.client.host if request.client else None
    refusal = await guesses.attempt(me.id, host)
    if refusal is not None:
        raise Problem(
            429,
            ErrorCode.RATE_LIMITED,
            f"{refusal.message}: try again in {refusal.retry_after} s",
            {"Retry-After": str(refusal.retry_after)},
        )
    try:
        answer = await _change(
            request, tournament_id, me, service.enter(tournament_id, me, _now(), body.code)
        )
    except Problem as exc:
        if exc.code != str(TournamentCode.WRONG_CODE):
            await guesses.right(me.id, host)
        raise
    await guesses.right(me.id, host)
    return answer


@router.post("/{tournament_id}/unregister", response_model=TournamentOut)
async def unregister(tournament_id: str, request: Request, me: Me) -> TournamentOut:
    """Withdraw before the start."""
    service = _service(request)
    return await _change(
        request, tournament_id, me, service.unregister(tournament_id, me.id, _now())
    )


@router.post("/{tournament_id}/check-in", response_model=TournamentOut)
async def check_in(tournament_id: str, request: Request, me: Me) -> TournamentOut:
    """Confirm presence within the check-in window."""
    service = _service(request)
    return await _change(request, tournament_id, me, service.check_in(tournament_id, me.id, _now()))


@router.post("/{tournament_id}/cancel", response_model=TournamentOut)
async def cancel(tournament_id: str, request: Request, me: Me) -> TournamentOut:
    """Call the event off (admins only; written to the audit log)."""
    if not _is_admin(me):
        raise Problem(403, ErrorCode.FORBIDDEN, "only an admin cancels a tournament")
    service = _service(request)
    return await _change(
        request, tournament_id, me, service.cancel(tournament_id, _now(), actor=me.id)
    )


__all__ = ["router"]
