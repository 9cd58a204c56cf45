"""The balancer rule of docs/deploy.md ("Several nodes"), read from that page, so that the
nginx the multi-node tests run and the configuration operators copy cannot drift apart.

:func:`documented_balancer` takes the page's ``nginx`` block with ``upstream younuo``
and returns what a test's nginx needs from it: the upstream's balancing directives
(``hash $arg_room consistent;``), the parameters of each ``server`` line, and the body
of ``location /``. The addresses, ports, TLS and ``server_name`` stay the test's own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

DEPLOY_MD = Path(__file__).resolve().parents[2] / "docs" / "deploy.md"


@dataclass(frozen=True)
class Balancer:
    """The documented nginx rule, without its addresses."""

    directives: tuple[str, ...]
    """The ``upstream`` block's lines other than ``server`` (the balancing method)."""
    server_params: str
    """What follows the address on each ``server`` line (``max_fails=1 …``)."""
    location: tuple[str, ...]
    """The directives of ``location /`` (``proxy_pass http://younuo;`` among them)."""


def _block(lines: list[str], opening: str) -> list[str]:
    """The lines between ``opening {`` and its closing brace (one level deep)."""
    start = next(i for i, line in enumerate(lines) if line.startswith(opening + " {"))
    end = next(i for i in range(start + 1, len(lines)) if lines[i] == "}")
    return lines[start + 1 : end]


def documented_balancer(page: Path = DEPLOY_MD) -> Balancer:
    """The rule of the ``nginx`` block of ``page`` that defines ``upstream younuo``."""
    text = page.read_text(encoding="utf-8")
    blocks = re.findall(r"```nginx\n(.*?)```", text, flags=re.DOTALL)
    block = next(b for b in blocks if "upstream younuo {" in b)
    lines = [line.strip() for line in block.splitlines()]
    lines = [line for line in lines if line and not line.startswith("#")]
    upstream = _block(lines, "upstream younuo")
    servers = [line for line in upstream if line.startswith("server ")]
    params = {line.removesuffix(";").split(None, 2)[2] for line in servers}
    if len(params) != 1:
        raise ValueError(f"the documented servers differ in their parameters: {params}")
    directives = tuple(line for line in upstream if not line.startswith("server "))
    location_start = lines.index("location / {")
    location_end = lines.index("}", location_start)
    location = tuple(lines[location_start + 1 : location_end])
    return Balancer(directives, params.pop(), location)


__all__ = ["DEPLOY_MD", "Balancer", "documented_balancer"]
