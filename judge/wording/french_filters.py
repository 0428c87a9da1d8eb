"""The filters of the French templates: what the code hands over in English, shown
in French.

Much of a mail's data is computed once for every reader, in the judge's own
(English) words: a power's title (`Germany`), a province (`Burgundy`), the phase
words (`Movement for Fall of 1901`), a moment (`Tue Dec  1 2026 18:00 UTC`). The
French templates print them through these filters: `|nom` (a power or province
name), `|phase` (phase words), `|noms` (a list of names) and `|when` (a moment in
the reader's zone, with French day and month names).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import UTC, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import jinja2

from judge.wording.names_fr import french_name
from judge.wording.readers import DEFAULT_READER
from judge.wording.vocabulary import ENGLISH, FRENCH

_DAYS = ("lun.", "mar.", "mer.", "jeu.", "ven.", "sam.", "dim.")
_MONTHS = (
    "janv.", "févr.", "mars", "avr.", "mai", "juin",
    "juil.", "août", "sept.", "oct.", "nov.", "déc.",
)  # fmt: skip

_TYPES = {word: code for code, word in ENGLISH.phase_types.items()}
_SEASONS = {word: code for code, word in ENGLISH.seasons.items()}
_PHASE = re.compile(r"^(\w+) for (\w+) of (\d+)$")


def nom(name: str | None) -> str | None:
    """`{{ power|nom }}`: `Germany` -> `Allemagne`; None stays None."""
    return None if name is None else french_name(name)


def noms(names: Iterable[str]) -> list[str]:
    """`{{ powers|noms|join(", ") }}`."""
    return [french_name(name) for name in names]


def phase(words: str | None) -> str | None:
    """`{{ next_phase|phase }}`: `Movement for Fall of 1901` -> `Mouvements de
    l'automne 1901`; other texts (a phase code) as they are."""
    if words is None:
        return None
    found = _PHASE.match(words)
    if found is None or found[1] not in _TYPES or found[2] not in _SEASONS:
        return words
    return FRENCH.patterns["phase"].format(
        type=FRENCH.phase_types[_TYPES[found[1]]],
        season=FRENCH.seasons[_SEASONS[found[2]]],
        year=found[3],
    )


def french_time(moment: datetime, zone: str | None = None) -> str:
    """`mar. 1 déc. 2026 18:00 UTC`; in a chosen zone, its abbreviation and name."""
    tz = _zone(zone)
    local = moment.astimezone(tz or UTC)
    day = f"{_DAYS[local.weekday()]} {local.day} {_MONTHS[local.month - 1]} {local:%Y %H:%M}"
    return f"{day} UTC" if tz is None else f"{day} {local.tzname()} ({zone})"


def _zone(zone: str | None) -> ZoneInfo | None:
    if not zone or zone.upper() == "UTC":
        return None
    try:
        return ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        return None


@jinja2.pass_context
def when(context: jinja2.runtime.Context, moment: datetime | str | None) -> str | None:
    """`{{ deadline|when }}` for a French reader (a text is shown as it is)."""
    if moment is None or isinstance(moment, str):
        return moment
    reader = context.get("reader") or DEFAULT_READER
    return french_time(moment, reader.zone)


FILTERS = {"nom": nom, "noms": noms, "phase": phase, "when": when}
