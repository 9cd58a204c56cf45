"""The messages between nodes: every kind round-trips through the one codec, and what a
node does not understand is refused and logged by its listener, never raised."""

from __future__ import annotations

import asyncio
import logging

import pytest

from younuo.server.cluster.inbox import Inbox
from younuo.server.cluster.keys import ALL, node_channel
from younuo.server.cluster.link import Link
from younuo.server.cluster.messages import (
    KINDS,
    Adopt,
    Failure,
    Message,
    MessageKind,
    Replaced,
    Reply,
    Request,
    Revoke,
    RoomChanged,
    Tell,
    UnknownMessage,
    decode,
    encode,
    kind_of,
)

ONE_OF_EACH: list[Message] = [
    Request(
        id="c1",
        sender="n1",
        match="m1",
        op="play",
        account="a1",
        args={"body": {"type": "draw"}, "version": 3},
        until=1_700_000_000.5,
    ),
    Reply(id="c1", result={"ok": True}),
    Adopt(match="m2"),
    Replaced(account="a2"),
    Tell(account="a3", text='{"type":"notice"}'),
    Revoke(token="f00d", node="n2"),
    RoomChanged(room="r1", version=7, node="n1"),
]


def test_one_of_each_kind_is_listed() -> None:
    assert {kind_of(m) for m in ONE_OF_EACH} == set(MessageKind) == set(KINDS)


@pytest.mark.parametrize("message", ONE_OF_EACH, ids=lambda m: type(m).__name__)
def test_every_kind_round_trips(message: Message) -> None:
    assert decode(encode(message)) == message


@pytest.mark.parametrize(
    "reply",
    [
        Reply(id="c2"),  # a move's answer is None
        Reply(id="c3", error=Failure("not_here", "not run here")),
        Reply(id="c4", error=Failure("bad_move", "no", {"legal": ["draw"]})),
    ],
    ids=["none", "error", "details"],
)
def test_a_reply_round_trips_with_no_result_or_an_error(reply: Reply) -> None:
    assert decode(encode(reply)) == reply


def test_the_request_names_its_sender_from_on_the_wire() -> None:
    text = encode(ONE_OF_EACH[0])
    assert '"kind":"request"' in text and '"from":"n1"' in text and "sender" not in text


@pytest.mark.parametrize(
    "text",
    [
        '{"kind": "gossip", "match": "m1"}',
        '{"match": "m1"}',
        '{"kind": "adopt"}',
        '{"kind": "room", "room": "r1"}',
        '{"kind": "reply", "id": "c1", "error": {"code": "x"}}',
        "[1, 2]",
        "not json",
    ],
    ids=[
        "unknown kind",
        "no kind",
        "adopt without match",
        "room without version",
        "reply error without message",
        "not an object",
        "not json",
    ],
)
def test_what_is_not_a_message_is_refused(text: str) -> None:
    with pytest.raises(UnknownMessage):
        decode(text)


def test_the_listener_logs_and_drops_an_unknown_kind_and_handles_the_next(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def main() -> list[Message]:
        heard: list[Message] = []
        inbox = Inbox()
        inbox.on(Adopt, heard.append)
        # Redis is never reached: dispatch is what the listener does with each message.
        link = Link("redis://127.0.0.1:9/0", "n1", inbox)
        with caplog.at_level(logging.WARNING, logger="younuo.server.cluster.link"):
            link.dispatch(node_channel("n1"), '{"kind": "gossip", "match": "m1"}')
            link.dispatch(ALL, '{"kind": "adopt"}')
        link.dispatch(node_channel("n1"), encode(Adopt(match="m9")))
        await link.close()
        return heard

    heard = asyncio.run(main())
    assert heard == [Adopt(match="m9")]
    refused = [r.getMessage() for r in caplog.records if "refused a message" in r.getMessage()]
    assert len(refused) == 2
    assert "unknown kind 'gossip'" in refused[0]
    assert "Adopt" in refused[1]
