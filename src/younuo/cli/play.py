"""``younuo play``: the terminal table, a full client in the terminal (Textual).

::

    younuo play --server http://127.0.0.1:8000 [--name Ann] [--token-file PATH] [--lang en]
        [--option scoring=single ...]

Sign in (``--name`` signs in at once as a new guest of that name; when the name is
taken the form says so and asks for another name, or for the password when the account
is yours; a token signs in at once too: ``--token-file PATH``, the environment variable
``YOUNUO_TOKEN``, or ``--token``, which the process list shows:
:mod:`younuo.cli.tokensource`; a registered account signs in with its name and password
in the form), pick or create a room (with the web's casual 30 s turn clock), add bots,
start and play, by keyboard only (``?`` lists the keys), in Traditional Chinese,
Simplified Chinese or English (``--lang``, else the locale's ``LANG``). ``--option
KEY=VALUE`` sets the rule options of the rooms it creates. docs/client.md, *The
terminal table*.
"""

from __future__ import annotations

import os
from typing import Annotated

import typer

from younuo.cli.ruleoptions import rule_options
from younuo.cli.tokensource import PLAY_ENV, from_options

EXIT_USAGE = 2


def play_command(
    server: Annotated[
        str, typer.Option("--server", "-s", help="The server (http://HOST:PORT).")
    ] = "http://127.0.0.1:8000",
    name: Annotated[
        str | None,
        typer.Option(
            "--name",
            "-n",
            help="Sign in at once as a new guest of this name (a taken name asks again).",
        ),
    ] = None,
    token: Annotated[
        str | None,
        typer.Option(
            "--token",
            "-t",
            help="The session token of an account (shown in the process list: prefer"
            f" --token-file or {PLAY_ENV}).",
        ),
    ] = None,
    token_file: Annotated[
        str | None,
        typer.Option(
            "--token-file",
            help=f"Read the token from this file ('-': standard input); else from {PLAY_ENV}.",
        ),
    ] = None,
    lang: Annotated[
        str | None,
        typer.Option("--lang", help="en, zh-Hant or zh-Hans (default: from LANG)."),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            help="A rule option KEY=VALUE of the rooms you create (VALUE as JSON, else"
            " text); repeatable.",
        ),
    ] = None,
) -> None:
    """Play at a table of a server in the terminal, by keyboard."""
    # Imported here: ``younuo --help`` and the other commands need none of it.
    from younuo.client import RoomSettingsPatch
    from younuo.client.addresses import ws_url
    from younuo.tui.app import PlayApp
    from younuo.tui.words import language

    try:
        ws_url(server)
        options = rule_options(option or [])
        chosen = from_options(token, token_file, None, env=PLAY_ENV, required=False)
    except ValueError as exc:  # TokenSourceError is one
        typer.echo(f"younuo play: {exc}", err=True)
        raise typer.Exit(EXIT_USAGE) from None
    for warning in chosen.warnings:
        typer.echo(f"younuo play: warning: {warning}", err=True)
    create = RoomSettingsPatch(options=options) if options else None
    app = PlayApp(
        server,
        lang=language(lang, os.environ),
        name=name,
        token=chosen.token,
        create=create,
    )
    app.run()


__all__ = ["play_command"]
