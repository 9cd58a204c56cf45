"""Every user-facing text of social play exists in zh-Hant, zh-Hans and en: the web
client's tables (src/younuo/web/static/lang/*.json) hold a message for every refusal code,
reason, presence state and notice, the texts of a conversation between friends, and the
quick phrases exactly as younuo.social.phrases renders them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from younuo.social.errors import SocialCode
from younuo.social.phrases import LANGUAGES, TEXTS, Language, QuickPhrase
from younuo.social.presence import Presence
from younuo.social.reports import ReportReason

LANG = Path(__file__).resolve().parents[2] / "src" / "younuo" / "web" / "static" / "lang"


def table(language: str) -> dict[str, str]:
    """The plain (not plural) messages of a language's table, by key."""
    entries = json.loads((LANG / f"{language}.json").read_text(encoding="utf-8"))
    return {key: value for key, value in entries.items() if isinstance(value, str)}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_social_text_is_translated(language: str) -> None:
    messages = table(language)
    wanted = [f"err.{code.value}" for code in SocialCode]
    wanted += [f"presence.{state.value}" for state in Presence]
    wanted += [f"report.reason.{reason.value}" for reason in ReportReason]
    wanted += [f"notice.{kind}" for kind in ("friend_request", "friend_accepted", "invitation")]
    wanted += ["notice.moderation.warn", "notice.moderation.mute"]
    wanted += [f"admin.action.report_{a}" for a in ("dismiss", "warn", "mute")]
    dm = ("open", "open_with", "open_unread", "with", "phrases_only", "toast")
    wanted += [f"social.dm.{key}" for key in dm]
    missing = [key for key in wanted if not messages.get(key)]
    assert not missing, (language, missing)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_web_client_renders_each_quick_phrase_as_the_rules_do(language: Language) -> None:
    messages = table(language)
    for phrase in QuickPhrase:
        assert messages[f"phrase.{phrase.value}"] == TEXTS[language][phrase], phrase
