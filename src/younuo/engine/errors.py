"""Typed errors. Each carries a stable ``code`` for programs and a ``message`` for people."""

from __future__ import annotations


class YounuoError(Exception):
    """Base of every error the engine raises on purpose."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


class IllegalAction(YounuoError):
    """A well-formed action the rules refuse. The game is left exactly as it was."""


class RulesError(YounuoError):
    """An unknown option, a bad option value, or a table the rules cannot seat."""


class RecordError(YounuoError):
    """Input that is not well formed: a bad card code, color, player name, record field."""
