"""The server's JSON policy, one for REST bodies and WebSocket frames (docs/protocol.md §2).

Python's ``json`` accepts more than JSON: ``NaN``, ``Infinity`` and ``-Infinity``, numbers
such as ``1e400`` that only fit as an infinite float, and strings holding lone UTF-16
surrogates (``"\\ud800"``), which no UTF-8 encoder, pydantic, or most client libraries
take. :func:`loads` refuses all of these up front, and values nested deeper than
:data:`MAX_DEPTH`, so that nothing past the decoder ever sees them. Given bytes (a REST
body, a binary frame), ``json`` would also guess UTF-16 or UTF-32 from the first bytes:
bytes are UTF-8 here and nothing else, as docs/protocol.md says.

Going out, :func:`dumps` never fails: whatever reaches it (a message built from a value
that slipped past a check, an engine message quoting it) is made JSON-safe first:
non-finite floats become ``null``, lone surrogates U+FFFD, anything else its ``str``.
"""

from __future__ import annotations

import json
import math
from typing import Any

MAX_DEPTH = 32
"""Arrays and objects nest at most this deep (no message of the protocol needs 5)."""

_COMPACT = (",", ":")


class BadJson(json.JSONDecodeError):
    """Text that is not JSON under the server's policy; ``msg`` says why, quoting none of it.

    A :class:`json.JSONDecodeError`, so that FastAPI answers it as a body that does not
    decode (``json_invalid``) wherever it is raised while reading a request.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason, "", 0)
        self.reason = reason

    def __str__(self) -> str:
        return self.reason

    def __reduce__(self) -> tuple[type[BadJson], tuple[str]]:
        return (BadJson, (self.reason,))


def _refuse_constant(name: str) -> Any:
    raise BadJson(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise BadJson("a number is out of range")
    return value


def loads(data: str | bytes) -> Any:
    """The JSON value in ``data``; raises :class:`BadJson` (and nothing else) for anything
    outside the policy: not JSON, non-finite numbers, lone surrogates, nesting deeper than
    :data:`MAX_DEPTH`; bytes that are not UTF-8 (no UTF-16 or UTF-32 guessing)."""
    if isinstance(data, bytes | bytearray):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise BadJson("the bytes are not UTF-8") from None
    try:
        value = json.loads(data, parse_constant=_refuse_constant, parse_float=_finite)
    except BadJson:
        raise
    except json.JSONDecodeError as exc:
        raise BadJson(f"{exc.msg} at character {exc.pos}") from None
    except RecursionError:
        raise BadJson(f"the value is nested more than {MAX_DEPTH} levels deep") from None
    except (ValueError, UnicodeDecodeError):
        # Undecodable bytes, or an integer of more digits than Python converts.
        raise BadJson("the text is not valid UTF-8 JSON") from None
    _check(value)
    return value


def _check(value: Any) -> None:
    """Refuse lone surrogates (in keys too) and deep nesting, walking without recursion."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if not _clean(item):
                raise BadJson("a string holds a lone UTF-16 surrogate")
        elif isinstance(item, dict | list):
            if depth >= MAX_DEPTH:
                raise BadJson(f"the value is nested more than {MAX_DEPTH} levels deep")
            if isinstance(item, dict):
                for key, inner in item.items():
                    if not _clean(key):
                        raise BadJson("a string holds a lone UTF-16 surrogate")
                    stack.append((inner, depth + 1))
            else:
                stack.extend((inner, depth + 1) for inner in item)


def _clean(text: str) -> bool:
    """``text`` encodes as UTF-8: it holds no lone surrogate."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def safe_text(text: str) -> str:
    """``text`` with each lone surrogate replaced by U+FFFD (a split pair is joined)."""
    if _clean(text):
        return text
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def json_safe(value: Any) -> Any:
    """A copy of ``value`` that :func:`json.dumps` encodes as strict JSON."""
    if value is None or isinstance(value, bool | int):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, str):
        return safe_text(value)
    if isinstance(value, dict):
        return {safe_text(str(key)): json_safe(inner) for key, inner in value.items()}
    if isinstance(value, list | tuple):
        return [json_safe(inner) for inner in value]
    return safe_text(str(value))


def dumps(value: Any) -> str:
    """Compact JSON text of ``value`` that every client decodes; never raises."""
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False, separators=_COMPACT)
        if _clean(text):
            return text
    except (ValueError, TypeError, RecursionError):
        pass
    try:
        return json.dumps(json_safe(value), ensure_ascii=False, separators=_COMPACT)
    except RecursionError:
        return "null"


__all__ = ["MAX_DEPTH", "BadJson", "dumps", "json_safe", "loads", "safe_text"]
