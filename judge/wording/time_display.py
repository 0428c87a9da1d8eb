"""A moment as the judge shows it in mail: in UTC, or in the reader's own time zone.

The judges' ctime-like style, `Tue Dec  1 2026 18:00 UTC`, is kept for UTC; in a
zone a player chose (`SET TIMEZONE`), the zone's abbreviation and its name follow,
`Tue Dec  1 2026 19:00 CET (Europe/Paris)`, so the reader can never mistake it.
A zone name the system does not know falls back to UTC rather than failing a mail.
A reader of another language reads the same moment in their language, in Babel's
(CLDR's) abbreviated day and month names: `mar. 1 déc. 2026 18:00 UTC`.
"""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from babel.dates import format_datetime

from judge.wording.catalogs import locale_of
from judge.wording.readers import DEFAULT_LANGUAGE

# A moment in another language than English: day, date, month, year and time, in
# the order and the abbreviations of that language's CLDR data.
LOCAL_PATTERN = "EEE d MMM y HH:mm"


def show_time(moment: datetime, zone: str | None = None, language: str = "en") -> str:
    """`moment` in `zone` (None or unknown: UTC), in the judges' style, in English
    or in the reader's `language` (French: `mar. 1 déc. 2026 18:00 UTC`)."""
    tz = _zone(zone)
    local = moment.astimezone(tz or UTC)
    if language != DEFAULT_LANGUAGE:
        shown = format_datetime(
            local, LOCAL_PATTERN, tzinfo=local.tzinfo, locale=locale_of(language)
        )
    else:
        shown = f"{local:%a %b} {local.day:2d} {local:%Y %H:%M}"
    return f"{shown} UTC" if tz is None else f"{shown} {local.tzname()} ({zone})"


def _zone(zone: str | None) -> ZoneInfo | None:
    if not zone or zone.upper() == "UTC":
        return None
    try:
        return ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        return None
