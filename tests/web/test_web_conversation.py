"""Direct messages between friends in Chromium (issue 29): the conversation of the
friends screen (#/friends/chat/ID) on two 360×640 phones through a real server. A
friend's row counts the unread messages pushed since the page loaded, a toast says one
came, the conversation shows the log with who said what and when (a quick phrase in the
reader's language), a reply arrives live on the other side, a refusal (a filtered word,
direct messages turned off) is said in the sender's language and nothing goes, and a
report from the conversation reaches the moderators with the messages as evidence (and
is dismissed, leaving the shared queue as it was). A guest gets the quick phrases only,
and signing out leaves nothing of the conversation for the next person on the browser."""

from __future__ import annotations

from typing import Any

from .conftest import Pages
from .scenario import befriend, register, sign_in
from .test_web_admin import sign_in_admin

PASSWORD = "a password for talking"
LINES = "yn-conversation .chat-line"


def wait_lines(page: Any, count: int) -> list[str]:
    """Wait until the open conversation shows ``count`` messages; their words."""
    page.wait_for_function(
        "([sel, n]) => document.querySelectorAll(sel).length === n", arg=[LINES, count]
    )
    return list(page.locator(f"{LINES} .words").all_inner_texts())


def open_conversation(page: Any, friend: str) -> None:
    """Tap the friend's Message button on the friends screen."""
    page.click(f"yn-friends [data-key='dm-{friend}']")
    page.wait_for_selector(f"yn-conversation[account='{friend}'] .phrases")
    assert page.url.endswith(f"#/friends/chat/{friend}")


def test_two_friends_talk_live_in_two_languages(pages: Pages, server: str) -> None:
    ann = pages.open(360, 640)
    bea = pages.open(360, 640, locale="zh-TW")
    register(ann, "AnnTalks", PASSWORD)
    register(bea, "BeaTalks", PASSWORD)
    ann_id, bea_id = befriend(ann, bea)
    bea.goto(f"{server}/#/friends")
    bea.wait_for_selector(f"yn-friends [data-key='dm-{ann_id}']")
    assert bea.locator(f"yn-friends [data-key='dm-{ann_id}'] .count").count() == 0

    # Ann opens the conversation from her list and sends a phrase and a free text.
    ann.goto(f"{server}/#/friends")
    open_conversation(ann, bea_id)
    assert "BeaTalks" in ann.inner_text("yn-conversation h1")
    ann.click("yn-conversation [data-key=phrase-good_luck]")
    ann.fill("#dm-text", "see you at nine")
    ann.click("yn-conversation [data-key=dm-text-send]")
    assert wait_lines(ann, 2) == ["Good luck!", "see you at nine"]
    assert ann.input_value("#dm-text") == ""

    # Bea, still on her list, sees two unread on Ann's row and a toast, at once.
    bea.locator(f"yn-friends [data-key='dm-{ann_id}'] .count").filter(has_text="2").wait_for()
    bea.locator(".toast").filter(has_text="AnnTalks傳來一則私訊").first.wait_for()

    # She opens it: both messages, oldest first, the phrase in her language, with times.
    open_conversation(bea, ann_id)
    assert wait_lines(bea, 2) == ["祝好運！", "see you at nine"]
    assert bea.locator(f"{LINES} strong").all_inner_texts() == ["AnnTalks", "AnnTalks"]
    assert bea.locator(f"{LINES} time").count() == 2

    # Her reply reaches Ann's open conversation live, where nothing counts as unread.
    bea.click("yn-conversation [data-key=phrase-thanks]")
    bea.fill("#dm-text", "好的，九點見")
    bea.click("yn-conversation [data-key=dm-text-send]")
    assert wait_lines(bea, 4)[2:] == ["謝謝", "好的，九點見"]
    assert wait_lines(ann, 4)[2:] == ["Thanks", "好的，九點見"]
    assert ann.evaluate("window.younuo.store.unread") == {}

    # Back on Bea's list the count is gone: she has seen them.
    bea.click("yn-conversation [data-key=conv-back]")
    bea.wait_for_selector(f"yn-friends [data-key='dm-{ann_id}']")
    assert bea.locator(f"yn-friends [data-key='dm-{ann_id}'] .count").count() == 0

    # On a wide screen the conversation is a readable column in the middle.
    ann.set_viewport_size({"width": 1280, "height": 800})
    box = ann.locator("yn-conversation").bounding_box()
    assert box is not None and box["width"] <= 44 * 16 and box["x"] > 200, box
    ann.set_viewport_size({"width": 360, "height": 640})

    # A filtered word is refused in Ann's language, and nothing goes.
    ann.fill("#dm-text", "what the fuck")
    ann.click("yn-conversation [data-key=dm-text-send]")
    refusal = ann.locator("yn-conversation [data-key=dm-refusal]")
    refusal.filter(has_text="holds a word that is not allowed").wait_for()
    assert wait_lines(ann, 4)[2:] == ["Thanks", "好的，九點見"]

    # Bea turns direct messages off: Ann's phrase is refused, and Bea gets nothing.
    bea.select_option("#set-messages", "nobody")
    bea.wait_for_function("document.querySelector('yn-friends').settings.messages === 'nobody'")
    ann.click("yn-conversation [data-key=phrase-hello]")
    refusal.filter(has_text="does not take that right now").wait_for()
    assert wait_lines(ann, 4)[2:] == ["Thanks", "好的，九點見"]
    said = bea.evaluate("window.younuo.store.chat.filter((m) => m.to).map((m) => m.phrase)")
    assert "hello" not in said
    bea.select_option("#set-messages", "friends")

    # Bea reports Ann from the conversation: the moderators get her messages to Bea.
    open_conversation(bea, ann_id)
    bea.locator(f"{LINES}:not(.mine) [data-action=report-open]").first.click()
    bea.click("yn-conversation [data-key=report-abuse]")
    bea.locator(".toast").filter(has_text="已回報").first.wait_for()
    admin = pages.open(1280, 800)
    sign_in_admin(admin)
    admin.goto(f"{server}/#/admin")
    card = admin.locator("yn-admin .report-card").filter(has_text=ann_id)
    card.filter(has_text="see you at nine").wait_for()
    assert "好的，九點見" not in card.inner_text()  # only what the reported player said
    # Dismissed, so that the queue holds no report of ours for the other tests.
    card.locator("input[name=note]").fill("a test conversation")
    card.locator("select[name=action]").select_option("dismiss")
    card.locator("button[type=submit]").click()
    card.wait_for(state="detached")


