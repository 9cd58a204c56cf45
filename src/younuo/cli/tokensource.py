"""Where ``younuo bot`` and ``younuo play`` read a token from: a file, the environment, or
(last) the command line.

A token on the command line (``--token``) is in the process list for every user of the
machine (``ps``, ``/proc/PID/cmdline``) for as long as the bot runs, and in the shell's
history. A file (``--token-file PATH``, ``-`` for standard input) or the environment
variable ``YOUNUO_BOT_TOKEN`` keep it out of both; ``--token`` still works, with a
warning. ``younuo play`` reads ``YOUNUO_TOKEN`` (:data:`PLAY_ENV`) the same way, and
without any source shows its sign-in form. Which one applies is :func:`choose`, which
reads nothing itself: the command passes the file's text and the environment in.
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

PLAY_ENV = "YOUNUO_TOKEN"
"""The environment variable the terminal table's token may come from."""


def cmdline_warning(env: str = ENV) -> str:
    """Said on standard error when the token comes from the command line."""
    return (
        "--token puts the token in the process list (ps) and the shell history:"
        f" prefer --token-file PATH or the environment variable {env}"
    )


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
    env: str = ENV,
    required: bool = True,
) -> Chosen:
    """The token from exactly one explicit source (``--token``, ``--token-file`` read as
    ``token_file_text``, or ``--guest``), else from ``environ[env]``.

    An explicit source wins over the environment (a variable exported long ago must not
    silently override what the command line says); two explicit sources, or a source
    that holds an empty token, raise :class:`TokenSourceError`, and so does no source at
    all when ``required`` (else the token is None: ``younuo play`` then asks).
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
        return Chosen(_clean(token, "--token"), (cmdline_warning(env),))
    if token_file_text is not None:
        warnings = (file_warning,) if file_warning else ()
        return Chosen(_clean(token_file_text, "the token file"), warnings)
    if env in environ:
        return Chosen(_clean(environ[env], env))
    if not required:
        return Chosen(None)
    raise TokenSourceError(f"give --token-file PATH, {env}, --token or --guest")


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


def from_options(
    token: str | None,
    token_file: str | None,
    guest: str | None,
    *,
    env: str = ENV,
    required: bool = True,
) -> Chosen:
    """:func:`choose` over a command's options: reads ``token_file`` (if given) and the
    process's environment. Raises :class:`TokenSourceError` as :func:`choose` does, and
    for a file that cannot be read."""
    text, file_warning = read_token_file(token_file) if token_file else (None, None)
    return choose(
        token=token,
        token_file_text=text,
        guest=guest,
        environ=os.environ,
        file_warning=file_warning,
        env=env,
        required=required,
    )


__all__ = [
    "ENV",
    "PLAY_ENV",
    "Chosen",
    "TokenSourceError",
    "choose",
    "cmdline_warning",
    "from_options",
    "read_token_file",
]
