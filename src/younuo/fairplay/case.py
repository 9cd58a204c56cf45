"""A case for the moderators' review queue: what was found, about whom, and the evidence.

A :class:`Case` is a finding, never a verdict: nothing in this package (or anywhere
else) withholds or revokes a title or rating points because of one. A moderator
reads the evidence (the matches, the moves, the figures) and records a decision,
which the player then sees (docs/fairplay.md).

``to_dict`` gives a JSON-ready dict for storage and ``from_dict`` reads it back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from younuo.fairplay.channels import Channel
from younuo.fairplay.favour import Move


class CaseKind(StrEnum):
    """Which signal opened the case."""

    COLLUSION = "collusion"
    SAME_ORIGIN = "same_origin"
    ACCOUNT_CHANGE = "account_change"


class Measure(StrEnum):
    """What a :class:`Figure` measures."""

    SHARED = "shared"
    """Matches the accounts shared."""
    EXPECTED_SHARED = "expected_shared"
    """Matches they would share by chance (:mod:`younuo.fairplay.together`)."""
    TOGETHER_Z = "together_z"
    """The z of sharing that many or more by chance."""
    FAVOUR = "favour"
    """Favours counted against the same players' treatment of others (a channel's or all)."""
    INFORMATION = "information"
    """The variance of the favour count under equal treatment."""
    DECISIONS = "decisions"
    """Decisions of a channel the actor met towards the target."""
    ACTS = "acts"
    """Of those, the ones in which it acted (hit, fed, caught, challenged)."""
    EXPECTED_ACTS = "expected_acts"
    """Acts expected towards the target had it been treated as the others were."""
    RATE_TARGET = "rate_target"
    """Acts per decision towards the target."""
    RATE_OTHERS = "rate_others"
    """Acts per decision towards the actor's other opponents in the same matches."""
    MATCHES = "matches"
    """Matches in which the finding was seen."""
    BEFORE = "before"
    """A feature's mean before the change."""
    AFTER = "after"
    """Its mean after the change."""
    BEFORE_MATCHES = "before_matches"
    AFTER_MATCHES = "after_matches"
    STATISTIC = "statistic"
    """The CUSUM statistic D of the change."""
    P_VALUE = "p_value"
    """The p-value of the finding (Bonferroni-adjusted for an account change)."""


@dataclass(frozen=True, slots=True)
class Figure:
    """One number of the evidence.

    ``topic``: the channel, feature or origin kind it is about ('' for the case as a
    whole); ``actor`` and ``target`` when it is about one direction of a pair.
    """

    name: Measure
    value: float
    topic: str = ""
    actor: str | None = None
    target: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name.value, "value": self.value}
        if self.topic:
            out["topic"] = self.topic
        if self.actor is not None:
            out["actor"] = self.actor
        if self.target is not None:
            out["target"] = self.target
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Figure:
        return cls(
            Measure(data["name"]),
            float(data["value"]),
            str(data.get("topic", "")),
            data.get("actor"),
            data.get("target"),
        )


@dataclass(frozen=True, slots=True)
class Case:
    """A finding for review (see the module docstring).

    ``score`` is the signal's z for collusion and account change, and the number of
    matches for same origin; ``threshold`` the bar it passed. ``matches``: the match
    ids the evidence comes from; ``moves``: the decisions cited (collusion: every
    favour, by match and action index); ``figures``: the numbers.
    """

    kind: CaseKind
    accounts: tuple[str, ...]
    score: float
    threshold: float
    summary: str
    matches: tuple[str, ...] = ()
    moves: tuple[Move, ...] = ()
    figures: tuple[Figure, ...] = ()

    @property
    def key(self) -> str:
        """Stable for the same kind and accounts, so that a queue can merge re-detections."""
        return f"{self.kind.value}:{','.join(self.accounts)}"

    def figure(self, name: Measure, topic: str = "", actor: str | None = None) -> float | None:
        """The value of the first figure with that name, topic and actor (None if none)."""
        for f in self.figures:
            if f.name is name and f.topic == topic and f.actor == actor:
                return f.value
        return None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: strings, numbers and lists only."""
        return {
            "key": self.key,
            "kind": self.kind.value,
            "accounts": list(self.accounts),
            "score": self.score,
            "threshold": self.threshold,
            "summary": self.summary,
            "matches": list(self.matches),
            "moves": [
                {
                    "match_id": m.match_id,
                    "index": m.index,
                    "actor": m.actor,
                    "target": m.target,
                    "channel": m.channel.value,
                }
                for m in self.moves
            ],
            "figures": [f.to_dict() for f in self.figures],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Case:
        """Read :meth:`to_dict`'s form back (``key`` is recomputed)."""
        return cls(
            kind=CaseKind(data["kind"]),
            accounts=tuple(data["accounts"]),
            score=float(data["score"]),
            threshold=float(data["threshold"]),
            summary=str(data["summary"]),
            matches=tuple(data.get("matches", ())),
            moves=tuple(
                Move(
                    str(m["match_id"]),
                    int(m["index"]),
                    str(m["actor"]),
                    str(m["target"]),
                    Channel(m["channel"]),
                )
                for m in data.get("moves", ())
            ),
            figures=tuple(Figure.from_dict(f) for f in data.get("figures", ())),
        )


__all__ = ["Case", "CaseKind", "Figure", "Measure"]
