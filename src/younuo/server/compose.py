"""The composition root: every service of one node, built in order with its collaborators.

:func:`build_services` is the only place that decides what talks to what. Each service
gets what it needs in its constructor (typed as a small Protocol where the concrete
class is in another package) and nothing is assigned to it afterwards. Two typed hooks
carry what would otherwise be cycles, and each service adds its own listener to them in
its own constructor:

- :class:`~younuo.server.match.ports.MatchEnded`: the match service calls it when a
  match ended; the lobby (the room goes on) and then the tournament tables (the event
  goes on) listen, in that order.
- :class:`~younuo.server.tournaments.ports.CarryOutHook`: the tournament service hands
  an event's commands to it; the tables, built after the service, carry them out.

Play is built first, for one process (:func:`_single_node`) or a node of several
(:func:`_cluster_node`), then everything that uses it. The order and the reasons are in
docs/architecture.md ("The wiring").
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from younuo.server.accounts.auth import Auth
from younuo.server.accounts.bots import BotAccounts
from younuo.server.accounts.personaldata import PersonalData
from younuo.server.admin.fairplay import FairPlay
from younuo.server.admin.origins import Origins
from younuo.server.admin.originsecret import kept_secret
from younuo.server.admin.sanctions import Sanctions
from younuo.server.admin.service import Admin
from younuo.server.cluster.scheduler import Job, Scheduler
from younuo.server.edge.limits import AddressGuard, AuthLimits, BotLimits, WriteLimits
from younuo.server.edge.refusallog import RefusalLog
from younuo.server.lobby.codeguesses import CodeGuesses
from younuo.server.lobby.service import Lobby
from younuo.server.match.bots import BotMaker
from younuo.server.match.ports import MatchEnded, SingleNode
from younuo.server.match.replays import ReplayCache
from younuo.server.match.service import MatchService
from younuo.server.realtime.connections import Hub
from younuo.server.realtime.feed import Feeds
from younuo.server.realtime.routing import Router
from younuo.server.services import Services
from younuo.server.settings import Settings
from younuo.server.social.service import SocialService
from younuo.server.tournaments.news import TournamentNews
from younuo.server.tournaments.ports import CarryOutHook
from younuo.server.tournaments.series import SeriesService
from younuo.server.tournaments.service import TournamentService
from younuo.server.tournaments.tables import TournamentTables
from younuo.server.tournaments.titles import Titles
from younuo.store import Database

if TYPE_CHECKING:  # imported by _cluster_node only (Redis's client is slow to load)
    from younuo.server.cluster.node import ClusterNode


@dataclass(frozen=True)
class Play:
    """The services of play: built first, everything else uses them."""

    hub: Hub
    matches: MatchService
    tables: Router
    lobby: Lobby
    match_ended: MatchEnded
    cluster: ClusterNode | None


def _single_node(db: Database, settings: Settings, bot_maker: BotMaker | None) -> Play:
    """One process: every match runs here, nobody else to tell."""
    hub = Hub()
    feeds = Feeds(hub)
    ended = MatchEnded()
    deployment = SingleNode(feeds, hub)
    matches = MatchService(
        db, hub, settings, bot_maker, feeds=feeds, deployment=deployment, match_ended=ended
    )
    tables = Router(matches)
    lobby = Lobby(db, hub, matches, tables, ended, grace=settings.reconnect_grace)
    return Play(hub, matches, tables, lobby, ended, None)


def _cluster_node(db: Database, settings: Settings, bot_maker: BotMaker | None) -> Play:
    """A node of several: the link to Redis before the match service (which announces
    through it), the parts that need the match service after it."""
    # Imported only for a node of several: Redis's client adds most of a second to
    # every start of a single server.
    from younuo.server.cluster.deployment import ClusterDeployment, ClusterNews
    from younuo.server.cluster.forwarding import Forwarding
    from younuo.server.cluster.inbox import Inbox
    from younuo.server.cluster.leases import Leases
    from younuo.server.cluster.link import Link
    from younuo.server.cluster.node import ClusterNode
    from younuo.server.cluster.peers import ClusterPeers
    from younuo.server.cluster.placement import Openings, Placement
    from younuo.server.cluster.relay import Relay
    from younuo.server.cluster.roster import Roster

    assert settings.redis is not None
    inbox = Inbox()  # each part below adds its handlers to it in its constructor
    roster = Roster(settings.node_name)
    link = Link(settings.redis, settings.node_name, inbox, unheard=roster.nobody_heard)
    peers = ClusterPeers(link, roster)
    hub = Hub(peers)
    feeds = Feeds(hub)
    openings = Openings()  # a match opened here: the placement may move it (below)
    deployment = ClusterDeployment(link, roster, feeds, peers, hub, inbox, openings)
    ended = MatchEnded()
    matches = MatchService(
        db, hub, settings, bot_maker, feeds=feeds, deployment=deployment, match_ended=ended
    )
    # Leases and owners' lookups on their own small pool: a renewal must never queue
    # behind a burst of moves for a connection, or a busy node would look dead.
    lease_db = Database.from_url(settings.database_url, pool_size=2)
    leases = Leases(settings.match_lease, lease_db, matches, roster, link, inbox)
    Placement(link, peers, hub, leases, roster, openings)
    # A router that forwards nothing serves, on this node, what the forwarding hands it.
    here = Router(matches)
    forwarding = Forwarding(lease_db, matches, here, leases, roster, link, inbox)
    tables = Router(matches, forwarding.forward)
    lobby = Lobby(
        db, hub, matches, tables, ended, ClusterNews(link), grace=settings.reconnect_grace
    )
    Relay(hub, lobby, matches, tables, matches.announce, roster, link, inbox)
    return Play(
        hub, matches, tables, lobby, ended, ClusterNode(link, leases, lease_db, forwarding.counted)
    )


def _origin_key(settings: Settings) -> tuple[str, bool]:
    """The key of the origins' hashes, and whether it was made now. A single server keeps
    its own key in its data directory (several nodes must be given one)."""
    if settings.origin_secret:
        return settings.origin_secret, False
    return kept_secret(settings.data)


def build_services(settings: Settings, bot_maker: BotMaker | None = None) -> tuple[Services, bool]:
    """Every service of one node, and whether the origin key was made now (the origins
    hashed before it are then deleted at start)."""
    db = Database.from_url(settings.database_url, sqlite_synchronous=settings.sqlite_synchronous)
    play = (_cluster_node if settings.redis else _single_node)(db, settings, bot_maker)
    hub, matches, lobby = play.hub, play.matches, play.lobby
    auth = Auth(db, settings.token_days, settings.hash_workers)
    secret, made = _origin_key(settings)
    origins = Origins(db, secret, settings.origin_days)
    fairplay = FairPlay(db, settings.fairplay_window_days, settings.fairplay_max_matches, origins)
    # Tournaments (issue 27): a table is a room and a match on the match service; the
    # tables carry out the service's commands and hear a table's match end (after the
    # room, whose listener the lobby added first).
    commands = CarryOutHook()
    tournaments = TournamentService(db, commands, TournamentNews(hub).changed)
    TournamentTables(db, hub, lobby, matches, tournaments, play.match_ended, commands)
    series = SeriesService(db, tournaments)
    social = SocialService(db, hub, lobby, settings)
    replays = ReplayCache()
    services = Services(
        settings=settings,
        db=db,
        hub=hub,
        matches=matches,
        tables=play.tables,
        lobby=lobby,
        auth=auth,
        origins=origins,
        fairplay=fairplay,
        admin=Admin(db),
        # A ban's or a suspension's effects on the live server (server/admin/sanctions.py).
        sanctions=Sanctions(hub, lobby, tournaments),
        tournaments=tournaments,
        series=series,
        titles=Titles(db),
        social=social,
        bot_accounts=BotAccounts(db),
        personal_data=PersonalData(db, hub, auth, lobby, replays),
        replays=replays,
        auth_limits=AuthLimits(settings),
        guard=AddressGuard(settings),
        bot_limits=BotLimits(settings, hub),
        code_guesses=CodeGuesses(settings, hub),
        write_limits=WriteLimits(settings, hub),
        refusals=RefusalLog(),
        scheduler=Scheduler(
            db,
            settings.node_name,
            _jobs(settings, auth, origins, fairplay, tournaments, series, social),
            settings.match_lease,
        ),
        cluster=play.cluster,
    )
    return services, made


def _jobs(
    settings: Settings,
    auth: Auth,
    origins: Origins,
    fairplay: FairPlay,
    tournaments: TournamentService,
    series: SeriesService,
    social: SocialService,
) -> list[Job]:
    """The scheduler's jobs (one node at a time runs each); a period of 0 turns one off."""
    jobs = [
        Job("purge_sessions", settings.session_purge_seconds, auth.purge_expired),
        Job("purge_origins", settings.session_purge_seconds, origins.purge),
    ]
    if settings.fairplay_scan_seconds > 0:
        jobs.append(Job("fairplay_scan", settings.fairplay_scan_seconds, fairplay.scan))
    if settings.tournament_tick_seconds > 0:
        tick = settings.tournament_tick_seconds
        jobs.append(Job("tournaments", tick, lambda: tournaments.tick(datetime.now(UTC))))
    if settings.series_tick_seconds > 0:
        tick = settings.series_tick_seconds
        jobs.append(Job("series", tick, lambda: series.tick(datetime.now(UTC))))
    if settings.chat_purge_seconds > 0:
        jobs.append(Job("purge_chat", settings.chat_purge_seconds, social.purge_chat))
    if settings.evidence_purge_seconds > 0:
        # Evidence has a retention of its own (docs/security.md, "Privacy").
        jobs.append(Job("purge_evidence", settings.evidence_purge_seconds, social.purge_evidence))
    return jobs


__all__ = ["Play", "build_services"]
