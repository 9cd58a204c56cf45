"""``younuo replay FILE [--json]``: replay a game record (docs/records.md).

Exit status: 0 when every action was applied, 1 when the rules refused one (the replay
stops there), 2 when the file cannot be read or is not a valid record, 3 when the
engine itself failed (a bug: the traceback goes to standard error). With ``--json``
standard output holds exactly one JSON object, or nothing on exit 2 or 3; messages go
to standard error.
"""

from __future__ import annotations

import json
import sys
import traceback
from pathlib import Path
from typing import Annotated, Any

import typer

from younuo.engine.actions import Action, ActionType
from younuo.engine.cards import Card
from younuo.engine.errors import RecordError
from younuo.engine.events import Event
from younuo.engine.records import Record, ReplayResult
from younuo.engine.records import replay as replay_record
from younuo.tui.describe import Reader, describe
from younuo.tui.words import Words

EXIT_OK = 0
EXIT_REFUSED = 1
EXIT_INVALID = 2
EXIT_CRASH = 3
RECORD_READER = Reader.record(Words("en"))
"""Who reads the report's events: a record's reader, in English (as the whole report)."""


def replay_command(
    file: Annotated[str, typer.Argument(help="The record to replay (JSON); '-' reads stdin.")],
    as_json: Annotated[
        bool,
        typer.Option("--json", help="Print one JSON object {ok, error, applied, state, events}."),
    ] = False,
) -> None:
    """Replay a game record and report the final state, or the first refused action."""
    name = "<stdin>" if file == "-" else file
    try:
        record = Record.from_json(_read(file))
        result = replay_record(record)
    except _Unreadable as exc:
        typer.echo(f"younuo replay: {exc}", err=True)
        raise typer.Exit(EXIT_INVALID) from None
    except RecordError as exc:
        typer.echo(f"younuo replay: {name} is not a valid game record: {exc.message}", err=True)
        typer.echo(f"  ({exc.code})", err=True)
        raise typer.Exit(EXIT_INVALID) from None
    except Exception:
        # Not the record's fault: keep it apart from a refusal (1) and an invalid record (2).
        typer.echo(traceback.format_exc(), err=True)
        typer.echo(f"younuo replay: internal error while replaying {name}", err=True)
        raise typer.Exit(EXIT_CRASH) from None
    if as_json:
        typer.echo(json.dumps(result.to_dict(), ensure_ascii=False))
    else:
        typer.echo(report(record, result))
    if not result.ok:
        raise typer.Exit(EXIT_REFUSED)


class _Unreadable(Exception):
    """The record file could not be read."""


def _read(file: str) -> bytes:
    if file == "-":
        return sys.stdin.buffer.read()
    try:
        return Path(file).read_bytes()
    except FileNotFoundError:
        raise _Unreadable(f"no such file: {file}") from None
    except OSError as exc:
        raise _Unreadable(f"cannot read {file}: {exc.strerror or exc}") from None


# ------------------------------------------------------------------ the readable report
def report(record: Record, result: ReplayResult) -> str:
    """The replay told for a person: table, deal, each action with what it did, the end."""
    lines = [
        f"Rules: {_rules(record)}",
        f"Players: {', '.join(record.players)} (seat order; {record.players[0]} hosts)",
    ]
    if record.teams is not None:
        lines.append("Teams: " + " against ".join(" + ".join(team) for team in record.teams))
    if record.setup is not None:
        seed = "" if record.seed is None else f", reshuffles from seed {record.seed}"
        lines.append(f"Start: explicit setup{seed}")
    else:
        lines.append(f"Start: dealt from seed {record.seed}")
    lines.append("")
    lines += _told(result.opening, "  ")
    for step in result.steps:
        lines.append(f"#{step.index} {describe_action(step.action)}")
        lines += _told(step.events, "    ")
    lines.append("")
    lines += _final(result.state)
    lines.append("")
    total = len(record.actions)
    if result.ok:
        lines.append(f"OK: all {total} actions applied.")
    else:
        error = result.error
        assert error is not None and result.refused is not None
        lines.append(
            f"REFUSED: action #{error['index']} ({describe_action(result.refused)}):"
            f" {error['message']} [{error['code']}]"
        )
        lines.append(
            f"{result.applied} of {total} actions applied; the state above is before the refusal."
        )
    return "\n".join(lines)


def _rules(record: Record) -> str:
    changes = record.rules.changes()
    preset = changes.pop("preset")
    if not changes:
        return f"{preset} preset"
    return f"{preset} preset with " + ", ".join(f"{k}={_value(v)}" for k, v in changes.items())


def _value(value: Any) -> str:
    return json.dumps(value) if isinstance(value, bool) else str(value)


def _told(events: tuple[Event, ...], indent: str) -> list[str]:
    lines: list[str] = []
    for event in events:
        lines += [indent + line for line in describe_event(event).splitlines()]
    return lines


def _final(state: dict[str, Any]) -> list[str]:
    out = [f"Final state: {state['status'].replace('_', ' ')}"]
    if state["status"] == "playing":
        direction = "clockwise" if state["direction"] == 1 else "anticlockwise"
        out.append(
            f"  {state['current']} to play; top card {state['discard_top']},"
            f" color {state['color']}, {direction}"
        )
        if state["pending_draw"]:
            out.append(f"  {state['pending_draw']} cards pending on {state['current']}")
    out.append(f"  draw pile: {state['pile_count']} cards")
    out.append("  hands:")
    width = max(len(name) for name in state["hands"])
    for name, cards in state["hands"].items():
        out.append(f"    {name:<{width}}  {len(cards):>2}: {' '.join(cards) or '-'}")
    if state["round_winner"] is not None:
        out.append(f"  round won by {state['round_winner']}, worth {state['round_points']} points")
    out.append("  scores: " + _scores(state["scores"]))
    if state["match_winner"] is not None:
        out.append(f"  match won by {state['match_winner']}")
    return out


def describe_action(action: Action) -> str:
    """``ann: play W+4 naming green``: one action in words."""
    who = action.player or "the server"
    kind = action.type.value.replace("_", " ")
    text = f"{who}: {kind}"
    if action.played:
        text += " " + _cards(action.played)
    if action.color is not None:
        text += f" naming {action.color.value}"
    if action.target is not None:
        swap = action.type is ActionType.PLAY
        text += f" swapping with {action.target}" if swap else f" {action.target}"
    return text


def describe_event(event: Event) -> str:
    """One event in words (several lines for a deal): the shared describer
    (:mod:`younuo.tui.describe`) in the record's voice, every card and reason known."""
    return describe(event.to_dict(), RECORD_READER)


def _cards(cards: tuple[Card, ...] | None) -> str:
    return "-" if not cards else " ".join(card.code for card in cards)


def _scores(scores: dict[str, int]) -> str:
    return ", ".join(f"{name} {points}" for name, points in scores.items())
