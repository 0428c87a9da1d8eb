"""The hourly limit per sender: one notice when it is reached, then silence."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy.orm import Session, sessionmaker
from support.service.harness import JudgeHarness, body_of

from judge.clock import ManualClock

pytestmark = pytest.mark.postgres_copy  # its path through the store differs

LIMIT = 3


@pytest.fixture
def limited(judge: JudgeHarness, make_config: object, database_url: str) -> JudgeHarness:
    config = make_config(database_url, limits={"per_sender_per_hour": LIMIT})  # type: ignore[operator]
    return JudgeHarness(judge.sessions, judge.clock, config)


def _kinds(mails: list[object]) -> list[str]:
    return [m["Auto-Submitted"] + ":" + m["Subject"] for m in mails]  # type: ignore[index]


def test_the_mail_that_reaches_the_limit_brings_one_notice(limited: JudgeHarness) -> None:
    for _ in range(LIMIT - 1):
        assert _kinds(limited.send("ann@example.org", "LIST")) == ["auto-replied:Re: orders"]
    mails = limited.send("ann@example.org", "LIST")
    assert _kinds(mails) == ["auto-generated:TEST: too many mails", "auto-replied:Re: orders"]
    assert "further mail from you\nwill be" in body_of(mails[0])


def test_after_the_notice_the_sender_gets_silence(limited: JudgeHarness) -> None:
    for _ in range(LIMIT):
        limited.send("ann@example.org", "LIST")
    assert limited.send("ann@example.org", "LIST") == []
    assert limited.send("ann@example.org", "CREATE g1 pw standard") == []
    assert limited.status_of_games() == []


def test_other_senders_are_not_affected(limited: JudgeHarness) -> None:
    for _ in range(LIMIT + 1):
        limited.send("ann@example.org", "LIST")
    assert _kinds(limited.send("bob@example.org", "LIST")) == ["auto-replied:Re: orders"]


def test_the_limit_is_per_hour(limited: JudgeHarness, clock: ManualClock) -> None:
    for _ in range(LIMIT + 1):
        limited.send("ann@example.org", "LIST")
    clock.advance(timedelta(hours=1, seconds=1))
    assert _kinds(limited.send("ann@example.org", "LIST")) == ["auto-replied:Re: orders"]


def test_a_sender_over_the_limit_without_a_notice_gets_one(
    limited: JudgeHarness, sessions: sessionmaker[Session]
) -> None:
    # Mail that got past the intake (e.g. stored before the limit was lowered).
    for _ in range(LIMIT):
        limited.send("ann@example.org", "LIST", headers={"Auto-Submitted": "auto-replied"})
    mails = limited.send("ann@example.org", "LIST")
    assert _kinds(mails) == ["auto-generated:TEST: too many mails"]
    assert limited.send("ann@example.org", "LIST") == []
