"""Time zones a player chooses (`SET TIMEZONE`), and moments shown in them.

A player names an IANA zone (`Europe/Paris`); case and spaces do not matter
(`europe/paris`, `America/New York`), and a city alone is enough when only one
zone has it (`Paris`). Abbreviations (`CET`, `EST`, `PST`...) are refused with the
zones they usually mean: they are ambiguous (CST is Chicago and Shanghai) or do
not follow summer time (tzdata's `EST` is UTC-5 all year), and the zone of a city
never is. UTC (also GMT, Z, NONE...) means "no zone": the judge's default.

The zone data is the standard library's `zoneinfo`, from the system or, where the
system has none, the `tzdata` package (a dependency).
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Sequence
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from judge.language.messages import Listed, WordedError

UTC_NAMES = frozenset(
    {"UTC", "GMT", "Z", "ZULU", "UCT", "UNIVERSAL", "GREENWICH", "GMT0", "GMT+0", "GMT-0",
     "ETC/UTC", "ETC/GMT", "ETC/UCT", "ETC/ZULU", "ETC/UNIVERSAL", "ETC/GREENWICH",
     "NONE", "OFF", "DEFAULT"}
)  # fmt: skip

# Abbreviations people write, and the zones they usually mean.
ABBREVIATIONS: dict[str, tuple[str, ...]] = {
    "CET": ("Europe/Paris", "Europe/Berlin", "Europe/Rome"),
    "CEST": ("Europe/Paris", "Europe/Berlin", "Europe/Rome"),
    "MET": ("Europe/Paris", "Europe/Berlin"),
    "MEST": ("Europe/Paris", "Europe/Berlin"),
    "WET": ("Europe/Lisbon",),
    "WEST": ("Europe/Lisbon",),
    "EET": ("Europe/Athens", "Europe/Helsinki", "Europe/Bucharest"),
    "EEST": ("Europe/Athens", "Europe/Helsinki", "Europe/Bucharest"),
    "BST": ("Europe/London",),
    "IST": ("Asia/Kolkata", "Europe/Dublin"),
    "MSK": ("Europe/Moscow",),
    "EST": ("America/New_York", "America/Toronto"),
    "EDT": ("America/New_York", "America/Toronto"),
    "CST": ("America/Chicago", "Asia/Shanghai"),
    "CDT": ("America/Chicago",),
    "MST": ("America/Denver", "America/Phoenix"),
    "MDT": ("America/Denver",),
    "PST": ("America/Los_Angeles", "America/Vancouver"),
    "PDT": ("America/Los_Angeles", "America/Vancouver"),
    "AKST": ("America/Anchorage",),
    "HST": ("Pacific/Honolulu",),
    "JST": ("Asia/Tokyo",),
    "KST": ("Asia/Seoul",),
    "AEST": ("Australia/Sydney", "Australia/Melbourne", "Australia/Brisbane"),
    "AEDT": ("Australia/Sydney", "Australia/Melbourne"),
    "ACST": ("Australia/Adelaide", "Australia/Darwin"),
    "AWST": ("Australia/Perth",),
    "NZST": ("Pacific/Auckland",),
    "NZDT": ("Pacific/Auckland",),
    "EST5EDT": ("America/New_York",),
    "CST6CDT": ("America/Chicago",),
    "MST7MDT": ("America/Denver",),
    "PST8PDT": ("America/Los_Angeles",),
}
_OFFSET = re.compile(r"(?:UTC|GMT)?\s*[+-]\s*[0-9]{1,2}(?::?[0-9]{2})?")
_NOT_ZONES = frozenset({"localtime", "Factory"})
EXAMPLE = "Europe/Paris, America/New_York or Asia/Tokyo"
# The same three, for the reader's language to list as alternatives.
EXAMPLES = Listed(("Europe/Paris", "America/New_York", "Asia/Tokyo"), EXAMPLE, alternatives=True)


def _alternatives(zones: Sequence[str]) -> Listed:
    """Zones to choose from: `A or B` in English, listed the reader's way in theirs."""
    return Listed(zones, " or ".join(zones), alternatives=True)


class ZoneError(WordedError):
    """A zone the judge cannot use; the message says what to write instead, in the
    reader's language (`judge.language.messages`)."""


@functools.cache
def _zones() -> dict[str, str]:
    """Every zone the system knows, by its upper-case name."""
    return {name.upper(): name for name in available_timezones() - _NOT_ZONES}


@functools.cache
def _cities() -> dict[str, tuple[str, ...]]:
    """The zones by their last part (`PARIS` -> Europe/Paris)."""
    found: dict[str, list[str]] = {}
    for name in _zones().values():
        if "/" in name:
            found.setdefault(name.rsplit("/", 1)[1].upper(), []).append(name)
    return {city: tuple(sorted(names)) for city, names in found.items()}


def find_zone(text: str) -> str | None:
    """The IANA name of the zone `text` names, or None for UTC; else `ZoneError`."""
    typed = " ".join(text.split()).strip(".")
    if not typed:
        raise ZoneError("zone_missing", example=EXAMPLES)
    key = typed.upper().replace(" ", "_")
    if key in UTC_NAMES:
        return None
    if key in ABBREVIATIONS:
        suggestions = _alternatives(ABBREVIATIONS[key])
        raise ZoneError("zone_abbreviation", typed=typed, suggestions=suggestions)
    if _OFFSET.fullmatch(key):
        raise ZoneError("zone_offset", typed=typed, example=EXAMPLES)
    zones = _zones()
    if key in zones:
        return zones[key]
    cities = _cities().get(key, ())
    if len(cities) == 1:
        return cities[0]
    near = cities or tuple(zones[k] for k in difflib.get_close_matches(key, zones, n=3, cutoff=0.8))
    if not near:
        near = tuple(_close_cities(key))
    if near:
        raise ZoneError("zone_unknown_near", typed=typed, near=_alternatives(near))
    raise ZoneError("zone_unknown", typed=typed, example=EXAMPLES)


def _close_cities(key: str) -> list[str]:
    city = key.rsplit("/", 1)[-1]
    matches = difflib.get_close_matches(city, _cities(), n=3)
    return [zone for match in matches for zone in _cities()[match]][:3]


def zone_info(zone: str | None) -> ZoneInfo | None:
    """The zone to compute in; None for UTC (or a stored name this system lacks)."""
    if not zone or zone.upper() in UTC_NAMES:
        return None
    try:
        return ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        return None

