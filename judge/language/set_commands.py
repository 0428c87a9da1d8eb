"""Readers of the `SET` family: a player's own settings, and the GM's game settings.

The same readers serve `SET DEADLINE +2d` lines and the settings written after
`CREATE game password variant` (there without the word SET, separated by commas);
the SET commands that use them are declared in `judge.service.commands.catalog`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Protocol, TypeVar

from judge.language.absence_dates import DateError, DayTime, parse_day
from judge.language.arguments import (
    CommandError,
    address,
    count,
    no_arguments,
    on_off,
    password,
    words,
)
from judge.language.command_types import (
    PhaseKind,
    SetAbsence,
    SetAddress,
    SetDeadline,
    SetGrace,
    SetLanguage,
    SetMaps,
    SetMaxAbsence,
    SetNext,
    SetNoAbsence,
    SetPassword,
    SetPlayers,
    SetRule,
    SetTimezone,
    SetWait,
    SetZine,
)
from judge.language.durations import DurationError, parse_duration, parse_when
from judge.language.messages import MAX_ABSENCE_DAYS
from judge.rules.reasons import Listed

T = TypeVar("T")


def set_wait(rest: str) -> SetWait:
    no_arguments("SET WAIT", rest)
    return SetWait(True)


def set_nowait(rest: str) -> SetWait:
    no_arguments("SET NOWAIT", rest)
    return SetWait(False)


def set_password(rest: str) -> SetPassword:
    given = words(rest)
    if len(given) != 1:
        raise CommandError("set_password_usage")
    return SetPassword(password(given[0]))


def set_address(rest: str) -> SetAddress:
    if not rest:
        raise CommandError("set_address_usage")
    return SetAddress(address(rest))


def set_deadline(rest: str) -> SetDeadline:
    """A time, a `+duration`, or a day as SET ABSENCE reads it (`tomorrow 18:00`,
    `Sat Dec 5 2026 23:30`): the service places that day in the master's zone."""
    try:
        return SetDeadline(parse_when(rest))
    except DurationError as error:
        try:
            return SetDeadline(parse_day(rest))
        except DateError:
            raise CommandError("setting_error", name="SET DEADLINE", error=error.message) from error


def set_grace(rest: str) -> SetGrace:
    return SetGrace(_timed(parse_duration, "SET GRACE", rest))


def _timed(parse: Callable[[str], T], name: str, rest: str) -> T:
    try:
        return parse(rest)
    except DurationError as error:
        raise CommandError("setting_error", name=name, error=error.message) from error


def set_next(kind: PhaseKind) -> Callable[[str], SetNext]:
    def read(rest: str) -> SetNext:
        duration = _timed(parse_duration, f"SET {kind} NEXT", rest)
        if not duration:
            raise CommandError("next_not_zero", kind=kind)
        return SetNext(kind, duration)

    return read


def set_players(rest: str) -> SetPlayers:
    given = words(rest)
    if len(given) != 1:
        raise CommandError("set_players_usage")
    return SetPlayers(count(given[0], "SET PLAYERS", 2, 7))


def set_rule(rest: str) -> SetRule:
    given = rest.split(maxsplit=1)
    if len(given) != 2 or not re.fullmatch(r"[A-Za-z0-9_-]+", given[0]):
        raise CommandError("set_rule_usage")
    return SetRule(given[0].lower(), given[1].strip())


def set_zine(rest: str) -> SetZine:
    if rest.rstrip(".").upper() in {"NONE", "OFF"}:
        return SetZine(None)
    if not rest:
        raise CommandError("set_zine_usage")
    return SetZine(address(rest))


def set_maps(rest: str) -> SetMaps:
    given = words(rest)
    if len(given) != 1:
        raise CommandError("set_maps_usage")
    return SetMaps(on_off(given[0], "SET MAPS"))


class LanguageChoice(Protocol):
    """The languages a reader may choose, as the wording knows them from its catalogs
    (`judge.wording.language_names.LANGUAGES_CHOSEN`, handed over by the command that
    reads `SET LANGUAGE`): this layer holds no language's name."""

    @property
    def spellings(self) -> Mapping[str, str]:
        """Every word (upper case) that names a language, and the language's code."""
        ...

    @property
    def listed(self) -> Listed:
        """The languages, for the refusal: `EN (English) or FR (French)`."""
        ...


def set_language(rest: str, languages: LanguageChoice) -> SetLanguage:
    """`SET LANGUAGE FR`, `SET LANGUAGE français`."""
    given = words(rest)
    language = languages.spellings.get(given[0].upper()) if len(given) == 1 else None
    if language is None:
        raise CommandError("set_language_usage", languages=languages.listed)
    return SetLanguage(language)


def set_timezone(rest: str) -> SetTimezone:
    if not rest:
        raise CommandError("set_timezone_usage")
    return SetTimezone(rest)


def set_notimezone(rest: str) -> SetTimezone:
    no_arguments("SET NOTIMEZONE", rest)
    return SetTimezone("UTC")


_UNTIL = re.compile(r"\s+(?:TO|UNTIL|TILL|AU|JUSQU'AU)\s+", re.IGNORECASE)  # French: du ... au


def set_absence(rest: str) -> SetAbsence:
    if not rest:
        raise CommandError("set_absence_usage")
    parts = _UNTIL.split(rest)
    if len(parts) > 2:
        raise CommandError("set_absence_two")
    start = _day("SET ABSENCE", parts[0])
    end = _day("SET ABSENCE", parts[1]) if len(parts) == 2 else None
    return SetAbsence(start, end)


def set_noabsence(rest: str) -> SetNoAbsence:
    return SetNoAbsence(_day("SET NOABSENCE", rest) if rest else None)


def _day(name: str, text: str) -> DayTime:
    try:
        return parse_day(text)
    except DateError as error:
        raise CommandError("setting_error", name=name, error=error.message) from error


def set_maxabsence(rest: str) -> SetMaxAbsence:
    given = words(re.sub(r"\s*d(?:ays?)?\.?$", "", rest.lower()))
    if len(given) != 1:
        raise CommandError("set_maxabsence_usage")
    return SetMaxAbsence(count(given[0], "SET MAXABSENCE", 0, MAX_ABSENCE_DAYS))
