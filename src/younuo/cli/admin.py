"""``younuo admin``: administration from the server's own machine.

``younuo admin create NAME`` makes the registered account NAME an admin, creating it
first when there is none (the password is asked for, or read from standard input with
``--password-stdin``). It is how the first admin comes to be: later ones are made by an
admin, in the web client or through ``POST /api/admin/accounts/{id}/role``. It reads the
same settings as ``younuo serve`` (``--data``, ``--db``, ``--config``, ``YOUNUO_*``), and
writes the change to the audit log with no actor (the command line).
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Annotated

import typer

admin = typer.Typer(help="Administration from the server's machine.", no_args_is_help=True)


@admin.command()
def create(
    name: Annotated[str, typer.Argument(help="The registered name to make an admin.")],
    data: Annotated[
        Path | None, typer.Option(help="Data directory of the SQLite database (default ./data).")
    ] = None,
    db: Annotated[str | None, typer.Option(help="Database URL instead of SQLite.")] = None,
    config: Annotated[Path | None, typer.Option(help="A TOML file of settings.")] = None,
    password_stdin: Annotated[
        bool, typer.Option("--password-stdin", help="Read a new account's password from stdin.")
    ] = False,
) -> None:
    """Make NAME an admin (created as a registered account if it does not exist)."""
    from younuo.server.accounts.auth import hash_password
    from younuo.server.admin.service import Admin, AdminError, admin_name, admin_password
    from younuo.server.settings import Settings
    from younuo.store import Database
    from younuo.store import accounts as repo

    try:
        settings = Settings.load(config, data=data, db=db)
        name = admin_name(name)
    except (FileNotFoundError, ValueError, AdminError) as exc:
        typer.echo(f"younuo admin: {exc}", err=True)
        raise typer.Exit(2) from None

    async def run() -> tuple[str, bool]:
        database = Database.from_url(settings.database_url)
        try:
            await database.migrate()
            async with database.session() as s:
                exists = await repo.by_name(s, name) is not None
            hashed = None
            if not exists:
                if password_stdin:
                    password = sys.stdin.readline().rstrip("\n")
                else:
                    password = typer.prompt(
                        f"password for the new account {name}",
                        hide_input=True,
                        confirmation_prompt=True,
                    )
                hashed = hash_password(admin_password(password))
            account, created = await Admin(database).create_admin(name, hashed)
            return account.id, created
        finally:
            await database.close()

    try:
        account_id, created = asyncio.run(run())
    except AdminError as exc:
        typer.echo(f"younuo admin: {exc.message}", err=True)
        raise typer.Exit(2) from None
    what = "created and made an admin" if created else "made an admin"
    typer.echo(f"{name} ({account_id}) {what}")
