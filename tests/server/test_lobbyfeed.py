"""The lobby feed on its own: its input is a listing function, so a plain list of rooms
stands for the database, and a recording connection for the socket."""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from typing import Any

from younuo.protocol.messages import RoomSummary, ServerMessage, dump
from younuo.server.lobby.feed import LobbyFeed, RoomFilter


def summary(room: str, taken: int = 1, mode: str = "ffa") -> RoomSummary:
    return RoomSummary.model_validate(
        {
            "id": room,
            "name": f"table {room}",
            "mode": mode,
            "preset": "younuo",
            "seats": 8,
            "taken": taken,
            "needed": 2,
            "status": "open",
            "host_name": "Ann",
            "turn_seconds": 30,
            "target": 500,
        }
    )


class Rooms:
    """The listing: the rooms as they are now, filtered as the lobby filters them."""

    def __init__(self) -> None:
        self.rooms: dict[str, RoomSummary] = {}
        self.reads = 0

    async def listing(self, filters: RoomFilter) -> list[RoomSummary]:
        self.reads += 1
        await asyncio.sleep(0.001)  # a database read takes a turn of the loop
        return [
            r
            for r in reversed(self.rooms.values())
            if (filters.mode is None or r.mode == filters.mode)
            and (filters.free_seats is None or r.seats - r.taken >= filters.free_seats)
        ]

    def put(self, room: RoomSummary) -> None:
        self.rooms.pop(room.id, None)
        self.rooms[room.id] = room  # most recently changed last, listed first


class Conn:
    """A connection that keeps every frame with the loop time it was sent at."""

    def __init__(self, account: str | None = None) -> None:
        self.closed = False
        self.account = account
        self.frames: list[tuple[float, dict[str, Any]]] = []

    def send(self, message: ServerMessage | str) -> None:
        text = message if isinstance(message, str) else dump(message)
        self.frames.append((time.monotonic(), json.loads(text)))

    def ids(self, index: int = -1) -> list[str]:
        return [r["id"] for r in self.frames[index][1]["rooms"]]


def test_watch_answers_at_once_with_the_ref_then_pushes_a_change_within_the_gather() -> None:
    async def main() -> None:
        rooms = Rooms()
        rooms.put(summary("r1"))
        feed = LobbyFeed(rooms.listing, interval=0.2, gather=0.02)
        conn = Conn()
        await feed.watch(conn, RoomFilter(), ref=7)
        assert [f["ref"] for _, f in conn.frames] == [7]
        assert conn.ids() == ["r1"]
        rooms.put(summary("r2"))
        changed = time.monotonic()
        feed.changed()
        await asyncio.sleep(0.1)
        assert len(conn.frames) == 2
        at, frame = conn.frames[1]
        assert frame == {"type": "lobby", "ref": None, "rooms": frame["rooms"]}
        assert conn.ids() == ["r2", "r1"]
        assert 0.015 <= at - changed < 0.08
        await feed.close()

    asyncio.run(main())


def test_a_burst_of_changes_makes_few_pushes_spaced_by_the_interval_the_last_one_final() -> None:
    async def main() -> None:
        rooms = Rooms()
        rooms.put(summary("r1", taken=1))
        feed = LobbyFeed(rooms.listing, interval=0.2, gather=0.02)
        conn = Conn()
        await feed.watch(conn, RoomFilter())
        began = time.monotonic()
        for taken in range(2, 12):  # ten changes, 30 ms apart: 0.3 s in all
            rooms.put(summary("r1", taken=taken % 8))
            feed.changed()
            await asyncio.sleep(0.03)
        span = time.monotonic() - began
        await asyncio.sleep(0.5)
        pushes = conn.frames[1:]
        # One push at the start of the burst, then one an interval: three for 0.3 s
        # (more only if a slow machine stretched the burst).
        most = min(5, 2 + int(span / 0.2))
        assert 1 < len(pushes) <= most, [f["rooms"][0]["taken"] for _, f in pushes]
        assert pushes[-1][1]["rooms"][0]["taken"] == 11 % 8
        times = [at for at, _ in pushes]
        assert all(b - a >= 0.19 for a, b in itertools.pairwise(times))
        assert feed.pushes == len(pushes)
        await feed.close()

    asyncio.run(main())


