"""Many games among bots, with statistics: the engine of ``younuo simulate``.

A *game* is one round by default (``unit="round"``): the deal to the first player out,
as in most of the bot literature, so that thousands of games stay quick. With
``unit="match"`` a game is a whole match (to 500 points under the presets).

Fairness and determinism:

- entry ``k`` of ``bots`` is "seat k" of the report. Seats rotate round the table from
  game to game (game ``i`` puts entry ``k`` at table position ``(k + i) mod n``), so
  no bot keeps the host's first turn (R-SETUP-2) or a favourable neighbour;
- game ``i`` is dealt from a seed derived from ``(seed, i)`` and every bot gets its own
  derived seed, so a run depends only on its arguments: the same with one worker or
  several, in any order of completion.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from younuo.bots.registry import make_bot
from younuo.engine import Game, Rng, Rules
from younuo.engine.records import Record
from younuo.sim.stats import mean, percentile, wilson
from younuo.sim.table import RULE_EVENTS, Table, drive

UNITS = ("round", "match")


@dataclass(frozen=True, slots=True)
class SimConfig:
    """What to simulate. ``bots`` holds one level name per seat (see ``make_bot``)."""

    bots: tuple[str, ...]
    rules: Rules
    games: int
    seed: int = 0
    unit: str = "round"
    rotate: bool = True
    max_actions: int = 20_000
    records: str | None = None

    def __post_init__(self) -> None:
        if self.unit not in UNITS:
            raise ValueError(f"unit must be one of {', '.join(UNITS)}, not {self.unit!r}")
        if self.games < 0:
            raise ValueError("games must be 0 or more")
        self.rules.check_table(len(self.bots))

    @property
    def names(self) -> tuple[str, ...]:
        """The player name of each entry: ``p1-hard``, ``p2-normal``, ..."""
        return tuple(
            f"p{k + 1}-{re.sub(r'[^a-z0-9]+', '', level.split(':')[0].lower()) or 'bot'}"
            for k, level in enumerate(self.bots)
        )


@dataclass(slots=True)
class GameResult:
    """One game, by entry (seat of the report), not by table position."""

    index: int
    seed: int
    winner: int | None
    points: list[int]
    turns: int
    rounds: int
    capped: bool
    events: dict[str, int]
    decision_times: list[list[float]]


def derive_seed(seed: int, index: int) -> int:
    """A 48-bit seed for item ``index`` of a run seeded with ``seed`` (SplitMix64)."""
    rng = Rng((seed * 0x9E3779B97F4A7C15 + index) & ((1 << 64) - 1))
    return rng.next64() >> 16


def seating(config: SimConfig, index: int) -> list[int]:
    """Entry at each table position in game ``index`` (rotated when ``config.rotate``)."""
    n = len(config.bots)
    shift = index % n if config.rotate else 0
    return [(pos - shift) % n for pos in range(n)]


def play_game(config: SimConfig, index: int, timed: bool = False) -> GameResult:
    """Play game ``index`` of the run described by ``config``."""
    names = config.names
    game_seed = derive_seed(config.seed, index)
    order = seating(config, index)
    players = [names[k] for k in order]
    rules = config.rules
    game = Game.new(players, rules, seed=game_seed)
    bots = {
        names[k]: make_bot(level, seed=derive_seed(game_seed, k + 1))
        for k, level in enumerate(config.bots)
    }
    outcome = drive(
        Table(game, bots), unit=config.unit, max_actions=config.max_actions, timed=timed
    )
    if config.records is not None:
        write_record(Path(config.records), index, game, config)
    winner = None if outcome.winner is None else names.index(outcome.winner)
    return GameResult(
        index=index,
        seed=game_seed,
        winner=winner,
        points=[outcome.points[name] for name in names],
        turns=outcome.turns,
        rounds=outcome.rounds,
        capped=outcome.capped,
        events=outcome.events,
        decision_times=[outcome.decision_times[name] for name in names],
    )


def write_record(folder: Path, index: int, game: Game, config: SimConfig) -> Path:
    """Save a game's record (docs/records.md) as ``game-NNNNNN.json`` for ``younuo replay``."""
    folder.mkdir(parents=True, exist_ok=True)
    data = Record.from_game(game).to_dict()
    # Extra fields, which a record allows (docs/records.md): what sat where, for people reading it.
    data["bots"] = dict(zip(config.names, config.bots, strict=True))
    data["simulation"] = {"seed": config.seed, "game": index, "unit": config.unit}
    path = folder / f"game-{index:06d}.json"
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return path


@dataclass(slots=True)
class SeatStats:
    """The report for one entry of ``bots``."""

    name: str
    level: str
    wins: int = 0
    points: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)

    def to_dict(self, games: int) -> dict[str, Any]:
        low, high = wilson(self.wins, games)
        return {
            "seat": self.name,
            "bot": self.level,
            "wins": self.wins,
            "win_rate": self.wins / games if games else 0.0,
            "ci95": [low, high],
            "mean_points": mean([float(p) for p in self.points]),
        }


