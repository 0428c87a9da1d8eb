"""Clocks: the real one, and the ones tests control."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from judge.clock import FixedClock, ManualClock, SystemClock

NOON = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def test_the_system_clock_is_aware_utc() -> None:
    now = SystemClock().now()
    assert now.tzinfo is not None and now.utcoffset() == timedelta(0)


def test_a_fixed_clock_never_moves() -> None:
    clock = FixedClock(NOON)
    assert clock.now() == clock.now() == NOON


def test_a_manual_clock_moves_when_advanced() -> None:
    clock = ManualClock(NOON)
    assert clock.advance(90) == NOON + timedelta(seconds=90)
    assert clock.advance(timedelta(hours=1)) == NOON + timedelta(seconds=3690)
    with pytest.raises(ValueError):
        clock.advance(-1)


def test_clocks_refuse_naive_times() -> None:
    with pytest.raises(ValueError):
        ManualClock(datetime(2026, 1, 1))

