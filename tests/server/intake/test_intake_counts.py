"""The intake's in-memory hourly counts and the one verdict they share with the rest."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from judge.service.limits.hourly_limit import IntakeCounts, Verdict, intake_keys, verdict

NOON = datetime(2026, 11, 21, 12, tzinfo=UTC)


def test_the_verdict_counts_the_mails_before() -> None:
    assert [verdict(before, 3) for before in range(5)] == [
        Verdict.UNDER, Verdict.UNDER, Verdict.REACHED, Verdict.OVER, Verdict.OVER,
    ]  # fmt: skip


def test_a_key_takes_its_limit_then_refuses_until_the_hour_is_over() -> None:
    counts = IntakeCounts()
    by_sender, by_peer = intake_keys("Ann@Example.org", "192.0.2.1")
    limits = {by_sender: 2, by_peer: 100}
    assert counts.try_reserve(limits, NOON)
    assert counts.try_reserve(limits, NOON + timedelta(minutes=1))
    assert not counts.try_reserve(limits, NOON + timedelta(minutes=2))
    assert counts.try_reserve(limits, NOON + timedelta(hours=1, seconds=1))


def test_the_same_sender_from_another_address_has_its_own_count() -> None:
    counts = IntakeCounts()
    forger = dict.fromkeys(intake_keys("ann@example.org", "198.51.100.9"), 1)
    player = dict.fromkeys(intake_keys("ann@example.org", "192.0.2.1"), 1)
    assert counts.try_reserve(forger, NOON)
    assert not counts.try_reserve(forger, NOON)
    assert counts.try_reserve(player, NOON)


def test_a_refused_mail_counts_nowhere_and_a_released_one_is_taken_back() -> None:
    counts = IntakeCounts()
    by_sender, by_peer = intake_keys("ann@example.org", "192.0.2.1")
    assert counts.try_reserve({by_sender: 1, by_peer: 5}, NOON)
    assert not counts.try_reserve({by_sender: 1, by_peer: 5}, NOON)  # by_peer not counted
    bob = intake_keys("bob@example.org", "192.0.2.1")[0]
    for _ in range(4):
        assert counts.try_reserve({bob: 10, by_peer: 5}, NOON)
    assert not counts.try_reserve({bob: 10, by_peer: 5}, NOON)
    counts.release([bob, by_peer], NOON)
    assert counts.try_reserve({bob: 10, by_peer: 5}, NOON)
