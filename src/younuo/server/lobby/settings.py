"""A room's settings and the host's changes to them, checked: pure values.

``patched`` applies a ``settings`` message's patch and refuses a bad one with
:class:`~younuo.server.lobby.errors.RoomError` (``bad_name``, ``bad_options``).
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from younuo.engine import Rules, RulesError
from younuo.protocol.errors import ErrorCode
from younuo.server.accounts.names import ROOM_NAME_MAX, InvalidName, clean_name
from younuo.server.lobby.errors import RoomError

DEFAULT_SEATS = 8
DEFAULT_NEEDED = 4


class RoomMode(StrEnum):
    """How a room plays: each for themselves or two camps (stored and sent as the value)."""

    FFA = "ffa"
    TEAMS = "teams"


MODES = tuple(RoomMode)


class SettingsPatch(Protocol):
    """A host's change to the settings, every field optional (None: unchanged); the
    wire's ``RoomSettingsPatch`` is one, read here without importing the wire."""

    @property
    def name(self) -> str | None: ...
    @property
    def seats(self) -> int | None: ...
    @property
    def needed(self) -> int | None: ...
    @property
    def mode(self) -> str | None: ...
    @property
    def preset(self) -> str | None: ...
    @property
    def options(self) -> dict[str, Any] | None: ...
    @property
    def private(self) -> bool | None: ...
    @property
    def abandon(self) -> str | None: ...
    @property
    def free_text(self) -> bool | None: ...


@dataclass
class Settings:
    """A room's settings (``RoomSettings`` of docs/protocol.md)."""

    name: str
    seats: int = DEFAULT_SEATS
    needed: int = DEFAULT_NEEDED
    mode: RoomMode = RoomMode.FFA
    preset: str = "younuo"
    options: dict[str, Any] = field(default_factory=dict)
    private: bool = False
    abandon: str = "leave"
    free_text: bool = True
    """Free text in this room's chat (the host's switch; docs/social.md)."""

    def __post_init__(self) -> None:
        # Stored rows and the wire give the mode as its string: it is the enum from here on.
        self.mode = RoomMode(self.mode)

    @property
    def teams(self) -> bool:
        return self.mode is RoomMode.TEAMS

    def rules(self) -> Rules:
        """The rules the room plays by (RulesError when the options are bad)."""
        return Rules.from_dict({"preset": self.preset, **self.options})

    def to_dict(self) -> dict[str, Any]:
        """The settings as stored and sent (``RoomSettingsOut``), the mode as its value."""
        return {**asdict(self), "mode": self.mode.value}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        return cls(**data)

    def patched(self, patch: SettingsPatch) -> Settings:
        """These settings with ``patch`` applied and checked (``bad_options``)."""
        out = copy.deepcopy(self)
        if patch.name is not None:
            try:
                out.name = clean_name(patch.name, ROOM_NAME_MAX)
            except InvalidName as exc:
                raise RoomError(ErrorCode.BAD_NAME, f"room name: {exc}") from None
        for key in ("seats", "needed", "preset", "private", "abandon", "free_text"):
            value = getattr(patch, key)
            if value is not None:
                setattr(out, key, value)
        if patch.mode is not None:
            out.mode = RoomMode(patch.mode)
        if patch.options is not None:
            for key, value in patch.options.items():
                if value is None:
                    out.options.pop(key, None)
                else:
                    out.options[key] = value
        _check(out)
        return out


def _check(settings: Settings) -> None:
    """Refuse settings no room can play by (``bad_options``)."""
    if settings.needed > settings.seats:
        raise RoomError(
            ErrorCode.BAD_OPTIONS,
            f"needed ({settings.needed}) is more than the seats ({settings.seats})",
        )
    if "preset" in settings.options:
        raise RoomError(
            ErrorCode.BAD_OPTIONS, "set the preset with the preset field, not in options"
        )
    try:
        settings.rules()
    except RulesError as exc:
        raise RoomError(ErrorCode.BAD_OPTIONS, exc.message, {"rule_code": exc.code}) from None
    except TypeError:
        raise RoomError(ErrorCode.BAD_OPTIONS, "options must map option names to values") from None


def default_settings(name: str) -> Settings:
    return Settings(name=name)


__all__ = [
    "DEFAULT_NEEDED",
    "DEFAULT_SEATS",
    "MODES",
    "RoomMode",
    "Settings",
    "SettingsPatch",
    "default_settings",
]
