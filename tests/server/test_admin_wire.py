"""The admin API's answers read the stored rows' columns by name (``CaseOut`` from a
fair-play case, ``AuditOut`` from an audit entry): every field there is, with its value."""

from __future__ import annotations

from younuo.server.admin import api as adminapi
from younuo.store.models import AuditEntry, FairplayCase


def test_a_case_is_answered_with_every_stored_column() -> None:
    row = FairplayCase(
        key="collusion:a,b",
        kind="collusion",
        score=7.5,
        evidence={"matches": ["m1", "m2"]},
        status="decided",
        opened_at=100.0,
        seen_at=150.0,
        decision={"verdict": "warn", "note": "stop", "points": 0},
        decided_by="mod1",
        decided_at=200.0,
    )
    out = adminapi._case(row)
    assert out.model_dump() == {
        "key": "collusion:a,b",
        "kind": "collusion",
        "score": 7.5,
        "status": "decided",
        "opened_at": 100.0,
        "seen_at": 150.0,
        "evidence": {"matches": ["m1", "m2"]},
        "decision": {"verdict": "warn", "note": "stop", "points": 0},
        "decided_by": "mod1",
        "decided_at": 200.0,
    }


def test_every_answer_field_is_a_stored_column() -> None:
    for model, row in ((adminapi.CaseOut, FairplayCase), (adminapi.AuditOut, AuditEntry)):
        assert set(model.model_fields) <= set(row.__table__.columns.keys()), model.__name__
