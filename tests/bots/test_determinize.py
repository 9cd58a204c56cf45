"""engine.determinize: a full game rebuilt from a player's view and a guess of the hidden cards."""

from __future__ import annotations

from collections import Counter

import pytest

from younuo.engine import Game, Rng, Rules
from younuo.engine.determinize import determinize, full_deck, unseen_cards

from .scenes import random_positions

PRESETS = [
    ("classic", 2, {}),
    ("younuo", 4, {"jump_in": "numbers"}),
    ("party", 3, {}),
    ("classic", 3, {"multi_play": "same_rank", "seven_zero": True, "stacking": "any"}),
]


def _truth(game: Game, player: str) -> Game:
    """The game rebuilt from ``player``'s view with the real hidden cards filled in."""
    view = game.view(player)
    hidden = {name: list(game.hand(name)) for name in game.players if name != player}
    # The real draw pile, top first, is only in the referee's snapshot of the state.
    state = game._s  # the test is the referee here
    pile = list(reversed(state.pile))
    bluffs = {game.players[seat]: bluff for seat, bluff in state.stack}
    if state.challenge is not None:
        bluffs[game.players[state.challenge.accused]] = state.challenge.bluff
    drawn = state.drawn
    assert isinstance(state.rng, Rng)  # these games are dealt from integer seeds
    return determinize(view, hidden, pile, seed=state.rng.state, drawn=drawn, bluffs=bluffs)


@pytest.mark.parametrize(("preset", "players", "options"), PRESETS)
def test_true_hidden_cards_rebuild_the_same_game(
    preset: str, players: int, options: dict[str, object]
) -> None:
    """Filled with the real hidden cards, a determinized game is the game: same state,
    same legal actions for the player to move, same events for the same action."""
    rules = Rules.from_preset(preset, scoring="single", **options)
    checked = 0
    for game in random_positions(rules, players, games=6, seed=players):
        me = game.current
        assert me is not None
        twin = _truth(game, me)
        assert twin.snapshot() == game.snapshot()
        assert twin.view(me) == game.view(me)
        for name in game.players:
            assert twin.legal_actions(name) == game.legal_actions(name)
        action = game.legal_actions(me)[0]
        assert [e.to_dict() for e in twin.apply(action)] == [
            e.to_dict() for e in game.copy().apply(action)
        ]
        checked += 1
    assert checked > 100


def test_unseen_cards_are_the_other_hands_and_the_pile() -> None:
    """R-CARD: unseen = every card of the decks less the own hand and the public discard pile."""
    rules = Rules.from_preset("party", scoring="single")
    for game in random_positions(rules, 4, games=2, seed=3):
        me = game.current
        assert me is not None
        view = game.view(me)
        hidden = Counter(c for n in game.players if n != me for c in game.hand(n))
        hidden.update(game._s.pile)
        assert Counter(unseen_cards(view)) == hidden
        assert len(full_deck(view)) == 240


def test_view_discard_pile_is_public_and_ends_with_the_top_card() -> None:
    """The view's discard pile is what everyone saw played; spectators see the same."""
    game = Game.new(["a", "b", "c"], Rules.from_preset("classic"), seed=5)
    for _ in range(30):
        if game.status != "playing":
            break
        me = game.current
        assert me is not None
        view = game.view(me)
        assert view.discard_pile[-1] == view.top
        assert game.view(None).discard_pile == view.discard_pile
        game.apply(game.legal_actions(me)[0])


def test_a_sample_that_does_not_fit_the_view_is_refused() -> None:
    game = Game.new(["a", "b"], Rules.from_preset("classic"), seed=1)
    me = game.current
    assert me is not None
    view = game.view(me)
    other = next(n for n in game.players if n != me)
    pool = unseen_cards(view)
    size = view.hand_counts[game.players.index(other)]
    with pytest.raises(ValueError, match="holds"):
        determinize(view, {other: pool[: size - 1]}, pool[size - 1 :])
    with pytest.raises(ValueError, match="pile"):
        determinize(view, {other: pool[:size]}, pool[size:-1])
    swapped = pool[:size]
    swapped[0] = view.hand[0]  # a card the viewer holds cannot be elsewhere too
    with pytest.raises(ValueError, match="cards of the deck"):
        determinize(view, {other: swapped}, pool[size:])
