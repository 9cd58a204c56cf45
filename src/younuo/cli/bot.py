"""``younuo bot``: one of the server's bot levels plays a match at a table over the network.

::

    younuo bot --server http://127.0.0.1:8000 --guest "Remote Hard" --level hard \\
        --quick-match classic --bots normal,normal,normal --option scoring=single

It signs in (the token of an account, read from ``--token-file PATH``, the environment
variable ``YOUNUO_BOT_TOKEN`` or ``--token``: :mod:`younuo.cli.tokensource`; or a new
guest named by ``--guest``), takes a
seat (``--quick-match PRESET``, ``--room ID``, ``--code CODE``, or the room the account
already sits in), plays one match as the bot of ``--level``
(:func:`younuo.client.run_bot` with :class:`younuo.client.LevelBot`) and prints the
result. As its room's
host (a quick match that finds no open room makes one) it seats the ``--bots``, sets
the ``--option``s and starts once enough players are ready. ``--server`` may be given
once per node of a deployment: the bot reconnects to the others when one goes.

Exit status: 0 when the match was played to its end, 1 when the server refused (a
token that opens nothing, a room that cannot be joined) or could not be reached, 2
for a mistake on the command line.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from younuo.cli.ruleoptions import rule_options
from younuo.cli.tokensource import ENV, TokenSourceError, from_options

if TYPE_CHECKING:
    from younuo.client import MatchOver

EXIT_OK = 0
EXIT_REFUSED = 1
EXIT_USAGE = 2


def bot_command(
    server: Annotated[
        list[str],
        typer.Option(
            "--server",
            "-s",
            help="The server (http://HOST:PORT); once per node of a deployment of several.",
        ),
    ],
    token: Annotated[
        str | None,
        typer.Option(
            "--token",
            "-t",
            help="The session token of the bot's account (shown in the process list:"
            f" prefer --token-file or {ENV}).",
        ),
    ] = None,
    token_file: Annotated[
        str | None,
        typer.Option(
            "--token-file",
            help=f"Read the token from this file ('-': standard input); else from {ENV}.",
        ),
    ] = None,
    guest: Annotated[
        str | None, typer.Option("--guest", "-g", help="Sign in as a new guest of this name.")
    ] = None,
    level: Annotated[
        str,
        typer.Option(
            "--level", "-l", help="The bot level: random, easy, normal, hard, expert, policy:FILE."
        ),
    ] = "normal",
    quick_match: Annotated[
        str | None,
        typer.Option("--quick-match", "-q", help="Quick-match in this preset ('any': any preset)."),
    ] = None,
    mode: Annotated[
        str | None, typer.Option("--mode", help="With --quick-match: ffa or teams.")
    ] = None,
    room: Annotated[str | None, typer.Option("--room", help="Join the room of this id.")] = None,
    code: Annotated[
        str | None, typer.Option("--code", help="Join the (private) room of this code.")
    ] = None,
    bots: Annotated[
        str,
        typer.Option(
            "--bots", help="As the room's host: seat bots of these levels (comma-separated)."
        ),
    ] = "",
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            help="As the room's host: a rule option KEY=VALUE (VALUE as JSON, else text);"
            " repeatable.",
        ),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the bot's choices.")] = 0,
    human: Annotated[
        bool, typer.Option("--human-timing", help="Wait the level's human-like delays.")
    ] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the match_over message as JSON.")
    ] = False,
) -> None:
    """Play one match as a bot of LEVEL at a table of a server, over the network."""
    try:
        chosen = from_options(token, token_file, guest)
    except TokenSourceError as exc:
        _fail(str(exc), EXIT_USAGE)
    for warning in chosen.warnings:
        typer.echo(f"younuo bot: warning: {warning}", err=True)
    try:
        options = rule_options(option or [])
    except ValueError as exc:
        _fail(str(exc), EXIT_USAGE)
    # Imported here: ``younuo --help`` and the other commands need none of it.
    from younuo.bots.registry import make_bot
    from younuo.client import ClientError, Host, LevelBot, Rest, RoomSettingsPatch, run_bot
    from younuo.client.addresses import ws_url

    try:
        for address in server:
            ws_url(address)
        for name in (level, *_levels(bots)):
            make_bot(name)
    except ValueError as exc:
        _fail(str(exc), EXIT_USAGE)

    async def run() -> MatchOver:
        session_token = chosen.token
        if guest is not None:
            async with Rest(server[0]) as rest:
                session_token = (await rest.guest(guest)).token
        assert session_token is not None
        player = LevelBot(level, seed=seed, timing="human" if human else None)
        settings = RoomSettingsPatch(options=options) if options else None
        return await run_bot(
            server,
            session_token,
            player.decide,
            observe=player.observe,
            quick_match=True if quick_match == "any" else (quick_match or False),
            mode=mode,
            room=room,
            code=code,
            host=Host(bots=_levels(bots), settings=settings),
        )

    try:
        result = asyncio.run(run())
    except ClientError as exc:
        _fail(str(exc), EXIT_REFUSED)
    except OSError as exc:
        _fail(f"cannot reach the server: {exc}", EXIT_REFUSED)
    if as_json:
        typer.echo(result.model_dump_json())
    else:
        typer.echo(report(result))


def report(result: MatchOver) -> str:
    """The result as lines of text: the winner, then each player's score and rating."""
    lines = [f"match {result.match}: {result.status}, winner {result.winner or 'none'}"]
    for row in result.results:
        change = f"{row.rating_change:+d}"
        rating = "" if row.rating is None else f", rating {row.rating} ({change})"
        lines.append(f"  {row.name}: {row.score} points{' (left)' if row.left else ''}{rating}")
    return "\n".join(lines)


def _levels(text: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in text.split(",") if part.strip())


def _fail(message: str, status: int) -> NoReturn:
    typer.echo(f"younuo bot: {message}", err=True)
    raise typer.Exit(status)


__all__ = ["bot_command", "report"]
