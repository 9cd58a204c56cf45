"""The WebSocket protocol under a hypothesis-driven fuzzer, against a real ``younuo serve``.

Each fuzzed frame is a raw text frame: a message of a valid type with fuzzed fields (its
``ref`` too), often with a JSON edge case of :mod:`fuzzing` spliced in, or garbage
(any text, cut-off JSON, other JSON values). After each one a ``ping`` with a sentinel
``ref`` is sent; everything up to its ``pong`` is the fuzzed frame's answer, and the
connection is still open. Every frame received is a documented message type; every
``error`` has a documented code (never ``internal``); a frame that breaks the JSON
policy or the size limit gets an ``error``; a message with an echoable ``ref`` gets a
reply carrying it. Afterwards the same server plays a match with bots to its end, and
its output holds no traceback.

The default run sends :data:`MESSAGES` frames (seconds); ``--soak-full`` sends
:data:`SOAK_MESSAGES`.
"""

from __future__ import annotations

import asyncio
import json
import re
import typing
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import websockets
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from younuo.protocol import messages as protocol

from .fuzzing import EDGE_TOKENS, edge_tokens, paths, splice, traceback_free
from .harness import FAST, ServerProcess, act, play_until_over
from .test_play import make_table

MESSAGES = 2000
SOAK_MESSAGES = 100_000
LIMIT = 8192
"""The server's ``max_message_bytes`` (its default)."""

DOC = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text(encoding="utf-8")
_CODES = DOC[DOC.index("Error codes of the protocol") : DOC.index("A move the rules refuse")]
DOCUMENTED_CODES = frozenset(re.findall(r"`([a-z_]+)`", _CODES)) - {"internal"}
"""The error codes docs/protocol.md lists (``internal`` would be a server fault)."""
SERVER_TYPES = frozenset(
    typing.get_args(model.model_fields["type"].annotation)[0]
    for model in typing.get_args(protocol.ServerMessage)
)

BAD_TOKENS = frozenset(
    token
    for token in EDGE_TOKENS
    if token not in ("null", "true", "-0", '""', "[]", "{}", str(2**63), str(-(2**70)))
    and not token.startswith('"' + "x")
    and not token.startswith('"' + "漢" * 2)
)
"""Edge tokens outside the JSON policy: a frame holding one is ``bad_json``."""

MODELS = {
    typing.get_args(model.model_fields["type"].annotation)[0]: model
    for model in typing.get_args(typing.get_args(protocol.ClientMessage)[0])
}

# ------------------------------------------------------------------ strategies
plain_text = st.text(st.characters(exclude_categories=["Cs"]), max_size=30)
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**60), 2**60)
    | st.floats(allow_nan=False, allow_infinity=False)
    | plain_text,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(plain_text, inner, max_size=4),
    max_leaves=8,
)
plausible = st.sampled_from(
    [0, 1, 2, 3, 9, 10, -1, True, False, None, "", "red", "blue", "teams", "ffa", "normal",
     "easy", "random", "play", "draw", "pass", "uno", "leave", "R5", "W+4", "younuo", "classic",
     {"outfit": "pink", "expression": "wink"}, {"type": "draw"}, {"type": "play", "card": "R5"},
     {"options": {"jump_in": "numbers"}}, {"seats": 3, "needed": 2}, {"decks": 2},
     {"name": "漢字テスト", "seats": 4}, {"options": {"turn_seconds": 0}}]
)  # fmt: skip
refs = st.one_of(
    st.text(st.characters(exclude_categories=["Cs"]), max_size=64),
    st.integers(-(2**53) + 1, 2**53 - 1),
    st.none(),
    json_values,
    st.integers(),
)


@st.composite
def messages(draw: st.DrawFn) -> dict[str, Any]:
    """A message of a valid type, some of its fields (and maybe an unknown one) fuzzed."""
    kind = draw(st.sampled_from(sorted(MODELS)))
    fields = [name for name in MODELS[kind].model_fields if name not in ("type", "ref")]
    message: dict[str, Any] = {"type": kind, "ref": draw(refs)}
    for name in fields:
        if draw(st.booleans()):
            message[name] = draw(plausible | json_values)
    if draw(st.integers(0, 9)) == 0:
        message[draw(plain_text)] = draw(json_values)
    return message


