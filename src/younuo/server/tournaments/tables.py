"""A tournament's tables as real matches: ``carry_out`` for the tournament service.

A :class:`~younuo.tournaments.StartTable` becomes a room and a match on the same match
service as every other match (``Lobby.open_table``, ``MatchService.prepare``/``launch``):
the table's people are seated (and moved out of any room they were in), bots take the
bot seats, the event's rules and clock are the match's. The room and match ids are
derived from the event and table ids (:func:`table_match_id`), so issuing the command
again (the scheduler re-issues ``resume()`` after a restart) finds the match and starts
nothing twice; when that match has ended, the same command reads its stored result
(:func:`table_result`) and records it, once: ``Tournament.record`` of a result already
in changes nothing.

Decisions (docs/tournaments.md, *The shell as built*):

- The match starts whether or not its people are connected; those who are not are
  away at once, so a bot plays their seat for the reconnect grace (they take it back
  when they come); rooms of tables keep the seat for a bot past the grace
  (``abandon: bot``), so every table finishes.
- An abandoned match (nobody left to play for) is placed as it stands: by score (the
  event's sense of better), those who left after those who stayed, then seat order.
- A table with no person at all is not played: its seats are placed in seat order with
  no points (a match of bots only would be abandoned at its first move anyway).
- A person suspended or banned since the event started (or a bot account whose owner
  is) is seated like the others and taken out at once as one who leaves, so every later
  table places them as a leaver (docs/security.md, Sanctions).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from collections import defaultdict
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from younuo.engine import Rules
from younuo.protocol.messages import Avatar, ProtocolError, TournamentOver, TournamentTable
from younuo.server.accounts.auth import may_play
from younuo.server.accounts.seatfacts import SeatFacts, match_seat, seat_facts
from younuo.server.lobby.rooms import RoomState, RoomStatus, Seat, Settings
from younuo.server.lobby.service import Lobby
from younuo.server.lobby.settings import RoomMode
from younuo.server.match.ports import MatchEnded
from younuo.server.match.service import MatchService
from younuo.server.realtime.connections import Hub
from younuo.server.tournaments.ports import CarryOutHook
from younuo.server.tournaments.service import TournamentService
from younuo.store import Database
from younuo.store import accounts as accounts_repo
from younuo.store import matches as matches_repo
from younuo.store.models import Match, Result
from younuo.tournaments import (
    Command,
    StartTable,
    TableResult,
    TournamentCancelled,
    TournamentFinished,
)
from younuo.tournaments.errors import TournamentError

log = logging.getLogger(__name__)

MATCH_PREFIX = "m1"
"""Ids of tables' matches: ``m1`` and 14 hex digits. A random id (``store.ids``) never
has ``1`` after its prefix, so a table's match is known by its id alone."""
ROOM_PREFIX = "r1"
NAME_MAX = 40
"""The longest player name in a match (``results.name``)."""
CAMPS = ("red", "blue")
ENDED = ("over", "abandoned")


def _digest(event: str, table: str) -> str:
    return hashlib.sha256(f"{event}/{table}".encode()).hexdigest()[:14]


def table_match_id(event: str, table: str) -> str:
    """The match id of table ``table`` of event ``event``: the same on every node."""
    return MATCH_PREFIX + _digest(event, table)


def table_room_id(event: str, table: str) -> str:
    """The room id of a table (its people's room while they play it)."""
    return ROOM_PREFIX + _digest(event, table)


def is_table_match(match_id: str) -> bool:
    return match_id.startswith(MATCH_PREFIX) and len(match_id) == len(MATCH_PREFIX) + 14


def bot_name(entrant: str) -> str:
    """``bot:3`` plays as ``Bot 3``."""
    return "Bot " + entrant.rsplit(":", 1)[-1]


def seat_names(command: StartTable, names: Mapping[str, str]) -> list[str]:
    """The match's player names in seat order: people by their account's name (``names``,
    by account id), bots as ``Bot N``; a name already taken at the table (guests' names
    are not unique) gets `` (2)``, `` (3)``, ... so every name is the table's own."""
    taken: set[str] = set()
    out: list[str] = []
    for entrant in command.seats:
        base = bot_name(entrant.id) if entrant.is_bot else names.get(entrant.id, entrant.id)
        name, n = base[:NAME_MAX], 1
        while name.casefold() in taken:
            n += 1
            suffix = f" ({n})"
            name = base[: NAME_MAX - len(suffix)] + suffix
        taken.add(name.casefold())
        out.append(name)
    return out


