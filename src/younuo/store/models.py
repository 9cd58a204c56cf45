"""The database tables, as SQLAlchemy 2 declarative models.

The schema itself is created and changed only by the Alembic migrations in
``younuo/store/migrations`` (applied when the server starts); these models must stay
equal to what the migrations build, which ``tests/store`` checks.

Times are Unix epoch seconds (floats): the same on SQLite and PostgreSQL, and what the
protocol sends. Structured values that are always read and written whole (room seats,
rule options, a match's clocks) are JSON columns.
"""

from __future__ import annotations

from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    false,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from younuo.social.skill import MU, NEW, SIGMA

# Named constraints, so that migrations can refer to them on every database.
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """Base of every table."""

    metadata = MetaData(naming_convention=NAMING)
    type_annotation_map: ClassVar[dict[Any, Any]] = {dict[str, Any]: JSON, list[Any]: JSON}


class Account(Base):
    """A player: a guest (behind a token) or registered (name and password)."""

    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    # Case-folded name: registered names are unique by it (partial index below).
    name_key: Mapped[str] = mapped_column(String(80))
    guest: Mapped[bool] = mapped_column(Boolean)
    password_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)
    rating: Mapped[int] = mapped_column(Integer, default=0)
    outfit: Mapped[str] = mapped_column(String(20))
    expression: Mapped[str] = mapped_column(String(20))
    created_at: Mapped[float] = mapped_column(Float)
    # player, moderator or admin (younuo.protocol.roles.Role).
    role: Mapped[str] = mapped_column(String(16), default="player", server_default="player")
    # active, suspended (until standing_until) or banned (younuo.protocol.roles.Standing).
    standing: Mapped[str] = mapped_column(String(16), default="active", server_default="active")
    standing_until: Mapped[float | None] = mapped_column(Float, nullable=True)
    # --- bot accounts (migration 0006, younuo.server.accounts.bots) ---
    # A bot account, made by the registered account ``bot_owner``; ``bot_rated``: an
    # admin allowed it into rated play (younuo.server.accounts.bots.may_enter_rated).
    bot: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    bot_owner: Mapped[str | None] = mapped_column(String(16), nullable=True, index=True)
    bot_rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # The title shown beside the name (younuo.tournaments.titles.shown), kept with the
    # titles by store.titles.replace: its kind, and the first day it is no longer valid
    # (None: lifetime). Shown while today is before ``title_until``.
    title: Mapped[str | None] = mapped_column(String(16), nullable=True)
    title_until: Mapped[str | None] = mapped_column(String(10), nullable=True)
    # --- skill (migration 0015, younuo.social.skill, docs/rating.md) ---
    # The Plackett-Luce mean and uncertainty, and the value shown (1000 + 40 (mu - 25)),
    # kept as a column so that the leaderboard orders by an index.
    skill_mu: Mapped[float] = mapped_column(Float, default=MU, server_default=str(MU))
    skill_sigma: Mapped[float] = mapped_column(Float, default=SIGMA, server_default=str(SIGMA))
    skill: Mapped[int] = mapped_column(Integer, default=NEW.shown, server_default=str(NEW.shown))

    __table_args__ = (
        Index(
            "uq_accounts_registered_name",
            "name_key",
            unique=True,
            sqlite_where=text("guest = 0"),
            postgresql_where=text("guest = false"),
        ),
        Index("ix_accounts_rating", "rating"),
        Index("ix_accounts_skill", "skill"),
    )


class Session(Base):
    """A login: only the SHA-256 of the token is stored, so a leaked table opens nothing."""

    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float, index=True)


class Room(Base):
    """A table in the lobby: settings, seats, host, and the match it is playing."""

    __tablename__ = "rooms"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    status: Mapped[str] = mapped_column(String(16), index=True)  # open, playing, closed
    private: Mapped[bool] = mapped_column(Boolean)
    code: Mapped[str | None] = mapped_column(String(12), nullable=True, unique=True)
    host_id: Mapped[str | None] = mapped_column(String(16), nullable=True)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    # {"seats": [seat or null, ...], "spectators": [account id, ...]}
    seats: Mapped[dict[str, Any]] = mapped_column(JSON)
    match_id: Mapped[str | None] = mapped_column(String(16), nullable=True)
    version: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float)


class Membership(Base):
    """Which room an account sits in or watches: one room per account at a time."""

    __tablename__ = "memberships"

    account_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    room_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("rooms.id", ondelete="CASCADE"), index=True
    )
    role: Mapped[str] = mapped_column(String(16))  # player or spectator


