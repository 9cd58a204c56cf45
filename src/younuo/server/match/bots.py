"""Bots at the table: each seat's bot decides in a worker thread, never on the event loop.

A ``hard`` bot searches for tens of milliseconds per decision, and a bot level added
later may take longer. On the event loop that time would hold up every other table
of the server; so :class:`BotSeat` hands ``choose`` (and the human-like delay) to a
thread pool and the loop goes on serving while the bot thinks.

One bot is never used by two threads at once: a seat thinks one decision at a time
(a newer decision waits for the one in progress), and the events the seat sees while
its bot thinks are kept and given to the bot as soon as it is done, in order. Every
touch of the bot outside the worker happens on the event loop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from typing import Any

from younuo.bots import Bot
from younuo.engine import Action, Event, PlayerView

Decision = tuple[Action | None, float]
"""What a bot chose (None: nothing now) and the seconds to wait before sending it."""

BotMaker = Callable[[str, int, Any], Bot]
"""Makes a bot: ``(level, seed, timing)`` as :func:`younuo.bots.make_bot` takes them."""


class BotSeat:
    """The bot that plays (or may play) one seat of a match."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self._thinking: asyncio.Future[Decision] | None = None
        self._backlog: list[Event] = []

    @property
    def thinking(self) -> bool:
        """Whether a decision is running in a worker thread now."""
        return self._thinking is not None

    def observe(self, events: Iterable[Event]) -> None:
        """Give the bot events (redacted for its seat), now or once it has decided."""
        if self._thinking is None:
            self.bot.observe(events)
        else:
            self._backlog.extend(events)

    async def decide(
        self, view: PlayerView, legal: Sequence[Action], executor: Executor, human: bool
    ) -> Decision:
        """The bot's choice for ``view`` and its delay (0 unless ``human``), off the loop.

        Cancelling the caller does not stop the thread: the seat stays busy until the
        bot is done, so a later decision never runs on the same bot at the same time.
        """
        while self._thinking is not None:
            await asyncio.wait({self._thinking})
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(executor, _decide, self.bot, view, tuple(legal), human)
        self._thinking = future
        future.add_done_callback(self._done)
        return await asyncio.shield(future)

    def _done(self, future: asyncio.Future[Decision]) -> None:
        self._thinking = None
        if not future.cancelled():
            future.exception()  # retrieved here: a cancelled caller may never look
        if self._backlog:
            events, self._backlog = self._backlog, []
            self.bot.observe(events)


def _decide(bot: Bot, view: PlayerView, legal: tuple[Action, ...], human: bool) -> Decision:
    """Runs in a worker thread."""
    action = bot.choose(view, legal)
    delay = bot.delay(action, view) if human and action is not None else 0.0
    return action, delay


__all__ = ["BotMaker", "BotSeat", "Decision"]