garbage = st.one_of(
    st.text(st.characters(exclude_categories=["Cs"]), max_size=200),
    json_values.map(json.dumps),
    st.builds(lambda m, cut: json.dumps(m)[:cut], messages(), st.integers(0, 40)),
    st.sampled_from(EDGE_TOKENS),
)


@st.composite
def frames(draw: st.DrawFn) -> tuple[str, Any, str | None]:
    """A raw text frame, the message it was made from (None for garbage), and the edge
    token spliced into it (None if none was)."""
    roll = draw(st.integers(0, 9))
    if roll < 2:
        return draw(garbage), None, None
    message = draw(messages())
    if roll < 6:
        token = draw(edge_tokens)
        where = draw(st.sampled_from(paths(message)))
        node: Any = message
        for step in where:
            node = node[step]
        if isinstance(node, dict) and draw(st.booleans()):
            where = [*where, draw(st.sampled_from(["ref", "settings", "action", "avatar"]))]
        return splice(message, where, token), message, token
    return json.dumps(message, ensure_ascii=False), message, None


def echoable(ref: Any) -> bool:
    """A ``ref`` the protocol promises to copy into the reply."""
    if isinstance(ref, str):
        return len(ref) <= 64
    return type(ref) is int and abs(ref) <= 2**53 - 1


# ------------------------------------------------------------------ the exchange
class Fuzzer:
    """One authenticated connection, driven from a synchronous hypothesis test."""

    def __init__(self, server: ServerProcess) -> None:
        self.server = server
        self.loop = asyncio.new_event_loop()
        self.ws: Any = None
        self.sent = 0
        self.replies: Counter[str] = Counter()

    def connect(self) -> None:
        session = self.server.guest("Fuzzer")

        async def go() -> None:
            self.ws = await websockets.connect(self.server.ws, max_size=2**22)
            hello = {"type": "hello", "protocol": 1, "token": session["token"]}
            await self.ws.send(json.dumps(hello))
            assert json.loads(await self.ws.recv())["type"] == "welcome"

        self.loop.run_until_complete(go())

    def exchange(self, raw: str | bytes) -> list[dict[str, Any]]:
        """Send ``raw``, then a sentinel ping; the frames before its pong."""
        self.sent += 1
        sentinel = f"sentinel-{self.sent}"

        async def go() -> list[dict[str, Any]]:
            await self.ws.send(raw)
            await self.ws.send(json.dumps({"type": "ping", "ref": sentinel}))
            got: list[dict[str, Any]] = []
            while True:
                frame = json.loads(await asyncio.wait_for(self.ws.recv(), 10))
                if frame.get("type") == "pong" and frame.get("ref") == sentinel:
                    return got
                got.append(frame)

        try:
            return self.loop.run_until_complete(go())
        except TimeoutError:
            raise AssertionError(f"no pong within 10 s after {raw[:300]!r}") from None

    def close(self) -> None:
        if self.ws is not None:
            self.loop.run_until_complete(self.ws.close())
        self.loop.close()


def judge(
    raw: str, message: Any, token: str | None, answer: list[dict[str, Any]], replies: Counter[str]
) -> None:
    """The documented answer to one fuzzed frame."""
    for frame in answer:
        assert frame.get("type") in SERVER_TYPES, (raw[:300], frame)
        if frame["type"] == "error":
            code = frame["code"]
            # A move the rules refuse gets the engine's own code (docs/protocol.md §2).
            engine = isinstance(message, dict) and message.get("type") == "action"
            assert code in DOCUMENTED_CODES or (engine and code != "internal"), (raw[:300], frame)
            assert set(frame) == {"type", "code", "message", "ref", "details"}, frame
    errors = [f for f in answer if f["type"] == "error"]
    size = len(raw.encode("utf-8"))
    if size > LIMIT:
        assert [f["code"] for f in errors] == ["too_large"], (raw[:300], answer)
        replies["too_large"] += 1
        return
    if token in BAD_TOKENS:
        assert errors and errors[0]["code"] == "bad_json", (raw[:300], answer)
        assert errors[0]["ref"] is None, errors[0]
        replies["bad_json"] += 1
        return
    if message is not None and token is None:
        ref = message.get("ref")
        if echoable(ref):
            # The direct reply carries the ref: ack, error or the message's own reply.
            direct = [f for f in answer if f.get("ref") == ref]
            assert direct, (raw[:300], answer)
            replies[direct[0]["type"]] += 1
            return
    replies["error" if errors else "other"] += 1


