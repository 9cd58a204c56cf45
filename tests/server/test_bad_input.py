"""Issue 24's examples, one by one: JSON that Python's ``json`` takes but nothing after it
does gets a 4xx with the error body over REST, and an ``error`` on an open connection
over the WebSocket; ``max_message_bytes`` counts UTF-8 bytes; nothing reaches the log as
a traceback. Plus the JSON policy itself (``wirejson``) and the error builder."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from younuo.protocol import wirejson
from younuo.protocol.messages import ErrorOut, dump, echo_ref, error

from .fuzzing import traceback_free
from .harness import Client, ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server for the module (the tests share no state but accounts)."""
    with ServerProcess(tmp_path_factory.mktemp("bad-input") / "data") as proc:
        yield proc


PROFILE_BODIES = [
    '{"name": NaN}',
    '{"name": Infinity}',
    '{"name": -Infinity}',
    '{"name": "\\udfff"}',
    '{"name": "a\\ud800"}',
    '{"name": "漢字テスト", "avatar": NaN}',
    '{"name": 1e400}',
    '{"avatar": {"outfit": "red", "expression": "\\udc00"}}',
    '{"name": ' + "[" * 100 + "]" * 100 + "}",
]


def test_patch_me_refuses_each_example_with_the_error_body(server: ServerProcess) -> None:
    session = server.guest("Ann")
    headers = {"Authorization": f"Bearer {session['token']}", "Content-Type": "application/json"}
    for body in PROFILE_BODIES:
        r = httpx.patch(server.http + "/api/me", content=body.encode(), headers=headers)
        assert r.status_code == 400, (body, r.status_code, r.text)
        answer = r.json()
        assert answer["type"] == "error" and answer["code"] == "bad_json", (body, answer)
        assert answer["ref"] is None and answer["details"] is None
        assert "\\ud" not in r.text and "NaN" not in answer["message"].split(":")[0]
    # A body that decodes but does not validate: 422 bad_message, naming the place only.
    r = httpx.patch(server.http + "/api/me", content=b'{"name": 12345678}', headers=headers)
    assert r.status_code == 422
    assert r.json()["code"] == "bad_message"
    assert r.json()["message"] == "body.name: Input should be a valid string"
    assert "12345678" not in r.text
    # The account is unharmed and the server answers as usual.
    me = httpx.get(server.http + "/api/me", headers=headers).json()
    assert me["name"] == "Ann"
    r = httpx.post(server.http + "/api/auth/guest", content=b'{"name": "\\ud800"}', headers=headers)
    assert (r.status_code, r.json()["code"]) == (400, "bad_json")
    r = httpx.post(server.http + "/api/rooms", content=b'{"options": {"x": NaN}}', headers=headers)
    assert (r.status_code, r.json()["code"]) == (400, "bad_json")
    traceback_free(server.log)


def test_rest_routing_errors_have_the_error_body(server: ServerProcess) -> None:
    """No ``{"detail": ...}`` left: an unknown path, a wrong method, a bad query."""
    for method, path, status, code in [
        ("GET", "/api/nowhere", 404, "not_found"),
        ("PUT", "/api/me", 405, "method_not_allowed"),  # DELETE /api/me deletes the account
        ("GET", "/api/leaderboard?limit=1e400", 422, "bad_message"),
        ("GET", "/api/rooms?mode=%ED%A0%80", 422, "bad_message"),
    ]:
        r = httpx.request(method, server.http + path)
        assert r.status_code == status, (path, r.text)
        assert r.json() == {**r.json(), "type": "error", "code": code}, r.text
        assert set(r.json()) == {"type", "code", "message", "ref", "details"}


def test_the_openapi_document_states_the_error_body(tmp_path: Path) -> None:
    """Every route documents its 400 and 422 answers as ``ErrorOut``."""
    from younuo.server.app import create_app
    from younuo.server.settings import Settings

    document = create_app(Settings.load(data=tmp_path)).openapi()
    for path, methods in document["paths"].items():
        if not path.startswith("/api/"):
            continue
        for method, spec in methods.items():
            for status in ("400", "422"):
                schema = spec["responses"][status]["content"]["application/json"]["schema"]
                assert schema == {"$ref": "#/components/schemas/ErrorOut"}, (method, path)


WS_EXAMPLES: list[tuple[str, str]] = [
    ('{"type": "create_room", "settings": {"avatar": Infinity}, "ref": 1}', "bad_json"),
    ('{"type": "kick", "seat": 1, "ref": "\\udfff"}', "bad_json"),
    ('{"type": "ping", "ref": "a\\ud800"}', "bad_json"),
    ('{"type": "ping", "ref": NaN}', "bad_json"),
    ('{"type": "configure", "settings": {"options": {"decks": -Infinity}}}', "bad_json"),
    (
        '{"type": "action", "match": "m1", "action": {"type": "play", "card": "\\ud83d"}}',
        "bad_json",
    ),
    ('{"type": "ping", "ref": 1e999}', "bad_json"),
    ('{"type": "ping", "ref": ' + "[" * 40 + "]" * 40 + "}", "bad_json"),
    ('{"type": "ping", "ref": 9007199254740993}', "bad_message"),
    ('{"type": "ping", "ref": "' + "x" * 65 + '"}', "bad_message"),
    ('{"type": "nope", "ref": "' + "y" * 65 + '"}', "unknown_type"),
    ('{"type": 5, "ref": 3}', "unknown_type"),
]


