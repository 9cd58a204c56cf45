"""Extra builders for the rule tests of scoring, teams and house rules.

``tests/rules/helpers.py`` builds tables; these drive a game through whole rounds
with a plain, deterministic policy when a test needs rounds that were dealt at
random (later rounds, elimination, partner rotation). The tests then check what the
rule book says about the outcome from the events, not from the engine's own sums.
"""

from __future__ import annotations

from younuo.engine import Action, ActionType, Event, Game

# Actions the policy never takes: they are not needed to finish a round.
_SIDE_ACTIONS = frozenset({ActionType.LEAVE, ActionType.UNO, ActionType.CATCH})


def simple_action(game: Game) -> Action:
    """The current player's first legal play, else their first other turn action."""
    player = game.current
    assert player is not None, "no one is to move"
    actions = [a for a in game.legal_actions(player) if a.type not in _SIDE_ACTIONS]
    plays = [a for a in actions if a.type is ActionType.PLAY]
    return plays[0] if plays else actions[0]


def play_out_round(game: Game, max_actions: int = 5000) -> list[Event]:
    """Play the current round to its end with :func:`simple_action`; return its events."""
    events: list[Event] = []
    for _ in range(max_actions):
        if game.status != "playing":
            return events
        events += game.apply(simple_action(game))
    raise AssertionError("the round did not end")


def round_over_event(events: list[Event]) -> Event:
    """The (single) ``round_over`` event among ``events``."""
    found = [e for e in events if e.type == "round_over"]
    assert len(found) == 1, f"expected one round_over, got {len(found)}"
    return found[0]


def hand_points_of(event: Event) -> dict[str, int]:
    """Each listed hand's card points in a ``round_over`` event (R-CARD-4)."""
    assert event.hands is not None
    return {name: sum(c.points for c in cards or ()) for name, cards in event.hands}
