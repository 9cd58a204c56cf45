"""Your data and deleting your account in Chromium (issue 38, item 5): the own profile's
panel downloads the JSON file and deletes the account (a guest by its name; a registered
account also by its password), in Traditional Chinese and in English; afterwards the
browser is signed out and the old token opens nothing."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from .conftest import Pages
from .scenario import register, sign_in


def me_status(server: str, token: str) -> int:
    request = urllib.request.Request(
        f"{server}/api/me", headers={"Authorization": f"Bearer {token}"}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as refused:
        return int(refused.code)


def toasts(page: Any) -> None:
    page.evaluate(
        "() => { window.__toasts = []; new MutationObserver(() => document.querySelectorAll("
        "'#toasts .toast').forEach((t) => window.__toasts.push(t.textContent)))"
        ".observe(document.getElementById('toasts'), { childList: true }); }"
    )


def test_a_guest_downloads_its_data_and_deletes_itself_in_chinese(
    pages: Pages, server: str, tmp_path: Path
) -> None:
    page = pages.open(360, 640, locale="zh-TW")
    sign_in(page, "Dora")
    token = str(page.evaluate("localStorage.getItem('younuo.token')"))
    assert me_status(server, token) == 200
    page.goto(f"{server}/#/profile")
    button = page.locator("[data-key=pf-download]")
    button.wait_for()
    assert button.inner_text() == "下載我的資料"
    with page.expect_download() as download:
        button.click()
    saved = tmp_path / "data.json"
    download.value.save_as(saved)
    assert download.value.suggested_filename.startswith("younuo-data-")
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["format"] == "younuo-data/1" and data["account"]["name"] == "Dora"

    toasts(page)
    page.click("[data-key=pf-delete]")
    page.fill("#pf-confirm", "dora")  # not the name as it is
    assert page.locator("#pf-dpass").count() == 0  # a guest has no password
    page.click("[data-key=pf-delete-go]")
    page.wait_for_function("() => window.__toasts.some((t) => t.includes('請照顯示的樣子'))")
    page.fill("#pf-confirm", "Dora")
    page.click("[data-key=pf-delete-go]")
    page.wait_for_function("() => window.__toasts.some((t) => t.includes('你的帳號已刪除'))")
    page.wait_for_selector("#guest-name")
    assert page.evaluate("window.younuo.store.account") is None
    assert me_status(server, token) == 401


def test_a_registered_account_needs_its_password_to_go(pages: Pages, server: str) -> None:
    page = pages.open(1280, 800)
    register(page, "Rhea Reg", "a long password 1")
    page.goto(f"{server}/#/profile")
    toasts(page)
    page.click("[data-key=pf-delete]")
    page.fill("#pf-confirm", "Rhea Reg")
    page.fill("#pf-dpass", "not the password")
    page.click("[data-key=pf-delete-go]")
    page.wait_for_function("() => window.__toasts.some((t) => t.includes('Wrong'))")
    page.fill("#pf-dpass", "a long password 1")
    page.click("[data-key=pf-delete-go]")
    page.wait_for_function(
        "() => window.__toasts.some((t) => t.includes('Your account is deleted.'))"
    )
    page.wait_for_selector("#guest-name")
