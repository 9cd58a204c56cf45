"""Server settings: command-line flags over environment variables over a TOML file.

Every setting has an environment variable ``YOUNUO_<NAME>`` (``YOUNUO_PORT=9000``,
``YOUNUO_ALLOWED_ORIGINS='["https://uno.example.org"]'``) and a key of the same name in
the optional TOML file given by ``--config FILE`` or ``YOUNUO_CONFIG``. docs/deploy.md
lists them all.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, ClassVar, Literal

from pydantic import Field, model_validator
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

from younuo.store.database import normalize_url, sqlite_url

ORIGIN_SECRET_MIN = 32
"""Fewest characters of a given ``origin_secret``: a short key could be guessed."""


class Settings(BaseSettings):
    """Everything ``younuo serve`` can be told. Defaults suit one machine and a browser."""

    model_config = SettingsConfigDict(env_prefix="YOUNUO_", extra="ignore")

    # Where the config file comes from, set by :meth:`load` (not a setting itself).
    _toml_file: ClassVar[Path | None] = None

    host: str = Field("127.0.0.1", description="Address to listen on.")
    port: int = Field(8000, ge=0, le=65535, description="Port to listen on (0: any free port).")
    data: Path = Field(Path("data"), description="Data directory (the SQLite database).")
    db: str | None = Field(
        None,
        description="Database URL (postgresql+asyncpg://user:pass@host/db); overrides data.",
    )
    redis: str | None = Field(
        None,
        description="Redis URL (redis://host:6379/0) shared by several nodes on one"
        " PostgreSQL (docs/scaling.md); None: this process serves everything alone.",
    )
    node_id: str | None = Field(
        None,
        min_length=1,
        max_length=80,
        description="This node's name among several (default HOST:PORT).",
    )
    match_lease: float = Field(
        10.0,
        ge=1.0,
        le=10.0,
        description="Seconds after a node stops answering before other nodes take over"
        " its matches (several nodes only).",
    )
    sqlite_synchronous: Literal["full", "normal"] = Field(
        "full", description="SQLite commit durability: full survives power loss too."
    )
    allowed_origins: list[str] = Field(
        default_factory=list,
        description="Browser origins allowed on the WebSocket besides the server's own.",
    )
    token_days: float = Field(30.0, gt=0, description="Session token lifetime in days.")
    session_purge_seconds: float = Field(
        3600.0, gt=0, description="Seconds between purges of expired session tokens."
    )
    fairplay_scan_seconds: float = Field(
        3600.0, ge=0, description="Seconds between fair-play scans of recent matches (0: none)."
    )
    origin_days: float = Field(
        30.0,
        gt=0,
        le=366,
        description="Days the hashed address and browser id of each connection are kept"
        " for the fair-play same-origin signal (at least fairplay_window_days to use it all).",
    )
    origin_secret: str = Field(
        "",
        max_length=200,
        description="Key of the hashes of connection addresses and browser ids, at least"
        " 32 characters, the same on every node (needed with redis); empty: a server of"
        " its own makes one at its first start and keeps it in data/origin_secret.",
    )
    fairplay_window_days: float = Field(
        30.0, gt=0, le=366, description="Days of ended matches each fair-play scan reads."
    )
    fairplay_max_matches: int = Field(
        20_000, ge=1, description="Most matches one fair-play scan reads (the newest)."
    )
    reconnect_grace: float = Field(
        60.0, ge=0, description="Seconds a dropped player keeps the seat (a bot plays)."
    )
    away_takeover: float = Field(
        5.0, ge=0, description="Seconds after a drop before the bot starts playing the seat."
    )
    catch_grace: float = Field(
        1.0, ge=0, description="Seconds the UNO catch window stays open at least."
    )
    next_round_delay: float = Field(
        5.0, ge=0, description="Seconds between a round's end and the next deal."
    )
    bot_timing: Literal["human", "none"] = Field(
        "human", description="Bots wait like people (human) or act at once (none: tests)."
    )
    bot_workers: int = Field(
        2, ge=1, le=64, description="Worker threads for bot decisions (off the event loop)."
    )
    deal_seed: int | None = Field(
        None,
        ge=0,
        lt=2**53,
        description="Deal every match from this seed with SplitMix64 (tests and demos only:"
        " anyone who knows it knows every hand). None: a fresh 128-bit deal key per match.",
    )
    max_message_bytes: int = Field(
        8192, ge=256, description="Largest client message, in UTF-8 bytes (answered too_large)."
    )
    max_body_bytes: int = Field(
        65_536,
        ge=1024,
        le=16 << 20,
        description="Largest REST request body, in bytes: a larger one is refused (413"
        " too_large) before it is read.",
    )
    rate_per_second: float = Field(20.0, gt=0, description="Messages per second per connection.")
    rate_burst: int = Field(40, ge=1, description="Burst of messages allowed over the rate.")
    max_frame_bytes: int = Field(
        16384,
        ge=256,
        le=1 << 20,
        description="Frames over this close the connection (1009) once their header is read.",
    )
    ws_per_address: int = Field(
        32, ge=1, description="Open WebSocket connections per client address (4029 past it)."
    )
    abuse_strikes: int = Field(
        5,
        ge=1,
        description="Strikes (a connection closed for flooding, an oversized frame) that ban"
        " an address: its connections close (4003) and new ones are refused for ban_seconds.",
    )
    abuse_window: float = Field(
        60.0, gt=0, description="Seconds in which abuse_strikes strikes fade away again."
    )
    ban_seconds: float = Field(
        300.0, ge=0, description="Seconds a banned address's WebSocket connections are refused."
    )
    auth_per_minute: float = Field(
        20.0, gt=0, description="Logins and sign-ups (login, register, guest) a minute per address."
    )
    auth_burst: int = Field(10, ge=1, description="Burst of logins and sign-ups per address.")
    login_per_minute: float = Field(
        5.0, gt=0, description="Logins and registrations a minute per account name."
    )
    login_burst: int = Field(5, ge=1, description="Burst of logins and registrations per name.")
    bot_per_minute: float = Field(
        240.0,
        gt=0,
        description="Requests a minute of one bot account, all its tokens and connections"
        " on one node together (WebSocket messages and REST calls).",
    )
    bot_burst: int = Field(60, ge=1, description="Burst of requests of one bot account.")
    code_guesses_per_hour: float = Field(
        30.0,
        gt=0,
        le=3600,
        description="Wrong private-room codes an hour per account and per address, after"
        " the burst (every node shares the count; over it: rate_limited).",
    )
    code_guess_burst: int = Field(
        10, ge=1, le=1000, description="Wrong private-room codes allowed at once."
    )
    # Per-account budgets of REST writes (limits.WriteLimits): that many at once, then
    # the budget comes back over the hour. Past it: 429 too_many_writes.
    events_per_hour: float = Field(
        10.0, gt=0, le=100_000, description="Events one account may create an hour."
    )
    rooms_per_hour: float = Field(
        120.0,
        gt=0,
        le=100_000,
        description="Rooms one account may create an hour (REST and create_room).",
    )
    reports_per_hour: float = Field(
        20.0, gt=0, le=100_000, description="Reports one account may file an hour."
    )
    friend_requests_per_hour: float = Field(
        60.0, gt=0, le=100_000, description="Friend requests one account may send an hour."
    )
    renames_per_hour: float = Field(
        6.0, gt=0, le=100_000, description="Times one account may change its name an hour."
    )
    limit_entries: int = Field(
        100_000,
        ge=100,
        description="Addresses (and names) each limit remembers at most; idle ones are forgotten.",
    )
    hash_workers: int = Field(
        2, ge=1, le=64, description="Threads hashing and checking passwords (off the event loop)."
    )
    ws_compression: bool = Field(
        False,
        description="Offer per-message deflate on the WebSocket (smaller frames, more CPU).",
    )
    send_queue: int = Field(
        512, ge=8, description="Frames queued for a slow client before it is dropped."
    )
    static_dir: Path | None = Field(
        None, description="The web client's folder (default: the one inside the package)."
    )
    log_level: str = Field("info", description="uvicorn's log level.")
    api_docs: bool = Field(
        False,
        description="Serve the interactive API pages /docs and /redoc, which load their"
        " scripts from a public CDN on this origin (off: /openapi.json only).",
    )
    # --- tournaments (issue 27, the tournament shell) ---
    series_tick_seconds: float = Field(
        60.0,
        ge=0,
        description="Seconds between runs of the series job (due instances made, finished"
        " ones counted with their titles, qualifiers added; 0: none).",
    )
    tournament_tick_seconds: float = Field(
        5.0,
        ge=0,
        description="Seconds between runs of the tournaments job (start due events; 0: none).",
    )

    # --- social play (issue 29, younuo.server.social.service; docs/social.md) ---
    chat_free_text: bool = Field(
        True, description="Free text in chat on this server (off: quick phrases only)."
    )
    chat_word_list: Path | None = Field(
        None,
        description="The word filter's list file, one word a line (default: the packaged"
        " list in zh-Hant, zh-Hans and en).",
    )
    chat_retention_days: float = Field(
        30.0, gt=0, le=3660, description="Days chat messages are kept for moderation."
    )
    chat_purge_seconds: float = Field(
        3600.0, ge=0, description="Seconds between purges of chat past its retention (0: none)."
    )
    # --- privacy (issue 38; docs/security.md, "Privacy") ---
    report_evidence_days: float = Field(
        180.0,
        gt=0,
        le=3660,
        description="Days a report's evidence (messages, note) is kept after its decision"
        " (an open report: after it was filed); the report itself stays.",
    )
    evidence_purge_seconds: float = Field(
        3600.0,
        ge=0,
        description="Seconds between purges of reports' evidence past its retention (0: none).",
    )
    chat_per_minute: float = Field(
        20.0, gt=0, description="Chat messages a minute per account (after the burst)."
    )
    chat_burst: int = Field(5, ge=1, description="Chat messages an account may send at once.")

    @model_validator(mode="after")
    def _frames_hold_messages(self) -> Settings:
        if self.max_frame_bytes < self.max_message_bytes:
            raise ValueError("max_frame_bytes must be at least max_message_bytes")
        return self

    @model_validator(mode="after")
    def _nodes_share_postgresql(self) -> Settings:
        if self.redis is not None and not self.database_url.startswith("postgresql"):
            raise ValueError(
                "several nodes (redis) need a database they can share: give --db"
                " postgresql+asyncpg://user:password@host/db (SQLite is one process's file)"
            )
        return self

    @model_validator(mode="after")
    def _origin_key(self) -> Settings:
        if self.origin_secret and len(self.origin_secret) < ORIGIN_SECRET_MIN:
            raise ValueError(
                f"origin_secret must have at least {ORIGIN_SECRET_MIN} characters"
                " (python -c 'import secrets; print(secrets.token_hex(32))' makes one)"
            )
        if self.redis is not None and not self.origin_secret:
            raise ValueError(
                "several nodes (redis) need origin_secret, the same on every node: a key"
                " made by one node in its data directory would not be the others'"
            )
        return self

    @property
    def node_name(self) -> str:
        """This node's id: ``node_id``, else ``HOST:PORT``."""
        return self.node_id or f"{self.host}:{self.port}"

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        sources: list[PydanticBaseSettingsSource] = [init_settings, env_settings]
        if cls._toml_file is not None:
            sources.append(TomlConfigSettingsSource(settings_cls, toml_file=cls._toml_file))
        return tuple(sources)

    @classmethod
    def load(cls, config: Path | None = None, **flags: Any) -> Settings:
        """Settings from ``flags`` (None values ignored), then the environment, then a file.

        ``config`` (or ``YOUNUO_CONFIG``) names an optional TOML file.
        """
        path = config or (
            Path(os.environ["YOUNUO_CONFIG"]) if os.environ.get("YOUNUO_CONFIG") else None
        )
        if path is not None and not path.is_file():
            raise FileNotFoundError(f"no such config file: {path}")
        given = {key: value for key, value in flags.items() if value is not None}
        cls._toml_file = path
        try:
            return cls(**given)
        finally:
            cls._toml_file = None

    @property
    def database_url(self) -> str:
        """The database to use: ``db``, else the SQLite file in ``data``."""
        return normalize_url(self.db) if self.db else sqlite_url(self.data)


__all__ = ["ORIGIN_SECRET_MIN", "Settings"]
