"""Run ``younuo serve`` with every match dealt from one seed (a test hook of tests/web).

The server draws each match's seed at random; the browser tests need the deal they
planned with the engine, so this launcher fixes the draw to ``YOUNUO_TEST_SEED`` and
then runs the real command line: ``python serve_seeded.py serve --port ...``.
"""

from __future__ import annotations

import os
import sys


class _FixedSeed:
    """Stands in for the ``secrets`` module inside ``younuo.server.match``."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def randbelow(self, _limit: int) -> int:
        return self.seed


def main() -> None:
    import younuo.server.match as match_module
    from younuo.cli import app

    seed = os.environ.get("YOUNUO_TEST_SEED")
    if seed is not None:
        match_module.secrets = _FixedSeed(int(seed))  # type: ignore[assignment]
    sys.argv[0] = "younuo"
    app()


if __name__ == "__main__":
    main()
