"""The collusion signal on constructed records: each channel, the threshold, honest tables."""

from __future__ import annotations

import pytest

from younuo.bots import make_bot
from younuo.engine import Game, Record, Rules
from younuo.fairplay import (
    DEFAULT,
    Channel,
    ChannelFigures,
    MatchDigest,
    PairScore,
    StoredMatch,
    channel_figures,
    digest,
    flagged,
    pair_of,
    score,
    tallies,
)
from younuo.fairplay.favour import Cell
from younuo.sim.table import Table, drive

from .scripts import scripted, stored

FIVE_B = "B1 B2 B4 B6 B8"
FIVE_Y = "Y1 Y2 Y4 Y6 Y8"


def figures(
    matches: list[MatchDigest], actor: str, target: str, channel: Channel
) -> ChannelFigures:
    t = tallies(matches)[pair_of(actor, target)]
    return next(c for c in channel_figures(t) if c.actor == actor and c.channel is channel)


def pair_score(matches: list[MatchDigest], a: str, b: str) -> PairScore:
    return score(tallies(matches)[pair_of(a, b)])


def sparing(times: int) -> list[MatchDigest]:
    """ann holds a Skip and a number: with bob next she plays the number, with cat next
    (play going the other way) the Skip. The same situation otherwise."""
    out = []
    for i in range(times):
        hands = f"ann: RS R5 G9 | bob: {FIVE_B} | cat: {FIVE_Y}"
        spare = scripted(hands, "R3", ["ann play R5"])
        hit = scripted(hands, "R3", ["ann play RS"], direction=-1)
        out += [digest(stored(f"s{i}", spare)), digest(stored(f"h{i}", hit))]
    return out


def test_sparing_the_next_player_raises_favour_towards_them() -> None:
    matches = sparing(4)
    towards_bob = pair_score(matches, "ann", "bob")
    spare = figures(matches, "ann", "bob", Channel.SPARE)
    assert spare.decisions == 4 and spare.acts == 0
    assert spare.rate_target == 0.0 and spare.rate_others == 1.0
    assert spare.favour == pytest.approx(spare.expected) and spare.favour > 0
    assert towards_bob.z > 1.0
    # The same figures read from cat's side are a disfavour.
    towards_cat = pair_score(matches, "ann", "cat")
    assert towards_cat.favour < 0 and towards_cat.z < 0
    # The evidence: each spared decision by match and action index.
    t = tallies(matches)[("ann", "bob")]
    assert {(m.match_id, m.index, m.channel) for m in t.moves} == {
        (f"s{i}", 0, Channel.SPARE) for i in range(4)
    }


def test_the_threshold_needs_both_a_high_z_and_enough_information() -> None:
    few = pair_score(sparing(4), "ann", "bob")
    many = pair_score(sparing(16), "ann", "bob")
    assert many.z > few.z
    assert few.information < DEFAULT.min_information and not flagged(few)
    assert many.information >= DEFAULT.min_information and many.z >= DEFAULT.favour_z
    assert flagged(many)
    assert not flagged(many, DEFAULT.__class__(favour_z=many.z + 0.1))
    assert not flagged(many, DEFAULT.__class__(min_shared=many.shared + 1))


def test_feeding_the_colour_a_player_showed_raises_favour_towards_them() -> None:
    """bob shows green, cat yellow; ann's wild names green whether bob sits after her or
    before her (so the comparison is made in both positions)."""
    out = []
    for i in range(4):
        after = scripted(
            "bob: G7 B1 B2 | cat: Y7 B3 B4 | ann: W R1 R2",
            "G3",
            ["bob play G7", "cat play Y7", "ann play W green"],
        )
        before = scripted(
            "cat: Y7 B3 B4 | bob: G7 B1 B2 | ann: W R1 R2",
            "Y3",
            ["cat play Y7", "bob play G7", "ann play W green"],
        )
        out += [digest(stored(f"a{i}", after)), digest(stored(f"b{i}", before))]
    s = pair_score(out, "ann", "bob")
    feed = figures(out, "ann", "bob", Channel.FEED)
    assert feed.decisions == 8 and feed.acts == 8
    assert feed.rate_others == 0.0
    assert feed.favour > 0 and s.z > 2.0
    assert pair_score(out, "ann", "cat").z < 0


