"""Property tests over random games with random options and 2 to 10 players.

R-CARD (the card count holds), legality (someone can always act; every listed action
applies; refused actions change nothing), determinism (a game's recipe replays to the
same state) and hidden information (no view or redacted event shows another player's
cards except by a rule's reveal).
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from randomplay import random_game, random_step
from younuo.engine import (
    ALL_CARDS,
    COLORS,
    PRESETS,
    Action,
    ActionType,
    Event,
    Game,
    IllegalAction,
    PlayerView,
)

STEPS = 250
SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_action(game: Game, rng: random.Random) -> Action:
    """Any well-formed action at all, legal or not."""
    rare = (ActionType.MATCH_CLOCK, ActionType.LEAVE)
    kind = rng.choice([k for k in ActionType if k not in rare])
    if rng.random() < 0.02:
        kind = rng.choice(rare)
    player = rng.choice(game.players)
    target = rng.choice(game.players)
    if kind is ActionType.PLAY:
        hand = list(game.hand(player)) or list(ALL_CARDS)
        cards = rng.sample(hand, k=min(len(hand), rng.choice([1, 1, 1, 2])))
        if rng.random() < 0.3:
            cards = [rng.choice(ALL_CARDS)]
        color = rng.choice([None, *COLORS])
        return Action.play(player, cards[0] if len(cards) == 1 else cards, color, target)
    if kind is ActionType.MATCH_CLOCK:
        return Action.match_clock()
    return Action(kind, player, color=rng.choice(COLORS), target=target)


def assert_no_leak(game: Game, events: tuple[Event, ...]) -> None:
    for viewer in (*game.players, None):
        view = game.view(viewer)
        assert view.hand == (game.hand(viewer) if viewer else ())
        assert view.drawn is None or view.current == viewer
        check_view_fields(view)
        for event in events:
            assert_redacted(game.redact(event, viewer), viewer)


def check_view_fields(view: PlayerView) -> None:
    # A view carries cards only in public places: own hand, top, last plays, reveal.
    if view.reveal is not None:
        assert view.player is not None


def assert_redacted(event: Event, viewer: str | None) -> None:
    if event.type == "draw" and event.player != viewer:
        assert event.cards is None
    if event.type == "reveal" and event.target != viewer:
        assert event.cards is None
    if event.hands is None or event.type == "round_over":
        return
    for name, cards in event.hands:
        if cards is None or name == viewer:
            continue
        if event.type == "swap":
            assert viewer in (event.player, event.target)
        elif event.type == "rotate":
            names = [n for n, _ in event.hands]
            step = event.get("direction", 1)
            assert viewer in names
            assert names[(names.index(viewer) + step) % len(names)] == name
        else:
            raise AssertionError(f"{event.type} shows {name}'s cards to {viewer}")


@SETTINGS
@given(st.integers(0, 2**32 - 1))
def test_random_games_keep_every_invariant(seed: int) -> None:
    rng = random.Random(seed)
    game = random_game(rng)
    total = game.card_count()
    assert total % 108 == 0 or total % 120 == 0
    for _ in range(STEPS):
        if game.is_over:
            break
        assert any(game.legal_actions(p) for p in game.players), "nobody can act"
        before = game.snapshot()
        probe = random_action(game, rng)
        try:
            game.copy().apply(probe)
        except IllegalAction as refusal:
            assert refusal.code and refusal.message
            assert game.snapshot() == before
        events = game.apply(random_step(game, rng))
        assert game.card_count() == total
        assert_no_leak(game, events)


@SETTINGS
@given(st.integers(0, 2**32 - 1))
def test_every_listed_action_applies(seed: int) -> None:
    rng = random.Random(seed)
    game = random_game(rng)
    for _ in range(STEPS // 2):
        if game.is_over:
            break
        for player in game.players:
            for action in game.legal_actions(player):
                game.copy().apply(action)  # raises if the list and the referee disagree
        game.apply(random_step(game, rng))


@SETTINGS
@given(st.integers(0, 2**32 - 1))
def test_refused_actions_change_nothing(seed: int) -> None:
    rng = random.Random(seed)
    game = random_game(rng)
    for _ in range(STEPS // 2):
        if game.is_over:
            break
        before = game.snapshot()
        views = [game.view(p) for p in game.players]
        history = game.history
        for _ in range(5):
            try:
                game.apply(random_action(game, rng))
            except IllegalAction:
                assert game.snapshot() == before
                assert [game.view(p) for p in game.players] == views
                assert game.history == history
            else:
                break
        if not game.is_over:
            game.apply(random_step(game, rng))


@SETTINGS
@given(st.integers(0, 2**32 - 1))
def test_replaying_the_recipe_gives_the_same_state(seed: int) -> None:
    rng = random.Random(seed)
    game = random_game(rng)
    for _ in range(STEPS):
        if game.is_over:
            break
        game.apply(random_step(game, rng))
    origin = game.origin()
    again = Game.new(game.players, game.rules, seed=origin["seed"], teams=origin["teams"])
    for action in game.history:
        again.apply(action)
    assert again.snapshot() == game.snapshot()
    assert [again.view(p) for p in game.players] == [game.view(p) for p in game.players]


SELF_TARGETED = ("challenge", "catch", "swap", "reveal")
"""Events whose target is another player than the one who acts."""


@SETTINGS
@given(st.sampled_from(sorted(PRESETS)), st.integers(2, 4), st.integers(0, 2**32 - 1))
def test_no_one_targets_themselves(preset: str, players: int, seed: int) -> None:
    """No legal action, open challenge or event names its own player as the target.

    Small tables, where a stack or a catch comes back round to its author soonest.
    """
    rng = random.Random(seed)
    game = random_game(rng, players, preset)
    for _ in range(STEPS):
        if game.is_over:
            break
        for name in game.players:
            view = game.view(name)
            if view.challenge is not None:
                assert view.challenge[0] != view.challenge[1], f"{name} sees a self-challenge"
            for action in game.legal_actions(name):
                assert action.target != action.player, f"{action} targets its own player"
                if action.type is ActionType.CHALLENGE:
                    assert view.challenge is not None and view.challenge[0] == name
        for event in game.apply(random_step(game, rng)):
            if event.type in SELF_TARGETED:
                assert event.target != event.player, f"{event} targets its own player"
