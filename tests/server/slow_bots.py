"""A real ``younuo serve`` whose ``hard`` bots think slowly, for tests/server/test_bot_threads.py.

``python slow_bots.py serve --host H --port P --data DIR``: the server of
``create_app`` on uvicorn, as ``younuo serve`` runs it, except that its bots are made
by :func:`make_slow_bot`: a ``hard`` bot burns ``SLOW_BOT_SECONDS`` (default 1) of
pure-Python CPU on every decision before choosing like ``normal``, the way a deep
search would. Settings come from the environment as usual (``YOUNUO_*``).
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path
from typing import Any

import uvicorn

from younuo.bots import Bot, NormalBot, make_bot
from younuo.engine import Action, PlayerView
from younuo.server.app import create_app
from younuo.server.settings import Settings

THINK = float(os.environ.get("SLOW_BOT_SECONDS", "1.0"))


class SlowBot(NormalBot):
    """``normal``'s choices after ``THINK`` seconds of busy computation (the GIL held)."""

    level = "hard"

    def decide(self, view: PlayerView, legal: list[Action]) -> Action | None:
        end = time.perf_counter() + THINK
        spins = 0
        while time.perf_counter() < end:
            spins += 1
        return super().decide(view, legal)


def make_slow_bot(level: str, seed: int, timing: Any) -> Bot:
    if level == "hard":
        return SlowBot(seed)
    return make_bot(level, seed=seed, timing=timing)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("command", choices=["serve"])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--data", type=Path)
    parser.add_argument("--db")
    args = parser.parse_args()
    settings = Settings.load(host=args.host, port=args.port, data=args.data, db=args.db)
    uvicorn.run(
        create_app(settings, bot_maker=make_slow_bot),
        host=settings.host,
        port=settings.port,
        log_level=settings.log_level.lower(),
        ws="websockets-sansio",
        ws_max_size=settings.max_frame_bytes,
    )


if __name__ == "__main__":
    main()
