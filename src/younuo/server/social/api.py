"""The REST API of social play: friends, blocks, notices, invitations, settings, a room's
chat log, reports, and the moderators' report queue (docs/protocol.md §1, docs/social.md).

Thin handlers over the parts of :class:`younuo.server.social.service.SocialService`. A
refusal of the social rules (:class:`~younuo.social.errors.SocialError`) is answered by
:func:`social_handler` with its code and the status of
:data:`younuo.server.social.wire.STATUS`; an unknown account,
notice or room of the caller is ``404`` ``not_found``; the report queue refuses a player
with ``403`` ``forbidden`` (the admin routes' handler).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Path, Query, Request
from fastapi.responses import Response

from younuo.protocol.bounds import ROW_ID_MAX
from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import ChatOut, NoticeOut
from younuo.protocol.rest import Ok
from younuo.protocol.social import (
    BlockIn,
    BlockOut,
    FriendActionIn,
    FriendOut,
    FriendRequestIn,
    InvitationIn,
    ReportDecisionIn,
    ReportFiled,
    ReportIn,
    ReportOut,
    SocialSettingsIn,
    SocialSettingsOut,
)
from younuo.server.accounts.caller import Me, Page, app_service, rest_router
from younuo.server.edge.limits import Write
from younuo.server.edge.writebudget import spend_write
from younuo.server.problems import Problem, problem_handler
from younuo.server.social.facts import NotFound
from younuo.server.social.service import SocialService
from younuo.server.social.wire import STATUS
from younuo.social.errors import SocialError

RowId = Annotated[int, Path(ge=1, le=ROW_ID_MAX)]
"""A stored row's id (notices, reports): a 32-bit integer in every database."""

router = rest_router("social", "/api")


_social = app_service(SocialService, "social")


async def social_handler(request: Request, exc: Exception) -> Response:
    """A refused social action: its code, with the status of ``STATUS``; an unknown
    account, notice or room: ``404`` ``not_found``."""
    if isinstance(exc, NotFound):
        return await problem_handler(request, Problem(404, ErrorCode.NOT_FOUND, exc.message))
    assert isinstance(exc, SocialError)
    return await problem_handler(
        request, Problem(STATUS.get(exc.code, 400), exc.code.value, exc.message)
    )


# ------------------------------------------------------------------ friends
@router.get("/me/friends", response_model=list[FriendOut])
async def friends(request: Request, me: Me) -> list[FriendOut]:
    """Your friends (with where they are), then requests to you, then yours."""
    return await _social(request).friends.of(me)


@router.post("/me/friends", response_model=FriendOut)
async def request_friend(body: FriendRequestIn, request: Request, me: Me) -> FriendOut:
    """Ask an account to be friends (by ``account`` id or registered ``name``); if they
    had asked you, you are friends at once. They get a notice."""
    await spend_write(request, me, Write.FRIEND_REQUESTS)
    friends = _social(request).friends
    other = await friends.request(me, body.account, body.name)
    return next(f for f in await friends.of(me) if f.account == other)


@router.post("/me/friends/{account_id}", response_model=Ok)
async def answer_friend(account_id: str, body: FriendActionIn, request: Request, me: Me) -> Ok:
    """Accept or decline a request to you (``decline`` also withdraws your own)."""
    friends = _social(request).friends
    if body.action == "accept":
        await friends.accept(me, account_id)
    else:
        await friends.decline(me, account_id)
    return Ok()


@router.delete("/me/friends/{account_id}", response_model=Ok)
async def remove_friend(account_id: str, request: Request, me: Me) -> Ok:
    """End a friendship."""
    await _social(request).friends.remove(me, account_id)
    return Ok()


@router.get("/me/friends/{account_id}/chat", response_model=list[ChatOut])
async def direct_log(
    account_id: str,
    request: Request,
    me: Me,
    limit: Page = 50,
) -> list[ChatOut]:
    """Your recent direct messages with a friend, oldest first (friends only, no block)."""
    return await _social(request).chat.direct_log(me, account_id, limit)


