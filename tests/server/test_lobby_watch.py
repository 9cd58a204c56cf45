"""``watch_lobby`` over a real server: the room list pushed within a second of a change,
by the watcher's filters, coalesced, stopped on request, and to nobody who did not ask.

The tests share one server (starting one takes seconds). Rooms the earlier tests
left behind stay listed but no longer change, so every push a test's client gets is
for that test's changes, and the tests count them exactly.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import Any

import pytest

from .harness import Client, ServerProcess

PUSH_WITHIN = 1.0
"""Seconds a change may take to reach a watcher (docs/protocol.md §3)."""
QUIET = 1.5
"""Seconds to wait to be sure nothing more is coming (longer than any push takes)."""
SETTINGS = {
    "seats": 3,
    "needed": 2,
    "preset": "classic",
    "options": {"turn_seconds": 0, "scoring": "single"},
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with ServerProcess(tmp_path_factory.mktemp("lobby-watch") / "data") as proc:
        yield proc


async def connected(server: ServerProcess, name: str) -> Client:
    client = Client(server, server.guest(name))
    await client.connect()
    return client


def pushes(client: Client) -> list[dict[str, Any]]:
    """The ``lobby`` frames the client got without asking for them (no ``ref``)."""
    return [f for f in client.frames if f["type"] == "lobby" and f.get("ref") is None]


def lobbies(client: Client) -> list[dict[str, Any]]:
    return [f for f in client.frames if f["type"] == "lobby"]


def room_in(frame: dict[str, Any], room: str) -> dict[str, Any] | None:
    return next((r for r in frame["rooms"] if r["id"] == room), None)


async def push_showing(client: Client, room: str, **fields: Any) -> dict[str, Any]:
    """The next push listing ``room`` with ``fields`` (or, with ``gone``, without it),
    arriving within :data:`PUSH_WITHIN` seconds."""
    gone = fields.pop("gone", False)

    def shows(frame: dict[str, Any]) -> bool:
        if frame["type"] != "lobby" or frame.get("ref") is not None:
            return False
        found = room_in(frame, room)
        if gone:
            return found is None
        return found is not None and all(found[k] == v for k, v in fields.items())

    began = time.monotonic()
    frame = await client.expect(shows, PUSH_WITHIN)
    assert time.monotonic() - began < PUSH_WITHIN
    return frame


async def watch(client: Client, **filters: Any) -> dict[str, Any]:
    reply = await client.request({"type": "watch_lobby", **filters})
    assert reply["type"] == "lobby", reply
    return reply


async def create(client: Client, **settings: Any) -> str:
    reply = await client.request({"type": "create_room", "settings": {**SETTINGS, **settings}})
    assert reply["type"] == "ack", reply
    room: str = (await client.expect("room"))["room"]["id"]
    return room


async def ok(client: Client, message: dict[str, Any]) -> None:
    reply = await client.request(message)
    assert reply["type"] in ("ack", "left_room"), (message, reply)


def test_a_watcher_sees_each_change_of_a_room_within_a_second(server: ServerProcess) -> None:
    """Created, joined (taken), renamed, its clock changed, started (playing), back to
    open after the match, closed: each reaches the watcher within a second. The host
    watches too, from inside its room; the player who joins never asked and never gets
    a ``lobby``."""

    async def main() -> None:
        watcher, ann, bob = [await connected(server, n) for n in ("Wes", "Ann", "Bob")]
        answer = await watch(watcher)
        assert answer["ref"] is not None
        room = await create(ann, name="Ann's")
        created = await push_showing(watcher, room, taken=1, status="open", name="Ann's")
        summary = room_in(created, room)
        assert summary is not None
        assert summary["mode"] == "ffa" and summary["preset"] == "classic"
        assert summary["seats"] == 3 and summary["needed"] == 2
        assert summary["turn_seconds"] == 0 and summary["host_name"] == "Ann"
        # Sitting in a room is no reason to stop: the host asked, the host gets pushes.
        await watch(ann)
        await ok(bob, {"type": "join_room", "room": room})
        await push_showing(watcher, room, taken=2)
        await push_showing(ann, room, taken=2)
        await ok(ann, {"type": "configure", "settings": {"name": "Renamed", "needed": 3}})
        await push_showing(watcher, room, name="Renamed", needed=3)
        await ok(ann, {"type": "configure", "settings": {"options": {"turn_seconds": 20}}})
        await push_showing(watcher, room, turn_seconds=20)
        await ok(ann, {"type": "configure", "settings": {"needed": 2}})
        await push_showing(watcher, room, needed=2)
        await ok(bob, {"type": "ready", "ready": True})
        await ok(ann, {"type": "start"})
        await push_showing(watcher, room, status="playing")
        # Bob leaves the match (R-LEAVE) and the room: one player left, the match is
        # over, the room is open again with Ann alone.
        await ok(bob, {"type": "leave_room"})
        await ann.expect("match_over")
        await push_showing(watcher, room, status="open", taken=1)
        await ok(ann, {"type": "leave_room"})
        await push_showing(watcher, room, gone=True)
        await asyncio.sleep(QUIET)
        assert not lobbies(bob)
        for client in (watcher, ann, bob):
            assert not [f for f in client.frames if f["type"] == "error"], client.frames
            await client.close()

    asyncio.run(main())


def test_filters_apply_to_pushes(server: ServerProcess) -> None:
    """A ``teams`` watcher gets nothing for changes of an ffa room: the frames it gets
    between its answer and the push for a teams room are that push alone. A
    ``free_seats`` watcher sees a room leave its list when it fills up."""

    async def main() -> None:
        teams, roomy, ann, bob, cat = [
            await connected(server, n) for n in ("Tia", "Roy", "Ann", "Bob", "Cat")
        ]
        before = await watch(teams, mode="teams")
        await watch(roomy, free_seats=2)
        ffa = await create(ann)
        await push_showing(roomy, ffa, taken=1)
        await ok(bob, {"type": "join_room", "room": ffa})
        await push_showing(roomy, ffa, gone=True)  # 3 seats, 2 taken: 1 free, not 2
        await ok(ann, {"type": "configure", "settings": {"name": "Still ffa"}})
        duel = await create(cat, mode="teams", seats=4)
        frame = await push_showing(teams, duel, mode="teams", taken=1)
        assert {r["id"] for r in frame["rooms"]} == {r["id"] for r in before["rooms"]} | {duel}
        assert lobbies(teams)[1:] == [frame]
        assert all(r["mode"] == "teams" for f in lobbies(teams) for r in f["rooms"])
        await asyncio.sleep(QUIET)
        assert len(lobbies(teams)) == 2
        for client in (teams, roomy, ann, bob, cat):
            await client.close()

    asyncio.run(main())


def test_on_false_and_closing_stop_the_pushes_and_watching_again_starts_them(
    server: ServerProcess,
) -> None:
    """``on: false`` is acked and no push follows; a new connection does not inherit a
    closed one's watch; ``watch_lobby`` again answers with the current listing."""

    async def main() -> None:
        watcher, ann, bob = [await connected(server, n) for n in ("Wes", "Ann", "Bob")]
        await watch(watcher)
        room = await create(ann)
        await push_showing(watcher, room, taken=1)
        reply = await watcher.request({"type": "watch_lobby", "on": False})
        assert reply["type"] == "ack"
        # Stopping when not watching is fine too.
        assert (await watcher.request({"type": "watch_lobby", "on": False}))["type"] == "ack"
        await ok(bob, {"type": "join_room", "room": room})
        await asyncio.sleep(QUIET)
        assert len(pushes(watcher)) == 1
        listed = await watcher.request({"type": "list_rooms"})
        assert (room_in(listed, room) or {}).get("taken") == 2  # the join did happen
        answer = await watch(watcher)
        assert room_in(answer, room) == room_in(listed, room)
        # A watch lasts as long as its connection: the next one starts without it.
        await watcher.close()
        again = Client(server, watcher.session)
        await again.connect()
        await ok(bob, {"type": "leave_room"})
        await asyncio.sleep(QUIET)
        assert not lobbies(again)
        for client in (again, ann, bob):
            await client.close()

    asyncio.run(main())


