"""The `SET` family: a player's own settings, and the GM's game settings.

The same readers serve `SET DEADLINE +2d` lines and the settings written after
`CREATE game password variant` (there without the word SET, separated by commas).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

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
    Command,
    GameSetting,
    NoDraw,
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
from judge.language.game_commands import preferences_command, simple
from judge.language.keywords import Keyword, match_keyword
from judge.language.messages import MAX_ABSENCE_DAYS
from judge.language.press_set_commands import (
    NJUDGE_PRESS,
    njudge_press,
    set_gunboat,
    set_nogunboat,
    set_nopartial,
    set_partial,
    set_press,
)
from judge.language.vote_commands import (
    draw_command,
    set_concede,
    set_dias,
    set_noconcede,
    set_nodias,
)

Reader = Callable[[str], Command]
T = TypeVar("T")


@dataclass(frozen=True)
class Setting:
    """One SET word: how it is spelled after SET, how its value is read, and whether
    it belongs to the game (a GM setting allowed in CREATE) or to the player."""

    name: str
    spelling: str
    read: Reader
    game_setting: bool


def _set_wait(rest: str) -> SetWait:
    no_arguments("SET WAIT", rest)
    return SetWait(True)


def _set_nowait(rest: str) -> SetWait:
    no_arguments("SET NOWAIT", rest)
    return SetWait(False)


def _set_password(rest: str) -> SetPassword:
    given = words(rest)
    if len(given) != 1:
        raise CommandError("set_password_usage")
    return SetPassword(password(given[0]))


def _set_address(rest: str) -> SetAddress:
    if not rest:
        raise CommandError("set_address_usage")
    return SetAddress(address(rest))


def _set_deadline(rest: str) -> SetDeadline:
    """A time, a `+duration`, or a day as SET ABSENCE reads it (`tomorrow 18:00`,
    `Sat Dec 5 2026 23:30`): the service places that day in the master's zone."""
    try:
        return SetDeadline(parse_when(rest))
    except DurationError as error:
        try:
            return SetDeadline(parse_day(rest))
        except DateError:
            raise CommandError("setting_error", name="SET DEADLINE", error=error.message) from error


def _set_grace(rest: str) -> SetGrace:
    return SetGrace(_timed(parse_duration, "SET GRACE", rest))


def _timed(parse: Callable[[str], T], name: str, rest: str) -> T:
    try:
        return parse(rest)
    except DurationError as error:
        raise CommandError("setting_error", name=name, error=error.message) from error


def _set_next(kind: PhaseKind) -> Reader:
    def read(rest: str) -> SetNext:
        duration = _timed(parse_duration, f"SET {kind} NEXT", rest)
        if not duration:
            raise CommandError("next_not_zero", kind=kind)
        return SetNext(kind, duration)

    return read


def _set_players(rest: str) -> SetPlayers:
    given = words(rest)
    if len(given) != 1:
        raise CommandError("set_players_usage")
    return SetPlayers(count(given[0], "SET PLAYERS", 2, 7))


def _set_rule(rest: str) -> SetRule:
    given = rest.split(maxsplit=1)
    if len(given) != 2 or not re.fullmatch(r"[A-Za-z0-9_-]+", given[0]):
        raise CommandError("set_rule_usage")
    return SetRule(given[0].lower(), given[1].strip())


def _set_zine(rest: str) -> SetZine:
    if rest.rstrip(".").upper() in {"NONE", "OFF"}:
        return SetZine(None)
    if not rest:
        raise CommandError("set_zine_usage")
    return SetZine(address(rest))


def _set_maps(rest: str) -> SetMaps:
    given = words(rest)
    if len(given) != 1:
        raise CommandError("set_maps_usage")
    return SetMaps(on_off(given[0], "SET MAPS"))


# The languages a reader may choose, as a player may spell them.
LANGUAGE_WORDS = {
    "EN": "en", "ENGLISH": "en", "ANGLAIS": "en",
    "FR": "fr", "FRENCH": "fr", "FRANCAIS": "fr", "FRANÇAIS": "fr",
}  # fmt: skip


def _set_language(rest: str) -> SetLanguage:
    given = words(rest)
    language = LANGUAGE_WORDS.get(given[0].upper()) if len(given) == 1 else None
    if language is None:
        raise CommandError("set_language_usage")
    return SetLanguage(language)


def _set_timezone(rest: str) -> SetTimezone:
    if not rest:
        raise CommandError("set_timezone_usage")
    return SetTimezone(rest)


def _set_notimezone(rest: str) -> SetTimezone:
    no_arguments("SET NOTIMEZONE", rest)
    return SetTimezone("UTC")


_UNTIL = re.compile(r"\s+(?:TO|UNTIL|TILL|AU|JUSQU'AU)\s+", re.IGNORECASE)  # French: du ... au


def _set_absence(rest: str) -> SetAbsence:
    if not rest:
        raise CommandError("set_absence_usage")
    parts = _UNTIL.split(rest)
    if len(parts) > 2:
        raise CommandError("set_absence_two")
    start = _day("SET ABSENCE", parts[0])
    end = _day("SET ABSENCE", parts[1]) if len(parts) == 2 else None
    return SetAbsence(start, end)


def _set_noabsence(rest: str) -> SetNoAbsence:
    return SetNoAbsence(_day("SET NOABSENCE", rest) if rest else None)


