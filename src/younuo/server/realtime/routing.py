"""Where a request about a match is handled: on the node that runs the match.

A player's connection may be on any node, and the match they play on another one.
The WebSocket session and the lobby never touch a match themselves: they ask the
:class:`Router` (a move, auto-play, an emote, a seat going away or coming back,
leaving), which hands the request to this node's :class:`MatchService` when it runs
the match, and otherwise to the node that does (:mod:`younuo.server.cluster.forwarding`). Either
way the same :meth:`Router.handle` serves it there: one path for every request,
whichever node received it. Its answer (or its error) comes back the same way.

A ``state`` is built where the connection is, from the newest change this node's feeds
hold (:mod:`younuo.server.realtime.feed`); a node that holds none yet for the match asks the
running node for one first.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from enum import StrEnum
from typing import Any

from younuo.engine import Action, RecordError
from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import Avatar, ProtocolError
from younuo.server.match.service import MatchService
from younuo.server.match.snapshots import SERVER_ONLY
from younuo.server.realtime.feed import Committed


class Op(StrEnum):
    """A request about a match, served by the node that runs it."""

    PLAY = "play"
    """A player's action: ``body`` (docs/records.md, *Actions*), ``version`` seen."""
    AUTOPLAY = "autoplay"
    EMOTE = "emote"
    AWAY = "away"
    BACK = "back"
    LEAVE = "leave"
    """The player leaves the match (R-LEAVE), as when they leave the room."""
    PLAYS = "plays"
    """Whether the account still plays the match (not left)."""
    STATE = "state"
    """The match's newest change, for a node that has none of it yet."""


Forward = Callable[[str, Op, str, dict[str, Any]], Awaitable[Any]]
"""Send a request to the node running a match: ``(match, op, account, args)``."""


class Router:
    """Requests about matches, served here or forwarded (see the module docstring)."""

    def __init__(self, matches: MatchService, forward: Forward | None = None) -> None:
        """``forward``: with several nodes, hands a request to the node running the
        match (None: one process, every match runs here)."""
        self.matches = matches
        self.forward: Forward | None = forward
        """With several nodes: hands a request to the node running the match."""

    async def request(self, match_id: str, op: Op, account: str, **args: Any) -> Any:
        """Serve ``op`` for ``account`` on the match, wherever it runs."""
        if match_id in self.matches.runtimes or self.forward is None:
            return await self.handle(match_id, op, account, args)
        return await self.forward(match_id, op, account, args)

    async def handle(self, match_id: str, op: Op, account: str, args: dict[str, Any]) -> Any:
        """Serve ``op`` on this node, which runs the match (JSON-ready answers)."""
        matches = self.matches
        if op is Op.PLAY:
            await self._play(match_id, account, args["body"], args.get("version"))
            return None
        if op is Op.AUTOPLAY:
            await matches.set_autoplay(match_id, account, bool(args["on"]))
            return None
        if op is Op.EMOTE:
            await matches.emote(match_id, account, Avatar.model_validate(args["avatar"]))
            return None
        if op is Op.AWAY:
            await matches.away(account, match_id)
            return None
        if op is Op.BACK:
            return await matches.back(account, match_id) is not None
        rt = matches.runtimes.get(match_id)
        if op is Op.PLAYS:
            return rt is not None and rt.status == "running" and rt.player_of(account) is not None
        if op is Op.LEAVE:
            name = rt.player_of(account) if rt is not None else None
            if name is not None:
                await matches.submit(match_id, Action.leave(name), "player")
            return None
        if rt is None or rt.status != "running":
            raise ProtocolError(ErrorCode.NO_MATCH, "no such running match")
        return matches.latest(rt).to_wire()

    async def _play(
        self, match_id: str, account: str, body: dict[str, Any], version: int | None
    ) -> None:
        """A player's action, checked against their seat before the engine sees it."""
        rt = self.matches.runtimes.get(match_id)
        if rt is None or rt.status != "running":
            raise ProtocolError(ErrorCode.NO_MATCH, "no such running match")
        name = rt.player_of(account)
        if name is None:
            raise ProtocolError(ErrorCode.NOT_A_PLAYER, "you do not play in this match")
        if body.get("player", name) != name:
            raise ProtocolError(
                ErrorCode.NOT_YOUR_SEAT, f"you play {name!r}, not {body['player']!r}"
            )
        try:
            action = Action.from_dict({**body, "player": name})
        except RecordError as exc:
            raise ProtocolError(ErrorCode.BAD_MESSAGE, exc.message) from None
        if action.type in SERVER_ONLY:
            raise ProtocolError(
                ErrorCode.SERVER_ONLY, f"{action.type.value} is the server's action"
            )
        await self.matches.submit(match_id, action, "player", version=version)

    async def send_state(self, match_id: str, account: str, ref: Any = None) -> bool:
        """Send ``account`` the match's full table (on this node's connection); whether
        there was a running match to show."""
        feeds = self.matches.feeds
        if feeds.send_state(match_id, account, ref):
            return True
        if self.forward is None or match_id in self.matches.runtimes:
            return False
        try:
            wire = await self.forward(match_id, Op.STATE, account, {})
        except ProtocolError:
            return False
        change = Committed.from_wire(wire)
        held = feeds.latest.get(match_id)
        if held is None or held.version < change.version:
            feeds.latest[match_id] = change
        return feeds.send_state(match_id, account, ref)

    async def plays(self, match_id: str | None, account: str) -> bool:
        """Whether ``account`` still plays the running match ``match_id``."""
        if match_id is None:
            return False
        try:
            return bool(await self.request(match_id, Op.PLAYS, account))
        except ProtocolError:
            return False


__all__ = ["Forward", "Op", "Router"]
