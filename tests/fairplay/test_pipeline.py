"""End to end: bots play a few dozen matches stored as the server stores them; the detector
flags the colluding pair, and only it, with evidence that points into the records."""

from __future__ import annotations

import json
import random

from younuo.bots import make_bot
from younuo.engine import Game, Record, Rules
from younuo.fairplay import (
    DEFAULT,
    Case,
    CaseKind,
    Channel,
    Measure,
    SeatFacts,
    StoredMatch,
    detect,
)
from younuo.sim.table import Table, drive

LEVELS = ["colluder:p1", "colluder:p0", "normal", "normal", "easy", "random", "normal", "easy"]


def tournament(matches: int, seed: int, friends_every: int = 0) -> list[StoredMatch]:
    """p0 and p1 collude and always sit together; two of the six others join them (p4 and
    p5 together in every ``friends_every``-th match when that is set)."""
    rng = random.Random(seed)
    rules = Rules.from_preset("younuo", scoring="single")
    out = []
    for m in range(matches):
        joining = rng.sample(range(2, 8), 2)
        if friends_every and m % friends_every == 0:
            joining = [4, 5]
        seats = [0, 1, *joining]
        rng.shuffle(seats)
        names = [f"p{i}" for i in seats]
        game = Game.new(names, rules, seed=seed * 1000 + m)
        bots = {f"p{i}": make_bot(LEVELS[i], seed=seed * 1000 + 10 * m + i) for i in seats}
        drive(Table(game, bots))
        facts = tuple(
            SeatFacts(
                f"p{i}",
                f"acct-{i}",
                address=f"10.0.0.{i}",
                # p4 and p5 play from one browser: one person behind two accounts.
                browser="shared" if i in (4, 5) else f"browser-{i}",
            )
            for i in seats
        )
        out.append(StoredMatch(f"m{m:02d}", Record.from_game(game).to_dict(), facts, m))
    return out


def test_the_colluding_pair_is_flagged_and_no_honest_pair() -> None:
    matches = tournament(36, seed=5)
    cases = detect(matches)
    collusion = [c for c in cases if c.kind is CaseKind.COLLUSION]
    assert [c.accounts for c in collusion] == [("acct-0", "acct-1")]
    case = collusion[0]
    assert case.score >= DEFAULT.favour_z == case.threshold
    assert case.figure(Measure.SHARED) == len(case.matches) == 36
    assert (case.figure(Measure.INFORMATION) or 0.0) >= DEFAULT.min_information
    # They spared each other far more often than they spared others.
    for actor in ("acct-0", "acct-1"):
        target = case.figure(Measure.RATE_TARGET, Channel.SPARE.value, actor)
        others = case.figure(Measure.RATE_OTHERS, Channel.SPARE.value, actor)
        assert target is not None and others is not None and target < others
    # Every cited move is a decision of its actor in that match's record.
    by_id = {m.match_id: m for m in matches}
    assert case.moves
    for move in case.moves:
        record = by_id[move.match_id].record
        if move.channel is not Channel.CATCH:
            player = record["actions"][move.index]["player"]
            assert f"acct-{player[1:]}" == move.actor
    # Stored and read back unchanged.
    assert Case.from_dict(json.loads(json.dumps(case.to_dict()))) == case


def test_one_browser_behind_two_accounts_is_a_case_and_so_is_nothing_else() -> None:
    matches = tournament(12, seed=6, friends_every=4)
    cases = detect(matches)
    origin = [c for c in cases if c.kind is CaseKind.SAME_ORIGIN]
    together = [m.match_id for m in matches if {"p4", "p5"} <= set(m.record["players"])]
    assert len(together) >= 3
    assert [c.accounts for c in origin] == [("acct-4", "acct-5")]
    assert origin[0].matches == tuple(together)
    assert origin[0].score == len(together)
    # The addresses differ, and twelve matches are too few to judge a change of hands.
    assert [c.kind for c in cases if c.kind is not CaseKind.SAME_ORIGIN] in (
        [],
        [CaseKind.COLLUSION],
    )
    assert not [c for c in cases if c.kind is CaseKind.ACCOUNT_CHANGE]