class Match(Base):
    """One match: its record's recipe, version, clocks (as data) and status.

    The action log is :class:`MatchAction`; ``version`` is the number of actions in it.
    Every move is written with ``UPDATE ... WHERE version = expected``, so two server
    processes can never both apply a move at the same version.
    """

    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    room_id: Mapped[str | None] = mapped_column(String(16), nullable=True, index=True)
    status: Mapped[str] = mapped_column(String(16), index=True)  # running, over, abandoned
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    players: Mapped[list[Any]] = mapped_column(JSON)
    teams: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)
    # The deal's seed: an integer (SplitMix64: the matches before migration 0014, and a
    # server's fixed ``deal_seed``) or, in ``deal_key``, a 128-bit key as 32 hex digits
    # (the keyed generator): ``store.matches.seed_of`` reads whichever is set.
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    deal_key: Mapped[str | None] = mapped_column(String(32), nullable=True)
    setup: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # Per player (seat order): account, bot level, camp, avatar.
    seats: Mapped[list[Any]] = mapped_column(JSON)
    # Per player: away deadline, auto-play, left; the server's own state of the seats.
    control: Mapped[dict[str, Any]] = mapped_column(JSON)
    # Turn deadline, match deadline, next-round time, catch grace: data, not timers.
    clock: Mapped[dict[str, Any]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer)
    winner: Mapped[str | None] = mapped_column(String(40), nullable=True)
    final: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float)
    ended_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    # The node applying the match's moves (several nodes: docs/scaling.md); None when
    # one process serves everything. Moves and seat changes are written only by it.
    owner: Mapped[str | None] = mapped_column(String(80), nullable=True, index=True)
    # Migration 0013: played in a private room; only its players and moderators read it
    # (younuo.server.match.privacy).
    private: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class Node(Base):
    """A server process sharing the database with others (docs/scaling.md).

    ``lease_until`` (the database's clock, epoch seconds) is renewed while the node
    lives; once it has passed, the node's running matches are taken over by others.
    """

    __tablename__ = "nodes"

    id: Mapped[str] = mapped_column(String(80), primary_key=True)
    lease_until: Mapped[float] = mapped_column(Float)
    draining: Mapped[bool] = mapped_column(Boolean)
    started_at: Mapped[float] = mapped_column(Float)


class Lease(Base):
    """A named lease held by one node at a time, on the database's clock (the scheduler)."""

    __tablename__ = "leases"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    holder: Mapped[str] = mapped_column(String(80))
    until: Mapped[float] = mapped_column(Float)


class FairplayCase(Base):
    """A fair-play finding in the moderators' queue (younuo.fairplay.Case, as ``evidence``).

    ``status``: open, then decided (by ``decided_by``, with the ``decision`` the player
    sees). ``seen_at``: when a scan last found it again (its evidence then refreshed).
    """

    __tablename__ = "fairplay_cases"

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    kind: Mapped[str] = mapped_column(String(40))
    score: Mapped[float] = mapped_column(Float)
    evidence: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)
    opened_at: Mapped[float] = mapped_column(Float)
    seen_at: Mapped[float] = mapped_column(Float)
    decision: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    decided_by: Mapped[str | None] = mapped_column(String(16), nullable=True)
    decided_at: Mapped[float | None] = mapped_column(Float, nullable=True)


class FairplayCaseAccount(Base):
    """An account a case names (so that a player's decisions are found by account)."""

    __tablename__ = "fairplay_case_accounts"

    case_key: Mapped[str] = mapped_column(
        String(200), ForeignKey("fairplay_cases.key", ondelete="CASCADE"), primary_key=True
    )
    account_id: Mapped[str] = mapped_column(String(16), primary_key=True, index=True)


class AuditEntry(Base):
    """One action of an admin or moderator (or of the command line: no actor), kept for good."""

    __tablename__ = "audit_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    at: Mapped[float] = mapped_column(Float)
    actor: Mapped[str | None] = mapped_column(String(16), nullable=True)
    action: Mapped[str] = mapped_column(String(40))
    target: Mapped[str | None] = mapped_column(String(80), nullable=True, index=True)
    details: Mapped[dict[str, Any]] = mapped_column(JSON)


class MatchAction(Base):
    """One accepted action of a match, in order (``seq`` from 0)."""

    __tablename__ = "match_actions"

    match_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    # Who sent it: player, bot, autoplay (a bot for an away or auto-played human), server.
    source: Mapped[str] = mapped_column(String(16))
    at: Mapped[float] = mapped_column(Float)