def lowest_wins(rules: Mapping[str, Any]) -> bool:
    """Whether a lower match score is better under the table's rules."""
    return Rules.from_dict(dict(rules)).scoring in ("negative", "elimination")


def table_result(command: StartTable, match: Match, results: Sequence[Result]) -> TableResult:
    """The table's result from its ended match: seat ``i`` of the match is entrant ``i``
    of the command (the match was made in that order); see ``TableResult.from_match``."""
    ids = dict(zip(match.players, (e.id for e in command.seats), strict=True))
    by_name = {r.name: r for r in results}
    scores = {ids[name]: by_name[name].score if name in by_name else 0 for name in match.players}
    left = [ids[r.name] for r in results if r.left and r.name in ids]
    winner = ids.get(match.winner) if match.status == "over" and match.winner else None
    return TableResult.from_match(
        command.table_id,
        [ids[name] for name in match.players],
        scores,
        winner,
        lowest_wins(command.rules),
        left,
    )


def unplayed_result(command: StartTable) -> TableResult:
    """A table of bots only: placed in seat order, no points."""
    return TableResult(
        command.table_id, tuple(e.id for e in command.seats), {e.id: 0 for e in command.seats}
    )


def table_room(
    event: str,
    name: str,
    command: StartTable,
    names: list[str],
    facts: Mapping[str, SeatFacts],
) -> RoomState:
    """The room of a table, already playing ``match`` (private: not in the lobby).

    A person's seat shows their ``facts`` (by account id: ``seatfacts.seat_facts``, as
    at every other table: bot account, title, avatar) under the table's name for them
    (``names``); a person whose account was not found shows only that name."""
    rules = dict(command.rules)
    preset = str(rules.pop("preset", "younuo"))
    teams = command.teams
    camp_of = {} if teams is None else {e: CAMPS[i] for i, pair in enumerate(teams) for e in pair}
    seats: list[Seat | None] = []
    for entrant, seat_name in zip(command.seats, names, strict=True):
        camp = camp_of.get(entrant.id)
        if entrant.is_bot or entrant.account is None:
            seats.append(Seat.bot(seat_name, entrant.bot_level, camp))
            continue
        person = facts.get(entrant.account, SeatFacts(seat_name, Avatar()))
        seats.append(Seat.person(entrant.account, person.named(seat_name), camp, ready=True))
    settings = Settings(
        name=f"{name} {command.table_id}"[:80],
        seats=len(seats),
        needed=len(seats),
        mode=RoomMode.FFA if teams is None else RoomMode.TEAMS,
        preset=preset,
        options=rules,
        private=True,
        abandon="bot",
    )
    host = next((e.account for e in command.seats if e.account is not None), None)
    return RoomState(
        id=table_room_id(event, command.table_id),
        settings=settings,
        host=host,
        seats=seats,
        status=RoomStatus.PLAYING,
        match_id=table_match_id(event, command.table_id),
    )


