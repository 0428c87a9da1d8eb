"""Two judges in one process keep their own state: each runtime object owns its timers."""

from __future__ import annotations

from datetime import UTC, datetime

from judge.clock import ManualClock
from judge.config import Config
from judge.server.runtime import Judge


def test_two_judges_in_one_process_share_no_timers() -> None:
    first = Judge(Config())
    second = Judge(Config(), clock=ManualClock(datetime(2026, 1, 1, tzinfo=UTC)))
    assert first.timers is not second.timers
    assert first.timers.pruning is not second.timers.pruning
    assert first.timers.expiry is not second.timers.expiry

    assert first.timers.pruning.due()  # the first judge prunes at its start...
    assert not first.timers.pruning.due()  # ...then not again for an hour
    assert second.timers.pruning.due()  # the second judge's start is its own

    now = second.clock.now()
    assert first.timers.expiry.due(now)
    assert not first.timers.expiry.due(now)
    assert second.timers.expiry.due(now)  # not held back by the first judge's check

