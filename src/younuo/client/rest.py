"""The REST part of the protocol (docs/protocol.md §1, §6): accounts, lobby, history.

::

    async with Rest("http://127.0.0.1:8000") as rest:
        session = await rest.guest("Ann")          # rest.token is now the session's
        me = await rest.me()
        board = await rest.leaderboard(limit=10)

Every answer is parsed into the server's own model; an error answer raises
:class:`~younuo.client.errors.ServerError` with the protocol's code and the HTTP
status (and ``retry_after`` for ``429 rate_limited``). ``503 unavailable`` (the
database did not answer) is asked again, with backoff, for up to ``retry_for``
seconds first. A server that cannot be reached raises
:class:`~younuo.client.errors.Unreachable`.
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any, TypeVar, cast

import httpx
from pydantic import TypeAdapter, ValidationError

from younuo.client.addresses import http_url
from younuo.client.errors import ClientError, ServerError, Unreachable
from younuo.client.messages import (
    AccountOut,
    Avatar,
    ErrorOut,
    LeaderRow,
    MatchSummary,
    RecordOut,
    ReplayOut,
    RoomOut,
    RoomSettingsPatch,
    RoomSummary,
    SessionOut,
)
from younuo.client.reconnect import Reconnect, Verdict
from younuo.protocol.errors import ErrorCode

_Model = TypeVar("_Model")


class Rest:
    """The server's REST API, signed in with ``token`` once it has one.

    ``server``: the server's address (``http://host:port``; a ``ws://…/ws`` address
    works too). :meth:`guest`, :meth:`register` and :meth:`login` keep the token of
    the session they return in :attr:`token`, for the calls that need an account.
    """

    def __init__(
        self,
        server: str,
        token: str | None = None,
        *,
        timeout: float = 10.0,
        retry_for: float = 10.0,
        http: httpx.AsyncClient | None = None,
    ) -> None:
        self.base = http_url(server)
        self.token = token
        self.retry_for = retry_for
        self._http = http or httpx.AsyncClient(timeout=timeout)
        self._owned = http is None
        self._rng = random.Random()

    async def aclose(self) -> None:
        """Close the HTTP connections (not the session: see :meth:`logout`)."""
        if self._owned:
            await self._http.aclose()

    async def __aenter__(self) -> Rest:
        return self

    async def __aexit__(self, *_exc: object) -> None:
        await self.aclose()

    # ------------------------------------------------------------------ accounts
    async def guest(self, name: str) -> SessionOut:
        """A new guest account named ``name`` (a real account behind its token)."""
        return self._keep(await self._call("POST", "/api/auth/guest", SessionOut, {"name": name}))

    async def register(self, name: str, password: str) -> SessionOut:
        """A registered account; signed in as a guest, that guest becomes it (rating kept)."""
        body = {"name": name, "password": password}
        return self._keep(await self._call("POST", "/api/auth/register", SessionOut, body))

    async def login(self, name: str, password: str) -> SessionOut:
        """A new session of a registered account."""
        body = {"name": name, "password": password}
        return self._keep(await self._call("POST", "/api/auth/login", SessionOut, body))

    async def logout(self) -> None:
        """End the session: the token opens nothing any more, and every WebSocket opened
        with it is closed (4002)."""
        await self._send("POST", "/api/auth/logout")
        self.token = None

    async def me(self) -> AccountOut:
        """The signed-in account."""
        return await self._call("GET", "/api/me", AccountOut)

    async def update_me(self, name: str | None = None, avatar: Avatar | None = None) -> AccountOut:
        """Rename the account and/or change its avatar (during a match, also an emote)."""
        body: dict[str, Any] = {}
        if name is not None:
            body["name"] = name
        if avatar is not None:
            body["avatar"] = avatar.model_dump()
        return await self._call("PATCH", "/api/me", AccountOut, body)

    async def account(self, account: str) -> AccountOut:
        """An account's public part."""
        return await self._call("GET", f"/api/accounts/{account}", AccountOut)

    async def matches_of(self, account: str, limit: int = 20) -> list[MatchSummary]:
        """An account's ended matches, newest first (each with only its own result)."""
        path = f"/api/accounts/{account}/matches"
        return await self._call("GET", path, list[MatchSummary], params={"limit": limit})

    async def leaderboard(self, limit: int = 50) -> list[LeaderRow]:
        """The best ratings, best first."""
        return await self._call("GET", "/api/leaderboard", list[LeaderRow], params={"limit": limit})

    # ------------------------------------------------------------------ rules, lobby
    async def levels(self) -> list[dict[str, Any]]:
        """The 20 rating levels (R-LEVEL): ``number``, ``name``, ``name_zh``, ``low``, ``high``."""
        return await self._call("GET", "/api/levels", list[dict[str, Any]])

    async def rules(self) -> dict[str, Any]:
        """Presets, option choices and ranges, and the bot levels (``bot_levels``)."""
        return await self._call("GET", "/api/rules", dict[str, Any])

    async def rooms(
        self, mode: str | None = None, preset: str | None = None, free_seats: int | None = None
    ) -> list[RoomSummary]:
        """The open public rooms, by the filters given."""
        params = {"mode": mode, "preset": preset, "free_seats": free_seats}
        found = {k: v for k, v in params.items() if v is not None}
        return await self._call("GET", "/api/rooms", list[RoomSummary], params=found)

    async def create_room(self, settings: RoomSettingsPatch | None = None) -> RoomOut:
        """A new room with the account seated as its host."""
        body = (settings or RoomSettingsPatch()).model_dump(exclude_unset=True)
        return await self._call("POST", "/api/rooms", RoomOut, body)

    async def room(self, room: str) -> RoomOut:
        """A public room (``404 not_found`` for a private one)."""
        return await self._call("GET", f"/api/rooms/{room}", RoomOut)

    # ------------------------------------------------------------------ history
    async def match(self, match: str) -> MatchSummary:
        """A match with every player's result (none while it runs)."""
        return await self._call("GET", f"/api/matches/{match}", MatchSummary)

    async def record(self, match: str) -> RecordOut:
        """The match's record (docs/records.md); only its public part while it runs."""
        return await self._call("GET", f"/api/matches/{match}/record", RecordOut)

    async def replay(self, match: str) -> ReplayOut:
        """Every step of an ended match, every hand shown (``409 match_running`` before)."""
        return await self._call("GET", f"/api/matches/{match}/replay", ReplayOut)

    async def health(self) -> dict[str, Any]:
        """``/healthz``: the node, its database, matches and connections."""
        return await self._call("GET", "/healthz", dict[str, Any], ok_statuses=(200, 503))

    # ------------------------------------------------------------------ the calls
    def _keep(self, session: SessionOut) -> SessionOut:
        self.token = session.token
        return session

    async def _call(
        self,
        method: str,
        path: str,
        answer: type[_Model],
        body: dict[str, Any] | None = None,
        params: dict[str, Any] | None = None,
        ok_statuses: tuple[int, ...] = (200,),
    ) -> _Model:
        """The answer to a request, read as ``answer`` (a model, or a type such as
        ``list[RoomSummary]``)."""
        response = await self._send(method, path, body, params, ok_statuses)
        try:
            return cast(_Model, _adapter(answer).validate_json(response.content))
        except ValidationError as exc:
            raise ClientError(f"{path}: an answer that does not read: {exc}") from None

    async def _send(
        self,
        method: str,
        path: str,
        body: dict[str, Any] | None = None,
        params: dict[str, Any] | None = None,
        ok_statuses: tuple[int, ...] = (200,),
    ) -> httpx.Response:
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        started, attempt = time.monotonic(), 0
        while True:
            try:
                response = await self._http.request(
                    method, self.base + path, json=body, params=params, headers=headers
                )
            except httpx.TransportError as exc:
                raise Unreachable(f"no answer from {self.base}: {exc!r}") from exc
            if response.status_code in ok_statuses:
                return response
            error = _error(response)
            if error.code == ErrorCode.UNAVAILABLE and time.monotonic() - started < self.retry_for:
                await asyncio.sleep(Reconnect().delay(attempt, Verdict.RETRY, self._rng))
                attempt += 1
                continue
            raise error


_ADAPTERS: dict[Any, TypeAdapter[Any]] = {}


def _adapter(kind: Any) -> TypeAdapter[Any]:
    """One validator per answer type, built once (building one takes milliseconds)."""
    adapter = _ADAPTERS.get(kind)
    if adapter is None:
        adapter = _ADAPTERS[kind] = TypeAdapter(kind)
    return adapter


def _error(response: httpx.Response) -> ServerError:
    """The :class:`ServerError` of an error answer (the protocol's body, or the status)."""
    retry = response.headers.get("retry-after")
    try:
        body = ErrorOut.model_validate_json(response.content)
    except ValidationError:
        text = response.text[:200] or response.reason_phrase
        error = ServerError("internal", f"HTTP {response.status_code}: {text}")
    else:
        error = ServerError.of(body)
    error.status = response.status_code
    if retry is not None and retry.isdigit():
        error.retry_after = float(retry)
    return error


__all__ = ["Rest"]
