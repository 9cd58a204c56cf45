"""Every ``state`` and ``update`` is a committed version, labelled with it, and in order.

A table of bots playing as fast as the server stores their moves (a person on
auto-play among them) always has a move in flight; a spectator and the player ask for
``sync`` over and over, or reconnect over and over, meanwhile. Each view received is
compared with the match's record replayed to the version it claims, and each
connection's versions must run in order from its first ``state``, with no update
before that state.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from younuo.engine.records import Record
from younuo.server.match.snapshots import legal_dicts

from .harness import Client, ServerProcess

SEED = 777001
OPTIONS = {"turn_seconds": 0, "target": 5000}
"""Cumulative scoring to 5000: a match of very many rounds, which outlasts the test."""


@pytest.fixture
def seeded(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server that deals every match from ``SEED``: the test can replay a running match."""
    with ServerProcess(tmp_path / "data", env={"YOUNUO_DEAL_SEED": str(SEED)}) as proc:
        yield proc


async def bot_table(server: ServerProcess, player: Client, watcher: Client) -> str:
    """``player`` hosts three bots, ``watcher`` watches; the match starts with the
    player on auto-play, so that every seat moves as fast as the server goes. The match id."""
    settings = {"seats": 4, "needed": 4, "options": OPTIONS}
    assert (await player.request({"type": "create_room", "settings": settings}))["type"] == "ack"
    room = (await player.expect("room"))["room"]["id"]
    for _ in range(3):
        assert (await player.request({"type": "add_bot", "level": "random"}))["type"] == "ack"
    reply = await watcher.request({"type": "join_room", "room": room, "spectate": True})
    assert reply["type"] == "ack", reply
    assert (await player.request({"type": "start"}))["type"] == "ack"
    match: str = (await player.expect("state"))["match"]
    assert (await player.request({"type": "autoplay", "on": True}))["type"] == "ack"
    return match


class Versions:
    """The match's record replayed: each version's public view and the player's view
    and legal actions, as JSON (the server's frames hold them so)."""

    def __init__(self, server: ServerProcess, match: str, player: str) -> None:
        answer = httpx.get(f"{server.http}/api/matches/{match}/record", timeout=10).json()
        record = dict(answer["record"])
        record["seed"] = SEED  # a running match's record leaves it out; the server's is fixed
        parsed = Record.from_dict(record)
        game = parsed.start()
        self.views: list[tuple[Any, Any, Any]] = []
        self._add(game, player)
        for action in parsed.actions:
            game.apply(action)
            self._add(game, player)

    def _add(self, game: Any, player: str) -> None:
        self.views.append(
            _json(
                (
                    game.view(None).to_dict(),
                    game.view(player).to_dict(),
                    legal_dicts(game.legal_actions(player)),
                )
            )
        )

    def problems(self, frames: list[dict[str, Any]], match: str, you: str | None) -> list[str]:
        """Where a connection's views differ from the committed version they claim."""
        out: list[str] = []
        view: dict[str, Any] | None = None
        for frame in _tables(frames, match):
            version = frame["version"]
            if frame["type"] == "update" and frame["delta"]:
                if view is None:
                    out.append(f"a delta of version {version} with no view before it")
                    continue
                view = {**view, **frame["view"]}
            else:
                view = frame["view"]
            assert version < len(self.views), f"version {version} past the record"
            public, own, legal = self.views[version]
            if view != (public if you is None else own):
                diff = sorted(k for k in view if view[k] != (public if you is None else own)[k])
                out.append(f"{frame['type']} of version {version}: {diff} differ")
            if you is not None and frame["legal"] != legal:
                out.append(f"{frame['type']} of version {version}: legal differs")
        return out


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _tables(frames: list[dict[str, Any]], match: str) -> list[dict[str, Any]]:
    return [f for f in frames if f.get("type") in ("state", "update") and f["match"] == match]


def _table_or_end(frame: dict[str, Any], match: str) -> bool:
    """A view of ``match``, or a sign it is over (``match_over``, or the room open again
    for a connection that came after it ended)."""
    kind = frame.get("type")
    if kind in ("state", "update", "match_over"):
        return bool(frame["match"] == match)
    return kind == "room" and frame["room"]["match"] is None


