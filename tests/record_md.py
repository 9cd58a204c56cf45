"""The example record of docs/records.md, shared by the record and replay tests."""

from __future__ import annotations

from typing import Any

# docs/records.md's example record, as printed there (*The record*).
RECORD_MD: dict[str, Any] = {
    "format": "younuo-record/1",
    "rules": {"preset": "classic", "stacking": "progressive"},
    "players": ["ann", "bob", "cat", "dan"],
    "teams": None,
    "setup": {
        "hands": {"ann": ["R5", "W+4"], "bob": ["W", "G7"], "cat": ["B1"], "dan": ["Y2"]},
        "start": "R3",
        "pile": ["G1", "B2", "Y9"],
        "first": "ann",
        "direction": 1,
    },
    "seed": None,
    "actions": [
        {"player": "ann", "type": "play", "card": "R5"},
        {"player": "bob", "type": "play", "card": "W", "color": "green"},
    ],
}
