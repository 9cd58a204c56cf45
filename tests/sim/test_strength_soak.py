"""Soak: bot strength in many rounds (bounded in CI; ``--soak-full`` for the full count).

The figures of docs/bots.md come from ``benchmarks/bot_strength.py``; these tests keep
the ordering of the levels from silently breaking.
"""

from __future__ import annotations

import pytest

from younuo.engine import Rules
from younuo.sim.simulator import SimConfig, simulate


@pytest.mark.soak
def test_normal_beats_easy_and_easy_beats_random(soak_full: bool) -> None:
    games = 2000 if soak_full else 200
    for bots, better in ((("normal", "easy"), 0), (("easy", "random"), 0)):
        config = SimConfig(bots=bots, rules=Rules.from_preset("classic"), games=games, seed=7)
        seats = simulate(config, timed=False).to_dict()["seats"]
        assert seats[better]["ci95"][0] > 0.5, (bots, seats)


@pytest.mark.soak
def test_every_level_finishes_many_rounds_under_every_preset(soak_full: bool) -> None:
    games = 300 if soak_full else 4
    for preset in ("classic", "younuo", "party"):
        config = SimConfig(
            bots=("hard", "normal", "easy", "random"),
            rules=Rules.from_preset(preset),
            games=games,
            seed=3,
        )
        report = simulate(config, timed=False).to_dict()
        assert report["capped"] == 0
        assert sum(s["wins"] for s in report["seats"]) == games
