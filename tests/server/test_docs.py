"""The documents follow the code: docs/protocol.md (every model, field, message type and
error code of protocol.py) and docs/deploy.md (every setting)."""

from __future__ import annotations

import inspect
import re
import typing
from pathlib import Path
from types import ModuleType

from pydantic import BaseModel

from younuo.engine import Game, Rules
from younuo.protocol import messages as protocol
from younuo.protocol import privacy as privacymodels
from younuo.protocol import replays
from younuo.protocol import rest as restmodels
from younuo.protocol import social as socialmodels
from younuo.protocol import tournaments as tournamentmodels
from younuo.protocol.errors import EVERY_CODE
from younuo.server.admin import api as adminapi

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
SERVER = ROOT / "src" / "younuo" / "server"
PROTOCOL = ROOT / "src" / "younuo" / "protocol"


def models(*modules: ModuleType) -> dict[str, type[BaseModel]]:
    """The public pydantic models defined in ``modules``, by name."""
    out: dict[str, type[BaseModel]] = {}
    for module in modules:
        for name, obj in vars(module).items():
            if (
                inspect.isclass(obj)
                and issubclass(obj, BaseModel)
                and obj.__module__ == module.__name__
                and not name.startswith("_")
            ):
                out[name] = obj
    return out


MODELS = models(
    protocol, restmodels, adminapi, replays, tournamentmodels, socialmodels, privacymodels
)


def model_table() -> dict[str, set[str]]:
    """The fields column of each row of the doc's table of message models."""
    rows: dict[str, set[str]] = {}
    for line in DOC.splitlines():
        found = re.match(r"\| `(\w+)` \| [^|]* \| (.*) \|$", line)
        if found and found.group(1) in MODELS:
            names = set(re.findall(r"`(\w+)`", found.group(2))) - set(MODELS)
            rows[found.group(1)] = names
    return rows


def test_every_message_model_of_protocol_py_is_in_the_doc_with_exactly_its_fields() -> None:
    """Each model is named in docs/protocol.md, its row lists exactly its fields, and
    every field shows in the text (quoted or in backticks)."""
    assert len(MODELS) > 50
    table = model_table()
    for name, model in MODELS.items():
        assert f"`{name}`" in DOC, f"{name} is not mentioned in docs/protocol.md"
        assert name in table, f"{name} has no row in the table of message models"
        assert table[name] == set(model.model_fields), (name, table[name])
        for field in model.model_fields:
            assert f'"{field}"' in DOC or f"`{field}`" in DOC, (name, field)


def test_every_message_type_has_its_example_or_row() -> None:
    """Every ``type`` a message can have (client and server) is written in the doc."""
    types = set(protocol.CLIENT_TYPES)
    for name, model in MODELS.items():
        field = model.model_fields.get("type")
        if name != "ActionBody" and field is not None:
            assert typing.get_origin(field.annotation) is typing.Literal
            types.update(typing.get_args(field.annotation))
    assert {"hello", "action", "state", "update", "emote", "match_over", "error"} <= types
    for kind in sorted(types):
        assert f'"type": "{kind}"' in DOC or f"client `{kind}`" in DOC, kind
    # The action types of docs/records.md (*Actions*), the player's and the server's.
    actions = typing.get_args(protocol.ActionBody.model_fields["type"].annotation)
    assert len(actions) == 11
    for kind in actions:
        assert f'"type": "{kind}"' in DOC or f"`{kind}`" in DOC, kind


def test_every_error_code_the_server_sends_is_documented() -> None:
    """Every code of the registry (the server's own, social play's, the tournaments') is
    listed in docs/protocol.md, and no refusal in the server spells a code as a bare
    string: a code is an ``ErrorCode`` member, so that a misspelt one does not type-check."""
    missing = sorted(code for code in EVERY_CODE if f"`{code}`" not in DOC)
    assert not missing, f"error codes missing from docs/protocol.md: {missing}"
    bare: list[str] = []
    for path in [*SERVER.rglob("*.py"), *PROTOCOL.rglob("*.py")]:
        text = path.read_text(encoding="utf-8")
        for code in re.findall(
            r"(?:ProtocolError|RoomError|AuthError|AdminError|Problem|error)\(\s*(?:\d+,\s*)?\"([a-z_]+)\"",
            text,
        ):
            bare.append(f"{path.name}: {code}")
        bare += [f"{path.name}: {c}" for c in re.findall(r"\"code\": \"([a-z_]+)\"", text)]
    # Start refusal reasons are a list of their own (docs/protocol.md §3, cannot_start).
    assert not [b for b in bare if b.split(": ")[1] in EVERY_CODE], bare
    assert len(EVERY_CODE) > 60


def test_every_field_of_the_engine_view_is_listed() -> None:
    """``view`` is ``PlayerView.to_dict()``: the doc lists every key of it."""
    view = Game.new(["a", "b"], Rules.from_preset("classic"), seed=1).view("a").to_dict()
    missing = [key for key in view if f"`{key}`" not in DOC]
    assert not missing, missing


def test_every_setting_is_in_docs_deploy_md() -> None:
    """Each setting of ``younuo serve`` has its row in docs/deploy.md."""
    from younuo.server.settings import Settings

    deploy = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")
    missing = [name for name in Settings.model_fields if f"`{name}`" not in deploy]
    assert not missing, missing
