"""Security headers on every response (issue 38, section 4; docs/security.md, "Smaller
defences"): the web client's files, the API's answers and its errors, the framework's
own error pages; the API pages (loading a CDN's scripts) off unless turned on."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi import Response

from younuo.server.edge.headers import DOCS_POLICY, POLICY, HeaderedFastAPI

from .harness import ServerProcess

WANTED = {
    "content-security-policy": POLICY,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}


@pytest.fixture(scope="module")
def docs_on(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    env = {"YOUNUO_API_DOCS": "true"}
    with ServerProcess(Path(tmp_path_factory.mktemp("docs")), env=env) as proc:
        yield proc


def secured(answer: httpx.Response, policy: str = POLICY) -> bool:
    wanted = {**WANTED, "content-security-policy": policy}
    return all(answer.headers.get(k) == v for k, v in wanted.items())


def test_the_policy_allows_only_the_server_s_own_origin() -> None:
    directives = dict(d.strip().split(" ", 1) for d in POLICY.split(";"))
    assert directives["frame-ancestors"] == "'none'"
    assert directives["object-src"] == "'none'"
    for kind in ("default-src", "script-src", "style-src", "img-src", "connect-src"):
        assert directives[kind] == "'self'", kind
    assert "unsafe" not in POLICY and "http" not in POLICY


def test_every_response_carries_the_headers(server: ServerProcess) -> None:
    http = server.http
    session = server.guest("Headers")
    token = {"Authorization": f"Bearer {session['token']}"}
    answers = {
        "page": httpx.get(f"{http}/"),
        "module": httpx.get(f"{http}/js/main.js"),
        "style": httpx.get(f"{http}/app.css"),
        "json": httpx.get(f"{http}/api/rooms"),
        "signed in": httpx.get(f"{http}/api/me", headers=token),
        "health": httpx.get(f"{http}/healthz"),
        "openapi": httpx.get(f"{http}/openapi.json"),
        "not found": httpx.get(f"{http}/api/no-such-route"),
        "no file": httpx.get(f"{http}/no-such-file.js"),
        "bad body": httpx.post(f"{http}/api/auth/guest", json={"name": 7}),
        "bad json": httpx.post(
            f"{http}/api/auth/guest",
            content=b"{",
            headers={"content-type": "application/json"},
        ),
        "no token": httpx.get(f"{http}/api/me"),
        "wrong method": httpx.delete(f"{http}/healthz"),
        "head": httpx.head(f"{http}/"),
    }
    statuses = {name: a.status_code for name, a in answers.items()}
    assert {s // 100 for s in statuses.values()} == {2, 4}, statuses
    assert [name for name, a in answers.items() if not secured(a)] == []


def test_the_api_pages_are_off_by_default(server: ServerProcess) -> None:
    for path in ("/docs", "/redoc", "/docs/oauth2-redirect"):
        answer = httpx.get(server.http + path)
        assert answer.status_code == 404 and secured(answer), path
        assert "cdn.jsdelivr.net" not in answer.text
    assert httpx.get(server.http + "/openapi.json").status_code == 200


def test_the_api_pages_when_turned_on_alone_allow_their_cdn(docs_on: ServerProcess) -> None:
    page = httpx.get(docs_on.http + "/docs")
    assert page.status_code == 200 and "cdn.jsdelivr.net" in page.text
    assert secured(page, DOCS_POLICY)
    assert secured(httpx.get(docs_on.http + "/redoc"), DOCS_POLICY)
    # Everything else keeps the strict policy.
    assert secured(httpx.get(docs_on.http + "/"))
    assert secured(httpx.get(docs_on.http + "/api/rooms"))


def test_the_framework_s_own_error_page_carries_the_headers() -> None:
    """A server fault's 500 comes from Starlette's outermost middleware, outside any
    middleware the app adds: HeaderedFastAPI wraps that too."""
    app = HeaderedFastAPI()

    @app.get("/fault")
    async def fault() -> None:
        raise RuntimeError("a fault")

    @app.get("/own")
    async def own() -> Response:
        return Response("x", headers={"Referrer-Policy": "same-origin"})

    async def main() -> tuple[httpx.Response, httpx.Response]:
        transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
            return await client.get("/fault"), await client.get("/own")

    fault_answer, own_answer = asyncio.run(main())
    assert fault_answer.status_code == 500 and secured(fault_answer)
    # A response that sets one of the headers itself keeps its own, once.
    assert own_answer.headers.get_list("referrer-policy") == ["same-origin"]
    assert own_answer.headers["content-security-policy"] == POLICY
