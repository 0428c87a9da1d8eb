"""What a master's SET line set, said back in the reply: `Grace set to 24 hours.`

A bare "Done." leaves the master to wonder whether `SET GRACE 1.5` meant hours or
days; the reply repeats the value as the judge understood and stored it.
"""

from __future__ import annotations

from datetime import timedelta

from judge.i18n import NP_
from judge.language.command_types import (
    GameSetting,
    SetDias,
    SetGrace,
    SetGunboat,
    SetLanguage,
    SetMaps,
    SetMaxAbsence,
    SetNext,
    SetPartial,
    SetPress,
    SetRule,
    SetZine,
)
from judge.service.context import Note, note
from judge.store.game_settings import GameSettings
from judge.wording.settings import LANGUAGE_SETTING, PER_PLAYER, RULE_SETTING

# The names and values, each marked for the catalogs with its context: the reader's
# catalog says them again (`judge.wording.settings`).
PRESS_WORDS = {
    "white": NP_("setting value", "white (signed press)"),
    "grey": NP_("setting value", "grey (anonymous press allowed: PRESS GREY)"),
    "none": NP_("setting value",
                "none (no press between players; the master's broadcasts still go out)"),
}
GUNBOAT_WORDS = {
    True: NP_("setting value", "on (players are anonymous, no press between players)"),
    False: NP_("setting value", "off (players are not anonymous)"),
}
DIAS_WORDS = {
    True: NP_("setting value", "DIAS (a draw includes every surviving player)"),
    False: NP_("setting value", "NODIAS (players vote for a named draw: SET DRAW powers)"),
}
ON_OFF = {True: NP_("setting value", "on"), False: NP_("setting value", "off")}
PHASE_LENGTHS = {
    "MOVE": NP_("setting", "Movement phase length"),
    "RETREAT": NP_("setting", "Retreat phase length"),
    "ADJUST": NP_("setting", "Adjustment phase length"),
    "BID": NP_("setting", "Bid phase length"),
}


def duration_words(duration: timedelta) -> str:
    """`24 hours`, `3 days`, `1 day 12 hours`, `90 minutes`; `0 hours` for none.

    Under two days, whole hours are said in hours (as players write grace periods);
    otherwise the largest units first."""
    seconds = int(duration.total_seconds())
    if seconds % 3600 == 0 and seconds < 2 * 86400:
        return _count(seconds // 3600, "hour")
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, seconds = divmod(rest, 60)
    units = ((days, "day"), (hours, "hour"), (minutes, "minute"), (seconds, "second"))
    return " ".join(_count(value, unit) for value, unit in units if value)


def _count(value: int, unit: str) -> str:
    return f"{value} {unit}{'' if value == 1 else 's'}"


def setting_note(command: GameSetting, settings: GameSettings) -> Note:
    """The reply to a SET line the master sent, from the game's settings after it."""
    what, value = _what_and_value(command, settings)
    return note("setting_ok", what=what, value=value)


def setting_words(command: GameSetting, settings: GameSettings) -> tuple[str, str]:
    """What a SET line set and its value as stored: `("Press", "grey (...)")`; the
    announcement of a master's change to the game says the same."""
    return _what_and_value(command, settings)


def _what_and_value(command: GameSetting, settings: GameSettings) -> tuple[str, str]:
    if isinstance(command, SetGrace):
        return NP_("setting", "Grace"), duration_words(command.duration)
    if isinstance(command, SetNext):
        return PHASE_LENGTHS[command.kind], duration_words(command.duration)
    if isinstance(command, SetRule):
        stored = settings.rules.get(command.name, command.value)
        return RULE_SETTING % {"name": command.name}, str(stored)
    if isinstance(command, SetZine):
        return NP_("setting", "Zine"), command.address or NP_("setting value", "none (no zine)")
    if isinstance(command, SetMaps):
        return NP_("setting", "Maps"), ON_OFF[command.on]
    if isinstance(command, SetPress):
        return NP_("setting", "Press"), PRESS_WORDS[command.level]
    if isinstance(command, SetPartial):
        partial = NP_("setting", "Partial press")
        if command.on:
            return partial, ON_OFF[True]
        return partial, NP_("setting value", "off (press goes to everyone or nobody)")
    if isinstance(command, SetGunboat):
        return NP_("setting", "Gunboat"), GUNBOAT_WORDS[command.on]
    if isinstance(command, SetLanguage):
        return LANGUAGE_SETTING, command.language
    if isinstance(command, SetMaxAbsence):
        absence = NP_("setting", "Maximum absence")
        if not command.days:
            return absence, NP_("setting value", "0 days (no absences in this game)")
        return absence, PER_PLAYER % {"days": _count(command.days, "day")}
    if isinstance(command, SetDias):
        return NP_("setting", "Draws"), DIAS_WORDS[command.on]
    return type(command).__name__, ""
