"""``younuo simulate``: bots play many games; win rates with confidence intervals.

::

    younuo simulate --players 4 --bots hard,normal,normal,normal --rules younuo \\
        --games 10000 --seed 1 --workers 2 --json --records DIR

A *game* is one round by default (the deal to the first player out, as in most bot
research); ``--unit match`` plays whole matches instead. Seats rotate round the table
from game to game, so "seat k" is the k-th bot of ``--bots`` wherever it sat. The
report is the same for the same arguments, with any number of workers; only the
decision times (printed, left out of ``--json`` unless ``--timing``) vary.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer

from younuo.engine.errors import RulesError
from younuo.engine.rules import PRESETS, Rules


def simulate(
    players: Annotated[
        int, typer.Option("--players", "-p", help="Players at the table (2-10).")
    ] = 4,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "-b",
            help="Bot level per seat, comma-separated (random, easy, normal, hard, expert,"
            " policy:FILE); one level fills every seat.",
        ),
    ] = "normal",
    rules: Annotated[
        str,
        typer.Option(
            "--rules",
            "-r",
            help="A preset (classic, younuo, party) or a JSON object of rules"
            ' such as \'{"preset": "younuo", "jump_in": "numbers"}\'.',
        ),
    ] = "younuo",
    games: Annotated[int, typer.Option("--games", "-n", help="How many games to play.")] = 1000,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the whole run.")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Processes to use.")] = 1,
    unit: Annotated[
        str,
        typer.Option(
            "--unit",
            help="What a game is: 'round' (default: one deal, to the first player out)"
            " or 'match' (to the rules' target, 500 points by default).",
        ),
    ] = "round",
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object instead of a table.")
    ] = False,
    timing: Annotated[
        bool, typer.Option("--timing", help="With --json, add decision times (vary by machine).")
    ] = False,
    records: Annotated[
        str | None,
        typer.Option(
            "--records", help="Write each game's record (docs/records.md) into this folder."
        ),
    ] = None,
    no_rotate: Annotated[
        bool, typer.Option("--no-rotate", help="Keep every bot in its seat (no rotation).")
    ] = False,
    progress: Annotated[
        bool, typer.Option("--progress/--no-progress", help="Progress bar on standard error.")
    ] = True,
) -> None:
    """Bots play many games: win rate per seat (95% CI), mean points, game length, rule events.

    A game is one round by default (one deal, to the first player out), as in most
    bot research; --unit match plays whole matches. Seats rotate round the table from
    game to game: seat k is the k-th bot of --bots wherever it sat. The same arguments
    give the same report, with any number of workers.
    """
    from tqdm import tqdm

    from younuo.sim.simulator import SimConfig, parse_bots
    from younuo.sim.simulator import simulate as run

    try:
        config = SimConfig(
            bots=parse_bots(bots, players),
            rules=_rules(rules),
            games=games,
            seed=seed,
            unit=unit,
            rotate=not no_rotate,
            records=records,
        )
        from younuo.bots.registry import make_bot

        for level in set(config.bots):
            make_bot(level)  # unknown levels fail here, before any worker starts
    except (ValueError, RulesError, OSError) as exc:
        typer.echo(f"younuo simulate: {getattr(exc, 'message', exc)}", err=True)
        raise typer.Exit(2) from None
    with tqdm(
        total=games,
        unit="game",
        file=sys.stderr,
        disable=not progress,
        dynamic_ncols=True,
        desc="simulate",
    ) as bar:
        report = run(config, workers=max(1, workers), progress=bar.update)
    if as_json:
        out: dict[str, Any] = report.to_dict()
        if timing:
            out["decision_time"] = report.timing()
        typer.echo(json.dumps(out, indent=2))
    else:
        typer.echo(report.format())


def _rules(text: str) -> Rules:
    text = text.strip()
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"--rules is not valid JSON: {exc}") from None
        return Rules.from_dict(data)
    if text not in PRESETS:
        raise ValueError(f"unknown preset {text!r}: use {', '.join(PRESETS)} or a JSON object")
    return Rules.from_preset(text)
