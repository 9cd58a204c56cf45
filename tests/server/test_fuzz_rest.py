"""The REST API under schemathesis: every route of the server's own OpenAPI document, with
schema-driven cases (valid and invalid ones) and, for each, the JSON edge cases of
:mod:`fuzzing` spliced into its body and its query, sent to a real ``younuo serve``.

Every answer is below 500; every 4xx has the project's error body (``type``, ``code``,
``message``, ``ref``, ``details``); the server answers normally afterwards and its output
holds no traceback. The default run is bounded (a few hundred requests, seconds); with
``--soak-full`` each operation gets many more examples.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.core.result import Ok

from .fuzzing import EXTREME_QUERY, edge_tokens, extreme, spliced, traceback_free
from .harness import ServerProcess

EXAMPLES = 8
"""Hypothesis examples per operation and generation mode in the default run."""
SOAK_EXAMPLES = 400

ERROR_FIELDS = {"type", "code", "message", "ref", "details"}


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with ServerProcess(tmp_path_factory.mktemp("fuzz-rest") / "data") as proc:
        yield proc


def check_answer(response: httpx.Response | Any, sent: str) -> None:
    """Below 500, and a 4xx carries the project's error body."""
    status = response.status_code
    assert status < 500, (sent, status, response.text[:500])
    if status >= 400:
        body = response.json()
        assert set(body) == ERROR_FIELDS, (sent, body)
        assert body["type"] == "error" and isinstance(body["code"], str), (sent, body)
        assert isinstance(body["message"], str) and body["message"], (sent, body)


def fuzz_operation(
    operation: Any,
    mode: GenerationMode,
    examples: int,
    client: httpx.Client,
    bearer: Callable[[], str],
    counts: Counter[str],
) -> None:
    """``examples`` cases of ``operation`` in ``mode``, each sent as schemathesis makes it,
    then with an edge token in its body and in one of its query parameters."""

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=operation.as_strategy(generation_mode=mode), data=st.data())
    def run(case: Any, data: st.DataObject) -> None:
        auth = {"Authorization": f"Bearer {bearer()}"}
        where = f"{case.method} {case.formatted_path}"
        # The case as schemathesis makes it, checked by schemathesis too.
        response = case.call(base_url=str(client.base_url), headers=auth)
        case.validate_response(response, checks=[not_a_server_error])
        check_answer(response, where)
        counts["schemathesis"] += 1
        # The same request with an edge case in its body (or as its body).
        body = case.body if isinstance(case.body, dict | list) else {}
        text = data.draw(spliced(body, ("name", "avatar", "options", "password")))
        response = client.request(
            case.method,
            case.formatted_path,
            params=case.query or None,
            headers={**auth, "Content-Type": "application/json"},
            content=text.encode("utf-8", "surrogatepass"),
        )
        check_answer(response, f"{where} {text[:200]!r}")
        counts["edge body"] += 1
        # The same request with a number, date or string at its extremes in its body
        # (issue 38: each once overflowed a duration, a database integer or a calendar).
        text = data.draw(extreme(body))
        response = client.request(
            case.method,
            case.formatted_path,
            params=case.query or None,
            headers={**auth, "Content-Type": "application/json"},
            content=text.encode("utf-8"),
        )
        check_answer(response, f"{where} {text[:200]!r}")
        counts["extreme body"] += 1
        # And an edge case's raw text in one of the query parameters the route takes,
        # then an extreme number or date in one.
        if case.query:
            name = data.draw(st.sampled_from(sorted(case.query)))
            raw = data.draw(st.sampled_from(EXTREME_QUERY))
            response = client.request(
                case.method, case.formatted_path, params={**case.query, name: raw}, headers=auth
            )
            check_answer(response, f"{where}?{name}={raw[:100]!r}")
            counts["extreme query"] += 1
        if case.query:
            name = data.draw(st.sampled_from(sorted(case.query)))
            raw = data.draw(edge_tokens)
            response = client.request(
                case.method, case.formatted_path, params={name: raw}, headers=auth
            )
            check_answer(response, f"{where}?{name}={raw[:100]!r}")
            counts["edge query"] += 1

    run()


@pytest.mark.soak
def test_every_route_answers_fuzzed_requests_with_a_4xx_error_body(
    api: ServerProcess, soak_full: bool
) -> None:
    document = httpx.get(api.http + "/openapi.json", timeout=10).json()
    schema = schemathesis.openapi.from_dict(document)
    client = httpx.Client(base_url=api.http, timeout=30)
    counts: Counter[str] = Counter()
    skipped: list[str] = []
    examples = SOAK_EXAMPLES if soak_full else EXAMPLES

    def token() -> str:
        return str(api.guest("Fuzz")["token"])

    shared = token()
    operations = []
    for result in schema.get_all_operations():
        assert isinstance(result, Ok), result  # the document is valid OpenAPI
        operations.append(result.ok())
    assert len(operations) == sum(len(methods) for methods in document["paths"].values())
    for operation in operations:
        # Logging out ends the token, and so may deleting the account: those routes get
        # a fresh one each time.
        fresh = operation.path.endswith("/logout") or (
            operation.path == "/api/me" and operation.method.upper() == "DELETE"
        )
        spec = document["paths"][operation.path][operation.method.lower()]
        # A route that takes nothing has no invalid request to make (but the edge bodies).
        takes = spec.get("parameters") or "requestBody" in spec
        modes = [GenerationMode.POSITIVE, *([GenerationMode.NEGATIVE] if takes else [])]
        bearer = token if fresh else lambda: shared
        for mode in modes:
            try:
                fuzz_operation(operation, mode, examples, client, bearer, counts)
            except Unsatisfiable:
                # Every request this route takes is valid (an optional header of any
                # text): schemathesis has no negative case to make; the edge bodies ran.
                assert mode is GenerationMode.NEGATIVE, operation.label
                skipped.append(operation.label)
    # Afterwards the server answers as usual.
    session = api.guest("After")
    me = client.get("/api/me", headers={"Authorization": f"Bearer {session['token']}"})
    assert me.status_code == 200 and me.json()["name"] == "After"
    assert client.get("/healthz").json()["ok"] is True
    client.close()
    total = sum(counts.values())
    # The figure issue 24 asks for (shown with -s).
    print(f"REST fuzz: {total} requests {dict(counts)}; no negative case for {skipped}")
    assert total >= len(operations) * examples
    traceback_free(api.log)


