"""A room made at the terminal table gets the web's casual 30 s turn clock
(younuo.tui.casual), unless the player set a clock or the preset has none."""

from __future__ import annotations

from younuo.client import RoomSettingsPatch
from younuo.engine import Rules
from younuo.tui.casual import CASUAL_TURN_SECONDS, casual_settings


def test_a_room_made_with_no_settings_gets_30_seconds() -> None:
    assert Rules.from_preset("younuo").turn_seconds < CASUAL_TURN_SECONDS  # the default's 15
    made = casual_settings(None)
    assert made.options == {"turn_seconds": 30}
    assert made.model_dump(exclude_unset=True) == {"options": {"turn_seconds": 30}}


def test_the_players_options_are_kept_beside_the_clock() -> None:
    given = RoomSettingsPatch(preset="party", options={"scoring": "single"})
    made = casual_settings(given)
    assert made.preset == "party"
    assert made.options == {"scoring": "single", "turn_seconds": 30}
    # A preset whose clock is already 30 s (classic) is left as it is.
    assert casual_settings(RoomSettingsPatch(preset="classic")).options is None


def test_a_clock_the_player_set_is_kept() -> None:
    given = RoomSettingsPatch(options={"turn_seconds": 0})
    assert casual_settings(given) == given
    given = RoomSettingsPatch(options={"turn_seconds": 12})
    assert casual_settings(given) == given
