"""Servers dealt from fixed seeds, one per planned deal, started side by side (a server
takes seconds to start, mostly imports)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from server.harness import ServerProcess


@contextlib.contextmanager
def seeded_servers(folder: Path, seeds: Mapping[str, int]) -> Iterator[dict[str, str]]:
    """The base URL of a server dealing from each of ``seeds``, by its kind."""
    for kind in seeds:
        (folder / kind).mkdir(parents=True, exist_ok=True)
    started = {
        kind: ServerProcess(folder / kind, env={"YOUNUO_DEAL_SEED": str(seed)})
        for kind, seed in seeds.items()
    }
    with contextlib.ExitStack() as stack:
        with ThreadPoolExecutor(len(started)) as pool:
            for server in pool.map(stack.enter_context, started.values()):
                assert server.running
        yield {kind: server.http for kind, server in started.items()}
