"""The word filter: refuses free text that contains a listed word, in zh-Hant, zh-Hans, en.

Both the list and the message are normalised the same way before matching, so the usual
tricks do not slip through: Unicode NFKC folds full-width letters and digits to
half-width (``ＦＵＣＫ`` is ``FUCK``), case is folded, and every character that is not a
letter or digit is dropped (``f u-c_k`` and ``傻 . 瓜`` match). Chinese words are listed in
both scripts in the list file; the filter does not convert scripts itself, because a
character-by-character conversion wrongly matches innocent words.

A message that matches is refused with a clear error rather than masked: masking leaves
the sender thinking the message went out as written, and it keeps the stored copy honest.

The operator edits the list file (setting ``chat_word_list``, default the packaged
``words.txt``): one word a line, ``#`` starts a comment, blank lines are ignored.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path


def normalise(text: str) -> str:
    """The text folded for matching: NFKC, case folded, letters and digits only."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return "".join(ch for ch in folded if ch.isalnum())


def parse_list(lines: Iterable[str]) -> frozenset[str]:
    """The normalised words of a list file's lines (comments and blanks dropped)."""
    words = set()
    for line in lines:
        word = normalise(line.split("#", 1)[0])
        if word:
            words.add(word)
    return frozenset(words)


@dataclass(frozen=True)
class WordFilter:
    """A loaded word list."""

    words: frozenset[str]

    @classmethod
    def from_lines(cls, lines: Iterable[str]) -> WordFilter:
        """A filter from the lines of a list file."""
        return cls(parse_list(lines))

    @classmethod
    def from_path(cls, path: Path | None = None) -> WordFilter:
        """A filter from the operator's file, or the packaged default list."""
        if path is None:
            text = resources.files("younuo.social").joinpath("words.txt").read_text("utf-8")
        else:
            text = path.read_text("utf-8")
        return cls.from_lines(text.splitlines())

    def hits(self, text: str) -> list[str]:
        """The listed words found in ``text`` (normalised), sorted; empty if clean."""
        flat = normalise(text)
        return sorted(word for word in self.words if word in flat)

    def allows(self, text: str) -> bool:
        """Whether ``text`` contains no listed word."""
        return not self.hits(text)
