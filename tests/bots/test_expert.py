"""bots.reading and bots.expert: what draws tell, worlds bound by it, and the expert level."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from younuo.bots import ExpertBot, make_bot
from younuo.bots.belief import sample_world, world_counts
from younuo.bots.memory import Memory
from younuo.bots.reading import Bar, Lack, Reading
from younuo.engine import Action, Card, Color, Game, Rank
from younuo.engine.determinize import unseen_cards
from younuo.sim.table import Table, drive

from .scenes import random_round, scene


def _readings(game: Game) -> dict[str, Reading]:
    readings = {n: Reading(n) for n in game.players}
    for name, reading in readings.items():
        reading.keep_option = game.rules.draw_and_play or game.rules.draw_until_playable
        reading.observe(game.redact(e, name) for e in game.opening_events)
    return readings


def _apply(game: Game, readings: dict[str, Reading], action: Action) -> None:
    events = game.apply(action)
    for name, reading in readings.items():
        reading.observe(game.redact(e, name) for e in events)


def test_a_draw_instead_of_a_play_bars_the_color_the_rank_and_wilds() -> None:
    """R-TURN-1: a player who draws holds no card that matches the color in force or the
    top card's rank, nor a wild; the card drawn is exempt (``free``)."""
    game = scene(
        "ann: B1 G2 | bob: R5 B3 | cat: Y1 Y2", start="R3", pile="B9 B8 B7", draw_and_play=False
    )
    readings = _readings(game)
    _apply(game, readings, Action.draw("ann"))
    bar = readings["bob"].bar("ann")
    assert bar is not None
    assert bar.colors == {Color.RED} and bar.ranks == {Rank.THREE} and bar.wild
    assert bar.free == 1
    assert not bar.allows(Card.parse("R7")) and not bar.allows(Card.parse("G3"))
    assert not bar.allows(Card.parse("W")) and bar.allows(Card.parse("G7"))
    assert readings["ann"].bar("ann") is None  # nobody reads their own hand


def test_a_wild_on_top_bars_no_rank() -> None:
    game = scene("ann: W B1 | bob: R5 B3 | cat: Y1 Y2", start="R3", pile="B9 B8 B7 G1")
    readings = _readings(game)
    _apply(game, readings, Action.play("ann", Card.parse("W"), color=Color.GREEN))
    _apply(game, readings, Action.draw("bob"))
    bar = readings["cat"].bar("bob")
    assert bar is not None and bar.colors == {Color.GREEN} and not bar.ranks


def test_a_play_the_bar_rules_out_spends_a_free_card_or_drops_the_reading() -> None:
    game = scene(
        "ann: B1 G2 | bob: R5 B9 B3 Y7 | cat: Y1 Y2",
        start="R1",
        pile="R9 B8 B7 B6",
        draw_and_play=False,
    )
    readings = _readings(game)
    _apply(game, readings, Action.draw("ann"))  # ann: no red, no 1, no wild (she held B1!)
    _apply(game, readings, Action.play("bob", Card.parse("R5")))
    _apply(game, readings, Action.draw("cat"))
    _apply(game, readings, Action.play("ann", Card.parse("R9")))  # the free card drawn
    bar = readings["bob"].bar("ann")
    assert bar is not None and bar.free == 0
    _apply(game, readings, Action.play("bob", Card.parse("B9")))
    _apply(game, readings, Action.draw("cat"))
    _apply(game, readings, Action.play("ann", Card.parse("B1")))  # a 1: the reading was wrong
    assert readings["bob"].bar("ann") is None


def test_r_house_70_a_swap_forgets_the_reading() -> None:
    game = scene(
        "ann: B1 G2 | bob: R7 B3 | cat: Y1 Y2",
        start="R3",
        pile="B9 B8 B7",
        seven_zero=True,
        draw_and_play=False,
    )
    readings = _readings(game)
    _apply(game, readings, Action.draw("ann"))
    assert readings["cat"].bar("ann") is not None
    _apply(game, readings, Action.play("bob", Card.parse("R7"), target="ann"))
    assert readings["cat"].bar("ann") is None


def test_bound_worlds_deal_no_card_the_drawer_could_have_played() -> None:
    """Every world the expert deals gives a player who drew none of the cards ruled out,
    beyond the cards drawn since, and those by chance."""
    game = scene(
        "ann: B1 G2 G4 Y6 | bob: R5 B3 Y4 | cat: Y1 Y2 Y3",
        start="R3",
        pile="B9 B8 B7 R1 R2 R4 G5 W G8 Y9 R8 B2",
        draw_and_play=False,
    )
    memory, reading = Memory("bob"), Reading("bob")
    reading.keep_option = False  # draw_and_play off: a card drawn and kept says nothing
    events = [*game.opening_events, *game.apply(Action.draw("ann"))]
    for part in (memory, reading):
        part.observe(game.redact(e, "bob") for e in events)
    view = game.view("bob")
    rng = random.Random(3)
    unseen = unseen_cards(view)
    barred = reading.bar("ann")
    assert barred is not None
    loose = 0
    for _ in range(200):
        world = sample_world(view, memory, rng, unseen, reading.bars)
        assert not world_counts(world) - Counter(unseen)  # unseen cards, none twice
        assert len(world.pile) == view.pile_count
        assert len(world.hands["ann"]) == 5 and len(world.hands["cat"]) == 3
        odd = [c for c in world.hands["ann"] if not barred.allows(c)]
        assert len(odd) <= barred.free
        loose += len(odd)
        world.game(view)
    unbound = sum(
        sum(1 for c in sample_world(view, memory, rng, unseen).hands["ann"] if not barred.allows(c))
        for _ in range(200)
    )
    # The card drawn since is dealt by chance (a barred card about a third of the time);
    # the hard bot's worlds break the bar more often, most of all with that card.
    assert loose < 0.5 * 200
    assert unbound > loose + 100