@pytest.fixture(scope="module")
def fuzz_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    # The fuzzer sends two frames per message as fast as the server answers: no rate limit.
    env = {**FAST, "YOUNUO_RATE_PER_SECOND": "1000000", "YOUNUO_RATE_BURST": "1000000"}
    with ServerProcess(tmp_path_factory.mktemp("fuzz-ws") / "data", env=env) as proc:
        yield proc


@pytest.mark.soak
def test_fuzzed_frames_get_documented_replies_on_an_open_connection(
    fuzz_server: ServerProcess, soak_full: bool
) -> None:
    fuzzer = Fuzzer(fuzz_server)
    fuzzer.connect()
    count = SOAK_MESSAGES if soak_full else MESSAGES

    @settings(
        max_examples=count,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(frame=frames())
    def run(frame: tuple[str, Any, str | None]) -> None:
        raw, message, token = frame
        judge(raw, message, token, fuzzer.exchange(raw), fuzzer.replies)

    try:
        run()
        # The fuzzed connection is still open and answers.
        answer = fuzzer.exchange(json.dumps({"type": "ping"}))
        assert [f["type"] for f in answer if f["type"] == "pong"] == ["pong"], answer
    finally:
        fuzzer.close()
    print(f"WebSocket fuzz: {fuzzer.sent} frames, replies {dict(fuzzer.replies)}")
    assert fuzzer.sent >= count
    assert fuzzer.replies["bad_json"] and fuzzer.replies["too_large"] and fuzzer.replies["ack"]

    # Afterwards the server plays a whole match with bots as usual.
    async def play() -> dict[str, Any]:
        clients, _room = await make_table(
            fuzz_server, ["Host"], 2, {"scoring": "single", "turn_seconds": 0}
        )
        host = clients[0]
        assert (await host.request({"type": "start"}))["type"] == "ack"
        state = await host.expect("state")
        await act(host, state)
        over = await play_until_over(host, state["match"])
        await host.close()
        return over

    over = asyncio.run(play())
    assert over["status"] == "over" and over["winner"] is not None
    traceback_free(fuzz_server.log)


def test_the_judge_knows_the_documented_codes() -> None:
    """The fuzzer's oracle reads the doc's list: the codes a malformed frame gets are in it."""
    assert {"bad_json", "bad_message", "unknown_type", "too_large"} <= DOCUMENTED_CODES
    assert "internal" not in DOCUMENTED_CODES
    assert {"error", "ack", "pong", "state", "update"} <= SERVER_TYPES
    assert "NaN" in BAD_TOKENS and "null" not in BAD_TOKENS


@pytest.mark.soak
def test_binary_frames_in_another_encoding_are_bad_json(fuzz_server: ServerProcess) -> None:
    """Issue 38: a binary frame is UTF-8 JSON or nothing. Any message, even a valid one,
    sent as UTF-16 or UTF-32 (which Python's ``json`` would guess from its first bytes)
    is ``bad_json`` with no ref; the same bytes as UTF-8 are read."""
    fuzzer = Fuzzer(fuzz_server)
    fuzzer.connect()

    @settings(
        max_examples=40, deadline=None, database=None, suppress_health_check=list(HealthCheck)
    )
    @given(
        message=messages(),
        encoding=st.sampled_from(["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le"]),
    )
    def run(message: dict[str, Any], encoding: str) -> None:
        raw = json.dumps(message, ensure_ascii=False).encode(encoding)
        errors = [f for f in fuzzer.exchange(raw) if f["type"] == "error"]
        code = "too_large" if len(raw) > LIMIT else "bad_json"
        assert [(f["code"], f["ref"]) for f in errors] == [(code, None)], (raw[:80], errors)

    try:
        run()
        read = fuzzer.exchange(json.dumps({"type": "ping", "ref": "utf8"}).encode("utf-8"))
        assert [f["type"] for f in read] == ["pong"], read
    finally:
        fuzzer.close()
    traceback_free(fuzz_server.log)