@dataclass(slots=True)
class Report:
    """The statistics of a run (``to_dict`` for ``--json``, ``format`` for people)."""

    config: SimConfig
    seats: list[SeatStats]
    games: int = 0
    capped: int = 0
    turns: list[int] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)
    events: dict[str, int] = field(default_factory=dict)

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.capped += result.capped
        self.turns.append(result.turns)
        self.rounds.append(result.rounds)
        for k, seat in enumerate(self.seats):
            seat.points.append(result.points[k])
            seat.times.extend(result.decision_times[k])
        if result.winner is not None:
            self.seats[result.winner].wins += 1
        for key, count in result.events.items():
            self.events[key] = self.events.get(key, 0) + count

    def to_dict(self) -> dict[str, Any]:
        """Everything but timing, which depends on the machine: equal runs give equal dicts."""
        c = self.config
        return {
            "games": self.games,
            "unit": c.unit,
            "players": len(c.bots),
            "rules": c.rules.changes(),
            "seed": c.seed,
            "seats": [seat.to_dict(self.games) for seat in self.seats],
            "mean_turns": mean([float(t) for t in self.turns]),
            "mean_rounds": mean([float(r) for r in self.rounds]),
            "capped": self.capped,
            "events": {key: self.events.get(key, 0) for key in RULE_EVENTS},
        }

    def timing(self) -> dict[str, dict[str, float]]:
        """Turn decision time per seat in milliseconds: median and 99th percentile."""
        return {
            seat.name: {
                "median_ms": 1000 * percentile(seat.times, 50),
                "p99_ms": 1000 * percentile(seat.times, 99),
                "decisions": float(len(seat.times)),
            }
            for seat in self.seats
        }

    def format(self) -> str:
        """A readable report."""
        d = self.to_dict()
        # --games counts games (one round each, or whole matches with --unit match).
        unit = "games" if self.config.unit == "round" else "matches"
        lines = [
            f"{d['games']} {unit}, {d['players']} players, rules {json.dumps(d['rules'])},"
            f" seed {d['seed']}",
            "",
            f"{'seat':<14} {'bot':<10} {'wins':>6} {'win rate':>9} {'95% CI':>17}"
            f" {'mean points':>12} {'decision ms (median/p99)':>26}",
        ]
        timing = self.timing()
        for seat in d["seats"]:
            low, high = seat["ci95"]
            t = timing[seat["seat"]]
            bot = seat["bot"] if len(seat["bot"]) <= 10 else seat["bot"][:9] + "…"
            lines.append(
                f"{seat['seat']:<14} {bot:<10} {seat['wins']:>6} {seat['win_rate']:>8.1%}"
                f"  [{low:6.1%}, {high:6.1%}] {seat['mean_points']:>12.1f}"
                f" {t['median_ms']:>12.2f} / {t['p99_ms']:<10.2f}"
            )
        lines.append("")
        lines.append(f"mean game length: {d['mean_turns']:.1f} turns")
        if self.config.unit == "match":
            lines.append(f"mean match length: {d['mean_rounds']:.2f} rounds")
        if self.capped:
            lines.append(f"capped (stopped unfinished, no winner): {self.capped}")
        lines.append("rule events seen: " + ", ".join(f"{k} {v}" for k, v in d["events"].items()))
        return "\n".join(lines)


def _play_chunk(args: tuple[SimConfig, int, int, bool]) -> list[GameResult]:
    config, start, stop, timed = args
    return [play_game(config, i, timed) for i in range(start, stop)]


def run_games(
    config: SimConfig,
    workers: int = 1,
    timed: bool = True,
    chunk: int = 0,
) -> Iterator[list[GameResult]]:
    """The results in order of game index, a chunk at a time (for progress bars)."""
    size = chunk or max(1, min(50, config.games // (workers * 8) or 1))
    jobs = [
        (config, start, min(start + size, config.games), timed)
        for start in range(0, config.games, size)
    ]
    if workers <= 1:
        for job in jobs:
            yield _play_chunk(job)
        return
    import multiprocessing

    with multiprocessing.get_context().Pool(workers) as pool:
        yield from pool.imap(_play_chunk, jobs)


def simulate(
    config: SimConfig,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    timed: bool = True,
) -> Report:
    """Run ``config`` and gather the report; ``progress(n)`` is told of each n games done."""
    report = Report(
        config,
        [SeatStats(name, level) for name, level in zip(config.names, config.bots, strict=True)],
    )
    for results in run_games(config, workers, timed):
        for result in results:
            report.add(result)
        if progress is not None:
            progress(len(results))
    return report


def parse_bots(text: str | Sequence[str], players: int | None) -> tuple[str, ...]:
    """``"hard,normal"`` as levels; one level for several players is repeated."""
    levels = [b.strip() for b in (text.split(",") if isinstance(text, str) else text)]
    levels = [b for b in levels if b]
    if players is None:
        return tuple(levels)
    if len(levels) == 1:
        return tuple(levels * players)
    if len(levels) != players:
        raise ValueError(f"{len(levels)} bots for {players} players: give one per seat, or one")
    return tuple(levels)
