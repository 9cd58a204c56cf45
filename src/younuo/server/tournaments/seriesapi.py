"""The REST API of series: an admin makes one (audit-logged); anyone lists them and sees
a series with the places of its finished instances. The scheduler's ``series`` job runs
them (:class:`younuo.server.tournaments.series.SeriesService`)."""

from __future__ import annotations

from datetime import UTC, datetime

from fastapi import Request

from younuo.protocol.errors import ErrorCode
from younuo.protocol.rest import SeriesIn, SeriesOut, UpcomingOut
from younuo.protocol.roles import Permission, allows
from younuo.server.accounts.caller import Me, app_service, rest_router
from younuo.server.admin.service import AdminError
from younuo.server.storedvalues import UNREADABLE, skipped
from younuo.server.tournaments.series import SeriesService
from younuo.tournaments import TournamentError
from younuo.tournaments.series import Series, upcoming

router = rest_router("series")
_series = app_service(SeriesService, "series")


async def _out(service: SeriesService, series: Series) -> SeriesOut:
    return SeriesOut(
        key=series.key,
        name=series.name,
        series=series.to_dict(),
        results=await service.results(series.key),
        upcoming=[
            UpcomingOut(
                key=i.key,
                event=i.event,
                level=str(i.level),
                starts_at=i.starts_at,
                opens_at=i.opens_at,
                qualifiers_only=i.qualifiers_only,
            )
            for i in upcoming(series, datetime.now(UTC))
        ],
    )


@router.get("/api/series", response_model=list[SeriesOut])
async def every_series(request: Request) -> list[SeriesOut]:
    """Every series, oldest first (one whose calendar cannot be shown is left out, logged)."""
    service = _series(request)
    out = []
    for series in await service.every():
        try:
            out.append(await _out(service, series))
        except UNREADABLE as exc:
            skipped(f"series {series.key}", exc)
    return out


@router.get("/api/series/{key}", response_model=SeriesOut)
async def one_series(key: str, request: Request) -> SeriesOut:
    service = _series(request)
    found = await service.get(key)
    if found is None:
        raise AdminError(ErrorCode.NOT_FOUND, f"no series {key[:80]!r}")
    try:
        return await _out(service, found)
    except UNREADABLE as exc:
        skipped(f"series {found.key}", exc)
        raise AdminError(ErrorCode.NOT_FOUND, f"series {key[:80]!r} cannot be shown") from None


@router.post("/api/admin/series", response_model=SeriesOut)
async def create_series(body: SeriesIn, request: Request, me: Me) -> SeriesOut:
    """Make a series (admins: ``create_public_events``); checked whole before it is
    stored (``bad_series``, ``bad_schedule``, ``bad_feed``...), then run by the scheduler."""
    if not allows(me.role, Permission.CREATE_PUBLIC_EVENTS):
        raise AdminError(ErrorCode.FORBIDDEN, "only admins make series")
    service = _series(request)
    try:
        series = Series.from_dict(body.series.value())
        await service.create(series, me.id, datetime.now(UTC))
    except TournamentError as exc:
        raise AdminError(str(exc.code), exc.message) from None
    return await _out(service, series)