def test_a_burst_of_changes_is_coalesced_into_a_few_pushes_showing_the_last(
    server: ServerProcess,
) -> None:
    """Ten renames sent at once: far fewer than ten pushes, the last with the last name,
    and no two pushes less than the interval apart."""

    async def main() -> None:
        watcher, ann = [await connected(server, n) for n in ("Wes", "Ann")]
        room = await create(ann)
        await watch(watcher)
        names = [f"Name {i}" for i in range(10)]
        for i, name in enumerate(names):
            await ann.send({"type": "configure", "settings": {"name": name}, "ref": f"c{i}"})
        for i in range(len(names)):
            assert (await ann.expect(lambda f, i=i: f.get("ref") == f"c{i}"))["type"] == "ack"
        await push_showing(watcher, room, name=names[-1])
        await asyncio.sleep(QUIET)
        got = pushes(watcher)
        assert 1 <= len(got) <= 4, [room_in(f, room) for f in got]
        last = room_in(got[-1], room)
        assert last is not None and last["name"] == names[-1]
        await watcher.close()
        await ann.close()

    asyncio.run(main())


def test_bad_watch_lobby_messages_are_refused_and_change_nothing(server: ServerProcess) -> None:
    """``on`` not a boolean, an unknown mode or preset, ``free_seats`` out of range, an
    unknown field: ``bad_message`` with the ref. A watcher keeps its filters; a
    connection whose only watch was refused gets no pushes."""

    async def main() -> None:
        watcher, refused, ann, cat = [
            await connected(server, n) for n in ("Wes", "Rex", "Ann", "Cat")
        ]
        await watch(watcher, mode="teams")
        bad: list[dict[str, Any]] = [
            {"on": "maybe"},
            {"on": 2},
            {"on": None},
            {"mode": "duel"},
            {"mode": 1},
            {"preset": "nope"},
            {"preset": "x" * 21},
            {"free_seats": 11},
            {"free_seats": -1},
            {"free_seats": 1.5},
            {"filters": {"mode": "ffa"}},
        ]
        for fields in bad:
            for client in (watcher, refused):
                reply = await client.request({"type": "watch_lobby", **fields})
                assert reply["type"] == "error" and reply["code"] == "bad_message", (fields, reply)
        reply = await refused.request({"type": "watch_lobby", "preset": "nope"})
        assert "unknown preset" in reply["message"] and "nope" not in reply["message"]
        # The watcher still watches teams rooms only: an ffa room brings nothing, a
        # teams room brings one push.
        await create(ann)
        teams = await create(cat, mode="teams", seats=4)
        frame = await push_showing(watcher, teams, taken=1)
        assert lobbies(watcher)[1:] == [frame]
        await asyncio.sleep(QUIET)
        assert not lobbies(refused)
        for client in (watcher, refused, ann, cat):
            await client.close()

    asyncio.run(main())