# ------------------------------------------------------------------ blocks
@router.get("/me/blocks", response_model=list[BlockOut])
async def blocks(request: Request, me: Me) -> list[BlockOut]:
    """The accounts you block, newest first."""
    return await _social(request).blocks.of(me)


@router.post("/me/blocks", response_model=BlockOut)
async def block(body: BlockIn, request: Request, me: Me) -> BlockOut:
    """Block an account: it ends any friendship or request between you, and neither of
    you reaches the other any more (requests, invitations, chat, both ways)."""
    return await _social(request).blocks.block(me, body.account)


@router.delete("/me/blocks/{account_id}", response_model=Ok)
async def unblock(account_id: str, request: Request, me: Me) -> Ok:
    """Lift your block."""
    await _social(request).blocks.unblock(me, account_id)
    return Ok()


# ------------------------------------------------------------------ notices, invitations
@router.get("/me/notices", response_model=list[NoticeOut])
async def notices(request: Request, me: Me, unread: bool = False) -> list[NoticeOut]:
    """Your notices, newest first (only the unread ones with ``unread=true``)."""
    return await _social(request).notices.of(me, unread=unread)


@router.post("/me/notices/{notice_id}/read", response_model=NoticeOut)
async def read_notice(notice_id: RowId, request: Request, me: Me) -> NoticeOut:
    """Mark one of your notices read."""
    return await _social(request).notices.read(me, notice_id)


@router.post("/me/invitations", response_model=Ok)
async def invite(body: InvitationIn, request: Request, me: Me) -> Ok:
    """Invite a friend to the room you are in: an ``invitation`` notice, kept for them
    if they are offline, pushed if they are connected."""
    await _social(request).invitations.invite(me, body.account, body.room)
    return Ok()


# ------------------------------------------------------------------ settings
@router.get("/me/social", response_model=SocialSettingsOut)
async def social_settings(request: Request, me: Me) -> SocialSettingsOut:
    """Your social settings (free text, who may invite you or ask you), and any mute."""
    return await _social(request).switches.of(me)


@router.patch("/me/social", response_model=SocialSettingsOut)
async def change_social_settings(
    body: SocialSettingsIn, request: Request, me: Me
) -> SocialSettingsOut:
    """Change your social settings."""
    return await _social(request).switches.change(me, body)


# ------------------------------------------------------------------ chat, reports
@router.get("/rooms/{room_id}/chat", response_model=list[ChatOut])
async def chat_log(
    room_id: str,
    request: Request,
    me: Me,
    limit: Page = 50,
) -> list[ChatOut]:
    """A room's recent messages you may read (members only; never across a block)."""
    return await _social(request).chat.room_log(me, room_id, limit)


@router.post("/reports", response_model=ReportFiled)
async def report(body: ReportIn, request: Request, me: Me) -> ReportFiled:
    """Report a player to the moderators, with their messages in ``room`` attached."""
    await spend_write(request, me, Write.REPORTS)
    return await _social(request).reports.report(me, body)


@router.get("/admin/reports", response_model=list[ReportOut], tags=["admin"])
async def report_queue(
    request: Request,
    me: Me,
    status: Annotated[str | None, Query(pattern="^(open|actioned|dismissed)$")] = "open",
    limit: Page = 50,
) -> list[ReportOut]:
    """The report queue, oldest first (moderators and admins)."""
    return await _social(request).reports.queue(me, status, limit)


@router.post("/admin/reports/{report_id}/decision", response_model=ReportOut, tags=["admin"])
async def decide_report(
    report_id: RowId, body: ReportDecisionIn, request: Request, me: Me
) -> ReportOut:
    """Decide an open report: dismiss, warn, or mute for ``minutes``; in the audit log,
    and a ``moderation`` notice to the player concerned (but for a dismissal)."""
    return await _social(request).reports.decide(me, report_id, body)


__all__ = ["router", "social_handler"]
