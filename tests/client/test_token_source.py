"""``younuo bot`` reads its token from a file or the environment, so that it is not in the
process list (issue 38, item 5): the choice of source (pure), and the command signing in
with a token from each source against a real server."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from server.harness import ServerProcess
from younuo.cli import app
from younuo.cli.tokensource import (
    ENV,
    PLAY_ENV,
    TokenSourceError,
    choose,
    cmdline_warning,
    read_token_file,
)


def test_a_file_or_the_environment_gives_the_token_without_a_warning() -> None:
    from_file = choose(token=None, token_file_text="abc\n", guest=None, environ={})
    assert from_file.token == "abc" and from_file.warnings == ()
    from_env = choose(token=None, token_file_text=None, guest=None, environ={ENV: " xyz "})
    assert from_env.token == "xyz" and from_env.warnings == ()


def test_the_command_line_still_works_with_a_warning() -> None:
    chosen = choose(token="abc", token_file_text=None, guest=None, environ={})
    assert chosen.token == "abc" and chosen.warnings == (cmdline_warning(),)


def test_the_terminal_table_reads_its_own_variable_and_asks_without_a_source() -> None:
    chosen = choose(
        token=None, token_file_text=None, guest=None, environ={PLAY_ENV: "t1"}, env=PLAY_ENV,
        required=False,
    )  # fmt: skip
    assert chosen.token == "t1" and chosen.warnings == ()
    none = choose(
        token=None, token_file_text=None, guest=None, environ={ENV: "bot's"}, env=PLAY_ENV,
        required=False,
    )  # fmt: skip
    assert none.token is None  # the bot's variable is not the player's: the form asks
    cmdline = choose(
        token="t2", token_file_text=None, guest=None, environ={}, env=PLAY_ENV, required=False
    )
    assert cmdline.warnings == (cmdline_warning(PLAY_ENV),) and PLAY_ENV in cmdline.warnings[0]


def test_an_explicit_source_wins_over_the_environment() -> None:
    env = {ENV: "from-env"}
    assert choose(token=None, token_file_text="f", guest=None, environ=env).token == "f"
    assert choose(token="t", token_file_text=None, guest=None, environ=env).token == "t"
    assert choose(token=None, token_file_text=None, guest="Ann", environ=env).token is None


@pytest.mark.parametrize(
    ("token", "text", "guest"),
    [("t", "f", None), ("t", None, "Ann"), (None, "f", "Ann"), ("t", "f", "Ann")],
)
def test_two_explicit_sources_are_refused(
    token: str | None, text: str | None, guest: str | None
) -> None:
    with pytest.raises(TokenSourceError, match="only one of"):
        choose(token=token, token_file_text=text, guest=guest, environ={})


@pytest.mark.parametrize(
    ("text", "environ"), [("", {}), ("  \n\n", {}), (None, {ENV: ""}), (None, {})]
)
def test_no_token_anywhere_is_refused(text: str | None, environ: dict[str, str]) -> None:
    with pytest.raises(TokenSourceError):
        choose(token=None, token_file_text=text, guest=None, environ=environ)


def test_the_first_line_of_a_file_is_the_token(tmp_path: Path) -> None:
    path = tmp_path / "token"
    path.write_text("  tok-123  \nsecond line\n")
    path.chmod(0o600)
    text, warning = read_token_file(str(path))
    assert warning is None
    assert choose(token=None, token_file_text=text, guest=None, environ={}).token == "tok-123"


def test_a_file_others_may_read_is_warned_of_and_a_missing_one_refused(tmp_path: Path) -> None:
    path = tmp_path / "token"
    path.write_text("tok")
    path.chmod(0o644)
    _text, warning = read_token_file(str(path))
    assert warning is not None and "chmod 600" in warning
    with pytest.raises(TokenSourceError, match="cannot read"):
        read_token_file(str(tmp_path / "absent"))


def test_younuo_bot_signs_in_with_the_token_of_a_file_or_the_environment(
    server: ServerProcess, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A token that opens nothing, from each source, reaches the server (refused: exit 1);
    a real token from the file signs in (the bot then waits in no room: refused by the
    server for the room id that does not exist, exit 1 with that reason)."""
    monkeypatch.delenv(ENV, raising=False)
    path = tmp_path / "token"
    path.write_text("nope\n")
    path.chmod(0o600)
    by_file = CliRunner().invoke(
        app, ["bot", "--server", server.http, "--token-file", str(path), "-q", "any"]
    )
    assert by_file.exit_code == 1 and "refused the token" in by_file.output
    assert "warning" not in by_file.output
    monkeypatch.setenv(ENV, "nope")
    by_env = CliRunner().invoke(app, ["bot", "--server", server.http, "-q", "any"])
    assert by_env.exit_code == 1 and "refused the token" in by_env.output
    by_flag = CliRunner().invoke(app, ["bot", "--server", server.http, "-t", "nope", "-q", "any"])
    assert by_flag.exit_code == 1 and "process list" in by_flag.output

    guest = httpx.post(f"{server.http}/api/auth/guest", json={"name": "Filed"}, timeout=10)
    path.write_text(guest.json()["token"] + "\n")
    signed_in = CliRunner().invoke(
        app, ["bot", "--server", server.http, "--token-file", str(path), "--room", "r-none"]
    )
    assert signed_in.exit_code == 1, signed_in.output
    assert "refused the token" not in signed_in.output and "room" in signed_in.output

    both = CliRunner().invoke(
        app, ["bot", "--server", server.http, "--token-file", str(path), "--guest", "X"]
    )
    assert both.exit_code == 2 and "only one of" in both.output
    monkeypatch.delenv(ENV)
    none = CliRunner().invoke(app, ["bot", "--server", server.http])
    assert none.exit_code == 2 and ENV in none.output
