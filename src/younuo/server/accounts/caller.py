"""What a small REST module of the server needs to answer its caller, written once.

The route modules of bot accounts, personal data, titles, series, tournaments and the
admin each used to spell out the same pieces; they take them from here:

- :func:`rest_router`: the house router (strict JSON bodies, answers that always encode,
  the protocol's error bodies in the OpenAPI document);
- :func:`app_service`: the typed dependency that hands a route the service the composition
  root built for it;
- :func:`refusals`: a service's :class:`~younuo.server.accounts.refused.RequestRefused`, which
  carries its HTTP status, answered as the protocol's error body.

Who asks is :data:`Me` (the account of the bearer token, refused with 401/403 without
one) or :data:`Viewer` (that account or ``None``, for routes anyone may read); both are
re-exported here so that a route module imports its caller from one place.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from fastapi import APIRouter, Request

from younuo.server.accounts.refused import RequestRefused
from younuo.server.api import (
    ERROR_RESPONSES,
    Me,
    Problem,
    SafeJSONResponse,
    StrictJsonRoute,
    Viewer,
)
from younuo.server.services import services_of

T = TypeVar("T")


def rest_router(tag: str, prefix: str = "") -> APIRouter:
    """A router of the REST API under ``prefix``, listed under ``tag`` in the OpenAPI
    document, with the project's request, answer and error conventions."""
    return APIRouter(
        prefix=prefix,
        route_class=StrictJsonRoute,
        default_response_class=SafeJSONResponse,
        responses=ERROR_RESPONSES,
        tags=[tag],
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


__all__ = ["Me", "Problem", "Viewer", "app_service", "refusals", "rest_router"]
