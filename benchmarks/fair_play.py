"""Fair play: how many shared matches the collusion detector needs (issue 27).

Simulated tournaments, each a pool of ``--players`` bot accounts who entered as pairs
of friends. One entered pair in ten colludes: both are ``colluder`` bots
(:mod:`younuo.bots.colluder`) partnered with each other; every other account is an
honest bot of a mix of levels (half ``normal``, a third ``easy``, the rest
``random``). ``hard`` is left out: at 15 ms a decision it would cost the run tenfold.

Seating, every round of ``--rounds``: tournament-like random re-seating at tables of
4, except that each pair of friends (colluding or not) asks to sit together and gets
it with chance ``--together`` (they join the same room at the same time); glued pairs
are placed first, at random tables with two free seats, then the other accounts fill
the free seats at random, and the seat order at each table is shuffled. So honest
friends sit together exactly as often as colluders do, and sitting together alone
cannot tell them apart; strangers share a table by chance (3 / (players - 1) a round).

A match is one round of the ``younuo`` preset (``scoring: single``), played by the
bots with human-like think times (:data:`younuo.bots.timing.HUMAN`, drawn from each
bot's own generator and kept as the seats' think times), stored exactly as the server
stores it (``Record.from_game(game).to_dict()``) with its seat facts, and digested by
:func:`younuo.fairplay.digest`. ``--takeovers`` honest accounts per tournament change
hands halfway (another level, so other play and other think times): the
account-change signal is measured on them.

For every pair of accounts and every N up to ``--max-shared``, the pair is scored on
its first N shared matches only (:func:`younuo.fairplay.score`, flagged by
:func:`younuo.fairplay.flagged` at the default thresholds). The curve gives, per N,
the recall (colluding pairs flagged, of those with N shared matches) and the false
positives (honest pairs flagged, of those with N shared matches; honest friends
separately too). The comparison in the same run is the naive baseline, co-occurrence
alone (:mod:`younuo.fairplay.together`): a pair flagged when its z of sitting together
that often by the time of its N-th shared match reaches the same bar (3.0).

    uv run python benchmarks/fair_play.py [--players 40] [--tournaments 10] [--rounds 120]
        [--seed 1] [--max-shared 30] [--together 0.25] [--intensity 1] [--workers 2]

Everything printed is deterministic for the arguments except the times. Progress goes
to standard error. The last line is ``fair play: recall R%, false positives F% at N
shared matches``, N the smallest number of shared matches at which recall >= 90% and
false positives <= 2%.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace

from younuo.bots import Bot, human_timing, make_bot
from younuo.bots.colluder import ColluderBot
from younuo.engine import Game, Record, Rules
from younuo.fairplay import (
    DEFAULT,
    Channel,
    MatchDigest,
    Pair,
    PairTally,
    SeatFacts,
    StoredMatch,
    Thresholds,
    TogetherModel,
    account_change,
    channel_figures,
    digest,
    flagged,
    pair_of,
    score,
    seating_of,
    tally,
    together,
)
from younuo.fairplay.change import account_series
from younuo.fairplay.together import cumulative_at
from younuo.sim.simulator import derive_seed
from younuo.sim.table import Table

TABLE = 4
HONEST_LEVELS = (("normal", 0.5), ("easy", 0.35), ("random", 0.15))
TAKEOVER = {"normal": "easy", "easy": "normal", "random": "normal"}
"""The level that takes an account over: play and timing both change."""
RECALL_TARGET = 0.90
FALSE_POSITIVE_TARGET = 0.02
RULES = Rules.from_preset("younuo", scoring="single")
CALIBRATION = ((1.64, 0.0505), (2.33, 0.0099), (3.0, 0.00135))
MAX_ACTIONS = 5_000


# ------------------------------------------------------------------ the pool
@dataclass(frozen=True, slots=True)
class Account:
    """One bot account of a tournament: its id, display name, level before and after."""

    account: str
    name: str
    level: str
    later: str
    """The level from the takeover on (the same level if none)."""
    partner: str | None = None
    """The colluding partner's display name."""


@dataclass(frozen=True, slots=True)
class Pool:
    """A tournament's accounts, its pairs of friends, which collude, who is taken over."""

    index: int
    accounts: tuple[Account, ...]
    friends: tuple[tuple[int, int], ...]
    colluding: frozenset[Pair]
    takeovers: frozenset[str]
    takeover_round: int


