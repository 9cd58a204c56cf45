"""Where ``younuo bot`` reads its token from: a file, the environment, or (last) the command line.

A token on the command line (``--token``) is in the process list for every user of the
machine (``ps``, ``/proc/PID/cmdline``) for as long as the bot runs, and in the shell's
history. A file (``--token-file PATH``, ``-`` for standard input) or the environment
variable ``YOUNUO_BOT_TOKEN`` keep it out of both; ``--token`` still works, with a
warning. Which one applies is :func:`choose`, which reads nothing itself: the command
passes the file's text and the environment in.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

ENV = "YOUNUO_BOT_TOKEN"
"""The environment variable a bot's token may come from."""

CMDLINE_WARNING = (
    "--token puts the token in the process list (ps) and the shell history:"
    f" prefer --token-file PATH or the environment variable {ENV}"
)
"""Said on standard error when the token comes from the command line."""


class TokenSourceError(ValueError):
    """The token's sources contradict each other, or the one given holds no token."""


@dataclass(frozen=True, slots=True)
class Chosen:
    """The token to sign in with (None: sign in as a new guest) and warnings to show."""

    token: str | None
    warnings: tuple[str, ...] = ()


def choose(
    *,
    token: str | None,
    token_file_text: str | None,
    guest: str | None,
    environ: Mapping[str, str],
    file_warning: str | None = None,
) -> Chosen:
    """The token from exactly one explicit source (``--token``, ``--token-file`` read as
    ``token_file_text``, or ``--guest``), else from ``environ[ENV]``.

    An explicit source wins over the environment (a variable exported long ago must not
    silently override what the command line says); two explicit sources, none at all, or
    a source that holds an empty token raise :class:`TokenSourceError`.
    """
    given = [
        name
        for name, value in (
            ("--token", token),
            ("--token-file", token_file_text),
            ("--guest", guest),
        )
        if value is not None
    ]
    if len(given) > 1:
        raise TokenSourceError(f"give only one of {', '.join(given)}")
    if guest is not None:
        return Chosen(None)
    if token is not None:
        return Chosen(_clean(token, "--token"), (CMDLINE_WARNING,))
    if token_file_text is not None:
        warnings = (file_warning,) if file_warning else ()
        return Chosen(_clean(token_file_text, "the token file"), warnings)
    if ENV in environ:
        return Chosen(_clean(environ[ENV], ENV))
    raise TokenSourceError(f"give --token-file PATH, {ENV}, --token or --guest")


def _clean(text: str, where: str) -> str:
    """The token in ``text``: its first line, without surrounding white space (an editor's
    final newline is not part of it)."""
    lines = text.strip().splitlines()
    value = lines[0].strip() if lines else ""
    if not value:
        raise TokenSourceError(f"{where} holds no token")
    return value


def read_token_file(path: str) -> tuple[str, str | None]:
    """The text of ``path`` (``-``: standard input) and a warning when others may read it.

    Raises :class:`TokenSourceError` for a file that cannot be read.
    """
    if path == "-":
        return sys.stdin.read(), None
    try:
        file = Path(path)
        text = file.read_text(encoding="utf-8")
        mode = file.stat().st_mode
    except (OSError, UnicodeDecodeError) as exc:
        raise TokenSourceError(f"cannot read the token file {path}: {exc}") from None
    warning = None
    if os.name == "posix" and mode & (stat.S_IRWXG | stat.S_IRWXO):
        warning = f"{path} may be read by other users: chmod 600 {path}"
    return text, warning


__all__ = [
    "CMDLINE_WARNING",
    "ENV",
    "Chosen",
    "TokenSourceError",
    "choose",
    "read_token_file",
]