def test_splice_puts_the_raw_token_in_place() -> None:
    """The fuzzer's own tool: the edge token lands where asked, raw, not as a string."""
    from .fuzzing import splice

    assert splice({"a": 1}, ["a"], "NaN") == '{"a": NaN}'
    assert splice({"a": [1, 2]}, ["a", 1], '"\\udfff"') == '{"a": [1, "\\udfff"]}'
    assert splice({}, [], "Infinity") == "Infinity"
    assert json.loads(splice({"x": "y"}, ["z"], "1"))["z"] == 1


@pytest.fixture(scope="module")
def staffed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, str]]:
    from tournaments.serving import admin_create
    from tournaments.serving import login as admin_login

    data = tmp_path_factory.mktemp("fuzz-extremes") / "data"
    admin_create(data, "Root")
    with ServerProcess(data) as proc:
        yield proc, str(admin_login(proc, "Root")["token"])


def _examples(player: str) -> list[tuple[str, str, Any]]:
    """Bodies that pass every check of their route, so that a value put in any of their
    places reaches as deep as it can (the spec, the series' calendar, the engine)."""
    from datetime import UTC, datetime, timedelta

    soon = (datetime.now(UTC) + timedelta(hours=2)).isoformat()
    spec = {
        "name": "Extreme cup",
        "format": "swiss",
        "starts_at": soon,
        "preset": "younuo",
        "options": {"scoring": "single", "uno_penalty": 2},
        "table_min": 4,
        "table_max": 8,
        "advance": 2,
        "rounds": 3,
        "match_seconds": 600,
        "target": 500,
        "no_show": "bot",
        "bot_level": "normal",
        "cap": 64,
        "check_in": 900,
        "code": None,
    }
    series = {
        "key": "extreme",
        "name": "Extreme",
        "starts": "2027-01-01",
        "events": [
            {
                "key": "monthly",
                "level": "monthly",
                "schedule": {"at": "19:00:00", "weekday": 0, "day": 28, "month": 1, "opens": 86400},
                "spec": spec,
            }
        ],
        "feeds": [],
        "top": None,
        "titles": {"master_levels": ["monthly"]},
    }
    room = {
        "name": "Extreme room",
        "seats": 4,
        "needed": 2,
        "mode": "ffa",
        "preset": "younuo",
        "options": {"target": 500, "turn_seconds": 30, "match_seconds": 0},
        "private": False,
    }
    return [
        ("POST", "/api/tournaments", spec),
        ("POST", "/api/admin/series", {"series": series}),
        ("POST", "/api/rooms", room),
        (
            "POST",
            f"/api/admin/accounts/{player}/standing",
            {"standing": "suspended", "reason": "fuzz", "seconds": 60},
        ),
        ("POST", "/api/admin/reports/1/decision", {"action": "mute", "note": "n", "minutes": 60}),
        ("POST", "/api/admin/cases/k/decision", {"verdict": "deduct", "note": "n", "points": 5}),
        ("PATCH", "/api/me", {"name": "Rooted", "avatar": {"outfit": "red", "expression": "cry"}}),
    ]


@pytest.mark.soak
def test_each_place_of_valid_bodies_at_the_extremes_of_numbers_dates_and_strings(
    staffed: tuple[ServerProcess, str],
) -> None:
    """Issue 38: every place (a value, an object, an array) of a body that passes its
    route's checks, given each extreme number, date and string in turn, is answered
    with a 2xx or a 4xx error body; never a 500, and the log has no traceback."""
    from .fuzzing import EXTREME_VALUES, paths, splice

    api, token = staffed
    player = api.guest("Target")["account"]["id"]
    client = httpx.Client(base_url=api.http, timeout=30)
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    statuses: Counter[int] = Counter()
    for method, path, body in _examples(player):
        valid = client.request(method, path, json=body, headers=headers)
        # The example passes (a decision on no report or case: checked, then not found).
        assert valid.status_code < 300 or "decision" in path, (path, valid.text)
        for where in paths(body):
            for token_text in EXTREME_VALUES:
                text = splice(body, where, token_text)
                if method == "PATCH":  # one rename a request, not a budget's worth
                    text = text.replace('"Rooted"', '"Root"')
                response = client.request(method, path, content=text.encode(), headers=headers)
                check_answer(response, f"{method} {path} {text[:300]!r}")
                statuses[response.status_code] += 1
    assert client.get("/healthz").json()["ok"] is True
    for listing in ("/api/tournaments", "/api/series", "/api/rooms", "/api/leaderboard"):
        assert client.get(listing).status_code == 200, listing
    client.close()
    print(f"REST extremes: {sum(statuses.values())} requests {dict(sorted(statuses.items()))}")
    assert statuses[422] > 0 and sum(n for s, n in statuses.items() if s < 300) > 0
    traceback_free(api.log)
