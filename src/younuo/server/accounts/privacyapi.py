"""``/api/me/data`` and ``DELETE /api/me``: a player downloads their data and deletes their
account (docs/protocol.md §1, docs/security.md *Privacy*; the service is
:mod:`younuo.server.accounts.personaldata`)."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import Response

from younuo.protocol.privacy import AccountDeleted, DataExport, DeleteAccountIn
from younuo.server.accounts.caller import Me, app_service, refusals, rest_router
from younuo.server.accounts.personaldata import PersonalData

router = rest_router("accounts", "/api")
_service = app_service(PersonalData, "personal_data")


@router.get("/me/data", response_model=DataExport)
async def my_data(request: Request, me: Me) -> Response:
    """Download everything the server keeps that is yours, as one JSON document (a file:
    ``Content-Disposition: attachment``)."""
    data = await _service(request).export(me)
    return Response(
        data.model_dump_json(indent=1),
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="younuo-data-{me.id}.json"'},
    )


@router.delete(
    "/me",
    response_model=AccountDeleted,
    responses={
        401: {"description": "`bad_password`"},
        403: {"description": "`bot_account`"},
        409: {"description": "`in_room` or `in_event`: leave first"},
    },
)
async def delete_me(body: DeleteAccountIn, request: Request, me: Me) -> AccountDeleted:
    """Delete your account and your bots for good: what goes and what remains is
    docs/security.md, *Privacy*. Your sockets are closed (4002) and your tokens open
    nothing afterwards."""
    with refusals():
        return await _service(request).delete(me, body)


__all__ = ["router"]
