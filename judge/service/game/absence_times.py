"""The arithmetic of absences: days as a player wrote them turned into instants, and
a deadline moved out of the absences it falls in. Pure: the clock and the zone are
arguments.

A start without a year is the nearest such day (within half a year either way),
so `Dec 24` written in November is this December, and `Jan 3` next January; but
never a past day whose absence is already over: `Dec 24 TO Dec 26` written on the
28th of December is next December's (on the 25th, it is the one under way). An
end without a year is the first such day on or after the start. A start without
a time of day begins at midnight; an end without one lasts to the end of that
day (`SET ABSENCE Dec 24 TO Dec 26` includes the 26th). With no end, the absence
lasts 24 hours: the whole day for a date alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo

from judge.language.absence_dates import DayTime
from judge.language.zones import zone_info

DEFAULT_LENGTH = timedelta(hours=24)
_HALF_YEAR = timedelta(days=183)


@dataclass(frozen=True)
class Span:
    """One absence: from `start` to `end` (aware UTC), declared by `who`."""

    start: datetime
    end: datetime
    who: str = ""

    def holds(self, moment: datetime) -> bool:
        return self.start <= moment < self.end


def local_day(day: DayTime, near: date, *, on_or_after: bool) -> date:
    """The calendar day `day` names: with its year, or the one nearest `near`
    (`on_or_after`: the first one from `near` on)."""
    if day.days_ahead is not None:
        return near + timedelta(days=day.days_ahead)
    if day.year is not None:
        return date(day.year, day.month, day.day)
    candidates = [
        found for year in range(near.year - 1, near.year + 9)
        if (found := _day_in(year, day.month, day.day)) is not None
    ]  # fmt: skip
    if on_or_after:
        return min(found for found in candidates if found >= near)
    return min(candidates, key=lambda found: (abs(found - near), found < near))


def _day_in(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:  # 29 February outside a leap year
        return None


def absence_span(
    start: DayTime, end: DayTime | None, zone: str | None, now: datetime
) -> tuple[datetime, datetime]:
    """The absence the player wrote, as aware UTC instants (the end may be before
    the start: the caller refuses that)."""
    tz = zone_info(zone) or UTC
    today = now.astimezone(tz).date()
    nearest = local_day(start, today, on_or_after=start.days_ahead is not None)
    span = _span_from(nearest, start, end, tz, today)
    if span[1] <= now and nearest < today and start.year is None and start.days_ahead is None:
        return _span_from(local_day(start, today, on_or_after=True), start, end, tz, today)
    return span


def _span_from(
    first: date, start: DayTime, end: DayTime | None, tz: tzinfo, today: date
) -> tuple[datetime, datetime]:
    """The absence that begins on the local day `first` (see `absence_span`)."""
    begins = _instant(first, start.at or time(0), tz)
    if end is None:
        if start.at is None:
            return begins, _instant(first + timedelta(days=1), time(0), tz)
        return begins, begins + DEFAULT_LENGTH
    last = local_day(end, first if end.days_ahead is None else today, on_or_after=True)
    if end.at is None:
        return begins, _instant(last + timedelta(days=1), time(0), tz)
    return begins, _instant(last, end.at, tz)


def day_bounds(day: DayTime, zone: str | None, now: datetime) -> tuple[datetime, datetime]:
    """The stretch of time `SET NOABSENCE day` names: that whole day in the player's
    zone, or the single moment when a time of day is given (end = start)."""
    tz = zone_info(zone) or UTC
    found = local_day(day, now.astimezone(tz).date(), on_or_after=day.days_ahead is not None)
    if day.at is not None:
        moment = _instant(found, day.at, tz)
        return moment, moment
    return _instant(found, time(0), tz), _instant(found + timedelta(days=1), time(0), tz)


def _instant(day: date, at: time, tz: tzinfo) -> datetime:
    return datetime.combine(day, at, tzinfo=tz).astimezone(UTC)


def move_out_of(deadline: datetime, spans: Iterable[Span]) -> tuple[datetime, list[Span]]:
    """The deadline moved to the end of every absence it falls in (again while the
    new one falls in another), and the absences that moved it, in order."""
    ordered = sorted(spans, key=lambda span: (span.start, span.end))
    used: list[Span] = []
    moved = True
    while moved:
        moved = False
        for span in ordered:
            if span.holds(deadline):
                deadline = span.end  # strictly later: each span moves it at most once
                used.append(span)
                moved = True
    return deadline, used


def overlaps(span: Span, others: Iterable[Span]) -> Span | None:
    """The first of `others` that shares some time with `span`, if any."""
    return next((o for o in others if o.start < span.end and span.start < o.end), None)