def test_nothing_is_sent_when_the_set_of_rooms_is_the_same_even_reordered() -> None:
    async def main() -> None:
        rooms = Rooms()
        rooms.put(summary("r1"))
        rooms.put(summary("r2"))
        feed = LobbyFeed(rooms.listing, interval=0.05, gather=0.01)
        conn = Conn()
        await feed.watch(conn, RoomFilter())
        rooms.put(summary("r1"))  # r1 first now, same summaries: a ready toggle
        feed.changed()
        await asyncio.sleep(0.1)
        assert len(conn.frames) == 1
        assert rooms.reads == 2  # the feed did look
        await feed.close()

    asyncio.run(main())


def test_filters_group_watchers_and_each_gets_only_what_changed_for_it() -> None:
    async def main() -> None:
        rooms = Rooms()
        feed = LobbyFeed(rooms.listing, interval=0.05, gather=0.01)
        ffa, teams, teams_too = Conn(), Conn(), Conn()
        await feed.watch(ffa, RoomFilter(mode="ffa"))
        await feed.watch(teams, RoomFilter(mode="teams"))
        await feed.watch(teams_too, RoomFilter(mode="teams"))
        reads = rooms.reads
        rooms.put(summary("r1", mode="ffa"))
        feed.changed()
        await asyncio.sleep(0.1)
        assert rooms.reads == reads + 2  # once per distinct filter
        assert len(ffa.frames) == 2 and ffa.ids() == ["r1"]
        assert len(teams.frames) == 1 and len(teams_too.frames) == 1
        rooms.put(summary("r2", mode="teams"))
        feed.changed()
        await asyncio.sleep(0.1)
        assert len(ffa.frames) == 2
        assert teams.ids() == ["r2"] and teams_too.ids() == ["r2"]
        await feed.close()

    asyncio.run(main())


def test_unwatch_and_closed_connections_stop_the_pushes_and_idle_feeds_do_nothing() -> None:
    async def main() -> None:
        rooms = Rooms()
        feed = LobbyFeed(rooms.listing, interval=0.05, gather=0.01)
        feed.changed()  # nobody watches: no task, no read
        await asyncio.sleep(0.05)
        assert rooms.reads == 0
        gone, closed, stays = Conn("a-gone"), Conn("a-closed"), Conn()
        for conn in (gone, closed, stays):
            await feed.watch(conn, RoomFilter())
        assert feed.accounts() == {"a-gone", "a-closed"}  # a guest socket before hello: none
        assert feed.unwatch(gone) is True
        assert feed.unwatch(gone) is False  # twice is fine, and says it was not watching
        closed.closed = True
        assert feed.accounts() == set()  # presence "lobby" ends with the watch
        rooms.put(summary("r1"))
        feed.changed()
        await asyncio.sleep(0.1)
        assert len(gone.frames) == 1 and len(closed.frames) == 1
        assert len(stays.frames) == 2
        assert feed.watchers == 1
        await feed.close()

    asyncio.run(main())


def test_rewatching_with_new_filters_answers_again_and_pushes_by_the_new_ones() -> None:
    async def main() -> None:
        rooms = Rooms()
        rooms.put(summary("r1", mode="ffa"))
        feed = LobbyFeed(rooms.listing, interval=0.05, gather=0.01)
        conn = Conn()
        await feed.watch(conn, RoomFilter())
        await feed.watch(conn, RoomFilter(mode="teams"), ref="again")
        assert conn.frames[-1][1]["ref"] == "again" and conn.ids() == []
        rooms.put(summary("r2", mode="ffa", taken=3))
        feed.changed()
        await asyncio.sleep(0.1)
        assert len(conn.frames) == 2
        assert feed.watchers == 1
        await feed.close()

    asyncio.run(main())


def test_a_failed_read_is_tried_again_at_the_next_interval() -> None:
    async def main() -> None:
        rooms = Rooms()
        failing = {"left": 1}

        async def listing(filters: RoomFilter) -> list[RoomSummary]:
            if failing["left"] and rooms.reads:
                failing["left"] -= 1
                raise OSError("the database is away")
            return await rooms.listing(filters)

        feed = LobbyFeed(listing, interval=0.05, gather=0.01)
        conn = Conn()
        await feed.watch(conn, RoomFilter())
        rooms.put(summary("r1"))
        feed.changed()
        await asyncio.sleep(0.2)
        assert failing["left"] == 0
        assert len(conn.frames) == 2 and conn.ids() == ["r1"]
        await feed.close()

    asyncio.run(main())