@dataclass(frozen=True, slots=True)
class MatchSpec:
    """One match to play: its id, round, deal seed and seated accounts (seat order)."""

    match_id: str
    period: int
    seed: int
    seats: tuple[int, ...]


def make_pool(index: int, players: int, rounds: int, takeovers: int, seed: int) -> Pool:
    rng = random.Random(derive_seed(seed, 1_000 + index))
    names = [f"p{index:02d}-{i:02d}" for i in range(players)]
    ids = [f"acct-{index:02d}-{i:02d}" for i in range(players)]
    friends = tuple((2 * j, 2 * j + 1) for j in range(players // 2))
    colluding_pairs = rng.sample(friends, max(1, len(friends) // 10))
    levels = [
        rng.choices([lv for lv, _ in HONEST_LEVELS], [w for _, w in HONEST_LEVELS])[0]
        for _ in range(players)
    ]
    colluders = {i: j for a, b in colluding_pairs for i, j in ((a, b), (b, a))}
    honest = [i for i in range(players) if i not in colluders]
    taken = set(rng.sample(honest, min(takeovers, len(honest))))
    accounts = []
    for i in range(players):
        if i in colluders:
            level = f"colluder:{names[colluders[i]]}"
            accounts.append(Account(ids[i], names[i], level, level, names[colluders[i]]))
        else:
            later = TAKEOVER[levels[i]] if i in taken else levels[i]
            accounts.append(Account(ids[i], names[i], levels[i], later))
    return Pool(
        index=index,
        accounts=tuple(accounts),
        friends=friends,
        colluding=frozenset(pair_of(ids[a], ids[b]) for a, b in colluding_pairs),
        takeovers=frozenset(ids[i] for i in taken),
        takeover_round=rounds // 2,
    )


def seat_round(
    rng: random.Random, players: int, friends: Sequence[tuple[int, int]], together: float
) -> list[list[int]]:
    """One round's tables: friends glued with chance ``together``, the rest at random."""
    tables: list[list[int]] = [[] for _ in range(players // TABLE)]
    glued = [pair for pair in friends if rng.random() < together]
    rng.shuffle(glued)
    for a, b in glued:
        room = [t for t in tables if len(t) <= TABLE - 2]
        rng.choice(room).extend((a, b))
    placed = {i for pair in glued for i in pair}
    rest = [i for i in range(players) if i not in placed]
    rng.shuffle(rest)
    for table in tables:
        while len(table) < TABLE:
            table.append(rest.pop())
    for table in tables:
        rng.shuffle(table)
    return tables


def schedule(pool: Pool, players: int, rounds: int, together: float, seed: int) -> list[MatchSpec]:
    rng = random.Random(derive_seed(seed, 2_000 + pool.index))
    out = []
    for r in range(rounds):
        for k, seats in enumerate(seat_round(rng, players, pool.friends, together)):
            match_id = f"t{pool.index:02d}-r{r:03d}-{k}"
            out.append(MatchSpec(match_id, r, derive_seed(seed, hash_id(match_id)), tuple(seats)))
    return out


def hash_id(text: str) -> int:
    """A stable number for a string (Python's ``hash`` of a str changes between runs)."""
    value = 0
    for ch in text.encode():
        value = (value * 131 + ch) % (1 << 61)
    return value


# ------------------------------------------------------------------ playing
def play(pool: Pool, spec: MatchSpec, intensity: float) -> StoredMatch:
    """Play one match with human-like think times; return it as the server stores it."""
    accounts = [pool.accounts[i] for i in spec.seats]
    names = [a.name for a in accounts]
    game = Game.new(names, RULES, seed=spec.seed)
    bots: dict[str, Bot] = {}
    for k, a in enumerate(accounts):
        level = a.later if spec.period >= pool.takeover_round else a.level
        bot_seed = derive_seed(spec.seed, k + 1)
        if a.partner is not None and intensity < 1.0:
            timing = human_timing("normal")
            bots[a.name] = ColluderBot(a.partner, bot_seed, timing, intensity=intensity)
        else:
            bots[a.name] = make_bot(level, seed=bot_seed, timing="human")
    table = Table(game, dict(bots))
    times: dict[str, list[float]] = {name: [] for name in names}
    while (decision := table.decision()) is not None and table.actions < MAX_ACTIONS:
        bot = bots[decision.player]
        view = game.view(decision.player)
        action = bot.choose(view, decision.legal)
        if action is not None and not decision.optional:
            times[decision.player].append(round(bot.delay(action, view), 3))
        table.act(action)
    seats = tuple(
        SeatFacts(
            a.name,
            a.account,
            address=f"198.51.100.{hash_id(a.account) % 250}",
            browser=f"browser-{a.account}",
            think_times=tuple(times[a.name]),
        )
        for a in accounts
    )
    record = Record.from_game(game).to_dict()
    return StoredMatch(spec.match_id, record, seats, spec.period)


# ------------------------------------------------------------------ measuring
@dataclass(slots=True)
class PairCurve:
    """A pair's scores at each number of shared matches (its first N)."""

    colluding: bool
    friends: bool
    flagged: list[bool] = field(default_factory=list)
    z: list[float] = field(default_factory=list)
    baseline: list[bool] = field(default_factory=list)
    channels: list[dict[Channel, tuple[float, float]]] = field(default_factory=list)
    """Colluding pairs only: favour and information per channel, both directions."""


def curves(
    pool: Pool, digests: list[MatchDigest], max_shared: int, thresholds: Thresholds
) -> list[PairCurve]:
    """Score every pair of the pool on its first 1, 2, ... max_shared shared matches."""
    digests = sorted(digests, key=lambda d: (d.period, d.match_id))
    model = TogetherModel.from_seatings(
        seating_of(d.match_id, d.period, d.accounts) for d in digests
    )
    friend_pairs = {
        pair_of(pool.accounts[a].account, pool.accounts[b].account) for a, b in pool.friends
    }
    running: dict[Pair, PairTally] = {}
    out: dict[Pair, PairCurve] = {}
    periods: dict[Pair, list[int]] = {}
    for d in digests:
        accounts = sorted(a for a in d.accounts if a is not None)
        for i, a in enumerate(accounts):
            for b in accounts[i + 1 :]:
                pair = (a, b)
                curve = out.setdefault(
                    pair, PairCurve(pair in pool.colluding, pair in friend_pairs)
                )
                if len(curve.flagged) >= max_shared:
                    continue
                t = tally(d, pair)
                assert t is not None
                t = running[pair] + t if pair in running else t
                running[pair] = t
                s = score(t)
                curve.flagged.append(flagged(s, thresholds))
                curve.z.append(s.z)
                periods.setdefault(pair, []).append(d.period)
                if curve.colluding:
                    by_channel: dict[Channel, tuple[float, float]] = {}
                    for ch in channel_figures(t):
                        favour, information = by_channel.get(ch.channel, (0.0, 0.0))
                        by_channel[ch.channel] = (favour + ch.favour, information + ch.variance)
                    curve.channels.append(by_channel)
    for pair, curve in out.items():
        series = model.expected_by_period(*pair)
        for n, period in enumerate(periods[pair], 1):
            co = together(pair, n, cumulative_at(series, period))
            curve.baseline.append(co.z >= thresholds.favour_z)
    return list(out.values())


# ------------------------------------------------------------------ running
@dataclass(frozen=True, slots=True)
class Outcome:
    """What one tournament gave: every pair's curve, and the account-change flags."""

    index: int
    matches: int
    curves: list[PairCurve]
    taken: tuple[int, int]
    """Accounts taken over halfway: flagged, in all."""
    others: tuple[int, int]
    """The other accounts: flagged, in all."""
    seconds: float


def run_tournament(job: tuple[Pool, list[MatchSpec], float, int, Thresholds]) -> Outcome:
    """Play a tournament's matches, digest them, and measure (one worker's job)."""
    pool, specs, intensity, max_shared, thresholds = job
    start = time.perf_counter()
    digests = []
    for k, spec in enumerate(specs, 1):
        digests.append(digest(play(pool, spec, intensity)))
        if k % 300 == 0 or k == len(specs):
            print(
                f"  tournament {pool.index + 1}: played {k}/{len(specs)} matches,"
                f" {time.perf_counter() - start:.0f} s",
                file=sys.stderr,
                flush=True,
            )
    taken = [0, 0]
    others = [0, 0]
    for account, series in account_series(digests).items():
        found = account_change(account, series, thresholds.change_matches, thresholds.change_side)
        hit = found is not None and found.p <= thresholds.change_p
        tally_of = taken if account in pool.takeovers else others
        tally_of[0] += hit
        tally_of[1] += 1
    return Outcome(
        pool.index,
        len(specs),
        curves(pool, digests, max_shared, thresholds),
        (taken[0], taken[1]),
        (others[0], others[1]),
        time.perf_counter() - start,
    )


def run_all(
    jobs: list[tuple[Pool, list[MatchSpec], float, int, Thresholds]], workers: int
) -> Iterator[Outcome]:
    if workers <= 1:
        yield from map(run_tournament, jobs)
        return
    with multiprocessing.get_context().Pool(workers) as procs:
        yield from procs.imap_unordered(run_tournament, jobs)


@dataclass(frozen=True, slots=True)
class Point:
    """The curve at N shared matches: counts and flags of each kind of pair."""

    n: int
    colluding: int
    caught: int
    honest: int
    false: int
    friends: int
    false_friends: int
    baseline_caught: int
    baseline_false: int

    @property
    def recall(self) -> float:
        return self.caught / self.colluding if self.colluding else 0.0

    @property
    def fp(self) -> float:
        return self.false / self.honest if self.honest else 0.0

    @property
    def base_recall(self) -> float:
        return self.baseline_caught / self.colluding if self.colluding else 0.0

    @property
    def base_fp(self) -> float:
        return self.baseline_false / self.honest if self.honest else 0.0

    @property
    def met(self) -> bool:
        return (
            self.colluding > 0
            and self.honest > 0
            and self.recall >= RECALL_TARGET
            and self.fp <= FALSE_POSITIVE_TARGET
        )


def point(all_curves: Sequence[PairCurve], n: int) -> Point:
    counts = [0] * 8
    for c in all_curves:
        if len(c.flagged) < n:
            continue
        hit, base = c.flagged[n - 1], c.baseline[n - 1]
        if c.colluding:
            counts[0] += 1
            counts[1] += hit
            counts[6] += base
        else:
            counts[2] += 1
            counts[3] += hit
            counts[7] += base
            if c.friends:
                counts[4] += 1
                counts[5] += hit
    return Point(n, *counts)


def ratio(a: float, b: float) -> str:
    if b == 0:
        return "inf" if a > 0 else "1.00"
    return f"{a / b:.2f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=40, help="accounts per tournament")
    parser.add_argument("--tournaments", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=120, help="rounds per tournament")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-shared", type=int, default=30)
    parser.add_argument("--together", type=float, default=0.25)
    parser.add_argument("--intensity", type=float, default=1.0, help="colluders' favour chance")
    parser.add_argument("--takeovers", type=int, default=2, help="accounts per tournament")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--favour-z", type=float, default=DEFAULT.favour_z, help="the collusion bar to measure"
    )
    args = parser.parse_args(argv)
    thresholds = replace(DEFAULT, favour_z=args.favour_z)
    if args.players % TABLE or args.players < 2 * TABLE:
        parser.error(f"--players must be a multiple of {TABLE}, at least {2 * TABLE}")

    start = time.perf_counter()
    pools = [
        make_pool(t, args.players, args.rounds, args.takeovers, args.seed)
        for t in range(args.tournaments)
    ]
    specs = [schedule(p, args.players, args.rounds, args.together, args.seed) for p in pools]
    total = sum(len(s) for s in specs)
    print(
        f"{args.tournaments} tournaments of {args.players} accounts, {args.rounds} rounds"
        f" ({total} matches of 4, younuo preset, one round each); one pair of friends in ten"
        f" colludes (intensity {args.intensity:g}); friends sit together {args.together:.0%}"
        f" of rounds; seed {args.seed}",
        flush=True,
    )
    jobs = [
        (pool, mine, args.intensity, args.max_shared, thresholds)
        for pool, mine in zip(pools, specs, strict=True)
    ]
    all_curves: list[PairCurve] = []
    taken = [0, 0]
    others = [0, 0]
    for done, outcome in enumerate(run_all(jobs, args.workers), 1):
        all_curves += outcome.curves
        for mine, theirs in ((taken, outcome.taken), (others, outcome.others)):
            mine[0] += theirs[0]
            mine[1] += theirs[1]
        print(
            f"  tournament {outcome.index + 1} scored ({done}/{len(jobs)} done),"
            f" {time.perf_counter() - start:.0f} s",
            file=sys.stderr,
            flush=True,
        )

    points = [point(all_curves, n) for n in range(1, args.max_shared + 1)]
    print()
    print("collusion: pairs scored on their first N shared matches (thresholds:")
    print(
        f"  favour z >= {thresholds.favour_z}, information >= {thresholds.min_information},"
        f" shared >= {thresholds.min_shared}); baseline: co-occurrence z >= {thresholds.favour_z}"
    )
    print(
        f"{'N':>3} {'colluding':>9} {'recall':>7} {'honest':>7} {'false +':>8}"
        f" {'friends':>7} {'false + friends':>15}"
        f" {'baseline recall':>15} {'baseline false +':>16} {'recall ratio':>12}"
    )
    for p in points:
        if p.n > 20 and p.n % 5 and p.n != args.max_shared:
            continue
        print(
            f"{p.n:>3} {p.colluding:>9} {p.recall:>7.1%} {p.honest:>7} {p.fp:>8.2%}"
            f" {p.friends:>7} {p.false_friends / p.friends if p.friends else 0:>15.1%}"
            f" {p.base_recall:>15.1%} {p.base_fp:>16.2%}"
            f" {ratio(p.recall, p.base_recall):>12}"
        )

    # Calibration: were the scores standard normal for honest pairs, these would be the
    # tail shares. Lower shares mean a conservative score (fewer false positives than
    # its z says); higher, an optimistic one.
    print()
    print("honest pairs' favour z against the normal tail (share of pairs at or above):")
    for n in sorted({5, 10, 20, args.max_shared} & set(range(1, args.max_shared + 1))):
        zs = [c.z[n - 1] for c in all_curves if not c.colluding and len(c.z) >= n]
        if zs:
            shares = "  ".join(
                f"z>={bar}: {sum(z >= bar for z in zs) / len(zs):.2%} (normal {tail:.2%})"
                for bar, tail in CALIBRATION
            )
            print(f"  N {n:>2} ({len(zs)} pairs)  {shares}")

    print()
    print(
        f"account change (p <= {thresholds.change_p:g}): taken over halfway"
        f" {taken[0]}/{taken[1]} flagged, others {others[0]}/{others[1]} flagged"
    )

    met = next((p for p in points if p.met), None)
    at = met.n if met is not None else args.max_shared
    reached = [c.channels[at - 1] for c in all_curves if c.colluding and len(c.channels) >= at]
    if reached:
        parts = []
        for channel in Channel:
            favour = sum(r.get(channel, (0.0, 0.0))[0] for r in reached) / len(reached)
            information = sum(r.get(channel, (0.0, 0.0))[1] for r in reached) / len(reached)
            parts.append(f"{channel.value} {favour:.2f} ({information:.2f})")
        print(
            f"what gave the colluding pairs away at N = {at}, favour (information) per pair,"
            f" both directions: " + ", ".join(parts)
        )

    elapsed = time.perf_counter() - start
    print(f"time: {elapsed:.0f} s in all ({args.workers} workers)")
    if met is not None:
        print(
            f"against co-occurrence alone at N = {met.n}: recall {met.recall:.1%} vs"
            f" {met.base_recall:.1%} (ratio {ratio(met.recall, met.base_recall)}), false"
            f" positives {met.fp:.2%} vs {met.base_fp:.2%}"
            f" (ratio {ratio(met.fp, met.base_fp)})"
        )
        print(
            f"fair play: recall {met.recall:.0%}, false positives {met.fp:.1%}"
            f" at {met.n} shared matches"
        )
    else:
        ok = [p for p in points if p.fp <= FALSE_POSITIVE_TARGET and p.colluding]
        best = max(ok or points, key=lambda p: (p.recall, -p.fp))
        print(
            f"fair play: recall {best.recall:.0%}, false positives {best.fp:.1%}"
            f" at {best.n} shared matches (targets not met within {args.max_shared}: best shown)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