class TournamentTables:
    """Carries out an event's commands on the match service (see the module doc)."""

    def __init__(
        self,
        db: Database,
        hub: Hub,
        lobby: Lobby,
        matches: MatchService,
        service: TournamentService,
        match_ended: MatchEnded | None = None,
        commands: CarryOutHook | None = None,
    ) -> None:
        """``service`` records the tables' results; the tables add their listeners to
        ``match_ended`` (a table's match ended: the event goes on at once) and to
        ``commands`` (the hook ``service`` was built with: its commands carried out)."""
        self.db = db
        self.hub = hub
        self.lobby = lobby
        self.matches = matches
        self.service = service
        # One start or reading of a table at a time on this node (the tick and a match's
        # end may both issue it); other nodes are kept out by the ids' uniqueness.
        self._locks: dict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._tasks: set[asyncio.Task[None]] = set()
        if match_ended is not None:
            match_ended.add(self.match_over)
        if commands is not None:
            commands.add(self.carry_out)

    async def carry_out(self, event: str, command: Command) -> None:
        """The tournament service's hook: a table's match, or its result once it ended;
        the end of the event told to everyone registered."""
        if not isinstance(command, StartTable):
            await self._tell_over(event, command)
            return
        key = f"{event}/{command.table_id}"
        try:
            async with self._locks[key]:
                result = await self._table(event, command)
        except Exception:
            # Never let one table stop the others (the tick goes on to the next event);
            # the next tick issues this one again.
            log.exception("table %s of %s could not be carried out", command.table_id, event)
            return
        if result is None:
            return
        try:
            await self.service.record(event, result, datetime.now(UTC))
        except (TournamentError, LookupError) as exc:
            # The event was cancelled while the table played, say: nothing to record.
            log.info("table %s of %s not recorded: %s", command.table_id, event, exc)
        # The table is done for good (a later command for it only reads its result).
        self._locks.pop(key, None)

    async def _tell_over(
        self, event: str, command: TournamentFinished | TournamentCancelled
    ) -> None:
        """``tournament_over`` to every registrant, on whichever node they are. The
        service issues an end once, after the change that made it is stored (``resume``
        re-issues only a running event's tables), so nobody is told twice."""
        t = await self.service.get(event)
        if t is None:
            return
        accounts = [r.account for r in t.registrations]
        if isinstance(command, TournamentFinished):
            champion = command.champion
            if champion.is_bot:
                champion_name = bot_name(champion.id)
            else:
                async with self.db.session() as s:
                    found = await accounts_repo.get_many(s, [champion.id])
                champion_name = found[champion.id].name if champion.id in found else champion.id
            told = TournamentOver(
                tournament=event,
                name=t.spec.name,
                status="finished",
                champion=champion.id,
                champion_name=champion_name,
            )
        else:
            told = TournamentOver(
                tournament=event, name=t.spec.name, status="cancelled", reason=command.reason.value
            )
        for account in accounts:
            self.hub.tell(account, told)

    async def match_over(self, room_id: str | None, match_id: str) -> None:
        """The match service's end-of-match hook: a table's match ended, so the events go
        on at once (in a task of their own: whoever made the last move is not kept
        waiting for the next stage's tables; should it fail, the next tick does it)."""
        if not is_table_match(match_id):
            return
        task = asyncio.ensure_future(self._advance(match_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _advance(self, match_id: str) -> None:
        try:
            await self.service.advance()
        except Exception:
            log.exception("tournaments after match %s", match_id)

    async def _table(self, event: str, command: StartTable) -> TableResult | None:
        """Start the table's match, or read its result once it ended (None: playing)."""
        match_id = table_match_id(event, command.table_id)
        async with self.db.session() as s:
            row = await matches_repo.get(s, match_id)
            results = await matches_repo.results(s, match_id) if row is not None else []
        if row is not None:
            return table_result(command, row, results) if row.status in ENDED else None
        people = [e.id for e in command.seats if not e.is_bot]
        if not people:
            return unplayed_result(command)
        await self._start(event, command, people)
        return None

    async def _start(self, event: str, command: StartTable, people: list[str]) -> None:
        t = await self.service.get(event)
        async with self.db.session() as s:
            found = await accounts_repo.get_many(s, people)
            owners = await accounts_repo.get_many(
                s, [a.bot_owner for a in found.values() if a.bot and a.bot_owner]
            )
        now = time.time()
        barred = [
            a for a, acc in found.items() if not may_play(acc, now, owners.get(acc.bot_owner or ""))
        ]
        names = seat_names(command, {a: acc.name for a, acc in found.items()})
        facts = {a: seat_facts(acc) for a, acc in found.items()}
        room = table_room(event, t.spec.name if t else event, command, names, facts)
        seats = [match_seat(seat, command.teams is not None) for seat in room.seats if seat]
        teams = None
        if command.teams is not None:
            by_id = dict(zip((e.id for e in command.seats), names, strict=True))
            teams = [[by_id[e] for e in pair] for pair in command.teams]
        rt, row = self.matches.prepare(
            room.id,
            seats,
            Rules.from_dict(dict(command.rules)),
            teams,
            room.settings.abandon,
            seed=command.seed,
            match_id=room.match_id,
        )
        if not await self.lobby.open_table(room, rt, row):
            return
        told = TournamentTable(
            tournament=event,
            table=command.table_id,
            stage=command.stage,
            room=room.id,
            match=rt.id,
        )
        for account in people:
            self.hub.tell(account, told)
        try:
            await self.matches.absent_away(rt)
        except ProtocolError as exc:
            log.warning("table %s: absent players not marked away: %s", rt.id, exc.message)
        for account in barred:
            # Suspended or banned (or a bot of an owner who is) since the event started:
            # seated with the others, then out at once as a player who leaves (Sanctions).
            try:
                await self.lobby.take_out(account)
            except ProtocolError as exc:
                log.warning("table %s: %s not taken out: %s", rt.id, account, exc.message)


__all__ = [
    "TournamentTables",
    "is_table_match",
    "seat_names",
    "table_match_id",
    "table_result",
    "table_room_id",
]
