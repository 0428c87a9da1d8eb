"""The intake's short-lived memory of each sender's hourly count."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from judge.mail.recent_senders import RecentSenders

NOON = datetime(2026, 11, 21, 12, tzinfo=UTC)


def test_a_count_is_used_while_fresh_and_grows_with_each_stored_mail() -> None:
    recent = RecentSenders(timedelta(seconds=30))
    assert recent.known("Ann@Example.org", NOON) is None
    recent.remember("Ann@Example.org", 3, NOON)
    recent.stored("ann@example.org")
    recent.stored("bob@example.org")  # unknown: nothing to add to
    assert recent.known("ann@example.org", NOON + timedelta(seconds=29)) == 4
    assert recent.known("bob@example.org", NOON) is None


def test_a_stale_count_is_read_again() -> None:
    recent = RecentSenders(timedelta(seconds=30))
    recent.remember("ann@example.org", 3, NOON)
    assert recent.known("ann@example.org", NOON + timedelta(seconds=30)) is None
    assert recent.known("ann@example.org", NOON - timedelta(seconds=1)) is None  # clock set back
