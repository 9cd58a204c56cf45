"""How every REST route reads and writes JSON, and the error answers each documents.

A body is decoded under the server's policy (:mod:`younuo.protocol.wirejson`: no
duplicate keys, no lone surrogates, bounded nesting) and an answer is encoded so that it
cannot fail. :func:`~younuo.server.accounts.caller.rest_router` gives a capability's module
its router with both, and the error answers every route documents.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import Request
from fastapi.responses import JSONResponse, Response
from fastapi.routing import APIRoute

from younuo.protocol import wirejson
from younuo.protocol.messages import ErrorOut


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


__all__ = [
    "ERROR_RESPONSES",
    "SafeJSONResponse",
    "StrictJsonRequest",
    "StrictJsonRoute",
]