def test_a_guest_talks_in_quick_phrases_only(pages: Pages, server: str) -> None:
    cid = pages.open(360, 640, locale="zh-CN")
    dee = pages.open(360, 640)
    sign_in(cid, "Cid Guest")
    sign_in(dee, "Dee Guest")
    cid_id, dee_id = befriend(cid, dee)
    cid.goto(f"{server}/#/friends")
    open_conversation(cid, dee_id)
    assert cid.locator("yn-conversation #dm-text").count() == 0
    assert "只能用快捷短语" in cid.inner_text("yn-conversation")
    cid.click("yn-conversation [data-key=phrase-hello]")
    assert wait_lines(cid, 1) == ["你好！"]
    dee.goto(f"{server}/#/friends/chat/{cid_id}")
    assert wait_lines(dee, 1) == ["Hello!"]

    # Cid says more while Dee is elsewhere: an unread count and a notice-worthy message.
    dee.goto(f"{server}/#/")
    dee.wait_for_selector("yn-lobby [data-key=signout]")
    cid.click("yn-conversation [data-key=phrase-thanks]")
    dee.wait_for_function(f"window.younuo.store.unread['{cid_id}'] === 1")
    # Dee signs out: whoever signs in next on this browser sees none of it.
    dee.click("yn-lobby [data-key=signout]")
    dee.wait_for_selector("#guest-name")
    left = "(({chat, unread, notices, reading}) => [chat.length, Object.keys(unread).length,"
    left += " notices.length, reading])(window.younuo.store)"
    assert dee.evaluate(left) == [0, 0, 0, None]
    sign_in(dee, "Eve Guest")
    dee.goto(f"{server}/#/friends")
    dee.wait_for_selector("yn-friends")
    assert dee.locator("yn-friends [data-key^='dm-']").count() == 0
    assert dee.evaluate(left) == [0, 0, 0, None]
