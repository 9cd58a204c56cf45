"""The ``younuo`` command line: one typer app, one module per command.

``younuo replay FILE`` replays a game record (docs/records.md), ``younuo serve`` runs the
server and web table, ``younuo simulate`` plays bots against each other, ``younuo admin
create NAME`` makes the first admin, ``younuo bot`` plays a bot over the network,
``younuo play`` is the terminal table. Each command
lives in its own module and is registered on :data:`app` here, so that ``younuo --help``
lists them all.
"""

from __future__ import annotations

import typer

from younuo.cli.admin import admin
from younuo.cli.bot import bot_command
from younuo.cli.play import play_command
from younuo.cli.replay import replay_command
from younuo.cli.serve import serve
from younuo.cli.simulate import simulate

app = typer.Typer(
    name="younuo",
    help="Younuo (優諾): rules engine, bots and server of an UNO-style card game.",
    no_args_is_help=True,
    add_completion=False,
)


@app.callback()
def _younuo() -> None:
    """Younuo (優諾): rules engine, bots and server of an UNO-style card game."""
    # A callback keeps ``younuo`` a group of commands even while it has only one,
    # so ``younuo replay FILE`` works the same before and after more are added.


app.command(name="bot")(bot_command)
app.command(name="play")(play_command)
app.command(name="replay")(replay_command)
app.command(name="serve")(serve)
app.command(name="simulate")(simulate)
app.add_typer(admin, name="admin")


def main() -> None:
    """Entry point of the ``younuo`` console script and of ``python -m younuo``."""
    app()


__all__ = ["app", "main"]
