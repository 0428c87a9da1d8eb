"""The dates players write in SET ABSENCE / SET NOABSENCE, and the SET lines of
issue 14 (TIMEZONE, ABSENCE, NOABSENCE, MAXABSENCE) as the parser reads them."""

from __future__ import annotations

from datetime import time

import pytest
from support.language.parsing import command, error

from judge.language.absence_dates import DateError, DayTime, parse_day
from judge.language.command_types import (
    Create,
    SetAbsence,
    SetMaxAbsence,
    SetNoAbsence,
    SetTimezone,
)

XMAS = DayTime(12, 24)
XMAS_2026 = DayTime(12, 24, 2026)
EVENING = time(18, 0)


@pytest.mark.parametrize(
    ("typed", "day"),
    [
        ("2026-12-24", XMAS_2026),
        ("2026-12-24 18:00", DayTime(12, 24, 2026, EVENING)),
        ("2026-12-24T18:00", DayTime(12, 24, 2026, EVENING)),
        ("2026-12-24T18:00Z", DayTime(12, 24, 2026, EVENING)),
        ("24 Dec", XMAS),
        ("Dec 24", XMAS),
        ("24 December", XMAS),
        ("december 24.", XMAS),
        ("Dec. 24", XMAS),
        ("24th Dec", XMAS),
        ("December 24, 2026", XMAS_2026),
        ("24 Dec 2026", XMAS_2026),
        ("Thu, 24 Dec", XMAS),
        ("24 Dec 18:00", DayTime(12, 24, None, EVENING)),
        ("Dec 24 at 6pm", DayTime(12, 24, None, EVENING)),
        ("Dec 24 6 pm", DayTime(12, 24, None, EVENING)),
        ("24 dec 6:30am", DayTime(12, 24, None, time(6, 30))),
        ("24 Dec 12am", DayTime(12, 24, None, time(0, 0))),
        ("24 Dec 18h", DayTime(12, 24, None, EVENING)),
        ("29 Feb", DayTime(2, 29)),
        ("today", DayTime(0, 0, None, None, 0)),
        ("Tomorrow 9:00", DayTime(0, 0, None, time(9, 0), 1)),
    ],
)
def test_dates_as_players_write_them(typed: str, day: DayTime) -> None:
    assert parse_day(typed) == day


@pytest.mark.parametrize(
    ("typed", "day"),
    [
        ("24 décembre", XMAS),
        ("24 déc.", XMAS),
        ("24 DEC 2026", XMAS_2026),
        ("le 24 décembre 2026", XMAS_2026),
        ("jeu. 24 déc. 2026 18:00", DayTime(12, 24, 2026, EVENING)),  # as French mails show it
        ("jeudi 24 décembre à 18h", DayTime(12, 24, None, EVENING)),
        ("24 déc 18h30", DayTime(12, 24, None, time(18, 30))),
        ("1er janvier", DayTime(1, 1)),
        ("3 févr.", DayTime(2, 3)),
        ("15 août", DayTime(8, 15)),
        ("2 juil", DayTime(7, 2)),
        ("demain à 9h", DayTime(0, 0, None, time(9, 0), 1)),
        ("aujourd'hui", DayTime(0, 0, None, None, 0)),
    ],
)
def test_dates_as_french_players_write_them(typed: str, day: DayTime) -> None:
    assert parse_day(typed) == day


def test_a_french_month_cut_too_short_to_tell_is_refused() -> None:
    with pytest.raises(DateError):
        parse_day("3 jui")  # juin or juillet


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("", "a date is missing"),
        ("12/24", "could be day/month or month/day"),
        ("24.12.", "could be day/month or month/day"),
        ("31 Feb", "is not a day of the calendar"),
        ("2026-02-29", "is not a day of the calendar"),
        ("24 Foo", "'foo' in '24 Foo' is not a month"),
        ("Dec 24 25:00", "25:00 is not a time of day"),
        ("Dec 24 13pm", "13pm is not a time of day"),
        ("next week", "cannot read 'next week' as a date"),
    ],
)
def test_what_is_not_a_date_says_why(typed: str, message: str) -> None:
    with pytest.raises(DateError, match=message):
        parse_day(typed)


def test_set_timezone_keeps_the_zone_as_typed() -> None:
    assert command("SET TIMEZONE Europe/paris") == SetTimezone("Europe/paris")
    assert command("set time zone America/New York") == SetTimezone("America/New York")
    assert command("SET NOTIMEZONE") == SetTimezone("UTC")
    assert command("SET NO TIME ZONE") == SetTimezone("UTC")
    assert "SET TIMEZONE needs a zone" in error("SET TIMEZONE")


def test_set_absence_reads_a_start_and_maybe_an_end() -> None:
    assert command("SET ABSENCE 2026-12-24") == SetAbsence(XMAS_2026)
    assert command("SET ABSENCE 24 Dec TO 27 Dec") == SetAbsence(XMAS, DayTime(12, 27))
    assert command("set absence dec 24 18:00 until dec 27") == SetAbsence(
        DayTime(12, 24, None, EVENING), DayTime(12, 27)
    )
    assert "SET ABSENCE needs a date" in error("SET ABSENCE")
    assert "SET ABSENCE: 'foo' in '24 Foo' is not a month" in error("SET ABSENCE 24 Foo")
    assert "one start and one end" in error("SET ABSENCE 1 Dec TO 2 Dec TO 3 Dec")


def test_set_noabsence_takes_a_date_or_nothing() -> None:
    assert command("SET NOABSENCE 24 Dec") == SetNoAbsence(XMAS)
    assert command("SET NO ABSENCE") == SetNoAbsence(None)
    assert "SET NOABSENCE: " in error("SET NOABSENCE 12/24")


def test_set_maxabsence_takes_days() -> None:
    assert command("SET MAXABSENCE 7") == SetMaxAbsence(7)
    assert command("SET MAX ABSENCE 21 days") == SetMaxAbsence(21)
    assert command("SET MAXABSENCE 0") == SetMaxAbsence(0)
    assert "from 0 to 90" in error("SET MAXABSENCE 100")
    assert "needs a number of days" in error("SET MAXABSENCE")


def test_maxabsence_is_a_create_option_and_absence_is_not() -> None:
    created = command("CREATE g1 pw standard MAXABSENCE 7")
    assert isinstance(created, Create)
    assert created.settings == (SetMaxAbsence(7),)
    assert "not a game setting" in error("CREATE g1 pw standard ABSENCE 24 Dec")
