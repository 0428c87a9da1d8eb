"""Time as a parameter: the shell asks a `Clock` for the time instead of the system.

Deadlines, rate limits, retry back-off and timestamps all read a clock handed in by
the caller, so tests can fix or advance time and stay deterministic. The loops of
`judge serve` are `judge.loop.BackgroundLoop`s.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    def now(self) -> datetime:
        """The current time, timezone-aware, in UTC."""
        ...


class SystemClock:
    """The real time."""

    def now(self) -> datetime:
        return datetime.now(UTC)


def _as_utc(moment: datetime) -> datetime:
    if moment.tzinfo is None:
        raise ValueError("a clock needs a timezone-aware datetime")
    return moment.astimezone(UTC)


class FixedClock:
    """Always the same moment."""

    def __init__(self, moment: datetime) -> None:
        self._moment = _as_utc(moment)

    def now(self) -> datetime:
        return self._moment


class ManualClock:
    """A clock that moves only when a test moves it."""

    def __init__(self, start: datetime) -> None:
        self._moment = _as_utc(start)

    def now(self) -> datetime:
        return self._moment

    def advance(self, delta: timedelta | float = 0.0) -> datetime:
        """Move forward by `delta` (a timedelta, or seconds) and return the new time."""
        step = delta if isinstance(delta, timedelta) else timedelta(seconds=delta)
        if step < timedelta(0):
            raise ValueError("a clock does not go backwards")
        self._moment += step
        return self._moment

    def set(self, moment: datetime) -> None:
        self._moment = _as_utc(moment)

