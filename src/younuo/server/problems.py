"""Refusals over REST: :class:`Problem` and the handlers that answer every error with the
protocol's error body (docs/protocol.md §1).

A route raises :class:`Problem` (a status, an :class:`~younuo.protocol.errors.ErrorCode`
and a message); :func:`add_error_handlers` makes the application answer it, a request
that does not validate, Starlette's own HTTP errors and a server fault alike:
``{"type": "error", "code": ..., "message": ...}``, never FastAPI's ``{"detail": ...}``.
"""

from __future__ import annotations

from collections.abc import Mapping

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException

from younuo.protocol import wirejson
from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import ProtocolError, error, explain_errors
from younuo.server.accounts.auth import AuthError
from younuo.server.edge.jsonroutes import SafeJSONResponse
from younuo.server.edge.limits import Refusal
from younuo.server.edge.refusallog import RefusalLog
from younuo.server.services import services_of
from younuo.store.errors import is_outage


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


REFUSAL_STATUS: dict[str, int] = {
    ErrorCode.BAD_PASSWORD: 401,
    ErrorCode.BAD_TOKEN: 401,
    ErrorCode.NOT_AUTHENTICATED: 401,
    ErrorCode.NAME_TAKEN: 409,
    ErrorCode.ROOM_NOT_FOUND: 404,
    ErrorCode.NO_MATCH: 404,
    ErrorCode.ALREADY_IN_ROOM: 409,
    ErrorCode.ACCOUNT_SUSPENDED: 403,
    ErrorCode.ACCOUNT_BANNED: 403,
}
"""The HTTP status of a sign-in's or the lobby's refusal over REST (others: 400)."""


def refused(exc: AuthError | ProtocolError) -> Problem:
    """A refusal of the sign-in or of the lobby, answered over REST."""
    return Problem(REFUSAL_STATUS.get(exc.code, 400), exc.code, exc.message)


def too_many(refusal: Refusal, code: str = ErrorCode.RATE_LIMITED) -> Problem:
    """A budget spent (logins, a bot's requests, writes): 429 with ``Retry-After``."""
    return Problem(
        429,
        code,
        f"{refusal.message}: try again in {refusal.retry_after} s",
        {"Retry-After": str(refusal.retry_after)},
    )


def _error_response(
    status: int, code: str, message: str, headers: Mapping[str, str] | None = None
) -> SafeJSONResponse:
    body = error(code, message).model_dump(mode="json")
    return SafeJSONResponse(body, status_code=status, headers=headers)


async def problem_handler(_request: Request, exc: Exception) -> JSONResponse:
    """A :class:`Problem` a route raised, as the error body with its status."""
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
            400,
            ErrorCode.BAD_JSON,
            wirejson.safe_text(f"the body is not valid JSON: {reason}")[:300],
        )
    return _error_response(422, ErrorCode.BAD_MESSAGE, explain_errors(errors))


HTTP_CODES = {
    404: ErrorCode.NOT_FOUND,
    405: ErrorCode.METHOD_NOT_ALLOWED,
    413: ErrorCode.TOO_LARGE,
}
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
    fallback = ErrorCode.BAD_REQUEST if exc.status_code < 500 else ErrorCode.INTERNAL
    code = HTTP_CODES.get(exc.status_code, fallback)
    message = exc.detail if isinstance(exc.detail, str) else "the request was refused"
    return _error_response(exc.status_code, code, message[:300], exc.headers)


async def internal_handler(_request: Request, exc: Exception) -> JSONResponse:
    """A server fault: the error body with no detail (the log has the traceback); the
    database out of reach: 503 ``unavailable``, to be tried again in a moment."""
    if is_outage(exc):
        return _error_response(
            503, ErrorCode.UNAVAILABLE, "the database did not answer: retry soon"
        )
    return _error_response(500, ErrorCode.INTERNAL, "the server failed on this request")


def add_error_handlers(app: FastAPI) -> None:
    """Every error the REST API answers has the protocol's error body (docs/protocol.md §1)."""
    app.add_exception_handler(Problem, problem_handler)
    app.add_exception_handler(RequestValidationError, validation_handler)
    app.add_exception_handler(HTTPException, http_handler)
    app.add_exception_handler(Exception, internal_handler)


__all__ = [
    "Problem",
    "add_error_handlers",
    "problem_handler",
    "refused",
    "too_many",
]
