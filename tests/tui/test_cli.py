"""``younuo play`` on the command line: registered, and a bad option or server address
refused with exit status 2 before any terminal screen starts."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from younuo.cli import app


def test_play_is_a_command() -> None:
    result = CliRunner().invoke(app, ["play", "--help"])
    assert result.exit_code == 0
    assert "--server" in result.output and "--lang" in result.output


def test_a_bad_option_or_address_is_a_usage_error() -> None:
    runner = CliRunner()
    bad_option = runner.invoke(app, ["play", "--option", "novalue"])
    assert bad_option.exit_code == 2
    assert "KEY=VALUE" in bad_option.output
    bad_server = runner.invoke(app, ["play", "--server", "ftp://nowhere"])
    assert bad_server.exit_code == 2


def test_the_token_comes_from_one_source_and_a_missing_file_is_a_usage_error(
    tmp_path: Path,
) -> None:
    runner = CliRunner()
    token_file = tmp_path / "token"
    token_file.write_text("abc\n")
    both = runner.invoke(app, ["play", "--token", "x", "--token-file", str(token_file)])
    assert both.exit_code == 2
    assert "give only one of --token, --token-file" in both.output
    missing = runner.invoke(app, ["play", "--token-file", str(tmp_path / "nothing")])
    assert missing.exit_code == 2
    assert "cannot read the token file" in missing.output
    assert "--token-file" in runner.invoke(app, ["play", "--help"]).output
