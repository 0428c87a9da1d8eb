"""Read the times and durations a GM types: `+2d`, `1d12h`, `2026-12-01T18:00Z`.

Deadlines and phase lengths arrive as free text in mail. This module turns that text
into a `timedelta` (relative) or an aware UTC `datetime` (absolute), or raises
`DurationError` with a message meant for the GM. It knows nothing of "now": whether
a time is in the past is the service's question.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from decimal import Decimal, InvalidOperation

from judge.language.messages import WordedError

MAX_DURATION = timedelta(days=366)

_UNIT_SECONDS: dict[str, int] = {
    "w": 7 * 86400, "wk": 7 * 86400, "wks": 7 * 86400, "week": 7 * 86400, "weeks": 7 * 86400,
    "d": 86400, "day": 86400, "days": 86400,
    "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600,
    "m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60,
    "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1,
}  # fmt: skip

_PART = re.compile(r"([0-9]+(?:\.[0-9]+)?)\s*([a-z]*)\s*,?\s*")
_BARE_NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?")
_DATE_ONLY = re.compile(r"[0-9]{4}-?[0-9]{2}-?[0-9]{2}")
_DATE_START = re.compile(r"[0-9]{4}-?[0-9]{2}-?[0-9]{2}(?![0-9])")
_UTC_SUFFIX = re.compile(r"\s*(?:Z|UTC|GMT)$")

class DurationError(WordedError):
    """Text that is not a duration or time; the message is meant for the GM."""


def parse_duration(text: str) -> timedelta:
    """`+2d`, `36h`, `1d 12h`, `90 minutes` -> timedelta. A bare number means hours.

    The leading `+` is optional. Zero is allowed (e.g. no grace); more than a year is not.
    """
    body = text.strip().lower().removeprefix("+").strip().rstrip(".")
    if not body:
        raise DurationError("duration_missing")
    if _BARE_NUMBER.fullmatch(body):
        return _checked(Decimal(body) * 3600, text)
    return _checked(_sum_parts(body, text), text)


def parse_when(text: str) -> datetime | timedelta:
    """An absolute time (aware, UTC) or a relative duration (`+2d`, or `2d`).

    A time without a zone is read as UTC. A date without a time is refused rather
    than guessed. A relative duration must be more than zero.
    """
    body = text.strip().rstrip(".")
    if not body:
        raise DurationError("time_missing")
    if _DATE_START.match(body):
        return _parse_absolute(body, text)
    return _positive(parse_duration(body), text)


def _sum_parts(body: str, original: str) -> Decimal:
    total = Decimal(0)
    position = 0
    while position < len(body):
        match = _PART.match(body, position)
        if match is None:
            raise DurationError("not_duration", text=original.strip())
        number, unit = match.groups()
        if unit not in _UNIT_SECONDS:
            raise _unit_error(number, unit, original)
        total += Decimal(number) * _UNIT_SECONDS[unit]
        position = match.end()
    return total


def _unit_error(number: str, unit: str, original: str) -> DurationError:
    if not unit:
        return DurationError("unit_missing", text=original.strip(), number=number)
    return DurationError("unknown_unit", unit=unit, text=original.strip())


def _checked(seconds: Decimal, original: str) -> timedelta:
    if seconds > Decimal(MAX_DURATION.total_seconds()):
        raise DurationError("too_long", text=original.strip())
    try:
        return timedelta(seconds=int(seconds.to_integral_value()))
    except (InvalidOperation, OverflowError, ValueError) as error:
        raise DurationError("unreadable_duration", text=original.strip()) from error


def _positive(duration: timedelta, original: str) -> timedelta:
    if duration <= timedelta(0):
        raise DurationError("not_future", text=original.strip())
    return duration


def _parse_absolute(body: str, original: str) -> datetime:
    if _DATE_ONLY.fullmatch(body):
        raise DurationError("no_time_of_day", text=original.strip())
    upper = body.upper()
    zone_given = bool(_UTC_SUFFIX.search(upper))
    iso = _UTC_SUFFIX.sub("", upper)
    iso = re.sub(r"^([0-9-]+)\s+", r"\1T", iso)
    try:
        moment = datetime.fromisoformat(iso + ("+00:00" if zone_given else ""))
    except ValueError as error:
        raise DurationError("not_time", text=original.strip()) from error
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)
