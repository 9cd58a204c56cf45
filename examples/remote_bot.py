"""A remote bot: signs in as a guest, quick-matches, plays one whole match, exits 0.

    uv run python examples/remote_bot.py --server http://127.0.0.1:8000

Where the quick match finds no open room it makes one: as its host the bot seats three
``normal`` bots and plays a one-round match (scoring ``single``). It says what it is
doing on stderr while it waits and plays (signed in, looking for a table, each round,
the match's end); the result is the one line on stdout. docs/client.md.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any

from younuo.client import Host, Rest, RoomSettingsPatch, State, Update, run_bot


def decide(view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    """UNO when offered; on the turn a colored card, else a wild, a color, draw or pass."""
    uno = [a for a in legal if a["type"] == "uno"]
    if uno or view["current"] != view["player"]:
        return uno[0] if uno else None
    turn = [a for a in legal if a["type"] == "play" and "color" not in a]
    turn += [a for a in legal if a["type"] in ("play", "choose_color", "draw", "pass")]
    return turn[0] if turn else None


def progress(message: str) -> None:
    """A line of progress on stderr (stdout keeps the result alone)."""
    print(message, file=sys.stderr, flush=True)


def observe(frame: State | Update) -> None:
    """Say when the bot reaches a table and when each round starts and ends."""
    if isinstance(frame, State):
        progress(f"at the table of match {frame.match}: {', '.join(frame.view['players'])}")
    for event in frame.events:
        if event["type"] == "round_start":
            progress(f"round {event.get('round', '?')} starts")
        elif event["type"] == "round_over":
            progress(f"round won by {event.get('player')}")


async def main(server: str) -> None:
    async with Rest(server) as rest:
        session = await rest.guest("Remote bot")
    progress(f"signed in as {session.account.name}; looking for a classic table…")
    host = Host(bots=("normal",) * 3, settings=RoomSettingsPatch(options={"scoring": "single"}))
    result = await run_bot(
        server, session.token, decide, observe=observe, quick_match="classic", host=host
    )
    print(f"winner {result.winner}:", ", ".join(f"{r.name} {r.score}" for r in result.results))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="A remote Younuo bot plays one match.")
    parser.add_argument("--server", default="http://127.0.0.1:8000")
    asyncio.run(main(parser.parse_args().server))
