"""What the adversarial suites share: the JSON edge cases, and checks on the server's answers.

The edge cases are what Python's ``json`` takes but pydantic, FastAPI's encoder or client
libraries do not (issue 24): the non-finite constants, numbers that only fit as an
infinite float, lone UTF-16 surrogates, very long strings and deep nesting. They are
raw JSON text, spliced into an otherwise valid message or body.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

EDGE_TOKENS = (
    "NaN",
    "Infinity",
    "-Infinity",
    "1e400",
    "-1e400",
    '"\\udfff"',
    '"a\\ud800"',
    '"\\ud800\\u0041"',
    '"漢字テスト\\udc00"',
    '{"\\ud83d": 1}',
    "9" * 5000,
    str(2**63),
    str(-(2**70)),
    '"' + "x" * 10_000 + '"',
    '"' + "漢" * 3000 + '"',
    "[" * 40 + "]" * 40,
    "[" * 5000 + "]" * 5000,
    '{"a":' * 40 + "1" + "}" * 40,
    "[NaN, Infinity]",
    '{"outfit": "red", "expression": NaN}',
    "null",
    "true",
    "-0",
    '""',
    "[]",
    "{}",
)
"""Raw JSON values: each is refused up front, or is valid JSON the models must judge."""

EXTREME_VALUES = (
    "1000000000000000",
    str(2**63),
    str(2**63 - 1),
    str(-(2**63) - 1),
    str(10**30),
    "-100000000000000",
    str(2**53 + 1),
    str(2**31),
    "-1",
    "0",
    "1e308",
    "-1e308",
    "5e-324",
    "-0.0",
    "1.5",
    '"9999-12-31"',
    '"0001-01-01"',
    '"9999-12-31T23:59:59+00:00"',
    '"9999-12-31T23:59:59-23:59"',
    '"0001-01-01T00:00:00+23:59"',
    '"2199-12-31T23:59:59+00:00"',
    '"2000-01-01T00:00:00Z"',
    '"23:59:59.999999"',
    '"1000000000000000"',
    '"-1"',
    '""',
    '"' + "9" * 400 + '"',
    "true",
    "null",
    "[]",
    "{}",
)
"""Raw JSON values at the ends of what numbers, dates and strings can be (issue 38): each
is refused with a 4xx by a model's bounds, or stored and served as any other value."""

EXTREME_QUERY = (
    "1000000000000000",
    str(2**63),
    str(10**30),
    "-100000000000000",
    "1e308",
    "-0",
    "9999-12-31",
    "0001-01-01T00:00:00+23:59",
    "9" * 400,
)
"""The same as query parameters' text."""

_HOLE = "\x00edge\x00"
_HOLE_JSON = json.dumps(_HOLE)

edge_tokens = st.sampled_from(EDGE_TOKENS)
extreme_values = st.sampled_from(EXTREME_VALUES)


def splice(value: Any, path: list[str | int], token: str) -> str:
    """The JSON text of ``value`` with the raw ``token`` at ``path`` (keys or indexes;
    a missing key is added, an empty path replaces the whole value)."""
    if not path:
        return token
    root = json.loads(json.dumps(value))
    node = root
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = _HOLE
    return json.dumps(root, ensure_ascii=False).replace(_HOLE_JSON, token, 1)


def paths(value: Any, prefix: list[str | int] | None = None) -> list[list[str | int]]:
    """Every place in ``value`` a token could go: each key and index, at any depth."""
    prefix = prefix or []
    out: list[list[str | int]] = [prefix]
    if isinstance(value, dict):
        for key, inner in value.items():
            out.extend(paths(inner, [*prefix, key]))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            out.extend(paths(inner, [*prefix, i]))
    return out


@st.composite
def spliced(draw: st.DrawFn, value: Any, keys: tuple[str, ...] = ()) -> str:
    """``value`` as JSON text with an edge token at some place in it, or under a key
    (of ``keys`` or a random one) of some object in it."""
    token = draw(edge_tokens)
    places = paths(value)
    where = draw(st.sampled_from(places))
    node = value
    for step in where:
        node = node[step]
    if isinstance(node, dict) and draw(st.booleans()):
        key = draw(st.sampled_from(keys) | st.text(max_size=8)) if keys else draw(st.text())
        where = [*where, key]
    return splice(value, where, token)


@st.composite
def extreme(draw: st.DrawFn, value: Any) -> str:
    """``value`` as JSON text with an extreme number, date or string in place of one of
    its values (or as the whole of it)."""
    token = draw(extreme_values)
    where = draw(st.sampled_from(paths(value)))
    return splice(value, where, token)


def traceback_free(log: Path) -> None:
    """The server's output (stdout and stderr) holds no traceback."""
    text = log.read_text(encoding="utf-8", errors="replace")
    assert "Traceback" not in text, text[text.index("Traceback") - 500 :][:4000]
