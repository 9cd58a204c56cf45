"""Security headers on every HTTP response of the server (docs/security.md, "Smaller
defences").

- ``Content-Security-Policy``: scripts, styles, images, fonts and connections from the
  server's own origin only (the web client has no inline script or style, and its
  WebSocket is on the same origin), no plugins, no ``<base>``, forms only to the
  server, and ``frame-ancestors 'none'``: no other site may frame the table (a
  clickjacking page could make a player play or resign).
- ``X-Frame-Options: DENY``, the same for browsers without ``frame-ancestors``.
- ``X-Content-Type-Options: nosniff``: a file is only ever what its type says.
- ``Referrer-Policy: no-referrer``: a link followed from the table tells nobody where
  it came from (a room or a replay's URL).

The headers are added by :class:`SecurityHeaders`, an ASGI wrapper around the whole
application, framework error pages (a 500) included: :class:`HeaderedFastAPI` puts it
outside Starlette's own outermost middleware. A response that sets one of these
headers itself keeps its own.

The interactive API pages (``/docs``, ``/redoc``) load Swagger UI and ReDoc from a
public CDN, with inline scripts: a script from elsewhere running on the players'
origin could read their tokens. They are off unless the ``api_docs`` setting turns
them on; then those pages alone get :data:`DOCS_POLICY`, which allows that CDN.
``/openapi.json`` is always served (it is data, not a page).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from fastapi import FastAPI
from starlette.types import ASGIApp, Message, Receive, Scope, Send

POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self';"
    " font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none';"
    " form-action 'self'; frame-ancestors 'none'"
)
"""The policy of every response but the API pages'."""
DOCS_CDN = "https://cdn.jsdelivr.net"
"""Where FastAPI's API pages load Swagger UI and ReDoc from."""
DOCS_POLICY = (
    f"default-src 'self'; script-src 'self' 'unsafe-inline' {DOCS_CDN};"
    f" style-src 'self' 'unsafe-inline' {DOCS_CDN} https://fonts.googleapis.com;"
    " font-src 'self' https://fonts.gstatic.com; img-src 'self' data: https:;"
    " connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
"""The policy of the API pages when ``api_docs`` is on: their CDN and inline scripts."""
DOCS_PATHS = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc"})
"""The API pages (FastAPI's defaults)."""


def _headers(policy: str) -> tuple[tuple[bytes, bytes], ...]:
    return (
        (b"content-security-policy", policy.encode()),
        (b"x-frame-options", b"DENY"),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"no-referrer"),
    )


HEADERS = _headers(POLICY)
DOCS_HEADERS = _headers(DOCS_POLICY)


class SecurityHeaders:
    """Adds :data:`HEADERS` (on ``docs_paths``, :data:`DOCS_HEADERS`) to each HTTP
    response's start, unless the response set that header itself."""

    def __init__(self, app: ASGIApp, docs_paths: Iterable[str] = ()) -> None:
        self.app = app
        self.docs_paths = frozenset(docs_paths)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = DOCS_HEADERS if scope.get("path") in self.docs_paths else HEADERS

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                present = {name.lower() for name, _ in headers}
                headers.extend(h for h in extra if h[0] not in present)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class HeaderedFastAPI(FastAPI):
    """FastAPI whose every response, its own error pages included, passes through
    :class:`SecurityHeaders` (``docs_paths``: the API pages, when they are on)."""

    def __init__(self, *, docs_paths: Iterable[str] = (), **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.docs_paths = frozenset(docs_paths)

    def build_middleware_stack(self) -> ASGIApp:
        return SecurityHeaders(super().build_middleware_stack(), self.docs_paths)


__all__ = [
    "DOCS_PATHS",
    "DOCS_POLICY",
    "HEADERS",
    "POLICY",
    "HeaderedFastAPI",
    "SecurityHeaders",
]
