"""The client's ``chat`` message: a post to a room or a friend (docs/social.md)."""

from __future__ import annotations

from typing import Protocol

from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import Chat, ChatOut, ProtocolError
from younuo.server.realtime.client import Handlers, SocketClient
from younuo.store.models import Account


class ChatPosts(Protocol):
    """Where a chat message goes (social play's chat, ``server/social/chat.py``)."""

    async def post(self, me: Account, m: Chat) -> ChatOut:
        """Check, store and push a message; refused with a social error."""
        ...


class ChatHandlers:
    """``chat``, acked once the message is stored and pushed to its readers."""

    def __init__(self, client: SocketClient, chat: ChatPosts | None) -> None:
        self.client = client
        self.chat = chat

    def handlers(self) -> Handlers:
        """The handler of each message kind this class serves."""
        return {Chat: self.post}

    async def post(self, m: Chat) -> None:
        """Post to a room's chat: acked, and pushed as ``chat`` to its readers."""
        if self.chat is None:
            raise ProtocolError(ErrorCode.UNAVAILABLE, "chat is not served here", m.ref)
        await self.chat.post(self.client.me, m)
        self.client.ack(m.ref)


__all__ = ["ChatHandlers", "ChatPosts"]
