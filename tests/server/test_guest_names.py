"""Guests may not take a registered player's name (issue 38, section 4): names are
compared after case folding and Unicode compatibility folding (NFKC), so that
``ＡＮＮ`` (fullwidth) and ``𝐀𝐧𝐧`` (mathematical bold) are ``Ann`` (docs/security.md,
"Smaller defences"; store.accounts.name_key)."""

from __future__ import annotations

from typing import Any

import httpx

from younuo.server.accounts.names import InvalidName, clean_name, same_name
from younuo.store.accounts import name_key

from .harness import ServerProcess
from .test_admin import PASSWORD, bearer, register

LOOK_ALIKES = ("ann", "ANN", "ＡＮＮ", "𝐀𝐧𝐧", "Ⓐnn", "ａｎｎ")
"""Names that fold to ``Ann``'s key: case, fullwidth, mathematical bold, circled."""


def guest(http: str, name: str) -> httpx.Response:
    return httpx.post(f"{http}/api/auth/guest", json={"name": name}, timeout=30)


def refused(answer: httpx.Response) -> str:
    assert answer.status_code == 409, answer.text
    body: dict[str, Any] = answer.json()
    assert body["type"] == "error" and body["message"]
    return str(body["code"])


def test_names_fold_case_and_compatibility_forms() -> None:
    assert {name_key(n) for n in ("Ann", *LOOK_ALIKES)} == {"ann"}
    assert name_key("ﬁsh") == name_key("FISH")  # a ligature
    assert name_key("Straße") == name_key("STRASSE")
    assert name_key("\u212aim") == name_key("Kim")  # the Kelvin sign
    assert name_key("Ｍｏｄ²") == name_key("mod2")  # a superscript digit
    # Another script's look-alike letter is another letter: not folded (documented).
    assert name_key("\u0410nn") != name_key("Ann")  # Cyrillic А
    assert same_name("ＡＮＮ", "ann")


def test_a_name_too_long_once_written_out_is_refused() -> None:
    """U+FDFA is one character and 18 letters once folded: the stored key has room for
    80, so five of them are refused rather than cut (or failing in PostgreSQL)."""
    assert len(name_key("\ufdfa")) == 18
    clean_name("\ufdfa" * 4)
    try:
        clean_name("\ufdfa" * 5)
    except InvalidName as exc:
        assert "written out" in str(exc)
    else:
        raise AssertionError("a 90-letter key was accepted")


def test_guests_may_not_take_a_registered_name(server: ServerProcess) -> None:
    http = server.http
    register(http, "Ann")
    for name in LOOK_ALIKES:
        assert refused(guest(http, name)) == "name_taken", name
    # Guests may share a name among themselves; a name nobody registered is free.
    assert guest(http, "Bob").status_code == 200
    assert guest(http, "bob").status_code == 200
    assert guest(http, "\u0410nn").status_code == 200  # Cyrillic А: another name


def test_a_guest_may_not_rename_to_a_registered_name(server: ServerProcess) -> None:
    http = server.http
    register(http, "Moderator Mia")
    me = guest(http, "Mia's fan").json()
    for name in ("moderator mia", "ＭＯＤＥＲＡＴＯＲ ＭＩＡ"):
        answer = httpx.patch(f"{http}/api/me", json={"name": name}, headers=bearer(me))
        assert refused(answer) == "name_taken", name
    answer = httpx.patch(f"{http}/api/me", json={"name": "Mia 2"}, headers=bearer(me))
    assert answer.status_code == 200 and answer.json()["name"] == "Mia 2"


def test_registered_names_are_unique_after_folding(server: ServerProcess) -> None:
    http = server.http
    register(http, "Zed")
    for name in ("ＺＥＤ", "𝐙𝐞𝐝"):
        answer = httpx.post(f"{http}/api/auth/register", json={"name": name, "password": PASSWORD})
        assert refused(answer) == "name_taken", name
    # The registered player signs in by any form of the name.
    login = httpx.post(f"{http}/api/auth/login", json={"name": "ｚｅｄ", "password": PASSWORD})
    assert login.status_code == 200 and login.json()["account"]["name"] == "Zed"
