"""The words a master's SET line is said back in: `Grace set to 24 hours.`

A bare "Done." leaves the master to wonder whether `SET GRACE 1.5` meant hours or
days; the reply repeats the value as the judge understood and stored it. Each
setting's class says what it set (`MasterSetting.said`, in
`catalog.game_settings`) with the words here: durations, press levels, gunboat and
DIAS values, each marked for the catalogs with its context (`setting`, `setting
value`): the reader's catalog says them again (`judge.wording.settings`).
"""

from __future__ import annotations

from datetime import timedelta

from judge.i18n import NP_

# What a setting is called in the reply (`Grace set to 24 hours.`).
GRACE = NP_("setting", "Grace")
ZINE = NP_("setting", "Zine")
MAPS = NP_("setting", "Maps")
PRESS = NP_("setting", "Press")
PARTIAL = NP_("setting", "Partial press")
GUNBOAT = NP_("setting", "Gunboat")
MAX_ABSENCE = NP_("setting", "Maximum absence")
DRAWS = NP_("setting", "Draws")
PHASE_LENGTHS = {
    "MOVE": NP_("setting", "Movement phase length"),
    "RETREAT": NP_("setting", "Retreat phase length"),
    "ADJUST": NP_("setting", "Adjustment phase length"),
    "BID": NP_("setting", "Bid phase length"),
}

# The values, as stored, in words.
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
NO_ZINE = NP_("setting value", "none (no zine)")
PARTIAL_OFF = NP_("setting value", "off (press goes to everyone or nobody)")
NO_ABSENCE = NP_("setting value", "0 days (no absences in this game)")


def duration_words(duration: timedelta) -> str:
    """`24 hours`, `3 days`, `1 day 12 hours`, `90 minutes`; `0 hours` for none.

    Under two days, whole hours are said in hours (as players write grace periods);
    otherwise the largest units first."""
    seconds = int(duration.total_seconds())
    if seconds % 3600 == 0 and seconds < 2 * 86400:
        return count_words(seconds // 3600, "hour")
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, seconds = divmod(rest, 60)
    units = ((days, "day"), (hours, "hour"), (minutes, "minute"), (seconds, "second"))
    return " ".join(count_words(value, unit) for value, unit in units if value)


def count_words(value: int, unit: str) -> str:
    return f"{value} {unit}{'' if value == 1 else 's'}"