def test_letting_a_missed_uno_go_raises_favour_towards_that_player() -> None:
    """bob and cat both forget to call UNO; ann (as far from both) lets bob go and
    catches cat."""
    out = []
    for i in range(6):
        record = scripted(
            f"bob: R5 G9 | cat: R7 Y9 | dan: {FIVE_B} | eve: {FIVE_Y} | ann: B3 B5 B7 B9 G1",
            "R3",
            ["bob play R5", "cat play R7", "ann catch cat"],
            pile="G2 G3 G4 G5 G6 G7",
        )
        out.append(digest(stored(f"m{i}", record)))
    assert pair_score(out, "ann", "bob").favour > 0
    catch = figures(out, "ann", "bob", Channel.CATCH)
    assert catch.decisions == 6 and catch.acts == 0
    assert catch.others_acts == 6
    assert catch.favour > 0
    t = tallies(out)[("ann", "bob")]
    closing = {m.index for m in t.moves if m.channel is Channel.CATCH}
    assert closing == {1}  # cat's play closed the window on bob


def test_a_player_who_saves_itself_by_calling_late_is_no_missed_catch() -> None:
    record = scripted(
        "bob: R5 G9 | cat: R7 Y9 | ann: B3 B5 B7", "R3", ["bob play R5", "bob uno", "cat play R7"]
    )
    d = digest(stored("m", record))
    obs = d.observations(2, 0)  # ann towards bob
    assert obs is None or not any(c.stratum[0] is Channel.CATCH for c in obs.counts)


def test_accepting_a_players_wild_draw_four_raises_favour_towards_them() -> None:
    out = []
    filler = "G1 G2 G4 G5 G6 G7"
    for i in range(5):
        accepted = scripted(
            f"bob: W+4 {filler} | ann: B5 B6 Y1 | cat: {FIVE_Y}",
            "R3",
            ["bob play W+4 blue", "ann draw"],
            pile="Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9",
        )
        challenged = scripted(
            f"cat: W+4 {filler} | ann: B5 B6 Y1 | bob: {FIVE_B}",
            "R3",
            ["cat play W+4 blue", "ann challenge"],
            pile="Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9",
        )
        out += [digest(stored(f"a{i}", accepted)), digest(stored(f"c{i}", challenged))]
    s = pair_score(out, "ann", "bob")
    challenge = figures(out, "ann", "bob", Channel.CHALLENGE)
    assert challenge.decisions == 5 and challenge.acts == 0 and challenge.others_acts == 5
    assert challenge.favour > 0 and s.z > 2.0


def test_team_mates_are_not_each_others_targets() -> None:
    """In team play helping a team-mate is the game: no decision towards them is filed."""
    record = scripted(
        f"ann: W R1 R2 | bob: {FIVE_B} | cat: G7 B3 B5 | dan: Y7 Y1 Y2",
        "G3",
        ["cat play G7", "dan play Y7", "ann play W green"],
        first="cat",
        teams=[["ann", "cat"], ["bob", "dan"]],
    )
    d = digest(stored("m", record))
    assert d.observations(0, 2) is None  # ann towards cat, her team-mate
    towards_dan = d.observations(0, 3)
    assert towards_dan is not None and towards_dan.counts[0].stratum[0] is Channel.FEED


def honest_tables(levels: list[str], matches: int, seed: int) -> list[MatchDigest]:
    """The same four accounts at one table again and again, seats shuffled by rotation."""
    names = ["ann", "bob", "cat", "dan"]
    rules = Rules.from_preset("younuo", scoring="single")
    out = []
    for m in range(matches):
        order = names[m % 4 :] + names[: m % 4]
        game = Game.new(order, rules, seed=seed * 1000 + m)
        bots = {
            name: make_bot(level, seed=seed * 1000 + 10 * m + i)
            for i, (name, level) in enumerate(zip(names, levels, strict=True))
        }
        drive(Table(game, bots))
        out.append(digest(StoredMatch(f"m{m}", Record.from_game(game).to_dict())))
    return out


@pytest.mark.parametrize("levels", [["normal"] * 4, ["normal", "easy", "random", "easy"]])
def test_honest_tables_favour_no_one(levels: list[str]) -> None:
    matches = honest_tables(levels, 20, seed=len(levels[1]))
    scores = [score(t) for t in tallies(matches).values()]
    assert len(scores) == 6
    assert all(s.shared == 20 for s in scores)
    assert not any(flagged(s) for s in scores)
    # Honest favour is noise around zero: no pair's total comes near the threshold.
    assert max(s.z for s in scores) < DEFAULT.favour_z
    assert sum(s.information for s in scores) > 0


def test_a_cell_without_a_comparison_adds_no_information() -> None:
    assert Cell(n1=5, k1=0).moments()[1] == 0.0  # no decisions towards others
    assert Cell(n1=3, k1=3, n0=3, k0=3).moments()[1] == 0.0  # always acted
    mean, var, third = Cell(n1=3, k1=0, n0=3, k0=3).moments()
    assert mean == 1.5 and var == pytest.approx(0.45) and third == 0.0
