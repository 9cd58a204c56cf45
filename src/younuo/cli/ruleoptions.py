"""Rule options given on the command line as ``KEY=VALUE`` (``younuo bot``, ``younuo play``)."""

from __future__ import annotations

import json
from typing import Any


def rule_options(pairs: list[str]) -> dict[str, Any]:
    """``KEY=VALUE`` pairs as rule options: a VALUE that reads as JSON is that value, any
    other is the text itself (``stacking=true``, ``target=300``, ``preset=younuo``)."""
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"an option is KEY=VALUE, not {pair!r}")
        try:
            out[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            out[key.strip()] = value
    return out


__all__ = ["rule_options"]
