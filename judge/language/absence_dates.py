"""Read the dates a player writes in `SET ABSENCE` and `SET NOABSENCE`.

Players write days, not instants: `2026-12-24`, `2026-12-24 18:00`, `24 Dec`,
`Dec 24`, `December 24, 2026`, `24 Dec 18:00`, `today`, `tomorrow`; and in French,
`24 décembre`, `le 1er janv.`, `sam. 3 janv. 2026 12:00` (as the French mails show
a date), `demain à 18h`, `aujourd'hui`. A time of day may follow any of them
(`18:00`, `6pm`, `6:30pm`, `18h30`). Numeric day/month orders
(`12/24`, `24.12.`) are refused: which comes first differs from one country to
the next.

This module only reads the words into a `DayTime`; which year a date without one
means, and in which time zone, is the service's question (`judge.service.commands.absences`),
since it needs the clock and the player's zone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, time

from judge.language.messages import WordedError
from judge.rules.folding import fold_accents

MONTHS = {
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
    "jul": 7, "aug": 8, "sep": 9, "sept": 9, "oct": 10, "nov": 11, "dec": 12,
}  # fmt: skip
FULL_MONTHS = (
    "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december",
)  # fmt: skip
# French month names, without their accents (the text is read folded: `déc` is `dec`).
FRENCH_MONTHS = (
    "janvier", "fevrier", "mars", "avril", "mai", "juin",
    "juillet", "aout", "septembre", "octobre", "novembre", "decembre",
)  # fmt: skip
RELATIVE = {"today": 0, "tomorrow": 1, "aujourd'hui": 0, "demain": 1}

_ISO = re.compile(r"([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})")
_DAY_MONTH = re.compile(
    r"(?:(?:le|du)\s+)?([0-9]{1,2})(?:st|nd|rd|th|er)?\s+([a-z]+)\.?(?:,?\s+([0-9]{4}))?"
)
_MONTH_DAY = re.compile(r"([a-z]+)\.?\s+([0-9]{1,2})(?:st|nd|rd|th)?(?:,?\s+([0-9]{4}))?")
_TIME = re.compile(r"(?:at\s+)?([0-9]{1,2})(?:[:h]([0-9]{2})?)?\s*(am|pm)?")
_WEEKDAY = re.compile(
    r"(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*,?"
    r"|(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)\b,?"
    r"|(?:lun|mar|mer|jeu|ven|sam|dim)\.)\s+"
)


class DateError(WordedError):
    """Words that are not a date; the message is meant for the player."""


@dataclass(frozen=True, slots=True)
class DayTime:
    """A day as written, and a time of day if one was given.

    `year` None: the next such day (the service decides). `days_ahead` set: today
    or tomorrow in the player's zone, and `month`/`day` are unused (0).
    """

    month: int
    day: int
    year: int | None = None
    at: time | None = None
    days_ahead: int | None = None


def parse_day(text: str) -> DayTime:
    """One date (and maybe a time) -> DayTime, or `DateError`."""
    body = fold_accents(" ".join(text.lower().split())).rstrip(".")
    if not body:
        raise DateError("date_missing")
    body = _WEEKDAY.sub("", body, count=1)
    day_part, clock = _split_time(body, text)
    if day_part in RELATIVE:
        return DayTime(0, 0, None, clock, RELATIVE[day_part])
    found = _ISO.fullmatch(day_part)
    if found:
        year, month, day = (int(part) for part in found.groups())
        return _checked(DayTime(month, day, year, clock), text)
    found = _DAY_MONTH.fullmatch(day_part)
    if found:
        day_text, month_text, year_text = found.groups()
        return _named(month_text, int(day_text), year_text, clock, text)
    found = _MONTH_DAY.fullmatch(day_part)
    if found:
        month_text, day_text, year_text = found.groups()
        return _named(month_text, int(day_text), year_text, clock, text)
    if re.fullmatch(r"[0-9]{1,2}[./][0-9]{1,2}(?:[./][0-9]{2,4})?\.?", day_part):
        raise DateError("ambiguous_date", text=text.strip())
    raise DateError("not_date", text=text.strip())


def _split_time(body: str, original: str) -> tuple[str, time | None]:
    """The date part and the time of day, if the text ends with one."""
    iso_time = re.fullmatch(r"([0-9]{4}-[0-9]{1,2}-[0-9]{1,2})t(.+)", body)
    if iso_time:
        return iso_time.group(1), _clock(iso_time.group(2).removesuffix("z"), original)
    parts = body.rsplit(" ", 2)
    if len(parts) == 3 and parts[2] in ("am", "pm"):
        return _without_at(parts[0]), _clock(parts[1] + parts[2], original)
    words = body.rsplit(" ", 1)
    if len(words) == 2 and (":" in words[1] or re.search(r"[0-9](am|pm|h|h[0-9]{2})$", words[1])):
        return _without_at(words[0]), _clock(words[1], original)
    return body, None


def _without_at(head: str) -> str:
    return head.removesuffix(" at").removesuffix(" a").rstrip(",")


def _clock(text: str, original: str) -> time:
    found = _TIME.fullmatch(text.strip())
    if found is None:
        raise DateError("unreadable_clock", text=original.strip())
    hour, minute = int(found.group(1)), int(found.group(2) or 0)
    half = found.group(3)
    if half:
        if not 1 <= hour <= 12:
            raise DateError("not_clock", text=original.strip(), clock=f"{hour}{half}")
        hour = hour % 12 + (12 if half == "pm" else 0)
    if hour > 23 or minute > 59:
        raise DateError("not_clock", text=original.strip(), clock=f"{hour}:{minute:02d}")
    return time(hour, minute)


def _named(
    month_text: str, day: int, year_text: str | None, clock: time | None, original: str
) -> DayTime:
    month = _french_month(month_text) or (
        MONTHS.get(month_text[:3]) if len(month_text) >= 3 else None
    )
    full = month is not None and (
        month_text in MONTHS
        or _full_name(month).startswith(month_text)
        or FRENCH_MONTHS[month - 1].startswith(month_text)
    )
    if month is None or not full:
        raise DateError("not_month", month=month_text, text=original.strip())
    year = int(year_text) if year_text else None
    return _checked(DayTime(month, day, year, clock), original)


def _french_month(text: str) -> int | None:
    """A French month, whole or cut after three letters or more (`janv`, `dec`);
    None when the letters begin no French month, or more than one (`jui`)."""
    if len(text) < 3:
        return None
    found = [index for index, name in enumerate(FRENCH_MONTHS, 1) if name.startswith(text)]
    return found[0] if len(found) == 1 else None


def _full_name(month: int) -> str:
    return FULL_MONTHS[month - 1]


def _checked(day: DayTime, original: str) -> DayTime:
    """The day exists (a year without one is checked in a leap year: 29 Feb may be)."""
    try:
        date(day.year if day.year is not None else 2028, day.month, day.day)
    except ValueError as error:
        raise DateError("not_calendar_day", text=original.strip()) from error
    return day
