"""The REST API of titles: a player's titles (public, for the profile) and a moderator's
revocation (audit-logged), over :class:`younuo.server.tournaments.titles.Titles`."""

from __future__ import annotations

from datetime import UTC, datetime

from fastapi import Request

from younuo.protocol.rest import RevokeTitleIn, TitleOut, TitlesOut
from younuo.server.accounts.caller import Me, app_service, rest_router
from younuo.server.tournaments.titles import Titles, TitleView
from younuo.tournaments.titles import Title, TitleKind

router = rest_router("titles", "/api")
_titles = app_service(Titles, "titles")


def title_out(title: Title) -> TitleOut:
    return TitleOut(
        kind="lifetime_master" if title.kind is TitleKind.LIFETIME_MASTER else "master",
        event=title.event,
        awarded=title.awarded.isoformat(),
        expires=None if title.expires is None else title.expires.isoformat(),
        extensions=[e.event for e in title.extensions],
        revoked_on=None if title.revoked is None else title.revoked.on.isoformat(),
        revoked_reason=None if title.revoked is None else title.revoked.reason,
    )


def _out(view: TitleView) -> TitlesOut:
    return TitlesOut(
        shown=None if view.shown is None else title_out(view.shown),
        active=[title_out(t) for t in view.active],
        history=[title_out(t) for t in view.history],
    )


def _today() -> datetime:
    return datetime.now(UTC)


@router.get("/accounts/{account_id}/titles", response_model=TitlesOut)
async def titles_of(account_id: str, request: Request) -> TitlesOut:
    """An account's titles today (anyone may look, as at a profile)."""
    return _out(await _titles(request).of(account_id, _today().date()))


@router.post("/admin/accounts/{account_id}/titles/revoke", response_model=TitlesOut)
async def revoke_title(account_id: str, body: RevokeTitleIn, request: Request, me: Me) -> TitlesOut:
    """A moderator's or admin's decision: the title won at ``event`` is revoked from
    today, with the reason the player sees in their history (audit-logged)."""
    view = await _titles(request).revoke(me, account_id, body.event, body.reason, _today().date())
    return _out(view)