def order_problems(frames: list[dict[str, Any]], match: str) -> list[str]:
    """A connection's frames out of order: anything before ``welcome``, an update before
    the connection's first state, a version gap or repeat after it."""
    out: list[str] = []
    if frames and frames[0]["type"] != "welcome":
        out.append(f"{frames[0]['type']} before welcome")
    last: int | None = None
    for frame in _tables(frames, match):
        version = frame["version"]
        if frame["type"] == "state":
            if last is not None and version < last:
                out.append(f"state of version {version} after version {last}")
        elif last is None:
            out.append(f"update of version {version} before any state")
        elif version != last + 1:
            out.append(f"update of version {version} after version {last}")
        last = version
    return out


def test_every_state_during_play_shows_its_own_committed_version(seeded: ServerProcess) -> None:
    """Issue 24: a spectator and a player ``sync`` again and again while bots play as
    fast as the server goes; every state (and every update, whole or delta) shows the
    table exactly as the record replayed to the version it claims, never a move being
    stored under the version before it."""

    async def main() -> None:
        ann = Client(seeded, seeded.guest("Ann"), deltas=True)
        sam = Client(seeded, seeded.guest("Sam"), deltas=True)
        await ann.connect()
        await sam.connect()
        match = await bot_table(seeded, ann, sam)

        async def keep_syncing(client: Client, times: int) -> int:
            got = 0
            for _ in range(times):
                reply = await client.request({"type": "sync"})
                if reply["type"] != "state":
                    assert reply.get("code") == "no_match", reply
                    break  # the match ended
                got += 1
            return got

        synced = await asyncio.gather(keep_syncing(sam, 150), keep_syncing(ann, 150))
        await asyncio.sleep(0.2)  # the frames already on the way
        # The frames so far, then the record: it holds every version they show.
        frames = {"Sam": list(sam.frames), "Ann": list(ann.frames)}
        versions = Versions(seeded, match, "Ann")
        assert len(versions.views) > 20, "the bots hardly played"
        assert min(synced) > 20, synced
        states = sum(f["type"] == "state" for f in frames["Sam"] + frames["Ann"])
        problems = versions.problems(frames["Sam"], match, None)
        problems += versions.problems(frames["Ann"], match, "Ann")
        assert problems == [], (len(problems), states, problems[:10])
        assert order_problems(frames["Sam"], match) == []
        assert order_problems(frames["Ann"], match) == []
        await ann.close()
        await sam.close()

    asyncio.run(main())


def test_reconnects_during_play_get_no_update_before_their_state(seeded: ServerProcess) -> None:
    """Issue 24: a spectator and a player reconnect again and again during fast play.
    Each new connection gets ``welcome`` first, no update before its first ``state``,
    and from that state every version once, in order; its views match the record."""

    async def main() -> None:
        ann = Client(seeded, seeded.guest("Ann"), deltas=True)
        sam = Client(seeded, seeded.guest("Sam"), deltas=True)
        await ann.connect()
        await sam.connect()
        match = await bot_table(seeded, ann, sam)
        connections: dict[str, list[Client]] = {"Ann": [], "Sam": []}

        async def keep_reconnecting(first: Client, times: int) -> None:
            await first.close()
            for _ in range(times):
                client = Client(seeded, first.session, deltas=True)
                connections[first.name].append(client)
                await client.connect()
                frame = await client.expect(lambda f: _table_or_end(f, match), 10)
                # Stay for a few versions, then drop.
                for _ in range(3):
                    if frame["type"] not in ("state", "update"):
                        await client.close()
                        return  # the match is over
                    frame = await client.expect(lambda f: _table_or_end(f, match), 10)
                await client.close()

        await asyncio.gather(keep_reconnecting(sam, 25), keep_reconnecting(ann, 25))
        versions = Versions(seeded, match, "Ann")
        problems: list[str] = []
        for name, clients in connections.items():
            assert len(clients) > 5, (name, len(clients))
            for i, client in enumerate(clients):
                problems += [f"{name} #{i}: {p}" for p in order_problems(client.frames, match)]
                you = None if name == "Sam" else "Ann"
                problems += [
                    f"{name} #{i}: {p}" for p in versions.problems(client.frames, match, you)
                ]
        assert problems == [], problems[:10]

    asyncio.run(main())
