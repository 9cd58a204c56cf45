"""Every service of one node, built by the composition root (:mod:`younuo.server.compose`).

The application holds one :class:`Services` (``NodeApp.services``, given to its
constructor); a route reads what it needs with :func:`services_of`. The fields are the
services themselves, each built with its collaborators passed to its constructor:
nothing here is assigned later.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from starlette.requests import HTTPConnection

if TYPE_CHECKING:  # the cluster's modules import Redis's client, slow to load
    from younuo.server.accounts.auth import Auth
    from younuo.server.accounts.bots import BotAccounts
    from younuo.server.accounts.personaldata import PersonalData
    from younuo.server.admin.fairplay import FairPlay
    from younuo.server.admin.origins import Origins
    from younuo.server.admin.sanctions import Sanctions
    from younuo.server.admin.service import Admin
    from younuo.server.cluster.node import ClusterNode
    from younuo.server.cluster.scheduler import Scheduler
    from younuo.server.edge.limits import AddressGuard, AuthLimits, BotLimits, WriteLimits
    from younuo.server.edge.refusallog import RefusalLog
    from younuo.server.lobby.codeguesses import CodeGuesses
    from younuo.server.lobby.service import Lobby
    from younuo.server.match.replays import ReplayCache
    from younuo.server.match.service import MatchService
    from younuo.server.realtime.connections import Hub
    from younuo.server.realtime.routing import Router
    from younuo.server.settings import Settings
    from younuo.server.social.service import SocialService
    from younuo.server.tournaments.series import SeriesService
    from younuo.server.tournaments.service import TournamentService
    from younuo.server.tournaments.titles import Titles
    from younuo.store import Database


@dataclass(frozen=True)
class Services:
    """One node's services (see :func:`younuo.server.compose.build_services`)."""

    settings: Settings
    db: Database
    hub: Hub
    matches: MatchService
    tables: Router
    """Requests about matches, served here or on the node that runs the match."""
    lobby: Lobby
    auth: Auth
    origins: Origins
    fairplay: FairPlay
    admin: Admin
    sanctions: Sanctions
    tournaments: TournamentService
    series: SeriesService
    titles: Titles
    social: SocialService
    bot_accounts: BotAccounts
    personal_data: PersonalData
    replays: ReplayCache
    auth_limits: AuthLimits
    guard: AddressGuard
    bot_limits: BotLimits
    code_guesses: CodeGuesses
    write_limits: WriteLimits
    refusals: RefusalLog
    """Refused input (bad bodies and frames) in the log: once per client and minute."""
    scheduler: Scheduler
    cluster: ClusterNode | None
    """This node's part among several (None: one process)."""

    @property
    def drain(self) -> Callable[[], Awaitable[int]] | None:
        """Called on SIGTERM before the connections close (``younuo serve``): hand the
        matches over to the other nodes (None: one process, nothing to hand over)."""
        return self.cluster.drain if self.cluster is not None else None


def services_of(connection: HTTPConnection) -> Services:
    """The services of the application serving ``connection`` (a request or a socket)."""
    found: Services = connection.app.services
    return found


__all__ = ["Services", "services_of"]
