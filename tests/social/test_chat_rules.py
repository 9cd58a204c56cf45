"""The chat policy, quick phrases, word filter, rate limit and report rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from younuo.social import chatpolicy, phrases, ratelimit, reports
from younuo.social.chatpolicy import Channel, FreeText, Membership
from younuo.social.errors import SocialCode, SocialError
from younuo.social.wordfilter import WordFilter, normalise


def test_only_members_read_and_spectators_stay_apart_during_a_match() -> None:
    for channel in Channel:
        assert not chatpolicy.may_read(channel, Membership.NONE, match_running=False)
    assert chatpolicy.may_read(Channel.ROOM, Membership.SPECTATOR, match_running=True)
    assert not chatpolicy.may_read(Channel.TABLE_PLAYERS, Membership.SPECTATOR, match_running=True)
    assert not chatpolicy.may_read(Channel.TABLE_SPECTATORS, Membership.PLAYER, match_running=True)
    assert chatpolicy.may_read(Channel.TABLE_SPECTATORS, Membership.SPECTATOR, match_running=True)
    with pytest.raises(SocialError) as err:
        chatpolicy.check_room_post(Channel.ROOM, Membership.NONE, match_running=False)
    assert err.value.code is SocialCode.NOT_MEMBER
    for channel in (Channel.ROOM, Channel.TABLE_PLAYERS):
        with pytest.raises(SocialError) as err:
            chatpolicy.check_room_post(channel, Membership.SPECTATOR, match_running=True)
        assert err.value.code is SocialCode.SPECTATOR_TO_PLAYERS
    chatpolicy.check_room_post(Channel.TABLE_SPECTATORS, Membership.SPECTATOR, match_running=True)
    chatpolicy.check_room_post(Channel.ROOM, Membership.SPECTATOR, match_running=False)


def test_direct_lines_need_friends_and_no_block() -> None:
    chatpolicy.check_direct(friends=True, blocked=False)
    with pytest.raises(SocialError) as err:
        chatpolicy.check_direct(friends=False, blocked=False)
    assert err.value.code is SocialCode.NOT_FRIENDS
    with pytest.raises(SocialError) as err:
        chatpolicy.check_direct(friends=True, blocked=True)
    assert err.value.code is SocialCode.BLOCKED


def test_muted_accounts_cannot_post_until_the_mute_ends() -> None:
    until = reports.mute_until(1000.0, 10)
    assert until == 1600.0
    with pytest.raises(SocialError) as err:
        chatpolicy.check_sender(muted_until=until, now=1599.0)
    assert err.value.code is SocialCode.MUTED
    chatpolicy.check_sender(muted_until=until, now=1600.0)
    chatpolicy.check_sender(muted_until=None, now=0.0)
    with pytest.raises(SocialError):
        reports.mute_until(0.0, 0)


def test_free_text_switches_and_guest_default() -> None:
    assert chatpolicy.check_text("  hi  ", FreeText()) == "hi"
    for switches in (FreeText(server=False), FreeText(room=False), FreeText(account=False)):
        with pytest.raises(SocialError) as err:
            chatpolicy.check_text("hi", switches)
        assert err.value.code is SocialCode.FREE_TEXT_OFF
    with pytest.raises(SocialError) as err:
        chatpolicy.check_text("   ", FreeText())
    assert err.value.code is SocialCode.EMPTY
    with pytest.raises(SocialError) as err:
        chatpolicy.check_text("x" * (chatpolicy.MAX_TEXT + 1), FreeText())
    assert err.value.code is SocialCode.TOO_LONG
    assert not chatpolicy.account_free_text_default(guest=True)
    assert chatpolicy.account_free_text_default(guest=False)


def test_quick_phrases_exist_in_every_language() -> None:
    for language in phrases.LANGUAGES:
        assert set(phrases.TEXTS[language]) == set(phrases.QuickPhrase)
    assert phrases.render(phrases.QuickPhrase.GOOD_GAME, "en") == "Good game"
    assert phrases.render(phrases.QuickPhrase.HURRY_UP, "zh-Hant") == "快一點！"
    assert phrases.render(phrases.QuickPhrase.HURRY_UP, "zh-Hans") == "快一点！"


@pytest.mark.parametrize(
    "text",
    [
        "you FUCK",  # English, case
        "ｆｕｃｋ off",  # full-width letters
        "f u-c_k",  # spacing tricks
        "你這個白癡",  # Traditional Chinese
        "你这个白痴",  # Simplified Chinese
        "傻 . 逼",  # Chinese with spacing
    ],
)
def test_default_filter_catches_all_three_languages(text: str) -> None:
    assert not WordFilter.from_path().allows(text)


@pytest.mark.parametrize("text", ["good game", "打得好", "漂亮！", "Nice one!"])
def test_default_filter_lets_clean_text_through(text: str) -> None:
    assert WordFilter.from_path().allows(text)


def test_operator_list_file(tmp_path: Path) -> None:
    path = tmp_path / "words.txt"
    path.write_text("# mine\n\nＢａｎａｎａ  # full-width in the list too\n香蕉\n", "utf-8")
    mine = WordFilter.from_path(path)
    assert mine.words == frozenset({"banana", "香蕉"})
    assert mine.hits("B A N A N A and 香 蕉") == ["banana", "香蕉"]
    assert normalise("Ａ Ｂ") == "ab"


def test_token_bucket_over_given_times() -> None:
    bucket = ratelimit.Bucket.full(capacity=2, per_second=0.5, now=0.0)
    ok1, bucket = ratelimit.take(bucket, 0.0)
    ok2, bucket = ratelimit.take(bucket, 0.0)
    ok3, bucket = ratelimit.take(bucket, 0.5)
    assert (ok1, ok2, ok3) == (True, True, False)
    ok4, bucket = ratelimit.take(bucket, 2.0)  # 2 s at 0.5/s refilled one token
    assert ok4
    ok5, _ = ratelimit.take(bucket, 1.0)  # time going backwards refills nothing
    assert not ok5
    assert ratelimit.refill(bucket, 100.0).tokens == 2


def test_reports_are_decided_once() -> None:
    with pytest.raises(SocialError):
        reports.check_report("ann", "ann")
    reports.check_report("ann", "bob")
    status = reports.decide(reports.ReportStatus.OPEN, reports.ModAction.MUTE)
    assert status is reports.ReportStatus.ACTIONED
    assert (
        reports.decide(reports.ReportStatus.OPEN, reports.ModAction.DISMISS)
        is reports.ReportStatus.DISMISSED
    )
    with pytest.raises(SocialError) as err:
        reports.decide(status, reports.ModAction.BAN)
    assert err.value.code is SocialCode.BAD_TRANSITION
