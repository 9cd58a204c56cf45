"""The pieces every small REST module takes from ``younuo.server.accounts.caller``: a
service's refusal answered with its own status and code, anything else left alone, the
service read from the app, and the house router."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi import FastAPI, Request

from younuo.server.accounts.bots import BotAccounts, BotError
from younuo.server.accounts.caller import Problem, app_service, refusals, rest_router
from younuo.server.accounts.personaldata import Refused
from younuo.server.accounts.refused import RequestRefused
from younuo.server.app import create_app
from younuo.server.edge.jsonroutes import ERROR_RESPONSES, SafeJSONResponse, StrictJsonRoute
from younuo.server.settings import Settings


@pytest.mark.parametrize(
    "refusal",
    [BotError(404, "not_found", "no such bot"), Refused(409, "in_room", "leave the room first")],
)
def test_a_refusal_is_answered_with_its_status_code_and_message(refusal: RequestRefused) -> None:
    with pytest.raises(Problem) as caught, refusals():
        raise refusal
    assert (caught.value.status, caught.value.code, caught.value.message) == (
        refusal.status,
        refusal.code,
        refusal.message,
    )
    assert caught.value.__suppress_context__


def test_other_exceptions_pass_through_refusals() -> None:
    with pytest.raises(KeyError), refusals():
        raise KeyError("not a refusal")


def test_app_service_reads_the_service_the_app_keeps(tmp_path: Path) -> None:
    app = create_app(Settings.load(data=tmp_path, origin_secret="k" * 32))
    kept = app.services.bot_accounts
    request = Request({"type": "http", "app": app, "headers": []})
    assert app_service(BotAccounts, "bot_accounts")(request) is kept


def test_rest_router_has_the_house_conventions() -> None:
    router = rest_router("bots", "/api/me/bots")
    assert router.prefix == "/api/me/bots"
    assert router.tags == ["bots"]
    assert router.route_class is StrictJsonRoute
    assert router.responses == ERROR_RESPONSES
    assert router.default_response_class is SafeJSONResponse


def test_a_rest_router_without_a_tag_leaves_each_route_its_own() -> None:
    """The routes of the accounts and lobby modules name their tags one by one (as the
    OpenAPI document always listed them); a tagged router adds its tag to every route."""
    untagged, tagged = rest_router(prefix="/api"), rest_router("history", "/api")

    @untagged.get("/one", tags=["accounts"])
    async def one() -> None: ...

    @tagged.get("/two")
    async def two() -> None: ...

    app = FastAPI()
    app.include_router(untagged)
    app.include_router(tagged)
    paths = app.openapi()["paths"]
    assert untagged.tags == []
    assert paths["/api/one"]["get"]["tags"] == ["accounts"]
    assert paths["/api/two"]["get"]["tags"] == ["history"]
