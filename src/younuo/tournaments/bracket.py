"""The stages and tables of an event as plain data, for the web's bracket and tables view.

::

    {"format": "elimination",
     "stages": [{"number": 1, "final": false, "byes": [],
                 "tables": [{"id": "cup7-s1-t1", "seats": [...], "teams": null,
                             "places": [...] or null, "scores": {...} or null,
                             "advanced": [...]}, ...]}, ...]}

``advanced`` lists, for an elimination table that is done, the players of that table who
are in the next stage (the top K, and any lucky loser); elsewhere it is empty. ``final``
marks an elimination's final table stage.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from younuo.tournaments.spec import Format, TournamentSpec
from younuo.tournaments.stages import Stage


def bracket(spec: TournamentSpec, stages: Sequence[Stage]) -> dict[str, Any]:
    out = []
    for i, stage in enumerate(stages):
        following = stages[i + 1] if i + 1 < len(stages) else None
        going = set() if following is None else {*following.seated, *following.byes}
        knockout = spec.format is Format.ELIMINATION
        tables = []
        for table in stage.tables:
            result = table.result
            tables.append(
                {
                    "id": table.id,
                    "seats": list(table.seats),
                    "teams": None if table.teams is None else [list(p) for p in table.teams],
                    "places": None if result is None else list(result.places),
                    "scores": None if result is None else dict(result.scores),
                    "advanced": [n for n in table.seats if n in going] if knockout else [],
                }
            )
        out.append(
            {
                "number": stage.number,
                "final": knockout and len(stage.tables) == 1 and not stage.byes,
                "byes": list(stage.byes),
                "tables": tables,
            }
        )
    return {"format": str(spec.format), "stages": out}
