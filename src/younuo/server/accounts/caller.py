"""Who calls a REST route, and what a route module needs to answer them, written once.

Who asks is :data:`Me` (the account of the request's bearer token: 401 without a token
that opens a session, 403 for a suspended or banned account, 429 past a bot account's
budget) or :data:`Viewer` (that account or ``None``, for routes anyone may read where an
account may see more: a private match, to its players).

The route modules take from here too:

- :func:`rest_router`: the house router (strict JSON bodies, answers that always encode,
  the protocol's error bodies in the OpenAPI document);
- :func:`app_service`: the typed dependency that hands a route the service the composition
  root built for it;
- :func:`refusals`: a service's :class:`~younuo.server.accounts.refused.RequestRefused`, which
  carries its HTTP status, answered as the protocol's error body.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, TypeVar

from fastapi import APIRouter, Depends, Header, Query, Request

from younuo.protocol.errors import ErrorCode
from younuo.server.accounts.auth import Auth, AuthError
from younuo.server.accounts.refused import RequestRefused
from younuo.server.edge.jsonroutes import ERROR_RESPONSES, SafeJSONResponse, StrictJsonRoute
from younuo.server.edge.limits import BotLimits
from younuo.server.problems import Problem, too_many
from younuo.server.services import services_of
from younuo.store.models import Account

T = TypeVar("T")

Authorization = Annotated[str | None, Header()]
"""The request's ``Authorization`` header, if any."""


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header, else None."""
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip()
    return None


def auth_of(request: Request) -> Auth:
    """The application's sign-in service."""
    auth: Auth = services_of(request).auth
    return auth


async def current_account(request: Request, authorization: Authorization = None) -> Account:
    """The signed-in caller, or the refusal that answers the request."""
    try:
        account = await auth_of(request).account(bearer(authorization))
    except AuthError as exc:
        status = 403 if exc.code in (ErrorCode.ACCOUNT_SUSPENDED, ErrorCode.ACCOUNT_BANNED) else 401
        raise Problem(status, exc.code, exc.message) from None
    bots: BotLimits = services_of(request).bot_limits
    refusal = await bots.check(account)
    if refusal is not None:
        raise too_many(refusal)
    return account


Me = Annotated[Account, Depends(current_account)]


async def optional_account(request: Request, authorization: Authorization = None) -> Account | None:
    """The caller's account when the request carries a token that opens one, else None:
    routes that anyone may read, where an account may see more (private matches)."""
    token = bearer(authorization)
    if token is None:
        return None
    try:
        return await auth_of(request).account(token)
    except AuthError:
        return None


Viewer = Annotated[Account | None, Depends(optional_account)]

Page = Annotated[int, Query(ge=1, le=200)]
"""How many rows a listing answers with: 1 to 200 (each route gives its default)."""


def rest_router(tag: str | None = None, prefix: str = "") -> APIRouter:
    """A router of the REST API under ``prefix``, each of its routes listed under ``tag``
    in the OpenAPI document (without one, each route names its own), with the project's
    request, answer and error conventions."""
    return APIRouter(
        prefix=prefix,
        route_class=StrictJsonRoute,
        default_response_class=SafeJSONResponse,
        responses=ERROR_RESPONSES,
        tags=[tag] if tag is not None else None,
    )


def app_service(kind: type[T], name: str) -> Callable[[Request], T]:
    """The getter of the service the composition root built as ``Services.<name>``
    (:mod:`younuo.server.services`); ``kind`` only types it (``Services`` is what
    guarantees the class)."""

    def get(request: Request) -> T:
        found: T = getattr(services_of(request), name)
        return found

    get.__name__ = f"service_{name}"
    get.__doc__ = f"The app's {kind.__name__} (``Services.{name}``)."
    return get


@contextmanager
def refusals() -> Iterator[None]:
    """Answer a :class:`RequestRefused` raised inside the block with its status and error body
    (the service's own exception stays out of the traceback of the answer)."""
    try:
        yield
    except RequestRefused as exc:
        raise Problem(exc.status, exc.code, exc.message) from None


__all__ = [
    "Authorization",
    "Me",
    "Problem",
    "Viewer",
    "app_service",
    "auth_of",
    "bearer",
    "current_account",
    "refusals",
    "rest_router",
]
