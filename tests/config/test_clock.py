"""Clocks: the real one, the ones tests control, and waiting for a wake-up."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from judge.clock import FixedClock, ManualClock, SystemClock, wait_until_woken

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


async def _stops_when_cancelled(steps_between_wake_and_cancel: int) -> bool:
    wake = asyncio.Event()

    async def forever() -> None:
        while True:
            await wait_until_woken(wake, 10)

    task = asyncio.create_task(forever())
    await asyncio.sleep(0)
    wake.set()
    for _ in range(steps_between_wake_and_cancel):
        await asyncio.sleep(0)
    task.cancel()
    done, _ = await asyncio.wait({task}, timeout=1)
    return bool(done)


@pytest.mark.parametrize("steps", range(4))
def test_a_waiting_loop_stops_when_cancelled_as_it_is_woken(steps: int) -> None:
    assert asyncio.run(_stops_when_cancelled(steps))


def test_a_wait_ends_when_woken_and_clears_the_event() -> None:
    async def scenario() -> bool:
        wake = asyncio.Event()
        asyncio.get_running_loop().call_later(0.01, wake.set)
        await wait_until_woken(wake, 10)
        return wake.is_set()

    assert asyncio.run(scenario()) is False