@pytest.mark.parametrize("seed", range(12))
def test_the_expert_plays_random_rule_sets_without_an_illegal_or_missing_decision(
    seed: int,
) -> None:
    """Whole rounds on rule sets drawn at random (stacking, jump-in, 7-0, multi-play,
    party deck, teams...): ``drive`` raises BotError if a bot returns an action it was
    not offered or nothing on its turn. The search budget is small to keep this quick;
    every code path of the level runs."""
    game = random_round(seed)
    names = game.players
    levels = ["expert", "normal", "easy", "random"]
    bots = {
        name: ExpertBot(seed=i, budget=300, time_limit=None)
        if i % 2 == 0
        else make_bot(levels[i % len(levels)], seed=i)
        for i, name in enumerate(names)
    }
    outcome = drive(Table(game, bots))
    assert not outcome.capped
    assert outcome.winner in names


def test_expert_is_a_level_with_its_own_timing() -> None:
    bot = make_bot("expert", seed=2, timing="human")
    assert isinstance(bot, ExpertBot) and bot.level == "expert"
    assert not bot.timing.is_zero


def test_r_turn_4_a_drawn_card_kept_without_a_pass_could_not_be_played() -> None:
    """With draw-and-play on, a playable drawn card is offered (a play or a pass
    follows); a turn that ends at once shows the drawn card matched nothing: it lacks
    what the table asked, as the rest of the hand did. Dealt worlds respect it."""
    game = scene(
        "ann: B1 G2 | bob: R5 B3 Y4 | cat: Y1 Y2 Y3",
        start="R3",
        pile="G5 B8 B7 R1 R2 R4 G8 Y9 R8 B2 W G1",
    )
    readings = _readings(game)
    _apply(game, readings, Action.draw("ann"))  # G5: neither red nor a 3, the turn ends
    _apply(game, readings, Action.play("bob", Card.parse("R5")))
    bar = readings["cat"].bar("ann")
    assert bar is not None and bar.free == 0 and len(bar.kept) == 1
    kept = bar.kept[0]
    assert not kept.allows(Card.parse("R9")) and not kept.allows(Card.parse("G3"))
    assert not kept.allows(Card.parse("W")) and kept.allows(Card.parse("G5"))
    # Without the option (the younuo preset) a kept card says nothing: it stays free.
    off = scene(
        "ann: B1 G2 | bob: R5 B3 Y4 | cat: Y1 Y2 Y3",
        start="R3",
        pile="G5 B8 B7",
        draw_and_play=False,
    )
    free = _readings(off)
    _apply(off, free, Action.draw("ann"))
    _apply(off, free, Action.play("bob", Card.parse("R5")))
    loose = free["cat"].bar("ann")
    assert loose is not None and loose.free == 1 and not loose.kept
    view = game.view("cat")
    memory = Memory("cat")
    memory.observe(game.redact(e, "cat") for e in game.opening_events)
    rng = random.Random(2)
    for _ in range(100):
        world = sample_world(view, memory, rng, unseen_cards(view), readings["cat"].bars)
        hand = world.hands["ann"]
        assert len(hand) == 3 and all(kept.allows(c) for c in hand)


def test_a_play_comes_from_a_kept_card_once_the_hand_holds_nothing_else() -> None:
    """Known hand sizes (``Reading.sync``) tell whether any card held at the draw is
    left: when none is, a play takes a kept card out, not the cards held at the draw."""
    lack = Lack(frozenset({Color.BLUE}), frozenset(), True)

    def bar(held: int | None) -> Bar:
        return Bar(colors={Color.RED}, ranks={Rank.THREE}, wild=True, kept=[lack], held=held)

    synced, blind = bar(1), bar(None)
    assert synced.spend(Card.parse("G5")) and synced.kept == []
    assert blind.spend(Card.parse("G5")) and blind.kept == [lack]
    # No card it could have been: the reading was wrong.
    assert not bar(1).spend(Card.parse("B5"))
    reading = Reading("cat")
    reading.bars["ann"] = bar(None)
    reading.sync(["ann", "cat"], [4, 2])
    assert reading.bars["ann"].held == 4
