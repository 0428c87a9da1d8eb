"""Absences as instants, and the deadline moved out of them (`absence_times`, pure)."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

from judge.language.absence_dates import DayTime
from judge.service.game.absence_times import (
    Span,
    absence_span,
    day_bounds,
    local_day,
    move_out_of,
)

NOW = datetime(2026, 11, 26, 9, 0, tzinfo=UTC)


def utc(month: int, day: int, hour: int = 0, year: int = 2026) -> datetime:
    return datetime(year, month, day, hour, tzinfo=UTC)


def test_a_date_without_a_year_is_the_nearest_one() -> None:
    today = date(2026, 11, 26)
    assert local_day(DayTime(12, 24), today, on_or_after=False) == date(2026, 12, 24)
    assert local_day(DayTime(1, 3), today, on_or_after=False) == date(2027, 1, 3)
    assert local_day(DayTime(11, 20), today, on_or_after=False) == date(2026, 11, 20)
    assert local_day(DayTime(11, 20), today, on_or_after=True) == date(2027, 11, 20)
    assert local_day(DayTime(2, 29), today, on_or_after=True) == date(2028, 2, 29)
    assert local_day(DayTime(0, 0, days_ahead=1), today, on_or_after=True) == date(2026, 11, 27)


def test_a_date_alone_is_that_whole_day() -> None:
    assert absence_span(DayTime(12, 24), None, None, NOW) == (utc(12, 24), utc(12, 25))


def test_a_start_with_a_time_lasts_24_hours() -> None:
    start = DayTime(12, 24, None, time(18, 0))
    assert absence_span(start, None, None, NOW) == (utc(12, 24, 18), utc(12, 25, 18))


def test_an_end_date_alone_includes_that_day() -> None:
    span = absence_span(DayTime(12, 24), DayTime(12, 26), None, NOW)
    assert span == (utc(12, 24), utc(12, 27))
    timed = absence_span(DayTime(12, 24), DayTime(12, 26, None, time(8, 0)), None, NOW)
    assert timed == (utc(12, 24), utc(12, 26, 8))


def test_an_end_without_a_year_follows_the_start() -> None:
    span = absence_span(DayTime(12, 30), DayTime(1, 2), None, NOW)
    assert span == (utc(12, 30), utc(1, 3, year=2027))


def test_a_date_without_a_year_never_names_an_absence_already_over() -> None:
    """Nearest would be last week's: that absence is over, so next year's is meant."""
    after = datetime(2026, 12, 28, 9, 0, tzinfo=UTC)
    span = absence_span(DayTime(12, 24), DayTime(12, 26), None, after)
    assert span == (utc(12, 24, year=2027), utc(12, 27, year=2027))
    assert absence_span(DayTime(12, 24), None, None, after) == (
        utc(12, 24, year=2027), utc(12, 25, year=2027),
    )  # fmt: skip
    during = datetime(2026, 12, 25, 9, 0, tzinfo=UTC)  # the one under way is kept
    assert absence_span(DayTime(12, 24), DayTime(12, 26), None, during) == (
        utc(12, 24), utc(12, 27),
    )  # fmt: skip
    earlier_today = DayTime(12, 28, None, time(7, 0))  # today: left for the caller to refuse
    assert absence_span(earlier_today, DayTime(12, 28, None, time(8, 0)), None, after) == (
        utc(12, 28, 7), utc(12, 28, 8),
    )  # fmt: skip


def test_days_are_read_in_the_players_zone() -> None:
    # Paris is UTC+1 in winter: the 24th there starts at 23:00 UTC on the 23rd.
    span = absence_span(DayTime(12, 24), None, "Europe/Paris", NOW)
    assert span == (utc(12, 23, 23), utc(12, 24, 23))
    # "today" in Tokyo at 09:00 UTC is already the 26th's evening there (UTC+9).
    tokyo = absence_span(DayTime(0, 0, days_ahead=0), None, "Asia/Tokyo", NOW)
    assert tokyo == (utc(11, 25, 15), utc(11, 26, 15))


def test_noabsence_names_a_day_or_a_moment() -> None:
    assert day_bounds(DayTime(12, 24), None, NOW) == (utc(12, 24), utc(12, 25))
    moment = day_bounds(DayTime(12, 24, None, time(18, 0)), "Europe/Paris", NOW)
    assert moment == (utc(12, 24, 17), utc(12, 24, 17))


def test_a_deadline_inside_an_absence_moves_to_its_end() -> None:
    away = Span(utc(12, 24), utc(12, 27), "Germany")
    moved, used = move_out_of(utc(12, 25, 18), [away])
    assert moved == utc(12, 27)
    assert used == [away]


def test_a_deadline_outside_every_absence_stays() -> None:
    spans = [Span(utc(12, 24), utc(12, 27)), Span(utc(12, 10), utc(12, 11))]
    assert move_out_of(utc(12, 27), spans) == (utc(12, 27), [])  # the end is not inside
    assert move_out_of(utc(12, 23, 23), spans) == (utc(12, 23, 23), [])


def test_a_deadline_at_the_very_start_of_an_absence_moves() -> None:
    assert move_out_of(utc(12, 24), [Span(utc(12, 24), utc(12, 25))])[0] == utc(12, 25)


def test_a_deadline_moved_into_another_absence_moves_again() -> None:
    germany = Span(utc(12, 24), utc(12, 27), "Germany")
    italy = Span(utc(12, 26), utc(12, 29, 12), "Italy")
    later = Span(utc(12, 29, 12), utc(12, 30), "France")
    unrelated = Span(utc(12, 1), utc(12, 2), "Russia")
    moved, used = move_out_of(utc(12, 25), [later, unrelated, italy, germany])
    assert moved == utc(12, 30)
    assert [span.who for span in used] == ["Germany", "Italy", "France"]


def test_the_move_ends_even_with_many_absences() -> None:
    spans = [Span(utc(12, 1) + timedelta(hours=h), utc(12, 1) + timedelta(hours=h + 2))
             for h in range(0, 200, 1)]  # fmt: skip
    moved, used = move_out_of(utc(12, 1, 1), spans)
    assert moved == utc(12, 1) + timedelta(hours=201)
    assert len(used) == len(set(used)) == len(spans)  # each moved it once, in turn
