"""bots.memory and bots.belief: what a bot remembers, and worlds dealt consistently with it."""

from __future__ import annotations

import random
from collections import Counter

from younuo.bots.belief import (
    bluff_probability,
    hold_probability,
    pile_cards,
    sample_world,
    world_counts,
)
from younuo.bots.memory import Memory, Verdicts
from younuo.engine import Action, ActionType, Card, Color, Game, Rules, parse_cards
from younuo.engine.determinize import unseen_cards

from .scenes import random_positions, scene


def _memory(game, name: str) -> Memory:  # type: ignore[no-untyped-def]
    memory = Memory(name)
    memory.observe(game.redact(e, name) for e in game.opening_events)
    return memory


def _apply(game, memories: dict[str, Memory], action: Action) -> None:  # type: ignore[no-untyped-def]
    events = game.apply(action)
    for name, memory in memories.items():
        memory.observe(game.redact(e, name) for e in events)


def test_r_house_70_swap_tells_both_players_the_hand_they_gave() -> None:
    """R-HOUSE-70: after a 7 swap each party knows the other's hand (its own old one)."""
    game = scene(
        "ann: R7 G1 G2 | bob: R5 B3 | cat: Y1 Y2 Y3", start="R3", pile="B9 B8 B7", seven_zero=True
    )
    memories = {n: _memory(game, n) for n in game.players}
    _apply(game, memories, Action.play("ann", Card.parse("R7"), target="bob"))
    # Each knows the other now holds its own old hand.
    assert memories["bob"].of("ann").known == Counter(parse_cards(["R5", "B3"]))
    assert memories["ann"].of("bob").known == Counter(parse_cards(["G1", "G2"]))
    assert not memories["cat"].of("bob").known  # a bystander sees no card
    _apply(game, memories, Action.draw("bob"))
    _apply(game, memories, Action.draw("cat"))
    # When ann plays a card she is known to hold, bob forgets it.
    _apply(game, memories, Action.play("ann", Card.parse("R5")))
    assert memories["bob"].of("ann").known == Counter(parse_cards(["B3"]))


def test_r_draw4_2_innocent_verdict_marks_the_color_as_lacking() -> None:
    """R-DRAW4-2: an innocent Wild Draw Four means its player held no card of the color asked."""
    game = scene(
        "ann: W+4 G1 G2 | bob: R5 B3 | cat: Y1 Y2 Y3", start="R3", pile="B9 B8 B7 B6 B5 B4"
    )
    memories = {n: _memory(game, n) for n in game.players}
    _apply(game, memories, Action.play("ann", Card.parse("W+4"), color=Color.GREEN))
    assert memories["cat"].w4_color["ann"] is Color.RED
    _apply(game, memories, Action.challenge("bob"))
    assert memories["cat"].of("ann").voids == {Color.RED}
    for name in ("bob", "cat"):
        assert memories[name].verdicts["ann"].innocent == 1
    # Only the challenger saw the hand (R-DRAW4-2).
    assert memories["bob"].of("ann").known == Counter(parse_cards(["G1", "G2"]))
    assert not memories["cat"].of("ann").known


def test_drawing_instead_of_playing_suggests_a_missing_color() -> None:
    game = scene(
        "ann: B1 G2 | bob: R5 B3 | cat: Y1 Y2", start="R3", pile="B9 B8 B7", draw_and_play=False
    )
    memories = {n: _memory(game, n) for n in game.players}
    _apply(game, memories, Action.draw("ann"))
    k = memories["bob"].of("ann")
    assert k.voids == {Color.RED}
    assert k.free == 1  # the card just drawn may be red


def test_worlds_fit_the_view_and_what_is_known() -> None:
    """Every sampled world deals exactly the unseen cards, in the hand sizes shown."""
    rules = Rules.from_preset("party", scoring="single")
    rng = random.Random(4)
    for game in random_positions(rules, 4, games=3, seed=8):
        me = game.current
        assert me is not None
        view = game.view(me)
        memory = Memory(me)
        world = sample_world(view, memory, rng)
        assert world_counts(world) == Counter(unseen_cards(view))  # a dealt game uses every card
        for name, hand in world.hands.items():
            assert len(hand) == view.hand_counts[view.players.index(name)]
        world.game(view)  # builds without complaint


def test_worlds_respect_known_cards_and_voids() -> None:
    game = scene(
        "ann: R7 G1 G2 | bob: R5 B3 Y4 | cat: Y1 Y2 Y3",
        start="R3",
        pile="B9 B8 B7 R1 R2 R4 G5",
        seven_zero=True,
    )
    memories = {n: _memory(game, n) for n in game.players}
    _apply(game, memories, Action.play("ann", Card.parse("R7"), target="bob"))
    memory = memories["ann"]
    memory.of("cat").voids = {Color.BLUE, Color.RED}
    view = game.view("ann")
    rng = random.Random(0)
    for _ in range(50):
        world = sample_world(view, memory, rng)
        assert sorted(map(str, world.hands["bob"])) == ["G1", "G2"]
        assert all(c.color not in (Color.BLUE, Color.RED) for c in world.hands["cat"])


