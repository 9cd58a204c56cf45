"""Cases for the review queue: storage form and back."""

from __future__ import annotations

import json

from younuo.fairplay import Case, CaseKind, Channel, Figure, Measure, Move


def test_a_case_survives_json_storage_unchanged() -> None:
    case = Case(
        kind=CaseKind.COLLUSION,
        accounts=("a1", "a2"),
        score=4.25,
        threshold=3.0,
        summary="a1 and a2 favoured each other",
        matches=("m1", "m2"),
        moves=(Move("m1", 7, "a1", "a2", Channel.SPARE), Move("m2", 3, "a2", "a1", Channel.FEED)),
        figures=(
            Figure(Measure.SHARED, 2.0),
            Figure(Measure.RATE_TARGET, 0.0, "spare", "a1", "a2"),
        ),
    )
    data = json.loads(json.dumps(case.to_dict()))
    assert data["key"] == "collusion:a1,a2"
    assert data["moves"][0] == {
        "match_id": "m1",
        "index": 7,
        "actor": "a1",
        "target": "a2",
        "channel": "spare",
    }
    assert Case.from_dict(data) == case
    assert case.figure(Measure.RATE_TARGET, "spare", "a1") == 0.0
    assert case.figure(Measure.RATE_TARGET, "feed", "a1") is None


def test_keys_tell_kinds_and_accounts_apart() -> None:
    a = Case(CaseKind.SAME_ORIGIN, ("a1", "a2"), 1.0, 1.0, "")
    b = Case(CaseKind.COLLUSION, ("a1", "a2"), 1.0, 1.0, "")
    assert a.key != b.key
    assert Case.from_dict(a.to_dict()).key == a.key
