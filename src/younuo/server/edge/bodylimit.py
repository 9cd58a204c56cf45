"""The REST API's largest request body: bigger ones are refused (413) before they are read.

Without a limit the whole body was read and decoded before anything judged it: one
unauthenticated 10 MB ``POST /api/auth/guest`` held the event loop for seconds. The
limit is the application's own (``max_body_bytes``), not only a proxy's, so that a
server reached directly is as safe as one behind nginx.

:class:`BodyLimit` is an ASGI middleware. A request whose ``Content-Length`` is over the
limit is answered ``413 too_large`` at once: the application never runs and none of the
body is read. A body without a length (chunked) or longer than it said is counted as it
streams in, and the read that passes the limit raises :class:`BodyTooLarge` (an HTTP
413), which the error handlers answer with the protocol's error body.
"""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from younuo.protocol import wirejson
from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import error
from younuo.server.edge.refusallog import RefusalLog


class BodyTooLarge(HTTPException):
    """A request body passed the limit while it was being read."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"request bodies are at most {limit} bytes")


class BodyLimit:
    """Refuses HTTP request bodies over ``limit`` bytes with 413 ``too_large``."""

    def __init__(self, app: ASGIApp, limit: int, refusals: RefusalLog) -> None:
        self.app = app
        self.limit = limit
        self.refusals = refusals

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and declared > self.limit:
            await self._refuse(scope, send)
            return
        read = 0
        started = False

        async def counted() -> Message:
            nonlocal read
            message = await receive()
            if message["type"] == "http.request":
                read += len(message.get("body", b""))
                if read > self.limit:
                    raise BodyTooLarge(self.limit)
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except BodyTooLarge:
            # Raised where no error handler answered it (a read outside a route).
            if started:
                raise
            await self._refuse(scope, send)

    async def _refuse(self, scope: Scope, send: Send) -> None:
        client = scope.get("client")
        self.refusals.refused(client[0] if client else None, "a request body over the limit")
        body = wirejson.dumps(
            error(ErrorCode.TOO_LARGE, f"request bodies are at most {self.limit} bytes").model_dump(
                mode="json"
            )
        ).encode("utf-8")
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode("ascii")),
                    # The unread body stays on the connection: it is not reused.
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


def _content_length(scope: Scope) -> int | None:
    """The request's declared body length; None when it has none (or not a number)."""
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


__all__ = ["BodyLimit", "BodyTooLarge"]
