"""The REST API: accounts, lobby, history, records, leaderboard (OpenAPI at ``/openapi.json``)."""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Mapping
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI, Header, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.routing import APIRoute
from starlette.exceptions import HTTPException

from younuo.bots import LEVELS as BOT_LEVELS
from younuo.engine import CHOICES, INT_RANGES, LEVELS, PRESETS, RecordError
from younuo.protocol import wirejson
from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import (
    AccountOut,
    ErrorOut,
    ProtocolError,
    ResultOut,
    RoomOut,
    RoomSettingsPatch,
    RoomSummary,
    SessionOut,
    error,
    explain_errors,
)
from younuo.protocol.replays import ReplayOut
from younuo.protocol.rest import (
    CredentialsIn,
    DecisionOut,
    GuestIn,
    LeaderRow,
    MatchSummary,
    Ok,
    ProfileIn,
    RecordOut,
)
from younuo.server.accounts.auth import Auth, AuthError, account_out, title_of
from younuo.server.accounts.names import InvalidName, clean_name
from younuo.server.edge.limits import AuthLimits, BotLimits, Refusal, Write, WriteLimits
from younuo.server.edge.refusallog import RefusalLog
from younuo.server.lobby.service import Lobby
from younuo.server.match.privacy import may_read, private_history
from younuo.server.match.replays import ReplayCache
from younuo.server.match.service import result_out
from younuo.server.services import services_of
from younuo.store import NameTaken
from younuo.store import accounts as accounts_repo
from younuo.store import matches as matches_repo
from younuo.store.errors import is_outage
from younuo.store.models import Account, Match


class SafeJSONResponse(JSONResponse):
    """A JSON answer whose encoding cannot fail (:func:`wirejson.dumps`)."""

    def render(self, content: Any) -> bytes:
        return wirejson.dumps(content).encode("utf-8")


class StrictJsonRequest(Request):
    """A request whose JSON body is decoded under the server's policy (:mod:`wirejson`)."""

    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            # wirejson.BadJson is a JSONDecodeError: FastAPI answers it as json_invalid.
            self._json = wirejson.loads(await self.body())
        return self._json


class StrictJsonRoute(APIRoute):
    """A route that reads its body with :class:`StrictJsonRequest`."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def strict(request: Request) -> Response:
            return await handler(StrictJsonRequest(request.scope, request.receive))

        return strict


ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorOut, "description": "`bad_json` (the body is not JSON), or refused"},
    422: {"model": ErrorOut, "description": "`bad_message`: the request does not validate"},
}
"""Every route's error answers, as the OpenAPI document states them (the error body)."""

router = APIRouter(
    prefix="/api",
    route_class=StrictJsonRoute,
    default_response_class=SafeJSONResponse,
    responses=ERROR_RESPONSES,
)


