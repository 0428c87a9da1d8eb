"""durations: the deadline and phase-length text a GM types, read into time values."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from judge.language.durations import DurationError, parse_duration, parse_when


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("+2d", timedelta(days=2)),
        ("+36h", timedelta(hours=36)),
        ("+90m", timedelta(minutes=90)),
        ("+30s", timedelta(seconds=30)),
        ("+1d12h", timedelta(days=1, hours=12)),
        ("1d 12h 30m", timedelta(days=1, hours=12, minutes=30)),
        ("2D", timedelta(days=2)),
        ("1w", timedelta(weeks=1)),
        ("3 days", timedelta(days=3)),
        ("1 day, 6 hours", timedelta(days=1, hours=6)),
        ("90 minutes", timedelta(minutes=90)),
        ("1.5d", timedelta(hours=36)),
        ("48", timedelta(hours=48)),
        ("71.5", timedelta(hours=71, minutes=30)),
        ("0", timedelta(0)),
        ("+0s", timedelta(0)),
        (" 12h. ", timedelta(hours=12)),
    ],
)
def test_durations_are_read(text: str, expected: timedelta) -> None:
    assert parse_duration(text) == expected


@pytest.mark.parametrize("text", ["", "+", "d", "2x", "abc", "1d12", "-2d", "2d-3h", "½d"])
def test_unreadable_durations_are_refused(text: str) -> None:
    with pytest.raises(DurationError):
        parse_duration(text)


def test_a_number_without_unit_in_a_combination_asks_for_the_unit() -> None:
    with pytest.raises(DurationError, match="12h"):
        parse_duration("1d 12")


def test_an_unknown_unit_is_named() -> None:
    with pytest.raises(DurationError, match="fortnight"):
        parse_duration("2 fortnights")


@pytest.mark.parametrize("text", ["367d", "9999999999999999999999999999d", "100000h"])
def test_durations_longer_than_a_year_are_refused(text: str) -> None:
    with pytest.raises(DurationError, match="too long"):
        parse_duration(text)


@pytest.mark.parametrize(
    "text",
    [
        "2026-12-01T18:00Z",
        "2026-12-01T18:00",
        "2026-12-01 18:00",
        "2026-12-01 18:00 UTC",
        "2026-12-01T18:00:00+00:00",
        "2026-12-01T19:00+01:00",
        "2026-12-01t18:00z",
        "20261201T1800Z",
    ],
)
def test_absolute_times_are_aware_utc(text: str) -> None:
    when = parse_when(text)
    assert when == datetime(2026, 12, 1, 18, 0, tzinfo=UTC)
    assert isinstance(when, datetime) and when.utcoffset() == timedelta(0)


def test_a_time_without_zone_is_read_as_utc() -> None:
    when = parse_when("2026-06-01 09:30")
    assert isinstance(when, datetime) and when.tzinfo is UTC


def test_a_date_without_time_is_refused_not_guessed() -> None:
    with pytest.raises(DurationError, match="no time of day"):
        parse_when("2026-12-01")


@pytest.mark.parametrize("text", ["2026-13-01 18:00", "2026-12-01 25:00", "2026-12-01 noon"])
def test_impossible_times_are_refused(text: str) -> None:
    with pytest.raises(DurationError):
        parse_when(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("+2d", timedelta(days=2)), ("2d", timedelta(days=2)), ("+1d12h", timedelta(hours=36))],
)
def test_relative_deadlines_are_durations(text: str, expected: timedelta) -> None:
    assert parse_when(text) == expected


def test_a_relative_deadline_must_be_in_the_future() -> None:
    with pytest.raises(DurationError, match="future"):
        parse_when("+0h")


def test_an_empty_deadline_is_refused() -> None:
    with pytest.raises(DurationError, match="missing"):
        parse_when("  ")
