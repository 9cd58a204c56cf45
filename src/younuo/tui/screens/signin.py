"""The sign-in screen: a nickname (a new guest account) or a session token."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Input

from younuo.client import ClientError
from younuo.tui.plain import Plain
from younuo.tui.screens.base import Base


class SignInScreen(Base):
    """Type a nickname (or paste a token) and press Enter; Tab moves between fields."""

    def compose(self) -> ComposeResult:
        words = self.words
        yield self.conn_line()
        yield Plain(words("signin.login"), classes="title")
        yield Plain(words("tui.signin.name"))
        yield Input(value=self.host.given_name or "", id="name")
        yield Plain(words("tui.signin.token"))
        yield Input(value=self.host.given_token or "", id="token", password=True)
        yield self.say_line()
        yield Plain(words("tui.signin.hint"), classes="keys")

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()

    async def on_input_submitted(self, _event: Input.Submitted) -> None:
        name = self.query_one("#name", Input).value.strip()
        token = self.query_one("#token", Input).value.strip()
        if not name and not token:
            self.host.say(self.words("tui.signin.need"))
            return
        try:
            await self.host.sign_in(name, token)
        except ClientError as exc:
            self.host.say(self.words("tui.error.unreachable", reason=str(exc)))
        except OSError as exc:
            self.host.say(self.words("tui.error.unreachable", reason=str(exc)))


__all__ = ["SignInScreen"]