class Problem(Exception):
    """An HTTP error with the protocol's error body."""

    def __init__(
        self, status: int, code: str, message: str, headers: dict[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers


def _error_response(
    status: int, code: str, message: str, headers: Mapping[str, str] | None = None
) -> SafeJSONResponse:
    body = error(code, message).model_dump(mode="json")
    return SafeJSONResponse(body, status_code=status, headers=headers)


async def problem_handler(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, Problem)
    return _error_response(exc.status, exc.code, exc.message, exc.headers)


def _note_refused(request: Request, what: str) -> None:
    """Refused input in the log, once per client and period (server/edge/refusallog.py)."""
    refusals: RefusalLog = services_of(request).refusals
    refusals.refused(request.client.host if request.client else None, what)


async def validation_handler(request: Request, exc: Exception) -> JSONResponse:
    """A request that does not validate: its places and pydantic's reasons, never its input
    (which may be what cannot be encoded), as ``bad_json`` or ``bad_message``."""
    assert isinstance(exc, RequestValidationError)
    _note_refused(request, f"a request to {request.url.path[:80]} that does not validate")
    errors = list(exc.errors())
    undecodable = [e for e in errors if e.get("type") == "json_invalid"]
    if undecodable:
        reason = (undecodable[0].get("ctx") or {}).get("error", "")
        return _error_response(
            400, "bad_json", wirejson.safe_text(f"the body is not valid JSON: {reason}")[:300]
        )
    return _error_response(422, "bad_message", explain_errors(errors))


HTTP_CODES = {404: "not_found", 405: "method_not_allowed", 413: "too_large"}
"""Error codes for the HTTP errors that routing and body reading raise."""


async def http_handler(request: Request, exc: Exception) -> Response:
    """Starlette's and FastAPI's own HTTP errors (no such path, a body that does not
    read or is over ``max_body_bytes``) with the project's error body instead of
    ``{"detail": ...}``."""
    assert isinstance(exc, HTTPException)
    if exc.status_code == 413:
        _note_refused(request, "a request body over the limit")
    if exc.status_code < 400:
        return Response(status_code=exc.status_code, headers=exc.headers)
    code = HTTP_CODES.get(exc.status_code, "bad_request" if exc.status_code < 500 else "internal")
    message = exc.detail if isinstance(exc.detail, str) else "the request was refused"
    return _error_response(exc.status_code, code, message[:300], exc.headers)


async def internal_handler(_request: Request, exc: Exception) -> JSONResponse:
    """A server fault: the error body with no detail (the log has the traceback); the
    database out of reach: 503 ``unavailable``, to be tried again in a moment."""
    if is_outage(exc):
        return _error_response(503, "unavailable", "the database did not answer: retry soon")
    return _error_response(500, "internal", "the server failed on this request")


def add_error_handlers(app: FastAPI) -> None:
    """Every error the REST API answers has the protocol's error body (docs/protocol.md §1)."""
    app.add_exception_handler(Problem, problem_handler)
    app.add_exception_handler(RequestValidationError, validation_handler)
    app.add_exception_handler(HTTPException, http_handler)
    app.add_exception_handler(Exception, internal_handler)


def _auth(request: Request) -> Auth:
    auth: Auth = services_of(request).auth
    return auth


def _lobby(request: Request) -> Lobby:
    lobby: Lobby = services_of(request).lobby
    return lobby


def _limit(request: Request, name: object = None) -> None:
    """Count a login or sign-up from the caller's address (and for ``name``): 429 past it."""
    limits: AuthLimits = services_of(request).auth_limits
    refusal = limits.check(request.client.host if request.client else None, name)
    if refusal is not None:
        raise _too_many(refusal)


def _too_many(refusal: Refusal) -> Problem:
    return Problem(
        429,
        ErrorCode.RATE_LIMITED,
        f"{refusal.message}: try again in {refusal.retry_after} s",
        {"Retry-After": str(refusal.retry_after)},
    )


async def spend_write(request: Request, account: Account, kind: Write) -> None:
    """Count one ``kind`` write of ``account`` against its budget: 429
    ``too_many_writes`` (with ``Retry-After``) past it."""
    limits: WriteLimits = services_of(request).write_limits
    refusal = await limits.check(account, kind)
    if refusal is not None:
        raise Problem(
            429,
            ErrorCode.TOO_MANY_WRITES,
            f"{refusal.message}: try again in {refusal.retry_after} s",
            {"Retry-After": str(refusal.retry_after)},
        )


def _bearer(authorization: str | None) -> str | None:
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip()
    return None


async def current_account(
    request: Request, authorization: Annotated[str | None, Header()] = None
) -> Account:
    try:
        account = await _auth(request).account(_bearer(authorization))
    except AuthError as exc:
        status = 403 if exc.code in (ErrorCode.ACCOUNT_SUSPENDED, ErrorCode.ACCOUNT_BANNED) else 401
        raise Problem(status, exc.code, exc.message) from None
    bots: BotLimits = services_of(request).bot_limits
    refusal = await bots.check(account)
    if refusal is not None:
        raise _too_many(refusal)
    return account


Me = Annotated[Account, Depends(current_account)]


async def optional_account(
    request: Request, authorization: Annotated[str | None, Header()] = None
) -> Account | None:
    """The caller's account when the request carries a token that opens one, else None:
    routes that anyone may read, where an account may see more (private matches)."""
    token = _bearer(authorization)
    if token is None:
        return None
    try:
        return await _auth(request).account(token)
    except AuthError:
        return None


Viewer = Annotated[Account | None, Depends(optional_account)]


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


def _refuse(exc: AuthError | ProtocolError) -> Problem:
    status = {
        "bad_password": 401,
        "bad_token": 401,
        "not_authenticated": 401,
        "name_taken": 409,
        "room_not_found": 404,
        "no_match": 404,
        "already_in_room": 409,
        "account_suspended": 403,
        "account_banned": 403,
    }.get(exc.code, 400)
    return Problem(status, exc.code, exc.message)


# ------------------------------------------------------------------ accounts
@router.post("/auth/guest", response_model=SessionOut, tags=["accounts"])
async def guest(body: GuestIn, request: Request) -> SessionOut:
    """Play as a guest: a durable account behind the returned token."""
    _limit(request)
    try:
        return await _auth(request).guest(body.name)
    except AuthError as exc:
        raise _refuse(exc) from None


@router.post("/auth/register", response_model=SessionOut, tags=["accounts"])
async def register(
    body: CredentialsIn, request: Request, authorization: Annotated[str | None, Header()] = None
) -> SessionOut:
    """Register a name and password; with a guest's token, that guest keeps its rating."""
    _limit(request, body.name)
    try:
        return await _auth(request).register(body.name, body.password, _bearer(authorization))
    except AuthError as exc:
        raise _refuse(exc) from None


@router.post("/auth/login", response_model=SessionOut, tags=["accounts"])
async def login(body: CredentialsIn, request: Request) -> SessionOut:
    _limit(request, body.name)
    try:
        return await _auth(request).login(body.name, body.password)
    except AuthError as exc:
        raise _refuse(exc) from None


@router.post("/auth/logout", response_model=Ok, tags=["accounts"])
async def logout(
    request: Request, me: Me, authorization: Annotated[str | None, Header()] = None
) -> Ok:
    """Revoke the token: its session is deleted and its WebSockets are closed at once."""
    token = _bearer(authorization)
    assert token is not None
    revoked = await _auth(request).logout(token)
    _lobby(request).hub.revoke_everywhere(revoked)
    return Ok()


@router.get("/me", response_model=AccountOut, tags=["accounts"])
async def get_me(me: Me) -> AccountOut:
    return account_out(me)


@router.get("/me/decisions", response_model=list[DecisionOut], tags=["accounts"])
async def my_decisions(request: Request, me: Me) -> list[DecisionOut]:
    """The moderators' decisions on fair-play cases that named you, newest first."""
    decided = await services_of(request).fairplay.decisions_for(me.id)
    return [
        DecisionOut(
            kind=c.kind,
            verdict=str((c.decision or {}).get("verdict", "")),
            note=str((c.decision or {}).get("note", "")),
            points=int((c.decision or {}).get("points", 0)),
            decided_at=c.decided_at,
        )
        for c in decided
    ]


@router.patch("/me", response_model=AccountOut, tags=["accounts"])
async def patch_me(body: ProfileIn, request: Request, me: Me) -> AccountOut:
    """Change the avatar and/or the name."""
    lobby = _lobby(request)
    if body.name is not None:
        try:
            name = clean_name(body.name)
        except InvalidName as exc:
            raise Problem(400, ErrorCode.BAD_NAME, str(exc)) from None
        if name != me.name:
            await spend_write(request, me, Write.RENAMES)
        async with lobby.db.session() as s, s.begin():
            account = await accounts_repo.get(s, me.id)
            assert account is not None
            try:
                await accounts_repo.rename(s, account, name)
            except NameTaken:
                raise Problem(
                    409, ErrorCode.NAME_TAKEN, f"the name {name!r} is registered already"
                ) from None
        me.name = name
    if body.avatar is not None:
        await lobby.set_avatar(me, body.avatar)
    return account_out(me)


@router.get("/accounts/{account_id}", response_model=AccountOut, tags=["accounts"])
async def get_account(account_id: str, request: Request) -> AccountOut:
    async with _lobby(request).db.session() as s:
        account = await accounts_repo.get(s, account_id)
    if account is None:
        raise Problem(404, ErrorCode.NOT_FOUND, "no such account")
    return account_out(account)


@router.get("/accounts/{account_id}/matches", response_model=list[MatchSummary], tags=["history"])
async def account_matches(
    account_id: str,
    request: Request,
    viewer: Viewer,
    limit: Annotated[int, Query(ge=1, le=200)] = 20,
) -> list[MatchSummary]:
    """A player's ended matches, newest first, with their own result (a private room's
    matches only to those who may read them: the player, their table, moderators)."""
    private_of = private_history(
        account=account_id,
        viewer=viewer.id if viewer is not None else None,
        role=viewer.role if viewer is not None else None,
    )
    async with _lobby(request).db.session() as s:
        rows = await matches_repo.history(s, account_id, limit, private_of=private_of)
    return [_summary(match, [result_out(result)]) for match, result in rows]


@router.get("/leaderboard", response_model=list[LeaderRow], tags=["history"])
async def leaderboard(
    request: Request, limit: Annotated[int, Query(ge=1, le=500)] = 50
) -> list[LeaderRow]:
    async with _lobby(request).db.session() as s:
        rows = await accounts_repo.leaderboard(s, limit)
    return [
        LeaderRow(
            account=a.id,
            name=a.name,
            rating=a.rating,
            level=account_out(a).level.model_dump(),
            title=title_of(a),
        )
        for a in rows
    ]


@router.get("/levels", tags=["rules"])
async def levels() -> list[dict[str, Any]]:
    """The 20 levels of R-LEVEL."""
    return [
        {
            "number": lv.number,
            "name": lv.name,
            "name_zh": lv.name_zh,
            "low": lv.low,
            "high": lv.high,
        }
        for lv in LEVELS
    ]


@router.get("/rules", tags=["rules"])
async def rules() -> dict[str, Any]:
    """Presets, every option's choices and number ranges, and the bot levels.

    All a room editor needs: the web client keeps no copy of the rules.
    """
    choices = {
        key: list(value) if isinstance(value, tuple) else value.__name__
        for key, value in CHOICES.items()
    }
    return {
        "presets": {name: preset.to_dict() for name, preset in PRESETS.items()},
        "choices": choices,
        "ranges": {key: list(bounds) for key, bounds in INT_RANGES.items()},
        "bot_levels": list(BOT_LEVELS),
    }


# ------------------------------------------------------------------ rooms
@router.get("/rooms", response_model=list[RoomSummary], tags=["lobby"])
async def list_rooms(
    request: Request,
    mode: Annotated[str | None, Query(pattern="^(ffa|teams)$")] = None,
    preset: Annotated[str | None, Query(max_length=20)] = None,
    free_seats: Annotated[int | None, Query(ge=0, le=10)] = None,
) -> list[RoomSummary]:
    """Open public rooms, with filters."""
    return await _lobby(request).listing(mode, preset, free_seats)


@router.post("/rooms", response_model=RoomOut, tags=["lobby"])
async def create_room(body: RoomSettingsPatch, request: Request, me: Me) -> RoomOut:
    """Create a room; the caller sits in it as host (then follow it over the WebSocket)."""
    await spend_write(request, me, Write.ROOMS)
    lobby = _lobby(request)
    try:
        room = await lobby.create(me, body)
    except ProtocolError as exc:
        raise _refuse(exc) from None
    return await lobby.room_out(room, me.id)


@router.get("/rooms/{room_id}", response_model=RoomOut, tags=["lobby"])
async def get_room(room_id: str, request: Request) -> RoomOut:
    lobby = _lobby(request)
    room = await lobby.load(room_id)
    if room is None or room.settings.private:
        raise Problem(404, ErrorCode.ROOM_NOT_FOUND, "no such room")
    return await lobby.room_out(room, None)


# ------------------------------------------------------------------ matches
@router.get("/matches/{match_id}", response_model=MatchSummary, tags=["history"])
async def get_match(match_id: str, request: Request, viewer: Viewer) -> MatchSummary:
    """A match's summary (a private room's: to its players and moderators alone)."""
    async with _lobby(request).db.session() as s:
        match = _readable(await matches_repo.get(s, match_id), viewer)
        results = await matches_repo.results(s, match_id)
    return _summary(match, [result_out(r) for r in results])


@router.get("/matches/{match_id}/record", response_model=RecordOut, tags=["history"])
async def get_record(match_id: str, request: Request, viewer: Viewer) -> RecordOut:
    """The match's record (docs/records.md) once it has ended; its public part while it runs
    (a private room's: to its players and moderators alone)."""
    async with _lobby(request).db.session() as s:
        match = _readable(await matches_repo.get(s, match_id), viewer)
        log = await matches_repo.actions(s, match_id)
    complete = match.status != "running"
    return RecordOut(complete=complete, record=matches_repo.record_of(match, log, complete))


@router.get(
    "/matches/{match_id}/replay",
    response_model=ReplayOut,
    tags=["history"],
    responses={404: {"description": "no such match"}, 409: {"description": "still running"}},
)
async def get_replay(match_id: str, request: Request, viewer: Viewer) -> Response:
    """Every step of an ended match: each action, all its events and the table after it
    (every hand: the match is over). Refused (409 ``match_running``) while it runs. A
    private room's match: to its players and moderators alone (others: 404, as for no
    match)."""
    async with _lobby(request).db.session() as s:
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


def _summary(match: Any, results: list[ResultOut]) -> MatchSummary:
    return MatchSummary(
        id=match.id,
        room=match.room_id,
        status=match.status,
        rules=match.rules,
        players=list(match.players),
        winner=match.winner,
        created_at=match.created_at,
        ended_at=match.ended_at,
        version=match.version,
        results=results,
        node=match.owner if match.status == "running" else None,
    )


__all__ = [
    "ERROR_RESPONSES",
    "Problem",
    "SafeJSONResponse",
    "StrictJsonRequest",
    "StrictJsonRoute",
    "add_error_handlers",
    "problem_handler",
    "router",
    "spend_write",
]