class Result(Base):
    """A player's result in an ended match, with the rating change (R-LEAVE, R-LEVEL)."""

    __tablename__ = "results"

    match_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[str | None] = mapped_column(String(16), nullable=True, index=True)
    bot_level: Mapped[str | None] = mapped_column(String(40), nullable=True)
    score: Mapped[int] = mapped_column(Integer)
    winner: Mapped[bool] = mapped_column(Boolean)
    left: Mapped[bool] = mapped_column(Boolean)
    rating_change: Mapped[int] = mapped_column(Integer)
    breakdown: Mapped[dict[str, Any]] = mapped_column(JSON)
    rating_after: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # The skill's shown value after the match and its change (migration 0015); None for a
    # seat without an account and for the matches before.
    skill_change: Mapped[int | None] = mapped_column(Integer, nullable=True)
    skill_after: Mapped[int | None] = mapped_column(Integer, nullable=True)
    ended_at: Mapped[float] = mapped_column(Float)


# ------------------------------------------------------------------ bot accounts
class BotToken(Base):
    """An API token of a bot account: only its SHA-256 is stored (shown once, at creation).

    It does not expire; deleting the row (its owner revoking it) stops it at once.
    """

    __tablename__ = "bot_tokens"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    account_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    label: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[float] = mapped_column(Float)


# --- tournaments (issue 27, the tournament shell; migration 0007) ---------------------


class TournamentRow(Base):
    """One event: its whole ``younuo.tournaments.Tournament`` value (``to_dict``) as ``value``.

    ``kind``: public (an admin's) or private (any player's, joined by ``code``).
    ``status`` mirrors the value's, so that the scheduler finds running events by index,
    and ``starts_at`` the spec's start, so that it finds the waiting ones that are due.
    ``version`` grows by one on every write (a conditional write guards concurrent nodes).
    """

    __tablename__ = "tournaments"

    # A series' instance key is its id (spring:weekly:2026-W49), hence the length.
    id: Mapped[str] = mapped_column(String(80), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    code: Mapped[str | None] = mapped_column(String(16), nullable=True, unique=True, index=True)
    status: Mapped[str] = mapped_column(String(16), index=True)
    value: Mapped[dict[str, Any]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float)
    # The spec's start (POSIX time), so that the tick reads only the events due.
    starts_at: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)


class TitleRow(Base):
    """One title of an account (``younuo.tournaments.titles.Title``, whole, as ``value``).

    ``awarded``/``expires`` are ISO dates (``expires`` None: lifetime, ``lifetime`` True);
    ``revoked`` is the moderator's revocation (on, reason) or None; ``event`` the source
    event instance key.
    """

    __tablename__ = "titles"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[str] = mapped_column(String(16), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    event: Mapped[str] = mapped_column(String(80))
    awarded: Mapped[str] = mapped_column(String(10))
    expires: Mapped[str | None] = mapped_column(String(10), nullable=True)
    lifetime: Mapped[bool] = mapped_column(Boolean)
    revoked: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    value: Mapped[dict[str, Any]] = mapped_column(JSON)


__all__ = [
    "Account",
    "Base",
    "BotToken",
    "Match",
    "MatchAction",
    "Membership",
    "Node",
    "Result",
    "Room",
    "Session",
]


# --- social play (issue 29; migration 0008) ---------------------------------------------


class FriendLink(Base):
    """A friend request or friendship between two accounts (younuo.social.friendship).

    One row per pair, keyed with the smaller account id first so a pair has one row
    whoever asked; ``requester`` says who asked, ``status`` is pending or friends.
    """

    __tablename__ = "friend_links"

    low_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    high_id: Mapped[str] = mapped_column(String(16), primary_key=True, index=True)
    requester_id: Mapped[str] = mapped_column(String(16))
    status: Mapped[str] = mapped_column(String(16))
    at: Mapped[float] = mapped_column(Float)


class BlockEntry(Base):
    """``blocker_id`` blocks ``blocked_id`` (younuo.social.blocks)."""

    __tablename__ = "blocks"

    blocker_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    blocked_id: Mapped[str] = mapped_column(String(16), primary_key=True, index=True)
    at: Mapped[float] = mapped_column(Float)


class Notice(Base):
    """A stored notice for an account (an invitation, a friend request, a decision).

    Kept until read so that players who were offline see it when they come back.
    """

    __tablename__ = "notices"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[str] = mapped_column(String(16), index=True)
    kind: Mapped[str] = mapped_column(String(24))
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[float] = mapped_column(Float)
    read_at: Mapped[float | None] = mapped_column(Float, nullable=True)


class ChatMessage(Base):
    """A posted chat message, kept for moderation until the retention setting purges it.

    ``place`` is the room id (room and table channels) or the pair key of a direct line;
    a message is either a quick ``phrase`` id or free ``text``.
    """

    __tablename__ = "chat_messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    channel: Mapped[str] = mapped_column(String(24))
    place: Mapped[str] = mapped_column(String(40), index=True)
    sender_id: Mapped[str] = mapped_column(String(16), index=True)
    phrase: Mapped[str | None] = mapped_column(String(24), nullable=True)
    text: Mapped[str | None] = mapped_column(String(400), nullable=True)
    at: Mapped[float] = mapped_column(Float, index=True)


class SocialSettings(Base):
    """An account's social switches and mute: free text on or off, muted until when."""

    __tablename__ = "social_settings"

    account_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    free_text: Mapped[bool] = mapped_column(Boolean)
    muted_until: Mapped[float | None] = mapped_column(Float, nullable=True)
    # Migration 0010: who may invite the account ("friends", "nobody"), who may ask it
    # to be friends ("everyone", "nobody"), who may message it ("friends", "nobody").
    invites: Mapped[str] = mapped_column(String(16), default="friends", server_default="friends")
    requests: Mapped[str] = mapped_column(String(16), default="everyone", server_default="everyone")
    messages: Mapped[str] = mapped_column(String(16), default="friends", server_default="friends")


class Report(Base):
    """A player's report of another (younuo.social.reports), with its evidence attached."""

    __tablename__ = "reports"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    reporter_id: Mapped[str] = mapped_column(String(16))
    reported_id: Mapped[str] = mapped_column(String(16), index=True)
    reason: Mapped[str] = mapped_column(String(16))
    source: Mapped[str] = mapped_column(String(16))
    match_id: Mapped[str | None] = mapped_column(String(16), nullable=True)
    evidence: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)
    opened_at: Mapped[float] = mapped_column(Float)
    decision: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    decided_by: Mapped[str | None] = mapped_column(String(16), nullable=True)
    decided_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    # Migration 0013: when the evidence was emptied (report_evidence_days after the
    # decision), so that the purge job reads each report once.
    evidence_purged_at: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)


