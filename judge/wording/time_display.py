"""A moment as the judge shows it in mail: in UTC, or in the reader's own time zone.

The judges' ctime-like style, `Tue Dec  1 2026 18:00 UTC`, is kept for UTC; in a
zone a player chose (`SET TIMEZONE`), the zone's abbreviation and its name follow,
`Tue Dec  1 2026 19:00 CET (Europe/Paris)`, so the reader can never mistake it.
A zone name the system does not know falls back to UTC rather than failing a mail.
"""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError


def show_time(moment: datetime, zone: str | None = None) -> str:
    """`moment` in `zone` (None or unknown: UTC), in the judges' style."""
    tz = _zone(zone)
    if tz is None:
        utc = moment.astimezone(UTC)
        return f"{utc:%a %b} {utc.day:2d} {utc:%Y %H:%M} UTC"
    local = moment.astimezone(tz)
    return f"{local:%a %b} {local.day:2d} {local:%Y %H:%M} {local.tzname()} ({zone})"


def _zone(zone: str | None) -> ZoneInfo | None:
    if not zone or zone.upper() == "UTC":
        return None
    try:
        return ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        return None
