"""bots.tells, bots.handmodel, sim.handfit and tilted dealing: the expert's learned guess
of the hidden hands.

Needs the ``rl`` dependency group (numpy: ``uv sync --all-groups``); skipped without it,
as the expert plays without its model by default.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    import numpy

np = pytest.importorskip("numpy")

from younuo.bots import ExpertBot  # noqa: E402
from younuo.bots.belief import sample_world, world_counts  # noqa: E402
from younuo.bots.handmodel import HandModel, load, shipped  # noqa: E402
from younuo.bots.memory import Memory  # noqa: E402
from younuo.bots.reading import Bar, Reading  # noqa: E402
from younuo.bots.tells import FEATURES, SeatTells, Tells, card_features  # noqa: E402
from younuo.engine import Action, Card, Color, Game, Rank  # noqa: E402
from younuo.engine.determinize import unseen_cards  # noqa: E402
from younuo.sim.handfit import Samples, fit, log_likelihood  # noqa: E402

from .scenes import scene  # noqa: E402


def _tells(game: Game, viewer: str, actions: list[Action]) -> Tells:
    tells = Tells(viewer)
    tells.observe(game.redact(e, viewer) for e in game.opening_events)
    for action in actions:
        tells.observe(game.redact(e, viewer) for e in game.apply(action))
    return tells


def test_tells_keep_the_color_named_the_last_play_and_the_draws_since() -> None:
    game = scene(
        "ann: W R5 B1 G2 | bob: R7 B3 Y4 | cat: Y1 Y2 Y3",
        start="G3",
        pile="B9 B8 B7 R1 R2",
        draw_and_play=False,
    )
    ann = Action.play("ann", Card.parse("W"), color=Color.RED)
    tells = _tells(game, "bob", [ann])
    seen = tells.of("ann")
    assert seen.named is Color.RED and seen.plays_since_named == 0
    tells.observe(game.redact(e, "bob") for e in game.apply(Action.play("bob", Card.parse("R7"))))
    tells.observe(game.redact(e, "bob") for e in game.apply(Action.draw("cat")))
    assert tells.of("cat").drawn_since_play == 1 and tells.of("cat").drawn_since_named == 1
    assert "bob" not in tells.seats  # nobody reads their own hand
    tells.observe(game.redact(e, "bob") for e in game.apply(Action.play("ann", Card.parse("R5"))))
    seen = tells.of("ann")
    assert seen.named is Color.RED and seen.plays_since_named == 1
    assert seen.last_color is Color.RED and seen.last_rank is Rank.FIVE
    assert seen.color_left is None and seen.played == Counter({Color.RED: 1})


def test_r_house_70_a_swap_forgets_the_tells() -> None:
    game = scene(
        "ann: W B1 | bob: R7 B3 | cat: Y1 Y2",
        start="R3",
        pile="B9 B8 B7",
        seven_zero=True,
    )
    tells = _tells(game, "cat", [Action.play("ann", Card.parse("W"), color=Color.RED)])
    assert tells.of("ann").named is Color.RED
    tells.observe(
        game.redact(e, "cat")
        for e in game.apply(Action.play("bob", Card.parse("R7"), target="ann"))
    )
    assert tells.of("ann").named is None


def test_card_features_relate_a_card_to_the_player_history() -> None:
    tells = SeatTells(named=Color.BLUE, last_color=Color.GREEN, last_rank=Rank.SKIP)
    tells.played.update([Color.GREEN, Color.GREEN])
    bar = Bar(colors={Color.RED}, ranks={Rank.FOUR}, wild=True, free=0)

    def x(code: str, size: int = 5, bar: Bar | None = bar) -> dict[str, float]:
        values = card_features(Card.parse(code), tells, bar, size, Color.RED)
        assert len(values) == len(FEATURES)
        return dict(zip(FEATURES, values, strict=True))

    assert x("B5")["named_color"] == 1 and x("G5")["named_color"] == 0
    assert x("B5")["named_color_just_now"] == 1  # nothing played or drawn since naming
    assert x("GS")["last_color"] == 1 and x("YS")["last_rank"] == 1
    assert x("R9")["barred"] == 1 and x("G4")["barred"] == 1 and x("W")["barred"] == 1
    assert x("G9")["barred"] == 0 and x("R9")["color_in_force"] == 1
    assert x("G1")["share_of_colors_played"] == pytest.approx(2 / 3)
    assert x("W", size=2)["wild_in_short_hand"] == 1 and x("W+4")["wild_draw_four"] == 1
    free = Bar(colors={Color.RED}, wild=True, free=2)
    assert x("R9", bar=free)["barred"] == 0
    assert x("R9", bar=free)["barred_with_draws_since"] == pytest.approx(1 - 2 / 5)


def _synthetic(theta: numpy.ndarray, n: int, rng: numpy.random.Generator) -> Samples:
    """Hands of 1-4 cards dealt by the model itself (each card drawn with the model's
    chances, a hand holding more copies than are unseen dealt again), random features."""
    kinds, f = 12, len(theta)
    x = rng.integers(0, 2, size=(n, kinds, f)).astype(np.float64)
    unseen = rng.integers(1, 5, size=(n, kinds)).astype(np.float64)
    held = np.zeros((n, kinds))
    for s in range(n):
        weights = unseen[s] * np.exp(x[s] @ theta)
        while True:
            held[s] = rng.multinomial(int(rng.integers(1, 5)), weights / weights.sum())
            if np.all(held[s] <= unseen[s]):
                break
    return Samples(x, unseen, held)


def test_the_fit_finds_the_weights_that_dealt_the_hands() -> None:
    rng = np.random.default_rng(7)
    true = np.array([1.0, -2.0, 0.5])
    samples = _synthetic(true, 3000, rng)
    theta = fit(samples)
    assert np.allclose(theta, true, atol=0.25)
    assert log_likelihood(theta, samples) > log_likelihood(np.zeros(3), samples)


def test_samples_refuse_a_hand_holding_more_than_is_unseen() -> None:
    x, unseen = np.zeros((1, 2, 1)), np.array([[1.0, 1.0]])
    with pytest.raises(ValueError, match="unseen"):
        Samples(x, unseen, np.array([[2.0, 0.0]]))
    with pytest.raises(ValueError, match="same samples"):
        Samples(x, unseen, np.array([[1.0]]))


def test_the_shipped_model_reads_and_says_what_named_colors_and_draws_say(tmp_path: Path) -> None:
    """Package data, with this version's features; fitted to simulated rounds, it weighs
    a card of the color its holder named up and a card their draw ruled out down."""
    model = shipped()
    weights = dict(zip(FEATURES, model.theta, strict=True))
    assert weights["named_color"] > 0 and weights["barred"] < -1
    np.savez(tmp_path / "old.npz", theta=np.zeros(2), features=np.array(["a", "b"]))
    with pytest.raises(ValueError, match="features"):
        load(str(tmp_path / "old.npz"))
    with pytest.raises(ValueError, match="weights"):
        HandModel((0.0,))


def _named_blue_scene() -> tuple[Game, Memory, Reading, Tells]:
    game = scene(
        "ann: W B1 B2 B3 G4 | bob: R5 B4 Y4 | cat: Y1 Y2 Y3",
        start="R3",
        pile="B9 B8 B7 R1 R2 R4 G5 G8 Y9 R8 B5 G1 G2 Y5 Y6 R6",
        draw_and_play=False,
    )
    memory, reading, tells = Memory("bob"), Reading("bob"), Tells("bob")
    events = [
        *game.opening_events,
        *game.apply(Action.play("ann", Card.parse("W"), color=Color.BLUE)),
    ]
    for part in (memory, reading, tells):
        part.observe(game.redact(e, "bob") for e in events)
    return game, memory, reading, tells


def test_tilted_worlds_deal_every_unseen_card_once_and_follow_the_weights() -> None:
    """A hand dealt with a tilt keeps its size, the world holds each unseen card once,
    and a kind weighed up lands in that hand far more often than by chance."""
    game, memory, reading, _ = _named_blue_scene()
    view = game.view("bob")
    unseen = unseen_cards(view)
    blue = {c.index: 20.0 for c in unseen if c.color is Color.BLUE}
    rng = random.Random(5)
    tilted = plain = 0
    for _ in range(200):
        world = sample_world(view, memory, rng, unseen, reading.bars, {"ann": blue})
        assert not world_counts(world) - Counter(unseen)
        assert len(world.pile) == view.pile_count and len(world.hands["ann"]) == 4
        tilted += sum(1 for c in world.hands["ann"] if c.color is Color.BLUE)
        world.game(view)
        flat = sample_world(view, memory, rng, unseen, reading.bars)
        plain += sum(1 for c in flat.hands["ann"] if c.color is Color.BLUE)
    assert tilted > 2 * plain


def test_the_expert_weighs_the_hands_by_its_model_and_stays_deterministic() -> None:
    """Ann named blue: to the expert, her hand more likely holds blue than green (the
    shipped model's weights); without a model, no weights."""
    game = scene(
        "ann: W B1 B2 B3 G4 | bob: R5 B4 Y4 | cat: Y1 Y2 Y3",
        start="R3",
        pile="B9 B8 B7 R1 R2 R4 G5 G8 Y9 R8 B5 G1 G2 Y5 Y6 R6",
        draw_and_play=False,
    )
    bot = ExpertBot(seed=4, budget=300, hand_model=shipped())
    bot.reset("bob")
    bot.observe(game.redact(e, "bob") for e in game.opening_events)
    played = game.apply(Action.play("ann", Card.parse("W"), color=Color.GREEN))
    bot.observe(game.redact(e, "bob") for e in played)
    view = game.view("bob")
    tilts = bot.tilts(view)
    assert tilts is not None and set(tilts) == {"ann", "cat"}
    b5, g5 = Card.parse("B5").index, Card.parse("G5").index
    assert tilts["ann"][g5] > 1.5 * tilts["ann"][b5]  # she named green
    assert tilts["cat"][g5] < tilts["ann"][g5]
    assert ExpertBot(seed=4).tilts(view) is None  # the level's default: no model

    def choices(seed: int) -> list[str]:
        g = scene(
            "ann: W B1 B2 B3 G4 | bob: R5 B4 Y4 B6 | cat: Y1 Y2 Y3",
            start="R3",
            pile="B9 B8 B7 R1 R2 R4 G5 G8 Y9 R8 B5 G1 G2 Y5 Y6 R6",
            draw_and_play=False,
        )
        expert = ExpertBot(seed=seed, budget=300, hand_model=shipped())
        expert.reset("bob")
        expert.observe(g.redact(e, "bob") for e in g.opening_events)
        for e in g.apply(Action.play("ann", Card.parse("W"), color=Color.BLUE)):
            expert.observe([g.redact(e, "bob")])
        action = expert.choose(g.view("bob"), g.legal_actions("bob"))
        assert action is not None and action in g.legal_actions("bob")
        return [str(action.to_dict()), str(expert.last_search)]

    assert choices(9) == choices(9)