def test_hold_probability_is_hypergeometric() -> None:
    pool = parse_cards(["R1", "R2", "B1", "B2"])
    assert hold_probability(pool, 1, Color.RED) == 0.5
    assert hold_probability(pool, 3, Color.RED) == 1.0
    assert hold_probability(pool, 2, Color.GREEN) == 0.0
    assert abs(hold_probability(pool, 2, Color.RED) - 5 / 6) < 1e-12


def test_bluff_probability_grows_with_the_accused_record() -> None:
    """R-DRAW4: a player caught bluffing before is more likely bluffing now."""
    game = scene(
        "ann: W+4 G1 G2 G3 G4 G5 | bob: R5 B3 | cat: Y1 Y2 Y3", start="R3", pile="B9 B8 B7 B6 B5 B4"
    )
    memories = {n: _memory(game, n) for n in game.players}
    _apply(game, memories, Action.play("ann", Card.parse("W+4"), color=Color.GREEN))
    memory = memories["bob"]
    view = game.view("bob")
    fresh = bluff_probability(view, memory, "ann")
    memory.verdicts["ann"] = Verdicts(guilty=5)
    assert 0 < fresh < bluff_probability(view, memory, "ann") < 1


def _reshuffled(players: int, seed: int) -> tuple[Game, dict[str, Memory]]:
    """A dealt classic round of ``players`` played at random, drawing often, up to
    just after its first reshuffle (R-TURN-6), with every player's memory of it."""
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(players)]
    game = Game.new(names, Rules.from_preset("classic", scoring="single"), seed=seed)
    memories = {n: _memory(game, n) for n in names}
    for _ in range(2000):
        name = game.current
        assert name is not None and game.status == "playing"
        legal = [a for a in game.legal_actions(name) if a.type is not ActionType.LEAVE]
        draws = [a for a in legal if a.type in (ActionType.DRAW, ActionType.PASS)]
        events = game.apply(rng.choice(draws) if draws and rng.random() < 0.8 else legal[0])
        for n, memory in memories.items():
            memory.observe(game.redact(e, n) for e in events)
        if any(e.type == "reshuffle" for e in events):
            return game, memories
    raise AssertionError("no reshuffle in 2,000 moves")


def test_a_reshuffle_shows_what_the_draw_pile_holds() -> None:
    """R-TURN-6: the new draw pile is the discard pile less its top, every card of it
    seen. Each player remembers it; the pile holds nothing else (minus what was drawn
    since); and every guessed world deals the pile from those cards, so with two
    players the other hand holds every unseen card the reshuffle did not put there."""
    for seed in range(1, 6):
        game, memories = _reshuffled(2, seed)
        for me, memory in memories.items():
            view = game.view(me)
            other = next(n for n in game.players if n != me)
            assert memory.discard == list(view.discard_pile) == [view.top]
            assert memory.pile is not None
            unseen = Counter(unseen_cards(view))
            truth = unseen - Counter(game.view(other).hand)  # the true draw pile
            assert truth.total() == view.pile_count
            assert truth <= memory.pile  # it was made of those cards
            may_lie = pile_cards(view, memory)
            assert may_lie == memory.pile & unseen and truth <= may_lie
            held = unseen - memory.pile  # held since before the reshuffle
            assert held, "the test wants a hand the reshuffle says something of"
            rng = random.Random(seed)
            for _ in range(20):
                world = sample_world(view, memory, rng)
                assert world_counts(world) == unseen
                assert Counter(world.pile) <= may_lie
                assert held <= Counter(world.hands[other])


def test_a_reshuffle_is_forgotten_when_it_no_longer_holds() -> None:
    """The pile is guessed freely again when a player's unseen hand goes under it
    (R-LEAVE), and by a memory that missed the start of the round (a seat taken over):
    its discard pile is not the view's."""
    game, memories = _reshuffled(3, 2)
    late = Memory("p0")  # took the seat after the reshuffle: saw none of it
    late.observe(game.redact(e, "p0") for e in game.opening_events)
    assert pile_cards(game.view("p0"), late) is None
    assert pile_cards(game.view("p0"), memories["p0"]) is not None
    leaver = next(n for n in game.players if n != "p0" and n != game.current)
    _apply(game, memories, Action.leave(leaver))
    assert memories["p0"].pile is None
    view = game.view("p0")
    assert pile_cards(view, memories["p0"]) is None
    world = sample_world(view, memories["p0"], random.Random(0))
    assert world_counts(world) == Counter(unseen_cards(view))
