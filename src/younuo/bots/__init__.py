"""Bots: players that see only their seat's view and choose among the legal actions.

::

    from younuo.bots import make_bot
    bot = make_bot("hard", seed=1)
    bot.reset("ann")
    bot.observe([game.redact(e, "ann") for e in events])
    action = bot.choose(game.view("ann"), game.legal_actions("ann"))  # None: nothing now

Levels: ``random``, ``easy``, ``normal``, ``hard``, ``expert`` (see ``docs/bots.md``).
"""

from younuo.bots.base import Bot, BotError
from younuo.bots.expert import ExpertBot
from younuo.bots.hard import HardBot
from younuo.bots.memory import Memory
from younuo.bots.normal import NormalBot
from younuo.bots.registry import LEVELS, make_bot
from younuo.bots.simple import EasyBot, RandomBot
from younuo.bots.timing import HUMAN, NO_DELAY, Timing, human_timing

__all__ = [
    "HUMAN",
    "LEVELS",
    "NO_DELAY",
    "Bot",
    "BotError",
    "EasyBot",
    "ExpertBot",
    "HardBot",
    "Memory",
    "NormalBot",
    "RandomBot",
    "Timing",
    "human_timing",
    "make_bot",
]