def _day(name: str, text: str) -> DayTime:
    try:
        return parse_day(text)
    except DateError as error:
        raise CommandError("setting_error", name=name, error=error.message) from error




def _set_maxabsence(rest: str) -> SetMaxAbsence:
    given = words(re.sub(r"\s*d(?:ays?)?\.?$", "", rest.lower()))
    if len(given) != 1:
        raise CommandError("set_maxabsence_usage")
    return SetMaxAbsence(count(given[0], "SET MAXABSENCE", 0, MAX_ABSENCE_DAYS))


SETTINGS: tuple[Setting, ...] = (
    Setting("WAIT", "WAIT", _set_wait, False),
    Setting("NOWAIT", "NO WAIT", _set_nowait, False),
    Setting("PASSWORD", "PASSWORD", _set_password, False),
    Setting("ADDRESS", "ADDRESS", _set_address, False),
    Setting("PREFERENCES", "PREF(?:ERENCE)?S?", preferences_command, False),
    Setting("DRAW", "DRAW", draw_command, False),
    Setting("NODRAW", "NO DRAW", simple("SET NODRAW", NoDraw), False),
    Setting("TIMEZONE", "TIME ZONE", _set_timezone, False),
    Setting("NOTIMEZONE", "NO TIME ZONE", _set_notimezone, False),
    Setting("ABSENCE", "ABSENCE", _set_absence, False),
    Setting("NOABSENCE", "NO ABSENCE", _set_noabsence, False),
    Setting("DEADLINE", "DEADLINE", _set_deadline, True),
    Setting("GRACE", "GRACE", _set_grace, True),
    Setting("MOVE NEXT", "(?:MOVES?|MOVEMENT) (?:NEXT)?", _set_next("MOVE"), True),
    Setting("RETREAT NEXT", "RETREATS? (?:NEXT)?", _set_next("RETREAT"), True),
    Setting("ADJUST NEXT", "(?:ADJUST(?:MENTS?|S)?|BUILDS?) (?:NEXT)?", _set_next("ADJUST"), True),
    Setting("BID NEXT", "(?:BIDS?|BIDDING) (?:NEXT)?", _set_next("BID"), True),
    Setting("PLAYERS", "PLAYERS?", _set_players, True),
    Setting("RULE", "RULE", _set_rule, True),
    Setting("ZINE", "ZINE", _set_zine, True),
    Setting("MAPS", "MAPS?", _set_maps, True),
    Setting("PRESS", "PRESS", set_press, True),
    Setting("PARTIAL", "PARTIAL", set_partial, True),
    Setting("GUNBOAT", "GUNBOAT", set_gunboat, True),
    Setting("NOGUNBOAT", "NO GUNBOAT", set_nogunboat, True),
    Setting("LANGUAGE", "LANG(?:UAGE)?", _set_language, True),
    Setting("MAXABSENCE", "MAX(?:IMUM)? ABSENCES?", _set_maxabsence, True),
    # njudge's press words (press_set_commands.NJUDGE_PRESS)
    *(Setting(name, spelling, njudge_press(name, level), True)
      for name, spelling, level in NJUDGE_PRESS),
    Setting("NOPARTIAL", "NO PARTIAL", set_nopartial, True),
    # njudge's draws and concessions (vote_commands)
    Setting("CONCEDE", "CONCEDE", set_concede, False),
    Setting("NOCONCEDE", "NO CONCEDE", set_noconcede, False),
    Setting("DIAS", "DIAS", set_dias, True),
    Setting("NODIAS", "NO DIAS", set_nodias, True),
)

SETTING_NAMES = ", ".join(setting.name for setting in SETTINGS)


def _unknown_set(rest: str) -> Command:
    what = rest.split()[0] if rest else ""
    if not what:
        raise CommandError("set_nothing", names=SETTING_NAMES)
    raise CommandError("unknown_set", what=what, names=SETTING_NAMES)


def set_keywords() -> list[tuple[Keyword, Reader]]:
    """`SET xxx` lines as keyword table entries, with a catch-all for unknown SET words."""
    table = [(Keyword(f"SET {s.name}", f"SET {s.spelling}"), s.read) for s in SETTINGS]
    return [*table, (Keyword("SET"), _unknown_set)]


_OPTION_KEYWORDS = [(Keyword(s.name, f"(?:SET)? {s.spelling}"), s) for s in SETTINGS]


def parse_settings(text: str) -> tuple[tuple[str, ...], tuple[GameSetting, ...]]:
    """The settings after CREATE: `PLAYERS 4, MOVE NEXT 2d` -> (texts, settings)."""
    texts = tuple(part.strip() for part in re.split(r"[,;]", text) if part.strip())
    return texts, tuple(_game_setting(part) for part in texts)


def _game_setting(text: str) -> GameSetting:
    found = match_keyword(text, [keyword for keyword, _ in _OPTION_KEYWORDS])
    if found is None:
        raise CommandError("create_unknown_setting", text=text, names=_game_setting_names())
    keyword, rest = found
    setting = next(s for k, s in _OPTION_KEYWORDS if k is keyword)
    if not setting.game_setting:
        raise CommandError("create_not_game_setting_signon", name=setting.name)
    command = setting.read(rest)
    if not isinstance(command, GameSetting):
        raise CommandError("create_not_game_setting", name=setting.name)
    return command


def _game_setting_names() -> str:
    return ", ".join(s.name for s in SETTINGS if s.game_setting)
