"""The sign-in screen: a nickname (a new guest account), a registered account's name and
password, or a session token. A name or token given on the command line signs in at
once; when the server refuses (a nickname taken by someone else, a wrong password), the
form stays filled in and says why, so the player picks another name or adds the
password of their account."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Input

from younuo.client import ClientError, ServerError
from younuo.protocol.errors import ErrorCode
from younuo.tui.plain import Plain
from younuo.tui.screens.base import Base


class SignInScreen(Base):
    """Type a nickname (or a name and password, or paste a token) and press Enter; Tab
    moves between fields."""

    def compose(self) -> ComposeResult:
        words = self.words
        yield self.conn_line()
        yield Plain(words("signin.login"), classes="title")
        yield Plain(words("tui.signin.name"))
        yield Input(value=self.host.given_name or "", id="name")
        yield Plain(words("tui.signin.password"))
        yield Input(id="password", password=True)
        yield Plain(words("tui.signin.token"))
        yield Input(value=self.host.given_token or "", id="token", password=True)
        yield self.say_line()
        yield Plain(words("tui.signin.hint"), classes="keys")

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()
        if self.host.given_name or self.host.given_token:
            # --name (or a token) signs in rather than only filling the form in.
            self.run_worker(self.submit(), exit_on_error=False)

    async def on_input_submitted(self, _event: Input.Submitted) -> None:
        await self.submit()

    async def submit(self) -> None:
        """Sign in with what the form holds, or say why not."""
        name = self.query_one("#name", Input).value.strip()
        password = self.query_one("#password", Input).value
        token = self.query_one("#token", Input).value.strip()
        if not name and not token:
            self.host.say(self.words("tui.signin.need"))
            return
        try:
            await self.host.sign_in(name, token, password)
        except ServerError as exc:
            self.host.say(self.refusal(exc))
        except (ClientError, OSError) as exc:
            self.host.say(self.words("tui.error.unreachable", reason=str(exc)))

    def refusal(self, exc: ServerError) -> str:
        """The server's refusal in the reader's words (a taken name says what to do)."""
        if exc.code == ErrorCode.NAME_TAKEN:
            return self.words("tui.signin.taken")
        key = f"err.{exc.code}"
        if self.words.has(key):
            return self.words(key)
        return self.words("tui.error", code=exc.code, message=exc.message)


__all__ = ["SignInScreen"]
