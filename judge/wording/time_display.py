"""A moment as the judge shows it in mail: in UTC, or in the reader's own time zone.

The judges' ctime-like style, `Tue Dec  1 2026 18:00 UTC`, is kept for UTC; in a
zone a player chose (`SET TIMEZONE`), the zone's abbreviation and its name follow,
`Tue Dec  1 2026 19:00 CET (Europe/Paris)`, so the reader can never mistake it.
A zone name the system does not know falls back to UTC rather than failing a mail.
A French reader reads the same moment in French: `mar. 1 déc. 2026 18:00 UTC`.
"""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

_FRENCH_DAYS = ("lun.", "mar.", "mer.", "jeu.", "ven.", "sam.", "dim.")
_FRENCH_MONTHS = (
    "janv.", "févr.", "mars", "avr.", "mai", "juin",
    "juil.", "août", "sept.", "oct.", "nov.", "déc.",
)  # fmt: skip


def show_time(moment: datetime, zone: str | None = None, language: str = "en") -> str:
    """`moment` in `zone` (None or unknown: UTC), in the judges' style, in English
    or (`language` "fr") French: `mar. 1 déc. 2026 18:00 UTC`."""
    tz = _zone(zone)
    local = moment.astimezone(tz or UTC)
    if language == "fr":
        day = _FRENCH_DAYS[local.weekday()]
        month = _FRENCH_MONTHS[local.month - 1]
        shown = f"{day} {local.day} {month} {local:%Y %H:%M}"
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