__all__ += [
    "BlockEntry",
    "ChatMessage",
    "FriendLink",
    "Notice",
    "Report",
    "SocialSettings",
]


# --- series (issue 27; migration 0009) ----------------------------------------------------


class SeriesRow(Base):
    """One series (``younuo.tournaments.series.Series.to_dict()`` as ``value``), made once
    by an admin and run by the scheduler's ``series`` job."""

    __tablename__ = "series"

    key: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[dict[str, Any]] = mapped_column(JSON)
    creator: Mapped[str | None] = mapped_column(String(16), nullable=True)
    created_at: Mapped[float] = mapped_column(Float)


class SeriesResult(Base):
    """A finished instance of a series, counted once: its places (entrant ids, champion
    first) feed ``qualifiers`` and its champion's title was awarded in the same write."""

    __tablename__ = "series_results"

    instance: Mapped[str] = mapped_column(String(80), primary_key=True)
    series: Mapped[str] = mapped_column(String(32), index=True)
    places: Mapped[list[str]] = mapped_column(JSON)
    at: Mapped[float] = mapped_column(Float)


class ConnectionOrigin(Base):
    """Where one WebSocket connection of an account came from, for the fair-play scan's
    same-origin signal only (docs/fairplay.md): keyed hashes of the client address
    (its /64 for IPv6) and of the web client's browser id, never the raw values. Purged
    after ``origin_days``."""

    __tablename__ = "connection_origins"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[str] = mapped_column(String(16), index=True)
    address: Mapped[str | None] = mapped_column(String(64), nullable=True)
    browser: Mapped[str | None] = mapped_column(String(64), nullable=True)
    at: Mapped[float] = mapped_column(Float, index=True)


# --- privacy (issue 38; migration 0013) ----------------------------------------------------


class RoomVisit(Base):
    """One stay of an account in a room: as ``role`` (player or spectator) from ``since``
    until ``until`` (None: still there). Written with the memberships
    (younuo.store.rooms), read for a report's evidence (what the reporter could see),
    purged with the chat it serves (younuo.store.visits)."""

    __tablename__ = "room_visits"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[str] = mapped_column(String(16), index=True)
    room_id: Mapped[str] = mapped_column(String(16))
    role: Mapped[str] = mapped_column(String(16))
    since: Mapped[float] = mapped_column(Float)
    until: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)


__all__ += ["RoomVisit"]