def test_websocket_examples_get_an_error_on_an_open_connection(server: ServerProcess) -> None:
    async def main() -> list[dict[str, Any]]:
        client = Client(server, server.guest("Ann"))
        await client.connect()
        answers = []
        for raw, _code in WS_EXAMPLES:
            await client.send_raw(raw)
            answers.append(await client.expect("error"))
        # Still open, and it still plays: a ping with a ref has its pong.
        pong = await client.request({"type": "ping"})
        assert pong["type"] == "pong"
        await client.close()
        return answers

    answers = asyncio.run(main())
    for (raw, code), answer in zip(WS_EXAMPLES, answers, strict=True):
        assert answer["code"] == code, (raw, answer)
        # A frame that is not JSON under the policy is not read, so its ref is not
        # copied; a ref out of the protocol's bounds is not either; the last is.
        assert answer["ref"] in (None, 3), (raw, answer)
    assert answers[-1]["ref"] == 3
    traceback_free(server.log)


def test_max_message_bytes_counts_utf8_bytes(server: ServerProcess) -> None:
    """5,000 characters of 3 bytes each are 15,000 bytes: over the 8,192-byte default of
    ``max_message_bytes`` (refused, the connection open), under ``max_frame_bytes``."""

    async def main() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        client = Client(server, server.guest("Ann"))
        await client.connect()
        wide = json.dumps({"type": "ping", "name": "漢" * 5000}, ensure_ascii=False)
        assert len(wide) < 8192 < len(wide.encode()) < 16384
        await client.send_raw(wide)
        too_large = await client.expect("error")
        # Just under the limit in bytes (and far under it in characters) is read.
        fits = json.dumps({"type": "ping", "x": "漢" * 2700}, ensure_ascii=False)
        assert len(fits.encode()) <= 8192
        await client.send_raw(fits)
        read = await client.expect("error")
        pong = await client.request({"type": "ping"})
        await client.close()
        return too_large, read, pong

    too_large, read, pong = asyncio.run(main())
    assert too_large["code"] == "too_large"
    assert read["code"] == "bad_message"  # parsed: "x" is no field of ping
    assert pong["type"] == "pong"


# ------------------------------------------------------------------ the policy itself
@pytest.mark.parametrize(
    "text",
    [
        "NaN",
        "[Infinity]",
        '{"a": -Infinity}',
        "1e400",
        '"\\udfff"',
        '"a\\ud800"',
        '{"\\ud800": 1}',
        '["\\udc00\\ud800"]',
        "[" * 33 + "]" * 33,
        "[" * 100_000 + "]" * 100_000,
        "9" * 5000,
        b'"\xed\xa0\x80"',
        b"\xff",
        "{",
    ],
)
def test_wirejson_refuses(text: str | bytes) -> None:
    with pytest.raises(wirejson.BadJson):
        wirejson.loads(text)


def test_wirejson_keeps_what_is_json() -> None:
    assert wirejson.loads('"\\ud83d\\ude00"') == "😀"  # a surrogate pair is one character
    assert wirejson.loads("[" * 32 + "]" * 32) is not None
    assert wirejson.loads('{"n": 1.5e300, "i": 123456789012345678901234567890}')["n"] == 1.5e300
    assert wirejson.loads(b'{"name": "\xe6\xbc\xa2"}') == {"name": "漢"}


def test_outbound_encoding_never_fails() -> None:
    text = wirejson.dumps({"a": float("nan"), "b": ["x\ud800", float("inf")], "\udfff": {1}})
    assert json.loads(text) == {"a": None, "b": ["x\ufffd", None], "\ufffd": "{1}"}
    text.encode("utf-8")
    # An error built from an unsafe ref or message still encodes, without the ref.
    frame = json.loads(dump(error("bad_message", "no \udc00 here", ref="\ud800")))
    assert frame == {
        "type": "error",
        "code": "bad_message",
        "message": "no \ufffd here",
        "ref": None,
        "details": None,
    }
    # A message pydantic cannot encode (a lone surrogate deep in it) is still sent.
    odd = ErrorOut(code="x", message="y", details={"a": float("nan"), "b": "q\udfff"})
    assert json.loads(dump(odd))["details"] == {"a": None, "b": "q\ufffd"}
    assert echo_ref(2**53) is None and echo_ref(True) is None and echo_ref(1.0) is None
    assert echo_ref("r1") == "r1" and echo_ref(-7) == -7 and echo_ref("x" * 65) is None
