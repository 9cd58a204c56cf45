"""Random games over random rule sets, checked after every action (issue 39).

Rule tests check each rule alone; defects live where rules meet (a round's end and a
pending penalty; a leave and a penalty or a color still owed). Here every option, 2 to
10 players, teams and leaves at any moment meet at random, and after every action

- the invariants of :mod:`invariants` must hold, and
- the engine must agree with :class:`scoring_oracle.ScoringOracle`, a second and
  deliberately simple reading of the scoring and round-end rules.

This is the bounded form (a fixed range of seeds); ``tests/test_soak.py`` plays 100,000
games with ``--soak-full``. A violation is written as a record ``younuo replay`` replays.

The last tests break a finished game's state by hand, one way per class of issue 39,
and show the checks catch each one.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from checked_play import Outcome, Violation, play_checked
from invariants import card_places, violations
from rules.helpers import play, table
from scoring_oracle import Moment, ScoringOracle
from younuo.engine import CHOICES, Action, Card, Game, Rank, Record, replay

GAMES = 300


def test_random_games_keep_the_invariants_and_agree_with_the_oracle(tmp_path: Path) -> None:
    outcomes = [play_checked(seed) for seed in range(GAMES)]
    written = [o.violation.write(tmp_path) for o in outcomes if o.violation is not None]
    assert not written, "\n".join(
        f"{path}: {path.read_text(encoding='utf-8')[:400]}" for path in written
    )
    assert sum(o.finished for o in outcomes) >= GAMES * 0.95
    _assert_coverage(outcomes)


def _assert_coverage(outcomes: list[Outcome]) -> None:
    """The bounded run meets every option value, table size, teams and leaves."""
    assert {o.players for o in outcomes} == set(range(2, 11))
    assert any(o.teams for o in outcomes)
    assert sum(o.leaves > 0 for o in outcomes) >= len(outcomes) // 2
    seen: dict[str, Counter[object]] = {name: Counter() for name in CHOICES}
    for outcome in outcomes:
        for name in CHOICES:
            seen[name][getattr(outcome.rules, name)] += 1
    for name, spec in CHOICES.items():
        if isinstance(spec, tuple):
            assert set(seen[name]) == set(spec), f"{name}: only {sorted(map(str, seen[name]))}"
        elif spec is bool:
            assert set(seen[name]) == {True, False}, name


def test_violation_records_replay_to_the_state_reported(tmp_path: Path) -> None:
    """A violation's record is the game so far: replayed, it gives the same state."""
    game = table("p0: R+2 G1 | p1: G9 B2 | p2: Y3", start="R3", pile="G8 B3 Y1")
    game.apply(play("p0", "R+2"))
    found = Violation(7, 1, ("an example",), Record.from_game(game))
    path = found.write(tmp_path)
    result = replay(Record.from_json(path.read_text(encoding="utf-8")))
    assert result.ok and result.state == game.snapshot()
    assert "an example" in path.read_text(encoding="utf-8")


# ----------------------------------------------------------------- the checks catch...
def _broken(game: Game) -> list[str]:
    """What the invariants find; a setup's cards are only the ones it lays out."""
    return violations(game, CARDS[id(game)])


CARDS: dict[int, Counter[Card]] = {}


def _table(hands: str, start: str, pile: str, **options: Any) -> Game:
    game = table(hands, start=start, pile=pile, **options)
    CARDS[id(game)] = card_places(game)
    return game


def test_checks_catch_a_knockout_last_draw_two_not_drawn() -> None:
    """Class A: the round ends on p0's last R+2 but p1 did not draw and 9 points counted."""
    game = _table("p0: R+2 | p1: G9", start="R3", pile="G8 B3 Y1", scoring="knockout")
    oracle = ScoringOracle(game)
    before = Moment.of(game)
    action = play("p0", "R+2")
    game.apply(action)
    right = Moment.of(game)
    assert oracle.check(before, action, right) == []
    oracle = ScoringOracle(game)
    wrong = Moment(
        **{**vars(right), "hands": {"p0": [], "p1": ["G9"]}, "round_points": 9, "pile": 3}
    )
    problems = oracle.check(before, action, wrong)
    assert problems == ["p0 went out leaving 2 to draw: p1 should hold 3 cards, holds 1"]


def test_checks_catch_a_player_with_no_choice_left_waiting() -> None:
    """Class B: p1 faces 4 with nothing to stack and no challenge, and is still to play."""
    game = _table("p0: W+4 G1 G2 | p1: R5 B2 | p2: Y3 Y4", start="R3", pile="G8 B3 Y1 Y2")
    game.apply(play("p0", "W+4", "blue"))
    assert _broken(game) == []  # a challenge is open: p1 has a choice
    game._s.challenge = None
    assert any("no choice but to draw 4" in p for p in _broken(game))


def test_checks_catch_a_finished_match_with_a_penalty_pending() -> None:
    """Class C: the match is over and 4 are still pending."""
    game = _table("p0: W+4 G1 G2 | p1: R5 B2", start="R3", pile="G8 B3 Y1 Y2")
    game.apply(play("p0", "W+4", "blue"))
    game.apply(Action.leave("p1"))
    assert _broken(game) == []
    game._s.pending, game._s.pending_kind = 4, Rank.WILD_DRAW_FOUR
    assert any("match_over with 4 cards still pending" in p for p in _broken(game))


def test_checks_catch_a_round_with_no_color_in_force() -> None:
    """Class D: the Wild start card's color was never named and nobody is asked to."""
    game = _table("p0: G1 | p1: R5 B2 | p2: Y3 Y4", start="W", pile="G8 B3")
    game.apply(Action.leave("p0"))
    assert _broken(game) == []
    game._s.phase = "turn"
    assert any("no color in force" in p for p in _broken(game))


def test_checks_catch_a_card_twice_and_a_card_missing() -> None:
    game = _table("p0: R5 G1 | p1: B2 | p2: Y3", start="R3", pile="G8 B3")
    assert _broken(game) == []
    game._s.hands[1][0] = Card.parse("R5")
    assert "cards: extra {'R5': 1}, missing {'B2': 1}" in _broken(game)
