"""The settings of a room made at the terminal table: a casual room, whose turn clock
starts at a generous 30 s as the web's rooms made by hand do (``CASUAL_TURN_SECONDS`` in
``web/static/js/screens/lobby.js``), not the preset's official 10-15 s that quick match
keeps, so a newcomer does not time out. A clock the player set (``--option
turn_seconds=N``) or a preset without a clock (0) is kept as it is."""

from __future__ import annotations

from typing import Final

from younuo.client import RoomSettingsPatch
from younuo.engine import Rules

CASUAL_TURN_SECONDS: Final = 30
"""The turn clock of a room made by hand, in seconds (the web's too)."""
DEFAULT_PRESET: Final = "younuo"
"""The preset of a room whose settings name none (the server's default)."""


def casual_settings(given: RoomSettingsPatch | None) -> RoomSettingsPatch:
    """``given`` (or no settings) with the casual turn clock added when the preset's is
    shorter and the player set none."""
    settings = given or RoomSettingsPatch()
    options = dict(settings.options or {})
    if "turn_seconds" in options:
        return settings
    seconds = Rules.from_preset(settings.preset or DEFAULT_PRESET).turn_seconds
    if not 0 < seconds < CASUAL_TURN_SECONDS:
        return settings
    options["turn_seconds"] = CASUAL_TURN_SECONDS
    return RoomSettingsPatch.model_validate(
        {**settings.model_dump(exclude_unset=True), "options": options}
    )


__all__ = ["CASUAL_TURN_SECONDS", "casual_settings"]
